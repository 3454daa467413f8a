/* Checker for exercise 08-3: multiply_range launched with a global work
 * offset on chunks at the start, the middle and the end of arrays of n
 * elements, with chunk lengths of 1, one less and one more than a work-group,
 * primes and a large one. Every element of z outside the chunk must keep
 * what it held; x, y and z lie in guard zones (exactly n long under
 * Oclgrind), so a work-item past the end of the arrays shows too. */
#include "grading.h"

#include <stdio.h>

static void try_case(clu_env *env, cl_kernel k, int n, int first, int count, size_t wg, unsigned seed)
{
    float *h_x = grade_alloc((size_t)n * sizeof(float)), *h_y = grade_alloc((size_t)n * sizeof(float));
    float *h_z = grade_alloc((size_t)n * sizeof(float));
    double *ref = grade_alloc((size_t)n * sizeof(double));
    grade_fill_f(h_x, (size_t)n, seed, -4.0f, 4.0f);
    grade_fill_f(h_y, (size_t)n, seed + 1, -4.0f, 4.0f);
    grade_fill_f(h_z, (size_t)n, seed + 2, 100.0f, 200.0f); /* what must stay outside the chunk */
    const int end = first + count;
    for (int i = 0; i < n; i++) ref[i] = i >= first && i < end ? (double)(h_x[i] * h_y[i]) : (double)h_z[i];
    gbuf *x = gb_in(env, "x", GB_FLOAT, h_x, (size_t)n), *y = gb_in(env, "y", GB_FLOAT, h_y, (size_t)n);
    gbuf *z = gb_inout(env, "z", GB_FLOAT, h_z, (size_t)n);
    gb_arg(k, 0, x);
    gb_arg(k, 1, y);
    gb_arg(k, 2, z);
    grade_arg(k, 3, sizeof end, &end);
    /* grade_run() has no offset: the launch the exercise is about, by hand */
    size_t offset = (size_t)first, global = clu_round_up((size_t)count, wg);
    cl_int err = clEnqueueNDRangeKernel(env->queue, k, 1, &offset, &global, &wg, 0, NULL, NULL);
    if (err != CL_SUCCESS) grade_fail("the kernel could not be launched: %s", clu_error_name(err));
    else if ((err = clFinish(env->queue)) != CL_SUCCESS) grade_fail("the kernel failed while it ran: %s", clu_error_name(err));
    const float *got = gb_fetch(env, z);
    for (int i = 0; i < n && grade_ok(); i++) { /* outside the chunk first: it names the bug best */
        if (i < first && got[i] != h_z[i])
            grade_fail("z[%d] was written, but the chunk is [%d, %d): an index before the chunk (get_global_id(0) "
                       "already includes the offset; is the offset taken away, or the local id used?)", i, first, end);
        else if (i >= end && got[i] != h_z[i])
            grade_fail("z[%d] was written, but the chunk is [%d, %d): a work-item past the chunk's end wrote (the "
                       "guard must keep the index below `end`)", i, first, end);
    }
    for (int i = first; i < end && grade_ok(); i++)
        if (got[i] == h_z[i] && got[i] != (float)ref[i])
            grade_fail("z[%d] was never written, expected x[%d]*y[%d] = %.9g: no work-item of the chunk wrote it "
                       "(the offset added twice, or a guard that stops too early?)", i, i, i, ref[i]);
    gb_check_f(z, ref, NULL, (size_t)n);
    grade_case_end(env);
    free(h_x);
    free(h_y);
    free(h_z);
    free(ref);
}

int main(int argc, char **argv)
{
    static const struct { int n, first, count; size_t wg; int small; } cases[] = {
        {1, 0, 1, 1, 1},      {200, 37, 63, 64, 1},   {300, 100, 65, 64, 1},       {1000, 999, 1, 8, 1},
        {1000, 0, 1000, 7, 1}, {1009, 500, 509, 256, 1}, {100003, 50000, 50003, 256, 0}, {100003, 17, 65536, 128, 0},
    };
    const int nc = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, nc, &env);
    grade_oclgrind_unoptimised(); /* a load before the guard, sunk under it by the optimiser, still counts */
    cl_program prog = grade_build(&env, "range.cl", "");
    cl_kernel k = grade_kernel(prog, "multiply_range");
    for (int i = 0; i < nc; i++)
        if (grade_case(i, cases[i].small, "n=%d, chunk [%d, %d), work-groups of %zu", cases[i].n, cases[i].first,
                       cases[i].first + cases[i].count, cases[i].wg))
            try_case(&env, k, cases[i].n, cases[i].first, cases[i].count, cases[i].wg, 81u + (unsigned)i);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
