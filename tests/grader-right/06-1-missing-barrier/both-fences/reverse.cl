/* A right 06-1 written differently: the mirror from the group's own width,
 * a barrier that fences both memories. */
__kernel void reverse_groups(__global const float *in, __global float *out, __local float *t)
{
    const size_t me = get_local_id(0), width = get_local_size(0);
    t[me] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0)] = t[width - me - 1];
}
