/* peak.c -- measure the device's FP32 peak and memory bandwidth in the same
 * run as a lesson's kernels, so every figure can be quoted as a ratio to a
 * reference from the same device, driver and moment (see kernels/00-peak.cl). */
#include "clu.h"

#include <stdio.h>
#include <stdlib.h>

/* Best of `reps` runs of an already-set-up kernel, in ms. */
static double best_ms(clu_env *env, cl_kernel k, size_t global, size_t local, int reps)
{
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        cl_event ev;
        CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &local, 0, NULL, &ev));
        double ms = clu_event_ms(ev);
        clReleaseEvent(ev);
        if (ms < best) best = ms;
    }
    return best;
}

double clu_peak_gflops(clu_env *env)
{
    const int iters = clu_device_is_gpu(env->device) ? 4096 : 2048;
    char opts[64];
    snprintf(opts, sizeof opts, "-DPEAK_ITERS=%d", iters);
    int saved = env->build_log;
    env->build_log = 0;
    cl_program p = clu_build(env, "00-peak.cl", opts);
    env->build_log = saved;
    cl_kernel k = clu_kernel(p, "fma_peak");
    size_t cus = clu_device_ulong(env->device, CL_DEVICE_MAX_COMPUTE_UNITS);
    size_t local = 256, kmax = 0;
    CLU_CHECK(clGetKernelWorkGroupInfo(k, env->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax, NULL));
    if (local > kmax) local = kmax;
    /* Enough work-items to fill every compute unit many times over. */
    size_t global = clu_round_up(cus * (clu_device_is_gpu(env->device) ? 8192 : 1024), local);
    cl_int err;
    cl_mem out = clCreateBuffer(env->context, CL_MEM_WRITE_ONLY, global * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(peak)");
    float a = 0.999f, b = 0.001f;
    CLU_CHECK(clSetKernelArg(k, 0, sizeof out, &out));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof a, &a));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof b, &b));
    double ms = best_ms(env, k, global, local, 5);
    clReleaseMemObject(out);
    clReleaseKernel(k);
    clReleaseProgram(p);
    return 2.0 * 8.0 * iters * (double)global / ms * 1e-6;
}

double clu_copy_gbps(clu_env *env, size_t bytes)
{
    int saved = env->build_log;
    env->build_log = 0;
    cl_program p = clu_build(env, "00-peak.cl", "");
    env->build_log = saved;
    cl_kernel k = clu_kernel(p, "copy4");
    cl_uint n4 = (cl_uint)(bytes / 16);
    cl_int err;
    cl_mem src = clCreateBuffer(env->context, CL_MEM_READ_WRITE, (size_t)n4 * 16, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(copy src)");
    cl_mem dst = clCreateBuffer(env->context, CL_MEM_READ_WRITE, (size_t)n4 * 16, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(copy dst)");
    /* Written from the host rather than with clEnqueueFillBuffer, which
     * Oclgrind's --uninitialized check does not count as a write. */
    void *zeros = calloc(n4, 16);
    if (!zeros) clu_die("cannot allocate %zu bytes of host memory for the copy test", (size_t)n4 * 16);
    CLU_CHECK(clEnqueueWriteBuffer(env->queue, src, CL_TRUE, 0, (size_t)n4 * 16, zeros, 0, NULL, NULL));
    free(zeros);
    CLU_CHECK(clSetKernelArg(k, 0, sizeof src, &src));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof dst, &dst));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof n4, &n4));
    size_t local = 256, kmax = 0;
    CLU_CHECK(clGetKernelWorkGroupInfo(k, env->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax, NULL));
    if (local > kmax) local = kmax;
    double ms = best_ms(env, k, clu_round_up(n4, local), local, 5);
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
    clReleaseKernel(k);
    clReleaseProgram(p);
    return 2.0 * (double)n4 * 16.0 / ms * 1e-6;
}
