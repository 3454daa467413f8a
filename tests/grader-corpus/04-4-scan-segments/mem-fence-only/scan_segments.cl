/* Exercise 04-4: find the bugs (a scan in segments, kept in __global memory).
 *
 * An exclusive scan of n floats, segment by segment: work-group g (L
 * work-items, L a power of two) scans the segment that starts at element
 * g * S, where S = 2 * L, because every work-item loads and stores two
 * elements. It works in its own part of the scratch buffer temp (2 * L
 * floats from temp + g * 2 * L) with the up-sweep and down-sweep of
 * Blelloch's scan, writes the segment's exclusive scan to out and the
 * segment's total to sums[g]. Elements past n count as 0. (Adding the
 * scanned sums to the segments is another kernel's work, lesson 04's.)
 *
 * The host launches ceil(n / S) work-groups. On PoCL this kernel often
 * gives right results, and on a GPU it does not. Find out why, and fix it.
 */
__kernel void scan_segments(__global const float *in, __global float *out, __global float *temp,
                            __global float *sums, const int n)
{
    const int lid = get_local_id(0), L = get_local_size(0), g = get_group_id(0);
    const int S = 2 * L; /* two elements per work-item */
    __global float *t = temp + g * 2 * L;
    const int a = g * S + 2 * lid, b = a + 1;
    t[2 * lid] = a < n ? in[a] : 0.0f;
    t[2 * lid + 1] = b < n ? in[b] : 0.0f;

    int offset = 1;
    for (int d = L; d > 0; d >>= 1) { /* up-sweep: partial sums up the tree */
        mem_fence(CLK_GLOBAL_MEM_FENCE); /* t is global memory: a local fence orders nothing in it */
        if (lid < d) {
            const int ai = offset * (2 * lid + 1) - 1, bi = offset * (2 * lid + 2) - 1;
            t[bi] += t[ai];
        }
        offset *= 2;
    }
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    if (lid == 0) {
        sums[g] = t[2 * L - 1];
        t[2 * L - 1] = 0.0f;
    }
    for (int d = 1; d <= L; d *= 2) { /* down-sweep: each node passes its prefix down */
        offset /= 2;
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        if (lid < d) {
            const int ai = offset * (2 * lid + 1) - 1, bi = offset * (2 * lid + 2) - 1;
            const float v = t[ai];
            t[ai] = t[bi];
            t[bi] += v;
        }
    }
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    if (a < n)
        out[a] = t[2 * lid];
    if (b < n)
        out[b] = t[2 * lid + 1];
}
