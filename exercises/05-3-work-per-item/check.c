/* Checker for exercise 05-3: runs the student's gemm kernel, WPT elements
 * of a row per work-item, with several TS and WPT on shapes that TS does not divide,
 * and compares with plain C in double. C is followed by sentinels. */
#include "grading.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define SENTINEL 12345.0f

static int try_shape(clu_env *env, cl_kernel k, int M, int N, int K, size_t ts, size_t wpt, char *why,
                     size_t whylen)
{
    const size_t gx = clu_round_up((size_t)N, ts), gy = clu_round_up((size_t)M, ts);
    const size_t nc = (size_t)M * N + gx * gy; /* room for a stray write anywhere in the NDRange */
    float *h_A = malloc((size_t)M * K * sizeof(float)), *h_B = malloc((size_t)K * N * sizeof(float));
    float *h_C = malloc(nc * sizeof(float));
    clu_fill_random(h_A, (size_t)M * K, 31, -1.0f, 1.0f);
    clu_fill_random(h_B, (size_t)K * N, 32, -1.0f, 1.0f);
    for (size_t e = 0; e < nc; e++) h_C[e] = SENTINEL;
    cl_int err;
    cl_mem d_A = clCreateBuffer(env->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (size_t)M * K * sizeof(float), h_A, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    cl_mem d_B = clCreateBuffer(env->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (size_t)K * N * sizeof(float), h_B, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    cl_mem d_C = clCreateBuffer(env->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, nc * sizeof(float), h_C, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_A, &d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_B, &d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_C, &d_C));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof M, &M));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof N, &N));
    CLU_CHECK(clSetKernelArg(k, 5, sizeof K, &K));
    const size_t global[2] = {gx / wpt, gy}, local[2] = {ts / wpt, ts};
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 2, NULL, global, local, 0, NULL, NULL));
    CLU_CHECK(clEnqueueReadBuffer(env->queue, d_C, CL_TRUE, 0, nc * sizeof(float), h_C, 0, NULL, NULL));
    int ok = 1;
    for (int i = 0; i < M && ok; i++)
        for (int j = 0; j < N && ok; j++) {
            double r = 0.0, a = 0.0;
            for (int kk = 0; kk < K; kk++) {
                r += (double)h_A[i * K + kk] * h_B[kk * N + j];
                a += fabs((double)h_A[i * K + kk] * h_B[kk * N + j]);
            }
            double got = h_C[(size_t)i * N + j];
            if (!(fabs(got - r) <= (K + 1) * a / 16777216.0 + 1e-30)) {
                snprintf(why, whylen, "C[%d][%d] is %g, expected %g", i, j, got, r);
                ok = 0;
            }
        }
    for (size_t e = (size_t)M * N; e < nc && ok; e++)
        if (h_C[e] != SENTINEL) {
            snprintf(why, whylen, "a float %zu places past the end of C was written: check i against M and j against N",
                     e - (size_t)M * N);
            ok = 0;
        }
    clReleaseMemObject(d_A);
    clReleaseMemObject(d_B);
    clReleaseMemObject(d_C);
    free(h_A);
    free(h_B);
    free(h_C);
    return ok;
}

int main(int argc, char **argv)
{
    static const int cases[][5] = { /* M, N, K, TS, WPT */
        {1, 1, 1, 8, 2}, {17, 31, 13, 8, 4}, {65, 33, 47, 16, 4}, {100, 70, 45, 16, 8}, {40, 40, 40, 32, 4},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, n, &env);
    for (int s = 0; s < n; s++) {
        char what[80], why[200] = "", opts[64];
        const int *c = cases[s];
        snprintf(opts, sizeof opts, "-DTS=%d -DWPT=%d", c[3], c[4]);
        cl_program prog = clu_build(&env, grade_path("gemm.cl"), opts);
        cl_kernel k = clu_kernel(prog, "gemm");
        snprintf(what, sizeof what, "M=%d N=%d K=%d, TS=%d WPT=%d", c[0], c[1], c[2], c[3], c[4]);
        grade(try_shape(&env, k, c[0], c[1], c[2], (size_t)c[3], (size_t)c[4], why, sizeof why), what, "%s", why);
        clReleaseKernel(k);
        clReleaseProgram(prog);
    }
    return grade_end(&env);
}
