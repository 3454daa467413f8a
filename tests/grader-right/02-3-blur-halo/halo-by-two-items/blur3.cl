/* A right 02-3 written differently: the halo cells loaded by work-items 0
 * and 1 (or 0 alone in a group of one), the group's width never assumed. */
__kernel void blur3(__global const float *in, __global float *out, const int n,
                    __local float *tile)
{
    const int L = get_local_size(0), lid = get_local_id(0), i = get_global_id(0);
    const int base = get_group_id(0) * L;
    tile[1 + lid] = i < n ? in[i] : 0.0f;
    if (lid == 0)
        tile[0] = base >= 1 ? in[base - 1] : 0.0f;
    if (lid == (L > 1 ? 1 : 0))
        tile[L + 1] = base + L < n ? in[base + L] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        out[i] = (tile[lid] + tile[lid + 1] + tile[lid + 2]) / 3.0f;
}
