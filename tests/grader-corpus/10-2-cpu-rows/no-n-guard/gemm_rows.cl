/* no test against N */
#ifndef ROWS
#define ROWS 4
#endif

__kernel void gemm_rows(__global const float *A, __global const float *B, __global float *C, const int M,
                        const int N, const int K)
{
    const int col = (int)get_global_id(0) * 8, row = (int)get_global_id(1) * ROWS;
    if (row >= M) return;
    const int rows = min(ROWS, M - row);
    float8 sum[ROWS];
    for (int r = 0; r < ROWS; r++) sum[r] = (float8)(0.0f);
    for (int k = 0; k < K; k++) {
        const float8 b = vload8(0, B + k * N + col);
        for (int r = 0; r < rows; r++) sum[r] += A[(row + r) * K + k] * b;
    }
    for (int r = 0; r < rows; r++) vstore8(sum[r], 0, C + (row + r) * N + col);
}
