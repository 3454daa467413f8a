/* Exercise 08-2: the bound no pipeline can beat, from its events. */
#ifndef BOUND_H
#define BOUND_H
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stddef.h>

/* ev[c][0..3]: the events of chunk c's write of x, write of y, kernel and
 * read of z, all finished, from queues with profiling enabled. Fill
 * sums[0] with the milliseconds all uploads took, sums[1] all kernels,
 * sums[2] all downloads (each command from its start to its end), and
 * return the largest of the three. */
double pipeline_bound(cl_event (*ev)[4], size_t chunks, double sums[3]);

#endif
