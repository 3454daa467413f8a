/* Exercise 06-1: find the bug. */
__kernel void reverse_groups(__global const float *in, __global float *out, __local float *t)
{
    const int lx = get_local_id(0);
    const int T = get_local_size(0);
    const int x = get_global_id(0);
    t[lx] = in[x];
    if (lx < T / 2) /* only the first half reads the other half's values */
        barrier(CLK_LOCAL_MEM_FENCE);
    out[x] = t[T - 1 - lx];
}
