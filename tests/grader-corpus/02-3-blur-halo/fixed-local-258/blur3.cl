/* Exercise 02-3: a three-point average with a halo in local memory.
 *
 * out[i] = (in[i-1] + in[i] + in[i+1]) / 3, where in[-1] and in[n] count
 * as 0. Each work-group loads its L elements of `in` into local memory once,
 * plus one neighbour on each side (the "halo"): `tile` holds L + 2 floats,
 * mine[0] is the left neighbour and mine[L + 1] the right one.
 */
__kernel void blur3(__global const float *in, __global float *out, const int n,
                    __local float *tile)
{
    __local float mine[258]; /* 256 + the two halo cells: "no GPU groups wider than 256" */
    int i = get_global_id(0), lid = get_local_id(0), L = get_local_size(0);
    int first = i - lid; /* this group's first element */
    mine[lid + 1] = i < n ? in[i] : 0.0f;
    if (lid == 0) /* the halo: one work-item loads each side */
        mine[0] = first > 0 ? in[first - 1] : 0.0f;
    if (lid == L - 1)
        mine[L + 1] = first + L < n ? in[first + L] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        out[i] = (mine[lid] + mine[lid + 1] + mine[lid + 2]) / 3.0f;
}
