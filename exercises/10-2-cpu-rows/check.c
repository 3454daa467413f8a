/* Checker for exercise 10-2: the student's gemm_rows, built with ROWS of 1
 * to 8, on shapes where M is not a multiple of ROWS and K is odd, in
 * work-groups of one work-item (as a CPU runs them best) and in groups that
 * do not divide the work (so that a work-item past N or M must stop). C is
 * compared with plain C in double (grade_gemm_case). The statement asks for
 * float8 sums with vector loads; a kernel without them is refused with a
 * message. The speed tier is timed against lesson 05's naive kernel. */
#include "grading.h"

#include <stdio.h>

static void gemm_rows_case(clu_env *env, int M, int N, int K, int rows, size_t lx, size_t ly, unsigned seed)
{
    char opts[32];
    snprintf(opts, sizeof opts, "-DROWS=%d", rows);
    cl_program prog = grade_build(env, "gemm_rows.cl", opts);
    cl_kernel k = grade_kernel(prog, "gemm_rows");
    const size_t global[2] = {clu_round_up((size_t)N / 8, lx), clu_round_up(((size_t)M + rows - 1) / rows, ly)};
    const size_t local[2] = {lx, ly};
    grade_gemm_case(env, k, M, N, K, NULL, global, local, seed);
    clReleaseKernel(k);
    clReleaseProgram(prog);
}

int main(int argc, char **argv)
{
    static const struct { int M, N, K, rows; size_t lx, ly; unsigned seed; int small; } cases[] = {
        {1, 8, 1, 4, 1, 1, 951, 1},     {5, 16, 3, 4, 1, 1, 952, 1},    {7, 24, 9, 2, 2, 1, 953, 1},
        {13, 40, 17, 4, 2, 3, 954, 1},  {33, 64, 31, 8, 1, 1, 955, 1},  {17, 8, 64, 1, 1, 4, 956, 1},
        {101, 96, 77, 4, 3, 2, 957, 0}, {130, 136, 129, 8, 1, 1, 958, 0}, {255, 256, 200, 4, 1, 1, 959, 0},
#ifdef GRADE_HIDDEN /* the instructor's hidden cases: solutions/EX/instructor/hidden.h, never in the handout */
#include GRADE_HIDDEN
#endif
    };
    const int count = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, count + 1, &env);
    grade_require("vload8|float8", "keep the sums as float8 vectors and load 8 floats of B's row at once (vload8)");
    for (int i = 0; i < count; i++)
        if (grade_case(i, cases[i].small, "M=%d N=%d K=%d, ROWS=%d, work-groups of %zu x %zu, seed %u", cases[i].M,
                       cases[i].N, cases[i].K, cases[i].rows, cases[i].lx, cases[i].ly, cases[i].seed))
            gemm_rows_case(&env, cases[i].M, cases[i].N, cases[i].K, cases[i].rows, cases[i].lx, cases[i].ly,
                           cases[i].seed);
    /* The speed tier, timed on this check. */
    if (grade_case(count, 0, "M=N=K=256, ROWS=4, work-groups of 1 x 1, seed 960: the size the speed tier is timed at")) {
        grade_timed_check(grade_yard_gemm(256), "lesson 05's naive kernel on 256 x 256 x 256", 6.0, 3.0, 1.5);
        gemm_rows_case(&env, 256, 256, 256, 4, 1, 1, 960);
    }
    return grade_finish(&env);
}
