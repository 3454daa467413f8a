/* Checker for exercise 05-1: runs the student's naive gemm kernel,
 * C = alpha·A·B + beta·C, on shapes
 * that 16 does not divide (1 x 1 x 1, odd primes, tall and skinny), with the
 * NDRange rounded up to 16 x 16, and compares with plain C in double. C is
 * followed by sentinels: a missing guard shows up as a wrong value or an
 * overwritten sentinel. */
#include "grading.h"

#include <stdio.h>

#define WG 16

static int try_shape(clu_env *env, cl_kernel k, int M, int N, int K, char *why, size_t whylen)
{
    const size_t gx = clu_round_up((size_t)N, WG), gy = clu_round_up((size_t)M, WG);
    const size_t global[2] = {gx, gy}, local[2] = {WG, WG};
    const float alpha_beta[2] = {1.5f, -0.5f};
    /* room after C for a stray write anywhere in the NDRange */
    return grade_gemm(env, k, M, N, K, alpha_beta, global, local, gx * gy, why, whylen);
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
