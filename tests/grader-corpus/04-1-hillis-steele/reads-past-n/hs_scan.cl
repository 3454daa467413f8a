/* Exercise 04-1: one step of the Hillis-Steele scan.
 *
 * One work-group scans n <= get_local_size(0) ints, inclusively: out[i] =
 * in[0] + ... + in[i]. a and b are two local buffers of get_local_size(0)
 * ints each. At step d every value adds the value d places to its left;
 * each step reads one buffer and writes the other.
 */
__kernel void hs_scan(__global const int *in, __global int *out, const uint n,
                      __local int *a, __local int *b)
{
    const uint lid = get_local_id(0), wg = get_local_size(0);
    a[lid] = in[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < wg; d <<= 1) {
        b[lid] = lid >= d ? a[lid] + a[lid - d] : a[lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        __local int *t = a; /* the buffer just written is read next */
        a = b;
        b = t;
    }
    if (lid < n)
        out[lid] = a[lid];
}
