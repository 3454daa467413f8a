/* Exercise 05-3: more work per work-item (1D register blocking).
 *
 * C = A·B, row-major A (M x K), B (K x N), C (M x N). A work-group of
 * TS x (TS/WPT) work-items computes a TS x TS tile of C; work-item (lx, ly)
 * computes the WPT elements in column lx and rows ly, ly + RTS,
 * ly + 2*RTS, ... of the tile (RTS = TS/WPT). TS and WPT come from the host
 * as -D options. The tiles are loaded for you, with zeros past the edges.
 */
// check-kernels: -DTS=16 -DWPT=4
#define RTS (TS / WPT)
__kernel __attribute__((reqd_work_group_size(TS, RTS, 1)))
void gemm(__global const float *A, __global const float *B,
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
            const int r = ly + w * RTS;
            As[r][lx] = (i0 + r < M && k0 + lx < K) ? A[(i0 + r) * K + k0 + lx] : 0.0f;
            Bs[r][lx] = (k0 + r < K && j < N) ? B[(k0 + r) * N + j] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
#if SOLUTION
        for (int k = 0; k < TS; k++) {
            const float b = Bs[k][lx];
            for (int w = 0; w < WPT; w++)
                acc[w] += As[ly + w * RTS][k] * b;
        }
#else
        /* TODO: for every k of the tile, read Bs[k][lx] once into a private
         * variable and add its product with As[row][k] to acc[w] for each of
         * this work-item's WPT rows (row = ly + w * RTS). */
#endif
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#if SOLUTION
    for (int w = 0; w < WPT; w++) {
        const int i = i0 + ly + w * RTS;
        if (i < M && j < N)
            C[i * N + j] = acc[w];
    }
#else
    /* TODO: store acc[w] in C[i][j] for i = i0 + ly + w * RTS, only where
     * (i, j) lies inside C. */
#endif
}
