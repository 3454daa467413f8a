/* gemm.c -- what lessons 05 and 10 share (gemm.h).
 *
 * Freivalds' check: all of C = A·B, at any size, in O(n²).
 *
 * Recomputing A·B on the host costs n³ multiply-adds: minutes at n = 8192.
 * Freivalds' check multiplies both sides by a random vector r instead: C·r
 * must equal A·(B·r), and each side costs O(n²). Entry i of C·r is row i of
 * C weighted by r, so a wrong entry anywhere in row i changes it. Two
 * vectors r, so that a pattern of errors would have to fool both. Chapter 05
 * says why this is exact on whole numbers.
 */
#include "gemm.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// snippet: reference
/* Entry (i, j) of C = A·B in double, and the root of the sum of its terms'
 * squares (as clu_verify takes it). */
static double entry(const float *A, const float *B, size_t N, size_t K, size_t i, size_t j, double *mag)
{
    double sum = 0.0, squares = 0.0;
    for (size_t k = 0; k < K; k++) {
        const double t = (double)A[i * K + k] * B[k * N + j];
        sum += t;
        squares += t * t;
    }
    *mag = sqrt(squares);
    return sum;
}
// end snippet reference

size_t freivalds_bytes(size_t M, size_t N, size_t K)
{
    return (2 * N + 5 * M + K) * sizeof(double);
}

void freivalds_init(freivalds *f, size_t M, size_t N, size_t K)
{
    double *v = clu_malloc(freivalds_bytes(M, N, K), "Freivalds' vectors");
    *f = (freivalds){.M = M, .N = N, .K = K, .r = {v, v + N}, .want = {v + 2 * N, v + 2 * N + M},
                     .mag = {v + 2 * N + 2 * M, v + 2 * N + 3 * M}, .got = v + 2 * N + 4 * M,
                     .tmp = v + 2 * N + 5 * M};
    uint64_t x = 2026; /* seeded: the same r on every run */
    for (size_t i = 0; i < 2 * N; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        v[i] = (double)(1 + (x >> 48));
    }
}

void freivalds_free(freivalds *f)
{
    free(f->r[0]);
}

// snippet: freivalds
/* y = X·v; squared 1: y = X²·v (each entry squared); 2: X²·v². */
static void times(const float *X, size_t rows, size_t cols, const double *v, double *y, int squared)
{
    for (size_t i = 0; i < rows; i++) {
        double sum = 0.0;
        for (size_t j = 0; j < cols; j++) {
            const double x = X[i * cols + j];
            sum += squared ? x * x * (squared == 2 ? v[j] * v[j] : v[j]) : x * v[j];
        }
        y[i] = sum;
    }
}

/* B·r first, then A times that: O(n²), never the whole product. The same
 * with squares: A²·(B²·r²). */
void freivalds_expect(freivalds *f, const float *A, const float *B)
{
    for (int v = 0; v < 4; v++) {
        times(B, f->K, f->N, f->r[v / 2], f->tmp, v % 2 ? 2 : 0);
        times(A, f->M, f->K, f->tmp, v % 2 ? f->mag[v / 2] : f->want[v / 2], v % 2);
    }
}

/* Halves as inputs: every entry must be a quarter (a multiple of 1/4) of
 * size at most 8·8·K, and then every sum here, counted in quarters, stays
 * below 2^52 (n ≤ 2^14, r ≤ 2^16), exact in double: C·r must equal A·(B·r)
 * exactly. Random floats: entry (i, j) errs by about 2^-24·√K·norm_ij at
 * most (clu_verify's bound, norm_ij = √Σ_k (A_ik·B_kj)²), with a random
 * sign, and the entries' errors are independent, so row i of C·r errs by
 * about √Σ_j r_j²·(that)²: the bound is 4·2^-24·(8·√K + 2)·√mag_i (4: the
 * |ref| that clu_verify adds, and headroom). An all-zero row misses by
 * about √mag_i, 10^3 times the bound even at K = 16384. */
size_t freivalds_verify(const freivalds *f, const char *what, const float *A, const float *B, const float *C,
                        int exact)
{
    const size_t M = f->M, N = f->N, K = f->K;
    const double lambda = exact ? 0.0 : (8.0 * sqrt((double)K) + 2.0) / 16777216.0;
    const double quarters = 64.0 * (double)K; /* the largest exact entry: 8·8·K */
    size_t bad = 0, rows[2] = {0, 0}, row = M, wi = M, wj = N;
    double worst = 0.0; /* the largest error of a row, as a share of its bound */
    for (size_t e = 0; exact && e < M * N; e++) /* NaN fails here too */
        if (!(4.0 * C[e] == floor(4.0 * C[e]) && fabs(C[e]) <= quarters) && !bad++) wi = e / N, wj = e % N;
    for (int v = 0; v < 2; v++) {
        times(C, M, N, f->r[v], f->got, 0);
        for (size_t i = 0; i < M; i++) {
            const double err = fabs(f->got[i] - f->want[v][i]), bound = 4.0 * lambda * sqrt(f->mag[v][i]);
            if (!(err <= bound) && !rows[v]++ && i < row) row = i;
            if (worst == worst && !(err <= worst * bound)) worst = err / bound; /* NaN stays */
        }
    }
    for (size_t j = 0; wi == M && row < M && j < N; j++) { /* the first entry of that row to blame */
        double mag, want = entry(A, B, N, K, row, j, &mag);
        if (!(fabs(C[row * N + j] - want) <= lambda * (mag + fabs(want)))) wi = row, wj = j;
    }
    const size_t wrong = bad + rows[0] + rows[1];
    printf("verified %s: all %zu entries by Freivalds' check, ", what, M * N);
    if (exact) printf("exact inputs, C·r exact: %s\n", wrong ? "FAILED" : "ok");
    else printf("worst row error %.3g of its bound: %s\n", worst, wrong ? "FAILED" : "ok");
    if (bad) fprintf(stderr, "  %zu entries are not multiples of 1/4 of at most 64·K\n", bad);
    if (wrong > bad) fprintf(stderr, "  C·r is wrong in %zu of %zu rows\n", rows[rows[1] > rows[0]], M);
    double mag;
    if (wi < M)
        fprintf(stderr, "  wrong at C[%zu][%zu]: got %.9g, expected %.9g\n", wi, wj, C[wi * N + wj],
                entry(A, B, N, K, wi, wj, &mag));
    return wrong;
}
// end snippet freivalds

// snippet: check
size_t gemm_check(clu_env *env, cl_mem d_C, size_t Mp, size_t Np, size_t guard, const freivalds *f,
                  const float *A, const float *B, float *C, const char *what, int exact, double *down_ms)
{
    const size_t M = f->M, N = f->N, end = Mp * Np * sizeof(float);
    /* A rectangular read skips the padding at the end of each row. */
    const size_t origin[3] = {0, 0, 0}, region[3] = {N * sizeof(float), M, 1};
    cl_event ev;
    CLU_CHECK(clEnqueueReadBufferRect(env->queue, d_C, CL_TRUE, origin, origin, region, Np * sizeof(float), 0,
                                      N * sizeof(float), 0, C, 0, NULL, &ev));
    if (down_ms) *down_ms = clu_event_ms(ev);
    clReleaseEvent(ev);
    float *zone = clu_malloc(guard * sizeof(float), "the guard zone");
    CLU_CHECK(clEnqueueReadBuffer(env->queue, d_C, CL_TRUE, end, guard * sizeof(float), zone, 0, NULL, NULL));
    size_t past = 0, first = 0;
    for (size_t e = guard; e-- > 0;)
        if (!isnan(zone[e])) past++, first = e;
    free(zone);
    if (past) fprintf(stderr, "  %s wrote %zu floats past the end of C, the first at C[%zu][%zu]\n", what, past,
                      Mp + first / Np, first % Np);
    return past + freivalds_verify(f, what, A, B, C, exact);
}
// end snippet check

void gemm_first_launch(clu_env *env, cl_kernel kernel, const size_t *local)
{
    if (clu_device_is_gpu(env->device) || clu_on_oclgrind(env)) return; /* they compile in clBuildProgram */
    const unsigned left = clu_watchdog_pause(); /* a build, as in clu_build: no kernel that never ends */
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, kernel, 2, NULL, local, local, 0, NULL, NULL));
    CLU_CHECK(clFinish(env->queue));
    if (left) alarm(left);
}

// snippet: fits
const char *gemm_fits(const clu_env *env, cl_kernel kernel, size_t wg, char *why, size_t len)
{
    size_t most = 0;
    cl_ulong local = 0, has = clu_device_ulong(env->device, CL_DEVICE_LOCAL_MEM_SIZE);
    CLU_CHECK(clGetKernelWorkGroupInfo(kernel, env->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof most, &most, NULL));
    CLU_CHECK(clGetKernelWorkGroupInfo(kernel, env->device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local, NULL));
    if (wg <= most && local <= has) return NULL;
    snprintf(why, len, "groups of %zu work-items with %llu bytes of local memory do not fit (this kernel "
             "allows %zu work-items here, the device has %llu bytes)", wg, (unsigned long long)local, most,
             (unsigned long long)has);
    return why;
}
// end snippet fits

void gemm_check_budget(clu_env *env, const clu_common *common, size_t M, size_t N, size_t K,
                       size_t configs, size_t reps)
{
    /* The slowest kernels here (rows, bt) run about as fast as the probe's
     * chain of multiply-adds, one load each (2 here: 4 times its time); the host makes the data and the checks at
     * ~100 steps of serial C per entry of A and B and ~40 per entry of C and
     * configuration. */
    clu_check_budget(env, common, (clu_work){.fma = 4.0 * (double)configs * (double)(2 + reps) * (double)M * N * K,
                     .chain = 4.0 * (double)configs * (double)(2 + reps) * (double)K,
                     .host = 100.0 * ((double)M * K + (double)K * N) + 40.0 * (double)configs * M * N},
                     "the runs of M·N·K multiply-adds and their checks");
}

/* ---- the tiles of the register-blocked kernel ---------------------------- */

const char *tiles_show(tiles t, tiles_text s)
{
    snprintf(s, sizeof(tiles_text), "%zux%zux%zux%zux%zu", t.bm, t.bn, t.bk, t.tm, t.tn);
    return s;
}

tiles tiles_parse(const char *text)
{
    char buf[64], *f[5] = {buf};
    size_t nf = 1;
    if (strlen(text) >= sizeof buf) clu_die("-c: '%.20s...' is too long", text);
    strcpy(buf, text);
    for (char *p = buf; *p && nf <= 5; p++)
        if (*p == 'x') *p = '\0', f[nf < 5 ? nf : 0] = p + 1, nf++;
    if (nf != 5) clu_die("-c %s: expected BMxBNxBKxTMxTN, e.g. 128x64x8x8x8", text);
    tiles t = {.bm = clu_parse_size("-c BM", f[0], 4, 1024), .bn = clu_parse_size("-c BN", f[1], 4, 1024),
               .bk = clu_parse_size("-c BK", f[2], 4, 256), .tm = clu_parse_size("-c TM", f[3], 4, 32),
               .tn = clu_parse_size("-c TN", f[4], 4, 32)};
    if (t.tm % 4 || t.tn % 4 || t.bk % 4 || t.bm % t.tm || t.bn % t.tn) /* the kernel's #error */
        clu_die("-c %s: TM, TN and BK must be multiples of 4, BM of TM and BN of TN", text);
    return t;
}

// snippet: refuse
const char *tiles_refused(const clu_env *env, tiles t, char *why, size_t len)
{
    const size_t items = t.bm / t.tm * (t.bn / t.tn);
    /* Measured on PoCL 3.1: 2d and vec return NaN with TM·TN = 512 or more
     * (fast then takes minutes to build), and 2^19 sums per group crash it. */
    if (clu_device_is_gpu(env->device)) return NULL;
    if (t.tm * t.tn > 256)
        snprintf(why, len, "TM*TN = %zu sums per work-item, CPU devices run at most 256 right", t.tm * t.tn);
    else if (items * t.tm * t.tn > 262144)
        snprintf(why, len, "%zu sums per work-group, CPU devices run at most 262144", items * t.tm * t.tn);
    else
        return NULL;
    return why;
}
// end snippet refuse

const char *tiles_options(const clu_env *env)
{
    /* NVIDIA's compiler wants the k loop unrolled; PoCL miscompiles 2d when it is. */
    char *vendor = clu_device_string(env->device, CL_DEVICE_VENDOR);
    const int nvidia = strstr(vendor, "NVIDIA") != NULL;
    free(vendor);
    return nvidia ? " -DUNROLL_K=1" : "";
}
