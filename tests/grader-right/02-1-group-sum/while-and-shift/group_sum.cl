// my group sum
__kernel void group_sum(__global const float *in, __global float *partial,
                        __local float *scratch, const int n)
{
    const int me = get_local_id(0);
    const int size = get_local_size(0);
    const int i = get_group_id(0) * size + me;
    float v = 0.0f;
    if (i < n)
        v = in[i];
    scratch[me] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    int span = size >> 1;
    while (span != 0) {
        if (me < span)
            scratch[me] = scratch[me] + scratch[me + span];
        barrier(CLK_LOCAL_MEM_FENCE);
        span >>= 1;
    }
    if (me == 0)
        partial[get_group_id(0)] = scratch[0];
}
