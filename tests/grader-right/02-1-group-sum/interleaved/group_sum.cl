/* A right 02-1 written differently: interleaved pairs (stride 1, 2, 4, ...),
 * the group's width asked of the device, never assumed. */
__kernel void group_sum(__global const float *in, __global float *partial,
                        __local float *scratch, const int n)
{
    const int lid = get_local_id(0), width = get_local_size(0);
    const int gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : 0.0f;
    for (int stride = 1; stride < width; stride <<= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid % (2 * stride) == 0)
            scratch[lid] += scratch[lid + stride];
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
