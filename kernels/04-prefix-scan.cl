/* 04-prefix-scan.cl -- prefix sums inside one work-group, and the glue that makes
 * them scan arrays of any length (lesson 04).
 *
 * Every scan kernel here scans one tile per work-group: Hillis-Steele a tile
 * of WG values, Blelloch a tile of 2*WG values. Each writes its tile's total
 * to sums[group], so that lessons/04-prefix-scan can scan the totals and add
 * them back (add_block_sums) when the array spans more than one tile.
 *
 * Host options: -DWG=work-group size (a power of two), -DTYPE_INT=1 for int
 * data (default float).
 */
// check-kernels: -DWG=256

#ifndef WG
#define WG 256
#endif

#if TYPE_INT
typedef int T;
#else
typedef float T;
#endif

// snippet: hillis-steele
/* Hillis-Steele: at step d every value adds the value d places to its left.
 * log2(WG) steps, each doing WG additions: O(n log n) work in all. Reading
 * and writing one array in the same step would race (a work-item could read
 * a value its neighbour already updated), so each step reads one buffer and
 * writes the other: double buffering. */
__kernel void scan_hillis_steele(__global const T *in, __global T *out, __global T *sums,
                                 const uint n, const int exclusive)
{
    __local T buf[2][WG];
    const uint lid = get_local_id(0);
    const uint i = get_group_id(0) * WG + lid;
    int src = 0;
    buf[src][lid] = i < n ? in[i] : (T)0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < WG; d <<= 1) {
        T v = buf[src][lid];
        if (lid >= d)
            v += buf[src][lid - d];
        buf[1 - src][lid] = v;
        src = 1 - src;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    /* buf[src] now holds the inclusive scan of the tile. */
    if (i < n)
        out[i] = exclusive ? (lid > 0 ? buf[src][lid - 1] : (T)0) : buf[src][lid];
    if (lid == WG - 1)
        sums[get_group_id(0)] = buf[src][WG - 1];
}
// end snippet hillis-steele

// snippet: padding-macro
/* Local memory is cut into 32 banks of 4 bytes: word w lives in bank w % 32,
 * and one bank serves one word per cycle. Work-items that hit different
 * words of the same bank are served one after another (a bank conflict).
 * Inserting one unused word after every 32 moves word w to w + w/32 and
 * spreads strided accesses over the banks.
 *
 * Mind the parentheses: `>>` binds more weakly than `+`, so the form
 * printed in GPU Gems 3 (2007), ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS)),
 * shifts by (NUM_BANKS + n) and is 0 for every index it is used with. */
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#define PADDED(i) ((i) + CONFLICT_FREE_OFFSET(i))
/* Words a padded tile of m values needs. */
#define PADDED_SIZE(m) ((m) + CONFLICT_FREE_OFFSET((m) - 1) + 1)
// end snippet padding-macro

static inline uint slot(uint i, const int pad)
{
    return pad ? PADDED(i) : i;
}

// snippet: blelloch
/* Blelloch: a tile of m = 2*WG values, each work-item loads two.
 * Up-sweep: build a tree of partial sums in place; the root, tmp[m-1], is
 * the tile's total. Down-sweep: clear the root, then at every level pass
 * each node's value to its left child and (left + own) to its right child.
 * That leaves the exclusive scan. 2(m-1) additions in all: O(n) work. */
static void blelloch_tile(__global const T *in, __global T *out, __global T *sums,
                          const uint n, const int exclusive, __local T *tmp, const int pad)
{
    const uint lid = get_local_id(0);
    const uint m = 2 * WG;
    const uint base = get_group_id(0) * m;
    /* ai and bi are the two values this work-item owns: lid and lid + WG,
     * so that consecutive work-items load consecutive addresses. */
    const uint ai = lid, bi = lid + WG;
    const T va = base + ai < n ? in[base + ai] : (T)0;
    const T vb = base + bi < n ? in[base + bi] : (T)0;
    tmp[slot(ai, pad)] = va;
    tmp[slot(bi, pad)] = vb; /* bi's own offset, never ai's */

    uint offset = 1;
    for (uint d = m >> 1; d > 0; d >>= 1) { /* up-sweep */
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint l = offset * (2 * lid + 1) - 1;
            uint r = offset * (2 * lid + 2) - 1;
            tmp[slot(r, pad)] += tmp[slot(l, pad)];
        }
        offset <<= 1;
    }
    if (lid == 0) {
        sums[get_group_id(0)] = tmp[slot(m - 1, pad)];
        tmp[slot(m - 1, pad)] = (T)0;
    }
    for (uint d = 1; d < m; d <<= 1) { /* down-sweep */
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint l = offset * (2 * lid + 1) - 1;
            uint r = offset * (2 * lid + 2) - 1;
            T left = tmp[slot(l, pad)];
            tmp[slot(l, pad)] = tmp[slot(r, pad)];
            tmp[slot(r, pad)] += left;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* Exclusive scan in tmp; inclusive adds each value to its own prefix. */
    if (base + ai < n)
        out[base + ai] = tmp[slot(ai, pad)] + (exclusive ? (T)0 : va);
    if (base + bi < n)
        out[base + bi] = tmp[slot(bi, pad)] + (exclusive ? (T)0 : vb);
}
// end snippet blelloch

// snippet: blelloch-kernels
__kernel void scan_blelloch(__global const T *in, __global T *out, __global T *sums,
                            const uint n, const int exclusive)
{
    __local T tmp[2 * WG];
    blelloch_tile(in, out, sums, n, exclusive, tmp, 0);
}

__kernel void scan_blelloch_pad(__global const T *in, __global T *out, __global T *sums,
                                const uint n, const int exclusive)
{
    __local T tmp[PADDED_SIZE(2 * WG)];
    blelloch_tile(in, out, sums, n, exclusive, tmp, 1);
}
// end snippet blelloch-kernels

// snippet: add-block-sums
/* After the tile totals were scanned (exclusively), tile g adds the sum of
 * all tiles before it to each of its values. One work-group per tile. */
__kernel void add_block_sums(__global T *out, __global const T *scanned_sums,
                             const uint n, const uint tile)
{
    const uint g = get_group_id(0);
    const T add = scanned_sums[g];
    const uint end = min(n, (g + 1) * tile);
    for (uint i = g * tile + get_local_id(0); i < end; i += WG)
        out[i] += add;
}
// end snippet add-block-sums
