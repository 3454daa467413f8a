/* Exercise 10-2: a GEMM kernel shaped for a CPU.
 *
 * C = A·B, all row-major: A is M x K, B is K x N, C is M x N. N is a
 * multiple of 8 (the host pads it, as lesson 10 does); M and K are any.
 *
 * Work-item (x, y) computes the ROWS rows of C from y * ROWS on (those
 * before M) in the 8 columns from x * 8 on: ROWS float8 sums, kept in
 * private memory, set to zero first. For each k it loads the 8 floats of
 * row k of B once (vload8: they lie next to each other) and adds them,
 * times A's value at row r and column k, to sum r. No local memory and no
 * barriers: on a CPU the caches do that job. The host launches at least
 * N / 8 work-items along x and ceil(M / ROWS) along y, rounded up to whole
 * work-groups; a work-item past either end does nothing.
 */
#ifndef ROWS
#define ROWS 4
#endif

__kernel void gemm_rows(__global const float *A, __global const float *B, __global float *C, const int M,
                        const int N, const int K)
{
#if SOLUTION
    const int col = (int)get_global_id(0) * 8, row = (int)get_global_id(1) * ROWS;
    if (col >= N || row >= M) return;
    const int rows = min(ROWS, M - row);
    float8 sum[ROWS];
    for (int r = 0; r < ROWS; r++) sum[r] = (float8)(0.0f);
    for (int k = 0; k < K; k++) {
        const float8 b = vload8(0, B + (size_t)k * N + col);
        for (int r = 0; r < rows; r++) sum[r] += A[(size_t)(row + r) * K + k] * b;
    }
    for (int r = 0; r < rows; r++) vstore8(sum[r], 0, C + (size_t)(row + r) * N + col);
#else
    /* TODO: this work-item's first row and first column; stop past M or N.
     * ROWS float8 sums set to zero; for each k, one vload8 of B's row k and
     * one multiply-add per row; then store the sums with vstore8. */
#endif
}
