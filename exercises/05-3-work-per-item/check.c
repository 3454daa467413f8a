/* Checker for exercise 05-3: the student's gemm kernel, WPT elements of a
 * row per work-item, built with several TS and WPT on shapes that TS does not
 * divide, against plain C in double; Oclgrind on the small ones. */
#include "grading.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    static const struct { int M, N, K, TS, WPT; unsigned seed; int small; } cases[] = {
        {1, 1, 1, 8, 2, 131, 1}, {17, 31, 13, 8, 4, 132, 1}, {9, 15, 8, 8, 8, 133, 1}, {33, 17, 18, 16, 4, 134, 1},
        {65, 33, 47, 16, 4, 135, 0}, {100, 70, 45, 16, 8, 136, 0}, {40, 40, 40, 32, 4, 137, 0},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, n + 1, &env);
    for (int s = 0; s < n; s++) {
        const int M = cases[s].M, N = cases[s].N, K = cases[s].K, TS = cases[s].TS, WPT = cases[s].WPT;
        if (!grade_case(s, cases[s].small, "M=%d N=%d K=%d, TS=%d WPT=%d, seed %u", M, N, K, TS, WPT, cases[s].seed))
            continue;
        char opts[64];
        snprintf(opts, sizeof opts, "-DTS=%d -DWPT=%d", TS, WPT);
        cl_program prog = grade_build(&env, "gemm.cl", opts);
        cl_kernel k = grade_kernel(prog, "gemm");
        const size_t gx = clu_round_up((size_t)N, (size_t)TS), gy = clu_round_up((size_t)M, (size_t)TS);
        const size_t global[2] = {gx / (size_t)WPT, gy}, local[2] = {(size_t)(TS / WPT), (size_t)TS};
        grade_gemm_case(&env, k, M, N, K, NULL, global, local, cases[s].seed);
        clReleaseKernel(k);
        clReleaseProgram(prog);
    }
    /* The speed tier, timed on this check (built with the TS and WPT it is timed with). */
    if (grade_case(n, 0, "M=256 N=256 K=256, TS=32 WPT=8, seed 138: the size the speed tier is timed at")) {
        cl_program prog = grade_build(&env, "gemm.cl", "-DTS=32 -DWPT=8");
        cl_kernel k = grade_kernel(prog, "gemm");
        const size_t global[2] = {256 / 8, 256}, local[2] = {4, 32};
        grade_timed_check(grade_yard_gemm(256), "lesson 05's naive kernel on 256 x 256 x 256", 2.5, 1.5, 1.0);
        grade_gemm_case(&env, k, 256, 256, 256, NULL, global, local, 138);
        clReleaseKernel(k);
        clReleaseProgram(prog);
    }
    return grade_finish(&env);
}
