/* 09-single-pass-scan-onepass.cl -- the single-pass scan tuned for speed, correct
 * by the OpenCL specification on any device (lesson 09).
 *
 * Like scan_lookback in 09-single-pass-scan.cl, each work-group scans one
 * tile of WG * ITEMS values and learns the sum of everything before its
 * tile by looking back at the tiles before it. What changes:
 *   - loads and stores are coalesced: work-item lid moves vectors lid,
 *     lid + WG, lid + 2*WG ... of the tile, and local memory turns that
 *     layout into ITEMS consecutive values per work-item and back;
 *   - a tile's status is ONE 64-bit word: the flag in the high half, the
 *     value's bits in the low half, written with one atomic exchange and
 *     read with one atomic load, so a reader never sees half an update;
 *   - on NVIDIA (-DNV_PTX=1), a whole warp looks back at 32 tiles at once
 *     with the warp's vote and shuffle instructions, written as inline PTX
 *     (NVIDIA's OpenCL has no sub-group functions); elsewhere the group
 *     does the same through local memory and barriers;
 *   - the group's scan of its per-work-item totals uses warp shuffles
 *     (NV_PTX) instead of log2(WG) barrier steps.
 *
 * Kernels (both rely on no scheduling promise: a group that has polled a
 * silent predecessor SPIN_LIMIT times sums that tile from the input itself,
 * "decoupled fallback", so no group ever waits on another one running):
 *   scan_onepass   tiles numbered by an atomic ticket in status[0], in the
 *                  order groups start: a group mostly waits for groups that
 *                  started before it, so fallbacks stay rare on any device.
 *   scan_fallback  tiles numbered by get_group_id(0): the same guarantee,
 *                  no ticket to take. A GPU starts groups in about the
 *                  order of their ids, so fallbacks are rare there too, and
 *                  this is the faster one: the default on GPUs.
 *   clear_status64 zero status[0 .. count-1] before each scan.
 * status[1] counts the fallbacks; tile t's status is status[2 + t].
 *
 * Host: -DWG (power of two, at least 32), -DITEMS (multiple
 * of 4), -DTYPE_INT=1 for int (default float), -DNV_PTX=1 on NVIDIA with
 * -DNV_SM=its compute capability (75 for 7.5),
 * -DBACKOFF=ns (NV_PTX only: sleep between polls, 0 = spin),
 * -DSPIN_LIMIT=polls, -DLOOKBACK_TEST for tests (bit 1: tiles publish
 * only their own totals, so every look-back walks back to tile 0; bit 2:
 * each tile treats its nearest predecessor as silent and sums it itself).
 * status: 2 + tiles ulongs, zeroed.
 * Global size tiles * WG, local size WG, tiles = ceil(n / (WG * ITEMS)).
 */
// check-kernels: -DWG=256 -DITEMS=16

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#ifndef WG
#define WG 256
#endif
#ifndef ITEMS
#define ITEMS 16
#endif
#ifndef NV_PTX
#define NV_PTX 0
#endif
#ifndef NV_SM
#define NV_SM 70
#endif
#ifndef BACKOFF
#define BACKOFF 0
#endif
#ifndef SPIN_LIMIT
#define SPIN_LIMIT 256
#endif
#ifndef LOOKBACK_TEST
#define LOOKBACK_TEST 0
#endif
#define TILE (WG * ITEMS)
#define VPI (ITEMS / 4) /* vectors per work-item */

/* WG >= 32 everywhere: PoCL 3.1 crashed inside the compiled kernel at
 * WG = 4, 8 and 16 (Oclgrind found no error at those shapes). */
#if ITEMS % 4 || WG < 32 || WG & (WG - 1)
#error "ITEMS must be a multiple of 4, WG a power of two of at least 32"
#endif

#if TYPE_INT
typedef int T;
typedef int4 T4;
#define AS_T(u) as_int(u)
#else
typedef float T;
typedef float4 T4;
#define AS_T(u) as_float(u)
#endif

/* ---- warp instructions through inline PTX (NVIDIA only) ----------------- */
#if NV_PTX
#define NW (WG / 32) /* warps in a group */
static inline uint shfl_up(uint x, uint d)
{
    uint r;
    __asm__ volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(r) : "r"(x), "r"(d));
    return r;
}
static inline uint shfl_xor(uint x, uint m)
{
    uint r;
    __asm__ volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(r) : "r"(x), "r"(m));
    return r;
}
static inline uint shfl_idx(uint x, uint lane)
{
    uint r;
    __asm__ volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(r) : "r"(x), "r"(lane));
    return r;
}
/* Bit l set when lane l's p is non-zero. */
static inline uint ballot(uint p)
{
    uint r;
    __asm__ volatile("{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }"
                 : "=r"(r) : "r"(p));
    return r;
}
static inline T warp_incl_scan(T v, uint lane)
{
    for (uint d = 1; d < 32; d <<= 1) {
        T u = AS_T(shfl_up(as_uint(v), d));
        if (lane >= d)
            v += u;
    }
    return v;
}
static inline T warp_sum(T v)
{
    for (uint m = 16; m > 0; m >>= 1)
        v += AS_T(shfl_xor(as_uint(v), m));
    return v;
}
#endif

/* Lowest set bit's index; 32 for 0 (popcount of the bits below it). */
static inline uint lowest(uint m)
{
    return popcount((m & (0u - m)) - 1u);
}

/* ---- the group's scan of one value per work-item ------------------------- */
/* Exclusive prefix of v within the group; *total gets the group's sum. */
static T group_scan(T v, __local T *buf, T *total)
{
    const uint lid = get_local_id(0);
#if NV_PTX
    const uint lane = lid & 31, warp = lid >> 5;
    T inc = warp_incl_scan(v, lane);
    if (lane == 31)
        buf[warp] = inc;
    barrier(CLK_LOCAL_MEM_FENCE);
    /* Every warp scans the NW warp totals itself: no second barrier. */
    T w = lane < NW ? buf[lane] : (T)0;
    T winc = warp_incl_scan(w, lane);
    *total = AS_T(shfl_idx(as_uint(winc), NW - 1));
    T before = AS_T(shfl_idx(as_uint(winc - w), warp));
    barrier(CLK_LOCAL_MEM_FENCE); /* buf is free again */
    return before + inc - v;
#else
    /* Hillis-Steele, double buffered in buf[0 .. 2*WG-1]. */
    int src = 0;
    buf[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < WG; d <<= 1) {
        T s = buf[src * WG + lid];
        if (lid >= d)
            s += buf[src * WG + lid - d];
        buf[(1 - src) * WG + lid] = s;
        src = 1 - src;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    T inclusive = buf[src * WG + lid];
    *total = buf[src * WG + WG - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    return inclusive - v;
#endif
}
#if NV_PTX
#define SCAN_BUF 32
#else
#define SCAN_BUF (2 * WG)
#endif

/* ---- moving a tile --------------------------------------------------------- */
/* On NVIDIA a full tile is read and written with streaming hints (evict
 * first): the input is read once and the output written once, and the hints
 * keep them from pushing anything else out of the caches. Elsewhere plain
 * accesses. */
#if NV_PTX
#if TYPE_INT
#define SFX "u32"
#define CON "r"
#else
#define SFX "f32"
#define CON "f"
#endif
static T4 load_stream(__global const T4 *p)
{
    T a, b, c, d;
    __asm__("ld.global.cs.v4." SFX " {%0, %1, %2, %3}, [%4];"
            : "=" CON(a), "=" CON(b), "=" CON(c), "=" CON(d) : "l"(p));
    return (T4)(a, b, c, d);
}
static void store_stream(__global T4 *p, T4 v)
{
    __asm__ volatile("st.global.cs.v4." SFX " [%0], {%1, %2, %3, %4};"
                     :: "l"(p), CON(v.x), CON(v.y), CON(v.z), CON(v.w) : "memory");
}
#define LOAD4(p) load_stream(p)
#define STORE4(p, v) store_stream(p, v)
#else
#define LOAD4(p) (*(p))
#define STORE4(p, v) (*(p) = (v))
#endif

/* One float4 slot of padding after every 8 keeps both the row and the
 * column walk through the staging area free of bank conflicts. */
#define SLOT(q) ((q) + ((q) >> 3))
#define STAGE_SIZE SLOT(TILE / 4)

// snippet: onepass-load
/* This work-item's ITEMS consecutive values of the tile. A full tile is read
 * coalesced (work-item lid reads vectors lid, lid + WG, ...: a warp's 32
 * loads are 512 contiguous bytes) into local memory, and read back from
 * there in the order the scan wants. The last, partial tile is read value
 * by value, zeros past n. */
static void load_tile(__global const T *in, uint tile, uint n, int full, T x[ITEMS],
                      __local T4 *stage)
{
    const uint lid = get_local_id(0);
    if (full) {
        __global const T4 *p = (__global const T4 *)(in + (size_t)tile * TILE);
        T4 r[VPI];
        for (int k = 0; k < VPI; k++) /* all loads in flight before any use */
            r[k] = LOAD4(p + k * WG + lid);
        for (int k = 0; k < VPI; k++)
            stage[SLOT(k * WG + lid)] = r[k];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < VPI; k++) {
            T4 v = stage[SLOT(lid * VPI + k)];
            x[4 * k] = v.x; x[4 * k + 1] = v.y; x[4 * k + 2] = v.z; x[4 * k + 3] = v.w;
        }
    } else {
        const size_t first = (size_t)tile * TILE + lid * ITEMS;
        for (int k = 0; k < ITEMS; k++)
            x[k] = first + k < n ? in[first + k] : (T)0;
    }
}
// end snippet onepass-load

/* Write this work-item's scanned values: the mirror image of load_tile. */
static void store_tile(__global T *out, uint tile, uint n, int full, const T y[ITEMS],
                       __local T4 *stage)
{
    const uint lid = get_local_id(0);
    if (full) {
        for (int k = 0; k < VPI; k++)
            stage[SLOT(lid * VPI + k)] = vload4(k, y); /* not (T4)(y[..], ...): Oclgrind reads that as an undefined vector */
        barrier(CLK_LOCAL_MEM_FENCE);
        __global T4 *p = (__global T4 *)(out + (size_t)tile * TILE);
        for (int k = 0; k < VPI; k++)
            STORE4(p + k * WG + lid, stage[SLOT(k * WG + lid)]);
    } else {
        const size_t first = (size_t)tile * TILE + lid * ITEMS;
        for (int k = 0; k < ITEMS; k++)
            if (first + k < n)
                out[first + k] = y[k];
    }
}

/* The sum of a whole tile, bit for bit as its own group computes it: the
 * same values per work-item, added in the same order, the same group scan.
 * (Float addition is not associative: another order could give another
 * last bit, and two readers could then disagree on a tile's total.) Each
 * work-item reads its ITEMS values straight from global memory into one
 * running sum: uncoalesced, but this runs rarely, and it keeps no second
 * array of ITEMS values in registers beside the caller's. */
static T tile_total(__global const T *in, uint tile, __local T *buf)
{
    __global const T4 *p = (__global const T4 *)(in + (size_t)tile * TILE) + get_local_id(0) * VPI;
    T s = (T)0, total;
    for (int k = 0; k < VPI; k++) {
        const T4 v = p[k];
        s += v.x; s += v.y; s += v.z; s += v.w;
    }
    group_scan(s, buf, &total);
    return total;
}

// snippet: onepass-status
/* A tile's status, one 64-bit word: flag << 32 | the value's bits.
 * 0: nothing yet; FLAG_A: the tile's own total (aggregate); FLAG_P: the
 * sum of everything up to and including the tile (inclusive prefix). One
 * atomic exchange writes both halves at once, and every read is atomic
 * too, so a reader sees a whole word, never half an update, and the
 * memory model has no data race to complain of. The value travels inside
 * the word itself: no other memory has to become visible with it, so
 * relaxed atomics are enough. */
#define FLAG_A 1u
#define FLAG_P 2u
static inline ulong pack(uint flag, T v)
{
    return (ulong)flag << 32 | as_uint(v);
}
static inline void publish(volatile __global ulong *st, uint tile, uint flag, T v)
{
    atom_xchg(&st[tile], pack(flag, v));
}
static inline ulong peek(volatile __global ulong *st, int tile)
{
#if NV_PTX && NV_SM >= 70
    /* A relaxed atomic load at GPU scope, in PTX's memory model: one plain
     * L2 read, where OpenCL C 1.2's only atomic read is a read-modify-write. */
    ulong w;
    __asm__ volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(w) : "l"(&st[tile]) : "memory");
    return w;
#elif NV_PTX
    return st[tile]; /* before Volta PTX has no memory model: a volatile load */
#else
    return atom_add(&st[tile], 0ul); /* an atomic read in OpenCL C 1.2 */
#endif
}
// end snippet onepass-status

// snippet: onepass-lookback
/* The look-back: the sum of all tiles before `tile`, for every work-item.
 * Adds aggregates walking backwards until it meets an inclusive prefix. A
 * predecessor that stays silent for SPIN_LIMIT polls is summed from its
 * input instead, and the walk goes on before it. Its state lives in local
 * memory, where the whole group sees it. */
#define WINDOW 32
typedef struct {
    T carry;      /* the sum of the tiles added so far */
    int j;        /* the nearest tile not yet added */
    int done, stalled;
    uint spins;   /* rounds without progress (portable path) */
    uint flags[WINDOW];
    T values[WINDOW];
} lb_state;

/* Sum silent tile j ourselves. Tile j < tile, so it is full. Publish it
 * too: the same bits its own group will write, if it ever runs, so readers
 * agree whichever they see. */
static void sum_silent(volatile __global ulong *st, __global const T *in, int j, __local T *buf,
                       __local lb_state *lb)
{
    T agg = tile_total(in, (uint)j, buf);
    if (get_local_id(0) == 0) {
        atom_cmpxchg(&st[j], 0ul, pack(FLAG_A, agg));
        atom_inc(&st[-1]); /* count fallbacks in status[1] */
        lb->carry += agg;
        lb->j = j - 1;
        lb->spins = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

static T look_back(volatile __global ulong *st, __global const T *in, uint tile, __local T *buf,
                   __local lb_state *lb)
{
    const uint lid = get_local_id(0);
    if (lid == 0) {
        lb->carry = (T)0;
        lb->j = (int)tile - 1;
        lb->spins = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
#if LOOKBACK_TEST & 2 /* tests: the nearest predecessor is silent */
    sum_silent(st, in, (int)tile - 1, buf, lb);
#endif
    for (;;) {
#if NV_PTX
        /* Warp 0 polls 32 tiles per round, lane l the tile l before lb->j;
         * tiles before tile 0 read as a prefix of 0. It adds the lanes up
         * to the nearest prefix, or up to the nearest silent tile, and
         * polls again from there. */
        if (lid < 32) {
            T carry = lb->carry;
            int j = lb->j, done = 0, stalled = 0;
            uint spins = 0;
            for (;;) {
                const int t = j - (int)lid;
                const ulong w = t >= 0 ? peek(st, t) : pack(FLAG_P, (T)0);
                const uint flag = (uint)(w >> 32);
                const uint first_p = lowest(ballot(flag == FLAG_P));
                const uint first_z = lowest(ballot(flag == 0));
                const uint take = first_z <= first_p ? first_z : first_p + 1;
                carry += warp_sum(lid < take ? AS_T((uint)w) : (T)0);
                if (first_p < first_z) {
                    done = 1;
                    break;
                }
                j -= (int)take;
                if (take)
                    spins = 0;
                else if (++spins > SPIN_LIMIT) {
                    stalled = 1;
                    break;
                }
#if BACKOFF
                else
                    __asm__ volatile("nanosleep.u32 %0;" ::"r"((uint)BACKOFF));
#endif
            }
            if (lid == 0) {
                lb->carry = carry;
                lb->j = j;
                lb->done = done;
                lb->stalled = stalled;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
#else
        /* The same one round at a time: WINDOW work-items read statuses
         * into local memory, work-item 0 adds them up. */
        const int j0 = lb->j;
        if (lid < WINDOW) {
            const int t = j0 - (int)lid;
            const ulong w = t >= 0 ? peek(st, t) : pack(FLAG_P, (T)0);
            lb->flags[lid] = (uint)(w >> 32);
            lb->values[lid] = AS_T((uint)w);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid == 0) {
            T carry = lb->carry;
            uint k = 0;
            int done = 0;
            for (; k < WINDOW && lb->flags[k] != 0; k++) {
                carry += lb->values[k];
                if (lb->flags[k] == FLAG_P) {
                    done = 1;
                    k++;
                    break;
                }
            }
            lb->carry = carry;
            lb->j = j0 - (int)k;
            lb->done = done;
            lb->spins = k ? 0 : lb->spins + 1;
            lb->stalled = !done && lb->spins > SPIN_LIMIT;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
        if (lb->done) /* the same for every work-item: nobody writes it now */
            break;
        const int stalled = lb->stalled, j = lb->j;
        barrier(CLK_LOCAL_MEM_FENCE); /* all have read lb: they may change */
        if (stalled)
            sum_silent(st, in, j, buf, lb);
    }
    return lb->carry;
}
// end snippet onepass-lookback

// snippet: onepass-tile
/* Local memory of both scan kernels (declared in the kernels: OpenCL C 1.2
 * allows __local variables only at kernel scope). */
#define SCAN_LOCALS                 \
    __local T4 stage[STAGE_SIZE];   \
    __local T buf[SCAN_BUF];        \
    __local lb_state lb;            \
    __local uint tile_l

static void scan_tile(__global const T *in, __global T *out, volatile __global ulong *st,
                      const uint tile, const uint n, const int exclusive,
                      __local T4 *stage, __local T *buf, __local lb_state *lb)
{
    const uint lid = get_local_id(0);
    const int full = (size_t)(tile + 1) * TILE <= n;
    T x[ITEMS], s = (T)0, total;
    load_tile(in, tile, n, full, x, stage);
    for (int k = 0; k < ITEMS; k++)
        s += x[k];
    const T before = group_scan(s, buf, &total); /* within the tile */
    /* Publish the tile's total at once: successors need it. */
    if (lid == 0)
        publish(st, tile, tile == 0 ? FLAG_P : FLAG_A, total);
    T carry = (T)0;
    if (tile > 0) {
        carry = look_back(st, in, tile, buf, lb);
#if !(LOOKBACK_TEST & 1) /* tests leave it out: every look-back walks to tile 0 */
        if (lid == 0)
            publish(st, tile, FLAG_P, carry + total);
#endif
    }
    T y[ITEMS];
    T run = carry + before;
    for (int k = 0; k < ITEMS; k++) {
        T next = run + x[k];
        y[k] = exclusive ? run : next;
        run = next;
    }
    store_tile(out, tile, n, full, y, stage);
}
// end snippet onepass-tile

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void scan_onepass(__global const T *restrict in, __global T *restrict out,
                  volatile __global ulong *status, const uint n, const int exclusive)
{
    SCAN_LOCALS;
    if (get_local_id(0) == 0)
        tile_l = (uint)atom_inc(&status[0]);
    barrier(CLK_LOCAL_MEM_FENCE);
    scan_tile(in, out, status + 2, tile_l, n, exclusive, stage, buf, &lb);
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void scan_fallback(__global const T *restrict in, __global T *restrict out,
                   volatile __global ulong *status, const uint n, const int exclusive)
{
    SCAN_LOCALS;
    (void)tile_l;
    scan_tile(in, out, status + 2, get_group_id(0), n, exclusive, stage, buf, &lb);
}

__kernel void clear_status64(__global ulong *status, const uint count)
{
    const uint i = get_global_id(0);
    if (i < count)
        status[i] = 0;
}
