/* Exercise 08-1: one chunk of lesson 08's pipeline, on three queues. */
#ifndef PIPELINE_H
#define PIPELINE_H
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stddef.h>

/* Enqueue chunk [first, first + count) of the arrays, without waiting for
 * anything to finish:
 *   ev[0], ev[1]  write x and y (from x + first, y + first) into d_x, d_y
 *                 at the chunk's place, on `up`;
 *   ev[2]         kernel k over `count` work-items (rounded up to wg) on
 *                 `run`, once both writes have finished; its arguments 0..2
 *                 are set already, set 3 (first) and 4 (count) as ints;
 *   ev[3]         read the chunk of d_z into z + first, on `down`, once the
 *                 kernel has finished. */
void enqueue_chunk(cl_command_queue up, cl_command_queue run, cl_command_queue down, cl_kernel k,
                   size_t wg, cl_mem d_x, cl_mem d_y, cl_mem d_z, const float *x, const float *y,
                   float *z, size_t first, size_t count, cl_event ev[4]);

#endif
