/* right, but one float at a time */
#ifndef ROWS
#define ROWS 4
#endif

__kernel void gemm_rows(__global const float *A, __global const float *B, __global float *C, const int M,
                        const int N, const int K)
{
    const int col = (int)get_global_id(0) * 8, row = (int)get_global_id(1) * ROWS;
    if (col >= N || row >= M) return;
    for (int r = 0; r < ROWS && row + r < M; r++)
        for (int j = 0; j < 8; j++) {
            float s = 0.0f;
            for (int k = 0; k < K; k++) s += A[(row + r) * K + k] * B[k * N + col + j];
            C[(row + r) * N + col + j] = s;
        }
}
