/* Exercise 04-4: a student's fix that moves the segment into a local array
 * sized for work-groups of at most 256. */
__kernel void scan_segments(__global const float *in, __global float *out, __global float *temp,
                            __global float *sums, const int n)
{
    const int lid = get_local_id(0), L = get_local_size(0), g = get_group_id(0);
    const int S = 2 * L; /* two elements per work-item */
    __local float t[512]; /* "work-groups are at most 256 wide" */
    (void)temp;
    const int a = g * S + 2 * lid, b = a + 1;
    t[2 * lid] = a < n ? in[a] : 0.0f;
    t[2 * lid + 1] = b < n ? in[b] : 0.0f;

    int offset = 1;
    for (int d = L; d > 0; d >>= 1) { /* up-sweep: partial sums up the tree */
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            const int ai = offset * (2 * lid + 1) - 1, bi = offset * (2 * lid + 2) - 1;
            t[bi] += t[ai];
        }
        offset *= 2;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        sums[g] = t[2 * L - 1];
        t[2 * L - 1] = 0.0f;
    }
    for (int d = 1; d <= L; d *= 2) { /* down-sweep: each node passes its prefix down */
        offset /= 2;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            const int ai = offset * (2 * lid + 1) - 1, bi = offset * (2 * lid + 2) - 1;
            const float v = t[ai];
            t[ai] = t[bi];
            t[bi] += v;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (a < n)
        out[a] = t[2 * lid];
    if (b < n)
        out[b] = t[2 * lid + 1];
}
