/* clblast.c -- the yardstick of lesson 05 on the same OpenCL device: CLBlast's
 * SGEMM, C = A·B, square n x n, row-major, timed with the same events as the
 * lesson (one warm-up call, then the best of -r).
 * Built by lessons/05-matrix-multiplication/bench.sh, not by `make all`:
 *   cc -std=c11 -Icommon compare/clblast.c common/clu.c common/peak.c -lclblast -lOpenCL -lm
 */
#include "clu.h"

#include <clblast_c.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    size_t n = 1024, reps = 3;
    const clu_option opts[] = {
        {"-n", "N", "rows and columns of A, B and C", CLU_OPT_SIZE, &n, 1, 16384},
        {"-r", "REPS", "timed calls (the best is kept)", CLU_OPT_SIZE, &reps, 1, 1000},
    };
    clu_common common;
    clu_parse_args(argc, argv, "CLBlast SGEMM on the lesson's device", opts, 2, &common);
    clu_env env;
    clu_setup(&env, &common);
    float *h = malloc(n * n * sizeof(float));
    if (!h) clu_die("cannot allocate %zu bytes", n * n * sizeof(float));
    cl_int err;
    cl_mem d[3];
    for (int i = 0; i < 3; i++) {
        clu_fill_random(h, n * n, (uint64_t)i + 1, -1.0f, 1.0f);
        d[i] = clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * n * sizeof(float), h, &err);
        CLU_CHECK_ERR(err, "clCreateBuffer");
    }
    /* CLBlast may run several kernels per call (padding, transposing): time
     * the whole call by the wall clock, the queue drained before and after. */
    double best = 1e30;
    for (size_t r = 0; r <= reps; r++) {
        CLU_CHECK(clFinish(env.queue));
        double t0 = clu_now();
        CLBlastStatusCode st = CLBlastSgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo,
                                            n, n, n, 1.0f, d[0], 0, n, d[1], 0, n, 0.0f, d[2], 0, n,
                                            &env.queue, NULL);
        if (st != CLBlastSuccess) clu_die("CLBlastSgemm failed with status %d", (int)st);
        CLU_CHECK(clFinish(env.queue));
        double ms = (clu_now() - t0) * 1e3;
        if (r > 0 && ms < best) best = ms;
    }
    /* A spot check: C[0][0] against a double-precision dot product. */
    float *a = malloc(n * sizeof(float)), *b = malloc(n * n * sizeof(float)), c00;
    if (!a || !b) clu_die("cannot allocate host memory");
    clu_fill_random(b, n * n, 2, -1.0f, 1.0f);
    clu_fill_random(h, n * n, 1, -1.0f, 1.0f);
    CLU_CHECK(clEnqueueReadBuffer(env.queue, d[2], CL_TRUE, 0, sizeof c00, &c00, 0, NULL, NULL));
    double ref = 0.0, abs = 0.0;
    for (size_t k = 0; k < n; k++) {
        ref += (double)h[k] * b[k * n];
        abs += (double)(h[k] < 0 ? -h[k] : h[k]) * (b[k * n] < 0 ? -b[k * n] : b[k * n]);
    }
    int ok = (c00 - ref < (n + 1) * abs / 16777216.0) && (ref - c00 < (n + 1) * abs / 16777216.0);
    printf("result: clblast M=%zu N=%zu K=%zu ms=%.4f gflops=%.2f %s\n", n, n, n, best,
           2.0 * n * n * (double)n / best * 1e-6, ok ? "ok" : "WRONG");
    for (int i = 0; i < 3; i++) clReleaseMemObject(d[i]);
    free(h);
    free(a);
    free(b);
    clu_teardown(&env);
    return ok ? 0 : 1;
}
