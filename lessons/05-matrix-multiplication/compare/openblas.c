/* openblas.c -- the CPU yardstick of lesson 05: OpenBLAS's cblas_sgemm,
 * C = A·B, square n x n, row-major, on every core of the host; one warm-up
 * call, then the best of -r by the wall clock.
 * Built by lessons/05-matrix-multiplication/bench.sh, not by `make all`:
 *   cc -std=c11 -O2 compare/openblas.c -lopenblas
 * Usage: openblas N [REPS]
 */
#define _POSIX_C_SOURCE 199309L
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1024, reps = argc > 2 ? atol(argv[2]) : 3;
    if (n < 1 || n > 16384 || reps < 1 || reps > 1000) {
        fprintf(stderr, "error: usage: openblas N [REPS] with 1 <= N <= 16384, 1 <= REPS <= 1000\n");
        return 2;
    }
    size_t nn = (size_t)n * (size_t)n;
    float *A = malloc(nn * sizeof(float)), *B = malloc(nn * sizeof(float)), *C = malloc(nn * sizeof(float));
    if (!A || !B || !C) {
        fprintf(stderr, "error: cannot allocate %zu bytes\n", 3 * nn * sizeof(float));
        return 2;
    }
    unsigned s = 1;
    for (size_t i = 0; i < nn; i++) {
        s = s * 1103515245u + 12345u;
        A[i] = (float)(s >> 8) / 16777216.0f - 0.5f;
        s = s * 1103515245u + 12345u;
        B[i] = (float)(s >> 8) / 16777216.0f - 0.5f;
    }
    double best = 1e30;
    for (long r = 0; r <= reps; r++) {
        double t0 = now();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, A, n, B, n, 0.0f, C, n);
        double ms = (now() - t0) * 1e3;
        if (r > 0 && ms < best) best = ms;
    }
    double ref = 0.0, abs = 0.0;
    for (long k = 0; k < n; k++) {
        ref += (double)A[k] * B[k * n];
        abs += (double)(A[k] < 0 ? -A[k] : A[k]) * (B[k * n] < 0 ? -B[k * n] : B[k * n]);
    }
    double e = C[0] - ref;
    int ok = e < (n + 1) * abs / 16777216.0 && -e < (n + 1) * abs / 16777216.0;
    printf("result: openblas M=%ld N=%ld K=%ld ms=%.4f gflops=%.2f %s\n", n, n, n, best,
           2.0 * (double)n * n * n / best * 1e-6, ok ? "ok" : "WRONG");
    free(A);
    free(B);
    free(C);
    return ok ? 0 : 1;
}
