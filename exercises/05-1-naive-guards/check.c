/* Checker for exercise 05-1: runs the student's naive gemm kernel,
 * C = alpha·A·B + beta·C, on shapes
 * that 16 does not divide (1 x 1 x 1, odd primes, tall and skinny), with the
 * NDRange rounded up to 16 x 16, and compares with plain C in double. C is
 * followed by sentinels: a missing guard shows up as a wrong value or an
 * overwritten sentinel. */
#include "grading.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define SENTINEL 12345.0f
#define WG 16

static int try_shape(clu_env *env, cl_kernel k, int M, int N, int K, char *why, size_t whylen)
{
    const size_t gx = clu_round_up((size_t)N, WG), gy = clu_round_up((size_t)M, WG);
    const size_t nc = (size_t)M * N + gx * gy; /* room for a stray write anywhere in the NDRange */
    float *h_A = malloc((size_t)M * K * sizeof(float)), *h_B = malloc((size_t)K * N * sizeof(float));
    float *h_C = malloc(nc * sizeof(float));
    clu_fill_random(h_A, (size_t)M * K, 31, -1.0f, 1.0f);
    clu_fill_random(h_B, (size_t)K * N, 32, -1.0f, 1.0f);
    for (size_t e = 0; e < nc; e++) h_C[e] = SENTINEL;
    float *h_C0 = malloc((size_t)M * N * sizeof(float)); /* C before the kernel */
    clu_fill_random(h_C0, (size_t)M * N, 33, -1.0f, 1.0f);
    for (size_t e = 0; e < (size_t)M * N; e++) h_C[e] = h_C0[e];
    const float alpha = 1.5f, beta = -0.5f;
    cl_mem d_A = grade_buffer(env, h_A, (size_t)M * K * sizeof(float));
    cl_mem d_B = grade_buffer(env, h_B, (size_t)K * N * sizeof(float));
    cl_mem d_C = grade_buffer(env, h_C, nc * sizeof(float));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_A, &d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_B, &d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_C, &d_C));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof M, &M));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof N, &N));
    CLU_CHECK(clSetKernelArg(k, 5, sizeof K, &K));
    CLU_CHECK(clSetKernelArg(k, 6, sizeof alpha, &alpha));
    CLU_CHECK(clSetKernelArg(k, 7, sizeof beta, &beta));
    const size_t global[2] = {gx, gy}, local[2] = {WG, WG};
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
            const double c0 = h_C0[(size_t)i * N + j];
            r = alpha * r + beta * c0;
            a = fabs(alpha) * a + fabs(beta * c0);
            double got = h_C[(size_t)i * N + j];
            if (!(fabs(got - r) <= (K + 3) * a / 16777216.0 + 1e-30)) {
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
    free(h_C0);
    return ok;
}

int main(int argc, char **argv)
{
    static const int shapes[][3] = {{1, 1, 1}, {16, 16, 16}, {17, 31, 13}, {200, 7, 300}, {3, 150, 2}};
    const int n = sizeof shapes / sizeof shapes[0];
    clu_env env;
    grade_begin(argc, argv, n, &env);
    cl_program prog = clu_build(&env, grade_path("gemm.cl"), "");
    cl_kernel k = clu_kernel(prog, "gemm");
    for (int s = 0; s < n; s++) {
        char what[80], why[200] = "";
        snprintf(what, sizeof what, "M=%d N=%d K=%d", shapes[s][0], shapes[s][1], shapes[s][2]);
        grade(try_shape(&env, k, shapes[s][0], shapes[s][1], shapes[s][2], why, sizeof why), what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
