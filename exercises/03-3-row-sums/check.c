/* Checker for exercise 03-3: row_sums on widths that 4 does and does not
 * divide, against sums in double. */
#include "grading.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define SENTINEL 12345.0f

static int try_case(clu_env *env, cl_kernel k, int rows, int W, size_t L, char *why, size_t whylen)
{
    size_t global = clu_round_up((size_t)rows, L), cells = (size_t)rows * (size_t)W;
    float *h_M = clu_malloc(cells * sizeof(float), "M");
    float *h_S = clu_malloc(global * sizeof(float), "S");
    clu_fill_random(h_M, cells, 71, -1.0f, 1.0f);
    for (size_t i = 0; i < global; i++) h_S[i] = SENTINEL;
    cl_mem d_M = grade_buffer(env, h_M, cells * sizeof(float));
    cl_mem d_S = grade_buffer(env, h_S, global * sizeof(float));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_M, &d_M));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_S, &d_S));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof rows, &rows));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof W, &W));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &L, 0, NULL, NULL));
    grade_read(env, d_S, h_S, global * sizeof(float));
    int ok = 1;
    for (int r = 0; r < rows && ok; r++) {
        double s = 0, a = 0;
        for (int j = 0; j < W; j++) {
            s += h_M[(size_t)r * W + j];
            a += fabs((double)h_M[(size_t)r * W + j]);
        }
        if (!(fabs(h_S[r] - s) <= (W + 1) * a / 16777216.0 + 1e-30)) {
            snprintf(why, whylen, "S[%d] is %g, expected %g", r, (double)h_S[r], s);
            ok = 0;
        }
    }
    for (size_t i = (size_t)rows; i < global && ok; i++)
        if (h_S[i] != SENTINEL) {
            snprintf(why, whylen, "S[%zu] was written, but there are only %d rows", i, rows);
            ok = 0;
        }
    clReleaseMemObject(d_M);
    clReleaseMemObject(d_S);
    free(h_M);
    free(h_S);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { int rows, W; size_t L; } cases[] = {
        {1, 1, 1}, {10, 3, 16}, {64, 4, 64}, {100, 5, 32}, {1001, 13, 64}, {77, 130, 32},
    };
    const int ncases = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, ncases, &env);
    cl_program prog = clu_build(&env, grade_path("row_sums.cl"), "");
    cl_kernel k = clu_kernel(prog, "row_sums");
    for (int i = 0; i < ncases; i++) {
        char what[80], why[200] = "";
        snprintf(what, sizeof what, "rows=%d W=%d work-group size %zu", cases[i].rows, cases[i].W, cases[i].L);
        grade(try_case(&env, k, cases[i].rows, cases[i].W, cases[i].L, why, sizeof why), what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
