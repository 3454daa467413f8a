/* Checker for exercise 02-1: the student's group_sum kernel on several
 * lengths and work-group sizes, compared with sums in double. */
#include "grading.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int try_case(clu_env *env, cl_kernel k, int n, size_t L, char *why, size_t whylen)
{
    size_t global = clu_round_up((size_t)n, L), groups = global / L;
    float *h_in = clu_malloc((size_t)n * sizeof(float), "in");
    float *h_part = clu_malloc(groups * sizeof(float), "partial");
    clu_fill_random(h_in, (size_t)n, 21, -1.0f, 1.0f);
    for (size_t g = 0; g < groups; g++) h_part[g] = NAN;
    cl_mem d_in = grade_buffer(env, h_in, (size_t)n * sizeof(float));
    cl_mem d_part = grade_buffer(env, h_part, groups * sizeof(float));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_in, &d_in));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_part, &d_part));
    CLU_CHECK(clSetKernelArg(k, 2, L * sizeof(float), NULL));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof n, &n));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &L, 0, NULL, NULL));
    CLU_CHECK(clEnqueueReadBuffer(env->queue, d_part, CL_TRUE, 0, groups * sizeof(float), h_part,
                                  0, NULL, NULL));
    int ok = 1;
    for (size_t g = 0; g < groups && ok; g++) {
        double s = 0, abs_s = 0;
        for (size_t i = g * L; i < (g + 1) * L && i < (size_t)n; i++) {
            s += h_in[i];
            abs_s += fabs((double)h_in[i]);
        }
        double bound = (double)(L + 1) * abs_s / 16777216.0 + 1e-30;
        if (!(fabs(h_part[g] - s) <= bound)) {
            snprintf(why, whylen, "partial[%zu] is %g, expected %g", g, (double)h_part[g], s);
            ok = 0;
        }
    }
    clReleaseMemObject(d_in);
    clReleaseMemObject(d_part);
    free(h_in);
    free(h_part);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { int n; size_t L; } cases[] = {
        {1, 1}, {1, 16}, {63, 64}, {65, 64}, {256, 256}, {1009, 128}, {5000, 32},
    };
    const int ncases = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, ncases, &env);
    cl_program prog = clu_build(&env, grade_path("group_sum.cl"), "");
    cl_kernel k = clu_kernel(prog, "group_sum");
    for (int i = 0; i < ncases; i++) {
        char what[80], why[200] = "";
        snprintf(what, sizeof what, "n=%d work-group size %zu", cases[i].n, cases[i].L);
        grade(try_case(&env, k, cases[i].n, cases[i].L, why, sizeof why), what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
