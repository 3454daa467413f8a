/* The right launch, but the sizes the kernel gets are far larger than its
 * buffers (a kernel run by the checker itself would write far outside C). */
#include "launch.h"

void launch_outer_sum(clu_env *env, cl_kernel kernel, cl_mem d_A, cl_mem d_B, cl_mem d_C,
                      int X, int Y, size_t wg)
{
    int big = 100000000;
    CLU_CHECK(clSetKernelArg(kernel, 0, sizeof(cl_mem), &d_A));
    CLU_CHECK(clSetKernelArg(kernel, 1, sizeof(cl_mem), &d_B));
    CLU_CHECK(clSetKernelArg(kernel, 2, sizeof(cl_mem), &d_C));
    CLU_CHECK(clSetKernelArg(kernel, 3, sizeof(int), &big));
    CLU_CHECK(clSetKernelArg(kernel, 4, sizeof(int), &Y));
    size_t global = clu_round_up((size_t)X, wg);
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, kernel, 1, NULL, &global, &wg, 0, NULL, NULL));
}
