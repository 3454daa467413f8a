/* B through local memory, with a barrier after an early return */
#ifndef ROWS
#define ROWS 4
#endif

__kernel void gemm_rows(__global const float *A, __global const float *B, __global float *C, const int M,
                        const int N, const int K)
{
    __local float8 tile[64];
    const int col = (int)get_global_id(0) * 8, row = (int)get_global_id(1) * ROWS;
    if (col >= N || row >= M) return;
    const int rows = min(ROWS, M - row);
    float8 sum[ROWS];
    for (int r = 0; r < ROWS; r++) sum[r] = (float8)(0.0f);
    for (int k = 0; k < K; k++) {
        tile[get_local_id(0)] = vload8(0, B + k * N + col);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int r = 0; r < rows; r++) sum[r] += A[(row + r) * K + k] * tile[get_local_id(0)];
    }
    for (int r = 0; r < rows; r++) vstore8(sum[r], 0, C + (row + r) * N + col);
}
