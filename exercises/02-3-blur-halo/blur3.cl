/* Exercise 02-3: a three-point average with a halo in local memory.
 *
 * out[i] = (in[i-1] + in[i] + in[i+1]) / 3, where in[-1] and in[n] count
 * as 0. Each work-group loads its L elements of `in` into local memory once,
 * plus one neighbour on each side (the "halo"): `tile` holds L + 2 floats,
 * tile[0] is the left neighbour and tile[L + 1] the right one.
 */
__kernel void blur3(__global const float *in, __global float *out, const int n,
                    __local float *tile)
{
    /* TODO: copy in[i] (or 0 past n) to tile[lid + 1]; let one work-item
     * load the left neighbour of the group into tile[0] and one the right
     * neighbour into tile[L + 1] (0 outside 0..n-1); a barrier; then
     * out[i] = (tile[lid] + tile[lid + 1] + tile[lid + 2]) / 3 for i < n. */
}
