/* Checker for exercise 06-1: runs reverse_groups on several work-group
 * sizes and numbers of groups and compares with plain C. */
#include "grading.h"

#include <stdio.h>
#include <stdlib.h>

/* Returns 1 if every element is where it belongs. */
static int try_size(clu_env *env, cl_kernel k, size_t groups, size_t wg, char *why, size_t whylen)
{
    size_t n = groups * wg;
    float *h_in = malloc(n * sizeof(float)), *h_out = malloc(n * sizeof(float));
    clu_fill_random(h_in, n, 61, -1.0f, 1.0f);
    cl_int err;
    cl_mem d_in = grade_buffer(env, h_in, n * sizeof(float));
    cl_mem d_out = clCreateBuffer(env->context, CL_MEM_WRITE_ONLY, n * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_in, &d_in));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_out, &d_out));
    CLU_CHECK(clSetKernelArg(k, 2, wg * sizeof(float), NULL));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &n, &wg, 0, NULL, NULL));
    grade_read(env, d_out, h_out, n * sizeof(float));
    int ok = 1;
    for (size_t i = 0; i < n && ok; i++) {
        size_t g = i / wg, want = g * wg + (wg - 1 - i % wg);
        if (h_out[i] != h_in[want]) {
            snprintf(why, whylen, "out[%zu] is %g, expected in[%zu] = %g", i, (double)h_out[i], want,
                     (double)h_in[want]);
            ok = 0;
        }
    }
    clReleaseMemObject(d_in);
    clReleaseMemObject(d_out);
    free(h_in);
    free(h_out);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { size_t groups, wg; } cases[] = {
        {1, 64}, {7, 64}, {16, 128}, {5, 256},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, n, &env);
    cl_program prog = clu_build(&env, grade_path("reverse.cl"), "");
    cl_kernel k = clu_kernel(prog, "reverse_groups");
    for (int i = 0; i < n; i++) {
        char what[80], why[200] = "";
        snprintf(what, sizeof what, "%zu groups of %zu work-items", cases[i].groups, cases[i].wg);
        clu_check_wgsize(&env, k, cases[i].wg);
        int ok = try_size(&env, k, cases[i].groups, cases[i].wg, why, sizeof why);
        grade(ok, what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
