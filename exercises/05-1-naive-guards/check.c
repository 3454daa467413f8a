/* Checker for exercise 05-1: the student's naive gemm kernel,
 * C = alpha·A·B + beta·C, on shapes that 16 does not divide (1 x 1 x 1, one
 * less and one more than 16, odd primes, tall and wide), with the NDRange
 * rounded up to 16 x 16, against plain C in double. Every matrix ends
 * exactly where it should: a missing guard writes or reads past it. */
#include "grading.h"

#include <stdio.h>

#define WG 16

int main(int argc, char **argv)
{
    static const struct { int M, N, K; unsigned seed; int small; } shapes[] = {
        {1, 1, 1, 111, 1}, {15, 17, 16, 112, 1}, {17, 31, 13, 113, 1}, {3, 150, 2, 114, 1},
        {33, 7, 40, 115, 1}, {200, 7, 300, 116, 0}, {65, 129, 47, 117, 0},
    };
    const int n = sizeof shapes / sizeof shapes[0];
    const float alpha_beta[2] = {1.5f, -0.5f};
    clu_env env;
    grade_start(argc, argv, n + 1, &env);
    cl_program prog = grade_build(&env, "gemm.cl", "");
    cl_kernel k = grade_kernel(prog, "gemm");
    for (int s = 0; s < n; s++) {
        const int M = shapes[s].M, N = shapes[s].N, K = shapes[s].K;
        if (!grade_case(s, shapes[s].small, "M=%d N=%d K=%d, seed %u", M, N, K, shapes[s].seed)) continue;
        const size_t global[2] = {clu_round_up((size_t)N, WG), clu_round_up((size_t)M, WG)}, local[2] = {WG, WG};
        grade_gemm_case(&env, k, M, N, K, alpha_beta, global, local, shapes[s].seed);
    }
    /* The speed tier, timed on this check. */
    if (grade_case(n, 0, "M=256 N=256 K=256, seed 118: the size the speed tier is timed at")) {
        const size_t global[2] = {256, 256}, local[2] = {WG, WG};
        grade_timed_check(grade_yard_gemm(256), "lesson 05's naive kernel on 256 x 256 x 256", 0.9, 0.75, 0.5);
        grade_gemm_case(&env, k, 256, 256, 256, alpha_beta, global, local, 118);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
