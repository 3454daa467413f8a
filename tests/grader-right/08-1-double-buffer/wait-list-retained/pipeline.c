/* A right 08-1 written differently: the kernel's wait list holds references
 * of its own, released once the kernel is enqueued. */
#include "pipeline.h"

#include "clu.h"

void enqueue_chunk(cl_command_queue up, cl_command_queue run, cl_command_queue down, cl_kernel k,
                   size_t wg, cl_mem d_x, cl_mem d_y, cl_mem d_z, const float *x, const float *y,
                   float *z, size_t first, size_t count, size_t slot_first, const cl_event *prev,
                   cl_event ev[4])
{
    const size_t off = slot_first * sizeof(float), bytes = count * sizeof(float);
    const int f = (int)slot_first, c = (int)count;
    size_t global = clu_round_up(count, wg);
    CLU_CHECK(clSetKernelArg(k, 3, sizeof f, &f));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof c, &c));
    /* The slot of x and y is free once chunk c - 2's kernel has read it. */
    const cl_uint nread = prev ? 1 : 0;
    const cl_event *kernel_before = prev ? &prev[2] : NULL;
    CLU_CHECK(clEnqueueWriteBuffer(up, d_x, CL_FALSE, off, bytes, x + first, nread, kernel_before, &ev[0]));
    CLU_CHECK(clEnqueueWriteBuffer(up, d_y, CL_FALSE, off, bytes, y + first, nread, kernel_before, &ev[1]));
    /* The kernel needs its inputs, and z's slot back from chunk c - 2's download. */
    cl_event inputs[3] = {ev[0], ev[1], prev ? prev[3] : NULL};
    const cl_uint ninputs = prev ? 3 : 2;
    for (cl_uint i = 0; i < ninputs; i++) CLU_CHECK(clRetainEvent(inputs[i])); /* the list's own references */
    CLU_CHECK(clEnqueueNDRangeKernel(run, k, 1, NULL, &global, &wg, ninputs, inputs, &ev[2]));
    for (cl_uint i = 0; i < ninputs; i++) CLU_CHECK(clReleaseEvent(inputs[i]));
    CLU_CHECK(clEnqueueReadBuffer(down, d_z, CL_FALSE, off, bytes, z + first, 1, &ev[2], &ev[3]));
}
