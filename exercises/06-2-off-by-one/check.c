/* Checker for exercise 06-2: runs row_sums on several matrix shapes and
 * work-group sizes, compares with plain C in double, and checks that
 * nothing is written past the last row. */
#include "grading.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define SENTINEL 12345.0f

static int try_size(clu_env *env, cl_kernel k, int rows, int cols, size_t wg, char *why, size_t whylen)
{
    size_t global = clu_round_up((size_t)rows, wg);
    /* M has a row per work-item, so a kernel that reads one row too many
     * reads zeros, not someone else's memory; out is filled with sentinels
     * past its end to see what such a kernel writes. */
    size_t mlen = global * (size_t)cols;
    float *h_M = calloc(mlen, sizeof(float)), *h_out = malloc(global * sizeof(float));
    clu_fill_random(h_M, (size_t)rows * cols, 62, -1.0f, 1.0f);
    for (size_t i = 0; i < global; i++) h_out[i] = SENTINEL;
    cl_mem d_M = grade_buffer(env, h_M, mlen * sizeof(float));
    cl_mem d_out = grade_buffer(env, h_out, global * sizeof(float));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_M, &d_M));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_out, &d_out));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof rows, &rows));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof cols, &cols));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &wg, 0, NULL, NULL));
    grade_read(env, d_out, h_out, global * sizeof(float));
    int ok = 1;
    const double u = 1.0 / 16777216.0;
    for (int r = 0; r < rows && ok; r++) {
        double s = 0, sa = 0;
        for (int c = 0; c < cols; c++) {
            s += h_M[(size_t)r * cols + c];
            sa += fabs(h_M[(size_t)r * cols + c]);
        }
        if (!(fabs(h_out[r] - s) <= (cols + 1) * u * sa)) {
            snprintf(why, whylen, "out[%d] is %g, expected %g", r, (double)h_out[r], s);
            ok = 0;
        }
    }
    for (size_t i = (size_t)rows; i < global && ok; i++)
        if (h_out[i] != SENTINEL) {
            snprintf(why, whylen, "out[%zu] was written, but there are only %d rows (0 to %d)", i,
                     rows, rows - 1);
            ok = 0;
        }
    clReleaseMemObject(d_M);
    clReleaseMemObject(d_out);
    free(h_M);
    free(h_out);
    return ok;
}

int main(int argc, char **argv)
{
    /* rows is never a multiple of the work-group size: there is always a
     * work-item just past the last row. */
    static const struct { int rows, cols; size_t wg; } cases[] = {
        {1, 5, 16}, {63, 10, 64}, {100, 37, 32}, {1000, 3, 256},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, n, &env);
    cl_program prog = clu_build(&env, grade_path("row_sums.cl"), "");
    cl_kernel k = clu_kernel(prog, "row_sums");
    for (int i = 0; i < n; i++) {
        char what[80], why[200] = "";
        snprintf(what, sizeof what, "%d x %d matrix, work-group size %zu", cases[i].rows, cases[i].cols,
                 cases[i].wg);
        int ok = try_size(&env, k, cases[i].rows, cases[i].cols, cases[i].wg, why, sizeof why);
        grade(ok, what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
