/* Lesson 05 -- the matrix product C = A·B, from the naive kernel to one that
 * keeps the arithmetic units busy.
 *
 * Teaches: coalesced and uncoalesced global reads (measured), tiles in local
 * memory and its bank conflicts (measured, then removed by padding), more
 * work per work-item (1D, then 2D register blocking), 16-byte vector loads,
 * double buffering, tile sizes as compile-time -D options and a small
 * autotuning sweep; the cost of moving the data to the device and back, from
 * pageable or pinned host memory.
 * Kernel files: kernels/05-matrix-multiplication.cl (naive .. 1d),
 *               kernels/05-matrix-multiplication-reg.cl (2d, vec, fast, cpu)
 * APIs introduced: clEnqueueReadBufferRect, CL_MEM_ALLOC_HOST_PTR with
 * clEnqueueMapBuffer (pinned host memory), 2D NDRanges and work-groups.
 */
#include "clu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the C reference ---------------------------------------------------- */

/* The entries of C that are checked: all of them for small products; for big
 * ones the last row and column (where tiles meet the edges) and 4096 random
 * entries, so that checking an 8192³ product takes a fraction of a second. */
typedef struct {
    size_t S, *idx;
    double *ref, *mag; /* C in double, and Σ|A·B| that the bound scales with */
    float *got;
} sample;

static void choose_sample(sample *s, size_t M, size_t N, size_t K)
{
    const int full = (double)M * N * K <= (double)(1 << 27);
    s->S = full ? M * N : N + M - 1 + 4096;
    s->idx = clu_malloc(s->S * sizeof *s->idx, "the sample");
    s->ref = clu_malloc(s->S * sizeof *s->ref, "the reference");
    s->mag = clu_malloc(s->S * sizeof *s->mag, "the reference");
    s->got = clu_malloc(s->S * sizeof *s->got, "the sample");
    uint64_t r = 12345;
    for (size_t e = 0; e < s->S; e++) {
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        s->idx[e] = full ? e : e < N ? (M - 1) * N + e : e < N + M - 1 ? (e - N) * N + N - 1
                  : (size_t)(r >> 20) % (M * N);
    }
}

// snippet: reference
/* Each checked entry of C as a dot product in double: row i of A with row j
 * of BT, the transpose of B, so that both are read along memory. */
static void reference(const float *A, const float *BT, size_t N, size_t K, sample *s)
{
    for (size_t e = 0; e < s->S; e++) {
        const float *a = A + s->idx[e] / N * K, *b = BT + s->idx[e] % N * K;
        double sum = 0.0, mag = 0.0;
        for (size_t k = 0; k < K; k++) {
            sum += (double)a[k] * b[k];
            mag += fabs((double)a[k] * b[k]);
        }
        s->ref[e] = sum, s->mag[e] = mag;
    }
}
// end snippet reference

/* ---- the variants ---------------------------------------------------- */

/* How a variant splits C: blocks of TS x TS per work-group (of one element
 * per work-item, or WPT down a column), BM x BN blocks with TM x TN per
 * work-item, or 16 x 16 per work-item in work-groups of one. */
typedef enum { ELEMENT, TILE, COLUMN, REGISTERS, CPU } blocking;
#define K1 "05-matrix-multiplication.cl"
#define K2 "05-matrix-multiplication-reg.cl"

// snippet: variants
typedef struct {
    const char *name, *why;
    const char *kernel, *file, *opts; /* function, kernel file, fixed -D options */
    blocking blocks;
    int bt;   /* reads BT (N x K) instead of B */
    int rows; /* dimension 0 of the NDRange runs down the rows of C */
    const char *nvidia; /* more options on NVIDIA (measured on the H200) */
    const char *nvidia128; /* and on NVIDIA with 128 x 128 blocks */
} variant;

static const variant variants[] = {
    {"naive", "one work-item per element of C", "gemm_naive", K1, "", ELEMENT, 0, 0},
    {"rows", "naive, neighbours take rows: uncoalesced", "gemm_rows", K1, "", ELEMENT, 0, 1},
    {"bt", "B transposed (the slides' kernel)", "gemm_bt", K1, "", ELEMENT, 1, 0},
    {"tiled", "local-memory tiles of A and BT", "gemm_tiled", K1, "-DPAD=0", TILE, 1, 0},
    {"tiled-pad", "the same, tiles padded: no bank conflicts", "gemm_tiled", K1, "-DPAD=1", TILE, 1, 0},
    {"1d", "WPT elements of a column per work-item", "gemm_1d", K1, "", COLUMN, 0, 0},
    {"2d", "TM x TN elements per work-item", "gemm_reg", K2, "-DVEC=0 -DDBUF=0", REGISTERS, 0, 0},
    {"vec", "2d with float4 loads", "gemm_reg", K2, "-DVEC=1 -DDBUF=0", REGISTERS, 0, 0},
    {"fast", "vec, double-buffered, tuned tiles", "gemm_reg", K2, "-DVEC=1 -DDBUF=1", REGISTERS, 0, 0,
     "-DPRECOMP=1", "-DPAIR=1 -DGROUP_M=8 -DREQD=0 -cl-nv-maxrregcount=126"},
    {"cpu", "16 x 16 per work-item in float16, for CPUs", "gemm_cpu", K2, "-DCPU_ROWS=16", CPU, 0, 0},
};
// end snippet variants
enum { NVARIANTS = sizeof variants / sizeof variants[0], VEC = 7, FAST = 8 }; /* --tune's two */

/* Tiles of the register-blocked kernel: a BM x BN block of C per work-group,
 * BK deep steps, TM x TN elements per work-item. */
typedef struct { size_t bm, bn, bk, tm, tn; } tiles;
typedef char tiles_text[80];
static const char *show(tiles t, tiles_text s)
{
    snprintf(s, sizeof(tiles_text), "%zux%zux%zux%zux%zu", t.bm, t.bn, t.bk, t.tm, t.tn);
    return s;
}

/* The sweep of --tune: a few shapes that fit most devices. */
static const tiles tune_list[] = {
    {128, 128, 8, 8, 8}, {128, 128, 16, 8, 8}, {128, 64, 8, 8, 8}, {128, 64, 16, 8, 8},
    {64, 128, 8, 8, 8},  {64, 64, 8, 8, 8},    {64, 64, 16, 8, 8}, {128, 64, 8, 8, 4},
    {256, 64, 8, 16, 8}, {128, 256, 8, 8, 16}, {64, 64, 8, 4, 4},  {32, 64, 16, 4, 8},
};

typedef struct {
    clu_env env;
    size_t M, N, K, ts, wpt, reps;
    int nvidia, pinned;
    float *h_A, *h_B, *h_BT, *h_C; /* pageable (malloc) or pinned (mapped) */
    cl_mem pin[3];                  /* the pinned buffers behind h_A, h_B, h_C */
    sample s;
} lesson;

/* One configuration: a variant with its sizes, built, and what it measured. */
typedef struct {
    const variant *v;
    tiles t;
    size_t Mp, Np, Kp, local[2], global[2];
    double intensity; /* FLOP per byte the kernel asks of global memory */
    cl_program prog;
    cl_kernel kernel;
    cl_mem d_A, d_B, d_C;
    double ms, up_ms, down_ms;
} config;

// snippet: refuse
/* Can the device run the register-blocked kernel with tiles t? NULL if so. */
static const char *tiles_refused(const lesson *L, tiles t, char *why, size_t len)
{
    const size_t items = t.bm / t.tm * (t.bn / t.tn);
    if (t.tm % 4 || t.tn % 4 || t.bk % 4 || t.bm % t.tm || t.bn % t.tn)
        return "TM, TN and BK must be multiples of 4, BM of TM and BN of TN";
    if (items > clu_device_size(L->env.device, CL_DEVICE_MAX_WORK_GROUP_SIZE))
        snprintf(why, len, "%zu work-items per group, more than the device allows", items);
    /* Measured on PoCL 3.1: 2d and vec return NaN with TM·TN = 512 or more
     * (fast then takes minutes to build), and 2^19 sums per group crash it. */
    else if (!clu_device_is_gpu(L->env.device) && t.tm * t.tn > 256)
        snprintf(why, len, "TM*TN = %zu sums per work-item, CPU devices run at most 256 right", t.tm * t.tn);
    else if (!clu_device_is_gpu(L->env.device) && items * t.tm * t.tn > 262144)
        snprintf(why, len, "%zu sums per work-group, CPU devices run at most 262144", items * t.tm * t.tn);
    else
        return NULL;
    return why;
}
// end snippet refuse

// snippet: ndrange
/* The NDRange of configuration c: dimension 0 runs along the columns of C
 * (along the rows for `rows`). A work-group computes a bm x bn block of C,
 * each work-item a tm x tn block of it. */
static void plan(const lesson *L, config *c)
{
    size_t bm = L->ts, bn = L->ts, tm = 1, tn = 1;
    c->Mp = L->M, c->Np = L->N, c->Kp = L->K;
    if (c->v->blocks == COLUMN) tm = L->wpt;
    if (c->v->blocks == REGISTERS) bm = c->t.bm, bn = c->t.bn, tm = c->t.tm, tn = c->t.tn;
    if (c->v->blocks == CPU) bm = bn = tm = tn = 16; /* one work-item per group */
    if (c->v->blocks >= REGISTERS) { /* no edges in the kernel: pad with zeros */
        c->Mp = clu_round_up(L->M, bm), c->Np = clu_round_up(L->N, bn);
        if (c->v->blocks == REGISTERS) c->Kp = clu_round_up(L->K, c->t.bk);
    }
    const int r = c->v->rows;
    c->local[r] = bn / tn, c->local[!r] = bm / tm;
    c->global[r] = clu_round_up(L->N, bn) / tn, c->global[!r] = clu_round_up(L->M, bm) / tm;
    /* Each step of k, a block loads bm + bn floats for bm·bn multiply-adds. */
    if (c->v->blocks == ELEMENT) bm = bn = 1;
    c->intensity = 2.0 * bm * bn / (4.0 * (bm + bn));
}
// end snippet ndrange

// snippet: build
/* Build c's program with its sizes as -D options. Refuse (exit 2, with the
 * limits) what the device cannot run, or with --tune skip it: return 0. */
static int build(lesson *L, config *c, int tune)
{
    /* A register cap works only without reqd_work_group_size (REQD=0): NVIDIA
     * ignores it otherwise. 126 registers let two groups of 256 share an SM. */
    const int big = L->nvidia && c->v->nvidia128 && c->t.bm == 128 && c->t.bn == 128;
    char opts[320];
    snprintf(opts, sizeof opts, "%s -DTS=%zu -DWPT=%zu -DBM=%zu -DBN=%zu -DBK=%zu -DTM=%zu -DTN=%zu %s %s%s%s",
             c->v->opts, L->ts, L->wpt, c->t.bm, c->t.bn, c->t.bk, c->t.tm, c->t.tn,
             L->nvidia && c->v->nvidia ? c->v->nvidia : "", big ? c->v->nvidia128 : "",
             L->nvidia ? " -DUNROLL_K=1" : "",
             L->nvidia && L->env.build_log ? " -cl-nv-verbose" : "");
    c->prog = clu_build(&L->env, c->v->file, opts);
    c->kernel = clu_kernel(c->prog, c->v->kernel);
    size_t wg = c->local[0] * c->local[1], kmax = 0; /* registers may allow fewer than the device */
    cl_ulong local = 0;
    CLU_CHECK(clGetKernelWorkGroupInfo(c->kernel, L->env.device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax, NULL));
    CLU_CHECK(clGetKernelWorkGroupInfo(c->kernel, L->env.device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local, NULL));
    if (!tune || (wg <= kmax && local <= clu_device_ulong(L->env.device, CL_DEVICE_LOCAL_MEM_SIZE))) {
        clu_check_wgsize(&L->env, c->kernel, wg);
        return 1;
    }
    tiles_text s;
    printf("%s %s skipped: %zu work-items (%zu possible), %llu bytes of local memory\n", show(c->t, s),
           c->v->name, wg, kmax, (unsigned long long)local);
    clReleaseKernel(c->kernel);
    clReleaseProgram(c->prog);
    return 0;
}
// end snippet build

/* ---- run and verify --------------------------------------------------- */

// snippet: pinned
/* Host memory the device can copy from directly: a buffer made with
 * CL_MEM_ALLOC_HOST_PTR is (on most drivers) page-locked host memory, and
 * mapping it gives us a pointer into it. Pageable memory from malloc must
 * first be copied by the driver into such a staging area. */
static float *host_floats(lesson *L, size_t n, cl_mem *keep)
{
    *keep = NULL;
    if (!L->pinned) return clu_malloc(clu_bytes(n, sizeof(float), "a matrix"), "a matrix");
    cl_int err;
    *keep = clu_buffer(&L->env, CL_MEM_ALLOC_HOST_PTR, n * sizeof(float), NULL, "a pinned matrix");
    float *p = clEnqueueMapBuffer(L->env.queue, *keep, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                  n * sizeof(float), 0, NULL, NULL, &err);
    CLU_CHECK_ERR(err, "clEnqueueMapBuffer");
    return p;
}
// end snippet pinned

static void host_free(lesson *L, float *p, cl_mem keep)
{
    if (!keep) free(p);
    else CLU_CHECK(clEnqueueUnmapMemObject(L->env.queue, keep, p, 0, NULL, NULL));
    if (keep) clReleaseMemObject(keep); /* freed once the unmap is done */
}

// snippet: upload-padded
/* Upload a rows x cols host matrix into a device matrix of prows x pcols
 * (the sizes rounded up to the tiles), zeros around it. Without padding it
 * is one plain write; with padding the host first lays the rows out at the
 * longer stride. Returns the upload's ms. */
static double upload(lesson *L, cl_mem d, const float *h, size_t rows, size_t cols, size_t prows,
                     size_t pcols)
{
    float *p = (float *)h;
    if (rows != prows || cols != pcols) {
        p = calloc(prows * pcols, sizeof(float));
        if (!p) clu_die("cannot allocate %zu bytes of host memory", prows * pcols * sizeof(float));
        for (size_t r = 0; r < rows; r++) memcpy(p + r * pcols, h + r * cols, cols * sizeof(float));
    }
    cl_event ev;
    CLU_CHECK(clEnqueueWriteBuffer(L->env.queue, d, CL_TRUE, 0, prows * pcols * sizeof(float), p, 0,
                                   NULL, &ev));
    double ms = clu_event_ms(ev);
    clReleaseEvent(ev);
    if (p != h) free(p);
    return ms;
}
// end snippet upload-padded

/* Device buffers for c, filled with the current A and B, set as arguments. */
static void load(lesson *L, config *c)
{
    const size_t M = L->M, N = L->N, K = L->K, Mp = c->Mp, Np = c->Np, Kp = c->Kp;
    c->d_A = clu_buffer(&L->env, CL_MEM_READ_ONLY, clu_bytes(Mp * Kp, 4, "A"), NULL, "A");
    c->d_B = clu_buffer(&L->env, CL_MEM_READ_ONLY, clu_bytes(Kp * Np, 4, "B"), NULL, "B");
    c->d_C = clu_buffer(&L->env, CL_MEM_WRITE_ONLY, clu_bytes(Mp * Np, 4, "C"), NULL, "C");
    c->up_ms = upload(L, c->d_A, L->h_A, M, K, Mp, Kp);
    c->up_ms += c->v->bt ? upload(L, c->d_B, L->h_BT, N, K, N, K) : upload(L, c->d_B, L->h_B, K, N, Kp, Np);
    const int m = (int)Mp, n = (int)Np, k = (int)Kp;
    CLU_CHECK(clSetKernelArg(c->kernel, 0, sizeof c->d_A, &c->d_A));
    CLU_CHECK(clSetKernelArg(c->kernel, 1, sizeof c->d_B, &c->d_B));
    CLU_CHECK(clSetKernelArg(c->kernel, 2, sizeof c->d_C, &c->d_C));
    CLU_CHECK(clSetKernelArg(c->kernel, 3, sizeof m, &m));
    CLU_CHECK(clSetKernelArg(c->kernel, 4, sizeof n, &n));
    CLU_CHECK(clSetKernelArg(c->kernel, 5, sizeof k, &k));
}

static void unload(config *c)
{
    clReleaseMemObject(c->d_A);
    clReleaseMemObject(c->d_B);
    clReleaseMemObject(c->d_C);
}

// snippet: fill
/* The data of one check: whole numbers (exact) or random floats. */
static void fill(lesson *L, int exact)
{
    const size_t M = L->M, N = L->N, K = L->K;
    /* |A|, |B| <= 16: every partial sum, in any order, is at most
     * K·256 <= 2^22 for K <= 16384, so the sums are exact in float. (They are
     * random walks, typically √K·64 = 8192 at K = 16384: far below.) */
    if (exact) {
        clu_fill_exact(L->h_A, M * K, 1, 16);
        clu_fill_exact(L->h_B, K * N, 2, 16);
    } else {
        clu_fill_random(L->h_A, M * K, 1, -1.0f, 1.0f);
        clu_fill_random(L->h_B, K * N, 2, -1.0f, 1.0f);
    }
    for (size_t k = 0; k < K; k++)
        for (size_t j = 0; j < N; j++) L->h_BT[j * K + k] = L->h_B[k * N + j];
    reference(L->h_A, L->h_BT, N, K, &L->s);
}
// end snippet fill

// snippet: check
/* Run c once on the current data and check C; how many entries are wrong. */
static size_t check(lesson *L, config *c, int exact)
{
    const size_t M = L->M, N = L->N;
    load(L, c);
    const float nan = NAN; /* an entry the kernel never writes stays NaN and fails */
    CLU_CHECK(clEnqueueFillBuffer(L->env.queue, c->d_C, &nan, sizeof nan, 0, c->Mp * c->Np * 4, 0,
                                  NULL, NULL));
    clu_run_best(&L->env, c->kernel, 2, c->global, c->local, 1);
    /* A rectangular read skips the padding at the end of each row. */
    const size_t origin[3] = {0, 0, 0}, region[3] = {N * sizeof(float), M, 1};
    cl_event ev;
    CLU_CHECK(clEnqueueReadBufferRect(L->env.queue, c->d_C, CL_TRUE, origin, origin, region,
                                      c->Np * sizeof(float), 0, N * sizeof(float), 0, L->h_C, 0,
                                      NULL, &ev));
    c->down_ms = clu_event_ms(ev);
    clReleaseEvent(ev);
    unload(c);
    for (size_t e = 0; e < L->s.S; e++) L->s.got[e] = L->h_C[L->s.idx[e]];
    char what[96];
    snprintf(what, sizeof what, "device C (%s%s%s)", c->v->name, exact ? ", whole numbers" : "",
             L->s.S < M * N ? ", a random sample" : "");
    return clu_verify(what, L->s.got, L->s.ref, exact ? NULL : L->s.mag, L->s.S, L->K);
}
// end snippet check

/* ---- time --------------------------------------------------------------- */

static void time_config(lesson *L, config *c)
{
    load(L, c);
    c->ms = clu_run_best(&L->env, c->kernel, 2, c->global, c->local, L->reps);
    unload(c);
}

/* ---- report ------------------------------------------------------------ */

/* One result: line per timed configuration, then a table (-o all, --tune)
 * or the kernel's time beside the transfers (one variant). */
static void report(const lesson *L, const config *cfg, size_t n, const char *mode, double peak, double copy)
{
    const size_t M = L->M, N = L->N, K = L->K;
    tiles_text s;
    size_t best = 0;
    for (size_t i = 0; i < n; i++) {
        const config *c = &cfg[i];
        const double gflops = 2.0 * M * N * K / c->ms * 1e-6;
        printf("result: variant=%s mode=%s m=%zu n=%zu k=%zu ts=%zu wpt=%zu tiles=%s ms=%.4f gflops=%.2f "
               "intensity=%.2f up_ms=%.4f down_ms=%.4f pinned=%d", c->v->name, mode, M, N, K, L->ts,
               L->wpt, show(c->t, s), c->ms, gflops, c->intensity, c->up_ms, c->down_ms, L->pinned);
        if (peak > 0) printf(" peak_gflops=%.1f pct_peak=%.2f copy_gbps=%.1f", peak, 100 * gflops / peak, copy);
        printf("\n");
        if (c->v == &variants[FAST] && (cfg[best].v != c->v || c->ms < cfg[best].ms)) best = i;
    }
    if (n > 1) printf("\n%-10s %-44s %10s %10s %9s%s\n", "variant", *mode == 't' ? "tiles" : "", "kernel ms",
                      "GFLOP/s", *mode == 't' ? "x first" : "x naive", peak > 0 ? "   of peak" : "");
    for (size_t i = 0; i < n && n > 1; i++) {
        const double gflops = 2.0 * M * N * K / cfg[i].ms * 1e-6;
        printf("%-10s %-44s %10.3f %10.1f %9.2f", cfg[i].v->name, *mode == 't' ? show(cfg[i].t, s) : cfg[i].v->why,
               cfg[i].ms, gflops, cfg[0].ms / cfg[i].ms);
        printf(peak > 0 ? " %8.1f%%\n" : "\n", 100.0 * gflops / peak);
    }
    if (*mode == 't' && n)
        printf("best: -o fast -c %s at %.1f GFLOP/s\n", show(cfg[best].t, s), 2.0 * M * N * K / cfg[best].ms * 1e-6);
    if (n != 1) return;
    const config *c = &cfg[0];
    // snippet: transfer-report
    const double bytes_up = (double)(M * K + K * N) * sizeof(float);
    const double bytes_down = (double)(M * N) * sizeof(float);
    const double total = c->up_ms + c->ms + c->down_ms;
    printf("%s: %s\n", c->v->name, c->v->why);
    printf("kernel:   %10.3f ms  %9.1f GFLOP/s (best of %zu)\n", c->ms, 2.0 * M * N * K / c->ms * 1e-6, L->reps);
    printf("upload:   %10.3f ms  %9.2f GB/s   A and B from %s host memory\n", c->up_ms,
           bytes_up / c->up_ms * 1e-6, L->pinned ? "pinned" : "pageable");
    printf("download: %10.3f ms  %9.2f GB/s   C\n", c->down_ms, bytes_down / c->down_ms * 1e-6);
    printf("offload:  %10.3f ms  %9.1f GFLOP/s counting the transfers (%.0f%% of the time moving data)\n",
           total, 2.0 * M * N * K / total * 1e-6, 100.0 * (c->up_ms + c->down_ms) / total);
    // end snippet transfer-report
}

int main(int argc, char **argv)
{
    size_t M = 1024, N = 1024, K = 1024, reps = 3, ts = 16, wpt = 8;
    const char *opt_tiles = NULL, *on = NULL;
    int chosen = FAST, pinned = 0, peak = 0, tune = 0;
    const clu_option opts[] = {
        {"-m", "M", "rows of A and C", CLU_OPT_SIZE, &M, 1, 16384},
        {"-n", "N", "columns of B and C", CLU_OPT_SIZE, &N, 1, 16384},
        {"-k", "K", "columns of A, rows of B (terms in each sum)", CLU_OPT_SIZE, &K, 1, 16384},
        {"-o", "VARIANT", "the kernel to run", CLU_OPT_VARIANT, &chosen, CLU_VARIANTS(variants)},
        {"-t", "TS", "tile side of naive..1d (work-group TS x TS)", CLU_OPT_SIZE, &ts, 1, 64},
        {"-w", "WPT", "elements per work-item in 1d (divides TS)", CLU_OPT_SIZE, &wpt, 1, 64},
        {"-c", "TILES", "BMxBNxBKxTMxTN of 2d, vec, fast (default by device)", CLU_OPT_STRING, &opt_tiles},
        {"-r", "REPS", "timed runs of each kernel (the best is kept)", CLU_OPT_SIZE, &reps, 1, 1000},
        {"--tune", NULL, "sweep the tiles of vec and fast, name the best", CLU_OPT_FLAG, &tune},
        {"--pinned", NULL, "host arrays in pinned memory (CL_MEM_ALLOC_HOST_PTR, mapped)", CLU_OPT_FLAG, &pinned},
        {"--peak", NULL, "also measure the FMA peak and copy bandwidth", CLU_OPT_FLAG, &peak},
        {"--on", "gpu|cpu", "run only on that kind of device (else exit 0): for bench.args", CLU_OPT_STRING, &on},
    };
    clu_common common;
    clu_parse_args(argc, argv, "lesson 05: the matrix product C = A*B, naive to register-blocked",
                   opts, sizeof opts / sizeof opts[0], &common);
    if (on && strcmp(on, "gpu") && strcmp(on, "cpu")) clu_die("--on %s: expected gpu or cpu", on);
    if ((chosen < 0 || variants[chosen].blocks == COLUMN) && ts % wpt)
        clu_die("-w %zu must divide the tile side -t %zu", wpt, ts);
    tiles t = {128, 64, 8, 8, 8}; /* the GPU's choice of --tune */
    if (opt_tiles) { /* BMxBNxBKxTMxTN: five fields, each digits only */
        char buf[64], *f[5] = {buf};
        size_t nf = 1;
        if (strlen(opt_tiles) >= sizeof buf) clu_die("-c: '%.20s...' is too long", opt_tiles);
        strcpy(buf, opt_tiles);
        for (char *p = buf; *p && nf <= 5; p++)
            if (*p == 'x') *p = '\0', f[nf < 5 ? nf : 0] = p + 1, nf++;
        if (nf != 5) clu_die("-c %s: expected BMxBNxBKxTMxTN, e.g. 128x64x8x8x8", opt_tiles);
        t = (tiles){clu_parse_size("-c BM", f[0], 4, 1024), clu_parse_size("-c BN", f[1], 4, 1024),
                    clu_parse_size("-c BK", f[2], 4, 256), clu_parse_size("-c TM", f[3], 4, 32),
                    clu_parse_size("-c TN", f[4], 4, 32)};
    }

    lesson L = {.M = M, .N = N, .K = K, .ts = ts, .wpt = wpt, .reps = reps, .pinned = pinned};
    clu_setup(&L.env, &common); /* platform, device, context, queue: lesson 01's steps 1-4 */
    const int gpu = clu_device_is_gpu(L.env.device);
    if (on && gpu != !strcmp(on, "gpu")) {
        printf("skipped: --on %s, and this device is %s\n", on, gpu ? "a GPU" : "not a GPU");
        clu_teardown(&L.env);
        return clu_exit_status(0);
    }
    char *pname = clu_device_string(L.env.device, CL_DEVICE_VENDOR);
    L.nvidia = strstr(pname, "NVIDIA") != NULL;
    free(pname);
    char why[128];
    tiles_text s;
    if (!opt_tiles && !gpu) t = (tiles){32, 64, 16, 4, 8}; /* the CPU's choice of --tune */
    if (!opt_tiles && L.nvidia) /* the H200's: 128 x 128 blocks once there are enough to fill it */
        t = (M / 128) * (N / 128) >= clu_device_ulong(L.env.device, CL_DEVICE_MAX_COMPUTE_UNITS)
                ? (tiles){128, 128, 8, 8, 8} : (tiles){128, 64, 8, 8, 8};
    if (!opt_tiles && tiles_refused(&L, t, why, sizeof why)) t = (tiles){32, 32, 8, 4, 4};
    const char *no = tiles_refused(&L, t, why, sizeof why);
    if (no && (opt_tiles || tune || chosen < 0 || variants[chosen].blocks == REGISTERS))
        clu_die("-c %s: %s", show(t, s), no);

    // snippet: configs
    /* The configurations: one variant, all of them, or vec and fast for each
     * tile shape of the sweep. Each is its own program: the tile sizes are
     * compile-time constants, so the compiler can unroll and keep acc[][] in
     * registers. */
    config cfg[2 * sizeof tune_list / sizeof tune_list[0] + NVARIANTS];
    size_t n = 0;
    if (tune) {
        for (size_t i = 0; i < sizeof tune_list / sizeof tune_list[0]; i++) {
            if ((no = tiles_refused(&L, tune_list[i], why, sizeof why))) {
                printf("%s skipped: %s\n", show(tune_list[i], s), no);
                continue;
            }
            cfg[n++] = (config){&variants[VEC], tune_list[i]};
            cfg[n++] = (config){&variants[FAST], tune_list[i]};
        }
    } else {
        for (size_t v = 0; v < NVARIANTS; v++)
            if (chosen < 0 || (size_t)chosen == v) cfg[n++] = (config){&variants[v], t};
    }
    for (size_t i = 0; i < n; i++) {
        plan(&L, &cfg[i]);
        if (!build(&L, &cfg[i], tune)) /* --tune: a shape this device cannot run */
            memmove(&cfg[i], &cfg[i + 1], (n - i - 1) * sizeof cfg[0]), n--, i--;
    }
    // end snippet configs

    L.h_A = host_floats(&L, M * K, &L.pin[0]);
    L.h_B = host_floats(&L, K * N, &L.pin[1]);
    L.h_C = host_floats(&L, M * N, &L.pin[2]);
    L.h_BT = clu_malloc(clu_bytes(N * K, sizeof(float), "BT"), "BT");
    choose_sample(&L.s, M, N, K);
    printf("sizes: M = %zu, N = %zu, K = %zu; tiles: -t %zu -w %zu -c %s; %s host memory\n", M, N, K,
           ts, wpt, show(t, s), pinned ? "pinned" : "pageable");

    // snippet: check-all
    /* Every configuration is checked twice, whole numbers first, before any is timed. */
    size_t wrong = 0;
    for (int exact = 1; exact >= 0; exact--) {
        fill(&L, exact);
        for (size_t i = 0; i < n; i++) wrong += check(&L, &cfg[i], exact);
    }
    // end snippet check-all
    const size_t built = n;
    if (clu_on_oclgrind(&L.env)) printf("not timed: Oclgrind simulates the device\n");
    if (wrong || clu_on_oclgrind(&L.env)) n = 0; /* time only what is right, on a real device */
    for (size_t i = 0; i < n; i++) time_config(&L, &cfg[i]);

    double peak_gflops = 0, copy_gbps = 0;
    if (peak && n) {
        peak_gflops = clu_peak_gflops(&L.env);
        copy_gbps = clu_copy_gbps(&L.env, (size_t)64 << 20);
        printf("yardsticks: FMA peak %.1f GFLOP/s, float4 copy %.1f GB/s\n", peak_gflops, copy_gbps);
    }
    report(&L, cfg, n, tune ? "tune" : chosen < 0 ? "all" : "one", peak_gflops, copy_gbps);

    for (size_t i = 0; i < built; i++) clReleaseKernel(cfg[i].kernel), clReleaseProgram(cfg[i].prog);
    host_free(&L, L.h_A, L.pin[0]);
    host_free(&L, L.h_B, L.pin[1]);
    host_free(&L, L.h_C, L.pin[2]);
    free(L.h_BT);
    free(L.s.idx), free(L.s.ref), free(L.s.mag), free(L.s.got);
    clu_teardown(&L.env);
    return clu_exit_status(wrong);
}
