/* cublas.cu -- lessons 05's and 10's yardstick on an NVIDIA GPU: cuBLAS SGEMM in plain
 * FP32 (no TF32 tensor cores), row-major C = A·B, one call to warm up, then
 * the best of -r timed with CUDA events. Built by `make build/10-compare-cublas`
 * only where nvcc exists; run by `make compare-10` (and `make bench`).
 * Options as the lesson's: -m -n -k -r.
 * Prints the lesson's result: line with variant=cublas.
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(x) do { if ((x) != 0) { fprintf(stderr, "error: %s failed\n", #x); return 2; } } while (0)

static long size_arg(const char *flag, const char *v, long max)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (*v < '0' || *v > '9' || *end || n < 1 || n > max) {
        fprintf(stderr, "error: %s: '%s' is not a whole number in 1..%ld\n", flag, v, max);
        exit(2);
    }
    return n;
}

int main(int argc, char **argv)
{
    long M = 4096, N = 4096, K = 4096, reps = 5;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) { fprintf(stderr, "error: %s needs a value (-m -n -k -r)\n", a); return 2; }
        i++;
        if (!strcmp(a, "-m")) M = size_arg(a, v, 16384);
        else if (!strcmp(a, "-n")) N = size_arg(a, v, 16384);
        else if (!strcmp(a, "-k")) K = size_arg(a, v, 16384);
        else if (!strcmp(a, "-r")) reps = size_arg(a, v, 1000);
        else {
            fprintf(stderr, "error: unknown option '%s' (-m -n -k -r)\n", a);
            return 2;
        }
    }
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        printf("skipped: no CUDA device\n");
        return 0;
    }
    float *h = (float *)malloc((size_t)(M > N ? M : N) * K * sizeof(float)), *A, *B, *C;
    if (!h) { fprintf(stderr, "error: out of host memory\n"); return 2; }
    for (size_t i = 0; i < (size_t)(M > N ? M : N) * K; i++) h[i] = (float)((i * 2654435761u) % 1000) / 1000.0f - 0.5f;
    CK(cudaMalloc(&A, M * K * 4)); CK(cudaMalloc(&B, K * N * 4)); CK(cudaMalloc(&C, M * N * 4));
    CK(cudaMemcpy(A, h, M * K * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(B, h, K * N * 4, cudaMemcpyHostToDevice));
    cublasHandle_t hd;
    CK(cublasCreate(&hd));
    CK(cublasSetMathMode(hd, CUBLAS_PEDANTIC_MATH)); /* true FP32, no TF32 */
    const float one = 1.0f, zero = 0.0f;
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0); cudaEventCreate(&e1);
    float best = 1e30f;
    for (long r = 0; r <= reps; r++) {
        cudaEventRecord(e0);
        /* Row-major C = A·B is column-major C^T = B^T·A^T: swap the operands. */
        CK(cublasSgemm(hd, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &zero, C, N));
        cudaEventRecord(e1);
        CK(cudaEventSynchronize(e1));
        float ms; cudaEventElapsedTime(&ms, e0, e1);
        if (r > 0 && ms < best) best = ms;
    }
    printf("result: variant=cublas mode=all m=%ld n=%ld k=%ld ms=%.4f gflops=%.2f\n", M, N, K, best,
           2.0 * (double)M * N * K / best * 1e-6);
    cublasDestroy(hd); cudaFree(A); cudaFree(B); cudaFree(C); free(h);
    return 0;
}
