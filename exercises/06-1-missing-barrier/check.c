/* Checker for exercise 06-1: runs reverse_groups on several work-group sizes
 * and numbers of groups and compares with plain C; Oclgrind reports the
 * race of a missing barrier, and a barrier with only the global fence is
 * refused because the kernel shares __local data. */
#include "grading.h"

#include <stdio.h>

static void try_case(clu_env *env, cl_kernel k, size_t groups, size_t wg, unsigned seed)
{
    size_t n = groups * wg;
    float *h_in = grade_alloc(n * sizeof(float));
    double *ref = grade_alloc(n * sizeof(double));
    grade_fill_f(h_in, n, seed, -1.0f, 1.0f);
    for (size_t i = 0; i < n; i++) ref[i] = h_in[(i / wg) * wg + (wg - 1 - i % wg)];
    gbuf *in = gb_in(env, "in", GB_FLOAT, h_in, n);
    gbuf *out = gb_out(env, "out", GB_FLOAT, n);
    gb_arg(k, 0, in);
    gb_arg(k, 1, out);
    grade_arg(k, 2, wg * sizeof(float), NULL);
    grade_run(env, k, 1, &n, &wg);
    gb_fetch(env, out);
    gb_check_f(out, ref, NULL, n);
    grade_case_end(env);
    free(h_in);
    free(ref);
}

int main(int argc, char **argv)
{
    static const struct { size_t groups, wg; unsigned seed; int small; } cases[] = {
        {1, 2, 141, 1}, {1, 64, 142, 1}, {3, 32, 143, 1}, {2, 128, 144, 1}, {7, 64, 145, 0}, {16, 128, 146, 0},
        {5, 256, 147, 1}, {3, 100, 148, 1},
        /* wg = 0: the widest work-group the device allows (at most 1024) */
        {2, 0, 149, 1},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, n, &env);
    cl_program prog = grade_build(&env, "reverse.cl", "");
    cl_kernel k = grade_kernel(prog, "reverse_groups");
    const size_t widest = grade_widest_group(&env, k, 1024, 0);
    for (int i = 0; i < n; i++) {
        const size_t wg = cases[i].wg ? cases[i].wg : widest;
        if (grade_case(i, cases[i].small, "%zu groups of %zu work-items%s, seed %u", cases[i].groups, wg,
                       cases[i].wg ? "" : " (the widest here)", cases[i].seed))
            try_case(&env, k, cases[i].groups, wg, cases[i].seed);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
