/* Exercise 02-1: the sum of each work-group's elements, in local memory.
 *
 * partial[g] = in[g*L] + in[g*L + 1] + ... + in[g*L + L - 1], where L is the
 * work-group size (a power of two) and elements past n count as 0.
 * scratch holds L floats: one per work-item of the group.
 */
__kernel void group_sum(__global const float *in, __global float *partial,
                        __local float *scratch, const int n)
{
    /* TODO: copy this work-item's element (or 0 past n) into scratch, add
     * the group's values up in scratch in log2(L) steps, and let one
     * work-item write the result to partial[get_group_id(0)]. Which
     * barriers does that need, and where? */
}
