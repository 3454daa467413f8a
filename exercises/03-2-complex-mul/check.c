/* Checker for exercise 03-2: cmul against complex products in double. */
#include "grading.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define SENTINEL 12345.0f

static int try_case(clu_env *env, cl_kernel k, int n, size_t L, char *why, size_t whylen)
{
    size_t global = clu_round_up((size_t)n, L);
    float *h_a = clu_malloc(2 * (size_t)n * sizeof(float), "a");
    float *h_b = clu_malloc(2 * (size_t)n * sizeof(float), "b");
    float *h_c = clu_malloc(2 * global * sizeof(float), "c");
    clu_fill_random(h_a, 2 * (size_t)n, 61, -2.0f, 2.0f);
    clu_fill_random(h_b, 2 * (size_t)n, 62, -2.0f, 2.0f);
    for (size_t i = 0; i < 2 * global; i++) h_c[i] = SENTINEL;
    cl_mem d_a = grade_buffer(env, h_a, 2 * (size_t)n * sizeof(float));
    cl_mem d_b = grade_buffer(env, h_b, 2 * (size_t)n * sizeof(float));
    cl_mem d_c = grade_buffer(env, h_c, 2 * global * sizeof(float));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_a, &d_a));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_b, &d_b));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_c, &d_c));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof n, &n));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &L, 0, NULL, NULL));
    grade_read(env, d_c, h_c, 2 * global * sizeof(float));
    int ok = 1;
    for (int i = 0; i < n && ok; i++) {
        double ar = h_a[2 * i], ai = h_a[2 * i + 1], br = h_b[2 * i], bi = h_b[2 * i + 1];
        double re = ar * br - ai * bi, im = ar * bi + ai * br;
        double tol = 4e-7 * (fabs(ar * br) + fabs(ai * bi) + fabs(ar * bi) + fabs(ai * br)) + 1e-30;
        if (!(fabs(h_c[2 * i] - re) <= tol && fabs(h_c[2 * i + 1] - im) <= tol)) {
            snprintf(why, whylen, "c[%d] is (%g, %g), expected (%g, %g)", i, (double)h_c[2 * i],
                     (double)h_c[2 * i + 1], re, im);
            ok = 0;
        }
    }
    for (size_t i = 2 * (size_t)n; i < 2 * global && ok; i++)
        if (h_c[i] != SENTINEL) {
            snprintf(why, whylen, "c[%zu] was written, but n is only %d", i / 2, n);
            ok = 0;
        }
    clReleaseMemObject(d_a);
    clReleaseMemObject(d_b);
    clReleaseMemObject(d_c);
    free(h_a);
    free(h_b);
    free(h_c);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { int n; size_t L; } cases[] = {{1, 1}, {7, 16}, {64, 64}, {1000, 128}, {4099, 32}};
    const int ncases = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, ncases, &env);
    cl_program prog = clu_build(&env, grade_path("cmul.cl"), "");
    cl_kernel k = clu_kernel(prog, "cmul");
    for (int i = 0; i < ncases; i++) {
        char what[80], why[240] = "";
        snprintf(what, sizeof what, "n=%d work-group size %zu", cases[i].n, cases[i].L);
        grade(try_case(&env, k, cases[i].n, cases[i].L, why, sizeof why), what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
