/* runner.c -- the program exercise 01-2 builds around the student's
 * launch.c: it sets up the device, makes the buffers, calls
 * launch_outer_sum() and writes C, raw, to the file named on its command
 * line. It is the only program that runs student C, and the grader trusts
 * nothing it says: the checker (check.c, a separate process) recomputes C
 * itself from the same seed and compares.
 *     runner X Y WG SEED OUTFILE
 * The kernel is lesson 01's outer sum, kept here so that the exercise does
 * not depend on how kernels/ is named. */
#include "launch.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *outer_sum_src =
    "__kernel void outer_sum(__global const float *A, __global const float *B,\n"
    "                        __global float *C, const int X, const int Y)\n"
    "{\n"
    "    int x = get_global_id(0);\n"
    "    if (x >= X)\n"
    "        return;\n"
    "    float sum = 0.0f;\n"
    "    for (int y = 0; y < Y; y++)\n"
    "        sum += A[x] * B[y];\n"
    "    C[x] = sum;\n"
    "}\n";

int main(int argc, char **argv)
{
    if (argc != 6) clu_die("usage: runner X Y WG SEED OUTFILE (the grader runs this)");
    const int X = atoi(argv[1]), Y = atoi(argv[2]);
    const size_t wg = (size_t)atoi(argv[3]);
    const unsigned seed = (unsigned)atoi(argv[4]);
    clu_common common;
    memset(&common, 0, sizeof common);
    common.platform = getenv("CLU_PLATFORM");
    common.device = getenv("CLU_DEVICE");
    clu_env env;
    clu_setup(&env, &common);
    cl_int err;
    cl_program prog = clCreateProgramWithSource(env.context, 1, &outer_sum_src, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    CLU_CHECK(clBuildProgram(prog, 1, &env.device, "", NULL, NULL));
    cl_kernel k = clCreateKernel(prog, "outer_sum", &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    float *h_A = clu_malloc((size_t)X * sizeof(float), "A"), *h_B = clu_malloc((size_t)Y * sizeof(float), "B");
    float *h_C = clu_malloc((size_t)X * sizeof(float), "C");
    clu_fill_random(h_A, (size_t)X, seed, -1.0f, 1.0f);
    clu_fill_random(h_B, (size_t)Y, seed + 100, -1.0f, 1.0f);
    const uint32_t unwritten = 0x7fc0fade; /* the grader's "never written" marker */
    for (int x = 0; x < X; x++) memcpy(&h_C[x], &unwritten, 4);
    cl_mem d_A = clCreateBuffer(env.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (size_t)X * 4, h_A, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    cl_mem d_B = clCreateBuffer(env.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (size_t)Y * 4, h_B, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    cl_mem d_C = clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, (size_t)X * 4, h_C, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");

    launch_outer_sum(&env, k, d_A, d_B, d_C, X, Y, wg);

    CLU_CHECK(clFinish(env.queue));
    CLU_CHECK(clEnqueueReadBuffer(env.queue, d_C, CL_TRUE, 0, (size_t)X * 4, h_C, 0, NULL, NULL));
    FILE *f = fopen(argv[5], "wb");
    if (!f || fwrite(h_C, 4, (size_t)X, f) != (size_t)X || fclose(f) != 0) clu_die("cannot write %s", argv[5]);
    clReleaseMemObject(d_A);
    clReleaseMemObject(d_B);
    clReleaseMemObject(d_C);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clu_teardown(&env);
    free(h_A);
    free(h_B);
    free(h_C);
    return 0;
}
