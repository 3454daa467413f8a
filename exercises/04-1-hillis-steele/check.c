/* Checker for exercise 04-1: the student's Hillis-Steele step, run in one
 * work-group of 1 to 256 work-items on lengths that are and are not powers
 * of two, against a serial inclusive scan; Oclgrind watches the two local
 * buffers for races. A single work-group: speed is not this exercise's point. */
#include "grading.h"

#include <stdio.h>

static void try_case(clu_env *env, cl_kernel k, cl_uint n, size_t wg, unsigned seed)
{
    int *h_in = grade_alloc(n * sizeof(int)), *ref = grade_alloc(n * sizeof(int));
    grade_fill_i(h_in, n, seed, 1, 9); /* never 0: a skipped step shows */
    int sum = 0;
    for (cl_uint i = 0; i < n; i++) ref[i] = sum += h_in[i];
    gbuf *in = gb_in(env, "in", GB_INT, h_in, n);
    gbuf *out = gb_out(env, "out", GB_INT, n);
    gb_arg(k, 0, in);
    gb_arg(k, 1, out);
    grade_arg(k, 2, sizeof n, &n);
    grade_arg(k, 3, wg * sizeof(int), NULL);
    grade_arg(k, 4, wg * sizeof(int), NULL);
    grade_run(env, k, 1, &wg, &wg);
    gb_fetch(env, out);
    gb_check_i(out, ref, n);
    grade_case_end(env);
    free(h_in);
    free(ref);
}

int main(int argc, char **argv)
{
    static const struct { cl_uint n; size_t wg; unsigned seed; int small; } cases[] = {
        {1, 2, 81, 1}, {2, 2, 82, 1}, {7, 8, 83, 1}, {63, 64, 84, 1}, {64, 64, 85, 1}, {65, 128, 86, 0},
        {100, 128, 87, 0}, {255, 256, 88, 1}, {256, 256, 89, 1},
    };
    const int count = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, count, &env);
    cl_program prog = grade_build(&env, "hs_scan.cl", "");
    cl_kernel k = grade_kernel(prog, "hs_scan");
    for (int i = 0; i < count; i++)
        if (grade_case(i, cases[i].small, "n=%u in one work-group of %zu, seed %u", cases[i].n, cases[i].wg,
                       cases[i].seed))
            try_case(&env, k, cases[i].n, cases[i].wg, cases[i].seed);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
