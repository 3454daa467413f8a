/* Exercise 08-2, the instructor's part of the checker (never in the handout):
 * the sums of the profiling counters (the reference) and those of the usual
 * mistakes, and the hidden cases. tools/grade.sh builds it into
 * exercises/08-2-bound/check.c where solutions/ is present (or GRADE_HIDDEN
 * names an instructor folder laid out as solutions/ is). The public checker
 * holds only the sums of its public cases (known[]): after changing a public
 * case, write that table again with
 *     GRADE_PRINT_KNOWN=1 build/grader/<hash>/08-2-bound/check
 * (the instructor's checker refuses to grade while the table is stale). */
#include <math.h>

/* The sums a variant computes: 0 right; 1 nanoseconds; 2 only x's upload;
 * 3 the longest command of a stage, not the sum; 4 from QUEUED; 5 from
 * SUBMIT. Returns the bound; `least` takes the shortest stage instead. */
static double sums_of(const stamps *s, size_t chunks, int v, double out[3])
{
    static const int st[4] = {0, 0, 1, 2};
    out[0] = out[1] = out[2] = 0.0;
    for (size_t c = 0; c < chunks; c++)
        for (int i = 0; i < 4; i++) {
            if (v == 2 && i == 1) continue;
            const stamps *e = &s[c * 4 + i];
            const unsigned long long from = v == 4 ? e->t[0] : v == 5 ? e->t[1] : e->t[2];
            double d = (double)(e->t[3] - from) * (v == 1 ? 1.0 : 1e-6);
            if (v == 3) out[st[i]] = fmax(out[st[i]], d);
            else out[st[i]] += d;
        }
    return fmax(out[0], fmax(out[1], out[2]));
}

static void ref_known(const stamps *s, size_t chunks, known_sums *k)
{
    memset(k, 0, sizeof *k);
    k->bound = sums_of(s, chunks, 0, k->want);
    k->least = fmin(k->want[0], fmin(k->want[1], k->want[2]));
    for (int v = 1; v < 6; v++) sums_of(s, chunks, v, k->alt[v]);
}

#define HIDDEN_KNOWN(s, chunks, k) ref_known(s, chunks, k)
#define HIDDEN_NCASES 2
#define HIDDEN_CASES {11, 2, 86}, {3, 1, 87},
