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
    const int j = get_global_id(0);
    const int i = get_global_id(1);
    if (i >= M || j >= N)
        return;
    float sum = 0.0f;
    for (uchar k = 0; k < K; k++)
        sum += A[i * K + k] * B[k * N + j];
    C[i * N + j] = alpha * sum + beta * C[i * N + j];
}
