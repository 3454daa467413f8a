/* Exercise 06-1: find the bug. */
__kernel void reverse_groups(__global const float *in, __global float *out, __local float *t)
{
    __local float chunk[128]; /* groups of 128 at most, surely */
    const int lx = get_local_id(0);
    const int T = get_local_size(0);
    const int x = get_global_id(0);
    (void)t;
    chunk[lx] = in[x];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[x] = chunk[T - 1 - lx];
}
