/* openblas.c -- lessons 05's and 10's yardstick on the host: OpenBLAS's cblas_sgemm,
 * row-major C = A·B on every core, on whole numbers (a sample of C is
 * checked exactly), one call to warm up, then the best of -r by the wall
 * clock. Built by `make build/10-compare-openblas` (needs libopenblas-dev);
 * run by `make compare-10` (and `make bench`, whose bench.args lines say
 * on which kind of device). Prints the lesson's result: line with
 * variant=openblas.
 */
#include "clu.h"

#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    size_t M = 1024, N = 1024, K = 1024, reps = 3;
    const clu_option opts[] = {
        {.flag = "-m", .metavar = "M", .help = "rows of A and C", .kind = CLU_OPT_SIZE, .dest = &M, .min = 1, .max = 16384},
        {.flag = "-n", .metavar = "N", .help = "columns of B and C", .kind = CLU_OPT_SIZE, .dest = &N, .min = 1, .max = 16384},
        {.flag = "-k", .metavar = "K", .help = "columns of A, rows of B", .kind = CLU_OPT_SIZE, .dest = &K, .min = 1,
         .max = 16384},
        {.flag = "-r", .metavar = "REPS", .help = "timed calls (the best is kept)", .kind = CLU_OPT_SIZE, .dest = &reps,
         .min = 1, .max = 1000},
    };
    clu_common common;
    clu_parse_args(argc, argv, "OpenBLAS SGEMM on the host's cores", opts, sizeof opts / sizeof opts[0], &common);
    float *A = clu_malloc(clu_bytes(M * K, sizeof(float), "A"), "A");
    float *B = clu_malloc(clu_bytes(K * N, sizeof(float), "B"), "B");
    float *C = clu_malloc(clu_bytes(M * N, sizeof(float), "C"), "C");
    clu_fill_exact(A, M * K, 1, 16); /* sums exact, as in main.c */
    clu_fill_exact(B, K * N, 2, 16);
    double best = 1e30;
    for (size_t r = 0; r <= reps; r++) {
        double t0 = clu_now();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)M, (int)N, (int)K, 1.0f, A, (int)K, B,
                    (int)N, 0.0f, C, (int)N);
        double ms = (clu_now() - t0) * 1e3;
        if (r > 0 && ms < best) best = ms;
    }
    /* The first and the last row of C, exactly. */
    double *ref = clu_malloc(2 * N * sizeof *ref, "the reference");
    float *got = clu_malloc(2 * N * sizeof *got, "the sample");
    for (size_t e = 0; e < 2 * N; e++) {
        const size_t i = e < N ? 0 : M - 1, j = e % N;
        ref[e] = 0.0;
        for (size_t k = 0; k < K; k++) ref[e] += (double)A[i * K + k] * B[k * N + j];
        got[e] = C[i * N + j];
    }
    size_t wrong = clu_verify("OpenBLAS C (whole numbers, first and last row)", got, ref, NULL, 2 * N, K);
    if (!wrong)
        printf("result: variant=openblas mode=all m=%zu n=%zu k=%zu ms=%.4f gflops=%.2f\n", M, N, K, best,
               2.0 * M * N * (double)K / best * 1e-6);
    free(A), free(B), free(C), free(ref), free(got);
    return clu_exit_status(wrong);
}
