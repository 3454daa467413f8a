/* Lesson 01 -- hello world: the outer sum, C[x] = sum_y A[x] * B[y].
 *
 * Teaches the whole host flow of an OpenCL program: choose a platform and a
 * device, create a context and a queue, copy data into buffers, build a
 * program, set kernel arguments, launch an NDRange, read the result back,
 * check it against plain C, and release everything.
 * APIs introduced: clCreateBuffer, clEnqueueWriteBuffer, clCreateKernel,
 * clSetKernelArg, clEnqueueNDRangeKernel, clEnqueueReadBuffer, clFinish,
 * clRelease*.
 */
#include "clu.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

// snippet: serial-reference
/* The serial C version: the reference every device result is checked against
 * and the baseline for the speed-up. */
static void outer_sum_serial(const float *A, const float *B, float *C, int X, int Y)
{
    for (int x = 0; x < X; x++) {
        float sum = 0.0f;
        for (int y = 0; y < Y; y++)
            sum += A[x] * B[y];
        C[x] = sum;
    }
}
// end snippet serial-reference

int main(int argc, char **argv)
{
    size_t X = 1 << 20, Y = 1024, wg = 256;
    const clu_option opts[] = {
        {"-x", "X", "length of A and C", CLU_OPT_SIZE, &X, 1, INT_MAX},
        {"-y", "Y", "length of B (terms in each sum)", CLU_OPT_SIZE, &Y, 1, INT_MAX},
        {"-t", "WG", "work-group size (work-items per group)", CLU_OPT_SIZE, &wg, 1, 1 << 16},
    };
    clu_common common;
    clu_parse_args(argc, argv, "lesson 01: the outer sum C[x] = sum_y A[x]*B[y], naive kernel",
                   opts, sizeof opts / sizeof opts[0], &common);

    // snippet: setup
    clu_env env;
    clu_setup(&env, &common); /* platform, device, context, queue */
    // end snippet setup
    /* Refuse sizes the device cannot hold before spending time on them. */
    clu_check_alloc(&env, clu_bytes(X, sizeof(float), "A"), "A");
    clu_check_alloc(&env, clu_bytes(Y, sizeof(float), "B"), "B");

    /* Host data: h_ for host, d_ for device copies of the same arrays. */
    float *h_A = clu_malloc(X * sizeof *h_A, "A");
    float *h_B = clu_malloc(Y * sizeof *h_B, "B");
    float *h_C = clu_malloc(X * sizeof *h_C, "C");
    float *h_serial = clu_malloc(X * sizeof *h_serial, "the serial result");
    clu_fill_random(h_A, X, 1, -1.0f, 1.0f);
    clu_fill_random(h_B, Y, 2, -1.0f, 1.0f);

    double t0 = clu_now();
    outer_sum_serial(h_A, h_B, h_serial, (int)X, (int)Y);
    double cpu_ms = (clu_now() - t0) * 1e3;

    // snippet: buffers
    cl_int err;
    cl_mem d_A = clCreateBuffer(env.context, CL_MEM_READ_ONLY, X * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(A)");
    cl_mem d_B = clCreateBuffer(env.context, CL_MEM_READ_ONLY, Y * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(B)");
    cl_mem d_C = clCreateBuffer(env.context, CL_MEM_WRITE_ONLY, X * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(C)");

    cl_event up[2];
    CLU_CHECK(clEnqueueWriteBuffer(env.queue, d_A, CL_FALSE, 0, X * sizeof(float), h_A, 0, NULL, &up[0]));
    CLU_CHECK(clEnqueueWriteBuffer(env.queue, d_B, CL_FALSE, 0, Y * sizeof(float), h_B, 0, NULL, &up[1]));
    // end snippet buffers

    // snippet: program-kernel
    cl_program program = clu_build(&env, "01-hello-world.cl", "");
    cl_kernel kernel = clu_kernel(program, "outer_sum");
    clu_check_wgsize(&env, kernel, wg); /* refuse, with the limits, what the device cannot run */
    // end snippet program-kernel

    // snippet: arguments
    int x_arg = (int)X, y_arg = (int)Y;
    CLU_CHECK(clSetKernelArg(kernel, 0, sizeof(cl_mem), &d_A));
    CLU_CHECK(clSetKernelArg(kernel, 1, sizeof(cl_mem), &d_B));
    CLU_CHECK(clSetKernelArg(kernel, 2, sizeof(cl_mem), &d_C));
    CLU_CHECK(clSetKernelArg(kernel, 3, sizeof(int), &x_arg));
    CLU_CHECK(clSetKernelArg(kernel, 4, sizeof(int), &y_arg));
    // end snippet arguments

    // snippet: launch
    /* One work-item per element of C. The global size must be a multiple of
     * the work-group size, so round it up; the kernel skips the extra items. */
    size_t global = clu_round_up(X, wg);
    size_t local = wg;
    cl_event run, down;
    double w0 = clu_now();
    CLU_CHECK(clEnqueueNDRangeKernel(env.queue, kernel, 1, NULL, &global, &local, 0, NULL, &run));
    CLU_CHECK(clEnqueueReadBuffer(env.queue, d_C, CL_TRUE, 0, X * sizeof(float), h_C, 0, NULL, &down));
    double wall_ms = (clu_now() - w0) * 1e3;
    // end snippet launch

    double up_ms = clu_event_ms(up[0]) + clu_event_ms(up[1]);
    double kernel_ms = clu_event_ms(run);
    double down_ms = clu_event_ms(down);

    // snippet: verify
    /* Mathematically C[x] = A[x] * (sum of B): an O(X+Y) reference in double,
     * exact enough to judge both the serial and the device results. */
    double *ref = clu_malloc(X * sizeof *ref, "the reference");
    double *absref = clu_malloc(X * sizeof *absref, "the error bounds");
    double sumB = 0.0, sumAbsB = 0.0;
    for (size_t y = 0; y < Y; y++) {
        sumB += h_B[y];
        sumAbsB += h_B[y] < 0 ? -h_B[y] : h_B[y];
    }
    for (size_t x = 0; x < X; x++) {
        ref[x] = (double)h_A[x] * sumB;
        absref[x] = (h_A[x] < 0 ? -(double)h_A[x] : h_A[x]) * sumAbsB;
    }
    size_t bad = clu_verify_sum("serial C", h_serial, ref, absref, X, Y);
    bad += clu_verify_sum("device C", h_C, ref, absref, X, Y);
    // end snippet verify

    double flops = 2.0 * (double)X * (double)Y;
    printf("sizes:    X = %zu, Y = %zu, work-group size %zu, %zu work-groups\n", X, Y, wg, global / wg);
    printf("serial C: %10.3f ms  %8.2f GFLOP/s\n", cpu_ms, flops / cpu_ms * 1e-6);
    printf("kernel:   %10.3f ms  %8.2f GFLOP/s  (%.1fx the serial C)\n", kernel_ms,
           flops / kernel_ms * 1e-6, cpu_ms / kernel_ms);
    printf("upload %.3f ms, download %.3f ms, launch to result %.3f ms (wall clock)\n", up_ms,
           down_ms, wall_ms);

    // snippet: release
    clReleaseEvent(up[0]);
    clReleaseEvent(up[1]);
    clReleaseEvent(run);
    clReleaseEvent(down);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseMemObject(d_A);
    clReleaseMemObject(d_B);
    clReleaseMemObject(d_C);
    clu_teardown(&env);
    // end snippet release
    free(h_A);
    free(h_B);
    free(h_C);
    free(h_serial);
    free(ref);
    free(absref);
    return bad ? 1 : 0;
}
