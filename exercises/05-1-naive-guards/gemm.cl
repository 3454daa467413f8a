/* Exercise 05-1: the naive matrix product in its BLAS form, with guards.
 *
 * C = alpha·A·B + beta·C for row-major A (M x K), B (K x N), C (M x N): one
 * work-item per element of C, dimension 0 along the columns, dimension 1
 * along the rows. The host rounds both dimensions of the NDRange up to a
 * multiple of 16.
 */
__kernel void gemm(__global const float *A, __global const float *B,
                   __global float *C, const int M, const int N, const int K,
                   const float alpha, const float beta)
{
    /* TODO: find this work-item's column j and row i, do nothing when they
     * are outside C, and replace C[i][j] by alpha times the sum over k of
     * A[i][k] * B[k][j], plus beta times the old C[i][j]. Mind the row-major
     * indexing: A[i][k] is A[i * K + k]. */
}
