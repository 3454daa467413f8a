/* Lesson 08 -- queues, events and overlap. The kernel is deliberately the
 * cheapest there is: one multiply per element, 12 bytes moved for it, so
 * that the cost of moving the data shows. Elements [first, first + count)
 * of the arrays: a chunk of a pipeline, or all of them. */

// snippet: kernel
__kernel void multiply(__global const float *x, __global const float *y, __global float *z,
                       int first, int count)
{
    const int i = (int)get_global_id(0);
    if (i < count) z[first + i] = x[first + i] * y[first + i];
}
// end snippet kernel
