/* clblast.c -- lessons 05's and 10's yardstick on the same OpenCL device: CLBlast's
 * SGEMM, row-major C = A·B, on whole numbers (so a sample of C is checked
 * exactly), one call to warm up, then the best of -r by the wall clock
 * (CLBlast may run several kernels per call: padding, transposing).
 * Built by `make build/10-compare-clblast` (needs libclblast-dev); run by
 * `make compare-10` (and `make bench`). Prints the lesson's result: line
 * with variant=clblast.
 */
#include "clu.h"

#include <clblast_c.h>
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
    clu_parse_args(argc, argv, "CLBlast SGEMM on the lesson's device", opts, sizeof opts / sizeof opts[0], &common);
    clu_env env;
    clu_setup(&env, &common);
    const size_t count[3] = {M * K, K * N, M * N};
    float *h[3];
    cl_mem d[3];
    for (int i = 0; i < 3; i++) {
        h[i] = clu_malloc(clu_bytes(count[i], sizeof(float), "a matrix"), "a matrix");
        if (i < 2) clu_fill_exact(h[i], count[i], (uint64_t)i + 1, 16); /* sums exact, as in main.c */
        d[i] = clu_buffer(&env, CL_MEM_READ_WRITE, count[i] * sizeof(float), i < 2 ? h[i] : NULL, "a matrix");
    }
    double best = 1e30;
    for (size_t r = 0; r <= reps; r++) {
        CLU_CHECK(clFinish(env.queue));
        double t0 = clu_now();
        CLBlastStatusCode st = CLBlastSgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo,
                                            M, N, K, 1.0f, d[0], 0, K, d[1], 0, N, 0.0f, d[2], 0, N,
                                            &env.queue, NULL);
        if (st != CLBlastSuccess) clu_die("CLBlastSgemm failed with status %d", (int)st);
        CLU_CHECK(clFinish(env.queue));
        double ms = (clu_now() - t0) * 1e3;
        if (r > 0 && ms < best) best = ms;
    }
    clu_read(&env, d[2], count[2] * sizeof(float), h[2]);
    /* The first and the last row of C, exactly. */
    double *ref = clu_malloc(2 * N * sizeof *ref, "the reference");
    float *got = clu_malloc(2 * N * sizeof *got, "the sample");
    for (size_t e = 0; e < 2 * N; e++) {
        const size_t i = e < N ? 0 : M - 1, j = e % N;
        ref[e] = 0.0;
        for (size_t k = 0; k < K; k++) ref[e] += (double)h[0][i * K + k] * h[1][k * N + j];
        got[e] = h[2][i * N + j];
    }
    size_t wrong = clu_verify("CLBlast C (whole numbers, first and last row)", got, ref, NULL, 2 * N, K);
    if (!wrong)
        printf("result: variant=clblast mode=all m=%zu n=%zu k=%zu ms=%.4f gflops=%.2f\n", M, N, K, best,
               2.0 * M * N * (double)K / best * 1e-6);
    for (int i = 0; i < 3; i++) clReleaseMemObject(d[i]), free(h[i]);
    free(ref);
    free(got);
    clu_teardown(&env);
    return clu_exit_status(wrong);
}
