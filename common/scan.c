/* scan.c -- what lessons 04 and 09 check their scans with: the data of
 * the two checks and the reference in double (see clu.h). */
#include "clu.h"

#include <math.h>
#include <string.h>

// snippet: reference
/* The same loop in double for floats, with mag[i], the root of the sum of
 * A[j]^2 over the terms of B[i], for the error bound; for ints in unsigned arithmetic,
 * which wraps exactly as the device does and is never undefined. */
void clu_scan_reference(const void *in, int is_int, size_t n, int exclusive, double *ref,
                      double *mag, int *iref)
{
    double s = 0.0, m = 0.0;
    unsigned u = 0;
    for (size_t i = 0; i < n; i++) {
        if (is_int) {
            unsigned next = u + (unsigned)((const int *)in)[i];
            iref[i] = (int)(exclusive ? u : next);
            u = next;
        } else {
            double a = ((const float *)in)[i];
            ref[i] = exclusive ? s : s + a;
            mag[i] = sqrt(exclusive ? m : m + a * a);
            s += a;
            m += a * a;
        }
    }
}
// end snippet reference

void clu_scan_data(void *h_in, size_t n, int is_int, int exact)
{
    float *f = h_in;
    if (exact) {
        clu_fill_halves(f, n, 4, 4);
        for (size_t i = 0; is_int && i < n; i++) { /* twice the same halves, as ints */
            int x = (int)(2.0f * f[i]);
            memcpy((char *)h_in + i * sizeof x, &x, sizeof x);
        }
    } else if (is_int) clu_fill_random_int(h_in, n, 5, -1000, 1000);
    else clu_fill_random(f, n, 5, -1.0f, 1.0f), clu_move_sum_off_zero(f, n);
}
