/* grading.c -- see grading.h. */
#include "grading.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int planned_, passed_, run_;
static const char *dir_ = ".";

const char *grade_begin(int argc, char **argv, int planned, clu_env *env)
{
    clu_common common = {0};
    clu_parse_args(1, argv, "exercise checker", NULL, 0, &common); /* environment only */
    if (argc > 1) dir_ = argv[1];
    planned_ = planned;
    printf("plan %d\n", planned);
    fflush(stdout);
    clu_setup(env, &common);
    return dir_;
}

void grade(int ok, const char *what, const char *why_fmt, ...)
{
    run_++;
    if (ok) {
        passed_++;
        printf("PASS %s\n", what);
    } else {
        va_list ap;
        va_start(ap, why_fmt);
        printf("FAIL %s: ", what);
        vprintf(why_fmt, ap);
        putchar('\n');
        va_end(ap);
    }
    fflush(stdout);
}

int grade_end(clu_env *env)
{
    clu_teardown(env);
    printf("score %d/%d\n", passed_, planned_);
    return passed_ == planned_ && run_ == planned_ ? 0 : 1;
}

const char *grade_path(const char *name)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", dir_, name);
    return buf;
}

cl_mem grade_buffer(clu_env *env, const void *host, size_t bytes)
{
    cl_int err;
    cl_mem b = clCreateBuffer(env->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, (void *)host, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    return b;
}

void grade_read(clu_env *env, cl_mem buf, void *host, size_t bytes)
{
    CLU_CHECK(clEnqueueReadBuffer(env->queue, buf, CL_TRUE, 0, bytes, host, 0, NULL, NULL));
}

int grade_gemm(clu_env *env, cl_kernel k, int M, int N, int K, const float *alpha_beta,
               const size_t global[2], const size_t local[2], size_t slack, char *why, size_t whylen)
{
    const float sentinel = 12345.0f;
    const size_t nc = (size_t)M * N + slack;
    float *h_A = clu_malloc((size_t)M * K * sizeof(float), "A");
    float *h_B = clu_malloc((size_t)K * N * sizeof(float), "B");
    float *h_C = clu_malloc(nc * sizeof(float), "C");
    clu_fill_random(h_A, (size_t)M * K, 31, -1.0f, 1.0f);
    clu_fill_random(h_B, (size_t)K * N, 32, -1.0f, 1.0f);
    for (size_t e = 0; e < nc; e++) h_C[e] = sentinel;
    float *h_C0 = clu_malloc((size_t)M * N * sizeof(float), "C before the kernel");
    clu_fill_random(h_C0, (size_t)M * N, 33, -1.0f, 1.0f);
    if (alpha_beta)
        for (size_t e = 0; e < (size_t)M * N; e++) h_C[e] = h_C0[e];
    cl_mem d_A = grade_buffer(env, h_A, (size_t)M * K * sizeof(float));
    cl_mem d_B = grade_buffer(env, h_B, (size_t)K * N * sizeof(float));
    cl_mem d_C = grade_buffer(env, h_C, nc * sizeof(float));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_A, &d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_B, &d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_C, &d_C));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof M, &M));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof N, &N));
    CLU_CHECK(clSetKernelArg(k, 5, sizeof K, &K));
    if (alpha_beta) {
        CLU_CHECK(clSetKernelArg(k, 6, sizeof(float), &alpha_beta[0]));
        CLU_CHECK(clSetKernelArg(k, 7, sizeof(float), &alpha_beta[1]));
    }
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 2, NULL, global, local, 0, NULL, NULL));
    grade_read(env, d_C, h_C, nc * sizeof(float));
    int ok = 1;
    for (int i = 0; i < M && ok; i++)
        for (int j = 0; j < N && ok; j++) {
            double r = 0.0, a = 0.0;
            for (int kk = 0; kk < K; kk++) {
                r += (double)h_A[i * K + kk] * h_B[kk * N + j];
                a += fabs((double)h_A[i * K + kk] * h_B[kk * N + j]);
            }
            if (alpha_beta) {
                const double c0 = h_C0[(size_t)i * N + j];
                r = alpha_beta[0] * r + alpha_beta[1] * c0;
                a = fabs(alpha_beta[0]) * a + fabs(alpha_beta[1] * c0);
            }
            double got = h_C[(size_t)i * N + j];
            if (!(fabs(got - r) <= (K + 3) * a / 16777216.0 + 1e-30)) {
                snprintf(why, whylen, "C[%d][%d] is %g, expected %g", i, j, got, r);
                ok = 0;
            }
        }
    for (size_t e = (size_t)M * N; e < nc && ok; e++)
        if (h_C[e] != sentinel) {
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
    free(h_C0);
    return ok;
}
