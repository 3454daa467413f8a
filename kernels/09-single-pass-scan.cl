/* 09-single-pass-scan.cl -- the portable single pass with decoupled
 * look-back (lesson 09), using only OpenCL 1.2's 32-bit atomics.
 *
 * A tile is WG work-items times ITEMS consecutive values each, loaded,
 * scanned and stored with the same helpers as lesson 04's reduce-then-scan
 * (kernels/04-prefix-scan-tiles.h, included). One pass reads and writes
 * each value once: 2n values of memory traffic.
 *   clear_status: zero the ticket and the statuses before each scan;
 *   scan_lookback: one pass; tiles numbered by a ticket (atomic_inc), each
 *     publishes its total, looks back for the sum before it, publishes
 *     its inclusive prefix, and scans its values from it.
 *
 * Host options: -DWG=work-group size (power of two), -DITEMS=values per
 * work-item (multiple of 4), -DTYPE_INT=1 for int data (default float),
 * -DLOOKBACK_TEST=1 for tests: tiles publish only their own totals, so
 * every look-back walks back to tile 0 through every window slot.
 */
// check-kernels: -DWG=256 -DITEMS=16

#ifndef LOOKBACK_TEST
#define LOOKBACK_TEST 0
#endif
#include "04-prefix-scan-tiles.h" /* lesson 04's tile: load_items, store_scan, sum_items, group_exclusive_scan */

// snippet: lookback-state
/* Decoupled look-back. Each tile publishes a status: nothing yet (0), its
 * own total, the aggregate (FLAG_A), or the sum of all values up to and
 * including it, the inclusive prefix (FLAG_P). A status must be read and
 * written as one piece, but OpenCL 1.2 only guarantees 32-bit atomics. So
 * each status is two 32-bit words, each holding the flag in its high 16
 * bits and one half of the value in its low 16 bits. A reader accepts the
 * pair only when both flags agree: each flag is written once per tile with
 * one value, so agreeing flags mean both halves belong together, whatever
 * order the two words became visible in. */
#define FLAG_A 1u
#define FLAG_P 2u

static void publish(volatile __global uint *status, uint tile, uint flag, T value)
{
    uint bits = as_uint(value);
    atomic_xchg(&status[2 * tile], (flag << 16) | (bits & 0xffffu));
    atomic_xchg(&status[2 * tile + 1], (flag << 16) | (bits >> 16));
}

/* The flag of a tile (0 while the two halves disagree) and its value. */
static uint peek(volatile __global uint *status, uint tile, T *value)
{
    uint lo = atomic_or(&status[2 * tile], 0u); /* an atomic load */
    uint hi = atomic_or(&status[2 * tile + 1], 0u);
    if ((lo >> 16) != (hi >> 16))
        return 0;
    *value = AS_T((hi << 16) | (lo & 0xffffu));
    return lo >> 16;
}
// end snippet lookback-state

/* Zero the tile counter and the statuses before each scan. (A kernel
 * rather than clEnqueueFillBuffer: Oclgrind 21.10 does not count filled
 * memory as initialized.) */
__kernel void clear_status(__global uint *status, const uint count)
{
    uint i = get_global_id(0);
    if (i < count)
        status[i] = 0;
}

// snippet: lookback
/* status[0] hands out tile numbers; tile t's status is status[1 + 2t] and
 * status[2 + 2t]. All of it is zero before the launch. */
#define WINDOW (WG < 32 ? WG : 32)
__kernel void scan_lookback(__global const T *in, __global T *out,
                            volatile __global uint *status, const uint n, const int exclusive)
{
    __local T buf[2][WG];
    __local T4 stage[STAGE_SIZE];
    __local uint tile_l, flags[WINDOW], next_l, done_l;
    __local T values[WINDOW], carry_l;
    const uint lid = get_local_id(0);
    /* Tile numbers in the order work-groups start, not get_group_id():
     * OpenCL promises nothing about which groups run at the same time, but
     * every tile this one waits for below got its number earlier, so its
     * group is already running and will publish. */
    if (lid == 0)
        tile_l = atomic_inc(&status[0]);
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint tile = tile_l;
    volatile __global uint *st = status + 1;

    const uint first = tile * TILE + lid * ITEMS;
    const int full = (tile + 1) * TILE <= n;
    T x[ITEMS], total;
    load_items(in, first, n, x, full);
    T before = group_exclusive_scan(sum_items(x), buf, &total);

    /* Publish at once: successors need it. Tile 0 knows its prefix. The
     * look-back state lives in local memory, where the whole group sees it
     * (and where PoCL keeps it right across the loop's barriers). */
    if (lid == 0) {
        publish(st, tile, tile == 0 ? FLAG_P : FLAG_A, total);
        carry_l = (T)0;
        next_l = tile - 1;
        done_l = tile == 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* Look back WINDOW tiles at a time, one work-item per tile: add
     * aggregates up to the nearest inclusive prefix. A tile that has
     * published nothing yet is read again in the next round. */
    while (!done_l) {
        const uint j = next_l;
        if (lid < WINDOW && lid <= j) {
            T v = (T)0;
            flags[lid] = peek(st, j - lid, &v);
            values[lid] = v;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid == 0) {
            T carry = carry_l;
            uint k = 0, done = 0, last = min((uint)WINDOW, j + 1);
            for (; k < last; k++) {
                if (flags[k] == 0)
                    break;
                carry += values[k];
                if (flags[k] == FLAG_P) {
                    done = 1;
                    break;
                }
            }
            carry_l = carry;
            done_l = done;
            next_l = j - k;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#if !(LOOKBACK_TEST & 1) /* tests leave it out: every look-back walks to tile 0 */
    if (lid == 0 && tile > 0)
        publish(st, tile, FLAG_P, carry_l + total);
#endif
    store_scan(out, tile, n, x, carry_l + before, exclusive, full, stage);
}
// end snippet lookback
