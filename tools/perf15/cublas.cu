/* cublas.cu -- the GPU yardstick of lesson 05: cuBLAS SGEMM (plain FP32, no
 * tensor-core TF32), C = A·B, square n x n, one warm-up call, then the best
 * of REPS timed with CUDA events. Built by bench.sh where nvcc exists:
 *   nvcc -O2 -arch=sm_90 compare/cublas.cu -lcublas
 * Usage: cublas N [REPS]
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CK(x) do { if ((x) != 0) { fprintf(stderr, "error: %s failed\n", #x); return 2; } } while (0)

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 4096, reps = argc > 2 ? atol(argv[2]) : 5;
    if (n < 1 || n > 16384 || reps < 1) { fprintf(stderr, "error: usage: cublas N [REPS]\n"); return 2; }
    size_t nn = (size_t)n * n;
    float *h = (float *)malloc(nn * sizeof(float)), *A, *B, *C;
    for (size_t i = 0; i < nn; i++) h[i] = (float)((i * 2654435761u) % 1000) / 1000.0f - 0.5f;
    CK(cudaMalloc(&A, nn * 4)); CK(cudaMalloc(&B, nn * 4)); CK(cudaMalloc(&C, nn * 4));
    CK(cudaMemcpy(A, h, nn * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(B, h, nn * 4, cudaMemcpyHostToDevice));
    cublasHandle_t hd;
    CK(cublasCreate(&hd));
    CK(cublasSetMathMode(hd, CUBLAS_PEDANTIC_MATH)); /* true FP32, no TF32 */
    const float one = 1.0f, zero = 0.0f;
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0); cudaEventCreate(&e1);
    float best = 1e30f, all[64]; int na = 0;
    for (long r = 0; r <= reps; r++) {
        cudaEventRecord(e0);
        /* Row-major C = A·B is column-major C^T = B^T·A^T: swap the operands. */
        CK(cublasSgemm(hd, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, B, n, A, n, &zero, C, n));
        cudaEventRecord(e1);
        CK(cudaEventSynchronize(e1));
        float ms; cudaEventElapsedTime(&ms, e0, e1);
        if (r > 0 && ms < best) best = ms; if (r > 0 && na < 64) all[na++] = ms;
    }
    for (int i = 0; i < na; i++) for (int j = i + 1; j < na; j++) if (all[j] < all[i]) { float t = all[i]; all[i] = all[j]; all[j] = t; }
    printf("CUBLAS n=%ld median %.4f ms %.1f GFLOP/s\n", n, all[na / 2], 2.0 * (double)n * n * n / all[na / 2] * 1e-6);
    printf("result: cublas M=%ld N=%ld K=%ld ms=%.4f gflops=%.2f ok\n", n, n, n, best,
           2.0 * (double)n * n * n / best * 1e-6);
    cublasDestroy(hd); cudaFree(A); cudaFree(B); cudaFree(C); free(h);
    return 0;
}
