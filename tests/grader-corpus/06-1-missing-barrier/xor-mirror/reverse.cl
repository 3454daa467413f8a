/* Exercise 06-1: the barrier added, and the mirror index written as an xor
 * ("T - 1 - lx flips every bit of lx"), which holds only when T is a power
 * of two. */
__kernel void reverse_groups(__global const float *in, __global float *out, __local float *t)
{
    const int lx = get_local_id(0);
    const int T = get_local_size(0);
    const int x = get_global_id(0);
    t[lx] = in[x];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[x] = t[lx ^ (T - 1)];
}
