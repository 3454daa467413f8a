/* Checker for exercise 04-4: the student's scan_segments on lengths of 1,
 * one less and one more than a segment, primes and a large one, in
 * work-groups of 1 to 256 and the widest the device allows, against an exclusive scan of each segment of
 * 2·L elements and its total, in whole numbers (so every sum is exact); the
 * scratch buffer temp is guarded, so a segment that reaches into the next
 * group's part shows. The fence is checked on the source as well: on PoCL
 * and under Oclgrind a barrier with only the local fence happens to order
 * global memory too, on a GPU it need not. */
#include "grading.h"

#include <stdio.h>

static void try_case(clu_env *env, cl_kernel k, int n, size_t L, unsigned seed)
{
    const size_t S = 2 * L, groups = ((size_t)n + S - 1) / S;
    float *h_in = grade_alloc((size_t)n * sizeof(float));
    double *ref = grade_alloc((size_t)n * sizeof(double)), *ref_sums = grade_alloc(groups * sizeof(double));
    int *ints = grade_alloc((size_t)n * sizeof(int));
    grade_fill_i(ints, (size_t)n, seed, -100, 100);
    for (int i = 0; i < n; i++) h_in[i] = (float)ints[i];
    for (size_t g = 0; g < groups; g++) {
        double run = 0;
        for (size_t i = g * S; i < (g + 1) * S && i < (size_t)n; i++) {
            ref[i] = run; /* exclusive: the sum of the segment's elements before i */
            run += h_in[i];
        }
        ref_sums[g] = run;
    }
    gbuf *in = gb_in(env, "in", GB_FLOAT, h_in, (size_t)n);
    gbuf *out = gb_out(env, "out", GB_FLOAT, (size_t)n);
    gbuf *temp = gb_out(env, "temp", GB_FLOAT, groups * S);
    gbuf *sums = gb_out(env, "sums", GB_FLOAT, groups);
    gb_arg(k, 0, in);
    gb_arg(k, 1, out);
    gb_arg(k, 2, temp);
    gb_arg(k, 3, sums);
    grade_arg(k, 4, sizeof n, &n);
    size_t global = groups * L;
    grade_run(env, k, 1, &global, &L);
    gb_fetch(env, out);
    gb_fetch(env, sums);
    if (gb_check_f(out, ref, NULL, (size_t)n)) gb_check_f(sums, ref_sums, NULL, groups);
    grade_case_end(env);
    free(h_in);
    free(ref);
    free(ref_sums);
    free(ints);
}

int main(int argc, char **argv)
{
    static const struct { int n; size_t L; unsigned seed; int small; } cases[] = {
        {1, 1, 171, 1}, {2, 1, 172, 1}, {7, 4, 173, 1}, {63, 32, 174, 1}, {64, 32, 175, 1}, {65, 32, 176, 1},
        {1000, 64, 177, 0}, {4097, 128, 178, 0}, {100003, 256, 179, 0}, {2053, 256, 180, 1},
        /* L = 0: the widest power-of-two work-group the device allows (at most 1024), n = 0: two segments and 3 */
        {0, 0, 181, 1}, {100003, 0, 182, 0},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, n, &env);
    cl_program prog = grade_build(&env, "scan_segments.cl", "");
    cl_kernel k = grade_kernel(prog, "scan_segments");
    const size_t widest = grade_widest_group(&env, k, 1024, 1);
    for (int i = 0; i < n; i++) {
        const size_t L = cases[i].L ? cases[i].L : widest;
        const int len = cases[i].n ? cases[i].n : (int)(4 * L + 3);
        if (grade_case(i, cases[i].small, "n=%d, work-groups of %zu%s(segments of %zu), seed %u", len, L,
                       cases[i].L ? " " : ", the widest here ", 2 * L, cases[i].seed))
            try_case(&env, k, len, L, cases[i].seed);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
