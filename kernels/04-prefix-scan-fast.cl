/* 04-prefix-scan-fast.cl -- the reduction and reduce-then-scan of large
 * arrays (lesson 04).
 *
 * A tile is WG work-items times ITEMS consecutive values each. Every
 * work-item loads its values as 4-wide vectors, adds them up privately, and
 * the work-group scans the WG private totals in local memory. Two kernels:
 *   reduce_tiles: the total of each tile (the reduction, and pass 1 of
 *     reduce-then-scan);
 *   scan_tiles: pass 3 of reduce-then-scan, each tile scanned again from
 *     the scanned total of the tiles before it. Reduce-then-scan reads the
 *     input twice: 3n values of memory traffic.
 * The tile's helpers are in 04-prefix-scan-tiles.h, which lesson 09's
 * single pass (kernels/09-single-pass-scan.cl) includes too.
 *
 * Host options: -DWG=work-group size (power of two), -DITEMS=values per
 * work-item (multiple of 4), -DTYPE_INT=1 for int data (default float).
 */
// check-kernels: -DWG=256 -DITEMS=16

#include "04-prefix-scan-tiles.h" /* load_items, store_scan, sum_items, group_exclusive_scan */

// snippet: upsweep-reduce
/* The Blelloch up-sweep on its own is a reduction: it leaves the total of
 * the WG values in buf[WG-1]. Returns that total to every work-item. */
static T group_reduce(T v, __local T *buf)
{
    const uint lid = get_local_id(0);
    buf[lid] = v;
    for (uint offset = 1; offset < WG; offset <<= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        uint r = offset * (2 * lid + 2) - 1;
        if (r < WG)
            buf[r] += buf[r - offset];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    T total = buf[WG - 1];
    barrier(CLK_LOCAL_MEM_FENCE); /* buf may be reused right after */
    return total;
}
// end snippet upsweep-reduce

// snippet: reduce-tiles
/* Pass 1 of reduce-then-scan, and the whole of the reduction: the total of
 * each tile, in sums[group]. */
__kernel void reduce_tiles(__global const T *in, __global T *sums, const uint n)
{
    __local T buf[WG];
    const uint tile = get_group_id(0);
    const uint first = tile * TILE + get_local_id(0) * ITEMS;
    const int full = (tile + 1) * TILE <= n;
    T x[ITEMS];
    load_items(in, first, n, x, full);
    T total = group_reduce(sum_items(x), buf);
    if (get_local_id(0) == 0)
        sums[tile] = total;
}
// end snippet reduce-tiles

/* Pass 3 of reduce-then-scan: read the tile again, scan it, and start from
 * the scanned total of all tiles before it. */
__kernel void scan_tiles(__global const T *in, __global T *out, __global const T *scanned_sums,
                         const uint n, const int exclusive)
{
    __local T buf[2][WG];
    __local T4 stage[STAGE_SIZE];
    const uint tile = get_group_id(0);
    const uint first = tile * TILE + get_local_id(0) * ITEMS;
    const int full = (tile + 1) * TILE <= n;
    T x[ITEMS], total;
    load_items(in, first, n, x, full);
    T before = group_exclusive_scan(sum_items(x), buf, &total);
    store_scan(out, tile, n, x, scanned_sums[tile] + before, exclusive, full, stage);
}
