/* Exercise 05-3: more work per work-item (1D register blocking, by rows).
 *
 * C = A·B, row-major A (M x K), B (K x N), C (M x N). A work-group of
 * (TS/WPT) x TS work-items computes a TS x TS tile of C. Unlike the lesson's
 * `1d` kernel, a work-item here computes WPT elements of one ROW of the tile:
 * row ly, columns lx, lx + RTS, lx + 2*RTS, ... (RTS = TS/WPT). TS and WPT
 * come from the host as -D options. The tiles are loaded for you, with zeros
 * past the edges.
 */
// check-kernels: -DTS=16 -DWPT=4
#define RTS (TS / WPT)
__kernel __attribute__((reqd_work_group_size(RTS, TS, 1)))
void gemm(__global const float *A, __global const float *B,
          __global float *C, const int M, const int N, const int K)
{
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int i = get_global_id(1), j0 = get_group_id(0) * TS;
    __local float As[TS][TS + 1]; /* As[row][k]; + 1: lesson 05's bank conflicts */
    __local float Bs[TS][TS];     /* Bs[k][column] */
    float acc[WPT];
    for (int w = 0; w < WPT; w++)
        acc[w] = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
        for (int w = 0; w < WPT; w++) {
            const int c = lx + w * RTS; /* column of the tile (k for A) */
            As[ly][c] = (i < M && k0 + c < K) ? A[i * K + k0 + c] : 0.0f;
            Bs[ly][c] = (k0 + ly < K && j0 + c < N) ? B[(k0 + ly) * N + j0 + c] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; k++) {
            const float a = As[ly][k];
            for (int w = 0; w < WPT; w++)
                acc[w] += a * Bs[k][lx * WPT + w];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < WPT; w++) {
        const int j = j0 + lx * WPT + w;
        if (i < M && j < N)
            C[i * N + j] = acc[w];
    }
}
