/* Checker for exercise 06-2: runs row_sums on shapes whose number of rows is
 * never a multiple of the work-group size, with M and out exactly as long as
 * the matrix, against plain C in double. Also the lesson's question. */
#include "grading.h"

#include <math.h>
#include <stdio.h>

static void try_case(clu_env *env, cl_kernel k, int rows, int cols, size_t wg, unsigned seed)
{
    size_t global = clu_round_up((size_t)rows, wg), cells = (size_t)rows * (size_t)cols;
    float *h_M = grade_alloc(cells * sizeof(float));
    double *ref = grade_alloc((size_t)rows * sizeof(double)), *tol = grade_alloc((size_t)rows * sizeof(double));
    grade_fill_f(h_M, cells, seed, -1.0f, 1.0f);
    for (int r = 0; r < rows; r++) {
        double s = 0, a = 0;
        for (int c = 0; c < cols; c++) {
            s += h_M[(size_t)r * cols + c];
            a += fabs((double)h_M[(size_t)r * cols + c]);
        }
        ref[r] = s;
        tol[r] = grade_sum_tol((size_t)cols, a);
    }
    gbuf *M = gb_in(env, "M", GB_FLOAT, h_M, cells);
    gbuf *out = gb_out(env, "out", GB_FLOAT, (size_t)rows);
    M->cols = (size_t)cols;
    gb_arg(k, 0, M);
    gb_arg(k, 1, out);
    grade_arg(k, 2, sizeof rows, &rows);
    grade_arg(k, 3, sizeof cols, &cols);
    grade_run(env, k, 1, &global, &wg);
    gb_fetch(env, out);
    gb_check_f(out, ref, tol, (size_t)rows);
    grade_case_end(env);
    free(h_M);
    free(ref);
    free(tol);
}

int main(int argc, char **argv)
{
    static const struct { int rows, cols; size_t wg; unsigned seed; int small; } cases[] = {
        {1, 5, 16, 151, 1}, {63, 10, 64, 152, 1}, {65, 3, 64, 153, 1}, {101, 37, 32, 154, 1},
        {1000, 3, 256, 155, 1}, {4099, 17, 64, 156, 0},
#ifdef GRADE_HIDDEN /* the instructor's hidden cases: solutions/EX/instructor/hidden.h, never in the handout */
#include GRADE_HIDDEN
#endif
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, n + 1, &env);
    cl_program prog = grade_build(&env, "row_sums.cl", "");
    cl_kernel k = grade_kernel(prog, "row_sums");
    for (int i = 0; i < n; i++)
        if (grade_case(i, cases[i].small, "%d x %d matrix, work-groups of %zu, seed %u", cases[i].rows,
                       cases[i].cols, cases[i].wg, cases[i].seed))
            try_case(&env, k, cases[i].rows, cases[i].cols, cases[i].wg, cases[i].seed);
    grade_answer(n, "answer.txt", 1, "list the work-items that pass the check but have no row");
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
