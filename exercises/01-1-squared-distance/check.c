/* Checker for exercise 01-1: the student's sq_dist kernel on sizes that the
 * work-group size does and does not divide (1, one less and one more than a
 * work-group, primes, a large one), two seeds, against plain C in double. */
#include "grading.h"

#include <stdio.h>

static void try_case(clu_env *env, cl_kernel k, int X, int Y, size_t wg, unsigned seed)
{
    const size_t global = ((size_t)X + wg - 1) / wg * wg; /* whole work-groups */
    float *h_A = grade_alloc((size_t)X * sizeof(float)), *h_B = grade_alloc((size_t)Y * sizeof(float));
    double *ref = grade_alloc((size_t)X * sizeof(double)), *tol = grade_alloc((size_t)X * sizeof(double));
    grade_fill_f(h_A, (size_t)X, seed, -2.0f, 2.0f);
    grade_fill_f(h_B, (size_t)Y, seed + 100, -2.0f, 2.0f);
    for (int x = 0; x < X; x++) {
        double s = 0;
        for (int y = 0; y < Y; y++) s += ((double)h_A[x] - h_B[y]) * ((double)h_A[x] - h_B[y]);
        ref[x] = s;
        tol[x] = grade_sum_tol((size_t)Y + 1, s);
    }
    /* Every buffer is exactly as long as the data: the work-items the
     * rounding adds must not touch them. */
    gbuf *A = gb_in(env, "A", GB_FLOAT, h_A, (size_t)X);
    gbuf *B = gb_in(env, "B", GB_FLOAT, h_B, (size_t)Y);
    gbuf *D = gb_out(env, "D", GB_FLOAT, (size_t)X);
    gb_arg(k, 0, A);
    gb_arg(k, 1, B);
    gb_arg(k, 2, D);
    grade_arg(k, 3, sizeof X, &X);
    grade_arg(k, 4, sizeof Y, &Y);
    grade_run(env, k, 1, &global, &wg);
    gb_fetch(env, D);
    gb_check_f(D, ref, tol, (size_t)X);
    grade_case_end(env);
    free(h_A);
    free(h_B);
    free(ref);
    free(tol);
}

int main(int argc, char **argv)
{
    static const struct { int X, Y; size_t wg; unsigned seed; int small; } cases[] = {
        {1, 1, 16, 11, 1}, {63, 10, 64, 12, 1}, {65, 7, 64, 13, 1}, {101, 37, 32, 14, 1},
        {1000, 1, 256, 15, 1}, {4099, 300, 64, 16, 0},
#ifdef GRADE_HIDDEN /* the instructor's hidden cases: solutions/EX/instructor/hidden.h, never in the handout */
#include GRADE_HIDDEN
#endif
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, n + 1, &env);
    cl_program prog = grade_build(&env, "sq_dist.cl", "");
    cl_kernel k = grade_kernel(prog, "sq_dist");
    for (int i = 0; i < n; i++)
        if (grade_case(i, cases[i].small, "X=%d Y=%d, work-groups of %zu, seed %u", cases[i].X, cases[i].Y,
                       cases[i].wg, cases[i].seed))
            try_case(&env, k, cases[i].X, cases[i].Y, cases[i].wg, cases[i].seed);
    grade_answer(n, "answer.txt", 2, "round X up to a multiple of the work-group size");
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
