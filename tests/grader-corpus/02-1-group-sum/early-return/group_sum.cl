/* Exercise 02-1: the sum of each work-group's elements, in local memory.
 *
 * partial[g] = in[g*L] + in[g*L + 1] + ... + in[g*L + L - 1], where L is the
 * work-group size (a power of two) and elements past n count as 0.
 * scratch holds L floats: one per work-item of the group.
 */
__kernel void group_sum(__global const float *in, __global float *partial,
                        __local float *scratch, const int n)
{
    int gid = get_global_id(0), lid = get_local_id(0), L = get_local_size(0);
    /* Every work-item stores a value, 0 past the end: no early return,
     * because every work-item must reach the barriers below. */
    if (gid >= n)
        return;
    scratch[lid] = in[gid];
    /* Each step halves the number of active work-items: those in the upper
     * half of the active range add their values into the lower half. */
    for (int active = L / 2; active > 0; active /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < active)
            scratch[lid] += scratch[lid + active];
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
