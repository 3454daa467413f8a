/* Checker for exercise 04-1: the student's Hillis-Steele step, run in one
 * work-group for several sizes, compared with a serial inclusive scan. */
#include "grading.h"

#include <stdio.h>
#include <stdlib.h>

#define SENTINEL 424242

static int try_case(clu_env *env, cl_kernel k, cl_uint n, size_t wg, char *why, size_t whylen)
{
    int *h_in = malloc(n * sizeof(int)), *h_out = malloc(wg * sizeof(int));
    clu_fill_random_int(h_in, n, 41 + n, 1, 9); /* never 0: a skipped step shows */
    for (size_t i = 0; i < wg; i++) h_out[i] = SENTINEL;
    cl_mem d_in = grade_buffer(env, h_in, n * sizeof(int));
    cl_mem d_out = grade_buffer(env, h_out, wg * sizeof(int));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_in, &d_in));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_out, &d_out));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof n, &n));
    CLU_CHECK(clSetKernelArg(k, 3, wg * sizeof(int), NULL));
    CLU_CHECK(clSetKernelArg(k, 4, wg * sizeof(int), NULL));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &wg, &wg, 0, NULL, NULL));
    grade_read(env, d_out, h_out, wg * sizeof(int));
    int ok = 1, sum = 0;
    for (cl_uint i = 0; i < n && ok; i++) {
        sum += h_in[i];
        if (h_out[i] != sum) {
            snprintf(why, whylen, "out[%u] is %d, expected %d", i, h_out[i], sum);
            ok = 0;
        }
    }
    for (size_t i = n; i < wg && ok; i++)
        if (h_out[i] != SENTINEL) {
            snprintf(why, whylen, "out[%zu] was written, but n is only %u", i, n);
            ok = 0;
        }
    clReleaseMemObject(d_in);
    clReleaseMemObject(d_out);
    free(h_in);
    free(h_out);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { cl_uint n; size_t wg; } cases[] = {
        {2, 2}, {7, 8}, {64, 64}, {100, 128}, {255, 256}, {256, 256},
    };
    const int count = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, count, &env);
    cl_program prog = clu_build(&env, grade_path("hs_scan.cl"), "");
    cl_kernel k = clu_kernel(prog, "hs_scan");
    for (int i = 0; i < count; i++) {
        char what[80], why[200] = "";
        snprintf(what, sizeof what, "n=%u in a work-group of %zu", cases[i].n, cases[i].wg);
        int ok = try_case(&env, k, cases[i].n, cases[i].wg, why, sizeof why);
        grade(ok, what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
