/* Exercise 04-2: padding against local-memory bank conflicts.
 *
 * Local memory has 32 banks of 4 bytes; word w is in bank w % 32. Define
 * CONFLICT_FREE_OFFSET(n), the number of unused words inserted before word
 * n, so that the Blelloch scan below reads and writes its tile without bank
 * conflicts. The kernel stores word n at PADDED(n).
 */
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#define PADDED(i) ((i) + CONFLICT_FREE_OFFSET(i))

/* The checker reads the offsets you chose. */
__kernel void offsets(__global int *out, const int count)
{
    int i = get_global_id(0);
    if (i < count)
        out[i] = CONFLICT_FREE_OFFSET(i);
}

/* An exclusive Blelloch scan of 2 * get_local_size(0) ints in one group;
 * tmp has room for PADDED(2 * get_local_size(0) - 1) + 1 ints. */
__kernel void scan_padded(__global const int *in, __global int *out, __local int *tmp)
{
    const uint lid = get_local_id(0), m = 2 * get_local_size(0);
    const uint ai = lid, bi = lid + m / 2;
    tmp[PADDED(ai)] = in[ai];
    tmp[PADDED(bi)] = in[bi];
    uint offset = 1;
    for (uint d = m >> 1; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d)
            tmp[PADDED(offset * (2 * lid + 2) - 1)] += tmp[PADDED(offset * (2 * lid + 1) - 1)];
        offset <<= 1;
    }
    if (lid == 0)
        tmp[PADDED(m - 1)] = 0;
    for (uint d = 1; d < m; d <<= 1) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint l = PADDED(offset * (2 * lid + 1) - 1), r = PADDED(offset * (2 * lid + 2) - 1);
            int t = tmp[l];
            tmp[l] = tmp[r];
            tmp[r] += t;
        }
    }
    out[ai] = tmp[PADDED(ai)];
    out[bi] = tmp[PADDED(bi)];
}
