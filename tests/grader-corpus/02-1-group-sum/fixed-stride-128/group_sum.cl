/* Exercise 02-1: a student's sum that starts halving at a stride of 128. */
__kernel void group_sum(__global const float *in, __global float *partial,
                        __local float *scratch, const int n)
{
    int gid = get_global_id(0), lid = get_local_id(0), L = get_local_size(0);
    scratch[lid] = gid < n ? in[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = 128; stride > 0; stride >>= 1) {
        if (lid < stride && lid + stride < L)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
