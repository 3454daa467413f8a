/* Checker for exercise 06-3: transposes matrices of several shapes, whole
 * tiles and partial ones, and compares with plain C. */
#include "grading.h"

#include <stdio.h>
#include <stdlib.h>

static int try_size(clu_env *env, cl_kernel k, int rows, int cols, char *why, size_t whylen)
{
    size_t n = (size_t)rows * cols;
    float *h_in = malloc(n * sizeof(float)), *h_out = malloc(n * sizeof(float));
    clu_fill_random(h_in, n, 63, -1.0f, 1.0f);
    cl_int err;
    cl_mem d_in = grade_buffer(env, h_in, n * sizeof(float));
    cl_mem d_out = clCreateBuffer(env->context, CL_MEM_WRITE_ONLY, n * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_in, &d_in));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_out, &d_out));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof rows, &rows));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof cols, &cols));
    size_t global[2] = {clu_round_up((size_t)cols, 16), clu_round_up((size_t)rows, 16)};
    size_t local[2] = {16, 16};
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 2, NULL, global, local, 0, NULL, NULL));
    grade_read(env, d_out, h_out, n * sizeof(float));
    int ok = 1;
    for (int i = 0; i < rows && ok; i++)
        for (int j = 0; j < cols && ok; j++)
            if (h_out[(size_t)j * rows + i] != h_in[(size_t)i * cols + j]) {
                snprintf(why, whylen, "out[%d][%d] is %g, expected in[%d][%d] = %g", j, i,
                         (double)h_out[(size_t)j * rows + i], i, j, (double)h_in[(size_t)i * cols + j]);
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
    static const struct { int rows, cols; } cases[] = {
        {16, 16}, {64, 48}, {20, 37}, {100, 3},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, n, &env);
    cl_program prog = clu_build(&env, grade_path("transpose.cl"), "");
    cl_kernel k = clu_kernel(prog, "transpose");
    clu_check_wgsize(&env, k, 256);
    for (int i = 0; i < n; i++) {
        char what[80], why[200] = "";
        snprintf(what, sizeof what, "%d x %d matrix", cases[i].rows, cases[i].cols);
        int ok = try_size(&env, k, cases[i].rows, cases[i].cols, why, sizeof why);
        grade(ok, what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
