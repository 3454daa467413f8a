/* freivalds.h -- all of C = A·B checked in O(n²) (freivalds.c). */
#ifndef FREIVALDS_H
#define FREIVALDS_H

#include <stddef.h>

typedef struct {
    size_t M, N, K;
    double *r[2];    /* N whole numbers from 1 to 2^16, twice */
    double *want[2]; /* A·(B·r) for the current A and B */
    double *mag[2];  /* A²·(B²·r²): entry i is Σ_j r_j²·Σ_k (A_ik·B_kj)², what
                      * the rounding errors of row i of C·r scale with */
    double *got, *tmp;
} freivalds;

/* For M x K times K x N; the bytes it will allocate. */
size_t freivalds_bytes(size_t M, size_t N, size_t K);
void freivalds_init(freivalds *f, size_t M, size_t N, size_t K);
void freivalds_free(freivalds *f);
/* What C·r must be for these A and B. */
void freivalds_expect(freivalds *f, const float *A, const float *B);
/* Check all of C; print one "verified WHAT: ...: ok" or "FAILED" line (and
 * on stderr the first wrong entry). Returns how many entries and rows are
 * wrong: 0 when C is right. */
size_t freivalds_verify(const freivalds *f, const char *what, const float *A, const float *B, const float *C,
                        int exact);

#endif /* FREIVALDS_H */
