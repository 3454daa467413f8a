/* Exercise 08-3: one chunk, launched with a global work offset.
 *
 * Lesson 08's kernel gets the chunk as arguments (first, count). Here the
 * host says where the chunk starts in the launch itself: it passes
 * global_work_offset = first to clEnqueueNDRangeKernel and launches
 * `count` work-items rounded up to a multiple of the work-group size. The
 * kernel gets only `end`, one past the chunk's last element, and must
 * compute z[i] = x[i] * y[i] for its elements and touch nothing else.
 */
__kernel void multiply_range(__global const float *x, __global const float *y, __global float *z,
                             const int end)
{
    const int i = (int)(get_group_id(0) * get_local_size(0) + get_local_id(0));
    if (i < end) z[i] = x[i] * y[i];
}
