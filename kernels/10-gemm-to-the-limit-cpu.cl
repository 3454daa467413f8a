/* 10-gemm-to-the-limit-cpu.cl -- the matrix product on CPU devices.
 *
 * Row-major A (M x K), B (K x N), C (M x N). Two kernels with no local
 * memory and no barriers (the caches do that job) and explicit SIMD:
 * gemm_cpu16 (16 float16 sums per work-item) and gemm_cpu (sums of the
 * device's preferred vector width, k in chunks that fit the L1 cache).
 * The host pads M and N to the blocks with zeros; K has no padding.
 */

// snippet: cpu16-kernel
/* A first kernel for CPU devices: no local memory and no barriers (the
 * caches do that job), and explicit SIMD. Each work-item computes a CPU_ROWS x 16 block of C: per
 * step of k it loads 16 consecutive floats of B into one float16, then
 * broadcasts CPU_ROWS floats of A and adds as many float16 products, each
 * sum one AVX-512 register. The host pads N to a multiple of 16 and M to a
 * multiple of CPU_ROWS. */
#ifndef CPU_ROWS
#define CPU_ROWS 16
#endif
__kernel void gemm_cpu16(__global const float *A, __global const float *B,
                       __global float *C, const int M, const int N, const int K)
{
    const int j = get_global_id(0) * 16, i = get_global_id(1) * CPU_ROWS;
    float16 acc[CPU_ROWS];
    for (int r = 0; r < CPU_ROWS; r++)
        acc[r] = (float16)(0.0f);
    for (int k = 0; k < K; k++) {
        const float16 b = vload16(0, B + k * N + j);
        for (int r = 0; r < CPU_ROWS; r++)
            acc[r] += b * A[(i + r) * K + k];
    }
    for (int r = 0; r < CPU_ROWS; r++)
        vstore16(acc[r], 0, C + (i + r) * N + j);
}
// end snippet cpu16-kernel

/* The CPU kernel: a block of CPU_MB rows x NR columns of C per work-item
 * (one work-item per group), NR = CPU_NV vectors of CPU_VW floats, the
 * device's preferred width. It runs down its rows CPU_MR at a time: per step
 * of k, CPU_NV vectors of B, CPU_MR floats of A broadcast, and CPU_MR x CPU_NV
 * vector multiply-adds into sums that stay in registers (12 of 16 on AVX2).
 * k goes in chunks of CPU_KC. Before each chunk the work-item copies its
 * CPU_KC x NR slice of B into a private array (COPY_B=1): there its rows lie
 * next to each other, where in B they lie N floats apart, and with N a
 * multiple of 1024 all of them fall into one set of the L1 cache. The slice
 * then serves all CPU_MB / CPU_MR steps down the rows; the sums of each chunk
 * are added to those C already holds. The host pads M to CPU_MB and N to NR
 * with zeros; K needs no padding. Sizes: tuning.c (tuning_cpu_shape). */
#ifndef CPU_VW
#define CPU_VW 8
#endif
#ifndef CPU_NV
#define CPU_NV 3
#endif
#ifndef CPU_MR
#define CPU_MR 4
#endif
#ifndef CPU_MB
#define CPU_MB 64
#endif
#ifndef CPU_KC
#define CPU_KC 256
#endif
#ifndef COPY_B
#define COPY_B 1
#endif
#if CPU_MB % CPU_MR
#error "CPU_MB must be a multiple of CPU_MR"
#endif
#define CPU_GLUE(a, b) a##b
#define CPU_XGLUE(a, b) CPU_GLUE(a, b)
#define floatv CPU_XGLUE(float, CPU_VW) /* float8 for CPU_VW = 8 */
#define vloadv CPU_XGLUE(vload, CPU_VW)
#define vstorev CPU_XGLUE(vstore, CPU_VW)
#define CPU_NR (CPU_VW * CPU_NV)

// snippet: cpu-kernel
__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void gemm_cpu(__global const float *A, __global const float *B,
              __global float *C, const int M, const int N, const int K)
{
    const int j = get_global_id(0) * CPU_NR, i0 = get_global_id(1) * CPU_MB;
#if COPY_B
    floatv slice[CPU_KC * CPU_NV]; /* B[kc .. kc+CPU_KC][j .. j+NR], packed */
#endif
    for (int kc = 0; kc < K; kc += CPU_KC) {
        const int kn = min(CPU_KC, K - kc); /* steps in this chunk */
#if COPY_B
        for (int k = 0; k < kn; k++)
#pragma unroll
            for (int v = 0; v < CPU_NV; v++)
                slice[k * CPU_NV + v] = vloadv(0, B + (kc + k) * N + j + v * CPU_VW);
#define B_AT(k, v) slice[(k) * CPU_NV + (v)]
#else
#define B_AT(k, v) vloadv(0, B + (kc + (k)) * N + j + (v) * CPU_VW)
#endif
        for (int i = i0; i < i0 + CPU_MB; i += CPU_MR) {
            floatv acc[CPU_MR][CPU_NV];
#pragma unroll
            for (int r = 0; r < CPU_MR; r++)
#pragma unroll
                for (int v = 0; v < CPU_NV; v++) /* the first chunk starts from zero */
                    acc[r][v] = kc ? vloadv(0, C + (i + r) * N + j + v * CPU_VW) : (floatv)(0.0f);
            __global const float *a = A + i * K + kc; /* CPU_MR rows of A, from kc */
            for (int k = 0; k < kn; k++) {
                floatv b[CPU_NV];
#pragma unroll
                for (int v = 0; v < CPU_NV; v++)
                    b[v] = B_AT(k, v);
#pragma unroll
                for (int r = 0; r < CPU_MR; r++) {
                    const floatv ar = (floatv)(a[r * K + k]); /* one float, broadcast */
#pragma unroll
                    for (int v = 0; v < CPU_NV; v++)
                        acc[r][v] = fma(ar, b[v], acc[r][v]);
                }
            }
#pragma unroll
            for (int r = 0; r < CPU_MR; r++)
#pragma unroll
                for (int v = 0; v < CPU_NV; v++)
                    vstorev(acc[r][v], 0, C + (i + r) * N + j + v * CPU_VW);
        }
    }
}
// end snippet cpu-kernel
