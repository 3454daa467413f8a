/* Checker for exercise 02-1: the student's group_sum kernel on lengths of 1,
 * one less and one more than a work-group, primes and a large one, work-group
 * sizes 1 to 256, against sums in double; Oclgrind watches the barriers. */
#include "grading.h"

#include <math.h>
#include <stdio.h>

static void set_args(cl_kernel k, gbuf *in, gbuf *part, size_t L, int n)
{
    gb_arg(k, 0, in);
    gb_arg(k, 1, part);
    grade_arg(k, 2, L * sizeof(float), NULL);
    grade_arg(k, 3, sizeof n, &n);
}

static void try_case(clu_env *env, cl_kernel k, int n, size_t L, unsigned seed)
{
    size_t global = clu_round_up((size_t)n, L), groups = global / L;
    float *h_in = grade_alloc((size_t)n * sizeof(float));
    double *ref = grade_alloc(groups * sizeof(double)), *tol = grade_alloc(groups * sizeof(double));
    grade_fill_f(h_in, (size_t)n, seed, -1.0f, 1.0f);
    for (size_t g = 0; g < groups; g++) {
        double s = 0, a = 0;
        for (size_t i = g * L; i < (g + 1) * L && i < (size_t)n; i++) {
            s += h_in[i];
            a += fabs((double)h_in[i]);
        }
        ref[g] = s;
        tol[g] = grade_sum_tol(L, a);
    }
    gbuf *in = gb_in(env, "in", GB_FLOAT, h_in, (size_t)n);
    gbuf *part = gb_out(env, "partial", GB_FLOAT, groups);
    set_args(k, in, part, L, n);
    grade_run(env, k, 1, &global, &L);
    gb_fetch(env, part);
    gb_check_f(part, ref, tol, groups);
    grade_case_end(env);
    free(h_in);
    free(ref);
    free(tol);
}

int main(int argc, char **argv)
{
    static const struct { int n; size_t L; unsigned seed; int small; } cases[] = {
        {1, 1, 21, 1}, {1, 16, 22, 1}, {63, 64, 23, 1}, {65, 64, 24, 1}, {257, 128, 25, 1},
        {1009, 128, 26, 0}, {5000, 32, 27, 0}, {100003, 256, 28, 0}, {2053, 256, 29, 1},
        /* L = 0: the widest work-group the device allows (at most 1024), n = 0: 2L + 3 */
        {0, 0, 30, 1}, {100003, 0, 31, 0},
    };
    const int ncases = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, ncases + 1, &env);
    cl_program prog = grade_build(&env, "group_sum.cl", "");
    cl_kernel k = grade_kernel(prog, "group_sum");
    const size_t widest = grade_widest_group(&env, k, 1024, 1);
    for (int i = 0; i < ncases; i++) {
        const size_t L = cases[i].L ? cases[i].L : widest;
        const int n = cases[i].n ? cases[i].n : (int)(2 * L + 3);
        if (grade_case(i, cases[i].small, "n=%d, work-groups of %zu%s, seed %u", n, L,
                       cases[i].L ? "" : " (the widest here)", cases[i].seed))
            try_case(&env, k, n, L, cases[i].seed);
    }
    /* The speed tier, timed on this check: one pass over 16 MiB against the same
     * reads, local stores and 8 barriers without the sums. */
    if (grade_case(ncases, 0, "n=%d, work-groups of 256, seed 30: the size the speed tier is timed at", 1 << 22)) {
        grade_timed_check(grade_yard_local((size_t)1 << 22, 256, 8, 0), "16 MiB staged through local memory past 8 barriers",
                          0.8, 0.5, 0.25);
        try_case(&env, k, 1 << 22, 256, 30);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
