/* Lesson 03's comparison, beside main.c: the outer sum in C on the CPU's
 * cores with OpenMP, twice. First the plain loop of lesson 01 spread over
 * the cores; then the same loop given what the best kernel on a CPU,
 * float8acc, has: 8 elements of C per step in one vector register, 8
 * independent sums, and multiply-adds fused into one instruction. main.c
 * times both beside the kernels in the same run and checks both as it
 * checks the kernels.
 * OpenMP is optional: built without -fopenmp (Apple's compiler, for one)
 * openmp_threads() is 0 and main.c says the comparison is missing.
 */
#include <math.h>
#ifdef _OPENMP
#include <omp.h> /* the Makefile adds -fopenmp where the compiler has it */
#endif

int openmp_threads(void);
void outer_sum_openmp(const float *A, const float *B, float *C, int X, int Y);
void outer_sum_openmp8acc(const float *A, const float *B, float *C, int X, int Y);

/* OpenMP's threads, or 0 where the program was built without OpenMP. */
int openmp_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 0;
#endif
}

// snippet: openmp
/* The same loop as lesson 01's serial C, spread over the CPU's cores by
 * OpenMP. `simd reduction` allows the compiler to reorder the sum, the same
 * freedom the OpenCL compiler has, so it can use the vector units. */
void outer_sum_openmp(const float *A, const float *B, float *C, int X, int Y)
{
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
    for (int x = 0; x < X; x++) {
        float a = A[x], sum = 0.0f;
#ifdef _OPENMP
#pragma omp simd reduction(+ : sum)
#endif
        for (int y = 0; y < Y; y++)
            sum += a * B[y];
        C[x] = sum;
    }
}
// end snippet openmp

// snippet: openmp8acc
/* float8acc in C. OpenCL C may fuse a * b + c into one FMA instruction
 * (FP_CONTRACT is on by default); GCC with -std=c11 may not, so the loop
 * asks for it with fmaf() where the compiler says it is one instruction
 * (FP_FAST_FMAF: -march=native on a CPU with FMA). */
#ifdef FP_FAST_FMAF
#define MADD(a, b, c) fmaf(a, b, c)
#else
#define MADD(a, b, c) ((a) * (b) + (c))
#endif
#define W 8 /* float8acc's width: elements of C per step, and sums per element */
#define PIECE 64 /* steps handed out at once: what a work-group of 64 owns */

/* Each step owns W elements of C, as a work-item of float8acc does, and
 * keeps W independent sums for each: s[j] adds every W-th term, from B[j]
 * on, so no multiply-add waits for the one before it. The inner loop over
 * the W elements is one vector instruction (`omp simd`); the 8 x 8 sums are
 * 8 vector registers. The last step may own fewer than W elements: a is
 * zero-filled, and only the elements it owns are written. PoCL hands the
 * work-groups to its threads as each gets free, so that a core the system
 * takes away for a while does not hold up the others; the steps go out
 * the same way, PIECE at a time. */
void outer_sum_openmp8acc(const float *A, const float *B, float *C, int X, int Y)
{
    const int Y8 = Y / W * W; /* whole groups of W terms */
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, PIECE)
#endif
    for (int x0 = 0; x0 < X; x0 += W) {
        const int own = X - x0 < W ? X - x0 : W;
        float a[W] = {0}, s[W][W] = {{0}};
        for (int l = 0; l < own; l++) a[l] = A[x0 + l];
        for (int y = 0; y < Y8; y += W)
            for (int j = 0; j < W; j++) /* chain j: terms y + j */
#ifdef _OPENMP
#pragma omp simd
#endif
                for (int l = 0; l < W; l++) s[j][l] = MADD(a[l], B[y + j], s[j][l]);
        for (int y = Y8; y < Y; y++) /* the last Y % W terms, into chain 0 */
#ifdef _OPENMP
#pragma omp simd
#endif
            for (int l = 0; l < W; l++) s[0][l] = MADD(a[l], B[y], s[0][l]);
        for (int l = 0; l < own; l++) /* the chains added up, as float8acc does */
            C[x0 + l] = ((s[0][l] + s[1][l]) + (s[2][l] + s[3][l])) +
                        ((s[4][l] + s[5][l]) + (s[6][l] + s[7][l]));
    }
}
// end snippet openmp8acc
