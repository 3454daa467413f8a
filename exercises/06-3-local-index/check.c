/* Checker for exercise 06-3: transposes matrices of several shapes, whole
 * tiles and partial ones, 1 x 1 and one less and one more than a tile, and
 * compares with plain C; both matrices end exactly where they should. */
#include "grading.h"

#include <stdio.h>

static void try_case(clu_env *env, cl_kernel k, int rows, int cols, unsigned seed)
{
    size_t n = (size_t)rows * cols;
    float *h_in = grade_alloc(n * sizeof(float));
    double *ref = grade_alloc(n * sizeof(double));
    grade_fill_f(h_in, n, seed, -1.0f, 1.0f);
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) ref[(size_t)j * rows + i] = h_in[(size_t)i * cols + j];
    gbuf *in = gb_in(env, "in", GB_FLOAT, h_in, n);
    gbuf *out = gb_out(env, "out", GB_FLOAT, n);
    in->cols = (size_t)cols;
    out->cols = (size_t)rows;
    gb_arg(k, 0, in);
    gb_arg(k, 1, out);
    grade_arg(k, 2, sizeof rows, &rows);
    grade_arg(k, 3, sizeof cols, &cols);
    size_t global[2] = {clu_round_up((size_t)cols, 16), clu_round_up((size_t)rows, 16)}, local[2] = {16, 16};
    grade_run(env, k, 2, global, local);
    gb_fetch(env, out);
    gb_check_f(out, ref, NULL, n);
    grade_case_end(env);
    free(h_in);
    free(ref);
}

int main(int argc, char **argv)
{
    static const struct { int rows, cols; unsigned seed; int small; } cases[] = {
        {1, 5, 161, 1}, {16, 16, 162, 1}, {15, 17, 163, 1}, {20, 37, 164, 0}, {64, 48, 165, 0}, {100, 3, 166, 0},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, n, &env);
    cl_program prog = grade_build(&env, "transpose.cl", "");
    cl_kernel k = grade_kernel(prog, "transpose");
    for (int i = 0; i < n; i++)
        if (grade_case(i, cases[i].small, "%d x %d matrix, seed %u", cases[i].rows, cases[i].cols, cases[i].seed))
            try_case(&env, k, cases[i].rows, cases[i].cols, cases[i].seed);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
