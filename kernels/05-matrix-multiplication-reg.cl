/* 05-matrix-multiplication-reg.cl -- the matrix product with 2D register blocking.
 *
 * Row-major A (M x K), B (K x N), C (M x N). The host pads M to a multiple
 * of BM, N of BN and K of BK with zeros, so this kernel has no edges.
 *
 * A work-group computes a BM x BN block of C with (BN/TN) x (BM/TM)
 * work-items; each work-item keeps TM x TN sums in registers. Per step of
 * BK, the group copies a BM x BK tile of A (transposed) and a BK x BN tile
 * of B into local memory; then every float read from local memory serves
 * TN (or TM) multiply-adds. Lesson 05 builds it as `2d` and `vec`;
 * lesson 10 as `fast` (double-buffered, with NVIDIA's switches below).
 *
 * Switches, all compile-time (-D):
 *   BM BN BK TM TN  the tile sizes (TM, TN, BK multiples of 4)
 *   VEC=1           16-byte (float4) loads from global and local memory
 *   DBUF=1          double buffering: the next tiles travel through
 *                   registers while this one is being used, one barrier
 *   APAD            floats of padding per row of the transposed A tile
 *   GROUP_M=g       block order that keeps tiles in L2: consecutive
 *                   work-groups walk down g block rows before moving one
 *                   block column right (0: row by row, the NDRange order)
 *   PAIR=1          (with DBUF) the tile loop unrolled by two, so that the
 *                   two local buffers are at constant addresses
 *   PRECOMP=1       advance the A and B pointers per tile instead of
 *                   recomputing each load's index
 *   REQD=0          no reqd_work_group_size attribute: only then does
 *                   NVIDIA's compiler honour -cl-nv-maxrregcount=N
 *   WTX=w           warp tiling: the 32 work-items of a warp cover a
 *                   w x (32/w) rectangle of work-item positions instead of
 *                   32 consecutive ones (0: plain row-major order)
 */
// check-kernels: -DBM=64 -DBN=64 -DBK=8 -DTM=4 -DTN=4 -DVEC=1 -DDBUF=1

#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 128
#endif
#ifndef BK
#define BK 8
#endif
#ifndef TM
#define TM 8
#endif
#ifndef TN
#define TN 8
#endif
#ifndef VEC
#define VEC 1
#endif
#ifndef DBUF
#define DBUF 1
#endif
#ifndef APAD
#define APAD 4
#endif
#ifndef UNROLL_K
#define UNROLL_K 0
#endif
#ifndef GROUP_M
#define GROUP_M 0
#endif
#ifndef WTX
#define WTX 0
#endif
#ifndef PAIR
#define PAIR 0
#endif
#ifndef PRECOMP
#define PRECOMP 0
#endif

#if TM % 4 || TN % 4 || BK % 4 || BM % TM || BN % TN || APAD % 4
#error "TM, TN, BK and APAD must be multiples of 4, BM of TM, BN of TN"
#endif

// snippet: reg-layout
#define NTX (BN / TN)          /* work-items across a block (columns) */
#define NTY (BM / TM)          /* work-items down a block (rows) */
#define NT (NTX * NTY)         /* work-items in a group */
#define AS4 ((BM + APAD) / 4)  /* float4s per k-row of the transposed A tile */
#define A4 (BM * BK / 4)       /* float4s in a tile of A */
#define B4 (BK * BN / 4)       /* float4s in a tile of B */
#define ALOADS ((A4 + NT - 1) / NT) /* float4s each work-item fetches */
#define BLOADS ((B4 + NT - 1) / NT)
// end snippet reg-layout
#if WTX && (NTX % WTX || NTY % (32 / WTX) || NT % 32)
#error "WTX must divide NTX, 32/WTX must divide NTY"
#endif

/* Four consecutive floats from global memory. VEC=1: through a float4
 * pointer, which promises 16-byte alignment, so one 16-byte load. VEC=0:
 * vload4, which promises only 4-byte alignment, so the compiler may have to
 * issue four 4-byte loads. Callers pass indices that are multiples of 4. */
#if VEC
#define LOAD4(p, idx) (((__global const float4 *)(p))[(idx) / 4])
#else
#define LOAD4(p, idx) vload4(0, (p) + (idx))
#endif

// snippet: reg-fetch
/* Global -> registers: this work-item's share of the tiles starting at k0.
 * Consecutive work-items take consecutive float4s: along k for A, along n
 * for B. */
static inline void fetch(__global const float *A, __global const float *B,
                         const int K, const int N, const int k0, const int tid,
                         float4 *ra, float4 *rb)
{
    for (int l = 0; l < ALOADS; l++) {
        const int q = tid + l * NT; /* float4 number within the tile */
        const int m = q / (BK / 4), k = (q - m * (BK / 4)) * 4; /* row, column */
        if (A4 % NT == 0 || q < A4)
            ra[l] = LOAD4(A, m * K + k0 + k);
    }
    for (int l = 0; l < BLOADS; l++) {
        const int q = tid + l * NT;
        const int k = q / (BN / 4), n = (q - k * (BN / 4)) * 4;
        if (B4 % NT == 0 || q < B4)
            rb[l] = LOAD4(B, (k0 + k) * N + n);
    }
}

/* Registers -> local memory. A's tile is stored transposed, As[k][m], so
 * that a work-item later reads its TM values of A as TM/4 float4s. */
static inline void store(__local float4 *As, __local float4 *Bs, const int tid,
                         const float4 *ra, const float4 *rb)
{
    __local float *as = (__local float *)As;
    for (int l = 0; l < ALOADS; l++) {
        const int q = tid + l * NT;
        if (A4 % NT == 0 || q < A4) {
            const int m = q / (BK / 4), k = (q - m * (BK / 4)) * 4;
            as[(k + 0) * AS4 * 4 + m] = ra[l].x;
            as[(k + 1) * AS4 * 4 + m] = ra[l].y;
            as[(k + 2) * AS4 * 4 + m] = ra[l].z;
            as[(k + 3) * AS4 * 4 + m] = ra[l].w;
        }
    }
    for (int l = 0; l < BLOADS; l++) {
        const int q = tid + l * NT;
        if (B4 % NT == 0 || q < B4)
            Bs[q] = rb[l]; /* Bs[k][n] in the order B has it */
    }
}
// end snippet reg-fetch

// snippet: reg-compute
/* Local memory -> registers -> TM x TN multiply-adds per k. The work-item's
 * rows are TM/4 groups of 4, NTY*4 apart; its columns TN/4 groups of 4, NTX*4
 * apart: so neighbouring work-items read neighbouring float4s, and a warp's
 * reads of B's tile cover consecutive banks. */
static inline void compute(__local const float4 *As, __local const float4 *Bs,
                           const int tx, const int ty, float acc[TM][TN])
{
    /* NVIDIA's compiler wants the k loop unrolled too (the host passes
     * -DUNROLL_K=1 there); PoCL 3.1 miscompiles DBUF=0 when it is. */
#if UNROLL_K
#pragma unroll
#endif
    for (int k = 0; k < BK; k++) {
        float a[TM], b[TN];
#pragma unroll
        for (int g = 0; g < TM / 4; g++) {
#if VEC
            const float4 v = As[k * AS4 + g * NTY + ty];
            a[4 * g] = v.x; a[4 * g + 1] = v.y; a[4 * g + 2] = v.z; a[4 * g + 3] = v.w;
#else
            __local const float *s = (__local const float *)As + (k * AS4 + g * NTY + ty) * 4;
            a[4 * g] = s[0]; a[4 * g + 1] = s[1]; a[4 * g + 2] = s[2]; a[4 * g + 3] = s[3];
#endif
        }
#pragma unroll
        for (int g = 0; g < TN / 4; g++) {
#if VEC
            const float4 v = Bs[k * (BN / 4) + g * NTX + tx];
            b[4 * g] = v.x; b[4 * g + 1] = v.y; b[4 * g + 2] = v.z; b[4 * g + 3] = v.w;
#else
            __local const float *s = (__local const float *)Bs + (k * (BN / 4) + g * NTX + tx) * 4;
            b[4 * g] = s[0]; b[4 * g + 1] = s[1]; b[4 * g + 2] = s[2]; b[4 * g + 3] = s[3];
#endif
        }
#pragma unroll
        for (int r = 0; r < TM; r++)
#pragma unroll
            for (int c = 0; c < TN; c++)
                acc[r][c] = fma(a[r], b[c], acc[r][c]);
    }
}
// end snippet reg-compute

#ifndef REQD
#define REQD 1
#endif
// snippet: reg-kernel
#if REQD /* NVIDIA ignores -cl-nv-maxrregcount for kernels with this attribute */
__kernel __attribute__((reqd_work_group_size(NTX, NTY, 1)))
#else
__kernel
#endif
void gemm_reg(__global const float *A, __global const float *B,
              __global float *C, const int M, const int N, const int K)
{
    // snippet: reg-order
#if WTX
    /* Warp w of the group takes a WTX x (32/WTX) rectangle of positions. */
    const int tid = get_local_id(1) * NTX + get_local_id(0), w = tid / 32, l = tid % 32;
    const int tx = (w % (NTX / WTX)) * WTX + l % WTX, ty = (w / (NTX / WTX)) * (32 / WTX) + l / WTX;
#else
    const int tx = get_local_id(0), ty = get_local_id(1), tid = ty * NTX + tx;
#endif
#if GROUP_M
    /* Number the groups row by row, then hand them out GROUP_M block rows
     * at a time, column by column: the groups running together share a
     * few rows of A and a few columns of B, which stay in L2. */
    const int gx = get_num_groups(0), gy = get_num_groups(1);
    const int lin = get_group_id(1) * gx + get_group_id(0), band = lin / (GROUP_M * gx);
    const int rows = min(GROUP_M, gy - band * GROUP_M), inb = lin - band * GROUP_M * gx;
    const int row0 = (band * GROUP_M + inb % rows) * BM, col0 = (inb / rows) * BN;
#else
    const int row0 = get_group_id(1) * BM, col0 = get_group_id(0) * BN;
#endif
    // end snippet reg-order
    __local float4 As[1 + DBUF][BK * AS4];
    __local float4 Bs[1 + DBUF][BK * (BN / 4)];
    float4 ra[ALOADS], rb[BLOADS]; /* tiles on their way to local memory */
    float acc[TM][TN];
#pragma unroll
    for (int r = 0; r < TM; r++)
#pragma unroll
        for (int c = 0; c < TN; c++)
            acc[r][c] = 0.0f;
    A += row0 * K; /* this group's rows of A */
    B += col0;     /* and columns of B */
    const int tiles = K / BK;
#if PRECOMP /* move the pointers, not the index: the index math stays out of the loop */
#define FETCH(k0) fetch(A + (k0), B + (k0) * N, K, N, 0, tid, ra, rb)
#else
#define FETCH(k0) fetch(A, B, K, N, (k0), tid, ra, rb)
#endif
#if DBUF
    FETCH(0);
    store(As[0], Bs[0], tid, ra, rb);
    barrier(CLK_LOCAL_MEM_FENCE);
#if PAIR
    /* The same loop unrolled by two: buffer 0, then buffer 1. */
    for (int t = 0; t < tiles; t += 2) {
        if (t + 1 < tiles)
            FETCH((t + 1) * BK);
        compute(As[0], Bs[0], tx, ty, acc);
        if (t + 1 < tiles)
            store(As[1], Bs[1], tid, ra, rb);
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t + 1 < tiles) {
            if (t + 2 < tiles)
                FETCH((t + 2) * BK);
            compute(As[1], Bs[1], tx, ty, acc);
            if (t + 2 < tiles)
                store(As[0], Bs[0], tid, ra, rb);
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
#else
    for (int t = 0; t < tiles; t++) {
        const int cur = t & 1;
        if (t + 1 < tiles) /* start the next tiles' loads: they fly during the math */
            FETCH((t + 1) * BK);
        compute(As[cur], Bs[cur], tx, ty, acc);
        if (t + 1 < tiles) /* the other buffer: nobody reads it now */
            store(As[cur ^ 1], Bs[cur ^ 1], tid, ra, rb);
        barrier(CLK_LOCAL_MEM_FENCE); /* one barrier per tile */
    }
#endif
#else
    for (int t = 0; t < tiles; t++) {
        FETCH(t * BK);
        store(As[0], Bs[0], tid, ra, rb);
        barrier(CLK_LOCAL_MEM_FENCE); /* the tiles are complete */
        compute(As[0], Bs[0], tx, ty, acc);
        barrier(CLK_LOCAL_MEM_FENCE); /* everyone is done with them */
    }
#endif
    /* Each row's TN sums leave as TN/4 float4 stores, 16 bytes per item. */
#pragma unroll
    for (int r = 0; r < TM; r++) {
        const int i = row0 + (r / 4) * NTY * 4 + ty * 4 + r % 4;
#pragma unroll
        for (int g = 0; g < TN / 4; g++) {
            const int j = col0 + g * NTX * 4 + tx * 4;
            const float4 v = vload4(0, &acc[r][4 * g]);
#if VEC
            ((__global float4 *)C)[(i * N + j) / 4] = v;
#else
            vstore4(v, 0, C + i * N + j);
#endif
        }
    }
}
// end snippet reg-kernel
