/* Lesson 05 -- the matrix product C = A·B, from the naive kernel to one that
 * keeps the arithmetic units busy.
 *
 * Teaches: coalesced and uncoalesced global reads, tiles in local memory and
 * their bank conflicts (removed by padding), more work per work-item (1D,
 * then 2D register blocking), 16-byte vector loads, double buffering, tile
 * sizes as compile-time -D options chosen from what each kernel allows, and
 * Freivalds' check, which verifies all of C in O(n²).
 * Kernel files: kernels/05-matrix-multiplication.cl (naive .. 1d),
 *               kernels/05-matrix-multiplication-reg.cl (2d, vec, fast, and
 *               cpu16, cpu, cpu-direct for CPU devices)
 * APIs introduced: 2D NDRanges and work-groups, clGetKernelWorkGroupInfo,
 * clEnqueueReadBufferRect.
 * The tuning (the tiles each kind of device starts from, the cpu kernel's
 * shape, NVIDIA's options,
 * PoCL's limits, --tune, --pinned and the transfers) is in tuning.c.
 */
#include "clu.h"
#include "freivalds.h"
#include "tuning.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the C reference ---------------------------------------------------- */

// snippet: fill
/* The data of one check, and the reference to check C against: A and B of
 * whole numbers (exact) or random floats, BT = B transposed (for bt and
 * tiled), and A·(B·r) for Freivalds' check of all of C (freivalds.c). */
static void fill(float *A, float *B, float *BT, size_t M, size_t N, size_t K, int exact, freivalds *f)
{
    /* Halves (whole numbers and x.5, so that a kernel that keeps only whole
     * numbers fails), |A|, |B| <= 8: the products are quarters, and every
     * partial sum, in any order, is at most K·64 <= 2^20 for K <= 16384, below
     * 2^22, so the sums are exact in float. */
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

/* ---- the variants ---------------------------------------------------- */

/* How a variant splits C: TS x TS blocks per work-group, one element per
 * work-item (without or with local tiles), or WPT down a column; BM x BN
 * blocks with TM x TN per work-item; or, in groups of one work-item, 16 x 16
 * or BM x BN per work-item (CPU16, CPU). */
typedef enum { ELEMENT, TILE, COLUMN, REGISTERS, CPU16, CPU } blocking;
#define K1 "05-matrix-multiplication.cl"
#define K2 "05-matrix-multiplication-reg.cl"

// snippet: variants
typedef struct {
    const char *name, *why;
    const char *kernel, *file, *opts; /* function, kernel file, fixed -D options */
    blocking blocks;
    int bt;    /* reads BT (N x K) instead of B */
    int rows;  /* dimension 0 of the NDRange runs down the rows of C */
    int tuned; /* the default: tiles and options chosen per device (tuning.c) */
} variant;

static const variant variants[] = {
    {.name = "naive", .why = "one work-item per element of C", .kernel = "gemm_naive", .file = K1},
    {.name = "rows", .why = "naive, neighbours take rows: uncoalesced", .kernel = "gemm_rows", .file = K1,
     .rows = 1},
    {.name = "bt", .why = "B transposed (the slides' kernel)", .kernel = "gemm_bt", .file = K1, .bt = 1},
    {.name = "tiled", .why = "local-memory tiles of A and BT", .kernel = "gemm_tiled", .file = K1,
     .opts = "-DPAD=0", .blocks = TILE, .bt = 1},
    {.name = "tiled-pad", .why = "the same, tiles padded: no bank conflicts", .kernel = "gemm_tiled", .file = K1,
     .opts = "-DPAD=1", .blocks = TILE, .bt = 1},
    {.name = "1d", .why = "WPT elements of a column per work-item", .kernel = "gemm_1d", .file = K1,
     .blocks = COLUMN},
    {.name = "2d", .why = "TM x TN elements per work-item", .kernel = "gemm_reg", .file = K2,
     .opts = "-DVEC=0 -DDBUF=0", .blocks = REGISTERS},
    {.name = "vec", .why = "2d with float4 loads", .kernel = "gemm_reg", .file = K2, .opts = "-DVEC=1 -DDBUF=0",
     .blocks = REGISTERS},
    {.name = "fast", .why = "vec, double-buffered, tiles tuned per device", .kernel = "gemm_reg", .file = K2,
     .opts = "-DVEC=1 -DDBUF=1", .blocks = REGISTERS, .tuned = 1},
    {.name = "cpu16", .why = "16 x 16 per work-item in float16, for CPUs", .kernel = "gemm_cpu16", .file = K2,
     .opts = "-DCPU_ROWS=16", .blocks = CPU16},
    {.name = "cpu", .why = "4 x 3 vectors of sums, B's slice copied: CPUs", .kernel = "gemm_cpu", .file = K2,
     .opts = "-DCOPY_B=1", .blocks = CPU},
    {.name = "cpu-direct", .why = "cpu, B read in place (no copy)", .kernel = "gemm_cpu", .file = K2,
     .opts = "-DCOPY_B=0", .blocks = CPU},
};
// end snippet variants
enum { NVARIANTS = sizeof variants / sizeof variants[0] };

typedef struct {
    clu_env env;
    size_t M, N, K, reps, ts, wpt; /* ts, wpt: 0 unless given */
    tiles t;                       /* -c, if given_tiles */
    int given_tiles, cpu_tiles, pinned; /* cpu_tiles: -c with -o cpu or cpu-direct */
    float *h_A, *h_B, *h_BT, *h_C; /* h_BT: B transposed, for bt and tiled */
    cl_mem pin[3];                 /* --pinned: the buffers behind h_A, h_B, h_C */
    freivalds f;
} lesson;

/* One configuration: a variant with its sizes, built, and what it measured. */
typedef struct {
    const variant *v;
    size_t ts, wpt;
    tiles t;
    size_t Mp, Np, Kp, guard, local[2], global[2];
    double intensity; /* FLOP per byte the kernel asks of global memory */
    cl_program prog;
    cl_kernel kernel;
    cl_mem d[3]; /* A, B, C */
    double ms, up_ms, down_ms;
} config;

// snippet: ndrange
/* The NDRange of configuration c: dimension 0 runs along the columns of C
 * (along the rows for `rows`). A work-group computes a bm x bn block of C,
 * each work-item a tm x tn block of it. */
static void plan(const lesson *L, config *c)
{
    size_t bm = c->ts, bn = c->ts, tm = 1, tn = 1;
    c->Mp = L->M, c->Np = L->N, c->Kp = L->K;
    if (c->v->blocks == COLUMN) tm = c->wpt;
    if (c->v->blocks == REGISTERS) bm = c->t.bm, bn = c->t.bn, tm = c->t.tm, tn = c->t.tn;
    if (c->v->blocks == CPU16) bm = bn = tm = tn = 16; /* one work-item per group */
    if (c->v->blocks == CPU) bm = tm = c->t.bm, bn = tn = c->t.bn;
    if (c->v->blocks >= REGISTERS) { /* no edges in M and N in the kernel: pad with zeros */
        c->Mp = clu_round_up(L->M, bm), c->Np = clu_round_up(L->N, bn);
        if (c->v->blocks == REGISTERS) c->Kp = clu_round_up(L->K, c->t.bk);
    }
    const int r = c->v->rows;
    c->local[r] = bn / tn, c->local[!r] = bm / tm;
    c->global[r] = clu_round_up(L->N, bn) / tn, c->global[!r] = clu_round_up(L->M, bm) / tm;
    c->guard = bm * c->Np + bn; /* a block written past the end of C lands here */
    /* Each step of k, a block loads bm + bn floats for bm·bn multiply-adds. */
    if (c->v->blocks == ELEMENT) bm = bn = 1;
    c->intensity = 2.0 * bm * bn / (4.0 * (bm + bn));
}
// end snippet ndrange

// snippet: build
/* Build c with its sizes as -D options, then ask the kernel what it allows
 * here: CL_KERNEL_WORK_GROUP_SIZE (its registers may allow fewer work-items
 * than the device) and the local memory it needs. NULL if c can run. */
static const char *build(lesson *L, config *c, int given, char *why, size_t len)
{
    char opts[400], tile[100] = "", extra[160];
    if (c->v->blocks == REGISTERS)
        snprintf(tile, sizeof tile, " -DBM=%zu -DBN=%zu -DBK=%zu -DTM=%zu -DTN=%zu", c->t.bm, c->t.bn, c->t.bk,
                 c->t.tm, c->t.tn);
    if (c->v->blocks == CPU) tuning_cpu_options(&L->env, c->t, tile, sizeof tile);
    tuning_options(&L->env, c->v->tuned, c->t, extra, sizeof extra); /* NVIDIA's */
    snprintf(opts, sizeof opts, "%s -DTS=%zu -DWPT=%zu%s%s", c->v->opts ? c->v->opts : "", c->ts, c->wpt, tile,
             extra);
    c->prog = clu_build(&L->env, c->v->file, opts);
    c->kernel = clu_kernel(c->prog, c->v->kernel);
    const size_t wg = c->local[0] * c->local[1];
    if (given) clu_check_wgsize(&L->env, c->kernel, wg); /* asked for: refuse with the limits */
    size_t most = 0;
    cl_ulong local = 0, has = clu_device_ulong(L->env.device, CL_DEVICE_LOCAL_MEM_SIZE);
    const cl_device_id dev = L->env.device;
    CLU_CHECK(clGetKernelWorkGroupInfo(c->kernel, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof most, &most, NULL));
    CLU_CHECK(clGetKernelWorkGroupInfo(c->kernel, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local, NULL));
    if (wg <= most && local <= has) return NULL;
    snprintf(why, len, "groups of %zu work-items with %llu bytes of local memory do not fit (this kernel "
             "allows %zu work-items here, the device has %llu bytes)", wg, (unsigned long long)local, most,
             (unsigned long long)has);
    clReleaseKernel(c->kernel);
    clReleaseProgram(c->prog);
    return why;
}
// end snippet build

// snippet: sizes
/* c's sizes: -t, -w and -c as given (or `only`, a shape of --tune); else the
 * largest this kernel allows on this device: a tile side from 16 down, or
 * the tiles tuning.c lists (for cpu: the shape it derives). NULL once c is
 * built, else why it cannot run. */
static const char *choose(lesson *L, config *c, const tiles *only, char *why, size_t len)
{
    const int reg = c->v->blocks == REGISTERS;
    const int given = reg ? L->given_tiles : c->v->blocks == CPU ? L->cpu_tiles : L->ts > 0;
    tiles list[8] = {only ? *only : L->t};
    if (c->v->blocks == CPU && !given) list[0] = tuning_cpu_tiles(&L->env, L->M, L->N, L->K);
    if (c->v->blocks == CPU && tuning_cpu_refused(&L->env, list[0], L->K, why, len)) {
        if (given) clu_die("-c: %s", why);
        return why;
    }
    if (c->v->blocks == CPU16 && tuning_cpu16_refused(&L->env, 16, L->K, why, len)) return why;
    const size_t n = given || only || c->v->blocks >= CPU16 ? 1
                     : reg ? tuning_candidates(&L->env, L->M, L->N, list, 8) : 5;
    const char *no = "no tile side from 16 down is a multiple of -w";
    for (size_t k = 0; k < n; k++) {
        c->t = list[k], c->ts = L->ts ? L->ts : (size_t)16 >> (reg ? 0 : k);
        c->wpt = L->wpt ? L->wpt : c->ts < 8 ? c->ts : 8;
        if (c->v->blocks == COLUMN && c->ts % c->wpt) continue;
        if (reg && (no = tuning_refused(&L->env, c->t, why, len)) && given) clu_die("-c: %s", no);
        if (reg && no) continue;
        plan(L, c);
        if (!(no = build(L, c, given, why, len))) return NULL;
    }
    return no;
}
// end snippet sizes

/* ---- run and verify --------------------------------------------------- */

// snippet: upload-padded
/* Upload a rows x cols host matrix into a device matrix of prows x pcols
 * (the sizes rounded up to the tiles), zeros around it. Without padding it
 * is one plain write; with padding the host first lays the rows out at the
 * longer stride. Returns the upload's ms. */
static double upload(lesson *L, cl_mem d, const float *h, size_t rows, size_t cols, size_t prows, size_t pcols)
{
    float *p = (float *)h;
    if (rows != prows || cols != pcols) {
        p = calloc(prows * pcols, sizeof(float));
        if (!p) clu_die("cannot allocate %zu bytes of host memory", prows * pcols * sizeof(float));
        for (size_t r = 0; r < rows; r++) memcpy(p + r * pcols, h + r * cols, cols * sizeof(float));
    }
    cl_event ev;
    CLU_CHECK(clEnqueueWriteBuffer(L->env.queue, d, CL_TRUE, 0, prows * pcols * sizeof(float), p, 0, NULL, &ev));
    double ms = clu_event_ms(ev);
    clReleaseEvent(ev);
    if (p != h) free(p);
    return ms;
}
// end snippet upload-padded

/* Device buffers for c with the current A and B, set as its arguments; C
 * with c->guard floats more after its end. */
static void load(lesson *L, config *c)
{
    const size_t M = L->M, N = L->N, K = L->K, Mp = c->Mp, Np = c->Np, Kp = c->Kp;
    const size_t floats[3] = {Mp * Kp, Kp * Np, Mp * Np + c->guard};
    /* cpu adds each chunk of k to what C holds: it reads C too. */
    const cl_mem_flags flags[3] = {CL_MEM_READ_ONLY, CL_MEM_READ_ONLY,
                                   c->v->blocks == CPU ? CL_MEM_READ_WRITE : CL_MEM_WRITE_ONLY};
    for (cl_uint a = 0; a < 3; a++) {
        c->d[a] = clu_buffer(&L->env, flags[a], floats[a] * sizeof(float), NULL, "a matrix");
        CLU_CHECK(clSetKernelArg(c->kernel, a, sizeof(cl_mem), &c->d[a]));
    }
    c->up_ms = upload(L, c->d[0], L->h_A, M, K, Mp, Kp);
    c->up_ms += c->v->bt ? upload(L, c->d[1], L->h_BT, N, K, N, K) : upload(L, c->d[1], L->h_B, K, N, Kp, Np);
    const int sizes[3] = {(int)Mp, (int)Np, (int)Kp};
    for (cl_uint a = 0; a < 3; a++) CLU_CHECK(clSetKernelArg(c->kernel, 3 + a, sizeof(int), &sizes[a]));
}

static void unload(config *c)
{
    for (int a = 0; a < 3; a++) clReleaseMemObject(c->d[a]);
}

// snippet: check
/* Run c once on the current data; check all of C, and that nothing was
 * written past its end. Returns how many things are wrong. */
static size_t check(lesson *L, config *c, int exact)
{
    const size_t M = L->M, N = L->N, end = c->Mp * c->Np * sizeof(float);
    load(L, c);
    const float nan = NAN; /* an entry the kernel never writes stays NaN and fails */
    CLU_CHECK(clEnqueueFillBuffer(L->env.queue, c->d[2], &nan, sizeof nan, 0, end + c->guard * 4, 0, NULL, NULL));
    clu_run_best(&L->env, c->kernel, 2, c->global, c->local, 1);
    /* A rectangular read skips the padding at the end of each row. */
    const size_t origin[3] = {0, 0, 0}, region[3] = {N * sizeof(float), M, 1};
    cl_event ev;
    CLU_CHECK(clEnqueueReadBufferRect(L->env.queue, c->d[2], CL_TRUE, origin, origin, region,
                                      c->Np * sizeof(float), 0, N * sizeof(float), 0, L->h_C, 0, NULL, &ev));
    c->down_ms = clu_event_ms(ev);
    clReleaseEvent(ev);
    float *guard = clu_malloc(c->guard * sizeof(float), "the guard zone");
    CLU_CHECK(clEnqueueReadBuffer(L->env.queue, c->d[2], CL_TRUE, end, c->guard * 4, guard, 0, NULL, NULL));
    unload(c);
    size_t past = 0, first = 0;
    for (size_t e = c->guard; e-- > 0;)
        if (!isnan(guard[e])) past++, first = e;
    free(guard);
    if (past) fprintf(stderr, "  %s wrote %zu floats past the end of C, the first at C[%zu][%zu]\n", c->v->name,
                      past, c->Mp + first / c->Np, first % c->Np);
    char what[96];
    snprintf(what, sizeof what, "device C (%s%s)", c->v->name, exact ? ", whole numbers" : "");
    return past + freivalds_verify(&L->f, what, L->h_A, L->h_B, L->h_C, exact);
}
// end snippet check

/* ---- time --------------------------------------------------------------- */

/* The best of REPS runs, on fresh buffers. */
static void time_config(lesson *L, config *c, char *step, size_t len)
{
    snprintf(step, len, "timing %s", c->v->name);
    clu_step(step);
    load(L, c);
    c->ms = clu_run_best(&L->env, c->kernel, 2, c->global, c->local, L->reps);
    unload(c);
}

/* ---- report ------------------------------------------------------------ */

/* One result: line per timed configuration, then a table (-o all, --tune)
 * or the kernel's time beside the transfers (one variant). */
static void report(const lesson *L, const config *cfg, size_t n, const char *mode, double peak, double copy)
{
    const double flop = 2.0 * L->M * L->N * L->K;
    const int tune = !strcmp(mode, "tune");
    tiles_text s;
    const config *best = NULL;
    for (const config *c = cfg; c < cfg + n; c++) {
        printf("result: variant=%s mode=%s m=%zu n=%zu k=%zu ts=%zu wpt=%zu tiles=%s ms=%.4f gflops=%.2f "
               "intensity=%.2f up_ms=%.4f down_ms=%.4f pinned=%d timer=%s", c->v->name, mode, L->M, L->N, L->K,
               c->ts, c->wpt, c->v->blocks == REGISTERS || c->v->blocks == CPU ? tuning_show(c->t, s) : "-", c->ms,
               flop / c->ms * 1e-6, c->intensity, c->up_ms, c->down_ms, L->pinned,
               L->env.host_timer ? "host" : "events");
        if (peak > 0) printf(" peak_gflops=%.1f pct_peak=%.2f copy_gbps=%.1f", peak, flop / c->ms * 1e-4 / peak, copy);
        printf("\n");
        if (c->v->tuned && (!best || c->ms < best->ms)) best = c;
    }
    if (n == 1)
        tuning_report_transfers(cfg->v->name, cfg->v->why, L->M, L->N, L->K, L->reps, cfg->ms, cfg->up_ms,
                                cfg->down_ms, L->pinned);
    if (n > 1) printf("\n%-10s %-44s %10s %10s %9s%s\n", "variant", tune ? "tiles" : "", "kernel ms", "GFLOP/s",
                      tune ? "x first" : "x naive", peak > 0 ? "   of peak" : "");
    for (const config *c = cfg; c < cfg + n && n > 1; c++) {
        printf("%-10s %-44s %10.3f %10.1f %9.2f", c->v->name, tune ? tuning_show(c->t, s) : c->v->why, c->ms,
               flop / c->ms * 1e-6, cfg->ms / c->ms);
        printf(peak > 0 ? " %8.1f%%\n" : "\n", flop / c->ms * 1e-4 / peak);
    }
    if (tune && best) printf("best: -o fast -c %s at %.1f GFLOP/s\n", tuning_show(best->t, s), flop / best->ms * 1e-6);
}

int main(int argc, char **argv)
{
    size_t M = 1024, N = 1024, K = 1024, reps = 3, ts = 0, wpt = 0;
    const char *tiles_opt = NULL;
    int chosen = 0, pinned = 0, peak = 0, tune = 0, given = 0;
    while (!variants[chosen].tuned) chosen++; /* the default: fast, or a CPU kernel on a CPU device (below) */
    const clu_option opts[] = {
        {.flag = "-m", .metavar = "M", .help = "rows of A and C", .kind = CLU_OPT_SIZE, .dest = &M, .min = 1, .max = 16384},
        {.flag = "-n", .metavar = "N", .help = "columns of B and C", .kind = CLU_OPT_SIZE, .dest = &N, .min = 1, .max = 16384},
        {.flag = "-k", .metavar = "K", .help = "columns of A, rows of B (terms in each sum)", .kind = CLU_OPT_SIZE,
         .dest = &K, .min = 1, .max = 16384},
        {.flag = "-o", .metavar = "VARIANT", .help = "the kernel to run (on a CPU device the default is cpu)", .kind = CLU_OPT_VARIANT, .dest = &chosen,
         CLU_VARIANTS(variants)},
        {.flag = "-t", .metavar = "TS", .help = "tile side of naive..1d, work-groups TS x TS (default: the largest "
         "up to 16 the kernel allows)", .kind = CLU_OPT_SIZE, .dest = &ts, .min = 1, .max = 64},
        {.flag = "-w", .metavar = "WPT", .help = "elements per work-item in 1d (divides TS; default 8)",
         .kind = CLU_OPT_SIZE, .dest = &wpt, .min = 1, .max = 64},
        {.flag = "-c", .metavar = "TILES", .help = "BMxBNxBKxTMxTN of 2d, vec, fast, cpu (default: by device, tuning.c)",
         .kind = CLU_OPT_STRING, .dest = &tiles_opt},
        {.flag = "-r", .metavar = "REPS", .help = "timed runs of each kernel (the best is kept)", .kind = CLU_OPT_SIZE,
         .dest = &reps, .min = 1, .max = 1000},
        {.flag = "--tune", .help = "sweep the tiles of 2d, vec and fast", .kind = CLU_OPT_FLAG, .dest = &tune},
        {.flag = "--pinned", .help = "host arrays in pinned memory (tuning.c)", .kind = CLU_OPT_FLAG, .dest = &pinned},
        {.flag = "--peak", .help = "also measure the FMA peak and copy bandwidth", .kind = CLU_OPT_FLAG, .dest = &peak},
    };
    clu_common common;
    clu_parse_args(argc, argv, "lesson 05: the matrix product C = A*B, naive to register-blocked", opts,
                   sizeof opts / sizeof opts[0], &common);
    if (wpt && (chosen < 0 || variants[chosen].blocks == COLUMN) && (ts ? ts : 16) % wpt)
        clu_die("-w %zu must divide the tile side -t %zu", wpt, ts ? ts : 16);
    lesson L = {.M = M, .N = N, .K = K, .reps = reps, .ts = ts, .wpt = wpt, .pinned = pinned,
                .given_tiles = tiles_opt != NULL};
    if (tiles_opt) L.t = tuning_parse_tiles(tiles_opt);
    L.cpu_tiles = tiles_opt && chosen >= 0 && variants[chosen].blocks == CPU;
    clu_setup(&L.env, &common); /* platform, device, context, queue: lesson 01's steps 1-4 */
    for (int a = 1; a < argc; a++) given |= !strcmp(argv[a], "-o");
    if (!given && !tiles_opt && !clu_device_is_gpu(L.env.device)) /* a CPU kernel: there the fastest by far */
        for (chosen = 0; strcmp(variants[chosen].name, tuning_cpu_variant(&L.env)); chosen++) continue;

    // snippet: configs
    /* The configurations: one variant, all of them, or each register-blocked
     * variant for each tile shape of the sweep. Each is its own program: the
     * tile sizes are compile-time constants, so the compiler can unroll and
     * keep the sums in registers. A variant that cannot run here says why. */
    config cfg[NVARIANTS * 16];
    size_t n = 0;
    char why[256];
    tiles_text s;
    clu_step("building the kernels");
    for (size_t i = 0; i < (tune ? tuning_sweep_count : 1); i++)
        for (size_t v = 0; v < NVARIANTS; v++) {
            if (tune ? variants[v].blocks != REGISTERS : chosen >= 0 && (size_t)chosen != v) continue;
            cfg[n] = (config){.v = &variants[v]};
            const char *no = choose(&L, &cfg[n], tune ? &tuning_sweep[i] : NULL, why, sizeof why);
            if (!no) n++;
            else if (tune) printf("skipped: %s -c %s: %s\n", variants[v].name, tuning_show(tuning_sweep[i], s), no);
            else if (chosen < 0) printf("skipped: %s: %s\n", variants[v].name, no);
            else clu_die("%s cannot run on this device: %s", variants[v].name, no);
        }
    // end snippet configs
    if (!n) clu_die("no variant can run on this device");

    /* Refuse, with one line, a run longer than --budget (tuning.c estimates
     * it), or one whose buffers the host's or the device's memory cannot
     * hold: A, B, BT, C, a padded copy and Freivalds' vectors on the host,
     * the largest configuration's A, B and C with its guard on the device. */
    tuning_check_budget(&L.env, &common, M, N, K, n, reps);
    size_t device = 0, pad = 0;
    for (const config *c = cfg; c < cfg + n; c++) {
        const size_t a = c->Mp * c->Kp, b = c->Kp * c->Np, d = c->Mp * c->Np + c->guard;
        device = a + b + d > device ? a + b + d : device;
        pad = a > pad ? a : b > pad ? b : d > pad ? d : pad;
    }
    clu_check_memory(&L.env, 4 * (M * K + 2 * K * N + M * N + pad) + freivalds_bytes(M, N, K), 4 * device);

    L.h_A = tuning_host_floats(&L.env, M * K, pinned, &L.pin[0]);
    L.h_B = tuning_host_floats(&L.env, K * N, pinned, &L.pin[1]);
    L.h_C = tuning_host_floats(&L.env, M * N, pinned, &L.pin[2]);
    L.h_BT = clu_malloc(K * N * sizeof(float), "BT");
    freivalds_init(&L.f, M, N, K);
    printf("sizes: M = %zu, N = %zu, K = %zu; %s host memory\n", M, N, K, pinned ? "pinned" : "pageable");

    // snippet: check-all
    /* Every configuration is checked twice, whole numbers first, before any is timed. */
    size_t wrong = 0;
    char step[96];
    for (int exact = 1; exact >= 0; exact--) {
        clu_step("the data and Freivalds' products");
        fill(L.h_A, L.h_B, L.h_BT, M, N, K, exact, &L.f);
        for (size_t i = 0; i < n; i++) {
            snprintf(step, sizeof step, "checking %s", cfg[i].v->name);
            clu_step(step);
            wrong += check(&L, &cfg[i], exact);
        }
    }
    // end snippet check-all
    if (clu_on_oclgrind(&L.env)) printf("not timed: Oclgrind simulates the device\n");
    const size_t timed = wrong || clu_on_oclgrind(&L.env) ? 0 : n; /* time only what is right, on a device */
    for (size_t i = 0; i < timed; i++) time_config(&L, &cfg[i], step, sizeof step);
    double peak_gflops = 0, copy_gbps = 0;
    if (peak && timed) {
        clu_step("the yardsticks");
        peak_gflops = clu_peak_gflops(&L.env);
        copy_gbps = clu_copy_gbps(&L.env, (size_t)64 << 20);
        printf("yardsticks: FMA peak %.1f GFLOP/s, float4 copy %.1f GB/s\n", peak_gflops, copy_gbps);
    }
    report(&L, cfg, timed, tune ? "tune" : chosen < 0 ? "all" : "one", peak_gflops, copy_gbps);

    for (size_t i = 0; i < n; i++) clReleaseKernel(cfg[i].kernel), clReleaseProgram(cfg[i].prog);
    for (int a = 0; a < 3; a++) tuning_free_floats(&L.env, a == 0 ? L.h_A : a == 1 ? L.h_B : L.h_C, L.pin[a]);
    free(L.h_BT);
    freivalds_free(&L.f);
    clu_teardown(&L.env);
    return clu_exit_status(wrong);
}
