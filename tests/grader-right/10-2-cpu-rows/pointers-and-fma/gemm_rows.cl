/* A right attempt written apart from the solution: pointers to the rows,
 * fma, and the rows past M skipped inside the loops. */
#ifndef ROWS
#define ROWS 4
#endif

__kernel void gemm_rows(__global const float *A, __global const float *B, __global float *C, const int M,
                        const int N, const int K)
{
    const int x = (int)get_global_id(0), y = (int)get_global_id(1);
    if (x * 8 >= N || y * ROWS >= M) return;
    __global const float *a = A + (size_t)y * ROWS * K;
    __global const float *b = B + x * 8;
    float8 acc[ROWS];
#pragma unroll
    for (int r = 0; r < ROWS; r++) acc[r] = 0.0f;
    for (int k = 0; k < K; k++, b += N) {
        const float8 row = vload8(0, b);
#pragma unroll
        for (int r = 0; r < ROWS; r++)
            if (y * ROWS + r < M) acc[r] = fma((float8)(a[(size_t)r * K + k]), row, acc[r]);
    }
#pragma unroll
    for (int r = 0; r < ROWS; r++)
        if (y * ROWS + r < M) vstore8(acc[r], 0, C + (size_t)(y * ROWS + r) * N + x * 8);
}
