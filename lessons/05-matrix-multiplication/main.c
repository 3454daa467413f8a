/* Lesson 05 -- the matrix product C = A·B, from the naive kernel to register
 * blocking. Teaches: coalesced and uncoalesced reads, tiles in local memory
 * and their bank conflicts (removed by padding), more work per work-item
 * (1D, then 2D register blocking), float4 loads, tile sizes as -D options.
 * Kernel files: kernels/05-matrix-multiplication.cl (naive .. 1d),
 *               kernels/05-matrix-multiplication-reg.cl (2d, vec)
 * APIs introduced: 2D NDRanges, clGetKernelWorkGroupInfo, clEnqueueReadBufferRect.
 * Freivalds' check of all of C and -c's tiles: common/gemm.c, shared with
 * lesson 10, which takes the product to the libraries' speed. The options:
 * settings.c, read once. */
#include "clu.h"
#include "gemm.h"
#include "settings.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the shapes: set here and by -m -n -k (settings.c), read everywhere -- */

/* C (M x N) = A (M x K) · B (K x N), all row-major. */
static size_t M = 256, N = 256, K = 256;

/* ---- the C reference ---------------------------------------------------- */

// snippet: fill
/* The data of one check, and the reference to check C against: A and B of
 * halves (exact) or random floats, BT = B transposed (for bt and tiled),
 * and A·(B·r) for Freivalds' check of all of C (common/gemm.c). */
static void fill(float *A, float *B, float *BT, int exact, freivalds *f)
{
    /* Halves, |A|, |B| <= 8: every partial sum, in any order, is a quarter
     * of at most K·64 <= 2^20 for K <= 16384, exact in float. */
    if (exact) {
        clu_fill_halves(A, M * K, 1, 8);
        clu_fill_halves(B, K * N, 2, 8);
    } else {
        clu_fill_random(A, M * K, 1, -1.0f, 1.0f);
        clu_fill_random(B, K * N, 2, -1.0f, 1.0f);
    }
    for (size_t k = 0; k < K; k++)
        for (size_t j = 0; j < N; j++) BT[j * K + k] = B[k * N + j];
    freivalds_expect(f, A, B);
}
// end snippet fill

// snippet: upload-padded
/* A rows x cols host matrix into a prows x pcols device matrix (rounded up
 * to the tiles), zeros around it: its rows first laid out at that stride. */
static void upload(clu_env *env, cl_mem d, const float *h, size_t rows, size_t cols, size_t prows, size_t pcols)
{
    float *p = (float *)h;
    if (rows != prows || cols != pcols) {
        p = calloc(prows * pcols, sizeof(float));
        if (!p) clu_die("cannot allocate %zu bytes of host memory", prows * pcols * sizeof(float));
        for (size_t r = 0; r < rows; r++) memcpy(p + r * pcols, h + r * cols, cols * sizeof(float));
    }
    CLU_CHECK(clEnqueueWriteBuffer(env->queue, d, CL_TRUE, 0, prows * pcols * sizeof(float), p, 0, NULL, NULL));
    if (p != h) free(p);
}
// end snippet upload-padded

/* ---- the kernels -------------------------------------------------------- */

/* How a variant splits C: TS x TS per work-group, one element per work-item
 * (without, with local tiles) or WPT of a column; BM x BN per group, TM x TN
 * per work-item (REGISTERS, kernels/05-matrix-multiplication-reg.cl). */
typedef enum { ELEMENT, TILE, COLUMN, REGISTERS } blocking;

// snippet: variants
typedef struct {
    const char *name, *why;
    const char *kernel, *opts; /* function, fixed -D options */
    blocking blocks;
    int bt;   /* reads BT (N x K) instead of B */
    int rows; /* dimension 0 of the NDRange runs down the rows of C */
} variant;

static const variant variants[] = {
    {.name = "naive", .why = "one work-item per element of C", .kernel = "gemm_naive"},
    {.name = "rows", .why = "naive, neighbours take rows: uncoalesced", .kernel = "gemm_rows", .rows = 1},
    {.name = "bt", .why = "B transposed (the slides' kernel)", .kernel = "gemm_bt", .bt = 1},
    {.name = "tiled", .why = "local-memory tiles of A and BT", .kernel = "gemm_tiled", .opts = "-DPAD=0",
     .blocks = TILE, .bt = 1},
    {.name = "tiled-pad", .why = "the same, tiles padded: no bank conflicts", .kernel = "gemm_tiled",
     .opts = "-DPAD=1", .blocks = TILE, .bt = 1},
    {.name = "1d", .why = "WPT elements of a column per work-item", .kernel = "gemm_1d", .blocks = COLUMN},
    {.name = "2d", .why = "TM x TN elements per work-item", .kernel = "gemm_reg", .opts = "-DVEC=0 -DDBUF=0",
     .blocks = REGISTERS},
    {.name = "vec", .why = "2d with float4 loads", .kernel = "gemm_reg", .opts = "-DVEC=1 -DDBUF=0",
     .blocks = REGISTERS},
};
// end snippet variants
enum { NVARIANTS = sizeof variants / sizeof variants[0] };

/* One configuration: a variant with its sizes, built, and what it measured. */
typedef struct {
    const variant *v;
    size_t ts, wpt; /* tile side and elements per work-item of naive .. 1d */
    tiles t;        /* 2d, vec */
    size_t Mp, Np, Kp, guard, local[2], global[2];
    double intensity; /* FLOP per byte the kernel asks of global memory */
    cl_program prog;
    cl_kernel kernel;
    cl_mem d[3]; /* A, B, C */
    double ms;
} config;

// snippet: ndrange
/* c's NDRange: dimension 0 along the columns of C (the rows for `rows`); a
 * work-group computes a bm x bn block of C, a work-item tm x tn of it. */
static void plan(config *c)
{
    const int reg = c->v->blocks == REGISTERS;
    const size_t bm = reg ? c->t.bm : c->ts, bn = reg ? c->t.bn : c->ts;
    const size_t tm = reg ? c->t.tm : c->v->blocks == COLUMN ? c->wpt : 1, tn = reg ? c->t.tn : 1;
    /* The register-blocked kernel has no edges: pad with zeros. */
    c->Mp = reg ? clu_round_up(M, bm) : M, c->Np = reg ? clu_round_up(N, bn) : N;
    c->Kp = reg ? clu_round_up(K, c->t.bk) : K;
    const int r = c->v->rows;
    c->local[r] = bn / tn, c->local[!r] = bm / tm;
    c->global[r] = clu_round_up(N, bn) / tn, c->global[!r] = clu_round_up(M, bm) / tm;
    c->guard = bm * c->Np + bn; /* a block written past the end of C lands here */
    /* Each step of k, a block loads bm + bn floats for bm·bn multiply-adds. */
    const double m = c->v->blocks == ELEMENT ? 1 : (double)bm, n = c->v->blocks == ELEMENT ? 1 : (double)bn;
    c->intensity = 2.0 * m * n / (4.0 * (m + n));
}
// end snippet ndrange

// snippet: build
/* Build c with its sizes as -D options, then ask the kernel whether groups
 * of its size fit here. NULL if c can run, else why not. */
static const char *build(clu_env *env, config *c, int given, char *why, size_t len)
{
    char opts[300], tile[100] = "";
    if (c->v->blocks == REGISTERS)
        snprintf(tile, sizeof tile, " -DBM=%zu -DBN=%zu -DBK=%zu -DTM=%zu -DTN=%zu%s", c->t.bm, c->t.bn, c->t.bk,
                 c->t.tm, c->t.tn, tiles_options(env));
    snprintf(opts, sizeof opts, "%s -DTS=%zu -DWPT=%zu%s", c->v->opts ? c->v->opts : "", c->ts, c->wpt, tile);
    c->prog = clu_build(env, c->v->blocks == REGISTERS ? "05-matrix-multiplication-reg.cl"
                                                       : "05-matrix-multiplication.cl", opts);
    c->kernel = clu_kernel(c->prog, c->v->kernel);
    const size_t wg = c->local[0] * c->local[1];
    if (given) clu_check_wgsize(env, c->kernel, wg); /* asked for: refuse with the limits */
    if (!gemm_fits(env, c->kernel, wg, why, len)) return NULL; /* common/gemm.c */
    clReleaseKernel(c->kernel);
    clReleaseProgram(c->prog);
    return why;
}
// end snippet build

// snippet: sizes
/* The tiles 2d and vec try, first to last: 128 x 64 blocks of 8 x 8 (the
 * best found on GPUs) or on a CPU device 32 x 64 blocks of 4 x 8 (the best
 * on PoCL), then ever fewer work-items, for kernels that allow fewer. */
static const tiles gpu_first = {128, 64, 8, 8, 8}, cpu_first = {32, 64, 16, 4, 8};
enum { SMALLER = 6 };
static const tiles smaller[SMALLER] = {{64, 64, 8, 4, 4}, {32, 32, 8, 4, 4}, {32, 16, 8, 4, 4},
                                       {16, 16, 8, 4, 4}, {8, 8, 4, 4, 4},   {4, 4, 4, 4, 4}};

/* c's sizes: -t, -w and -c (t) as given; else the largest this kernel
 * allows here, a tile side from 16 down or the tiles above (printed where
 * not the first). NULL once c is built, else why it cannot run. */
static const char *choose(clu_env *env, config *c, size_t ts, size_t wpt, const tiles *t, char *why, size_t len)
{
    const int reg = c->v->blocks == REGISTERS, given = reg ? t != NULL : ts > 0;
    tiles list[1 + SMALLER] = {t ? *t : clu_device_is_gpu(env->device) ? gpu_first : cpu_first};
    for (size_t k = 0; k < SMALLER; k++) list[1 + k] = smaller[k];
    const size_t tries = given ? 1 : reg ? 1 + SMALLER : 5;
    const char *no = "no tile side from 16 down is a multiple of -w";
    tiles_text s;
    for (size_t k = 0; k < tries; k++) {
        c->t = list[k], c->ts = ts ? ts : (size_t)16 >> (reg ? 0 : k);
        c->wpt = wpt ? wpt : c->ts < 8 ? c->ts : 8;
        if (c->v->blocks == COLUMN && c->ts % c->wpt) continue;
        if (reg && (no = tiles_refused(env, c->t, why, len)) && given) clu_die("-c: %s", no);
        if (reg && no) continue;
        plan(c);
        if ((no = build(env, c, given, why, len))) continue;
        if (k > 0) printf("%s: %s %s, the largest this kernel allows here\n", c->v->name, reg ? "tiles" : "-t",
                          reg ? tiles_show(c->t, s) : (snprintf(s, sizeof s, "%zu", c->ts), s));
        else if (reg && !given && !clu_device_is_gpu(env->device))
            printf("%s: tiles %s, the first choice on a CPU device\n", c->v->name, tiles_show(c->t, s));
        return NULL;
    }
    return no;
}
// end snippet sizes

/* ---- run and check ------------------------------------------------------ */

/* c's buffers with A and B (or BT) as its arguments; C with c->guard more. */
static void load(clu_env *env, config *c, const float *A, const float *B, const float *BT)
{
    const size_t floats[3] = {c->Mp * c->Kp, c->Kp * c->Np, c->Mp * c->Np + c->guard};
    const cl_mem_flags flags[3] = {CL_MEM_READ_ONLY, CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY};
    for (cl_uint a = 0; a < 3; a++) {
        c->d[a] = clu_buffer(env, flags[a], floats[a] * sizeof(float), NULL, "a matrix");
        CLU_CHECK(clSetKernelArg(c->kernel, a, sizeof(cl_mem), &c->d[a]));
    }
    upload(env, c->d[0], A, M, K, c->Mp, c->Kp);
    if (c->v->bt) upload(env, c->d[1], BT, N, K, N, K);
    else upload(env, c->d[1], B, K, N, c->Kp, c->Np);
    const int sizes[3] = {(int)c->Mp, (int)c->Np, (int)c->Kp};
    for (cl_uint a = 0; a < 3; a++) CLU_CHECK(clSetKernelArg(c->kernel, 3 + a, sizeof(int), &sizes[a]));
}

static void unload(config *c) { for (int a = 0; a < 3; a++) clReleaseMemObject(c->d[a]); }

// snippet: check
/* Run c once, C and a guard zone after it filled with NaN; check all of C and the zone. */
static size_t check(clu_env *env, config *c, const float *A, const float *B, const float *BT, float *C,
                    const freivalds *f, int exact)
{
    load(env, c, A, B, BT);
    gemm_first_launch(env, c->kernel, c->local); /* PoCL compiles it here (common/gemm.c) */
    const float nan = NAN; /* an entry the kernel never writes stays NaN and fails */
    const size_t bytes = (c->Mp * c->Np + c->guard) * sizeof(float);
    CLU_CHECK(clEnqueueFillBuffer(env->queue, c->d[2], &nan, sizeof nan, 0, bytes, 0, NULL, NULL));
    clu_run_best(env, c->kernel, 2, c->global, c->local, 1);
    char what[96];
    snprintf(what, sizeof what, "device C (%s%s)", c->v->name, exact ? ", whole numbers" : "");
    const size_t wrong = gemm_check(env, c->d[2], c->Mp, c->Np, c->guard, f, A, B, C, what, exact, NULL);
    unload(c);
    return wrong;
}
// end snippet check

/* ---- time and report ---------------------------------------------------- */

static void report(const clu_env *env, const config *cfg, size_t n, const char *mode, double peak, double copy)
{
    const double flop = 2.0 * M * N * K;
    tiles_text s;
    for (const config *c = cfg; c < cfg + n; c++) {
        printf("result: variant=%s mode=%s m=%zu n=%zu k=%zu ts=%zu wpt=%zu tiles=%s ms=%.4f gflops=%.2f "
               "intensity=%.2f timer=%s", c->v->name, mode, M, N, K, c->ts, c->wpt,
               c->v->blocks == REGISTERS ? tiles_show(c->t, s) : "-", c->ms, flop / c->ms * 1e-6, c->intensity,
               env->host_timer ? "host" : "events");
        if (peak > 0) printf(" peak_gflops=%.1f pct_peak=%.2f copy_gbps=%.1f", peak, flop / c->ms * 1e-4 / peak, copy);
        printf("\n");
    }
    if (n > 1) printf("\n%-55s %10s %10s %9s%s\n", "variant", "kernel ms", "GFLOP/s", "x naive", peak > 0 ? "   of peak" : "");
    for (const config *c = cfg; c < cfg + n && n > 1; c++) {
        printf("%-10s %-44s %10.3f %10.1f %9.2f", c->v->name, c->v->why, c->ms, flop / c->ms * 1e-6, cfg->ms / c->ms);
        printf(peak > 0 ? " %8.1f%%\n" : "\n", flop / c->ms * 1e-4 / peak);
    }
    if (n == 1) printf("%s: %.3f ms, %.1f GFLOP/s\n", cfg->v->name, cfg->ms, flop / cfg->ms * 1e-6);
}

int main(int argc, char **argv)
{
    clu_common common; /* -p, -d, --budget, ...: what every program understands */
    const settings s = read_settings(argc, argv, &M, &N, &K, (clu_option){CLU_VARIANTS(variants)}, &common);
    clu_env env;
    clu_setup(&env, &common); /* platform, device, context, queue: lesson 01's steps 1-4 */

    // snippet: configs
    /* One variant or all, each its own program (its sizes are -D constants:
     * unrolled loops, sums in registers). One that cannot run here says why. */
    config cfg[NVARIANTS];
    size_t n = 0;
    char why[256];
    clu_step("building the kernels");
    for (size_t v = 0; v < NVARIANTS; v++) {
        if (s.chosen >= 0 && (size_t)s.chosen != v) continue;
        cfg[n] = (config){.v = &variants[v]};
        const char *no = choose(&env, &cfg[n], s.ts, s.wpt, s.tiles_given ? &s.tiles : NULL, why, sizeof why);
        if (!no) n++;
        else if (s.chosen < 0) printf("skipped: %s: %s\n", variants[v].name, no);
        else clu_die("%s cannot run on this device: %s", variants[v].name, no);
    }
    // end snippet configs
    if (!n) clu_die("no variant can run on this device");

    /* Refuse, in one line, a run longer than --budget or buffers that do not fit. */
    gemm_check_budget(&env, &common, M, N, K, n, s.reps);
    size_t device = 0, pad = 0;
    for (const config *c = cfg; c < cfg + n; c++) {
        const size_t a = c->Mp * c->Kp, b = c->Kp * c->Np, d = c->Mp * c->Np + c->guard;
        device = a + b + d > device ? a + b + d : device;
        pad = a > pad ? a : b > pad ? b : d > pad ? d : pad;
    }
    clu_check_memory(&env, 4 * (M * K + 2 * K * N + M * N + pad) + freivalds_bytes(M, N, K), 4 * device);
    float *A = clu_malloc(clu_bytes(M * K, sizeof(float), "A"), "A");
    float *B = clu_malloc(clu_bytes(K * N, sizeof(float), "B"), "B");
    float *BT = clu_malloc(clu_bytes(K * N, sizeof(float), "BT"), "BT");
    float *C = clu_malloc(clu_bytes(M * N, sizeof(float), "C"), "C");
    freivalds f;
    freivalds_init(&f, M, N, K);
    printf("sizes: M = %zu, N = %zu, K = %zu\n", M, N, K);

    // snippet: check-all
    /* Every configuration is checked twice, whole numbers first, before any is timed. */
    size_t wrong = 0;
    char step[96];
    for (int exact = 1; exact >= 0; exact--) {
        clu_step("the data and Freivalds' products");
        fill(A, B, BT, exact, &f);
        for (size_t i = 0; i < n; i++) {
            snprintf(step, sizeof step, "checking %s", cfg[i].v->name);
            clu_step(step);
            wrong += check(&env, &cfg[i], A, B, BT, C, &f, exact);
        }
    }
    // end snippet check-all
    if (clu_on_oclgrind(&env)) printf("not timed: Oclgrind simulates the device\n");
    else if (!s.reps) printf("not timed: -r 0\n");
    const size_t timed = wrong || clu_on_oclgrind(&env) || !s.reps ? 0 : n; /* only what is right, on a device */
    for (size_t i = 0; i < timed; i++) { /* the best of reps runs, on fresh buffers */
        snprintf(step, sizeof step, "timing %s", cfg[i].v->name);
        clu_step(step);
        load(&env, &cfg[i], A, B, BT);
        cfg[i].ms = clu_run_best(&env, cfg[i].kernel, 2, cfg[i].global, cfg[i].local, s.reps);
        unload(&cfg[i]);
    }
    double peak_gflops = 0, copy_gbps = 0;
    if (s.peak && timed) {
        clu_step("the yardsticks");
        peak_gflops = clu_peak_gflops(&env);
        copy_gbps = clu_copy_gbps(&env, (size_t)64 << 20);
        printf("yardsticks: FMA peak %.1f GFLOP/s, float4 copy %.1f GB/s\n", peak_gflops, copy_gbps);
    }
    report(&env, cfg, timed, s.chosen < 0 ? "all" : "one", peak_gflops, copy_gbps);

    for (size_t i = 0; i < n; i++) clReleaseKernel(cfg[i].kernel), clReleaseProgram(cfg[i].prog);
    free(A), free(B), free(BT), free(C);
    freivalds_free(&f);
    clu_teardown(&env);
    return clu_exit_status(wrong);
}
