/* Checker for exercise 05-2: the student's tiled gemm kernel built with
 * TS = 4, 8 and 16 on shapes that TS does not divide, the NDRange rounded up
 * to TS x TS, against plain C in double; Oclgrind watches both barriers (a
 * missing one is a data race, one inside an if is barrier divergence). Also
 * the lesson's question and a speed tier. */
#include "grading.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    static const struct { int M, N, K, TS; unsigned seed; int small; } cases[] = {
        {1, 1, 1, 4, 121, 1}, {17, 31, 13, 8, 122, 1}, {9, 7, 20, 4, 123, 1}, {33, 17, 18, 16, 124, 1},
        {65, 33, 47, 16, 125, 0}, {100, 70, 45, 16, 126, 0}, {40, 40, 40, 8, 127, 0},
#ifdef GRADE_HIDDEN /* the instructor's hidden cases: solutions/EX/instructor/hidden.h, never in the handout */
#include GRADE_HIDDEN
#endif
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, n + 2, &env);
    cl_program prog = NULL;
    cl_kernel k = NULL;
    int built_ts = 0;
    for (int s = 0; s < n; s++) {
        const int M = cases[s].M, N = cases[s].N, K = cases[s].K, TS = cases[s].TS;
        if (!grade_case(s, cases[s].small, "M=%d N=%d K=%d, TS=%d, seed %u", M, N, K, TS, cases[s].seed)) continue;
        if (TS != built_ts) {
            char opts[64];
            snprintf(opts, sizeof opts, "-DTS=%d", TS);
            if (k) clReleaseKernel(k);
            if (prog) clReleaseProgram(prog);
            prog = grade_build(&env, "gemm.cl", opts);
            k = grade_kernel(prog, "gemm");
            built_ts = TS;
        }
        const size_t global[2] = {clu_round_up((size_t)N, (size_t)TS), clu_round_up((size_t)M, (size_t)TS)};
        const size_t local[2] = {(size_t)TS, (size_t)TS};
        grade_gemm_case(&env, k, M, N, K, NULL, global, local, cases[s].seed);
    }
    grade_answer(n, "answer.txt", 1, "count the floats one work-item loads per step of k0, and its multiply-adds");
    /* The speed tier, timed on this check (TS=16, as checks above build it). */
    if (grade_case(n + 1, 0, "M=256 N=256 K=256, TS=16, seed 128: the size the speed tier is timed at")) {
        if (k) clReleaseKernel(k);
        if (prog) clReleaseProgram(prog);
        prog = grade_build(&env, "gemm.cl", "-DTS=16");
        k = grade_kernel(prog, "gemm");
        const size_t global[2] = {256, 256}, local[2] = {16, 16};
        grade_timed_check(grade_yard_gemm(256), "lesson 05's naive kernel on 256 x 256 x 256", 2.0, 1.3, 1.0);
        grade_gemm_case(&env, k, 256, 256, 256, NULL, global, local, 128);
    }
    if (k) clReleaseKernel(k);
    if (prog) clReleaseProgram(prog);
    return grade_finish(&env);
}
