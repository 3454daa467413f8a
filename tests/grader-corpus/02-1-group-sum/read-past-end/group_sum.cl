/* Exercise 02-1: the sum of each work-group's elements, in local memory. */
__kernel void group_sum(__global const float *in, __global float *partial,
                        __local float *scratch, const int n)
{
    int gid = get_global_id(0), lid = get_local_id(0), L = get_local_size(0);
    /* read first, mask later: the load is "harmless" */
    float v = in[gid];
    scratch[lid] = gid < n ? v : 0.0f;
    for (int active = L / 2; active > 0; active /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < active)
            scratch[lid] += scratch[lid + active];
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
