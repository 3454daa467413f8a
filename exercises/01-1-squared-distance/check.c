/* Checker for exercise 01-1: runs the student's sq_dist kernel on several
 * sizes and work-group sizes and compares with plain C in double. */
#include "grading.h"

#include <stdio.h>
#include <stdlib.h>

#define SENTINEL 12345.0f

/* Returns 1 if every D[x] is right and nothing past X was written. */
static int try_size(clu_env *env, cl_kernel k, int X, int Y, size_t wg, char *why, size_t whylen)
{
    size_t global = clu_round_up((size_t)X, wg);
    float *h_A = malloc(X * sizeof(float)), *h_B = malloc(Y * sizeof(float));
    float *h_D = malloc(global * sizeof(float));
    double *ref = malloc(X * sizeof(double));
    clu_fill_random(h_A, X, 11, -2.0f, 2.0f);
    clu_fill_random(h_B, Y, 12, -2.0f, 2.0f);
    for (size_t i = 0; i < global; i++) h_D[i] = SENTINEL;
    for (int x = 0; x < X; x++) {
        double s = 0;
        for (int y = 0; y < Y; y++) s += ((double)h_A[x] - h_B[y]) * ((double)h_A[x] - h_B[y]);
        ref[x] = s;
    }
    cl_mem d_A = grade_buffer(env, h_A, X * sizeof(float));
    cl_mem d_B = grade_buffer(env, h_B, Y * sizeof(float));
    /* D is as long as the NDRange, filled with a sentinel: a missing bound
     * check shows up as overwritten sentinels. */
    cl_mem d_D = grade_buffer(env, h_D, global * sizeof(float));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_A, &d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_B, &d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_D, &d_D));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof X, &X));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof Y, &Y));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &wg, 0, NULL, NULL));
    grade_read(env, d_D, h_D, global * sizeof(float));
    int ok = 1;
    const double u = 1.0 / 16777216.0;
    for (int x = 0; x < X && ok; x++) {
        double e = h_D[x] - ref[x];
        if (!(e <= (Y + 3) * u * ref[x] && -e <= (Y + 3) * u * ref[x])) {
            snprintf(why, whylen, "D[%d] is %g, expected %g", x, (double)h_D[x], ref[x]);
            ok = 0;
        }
    }
    for (size_t i = (size_t)X; i < global && ok; i++)
        if (h_D[i] != SENTINEL) {
            snprintf(why, whylen, "D[%zu] was written, but X is only %d: check x against X", i, X);
            ok = 0;
        }
    clReleaseMemObject(d_A);
    clReleaseMemObject(d_B);
    clReleaseMemObject(d_D);
    free(h_A);
    free(h_B);
    free(h_D);
    free(ref);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { int X, Y; size_t wg; } cases[] = {
        {1, 1, 16}, {64, 10, 64}, {100, 37, 64}, {1000, 1, 256}, {4099, 300, 32},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, n, &env);
    cl_program prog = clu_build(&env, grade_path("sq_dist.cl"), "");
    cl_kernel k = clu_kernel(prog, "sq_dist");
    for (int i = 0; i < n; i++) {
        char what[80], why[200] = "";
        snprintf(what, sizeof what, "X=%d Y=%d work-group size %zu", cases[i].X, cases[i].Y, cases[i].wg);
        int ok = try_size(&env, k, cases[i].X, cases[i].Y, cases[i].wg, why, sizeof why);
        grade(ok, what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
