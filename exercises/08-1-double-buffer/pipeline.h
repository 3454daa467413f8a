/* Exercise 08-1: a pipeline whose device buffers hold two chunks. */
#ifndef PIPELINE_H
#define PIPELINE_H
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stddef.h>

/* d_x, d_y and d_z hold two chunks each: chunk c uses the slot that starts
 * at element slot_first = (c % 2) * chunk size, the slot chunk c - 2 used.
 * Enqueue chunk c, elements [first, first + count) of the host arrays,
 * without waiting for anything to finish:
 *   ev[0], ev[1]  write x + first and y + first into the slot, on `up`;
 *   ev[2]         kernel k over `count` work-items (rounded up to wg), on
 *                 `run`; set its arguments 3 (the slot's first element)
 *                 and 4 (count) as ints, 0..2 are set already;
 *   ev[3]         read the slot of d_z into z + first, on `down`.
 * prev: the four events of chunk c - 2, which used the same slot, or NULL
 * for chunks 0 and 1. Every command must wait for exactly what it needs. */
void enqueue_chunk(cl_command_queue up, cl_command_queue run, cl_command_queue down, cl_kernel k,
                   size_t wg, cl_mem d_x, cl_mem d_y, cl_mem d_z, const float *x, const float *y,
                   float *z, size_t first, size_t count, size_t slot_first, const cl_event *prev,
                   cl_event ev[4]);

#endif
