/* Checker for exercise 03-2: cmul against complex products in double, on
 * lengths the work-group size does and does not divide. */
#include "grading.h"

#include <math.h>
#include <stdio.h>

static void set_args(cl_kernel k, gbuf *a, gbuf *b, gbuf *c, int n)
{
    gb_arg(k, 0, a);
    gb_arg(k, 1, b);
    gb_arg(k, 2, c);
    grade_arg(k, 3, sizeof n, &n);
}

static void try_case(clu_env *env, cl_kernel k, int n, size_t L, unsigned seed)
{
    size_t global = clu_round_up((size_t)n, L), f = 2 * (size_t)n;
    float *h_a = grade_alloc(f * sizeof(float)), *h_b = grade_alloc(f * sizeof(float));
    double *ref = grade_alloc(f * sizeof(double)), *tol = grade_alloc(f * sizeof(double));
    grade_fill_f(h_a, f, seed, -2.0f, 2.0f);
    grade_fill_f(h_b, f, seed + 100, -2.0f, 2.0f);
    for (int i = 0; i < n; i++) {
        double ar = h_a[2 * i], ai = h_a[2 * i + 1], br = h_b[2 * i], bi = h_b[2 * i + 1];
        ref[2 * i] = ar * br - ai * bi;
        ref[2 * i + 1] = ar * bi + ai * br;
        tol[2 * i] = tol[2 * i + 1] = 4e-7 * (fabs(ar * br) + fabs(ai * bi) + fabs(ar * bi) + fabs(ai * br)) + 1e-30;
    }
    gbuf *a = gb_in(env, "a", GB_FLOAT, h_a, f);
    gbuf *b = gb_in(env, "b", GB_FLOAT, h_b, f);
    gbuf *c = gb_out(env, "c", GB_FLOAT, f);
    a->vec = b->vec = c->vec = 2;
    set_args(k, a, b, c, n);
    grade_run(env, k, 1, &global, &L);
    gb_fetch(env, c);
    gb_check_f(c, ref, tol, f);
    grade_case_end(env);
    free(h_a);
    free(h_b);
    free(ref);
    free(tol);
}

int main(int argc, char **argv)
{
    static const struct { int n; size_t L; unsigned seed; int small; } cases[] = {
        {1, 1, 61, 1}, {7, 16, 62, 1}, {63, 64, 63, 1}, {65, 64, 64, 1}, {101, 32, 65, 1},
        {1000, 128, 66, 0}, {100003, 256, 67, 0}, {2053, 256, 68, 1},
    };
    const int ncases = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, ncases + 1, &env);
    cl_program prog = grade_build(&env, "cmul.cl", "");
    cl_kernel k = grade_kernel(prog, "cmul");
    for (int i = 0; i < ncases; i++)
        if (grade_case(i, cases[i].small, "n=%d, work-groups of %zu, seed %u", cases[i].n, cases[i].L, cases[i].seed))
            try_case(&env, k, cases[i].n, cases[i].L, cases[i].seed);
    /* The speed tier, timed on this check: 24 bytes moved per product. */
    if (grade_case(ncases, 0, "n=%d, work-groups of 256, seed 69: the size the speed tier is timed at", 1 << 21)) {
        grade_timed_check(grade_yard_copy((size_t)12 << 21), "a float4 copy of the same 48 MiB of traffic", 0.7, 0.45,
                          0.2);
        try_case(&env, k, 1 << 21, 256, 69);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
