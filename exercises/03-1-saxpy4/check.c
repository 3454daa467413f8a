/* Checker for exercise 03-1: saxpy4 on lengths that 4 does and does not
 * divide. x and y end exactly at n: a whole vload4 or vstore4 past the end
 * in the tail reads or writes outside them (Oclgrind reports it; on the
 * device the guard zone's NaN or a changed guard shows it). */
#include "grading.h"

#include <math.h>
#include <stdio.h>

static void set_args(cl_kernel k, float a, gbuf *x, gbuf *y, int n)
{
    grade_arg(k, 0, sizeof a, &a);
    gb_arg(k, 1, x);
    gb_arg(k, 2, y);
    grade_arg(k, 3, sizeof n, &n);
}

static void try_case(clu_env *env, cl_kernel k, int n, size_t L, unsigned seed)
{
    size_t items = ((size_t)n + 3) / 4, global = clu_round_up(items, L);
    float *h_x = grade_alloc((size_t)n * sizeof(float)), *h_y = grade_alloc((size_t)n * sizeof(float));
    double *ref = grade_alloc((size_t)n * sizeof(double)), *tol = grade_alloc((size_t)n * sizeof(double));
    grade_fill_f(h_x, (size_t)n, seed, -1.0f, 1.0f);
    grade_fill_f(h_y, (size_t)n, seed + 100, -1.0f, 1.0f);
    const float a = 1.5f;
    for (int i = 0; i < n; i++) {
        ref[i] = (double)a * h_x[i] + h_y[i];
        tol[i] = 1e-6 * (fabs(ref[i]) + 1.0);
    }
    gbuf *x = gb_in(env, "x", GB_FLOAT, h_x, (size_t)n);
    gbuf *y = gb_inout(env, "y", GB_FLOAT, h_y, (size_t)n);
    set_args(k, a, x, y, n);
    grade_run(env, k, 1, &global, &L);
    gb_fetch(env, y);
    gb_check_f(y, ref, tol, (size_t)n);
    grade_case_end(env);
    free(h_x);
    free(h_y);
    free(ref);
    free(tol);
}

int main(int argc, char **argv)
{
    static const struct { int n; size_t L; unsigned seed; int small; } cases[] = {
        {1, 1, 51, 1}, {3, 16, 52, 1}, {4, 16, 53, 1}, {5, 16, 54, 1}, {63, 16, 55, 1}, {257, 64, 56, 1},
        {1001, 64, 57, 1}, {4099, 32, 58, 0}, {100003, 256, 59, 0}, {4099, 256, 60, 1},
    };
    const int ncases = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, ncases + 1, &env);
    /* "the four elements as one float4 (vload4, vstore4)": a vector load and
     * a vector store, by vload4/vstore4 or through a float4 pointer */
    grade_require("(^|[^A-Za-z0-9_])vload4[[:space:]]*\\(|float4[[:space:]]*\\*",
                  "no vector load: the statement asks for the four elements 4i .. 4i+3 as one float4, "
                  "loaded with vload4 (one float at a time only in the tail)");
    grade_require("(^|[^A-Za-z0-9_])vstore4[[:space:]]*\\(|float4[[:space:]]*\\*",
                  "no vector store: the statement asks for the four results as one float4, stored with "
                  "vstore4 (one float at a time only in the tail)");
    cl_program prog = grade_build(&env, "saxpy4.cl", "");
    cl_kernel k = grade_kernel(prog, "saxpy4");
    for (int i = 0; i < ncases; i++)
        if (grade_case(i, cases[i].small, "n=%d, work-groups of %zu, seed %u", cases[i].n, cases[i].L, cases[i].seed))
            try_case(&env, k, cases[i].n, cases[i].L, cases[i].seed);
    /* The speed tier, timed on this check: 3 floats moved per element. */
    if (grade_case(ncases, 0, "n=%d, work-groups of 256, seed 61: the size the speed tier is timed at", 1 << 22)) {
        grade_timed_check(grade_yard_copy((size_t)6 << 22), "a float4 copy of the same 48 MiB of traffic", 0.7, 0.45,
                          0.2);
        try_case(&env, k, 1 << 22, 256, 61);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
