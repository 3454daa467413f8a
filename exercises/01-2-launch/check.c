/* Checker for exercise 01-2: calls the student's launch_outer_sum() with
 * lesson 01's kernel on sizes the work-group size does and does not divide. */
#include "grading.h"
#include "launch.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    static const struct { int X, Y; size_t wg; } cases[] = {
        {256, 10, 64}, {1, 5, 32}, {1000, 17, 64}, {65537, 3, 128},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, n, &env);
    cl_program prog = clu_build(&env, "01-hello-world.cl", "");
    cl_kernel k = clu_kernel(prog, "outer_sum");
    for (int i = 0; i < n; i++) {
        int X = cases[i].X, Y = cases[i].Y;
        float *h_A = malloc(X * sizeof(float)), *h_B = malloc(Y * sizeof(float)), *h_C = calloc(X, sizeof(float));
        double *ref = malloc(X * sizeof(double)), *absref = malloc(X * sizeof(double));
        clu_fill_random(h_A, X, 21, -1.0f, 1.0f);
        clu_fill_random(h_B, Y, 22, -1.0f, 1.0f);
        double sb = 0, sab = 0;
        for (int y = 0; y < Y; y++) sb += h_B[y], sab += h_B[y] < 0 ? -h_B[y] : h_B[y];
        for (int x = 0; x < X; x++) ref[x] = h_A[x] * sb, absref[x] = (h_A[x] < 0 ? -h_A[x] : h_A[x]) * sab;
        cl_mem d_A = grade_buffer(&env, h_A, X * sizeof(float));
        cl_mem d_B = grade_buffer(&env, h_B, Y * sizeof(float));
        cl_mem d_C = grade_buffer(&env, h_C, X * sizeof(float));

        launch_outer_sum(&env, k, d_A, d_B, d_C, X, Y, cases[i].wg);

        CLU_CHECK(clFinish(env.queue));
        grade_read(&env, d_C, h_C, X * sizeof(float));
        char what[80];
        snprintf(what, sizeof what, "X=%d Y=%d work-group size %zu", X, Y, cases[i].wg);
        size_t bad = clu_verify_sum(what, h_C, ref, absref, X, Y);
        grade(bad == 0, what, "%zu of %d values of C are wrong (C[0] = %g, expected %g)", bad, X,
              (double)h_C[0], ref[0]);
        clReleaseMemObject(d_A);
        clReleaseMemObject(d_B);
        clReleaseMemObject(d_C);
        free(h_A); free(h_B); free(h_C); free(ref); free(absref);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
