/* 09-single-pass-scan-cpu.cl -- the single-pass scan shaped for a CPU (lesson 09).
 *
 * On a CPU device (PoCL) a work-group is a loop run by one thread, and a
 * barrier splits that loop in pieces: the GPU kernels' many work-items and
 * barriers cost more than the memory traffic. Here a work-group is ONE
 * work-item, and it owns a chunk of ITEMS consecutive values, small enough
 * to stay in the core's L2 cache between its two passes:
 *   1. sum the chunk (8-wide vectors: the compiler maps them to SIMD),
 *      publish the sum, look back for the sum of the chunks before;
 *   2. scan the chunk from that carry: each 8-vector is scanned inside its
 *      lanes (three shifted adds), then the carry is added: one dependent
 *      add per 16 values (two vectors a step) instead of one per value.
 * Memory traffic: the chunk is read from memory once, re-read from cache,
 * and written once: about the float4 copy's 2n.
 *
 * Kernels (the same arguments as scan_onepass in 09-single-pass-scan-onepass.cl,
 * and the same status layout: 2 + chunks ulongs, zeroed by clear_status64:
 * the ticket, the count of fallbacks, one status per chunk):
 *   scan_cpu       global size = chunks, local size 1;
 *   clear_status64 as in 09-single-pass-scan-onepass.cl.
 * Chunks are numbered in the order work-groups start (a ticket from
 * status[0]): PoCL may hand each thread a contiguous range of groups, and
 * numbering by get_group_id would then make the second thread wait for the
 * end of the first one's range. A chunk waits only for chunks that started
 * earlier, on another thread; should it wait SPIN_LIMIT polls anyway, it
 * sums the silent chunk itself (decoupled fallback), so it needs no
 * promise about which threads run when.
 * Host: -DITEMS=chunk size (multiple of 8), -DTYPE_INT=1 for int,
 * -DSPIN_LIMIT=polls, -DLOOKBACK_TEST for tests (bit 1: chunks publish
 * only their own totals, so every look-back walks back to chunk 0; bit 2:
 * each chunk treats its nearest predecessor as silent and sums it itself).
 */
// check-kernels: -DITEMS=32768

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#ifndef ITEMS
#define ITEMS 32768
#endif
#ifndef SPIN_LIMIT
#define SPIN_LIMIT 100000
#endif
#ifndef LOOKBACK_TEST
#define LOOKBACK_TEST 0
#endif
#if ITEMS % 8
#error "ITEMS must be a multiple of 8"
#endif

#if TYPE_INT
typedef int T;
typedef int8 T8;
#define AS_T(u) as_int(u)
#else
typedef float T;
typedef float8 T8;
#define AS_T(u) as_float(u)
#endif

#define FLAG_A 1u
#define FLAG_P 2u
static inline ulong pack(uint flag, T v)
{
    return (ulong)flag << 32 | as_uint(v);
}

/* The sum of len values from p: the same order for the owner and for a
 * chunk that sums it in its place, so both get the same bits. */
static T chunk_total(__global const T *p, uint len)
{
    T8 acc = (T8)(0);
    uint k = 0;
    for (; k + 8 <= len; k += 8)
        acc += vload8(0, p + k);
    T s = ((acc.s0 + acc.s1) + (acc.s2 + acc.s3)) + ((acc.s4 + acc.s5) + (acc.s6 + acc.s7));
    for (; k < len; k++)
        s += p[k];
    return s;
}

/* Inclusive scan of the 8 lanes of v: three shifted adds. */
static inline T8 scan8(T8 v)
{
    v += (T8)(0, v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6);
    v += (T8)(0, 0, v.s0, v.s1, v.s2, v.s3, v.s4, v.s5);
    return v + (T8)(0, 0, 0, 0, v.s0, v.s1, v.s2, v.s3);
}
/* The exclusive scan from the inclusive one: shift by a lane. */
static inline T8 shift8(T8 s)
{
    return (T8)(0, s.s0, s.s1, s.s2, s.s3, s.s4, s.s5, s.s6);
}

// snippet: cpu-scan
__kernel void scan_cpu(__global const T *restrict in, __global T *restrict out,
                       volatile __global ulong *status, const uint n, const int exclusive)
{
    volatile __global ulong *st = status + 2;
    const uint t = (uint)atom_inc(&status[0]); /* this chunk's number */
    const size_t first = (size_t)t * ITEMS;
    const uint len = min((size_t)ITEMS, n - first);
    const T total = chunk_total(in + first, len);
    atom_xchg(&st[t], pack(t == 0 ? FLAG_P : FLAG_A, total));

    /* Look back, one chunk at a time (a chunk is large: few steps). */
    T carry = (T)0;
    uint spins = 0;
    for (int j = (int)t - 1; j >= 0;) {
        const ulong w = atom_add(&st[j], 0ul); /* an atomic read */
        const uint flag = (uint)(w >> 32);
#if LOOKBACK_TEST & 2 /* tests: the nearest chunk counts as silent */
        const int silent = flag == 0 || j + 1 == (int)t;
#else
        const int silent = flag == 0;
#endif
        if (!silent) {
            carry += AS_T((uint)w);
            if (flag == FLAG_P)
                break;
            j--;
            spins = 0;
        } else if (flag != 0 || ++spins > SPIN_LIMIT) { /* sum chunk j ourselves */
            const T agg = chunk_total(in + (size_t)j * ITEMS, ITEMS);
            atom_cmpxchg(&st[j], 0ul, pack(FLAG_A, agg));
            atom_inc(&status[1]); /* count the fallbacks */
            carry += agg;
            j--;
            spins = 0;
        }
    }
#if !(LOOKBACK_TEST & 1) /* tests leave it out: every look-back walks to chunk 0 */
    if (t > 0)
        atom_xchg(&st[t], pack(FLAG_P, carry + total));
#endif

    /* Second pass, from cache: scan 8 lanes, add the carry, store. Two
     * vectors per step, so the carry chain has one add per 16 values. */
    __global const T *p = in + first;
    __global T *q = out + first;
    uint k = 0;
    for (; k + 16 <= len; k += 16) {
        const T8 s0 = scan8(vload8(0, p + k)), s1 = scan8(vload8(0, p + k + 8));
        const T c1 = carry + s0.s7;
        vstore8((T8)(carry) + (exclusive ? shift8(s0) : s0), 0, q + k);
        vstore8((T8)(c1) + (exclusive ? shift8(s1) : s1), 0, q + k + 8);
        carry += s0.s7 + s1.s7;
    }
    for (; k < len; k++) {
        const T next = carry + p[k];
        q[k] = exclusive ? carry : next;
        carry = next;
    }
}
// end snippet cpu-scan

__kernel void clear_status64(__global ulong *status, const uint count)
{
    const uint i = get_global_id(0);
    if (i < count)
        status[i] = 0;
}
