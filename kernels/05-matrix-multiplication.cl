/* 05-matrix-multiplication.cl -- the matrix product C = A·B, first steps.
 *
 * Row-major storage throughout: A is M x K, B is K x N, C is M x N, and
 * element (i, k) of A sits at A[i * K + k]. Dimension 0 of the NDRange runs
 * along the columns of C, dimension 1 along its rows.
 *
 *   gemm_naive   one work-item per element of C
 *   gemm_rows    the same with the dimensions swapped: uncoalesced reads
 *   gemm_bt      B given transposed (BT is N x K), as in the lecture slides
 *   gemm_tiled   tiles of A and BT in local memory; PAD=1 removes the bank
 *                conflicts of reading BT's tile down a column
 *   gemm_1d      tiles of A and B, each work-item computing WPT elements of
 *                one column of C
 *
 * Every kernel takes any M, N, K: loads past an edge give zero, stores past
 * an edge are skipped.
 */
// check-kernels: -DTS=16 -DPAD=1 -DWPT=4

#ifndef TS
#define TS 16 /* tile side: the work-group is TS x TS (TS x TS/WPT for gemm_1d) */
#endif
#ifndef PAD
#define PAD 0 /* extra floats at the end of each local row */
#endif
#ifndef WPT
#define WPT 4 /* elements of C per work-item in gemm_1d */
#endif

// snippet: naive
__kernel void gemm_naive(__global const float *A, __global const float *B,
                         __global float *C, const int M, const int N, const int K)
{
    const int j = get_global_id(0); /* column of C */
    const int i = get_global_id(1); /* row of C */
    if (i >= M || j >= N)
        return;
    float sum = 0.0f;
    for (int k = 0; k < K; k++)
        sum += A[i * K + k] * B[k * N + j];
    C[i * N + j] = sum;
}
// end snippet naive

// snippet: rows
/* Identical arithmetic, but neighbouring work-items now take neighbouring
 * ROWS: in one step of k they read A and write C K and N floats apart. */
__kernel void gemm_rows(__global const float *A, __global const float *B,
                        __global float *C, const int M, const int N, const int K)
{
    const int i = get_global_id(0); /* row of C */
    const int j = get_global_id(1); /* column of C */
    if (i >= M || j >= N)
        return;
    float sum = 0.0f;
    for (int k = 0; k < K; k++)
        sum += A[i * K + k] * B[k * N + j];
    C[i * N + j] = sum;
}
// end snippet rows

// snippet: bt
/* The slides' kernel: B arrives transposed, so both operands are read along
 * a row, the order a CPU cache likes. On a GPU neighbouring work-items j and
 * j+1 now read BT K floats apart. */
__kernel void gemm_bt(__global const float *A, __global const float *BT,
                      __global float *C, const int M, const int N, const int K)
{
    const int j = get_global_id(0);
    const int i = get_global_id(1);
    if (i >= M || j >= N)
        return;
    float sum = 0.0f;
    for (int k = 0; k < K; k++)
        sum += A[i * K + k] * BT[j * K + k];
    C[i * N + j] = sum;
}
// end snippet bt

// snippet: tiled
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void gemm_tiled(__global const float *A, __global const float *BT,
                __global float *C, const int M, const int N, const int K)
{
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int j = get_global_id(0), i = get_global_id(1);
    const int jt = get_group_id(0) * TS + ly; /* the row of BT this item loads */
    __local float As[TS][TS + PAD]; /* As[row][k] */
    __local float Bs[TS][TS + PAD]; /* Bs[column][k]: a tile of BT */
    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
        /* Each work-item loads one float of each tile; neighbours in lx
         * read neighbouring addresses of A and of BT. */
        const int k = k0 + lx;
        As[ly][lx] = (i < M && k < K) ? A[i * K + k] : 0.0f;
        Bs[ly][lx] = (jt < N && k < K) ? BT[jt * K + k] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE); /* the tiles are complete */
        for (int kk = 0; kk < TS; kk++)
            sum += As[ly][kk] * Bs[lx][kk]; /* neighbours lx: TS + PAD floats apart */
        barrier(CLK_LOCAL_MEM_FENCE); /* everyone is done with them */
    }
    if (i < M && j < N)
        C[i * N + j] = sum;
}
// end snippet tiled

// snippet: one-d
/* A TS x TS tile of C per work-group of TS x TS/WPT work-items. Work-item
 * (lx, ly) computes rows ly, ly + RTS, ly + 2*RTS... of column lx: every
 * value of B it reads from local memory now serves WPT products. */
#define RTS (TS / WPT > 0 ? TS / WPT : 1) /* the host makes WPT divide TS */
__kernel __attribute__((reqd_work_group_size(TS, RTS, 1)))
void gemm_1d(__global const float *A, __global const float *B,
             __global float *C, const int M, const int N, const int K)
{
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int i0 = get_group_id(1) * TS, j = get_global_id(0);
    __local float As[TS][TS]; /* As[row][k] */
    __local float Bs[TS][TS]; /* Bs[k][column] */
    float acc[WPT];
    for (int w = 0; w < WPT; w++)
        acc[w] = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
        for (int w = 0; w < WPT; w++) {
            const int r = ly + w * RTS; /* row within the tile */
            As[r][lx] = (i0 + r < M && k0 + lx < K) ? A[(i0 + r) * K + k0 + lx] : 0.0f;
            Bs[r][lx] = (k0 + r < K && j < N) ? B[(k0 + r) * N + j] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; k++) {
            const float b = Bs[k][lx]; /* one load ... */
            for (int w = 0; w < WPT; w++)
                acc[w] += As[ly + w * RTS][k] * b; /* ... WPT uses */
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < WPT; w++) {
        const int i = i0 + ly + w * RTS;
        if (i < M && j < N)
            C[i * N + j] = acc[w];
    }
}
// end snippet one-d
