/* Lesson 05 -- the matrix product C = A·B, from the naive kernel to one that
 * keeps the arithmetic units busy.
 *
 * Teaches: coalesced and uncoalesced global reads (measured), tiles in local
 * memory and its bank conflicts (measured, then removed by padding), more
 * work per work-item (1D, then 2D register blocking), 16-byte vector loads,
 * double buffering, tile sizes as compile-time -D options and a small
 * autotuning sweep; the cost of moving the data to the device and back, from
 * pageable or pinned host memory.
 * APIs introduced: clEnqueueReadBufferRect, CL_MEM_ALLOC_HOST_PTR with
 * clEnqueueMapBuffer (pinned host memory), 2D NDRanges and work-groups.
 */
#include "clu.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kernels of the lesson, in teaching order. */
typedef enum { SIMPLE, ROWS, TILED, ONE_D, REG, CPU } kind;
typedef struct {
    const char *name;
    kind kind;
    const char *kernel;
    int transposed_b; /* reads BT (N x K) instead of B */
    const char *opts; /* fixed -D options */
    const char *what;
} variant;

static const variant variants[] = {
    {"naive", SIMPLE, "gemm_naive", 0, "", "one work-item per element of C"},
    {"rows", ROWS, "gemm_rows", 0, "", "naive, neighbours take rows: uncoalesced"},
    {"bt", SIMPLE, "gemm_bt", 1, "", "B transposed (the slides' kernel)"},
    {"tiled", TILED, "gemm_tiled", 1, "-DPAD=0", "local-memory tiles of A and BT"},
    {"tiled-pad", TILED, "gemm_tiled", 1, "-DPAD=1", "the same, tiles padded: no bank conflicts"},
    {"1d", ONE_D, "gemm_1d", 0, "", "WPT elements of a column per work-item"},
    {"2d", REG, "gemm_reg", 0, "-DVEC=0 -DDBUF=0", "TM x TN elements per work-item"},
    {"vec", REG, "gemm_reg", 0, "-DVEC=1 -DDBUF=0", "2d with float4 loads"},
    {"fast", REG, "gemm_reg", 0, "-DVEC=1 -DDBUF=1", "vec, double-buffered, tuned tiles"},
    {"cpu", CPU, "gemm_cpu", 0, "-DCPU_ROWS=16", "16 x 16 per work-item in float16, for CPUs"},
};
#define NVARIANTS (sizeof variants / sizeof variants[0])

/* Tile sizes of the register-blocked kernel: a BM x BN block of C per
 * work-group, BK deep steps, TM x TN elements per work-item. */
typedef struct { int bm, bn, bk, tm, tn; } tiles;

/* The sweep of `-o tune`: a few shapes that fit most devices. */
static const tiles tune_list[] = {
    {128, 128, 8, 8, 8}, {128, 128, 16, 8, 8}, {128, 64, 8, 8, 8}, {128, 64, 16, 8, 8},
    {64, 128, 8, 8, 8},  {64, 64, 8, 8, 8},    {64, 64, 16, 8, 8}, {128, 64, 8, 8, 4},
    {256, 64, 8, 16, 8}, {128, 256, 8, 8, 16}, {64, 64, 8, 4, 4},  {32, 64, 16, 4, 8},
};

typedef struct {
    clu_env env;
    int nvidia;
    size_t M, N, K;
    float *h_A, *h_B, *h_BT, *h_C; /* pageable (malloc) or pinned (mapped) */
    cl_mem pin[3];                  /* the pinned buffers behind h_A, h_B, h_C */
    int pinned;
    size_t reps, ts, wpt;
    /* The reference: S entries of C, computed in double. */
    size_t S, *idx;
    double *ref, *absref;
    float *got;
    double peak, copy; /* yardsticks, 0 when not measured */
} ctx;

typedef struct { double ms, gflops, up_ms, down_ms; int ok; } result;


// snippet: pinned
/* Host memory the device can copy from directly: a buffer made with
 * CL_MEM_ALLOC_HOST_PTR is (on most drivers) page-locked host memory, and
 * mapping it gives us a pointer into it. Pageable memory from malloc must
 * first be copied by the driver into such a staging area. */
static float *host_floats(ctx *c, size_t n, cl_mem *keep)
{
    if (!c->pinned) {
        *keep = NULL;
        return clu_malloc(n * sizeof(float), "host memory");
    }
    cl_int err;
    *keep = clCreateBuffer(c->env.context, CL_MEM_ALLOC_HOST_PTR, n * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(CL_MEM_ALLOC_HOST_PTR)");
    float *p = clEnqueueMapBuffer(c->env.queue, *keep, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                  n * sizeof(float), 0, NULL, NULL, &err);
    CLU_CHECK_ERR(err, "clEnqueueMapBuffer");
    return p;
}
// end snippet pinned

static void host_free(ctx *c, float *p, cl_mem keep)
{
    if (!keep) {
        free(p);
        return;
    }
    CLU_CHECK(clEnqueueUnmapMemObject(c->env.queue, keep, p, 0, NULL, NULL));
    CLU_CHECK(clFinish(c->env.queue));
    clReleaseMemObject(keep);
}

// snippet: reference
/* The reference, in double: every entry of C for small products, else a
 * seeded random sample of S entries (and the two corners), so that checking
 * an 8192^3 product takes a fraction of a second. absref is the sum of the
 * terms' magnitudes, |A|·|B|, that the error bound scales with. */
static void make_reference(ctx *c)
{
    const size_t M = c->M, N = c->N, K = c->K;
    const int full = (double)M * N * K <= (double)(1 << 27);
    c->S = full ? M * N : 4096;
    c->idx = clu_malloc(c->S * sizeof *c->idx, "host memory");
    c->ref = clu_malloc(c->S * sizeof *c->ref, "host memory");
    c->absref = clu_malloc(c->S * sizeof *c->absref, "host memory");
    c->got = clu_malloc(c->S * sizeof *c->got, "host memory");
    uint64_t s = 12345;
    for (size_t e = 0; e < c->S; e++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        c->idx[e] = full ? e : e == 0 ? 0 : e == 1 ? M * N - 1 : (size_t)(s >> 20) % (M * N);
    }
    if (full) { /* row by row, reading B along its rows */
        for (size_t i = 0; i < M; i++) {
            double *r = c->ref + i * N, *a = c->absref + i * N;
            for (size_t j = 0; j < N; j++) r[j] = a[j] = 0.0;
            for (size_t k = 0; k < K; k++) {
                const double x = c->h_A[i * K + k];
                const float *b = c->h_B + k * N;
                for (size_t j = 0; j < N; j++) {
                    r[j] += x * b[j];
                    a[j] += fabs(x * b[j]);
                }
            }
        }
        return;
    }
    for (size_t e = 0; e < c->S; e++) {
        const size_t i = c->idx[e] / N, j = c->idx[e] % N;
        double r = 0.0, a = 0.0;
        for (size_t k = 0; k < K; k++) {
            const double t = (double)c->h_A[i * K + k] * c->h_B[k * N + j];
            r += t;
            a += fabs(t);
        }
        c->ref[e] = r;
        c->absref[e] = a;
    }
}
// end snippet reference

static cl_mem device_buffer(ctx *c, size_t floats, cl_mem_flags flags, const char *what)
{
    size_t max = clu_device_ulong(c->env.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    if (floats * sizeof(float) > max)
        clu_die("%s needs %zu bytes, more than the device allows in one buffer (%zu)", what,
                floats * sizeof(float), max);
    cl_int err;
    cl_mem m = clCreateBuffer(c->env.context, flags, floats * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, what);
    return m;
}

// snippet: upload-padded
/* Upload a rows x cols host matrix into a device matrix of prows x pcols
 * (the sizes rounded up to the tiles), zeros around it. Without padding it
 * is one plain write; with padding the host first lays the rows out at the
 * longer stride. Returns the upload's ms. */
static double upload(ctx *c, cl_mem d, const float *h, size_t rows, size_t cols, size_t prows,
                     size_t pcols)
{
    float *p = (float *)h;
    if (rows != prows || cols != pcols) {
        p = calloc(prows * pcols, sizeof(float));
        if (!p) clu_die("cannot allocate %zu bytes of host memory", prows * pcols * sizeof(float));
        for (size_t r = 0; r < rows; r++) memcpy(p + r * pcols, h + r * cols, cols * sizeof(float));
    }
    cl_event ev;
    CLU_CHECK(clEnqueueWriteBuffer(c->env.queue, d, CL_TRUE, 0, prows * pcols * sizeof(float), p, 0,
                                   NULL, &ev));
    double ms = clu_event_ms(ev);
    clReleaseEvent(ev);
    if (p != h) free(p);
    return ms;
}
// end snippet upload-padded

/* Read back the rows x cols result from a device matrix whose rows are
 * pcols floats long: a rectangular read skips the padding of each row. */
static double download(ctx *c, cl_mem d, float *h, size_t rows, size_t cols, size_t pcols)
{
    cl_event ev;
    if (cols == pcols) {
        CLU_CHECK(clEnqueueReadBuffer(c->env.queue, d, CL_TRUE, 0, rows * cols * sizeof(float), h, 0,
                                      NULL, &ev));
    } else {
        const size_t origin[3] = {0, 0, 0}, region[3] = {cols * sizeof(float), rows, 1};
        CLU_CHECK(clEnqueueReadBufferRect(c->env.queue, d, CL_TRUE, origin, origin, region,
                                          pcols * sizeof(float), 0, cols * sizeof(float), 0, h, 0,
                                          NULL, &ev));
    }
    double ms = clu_event_ms(ev);
    clReleaseEvent(ev);
    return ms;
}

static int reg_tiles_ok(const ctx *c, tiles t, char *why, size_t whylen)
{
    if (t.tm % 4 || t.tn % 4 || t.bk % 4 || t.bm % t.tm || t.bn % t.tn) {
        snprintf(why, whylen, "TM, TN and BK must be multiples of 4, BM of TM and BN of TN");
        return 0;
    }
    size_t nt = (size_t)(t.bm / t.tm) * (size_t)(t.bn / t.tn);
    size_t wg_max = clu_device_size(c->env.device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    size_t local = 2 * (size_t)t.bk * ((size_t)t.bm + 4 + (size_t)t.bn) * sizeof(float);
    size_t local_max = clu_device_ulong(c->env.device, CL_DEVICE_LOCAL_MEM_SIZE);
    if (nt > wg_max) {
        snprintf(why, whylen, "%zu work-items per group, the device allows %zu", nt, wg_max);
        return 0;
    }
    if (local > local_max) {
        snprintf(why, whylen, "%zu bytes of local memory, the device has %zu", local, local_max);
        return 0;
    }
    return 1;
}

/* Build, upload, run `reps` times, download, verify one variant. */
static result run_variant(ctx *c, const variant *v, tiles t, int quiet)
{
    const size_t M = c->M, N = c->N, K = c->K;
    result res = {0, 0, 0, 0, 0};
    /* Padded sizes: only the register-blocked kernel needs them. */
    size_t Mp = M, Np = N, Kp = K;
    if (v->kind == CPU) {
        Mp = clu_round_up(M, 16);
        Np = clu_round_up(N, 16);
    } else if (v->kind == REG) {
        Mp = clu_round_up(M, (size_t)t.bm);
        Np = clu_round_up(N, (size_t)t.bn);
        Kp = clu_round_up(K, (size_t)t.bk);
    }
    char opts[256];
    if (v->kind == REG || v->kind == CPU)
        snprintf(opts, sizeof opts, "%s -DBM=%d -DBN=%d -DBK=%d -DTM=%d -DTN=%d%s", v->opts, t.bm,
                 t.bn, t.bk, t.tm, t.tn,
                 !c->nvidia ? "" : c->env.build_log ? " -DUNROLL_K=1 -cl-nv-verbose" : " -DUNROLL_K=1");
    else
        snprintf(opts, sizeof opts, "%s -DTS=%zu -DWPT=%zu%s", v->opts, c->ts, c->wpt,
                 c->nvidia && c->env.build_log ? " -cl-nv-verbose" : "");
    cl_program prog = clu_build(&c->env, v->kind >= REG ? "05-matrix-multiplication-reg.cl" : "05-matrix-multiplication.cl", opts);
    cl_kernel k = clu_kernel(prog, v->kernel);

    // snippet: ndrange
    /* Dimension 0 runs along the columns of C (along the rows for `rows`). */
    size_t local[2], global[2];
    if (v->kind == REG) {
        local[0] = (size_t)(t.bn / t.tn), local[1] = (size_t)(t.bm / t.tm);
        global[0] = Np / (size_t)t.bn * local[0], global[1] = Mp / (size_t)t.bm * local[1];
    } else if (v->kind == CPU) {
        local[0] = local[1] = 1; /* each work-item is a task for a CPU thread */
        global[0] = Np / 16, global[1] = Mp / 16;
    } else if (v->kind == ONE_D) {
        local[0] = c->ts, local[1] = c->ts / c->wpt;
        global[0] = clu_round_up(N, c->ts), global[1] = clu_round_up(M, c->ts) / c->wpt;
    } else {
        const size_t d0 = v->kind == ROWS ? M : N, d1 = v->kind == ROWS ? N : M;
        local[0] = local[1] = c->ts;
        global[0] = clu_round_up(d0, c->ts), global[1] = clu_round_up(d1, c->ts);
    }
    // end snippet ndrange
    if (quiet) { /* tuning: a group too large for this build is skipped, not fatal */
        size_t kmax = 0;
        CLU_CHECK(clGetKernelWorkGroupInfo(k, c->env.device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax,
                                           &kmax, NULL));
        if (local[0] * local[1] > kmax) {
            res.ok = -1;
            clReleaseKernel(k);
            clReleaseProgram(prog);
            return res;
        }
    }
    clu_check_wgsize(&c->env, k, local[0] * local[1]);

    cl_mem d_A = device_buffer(c, Mp * Kp, CL_MEM_READ_ONLY, "clCreateBuffer(A)");
    cl_mem d_B = device_buffer(c, Kp * Np, CL_MEM_READ_ONLY, "clCreateBuffer(B)");
    cl_mem d_C = device_buffer(c, Mp * Np, CL_MEM_WRITE_ONLY, "clCreateBuffer(C)");
    res.up_ms = upload(c, d_A, c->h_A, M, K, Mp, Kp);
    res.up_ms += v->transposed_b ? upload(c, d_B, c->h_BT, N, K, N, K)
                                 : upload(c, d_B, c->h_B, K, N, Kp, Np);

    const int Ma = (int)Mp, Na = (int)Np, Ka = (int)Kp;
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_A, &d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_B, &d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_C, &d_C));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof Ma, &Ma));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof Na, &Na));
    CLU_CHECK(clSetKernelArg(k, 5, sizeof Ka, &Ka));

    /* A first run to warm up, then the best of `reps`. */
    double best = 1e30;
    for (size_t r = 0; r <= c->reps; r++) {
        cl_event ev;
        CLU_CHECK(clEnqueueNDRangeKernel(c->env.queue, k, 2, NULL, global, local, 0, NULL, &ev));
        double ms = clu_event_ms(ev);
        clReleaseEvent(ev);
        if (r > 0 && ms < best) best = ms;
    }
    memset(c->h_C, 0xff, M * N * sizeof(float)); /* NaN: unwritten entries fail */
    res.down_ms = download(c, d_C, c->h_C, M, N, Np);
    res.ms = best;
    res.gflops = 2.0 * (double)M * (double)N * (double)K / best * 1e-6;

    for (size_t e = 0; e < c->S; e++) c->got[e] = c->h_C[c->idx[e]];
    char what[64];
    snprintf(what, sizeof what, "device C (%s%s)", v->name,
             c->S < M * N ? ", a random sample" : "");
    if (quiet) { /* tuning: only say something when it is wrong */
        size_t bad = 0;
        for (size_t e = 0; e < c->S; e++) {
            double bound = (double)(K + 1) / 16777216.0 * c->absref[e] + 1e-30;
            if (!(fabs((double)c->got[e] - c->ref[e]) <= bound)) bad++;
        }
        if (bad) fprintf(stderr, "error: %zu of %zu values of %s are wrong\n", bad, c->S, what);
        res.ok = bad == 0;
    } else {
        res.ok = clu_verify_sum(what, c->got, c->ref, c->absref, c->S, K) == 0;
    }
    if (!quiet)
        printf("result: %s M=%zu N=%zu K=%zu ms=%.4f gflops=%.2f up_ms=%.3f down_ms=%.3f %s\n", v->name,
           M, N, K, res.ms, res.gflops, res.up_ms, res.down_ms, res.ok ? "ok" : "WRONG");
    clReleaseMemObject(d_A);
    clReleaseMemObject(d_B);
    clReleaseMemObject(d_C);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return res;
}

static tiles parse_tiles(const char *s)
{
    tiles t;
    char end;
    if (sscanf(s, "%dx%dx%dx%dx%d%c", &t.bm, &t.bn, &t.bk, &t.tm, &t.tn, &end) != 5 || t.bm < 4 ||
        t.bn < 4 || t.bk < 4 || t.tm < 4 || t.tn < 4 || t.bm > 1024 || t.bn > 1024 || t.bk > 256 ||
        t.tm > 32 || t.tn > 32)
        clu_die("-c %s: expected BMxBNxBKxTMxTN, e.g. 128x128x8x8x8 (each 4..1024, TM, TN <= 32)", s);
    return t;
}

static void print_tiles(char *buf, size_t len, tiles t)
{
    snprintf(buf, len, "%dx%dx%dx%dx%d", t.bm, t.bn, t.bk, t.tm, t.tn);
}

static const variant *find_variant(const char *name)
{
    for (size_t i = 0; i < NVARIANTS; i++)
        if (strcmp(variants[i].name, name) == 0) return &variants[i];
    return NULL;
}

int main(int argc, char **argv)
{
    size_t M = 1024, N = 1024, K = 1024, reps = 3, ts = 16, wpt = 8;
    const char *opt_variant = "fast", *opt_tiles = NULL;
    int pinned = 0, peak = 0;
    const clu_option opts[] = {
        {"-m", "M", "rows of A and C", CLU_OPT_SIZE, &M, 1, 16384},
        {"-n", "N", "columns of B and C", CLU_OPT_SIZE, &N, 1, 16384},
        {"-k", "K", "columns of A, rows of B (terms in each sum)", CLU_OPT_SIZE, &K, 1, 16384},
        {"-o", "VARIANT", "naive rows bt tiled tiled-pad 1d 2d vec fast, or all, or tune",
         CLU_OPT_STRING, &opt_variant, 0, 0},
        {"-t", "TS", "tile side of naive..1d (work-group TS x TS)", CLU_OPT_SIZE, &ts, 1, 64},
        {"-w", "WPT", "elements per work-item in 1d (divides TS)", CLU_OPT_SIZE, &wpt, 1, 64},
        {"-c", "TILES", "BMxBNxBKxTMxTN of 2d, vec, fast (default by device)", CLU_OPT_STRING,
         &opt_tiles, 0, 0},
        {"-r", "REPS", "timed runs of each kernel (the best is kept)", CLU_OPT_SIZE, &reps, 1, 1000},
        {"--pinned", NULL, "host arrays in pinned memory (CL_MEM_ALLOC_HOST_PTR, mapped)",
         CLU_OPT_FLAG, &pinned, 0, 0},
        {"--peak", NULL, "also measure the FMA peak and copy bandwidth", CLU_OPT_FLAG, &peak, 0, 0},
    };
    clu_common common;
    clu_parse_args(argc, argv, "lesson 05: the matrix product C = A*B, naive to register-blocked",
                   opts, sizeof opts / sizeof opts[0], &common);
    const int all = strcmp(opt_variant, "all") == 0, tune = strcmp(opt_variant, "tune") == 0;
    const variant *one = find_variant(opt_variant);
    if (!one && !all && !tune)
        clu_die("-o %s: no such variant; choose naive rows bt tiled tiled-pad 1d 2d vec fast all tune",
                opt_variant);
    if ((all || (one && one->kind == ONE_D)) && ts % wpt)
        clu_die("-w %zu must divide the tile side -t %zu", wpt, ts);
    tiles t = opt_tiles ? parse_tiles(opt_tiles) : (tiles){128, 64, 8, 8, 8}; /* GPU: -o tune */

    ctx c;
    memset(&c, 0, sizeof c);
    c.M = M, c.N = N, c.K = K, c.reps = reps, c.ts = ts, c.wpt = wpt, c.pinned = pinned;
    clu_setup(&c.env, &common);
    char *pname = NULL;
    size_t plen = 0;
    CLU_CHECK(clGetPlatformInfo(c.env.platform, CL_PLATFORM_NAME, 0, NULL, &plen));
    pname = clu_malloc(plen + 1, "host memory");
    CLU_CHECK(clGetPlatformInfo(c.env.platform, CL_PLATFORM_NAME, plen, pname, NULL));
    c.nvidia = strstr(pname, "NVIDIA") != NULL;
    free(pname);
    if (!opt_tiles && !clu_device_is_gpu(c.env.device))
        t = (tiles){32, 64, 16, 4, 8}; /* the CPU's choice of -o tune */
    char why[160];
    if ((tune || all || (one && one->kind == REG)) && !opt_tiles && !reg_tiles_ok(&c, t, why, sizeof why))
        t = (tiles){32, 32, 8, 4, 4};
    if (opt_tiles && !reg_tiles_ok(&c, t, why, sizeof why))
        clu_die("-c %s: %s", opt_tiles, why);

    c.h_A = host_floats(&c, M * K, &c.pin[0]);
    c.h_B = host_floats(&c, K * N, &c.pin[1]);
    c.h_C = host_floats(&c, M * N, &c.pin[2]);
    clu_fill_random(c.h_A, M * K, 1, -1.0f, 1.0f);
    clu_fill_random(c.h_B, K * N, 2, -1.0f, 1.0f);
    c.h_BT = clu_malloc(N * K * sizeof(float), "host memory");
    for (size_t k = 0; k < K; k++)
        for (size_t j = 0; j < N; j++) c.h_BT[j * K + k] = c.h_B[k * N + j];
    make_reference(&c);
    if (peak) {
        c.peak = clu_peak_gflops(&c.env);
        c.copy = clu_copy_gbps(&c.env, (size_t)64 << 20);
        printf("yardsticks: FMA peak %.1f GFLOP/s, float4 copy %.1f GB/s\n", c.peak, c.copy);
    }
    char tbuf[64];
    print_tiles(tbuf, sizeof tbuf, t);
    printf("sizes: M = %zu, N = %zu, K = %zu; tiles: -t %zu -w %zu -c %s; %s host memory\n", M, N,
           K, ts, wpt, tbuf, pinned ? "pinned" : "pageable");

    int bad = 0;
    if (tune) {
        // snippet: tune
        /* Each entry is a different program: the tile sizes are compile-time
         * constants, so the compiler can unroll and keep acc[][] in registers. */
        tiles best_t = t;
        double best = 0.0;
        printf("%-18s %12s %12s\n", "BMxBNxBKxTMxTN", "vec GFLOP/s", "fast GFLOP/s");
        for (size_t i = 0; i < sizeof tune_list / sizeof tune_list[0]; i++) {
            print_tiles(tbuf, sizeof tbuf, tune_list[i]);
            if (!reg_tiles_ok(&c, tune_list[i], why, sizeof why)) {
                printf("%-18s skipped: %s\n", tbuf, why);
                continue;
            }
            printf("%-18s", tbuf);
            for (int f = 0; f < 2; f++) { /* without, then with double buffering */
                result r = run_variant(&c, find_variant(f ? "fast" : "vec"), tune_list[i], 1);
                if (r.ok < 0) {
                    printf(" %12s", "too large");
                    continue;
                }
                printf(" %12.1f%s", r.gflops, r.ok ? "" : " WRONG");
                bad |= !r.ok;
                if (f && r.ok && r.gflops > best) best = r.gflops, best_t = tune_list[i];
            }
            printf("\n");
        }
        print_tiles(tbuf, sizeof tbuf, best_t);
        printf("best: -o fast -c %s at %.1f GFLOP/s\n", tbuf, best);
        // end snippet tune
    } else if (all) {
        result r[NVARIANTS];
        for (size_t i = 0; i < NVARIANTS; i++) {
            r[i] = run_variant(&c, &variants[i], t, 0);
            bad |= !r[i].ok;
        }
        printf("\n%-10s %-44s %10s %10s %9s", "variant", "", "kernel ms", "GFLOP/s", "x naive");
        printf(c.peak > 0 ? " %9s\n" : "\n", "of peak");
        for (size_t i = 0; i < NVARIANTS; i++) {
            printf("%-10s %-44s %10.3f %10.1f %9.2f", variants[i].name, variants[i].what, r[i].ms,
                   r[i].gflops, r[0].ms / r[i].ms);
            if (c.peak > 0) printf(" %8.1f%%", 100.0 * r[i].gflops / c.peak);
            printf("\n");
        }
    } else {
        result r = run_variant(&c, one, t, 0);
        bad = !r.ok;
        // snippet: transfer-report
        const double bytes_up = (double)(M * K + K * N) * sizeof(float);
        const double bytes_down = (double)(M * N) * sizeof(float);
        const double total = r.up_ms + r.ms + r.down_ms;
        printf("%s: %s\n", one->name, one->what);
        printf("kernel:   %10.3f ms  %9.1f GFLOP/s (best of %zu)\n", r.ms, r.gflops, reps);
        printf("upload:   %10.3f ms  %9.2f GB/s   A and B from %s host memory\n", r.up_ms,
               bytes_up / r.up_ms * 1e-6, pinned ? "pinned" : "pageable");
        printf("download: %10.3f ms  %9.2f GB/s   C\n", r.down_ms, bytes_down / r.down_ms * 1e-6);
        printf("offload:  %10.3f ms  %9.1f GFLOP/s counting the transfers (%.0f%% of the time moving data)\n",
               total, 2.0 * (double)M * N * K / total * 1e-6, 100.0 * (r.up_ms + r.down_ms) / total);
        // end snippet transfer-report
        if (c.peak > 0) printf("of peak:  %.1f%% of %.1f GFLOP/s\n", 100.0 * r.gflops / c.peak, c.peak);
    }

    host_free(&c, c.h_A, c.pin[0]);
    host_free(&c, c.h_B, c.pin[1]);
    host_free(&c, c.h_C, c.pin[2]);
    free(c.h_BT);
    free(c.idx);
    free(c.ref);
    free(c.absref);
    free(c.got);
    clu_teardown(&c.env);
    return bad ? 1 : 0;
}
