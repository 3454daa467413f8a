/* errors.c -- lesson 06's errors mode: the mistakes students make most,
 * made on purpose one after another, each answered by the message the
 * helper prints (clu_report: file:line, call, error name and number, hint).
 */
#include "lesson06.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// snippet: show-error
/* CLU_CHECK prints the message and ends the program: right for real code,
 * which cannot go on after an error. To show many messages in one run, this
 * mode calls clu_report(), which prints the same message and returns. */
static void show(cl_int err, const char *call, int line)
{
    fflush(stdout);
    if (err == CL_SUCCESS) {
        printf("   %s: CL_SUCCESS, this device accepts it\n", call);
        return;
    }
    clu_report(err, call, __FILE__, line);
    fflush(stderr);
}
#define SHOW(err, call) show((err), (call), __LINE__)
// end snippet show-error

static void step(int *n, const char *what)
{
    fflush(stderr);
    printf("\n%d. %s\n", ++*n, what);
    fflush(stdout);
}

static cl_program program_from(clu_env *env, const char *path)
{
    size_t len;
    char *src = clu_read_file(path, &len);
    const char *srcs[] = {src};
    cl_int err;
    cl_program p = clCreateProgramWithSource(env->context, 1, srcs, &len, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    free(src);
    return p;
}

int mode_errors(clu_env *env, const lesson_args *a)
{
    (void)a;
    int n = 0;
    cl_int err;
    const int gpu = clu_device_is_gpu(env->device);

    // snippet: errors-build
    step(&n, "a kernel that does not compile (broken/missing-semicolon.cl)");
    char *path = broken_path("missing-semicolon.cl");
    if (!path) clu_die("lessons/06-debugging/broken/missing-semicolon.cl not found");
    cl_program broken = program_from(env, path);
    SHOW(clBuildProgram(broken, 1, &env->device, "", NULL, NULL), "clBuildProgram");

    step(&n, "going on anyway: a kernel from the program that did not build");
    cl_kernel none = clCreateKernel(broken, "scale", &err);
    SHOW(err, "clCreateKernel(\"scale\")");
    // end snippet errors-build
    if (err == CL_SUCCESS) clReleaseKernel(none);
    clReleaseProgram(broken);
    free(path);

    char *good_path = clu_kernel_path("06-debugging-bugs.cl");
    cl_program prog = program_from(env, good_path);
    free(good_path);
    step(&n, "a build option the compiler does not know");
    SHOW(clBuildProgram(prog, 1, &env->device, "-cl-no-such-option", NULL, NULL),
         "clBuildProgram(\"-cl-no-such-option\")");
    CLU_CHECK(clBuildProgram(prog, 1, &env->device, "", NULL, NULL));

    // snippet: errors-args
    step(&n, "a misspelt kernel name");
    cl_kernel typo = clCreateKernel(prog, "tiled_summ", &err);
    SHOW(err, "clCreateKernel(\"tiled_summ\")");
    if (err == CL_SUCCESS) clReleaseKernel(typo);

    cl_kernel k = clu_kernel(prog, "tiled_sum");
    const int X = 1000, Y = 300;
    cl_mem d_A = clCreateBuffer(env->context, CL_MEM_READ_WRITE, X * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(A)");
    cl_mem d_B = clCreateBuffer(env->context, CL_MEM_READ_WRITE, Y * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(B)");
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_A, &d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_B, &d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_A, &d_A));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof X, &X));
    size_t global = 1024, local = 64;
    step(&n, "arguments 4 and 5 never set");
    SHOW(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &local, 0, NULL, NULL),
         "clEnqueueNDRangeKernel");

    step(&n, "an int argument given 8 bytes (a size_t)");
    size_t y_wrong = Y;
    SHOW(clSetKernelArg(k, 4, sizeof y_wrong, &y_wrong), "clSetKernelArg(k, 4, sizeof(size_t), ...)");

    step(&n, "an argument index past the last parameter (tiled_sum has 6: 0 to 5)");
    SHOW(clSetKernelArg(k, 6, sizeof Y, &Y), "clSetKernelArg(k, 6, ...)");
    // end snippet errors-args
    CLU_CHECK(clSetKernelArg(k, 4, sizeof Y, &Y));
    CLU_CHECK(clSetKernelArg(k, 5, local * sizeof(float), NULL));

    // snippet: errors-wgsize
    size_t dev_max = clu_device_size(env->device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    step(&n, "a work-group twice as large as the device allows");
    size_t big = 2 * dev_max;
    CLU_CHECK(clSetKernelArg(k, 5, big * sizeof(float), NULL));
    SHOW(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &big, &big, 0, NULL, NULL),
         "clEnqueueNDRangeKernel(local = 2 x CL_DEVICE_MAX_WORK_GROUP_SIZE)");
    CLU_CHECK(clSetKernelArg(k, 5, local * sizeof(float), NULL));

    step(&n, "a global size (1000) that the work-group size (64) does not divide");
    size_t uneven = 1000;
    SHOW(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &uneven, &local, 0, NULL, NULL),
         "clEnqueueNDRangeKernel(global 1000, local 64)");
    // end snippet errors-wgsize
    CLU_CHECK(clFinish(env->queue));

    // snippet: errors-memory
    cl_ulong local_max = clu_device_ulong(env->device, CL_DEVICE_LOCAL_MEM_SIZE);
    step(&n, "more local memory than the device has (CL_DEVICE_LOCAL_MEM_SIZE)");
    err = clSetKernelArg(k, 5, (size_t)local_max * 2, NULL);
    SHOW(err, "clSetKernelArg(k, 5, 2 x CL_DEVICE_LOCAL_MEM_SIZE, NULL)");
    if (err == CL_SUCCESS && !gpu)
        printf("   and PoCL 3.1 then stops the whole program in clEnqueueNDRangeKernel (a failed\n"
               "   assertion): not tried here. Check sizes against CL_DEVICE_LOCAL_MEM_SIZE first.\n");
    else if (err == CL_SUCCESS)
        SHOW(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &local, 0, NULL, NULL),
             "clEnqueueNDRangeKernel");
    CLU_CHECK(clFinish(env->queue));
    CLU_CHECK(clSetKernelArg(k, 5, local * sizeof(float), NULL));

    cl_ulong alloc_max = clu_device_ulong(env->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    step(&n, "a buffer twice CL_DEVICE_MAX_MEM_ALLOC_SIZE");
    cl_mem huge = clCreateBuffer(env->context, CL_MEM_READ_WRITE, (size_t)alloc_max * 2, NULL, &err);
    SHOW(err, "clCreateBuffer(2 x CL_DEVICE_MAX_MEM_ALLOC_SIZE)");
    if (err == CL_SUCCESS) clReleaseMemObject(huge);
    // end snippet errors-memory

    step(&n, "more buffers than the device memory holds, each used once");
    if (!gpu) {
        printf("   skipped: this device's memory is the computer's own, and filling it would\n"
               "   make the whole machine swap or the kernel end the program\n");
    } else {
        // snippet: errors-exhaust
        /* Drivers allocate on first use, so each buffer is written to. */
        cl_ulong total = clu_device_ulong(env->device, CL_DEVICE_GLOBAL_MEM_SIZE);
        cl_mem bufs[64];
        int nb = 0;
        float zero = 0.0f;
        err = CL_SUCCESS;
        while (nb < 64 && (cl_ulong)nb * alloc_max <= total + alloc_max && err == CL_SUCCESS) {
            bufs[nb] = clCreateBuffer(env->context, CL_MEM_READ_WRITE, (size_t)alloc_max, NULL, &err);
            if (err != CL_SUCCESS) break;
            nb++;
            err = clEnqueueFillBuffer(env->queue, bufs[nb - 1], &zero, sizeof zero, 0,
                                      (size_t)alloc_max, 0, NULL, NULL);
            if (err == CL_SUCCESS) err = clFinish(env->queue);
        }
        printf("   %d buffers of %llu MiB created\n", nb, (unsigned long long)(alloc_max >> 20));
        SHOW(err, "clCreateBuffer or clEnqueueFillBuffer or clFinish");
        while (nb > 0) clReleaseMemObject(bufs[--nb]);
        // end snippet errors-exhaust
    }

    step(&n, "a kernel that writes past its local memory (-DBUG_LOCAL_INDEX), then clFinish");
    if (!gpu) {
        printf("   skipped: on a CPU the stray writes land in the program's own memory;\n"
               "   nothing stops them, and the result is wrong or the program crashes.\n"
               "   Oclgrind finds the bad write: see -b local-index\n");
    } else {
        // snippet: errors-dead-queue
        char *bugs_path = clu_kernel_path("06-debugging-bugs.cl");
        cl_program bad = program_from(env, bugs_path);
        free(bugs_path);
        CLU_CHECK(clBuildProgram(bad, 1, &env->device, "-DBUG_LOCAL_INDEX", NULL, NULL));
        cl_kernel kb = clu_kernel(bad, "tiled_sum");
        const int bigX = 1 << 20;
        cl_mem d_big = clCreateBuffer(env->context, CL_MEM_READ_WRITE, bigX * sizeof(float), NULL, &err);
        CLU_CHECK_ERR(err, "clCreateBuffer");
        CLU_CHECK(clSetKernelArg(kb, 0, sizeof d_big, &d_big));
        CLU_CHECK(clSetKernelArg(kb, 1, sizeof d_B, &d_B));
        CLU_CHECK(clSetKernelArg(kb, 2, sizeof d_big, &d_big));
        CLU_CHECK(clSetKernelArg(kb, 3, sizeof bigX, &bigX));
        CLU_CHECK(clSetKernelArg(kb, 4, sizeof Y, &Y));
        CLU_CHECK(clSetKernelArg(kb, 5, 256 * sizeof(float), NULL));
        size_t g = bigX, l = 256;
        SHOW(clEnqueueNDRangeKernel(env->queue, kb, 1, NULL, &g, &l, 0, NULL, NULL),
             "clEnqueueNDRangeKernel");
        SHOW(clFinish(env->queue), "clFinish");
        step(&n, "the next command on the same queue");
        float one;
        SHOW(clEnqueueReadBuffer(env->queue, d_big, CL_TRUE, 0, sizeof one, &one, 0, NULL, NULL),
             "clEnqueueReadBuffer");
        // end snippet errors-dead-queue
        clReleaseMemObject(d_big);
        clReleaseKernel(kb);
        clReleaseProgram(bad);
    }
    fflush(stdout);
    printf("\n%d mistakes shown\n", n);
    clReleaseMemObject(d_A);
    clReleaseMemObject(d_B);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return 0;
}
