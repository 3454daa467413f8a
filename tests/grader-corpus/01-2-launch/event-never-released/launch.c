/* Exercise 01-2: the launch, waited for through its event, which is then
 * forgotten. */
#include "launch.h"

void launch_outer_sum(clu_env *env, cl_kernel kernel, cl_mem d_A, cl_mem d_B, cl_mem d_C,
                      int X, int Y, size_t wg)
{
    cl_mem bufs[3] = {d_A, d_B, d_C};
    for (cl_uint a = 0; a < 3; a++) CLU_CHECK(clSetKernelArg(kernel, a, sizeof(cl_mem), &bufs[a]));
    CLU_CHECK(clSetKernelArg(kernel, 3, sizeof(int), &X));
    CLU_CHECK(clSetKernelArg(kernel, 4, sizeof(int), &Y));
    size_t global = (X + wg - 1) / wg * wg;
    cl_event done;
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, kernel, 1, NULL, &global, &wg, 0, NULL, &done));
    CLU_CHECK(clWaitForEvents(1, &done));
}
