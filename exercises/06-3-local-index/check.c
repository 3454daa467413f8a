/* Checker for exercise 06-3: transposes matrices of several shapes, whole
 * tiles and partial ones, 1 x 1 and one less and one more than a tile, and
 * compares with plain C; both matrices end exactly where they should. Then
 * the statement's "writes along rows": the kernel runs on a 16 x 16 matrix
 * with work-groups of 16 x 1, a single row of work-items, and the elements
 * of out it writes must be adjacent ones of one row (a kernel that swaps
 * its output coordinates writes the same values down a column instead). */
#include "grading.h"

#include <stdio.h>
#include <string.h>

/* One transpose, compared with plain C; `end`: finish the check too. */
static void try_case(clu_env *env, cl_kernel k, int rows, int cols, unsigned seed, int end)
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
    if (end) grade_case_end(env);
    free(h_in);
    free(ref);
}

/* Which elements one row of 16 work-items writes: only those are looked
 * at, not their values (the rest of the tile was never loaded). */
static void try_rows(clu_env *env, cl_kernel k)
{
    try_case(env, k, 16, 16, 167, 0); /* a right transpose first: where it writes matters only then */
    if (!grade_ok()) {
        grade_case_end(env);
        return;
    }
    const int rows = 16, cols = 16;
    const size_t n = 256;
    float *h_in = grade_alloc(n * sizeof(float));
    grade_fill_f(h_in, n, 167, -1.0f, 1.0f);
    gbuf *in = gb_in(env, "in", GB_FLOAT, h_in, n);
    gbuf *out = gb_out(env, "out", GB_FLOAT, n);
    gb_arg(k, 0, in);
    gb_arg(k, 1, out);
    grade_arg(k, 2, sizeof rows, &rows);
    grade_arg(k, 3, sizeof cols, &cols);
    size_t global[2] = {16, 1}, local[2] = {16, 1};
    grade_run(env, k, 2, global, local);
    const unsigned char *got = gb_fetch(env, out);
    const unsigned char *before = out->init;
    int written = 0, in_row0 = 0, first_r = -1, first_c = -1;
    for (size_t e = 0; e < n; e++)
        if (memcmp(got + 4 * e, before + 4 * e, 4) != 0) {
            written++;
            in_row0 += e < 16;
            if (first_r < 0) first_r = (int)(e / 16), first_c = (int)(e % 16);
        }
    if (grade_ok() && (written != 16 || in_row0 != 16))
        grade_fail("the 16 work-items of one row of a work-group wrote %d elements of out, %d of them in its row 0 "
                   "(the first at out[%d][%d]): the writes do not go along a row of out, as the statement asks (for "
                   "adjacent addresses, lx must pick the column of out: swap the tile's indices, not out's)",
                   written, in_row0, first_r, first_c);
    grade_case_end(env);
    free(h_in);
}

int main(int argc, char **argv)
{
    static const struct { int rows, cols; unsigned seed; int small; } cases[] = {
        {1, 5, 161, 1}, {16, 16, 162, 1}, {15, 17, 163, 1}, {20, 37, 164, 0}, {64, 48, 165, 1}, {100, 3, 166, 1},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, n + 1, &env);
    cl_program prog = grade_build(&env, "transpose.cl", "");
    cl_kernel k = grade_kernel(prog, "transpose");
    for (int i = 0; i < n; i++)
        if (grade_case(i, cases[i].small, "%d x %d matrix, seed %u", cases[i].rows, cases[i].cols, cases[i].seed))
            try_case(&env, k, cases[i].rows, cases[i].cols, cases[i].seed, 1);
    if (grade_case(n, 0, "a right transpose whose writes go along rows: one row of 16 work-items writes 16 adjacent "
                         "elements of one row of out"))
        try_rows(&env, k);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
