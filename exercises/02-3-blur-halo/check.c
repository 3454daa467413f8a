/* Checker for exercise 02-3: the student's blur3 kernel on lengths of 1, one
 * less and one more than a work-group, primes and a large one, against plain
 * C; the input buffer ends exactly at n, so a halo read past it shows. */
#include "grading.h"

#include <math.h>
#include <stdio.h>

static void set_args(cl_kernel k, gbuf *in, gbuf *out, int n, size_t L)
{
    gb_arg(k, 0, in);
    gb_arg(k, 1, out);
    grade_arg(k, 2, sizeof n, &n);
    grade_arg(k, 3, (L + 2) * sizeof(float), NULL);
}

static void try_case(clu_env *env, cl_kernel k, int n, size_t L, unsigned seed)
{
    size_t global = clu_round_up((size_t)n, L);
    float *h_in = grade_alloc((size_t)n * sizeof(float));
    double *ref = grade_alloc((size_t)n * sizeof(double)), *tol = grade_alloc((size_t)n * sizeof(double));
    grade_fill_f(h_in, (size_t)n, seed, -1.0f, 1.0f);
    for (int i = 0; i < n; i++) {
        double l = i > 0 ? h_in[i - 1] : 0.0, r = i + 1 < n ? h_in[i + 1] : 0.0;
        ref[i] = (l + h_in[i] + r) / 3.0;
        tol[i] = 1e-6 * (fabs(l) + fabs(h_in[i]) + fabs(r)) + 1e-30;
    }
    gbuf *in = gb_in(env, "in", GB_FLOAT, h_in, (size_t)n);
    gbuf *out = gb_out(env, "out", GB_FLOAT, (size_t)n);
    set_args(k, in, out, n, L);
    grade_run(env, k, 1, &global, &L);
    gb_fetch(env, out);
    gb_check_f(out, ref, tol, (size_t)n);
    grade_case_end(env);
    free(h_in);
    free(ref);
    free(tol);
}

int main(int argc, char **argv)
{
    static const struct { int n; size_t L; unsigned seed; int small; } cases[] = {
        {1, 1, 41, 1}, {2, 16, 42, 1}, {63, 64, 43, 1}, {64, 64, 44, 1}, {65, 64, 45, 1}, {101, 32, 46, 1},
        {1000, 128, 47, 0}, {100003, 256, 48, 0}, {2053, 256, 49, 1}, {1001, 96, 50, 1},
        /* L = 0: the widest work-group the device allows (at most 1024); n = 0: 2L + 3 */
        {0, 0, 51, 1}, {100003, 0, 52, 0},
    };
    const int ncases = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, ncases + 1, &env);
    cl_program prog = grade_build(&env, "blur3.cl", "");
    cl_kernel k = grade_kernel(prog, "blur3");
    const size_t widest = grade_widest_group(&env, k, 1024, 0);
    for (int i = 0; i < ncases; i++) {
        const size_t L = cases[i].L ? cases[i].L : widest;
        const int n = cases[i].n ? cases[i].n : (int)(2 * L + 3);
        if (grade_case(i, cases[i].small, "n=%d, work-groups of %zu%s, seed %u", n, L,
                       cases[i].L ? "" : " (the widest here)", cases[i].seed))
            try_case(&env, k, n, L, cases[i].seed);
    }
    /* The speed tier, timed on this check: 16 MiB in and out. */
    if (grade_case(ncases, 0, "n=%d, work-groups of 256, seed 50: the size the speed tier is timed at", 1 << 22)) {
        grade_timed_check(grade_yard_local((size_t)1 << 22, 256, 1, 1),
                          "16 MiB in and out through local memory past one barrier", 0.8, 0.5, 0.25);
        try_case(&env, k, 1 << 22, 256, 50);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
