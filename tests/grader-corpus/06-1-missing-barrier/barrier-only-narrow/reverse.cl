/* Exercise 06-1: find the bug.
 *
 * Each work-group reverses its own chunk of the input: with T work-items
 * per group, out[g*T + i] = in[g*T + (T-1-i)]. The chunk goes through local
 * memory so that the reads from global memory stay in order. The host makes
 * n a multiple of T and passes a __local buffer of T floats.
 *
 * This kernel compiles and gives wrong results. Find out why and fix it.
 */
__kernel void reverse_groups(__global const float *in, __global float *out, __local float *t)
{
    const int lx = get_local_id(0);
    const int T = get_local_size(0);
    const int x = get_global_id(0);
    t[lx] = in[x];
    if (T < 256) /* wide groups: the hardware keeps them in step */
        barrier(CLK_LOCAL_MEM_FENCE);
    out[x] = t[T - 1 - lx];
}
