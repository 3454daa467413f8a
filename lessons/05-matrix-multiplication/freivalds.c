/* freivalds.c -- lesson 05's check: all of C = A·B, at any size, in O(n²).
 *
 * Recomputing A·B on the host costs n³ multiply-adds: minutes at n = 8192.
 * Freivalds' check multiplies both sides by a random vector r instead: C·r
 * must equal A·(B·r), and each side costs O(n²). Entry i of C·r is row i of
 * C weighted by r, so a wrong entry anywhere in row i changes it. Two
 * vectors r, so that a pattern of errors would have to fool both. Chapter 05
 * says why this is exact on whole numbers.
 */
#include "freivalds.h"

#include "clu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// snippet: reference
/* Entry (i, j) of C = A·B in double, and the sum of its terms' sizes. */
static double entry(const float *A, const float *B, size_t N, size_t K, size_t i, size_t j, double *mag)
{
    double sum = 0.0;
    *mag = 0.0;
    for (size_t k = 0; k < K; k++) {
        sum += (double)A[i * K + k] * B[k * N + j];
        *mag += fabs((double)A[i * K + k] * B[k * N + j]);
    }
    return sum;
}
// end snippet reference

size_t freivalds_bytes(size_t M, size_t N, size_t K)
{
    return (2 * N + 5 * M + K) * sizeof(double);
}

void freivalds_init(freivalds *f, size_t M, size_t N, size_t K)
{
    double *v = clu_malloc(freivalds_bytes(M, N, K), "Freivalds' vectors");
    *f = (freivalds){.M = M, .N = N, .K = K, .r = {v, v + N}, .want = {v + 2 * N, v + 2 * N + M},
                     .mag = {v + 2 * N + 2 * M, v + 2 * N + 3 * M}, .got = v + 2 * N + 4 * M,
                     .tmp = v + 2 * N + 5 * M};
    uint64_t x = 2026; /* seeded: the same r on every run */
    for (size_t i = 0; i < 2 * N; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        v[i] = (double)(1 + (x >> 48));
    }
}

void freivalds_free(freivalds *f)
{
    free(f->r[0]);
}

// snippet: freivalds
/* y = X·v, or |X|·v, for a rows x cols matrix X. */
static void times(const float *X, size_t rows, size_t cols, const double *v, double *y, int absolute)
{
    for (size_t i = 0; i < rows; i++) {
        double sum = 0.0;
        for (size_t j = 0; j < cols; j++) sum += (absolute ? fabs(X[i * cols + j]) : X[i * cols + j]) * v[j];
        y[i] = sum;
    }
}

/* B·r first, then A times that: O(n²), never the whole product. */
void freivalds_expect(freivalds *f, const float *A, const float *B)
{
    for (int v = 0; v < 4; v++) {
        times(B, f->K, f->N, f->r[v / 2], f->tmp, v % 2);
        times(A, f->M, f->K, f->tmp, v % 2 ? f->mag[v / 2] : f->want[v / 2], v % 2);
    }
}

/* Whole-number inputs: every entry must be a whole number of at most
 * 16·16·K, and then every sum here stays below 2^52 (n ≤ 2^14, r ≤ 2^16),
 * exact in double: C·r must equal A·(B·r) exactly. Random floats: each entry
 * may be off by 2^-24·(8·√K + 2)·Σ|terms| (as clu_verify allows), so C·r by
 * that bound summed along the row. */
size_t freivalds_verify(const freivalds *f, const char *what, const float *A, const float *B, const float *C,
                        int exact)
{
    const size_t M = f->M, N = f->N, K = f->K;
    const double lambda = exact ? 0.0 : (8.0 * sqrt((double)K) + 2.0) / 16777216.0;
    size_t bad = 0, rows[2] = {0, 0}, row = M, wi = M, wj = N;
    double worst = 0.0; /* the largest error of a row, as a share of its bound */
    for (size_t e = 0; exact && e < M * N; e++) /* NaN fails here too */
        if (!(C[e] == floor(C[e]) && fabs(C[e]) <= 256.0 * K) && !bad++) wi = e / N, wj = e % N;
    for (int v = 0; v < 2; v++) {
        times(C, M, N, f->r[v], f->got, 0);
        for (size_t i = 0; i < M; i++) {
            const double err = fabs(f->got[i] - f->want[v][i]), bound = lambda * f->mag[v][i];
            if (!(err <= bound) && !rows[v]++ && i < row) row = i;
            if (worst == worst && !(err <= worst * bound)) worst = err / bound; /* NaN stays */
        }
    }
    for (size_t j = 0; wi == M && row < M && j < N; j++) { /* the first entry of that row to blame */
        double mag, want = entry(A, B, N, K, row, j, &mag);
        if (!(fabs(C[row * N + j] - want) <= lambda * mag)) wi = row, wj = j;
    }
    const size_t wrong = bad + rows[0] + rows[1];
    printf("verified %s: all %zu entries by Freivalds' check, ", what, M * N);
    if (exact) printf("exact inputs, C·r exact: %s\n", wrong ? "FAILED" : "ok");
    else printf("worst row error %.3g of its bound: %s\n", worst, wrong ? "FAILED" : "ok");
    if (bad) fprintf(stderr, "  %zu entries are not whole numbers of at most 256·K\n", bad);
    if (wrong > bad) fprintf(stderr, "  C·r is wrong in %zu of %zu rows\n", rows[rows[1] > rows[0]], M);
    double mag;
    if (wi < M)
        fprintf(stderr, "  wrong at C[%zu][%zu]: got %.9g, expected %.9g\n", wi, wj, C[wi * N + wj],
                entry(A, B, N, K, wi, wj, &mag));
    return wrong;
}
// end snippet freivalds
