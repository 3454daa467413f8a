/* Exercise 08-3: one chunk of a pipeline.
 *
 * x, y and z are the whole arrays on the device; this launch handles only
 * the chunk of `count` elements starting at element `first`:
 * z[i] = x[i] * y[i] for first <= i < first + count. The host launches
 * `count` work-items rounded up to a multiple of the work-group size, and
 * every element outside the chunk must stay as it is (another chunk's
 * kernel, or its download, may be using it right now).
 */
__kernel void multiply_chunk(__global const float *x, __global const float *y, __global float *z,
                             const int first, const int count)
{
    const int i = (int)get_global_id(0);
    if (i <= count) z[first + i] = x[first + i] * y[first + i];
}
