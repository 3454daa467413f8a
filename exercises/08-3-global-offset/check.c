/* Checker for exercise 08-3: multiply_range launched with a global work
 * offset on chunks at the start, the middle and the end of the arrays,
 * with work-group sizes that do and do not divide the chunk; every element
 * outside the chunk, and past the arrays' end, must keep its sentinel. */
#include "grading.h"

#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define SLACK 64 /* sentinels past the end: a missing guard writes there */
#define SENTINEL -7777.0f

static int try_chunk(clu_env *env, cl_kernel k, int first, int count, size_t wg, char *why, size_t len)
{
    static float h_x[N + SLACK], h_y[N + SLACK], h_z[N + SLACK];
    clu_fill_exact(h_x, N + SLACK, 81, 50);
    clu_fill_exact(h_y, N + SLACK, 82, 50);
    for (int i = 0; i < N + SLACK; i++) h_z[i] = SENTINEL;
    cl_mem d_x = grade_buffer(env, h_x, sizeof h_x), d_y = grade_buffer(env, h_y, sizeof h_y);
    cl_mem d_z = grade_buffer(env, h_z, sizeof h_z);
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_x, &d_x));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_y, &d_y));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_z, &d_z));
    const int end = first + count;
    CLU_CHECK(clSetKernelArg(k, 3, sizeof end, &end));
    size_t offset = (size_t)first, global = clu_round_up((size_t)count, wg);
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, &offset, &global, &wg, 0, NULL, NULL));
    grade_read(env, d_z, h_z, sizeof h_z);
    int ok = 1;
    for (int i = 0; i < N + SLACK && ok; i++) {
        int inside = i >= first && i < first + count;
        float want = inside ? h_x[i] * h_y[i] : SENTINEL;
        if (h_z[i] != want) {
            if (inside) snprintf(why, len, "z[%d] is %g, expected x[%d]*y[%d] = %g", i, (double)h_z[i], i, i, (double)want);
            else snprintf(why, len, "z[%d] was changed to %g, but the chunk is [%d, %d)", i, (double)h_z[i], first, first + count);
            ok = 0;
        }
    }
    clReleaseMemObject(d_x);
    clReleaseMemObject(d_y);
    clReleaseMemObject(d_z);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { int first, count; size_t wg; } cases[] = {
        {0, 1, 1}, {37, 100, 64}, {500, 257, 256}, {999, 1, 8}, {128, 128, 128}, {0, 1000, 7},
    };
    const int nc = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, nc, &env);
    cl_program prog = clu_build(&env, grade_path("range.cl"), "");
    cl_kernel k = clu_kernel(prog, "multiply_range");
    for (int i = 0; i < nc; i++) {
        char what[96], why[200] = "";
        snprintf(what, sizeof what, "chunk [%d, %d), work-group %zu", cases[i].first, cases[i].first + cases[i].count,
                 cases[i].wg);
        clu_check_wgsize(&env, k, cases[i].wg);
        grade(try_chunk(&env, k, cases[i].first, cases[i].count, cases[i].wg, why, sizeof why), what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
