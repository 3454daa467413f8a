/* Checker for exercise 02-2: the student's tiled sq_dist kernel on sizes
 * that the work-group size does and does not divide. */
#include "grading.h"

#include <stdio.h>
#include <stdlib.h>

#define SENTINEL 12345.0f

static int try_size(clu_env *env, cl_kernel k, int X, int Y, size_t L, char *why, size_t whylen)
{
    size_t global = clu_round_up((size_t)X, L);
    float *h_A = clu_malloc((size_t)X * sizeof(float), "A");
    float *h_B = clu_malloc((size_t)Y * sizeof(float), "B");
    float *h_D = clu_malloc(global * sizeof(float), "D");
    clu_fill_random(h_A, (size_t)X, 31, -2.0f, 2.0f);
    clu_fill_random(h_B, (size_t)Y, 32, -2.0f, 2.0f);
    for (size_t i = 0; i < global; i++) h_D[i] = SENTINEL;
    cl_mem d_A = grade_buffer(env, h_A, (size_t)X * sizeof(float));
    cl_mem d_B = grade_buffer(env, h_B, (size_t)Y * sizeof(float));
    cl_mem d_D = grade_buffer(env, h_D, global * sizeof(float));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_A, &d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_B, &d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_D, &d_D));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof X, &X));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof Y, &Y));
    CLU_CHECK(clSetKernelArg(k, 5, L * sizeof(float), NULL));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &L, 0, NULL, NULL));
    grade_read(env, d_D, h_D, global * sizeof(float));
    int ok = 1;
    const double u = 1.0 / 16777216.0;
    for (int x = 0; x < X && ok; x++) {
        double s = 0;
        for (int y = 0; y < Y; y++) s += ((double)h_A[x] - h_B[y]) * ((double)h_A[x] - h_B[y]);
        double e = h_D[x] - s;
        if (!(e <= (Y + 3) * u * s && -e <= (Y + 3) * u * s)) {
            snprintf(why, whylen, "D[%d] is %g, expected %g", x, (double)h_D[x], s);
            ok = 0;
        }
    }
    for (size_t i = (size_t)X; i < global && ok; i++)
        if (h_D[i] != SENTINEL) {
            snprintf(why, whylen, "D[%zu] was written, but X is only %d", i, X);
            ok = 0;
        }
    clReleaseMemObject(d_A);
    clReleaseMemObject(d_B);
    clReleaseMemObject(d_D);
    free(h_A);
    free(h_B);
    free(h_D);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { int X, Y; size_t L; } cases[] = {
        {1, 1, 1}, {64, 64, 64}, {100, 37, 64}, {63, 129, 64}, {1000, 1000, 256}, {4099, 301, 32},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, n, &env);
    cl_program prog = clu_build(&env, grade_path("sq_dist_tiled.cl"), "");
    cl_kernel k = clu_kernel(prog, "sq_dist_tiled");
    for (int i = 0; i < n; i++) {
        char what[80], why[200] = "";
        snprintf(what, sizeof what, "X=%d Y=%d work-group size %zu", cases[i].X, cases[i].Y, cases[i].L);
        grade(try_size(&env, k, cases[i].X, cases[i].Y, cases[i].L, why, sizeof why), what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
