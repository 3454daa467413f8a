/* 04-prefix-scan-tiles.h -- a tile of the large scans: WG work-items times
 * ITEMS consecutive values each, loaded, added up, scanned within the
 * group and stored. Lesson 04's reduce-then-scan
 * (kernels/04-prefix-scan-fast.cl) and lesson 09's single pass
 * (kernels/09-single-pass-scan.cl) both #include it; the host builds them
 * with -I and the kernels' folder (common/device.c, clu_build).
 *
 * Host options: -DWG=work-group size (power of two), -DITEMS=values per
 * work-item (multiple of 4), -DTYPE_INT=1 for int data (default float).
 */
#ifndef PREFIX_SCAN_TILES_H
#define PREFIX_SCAN_TILES_H

#ifndef WG
#define WG 256
#endif
#ifndef ITEMS
#define ITEMS 16
#endif
#define TILE (WG * ITEMS)

#if TYPE_INT
typedef int T;
typedef int4 T4;
#define AS_T(u) as_int(u)
#else
typedef float T;
typedef float4 T4;
#define AS_T(u) as_float(u)
#endif

/* Load this work-item's ITEMS values starting at `first`: full tiles with
 * vector loads (first is a multiple of 4, so 16-byte aligned), the last,
 * partial tile value by value with zeros past the end. */
static void load_items(__global const T *in, uint first, uint n, T x[ITEMS], int full)
{
    if (full) {
        __global const T4 *p = (__global const T4 *)(in + first);
        for (int k = 0; k < ITEMS / 4; k++) {
            T4 v = p[k];
            x[4 * k] = v.x;
            x[4 * k + 1] = v.y;
            x[4 * k + 2] = v.z;
            x[4 * k + 3] = v.w;
        }
    } else {
        for (int k = 0; k < ITEMS; k++)
            x[k] = first + k < n ? in[first + k] : (T)0;
    }
}

// snippet: store-staged
/* Write x[] scanned, starting from `carry` (the sum of everything before).
 * Work-item lid owns values lid*ITEMS ... lid*ITEMS + ITEMS-1 of the tile,
 * so its direct stores would leave gaps that other work-items fill later.
 * Full tiles go through local memory instead: each work-item puts its
 * vectors there, then the group writes the tile out in one contiguous sweep
 * (work-item lid writes vectors lid, lid + WG, ...). One vector slot of
 * padding after every 8 keeps both steps free of bank conflicts. */
#define SLOT4(q) ((q) + ((q) >> 3))
#define STAGE_SIZE SLOT4(TILE / 4)
static void store_scan(__global T *out, uint tile, uint n, const T x[ITEMS], T carry,
                       int exclusive, int full, __local T4 *stage)
{
    const uint lid = get_local_id(0);
    const uint first = tile * TILE + lid * ITEMS;
    T y[ITEMS];
    for (int k = 0; k < ITEMS; k++) {
        T next = carry + x[k];
        y[k] = exclusive ? carry : next;
        carry = next;
    }
    if (full) { /* the same for the whole group: the barrier is safe */
        for (int k = 0; k < ITEMS / 4; k++)
            stage[SLOT4(lid * (ITEMS / 4) + k)] = vload4(k, y);
        barrier(CLK_LOCAL_MEM_FENCE);
        __global T4 *p = (__global T4 *)(out + tile * TILE);
        for (int k = 0; k < ITEMS / 4; k++)
            p[k * WG + lid] = stage[SLOT4(k * WG + lid)];
    } else {
        for (int k = 0; k < ITEMS; k++)
            if (first + k < n)
                out[first + k] = y[k];
    }
}
// end snippet store-staged

static T sum_items(const T x[ITEMS])
{
    T s = (T)0;
    for (int k = 0; k < ITEMS; k++)
        s += x[k];
    return s;
}

/* Exclusive scan of one value per work-item (Hillis-Steele, double
 * buffered); *total gets the sum of all WG values. */
static T group_exclusive_scan(T v, __local T (*buf)[WG], T *total)
{
    const uint lid = get_local_id(0);
    int src = 0;
    buf[0][lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < WG; d <<= 1) {
        T s = buf[src][lid];
        if (lid >= d)
            s += buf[src][lid - d];
        buf[1 - src][lid] = s;
        src = 1 - src;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    T inclusive = buf[src][lid];
    *total = buf[src][WG - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    return inclusive - v;
}

#endif /* PREFIX_SCAN_TILES_H */
