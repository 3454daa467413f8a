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
/* Entry (i, j) of C = A·B in double, and the root of the sum of its terms'
 * squares (as clu_verify takes it). */
static double entry(const float *A, const float *B, size_t N, size_t K, size_t i, size_t j, double *mag)
{
    double sum = 0.0, squares = 0.0;
    for (size_t k = 0; k < K; k++) {
        const double t = (double)A[i * K + k] * B[k * N + j];
        sum += t;
        squares += t * t;
    }
    *mag = sqrt(squares);
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
/* y = X·v; squared 1: y = X²·v (each entry squared); 2: X²·v². */
static void times(const float *X, size_t rows, size_t cols, const double *v, double *y, int squared)
{
    for (size_t i = 0; i < rows; i++) {
        double sum = 0.0;
        for (size_t j = 0; j < cols; j++) {
            const double x = X[i * cols + j];
            sum += squared ? x * x * (squared == 2 ? v[j] * v[j] : v[j]) : x * v[j];
        }
        y[i] = sum;
    }
}

/* B·r first, then A times that: O(n²), never the whole product. The same
 * with squares: A²·(B²·r²). */
void freivalds_expect(freivalds *f, const float *A, const float *B)
{
    for (int v = 0; v < 4; v++) {
        times(B, f->K, f->N, f->r[v / 2], f->tmp, v % 2 ? 2 : 0);
        times(A, f->M, f->K, f->tmp, v % 2 ? f->mag[v / 2] : f->want[v / 2], v % 2);
    }
}

/* Halves as inputs: every entry must be a quarter (a multiple of 1/4) of
 * size at most 8·8·K, and then every sum here, counted in quarters, stays
 * below 2^52 (n ≤ 2^14, r ≤ 2^16), exact in double: C·r must equal A·(B·r)
 * exactly. Random floats: entry (i, j) errs by about 2^-24·√K·norm_ij at
 * most (clu_verify's bound, norm_ij = √Σ_k (A_ik·B_kj)²), with a random
 * sign, and the entries' errors are independent, so row i of C·r errs by
 * about √Σ_j r_j²·(that)²: the bound is 4·2^-24·(8·√K + 2)·√mag_i (4: the
 * |ref| that clu_verify adds, and headroom). An all-zero row misses by
 * about √mag_i, 10^3 times the bound even at K = 16384. */
size_t freivalds_verify(const freivalds *f, const char *what, const float *A, const float *B, const float *C,
                        int exact)
{
    const size_t M = f->M, N = f->N, K = f->K;
    const double lambda = exact ? 0.0 : (8.0 * sqrt((double)K) + 2.0) / 16777216.0;
    const double quarters = 64.0 * (double)K; /* the largest exact entry: 8·8·K */
    size_t bad = 0, rows[2] = {0, 0}, row = M, wi = M, wj = N;
    double worst = 0.0; /* the largest error of a row, as a share of its bound */
    for (size_t e = 0; exact && e < M * N; e++) /* NaN fails here too */
        if (!(4.0 * C[e] == floor(4.0 * C[e]) && fabs(C[e]) <= quarters) && !bad++) wi = e / N, wj = e % N;
    for (int v = 0; v < 2; v++) {
        times(C, M, N, f->r[v], f->got, 0);
        for (size_t i = 0; i < M; i++) {
            const double err = fabs(f->got[i] - f->want[v][i]), bound = 4.0 * lambda * sqrt(f->mag[v][i]);
            if (!(err <= bound) && !rows[v]++ && i < row) row = i;
            if (worst == worst && !(err <= worst * bound)) worst = err / bound; /* NaN stays */
        }
    }
    for (size_t j = 0; wi == M && row < M && j < N; j++) { /* the first entry of that row to blame */
        double mag, want = entry(A, B, N, K, row, j, &mag);
        if (!(fabs(C[row * N + j] - want) <= lambda * (mag + fabs(want)))) wi = row, wj = j;
    }
    const size_t wrong = bad + rows[0] + rows[1];
    printf("verified %s: all %zu entries by Freivalds' check, ", what, M * N);
    if (exact) printf("exact inputs, C·r exact: %s\n", wrong ? "FAILED" : "ok");
    else printf("worst row error %.3g of its bound: %s\n", worst, wrong ? "FAILED" : "ok");
    if (bad) fprintf(stderr, "  %zu entries are not multiples of 1/4 of at most 64·K\n", bad);
    if (wrong > bad) fprintf(stderr, "  C·r is wrong in %zu of %zu rows\n", rows[rows[1] > rows[0]], M);
    double mag;
    if (wi < M)
        fprintf(stderr, "  wrong at C[%zu][%zu]: got %.9g, expected %.9g\n", wi, wj, C[wi * N + wj],
                entry(A, B, N, K, wi, wj, &mag));
    return wrong;
}
// end snippet freivalds
