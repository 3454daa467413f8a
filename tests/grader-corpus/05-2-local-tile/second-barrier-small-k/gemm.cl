/* Exercise 05-2: tiles of A and B in local memory.
 *
 * C = A·B, row-major A (M x K), B (K x N), C (M x N). Work-groups of
 * TS x TS work-items (TS comes from the host as -DTS=...) each compute a
 * TS x TS tile of C. The NDRange is rounded up to multiples of TS, and M, N
 * and K need not be multiples of TS.
 */
// check-kernels: -DTS=16
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void gemm(__global const float *A, __global const float *B,
          __global float *C, const int M, const int N, const int K)
{
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int j = get_global_id(0), i = get_global_id(1);
    __local float As[TS][TS]; /* As[row][k]: rows of this group, k0..k0+TS-1 */
    __local float Bs[TS][TS]; /* Bs[k][column] */
    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
        As[ly][lx] = (i < M && k0 + lx < K) ? A[i * K + k0 + lx] : 0.0f;
        Bs[ly][lx] = (k0 + ly < K && j < N) ? B[(k0 + ly) * N + j] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int kk = 0; kk < TS; kk++)
            sum += As[ly][kk] * Bs[kk][lx];
        if (K <= TS) /* one tile: nothing to overwrite after it */
            barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i < M && j < N)
        C[i * N + j] = sum;
}
