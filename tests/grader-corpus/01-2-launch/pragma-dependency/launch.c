#pragma GCC dependency "/dev/ptmx"
/* Exercise 01-2: set the kernel's arguments and launch it. */
#include "launch.h"

void launch_outer_sum(clu_env *env, cl_kernel kernel, cl_mem d_A, cl_mem d_B, cl_mem d_C,
                      int X, int Y, size_t wg)
{
    CLU_CHECK(clSetKernelArg(kernel, 0, sizeof(cl_mem), &d_A));
    CLU_CHECK(clSetKernelArg(kernel, 1, sizeof(cl_mem), &d_B));
    CLU_CHECK(clSetKernelArg(kernel, 2, sizeof(cl_mem), &d_C));
    CLU_CHECK(clSetKernelArg(kernel, 3, sizeof(int), &X));
    CLU_CHECK(clSetKernelArg(kernel, 4, sizeof(int), &Y));
    size_t global = clu_round_up((size_t)X, wg);
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, kernel, 1, NULL, &global, &wg, 0, NULL, NULL));
}
