/* Checker for exercise 03-1: saxpy4 on lengths that 4 does and does not
 * divide, with sentinels past the end of y and NaN past the end of x. */
#include "grading.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define SENTINEL 12345.0f
#define PAD 8

static int try_case(clu_env *env, cl_kernel k, int n, size_t L, char *why, size_t whylen)
{
    size_t items = ((size_t)n + 3) / 4, global = clu_round_up(items, L);
    size_t len = (size_t)n + PAD;
    float *h_x = clu_malloc(len * sizeof(float), "x"), *h_y = clu_malloc(len * sizeof(float), "y");
    float *h_y0 = clu_malloc(len * sizeof(float), "y0");
    clu_fill_random(h_x, (size_t)n, 51, -1.0f, 1.0f);
    clu_fill_random(h_y, (size_t)n, 52, -1.0f, 1.0f);
    for (size_t i = (size_t)n; i < len; i++) {
        h_x[i] = NAN;
        h_y[i] = SENTINEL;
    }
    for (size_t i = 0; i < len; i++) h_y0[i] = h_y[i];
    float a = 1.5f;
    cl_mem d_x = grade_buffer(env, h_x, len * sizeof(float));
    cl_mem d_y = grade_buffer(env, h_y, len * sizeof(float));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof a, &a));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_x, &d_x));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_y, &d_y));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof n, &n));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &L, 0, NULL, NULL));
    grade_read(env, d_y, h_y, len * sizeof(float));
    int ok = 1;
    for (int i = 0; i < n && ok; i++) {
        double want = (double)a * h_x[i] + h_y0[i];
        if (!(fabs(h_y[i] - want) <= 1e-6 * (fabs(want) + 1.0))) {
            snprintf(why, whylen, "y[%d] is %g, expected %g", i, (double)h_y[i], want);
            ok = 0;
        }
    }
    for (size_t i = (size_t)n; i < len && ok; i++)
        if (h_y[i] != SENTINEL) {
            snprintf(why, whylen, "y[%zu] was written, but n is only %d", i, n);
            ok = 0;
        }
    clReleaseMemObject(d_x);
    clReleaseMemObject(d_y);
    free(h_x);
    free(h_y);
    free(h_y0);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { int n; size_t L; } cases[] = {
        {1, 1}, {3, 16}, {4, 16}, {5, 16}, {1000, 64}, {4099, 32}, {100003, 256},
    };
    const int ncases = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, ncases, &env);
    cl_program prog = clu_build(&env, grade_path("saxpy4.cl"), "");
    cl_kernel k = clu_kernel(prog, "saxpy4");
    for (int i = 0; i < ncases; i++) {
        char what[80], why[200] = "";
        snprintf(what, sizeof what, "n=%d work-group size %zu", cases[i].n, cases[i].L);
        grade(try_case(&env, k, cases[i].n, cases[i].L, why, sizeof why), what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
