/* Checker for exercise 02-2: the student's tiled sq_dist kernel on sizes that
 * the work-group size does and does not divide, two seeds each, against
 * plain C in double; Oclgrind watches both barriers. Also the lesson's
 * question, and a speed tier against a multiply-add yardstick. */
#include "grading.h"

#include <stdio.h>

static void set_args(cl_kernel k, gbuf *A, gbuf *B, gbuf *D, int X, int Y, size_t L)
{
    gb_arg(k, 0, A);
    gb_arg(k, 1, B);
    gb_arg(k, 2, D);
    grade_arg(k, 3, sizeof X, &X);
    grade_arg(k, 4, sizeof Y, &Y);
    grade_arg(k, 5, L * sizeof(float), NULL);
}

static void try_case(clu_env *env, cl_kernel k, int X, int Y, size_t L, unsigned seed)
{
    size_t global = clu_round_up((size_t)X, L);
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
    gbuf *A = gb_in(env, "A", GB_FLOAT, h_A, (size_t)X);
    gbuf *B = gb_in(env, "B", GB_FLOAT, h_B, (size_t)Y);
    gbuf *D = gb_out(env, "D", GB_FLOAT, (size_t)X);
    set_args(k, A, B, D, X, Y, L);
    grade_run(env, k, 1, &global, &L);
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
    static const struct { int X, Y; size_t L; unsigned seed; int small; } cases[] = {
        {1, 1, 1, 31, 1}, {63, 129, 64, 32, 1}, {65, 64, 64, 33, 1}, {101, 37, 32, 34, 1}, {31, 200, 16, 35, 1},
        {1000, 1000, 256, 36, 0}, {4099, 301, 32, 37, 0}, {1031, 130, 256, 38, 1}, {250, 333, 96, 39, 1},
        /* L = 0: the widest work-group the device allows (at most 1024); X = 0: 3, Y = 0: L/4 + 5 (small enough for Oclgrind) */
        {0, 0, 0, 40, 1}, {5000, 3001, 0, 41, 0},
#ifdef GRADE_HIDDEN /* the instructor's hidden cases: solutions/EX/instructor/hidden.h, never in the handout */
#include GRADE_HIDDEN
#endif
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, n + 2, &env);
    cl_program prog = grade_build(&env, "sq_dist_tiled.cl", "");
    cl_kernel k = grade_kernel(prog, "sq_dist_tiled");
    const size_t widest = grade_widest_group(&env, k, 1024, 0);
    for (int i = 0; i < n; i++) {
        const size_t L = cases[i].L ? cases[i].L : widest;
        const int X = cases[i].X ? cases[i].X : 3, Y = cases[i].Y ? cases[i].Y : (int)(L / 4 + 5);
        if (grade_case(i, cases[i].small, "X=%d Y=%d, work-groups of %zu%s, seed %u", X, Y, L,
                       cases[i].L ? "" : " (the widest here)", cases[i].seed))
            try_case(&env, k, X, Y, L, cases[i].seed);
    }
    grade_answer(n, "answer.txt", 2, "count the reads of B by the whole group, with and without the tile");
    /* The speed tier, timed on this check: X·Y subtractions and multiply-adds. */
    if (grade_case(n + 1, 0, "X=8192 Y=4096, work-groups of 256, seed 39: the size the speed tier is timed at")) {
        grade_timed_check(grade_yard_fma(2.0 * 8192 * 4096), "2·X·Y multiply-adds with no memory traffic", 0.4, 0.2,
                          0.08);
        try_case(&env, k, 8192, 4096, 256, 39);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
