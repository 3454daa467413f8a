/* Lesson 10 -- the matrix product to the limit: lesson 05's register-blocked
 * kernel tuned to the vendor library's speed on a GPU, and kernels shaped
 * for the CPU against OpenBLAS. Teaches: double buffering; tiles per device
 * and --tune; registers and occupancy; CPU kernels (vectors, sums that fit
 * the registers, k in chunks that fit the L1 cache); a limit no query
 * reports; transfers from pageable and pinned memory; cuBLAS, CLBlast and
 * OpenBLAS (make compare-10).
 * Kernel files: kernels/05-matrix-multiplication-reg.cl (vec, fast),
 *               kernels/10-gemm-to-the-limit-cpu.cl (cpu16, cpu, cpu-direct)
 * APIs introduced: CL_MEM_ALLOC_HOST_PTR and clEnqueueMapBuffer (tuning.c).
 * What was measured rather than derived is in tuning.c; Freivalds' check
 * and -c's tiles in common/gemm.c, shared with lesson 05; the options in
 * settings.c, read once. */
#include "clu.h"
#include "gemm.h"
#include "settings.h"
#include "tuning.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the shapes: set here and by -m -n -k (settings.c), read everywhere -- */

/* C (M x N) = A (M x K) · B (K x N), all row-major. */
static size_t M = 1024, N = 1024, K = 1024;

/* ---- the C reference ---------------------------------------------------- */

/* A and B of halves (exact sums) or random floats, and A·(B·r) for Freivalds' check (common/gemm.c). */
static void fill(float *A, float *B, int exact, freivalds *f)
{
    if (exact) {
        clu_fill_halves(A, M * K, 1, 8);
        clu_fill_halves(B, K * N, 2, 8);
    } else {
        clu_fill_random(A, M * K, 1, -1.0f, 1.0f);
        clu_fill_random(B, K * N, 2, -1.0f, 1.0f);
    }
    freivalds_expect(f, A, B);
}

/* A rows x cols host matrix into a prows x pcols device matrix, zeros
 * around it (lesson 05); returns the upload's ms. */
static double upload(clu_env *env, cl_mem d, const float *h, size_t rows, size_t cols, size_t prows, size_t pcols)
{
    float *p = (float *)h;
    if (rows != prows || cols != pcols) {
        p = calloc(prows * pcols, sizeof(float));
        if (!p) clu_die("cannot allocate %zu bytes of host memory", prows * pcols * sizeof(float));
        for (size_t r = 0; r < rows; r++) memcpy(p + r * pcols, h + r * cols, cols * sizeof(float));
    }
    cl_event ev;
    CLU_CHECK(clEnqueueWriteBuffer(env->queue, d, CL_TRUE, 0, prows * pcols * sizeof(float), p, 0, NULL, &ev));
    const double ms = clu_event_ms(ev);
    clReleaseEvent(ev);
    if (p != h) free(p);
    return ms;
}

/* ---- the kernels -------------------------------------------------------- */

/* How a variant splits C: BM x BN per group, TM x TN per work-item; or in
 * groups of one work-item 16 x 16 (ROWS16) or tuning.c's cpu shape. */
typedef enum { REGISTERS, ROWS16, SHAPED } blocking;
enum { VEC, FAST, CPU16, CPU, CPU_DIRECT, NVARIANTS }; /* rows of the table */

// snippet: variants
typedef struct {
    const char *name, *why;
    const char *kernel, *opts; /* function, fixed -D options */
    blocking blocks;
    int tuned; /* tiles and NVIDIA's options tuned per device (tuning.c) */
} variant;

static const variant variants[] = {
    [VEC] = {.name = "vec", .why = "lesson 05's last kernel: 2d with float4 loads", .kernel = "gemm_reg",
             .opts = "-DVEC=1 -DDBUF=0", .blocks = REGISTERS},
    [FAST] = {.name = "fast", .why = "vec, double-buffered, tiles tuned per device", .kernel = "gemm_reg",
              .opts = "-DVEC=1 -DDBUF=1", .blocks = REGISTERS, .tuned = 1},
    [CPU16] = {.name = "cpu16", .why = "16 x 16 per work-item in float16, for CPUs", .kernel = "gemm_cpu16",
               .opts = "-DCPU_ROWS=16", .blocks = ROWS16},
    [CPU] = {.name = "cpu", .why = "4 x 3 vectors of sums, B's slice copied: CPUs", .kernel = "gemm_cpu",
             .opts = "-DCOPY_B=1", .blocks = SHAPED},
    [CPU_DIRECT] = {.name = "cpu-direct", .why = "cpu, B read in place (no copy)", .kernel = "gemm_cpu",
                    .opts = "-DCOPY_B=0", .blocks = SHAPED},
};
// end snippet variants

// snippet: cpu-default
/* The default on this device, printed with why: fast on a GPU; on a CPU
 * device cpu, except where the device stops long loops (Mesa's llvmpipe,
 * rusticl), where cpu is slow (its loops not unrolled, its array of sums
 * most likely not in registers): at 256 x 256 x 256 there cpu ran 0.01
 * GFLOP/s, cpu16 1.6 to 2.1 (results/rusticl/10-loop-limit.txt). */
static int by_device(clu_env *env)
{
    const int v = clu_device_is_gpu(env->device) ? FAST : clu_loop_limit(env) ? CPU16 : CPU;
    printf("variant: %s, the default %s\n", variants[v].name, v == FAST ? "on a GPU" : v == CPU ? "on a CPU device"
           : "on a CPU device that stops long loops, where cpu is slow");
    return v;
}
// end snippet cpu-default

/* One configuration: a variant with its tiles, built, and what it measured. */
typedef struct {
    const variant *v;
    tiles t;
    size_t Mp, Np, Kp, guard, local[2], global[2];
    double intensity; /* FLOP per byte the kernel asks of global memory */
    cl_program prog;
    cl_kernel kernel;
    cl_mem d[3]; /* A, B, C */
    double ms, up_ms, down_ms;
} config;

// snippet: plan
/* c's NDRange: a bm x bn block of C per group, tm x tn per work-item. */
static void plan(config *c)
{
    const int reg = c->v->blocks == REGISTERS, cpu16 = c->v->blocks == ROWS16;
    const size_t bm = cpu16 ? 16 : c->t.bm, bn = cpu16 ? 16 : c->t.bn;
    const size_t tm = reg ? c->t.tm : bm, tn = reg ? c->t.tn : bn;
    c->Mp = clu_round_up(M, bm), c->Np = clu_round_up(N, bn), c->Kp = reg ? clu_round_up(K, c->t.bk) : K;
    c->local[0] = bn / tn, c->local[1] = bm / tm;
    c->global[0] = c->Np / tn, c->global[1] = c->Mp / tm;
    c->guard = bm * c->Np + bn; /* a block written past the end of C lands here */
    c->intensity = 2.0 * bm * bn / (4.0 * (bm + bn));
}
// end snippet plan

/* Build c; NULL if the kernel allows its groups here, else why not. */
static const char *build(clu_env *env, config *c, int given, char *why, size_t len)
{
    char opts[400], tile[100] = "", extra[160];
    if (c->v->blocks == REGISTERS)
        snprintf(tile, sizeof tile, " -DBM=%zu -DBN=%zu -DBK=%zu -DTM=%zu -DTN=%zu", c->t.bm, c->t.bn, c->t.bk,
                 c->t.tm, c->t.tn);
    if (c->v->blocks == SHAPED) tuning_cpu_options(env, c->t, tile, sizeof tile);
    tuning_options(env, c->v->tuned, c->t, extra, sizeof extra); /* NVIDIA's */
    snprintf(opts, sizeof opts, "%s%s%s", c->v->opts, tile, extra);
    c->prog = clu_build(env, c->v->blocks == REGISTERS ? "05-matrix-multiplication-reg.cl"
                                                       : "10-gemm-to-the-limit-cpu.cl", opts);
    c->kernel = clu_kernel(c->prog, c->v->kernel);
    const size_t wg = c->local[0] * c->local[1];
    if (given) clu_check_wgsize(env, c->kernel, wg); /* asked for: refuse with the limits */
    if (!gemm_fits(env, c->kernel, wg, why, len)) return NULL; /* common/gemm.c */
    clReleaseKernel(c->kernel);
    clReleaseProgram(c->prog);
    return why;
}

// snippet: sizes
/* c's tiles: t (-c, or --tune's) as given; else the first of tuning.c's
 * list this kernel allows (printed if not the first), or its cpu shape. */
static const char *choose(clu_env *env, config *c, const tiles *t, int given, char *why, size_t len)
{
    tiles list[8] = {t ? *t : (tiles){0}};
    size_t n = 1;
    tiles_text s;
    if (c->v->blocks == REGISTERS && !t) n = tuning_candidates(env, M, N, list, 8);
    if (c->v->blocks == SHAPED && !t) list[0] = tuning_cpu_tiles(env, M, N, K);
    if (c->v->blocks == SHAPED && tuning_cpu_refused(env, list[0], K, why, len)) {
        if (given) clu_die("-c: %s", why);
        return why;
    }
    if (c->v->blocks == ROWS16 && tuning_cpu16_refused(env, 16, K, why, len)) return why;
    const char *no = NULL;
    for (size_t k = 0; k < n; k++) {
        c->t = list[k];
        if (c->v->blocks == REGISTERS && (no = tiles_refused(env, c->t, why, len)) && given) clu_die("-c: %s", no);
        if (no) continue;
        plan(c);
        if ((no = build(env, c, given, why, len))) continue;
        if (k > 0) printf("%s: tiles %s, the largest this kernel allows here\n", c->v->name, tiles_show(c->t, s));
        return NULL;
    }
    return no;
}
// end snippet sizes

/* ---- run and check ------------------------------------------------------ */

/* c's buffers with A and B as its arguments; C with c->guard more (cpu reads it too). */
static void load(clu_env *env, config *c, const float *A, const float *B)
{
    const size_t floats[3] = {c->Mp * c->Kp, c->Kp * c->Np, c->Mp * c->Np + c->guard};
    const cl_mem_flags flags[3] = {CL_MEM_READ_ONLY, CL_MEM_READ_ONLY,
                                   c->v->blocks == SHAPED ? CL_MEM_READ_WRITE : CL_MEM_WRITE_ONLY};
    for (cl_uint a = 0; a < 3; a++) {
        c->d[a] = clu_buffer(env, flags[a], floats[a] * sizeof(float), NULL, "a matrix");
        CLU_CHECK(clSetKernelArg(c->kernel, a, sizeof(cl_mem), &c->d[a]));
    }
    c->up_ms = upload(env, c->d[0], A, M, K, c->Mp, c->Kp) + upload(env, c->d[1], B, K, N, c->Kp, c->Np);
    const int sizes[3] = {(int)c->Mp, (int)c->Np, (int)c->Kp};
    for (cl_uint a = 0; a < 3; a++) CLU_CHECK(clSetKernelArg(c->kernel, 3 + a, sizeof(int), &sizes[a]));
}

/* Run c once; check all of C and the guard zone after it (lesson 05). */
static size_t check(clu_env *env, config *c, const float *A, const float *B, float *C, const freivalds *f, int exact)
{
    load(env, c, A, B);
    gemm_first_launch(env, c->kernel, c->local); /* PoCL compiles it here (common/gemm.c) */
    const float nan = NAN;
    const size_t floats = c->Mp * c->Np + c->guard;
    CLU_CHECK(clEnqueueFillBuffer(env->queue, c->d[2], &nan, sizeof nan, 0, floats * sizeof(float), 0, NULL, NULL));
    clu_run_best(env, c->kernel, 2, c->global, c->local, 1);
    char what[96];
    snprintf(what, sizeof what, "device C (%s%s)", c->v->name, exact ? ", whole numbers" : "");
    const size_t wrong = gemm_check(env, c->d[2], c->Mp, c->Np, c->guard, f, A, B, C, what, exact, &c->down_ms);
    for (int a = 0; a < 3; a++) clReleaseMemObject(c->d[a]);
    return wrong;
}

/* ---- time and report ---------------------------------------------------- */

/* One result: line per timed configuration, then a table (-o all, --tune)
 * or the kernel's time beside the transfers (one variant). */
static void report(const clu_env *env, const config *cfg, size_t n, const char *mode, size_t reps, int pinned,
                   double peak, double copy)
{
    const double flop = 2.0 * M * N * K;
    const int tune = !strcmp(mode, "tune");
    tiles_text s;
    const config *best = NULL;
    for (const config *c = cfg; c < cfg + n; c++) {
        printf("result: variant=%s mode=%s m=%zu n=%zu k=%zu tiles=%s ms=%.4f gflops=%.2f intensity=%.2f "
               "up_ms=%.4f down_ms=%.4f pinned=%d timer=%s", c->v->name, mode, M, N, K,
               c->v->blocks == ROWS16 ? "-" : tiles_show(c->t, s), c->ms, flop / c->ms * 1e-6, c->intensity,
               c->up_ms, c->down_ms, pinned, env->host_timer ? "host" : "events");
        if (peak > 0) printf(" peak_gflops=%.1f pct_peak=%.2f copy_gbps=%.1f", peak, flop / c->ms * 1e-4 / peak, copy);
        printf("\n");
        if (c->v->tuned && (!best || c->ms < best->ms)) best = c;
    }
    if (n == 1)
        tuning_report_transfers(cfg->v->name, cfg->v->why, M, N, K, reps, cfg->ms, cfg->up_ms, cfg->down_ms, pinned);
    if (n > 1) printf("\n%-10s %-46s %10s %10s %9s%s\n", "variant", tune ? "tiles" : "", "kernel ms", "GFLOP/s",
                      tune ? "x first" : "x vec", peak > 0 ? "   of peak" : "");
    for (const config *c = cfg; c < cfg + n && n > 1; c++) {
        printf("%-10s %-46s %10.3f %10.1f %9.2f", c->v->name, tune ? tiles_show(c->t, s) : c->v->why, c->ms,
               flop / c->ms * 1e-6, cfg->ms / c->ms);
        printf(peak > 0 ? " %8.1f%%\n" : "\n", flop / c->ms * 1e-4 / peak);
    }
    if (tune && best) printf("best: -o fast -c %s at %.1f GFLOP/s\n", tiles_show(best->t, s), flop / best->ms * 1e-6);
}

int main(int argc, char **argv)
{
    clu_common common; /* -p, -d, --budget, ...: what every program understands */
    const settings s = read_settings(argc, argv, &M, &N, &K, (clu_option){CLU_VARIANTS(variants)}, &common);
    clu_env env;
    clu_setup(&env, &common); /* platform, device, context, queue: lesson 01's steps 1-4 */
    const int chosen = s.chosen == BY_DEVICE && !s.tune ? by_device(&env) : s.chosen;

    // snippet: configs
    /* One variant, all, or vec and fast for each shape of the sweep. -c is
     * vec's and fast's, and cpu's when it is the one variant run. */
    config cfg[NVARIANTS * 16];
    size_t n = 0;
    char why[256];
    tiles_text shown;
    clu_step("building the kernels");
    for (size_t i = 0; i < (s.tune ? tuning_sweep_count : 1); i++)
        for (size_t v = 0; v < NVARIANTS; v++) {
            const int reg = variants[v].blocks == REGISTERS;
            if (s.tune ? !reg : chosen >= 0 && (size_t)chosen != v) continue;
            const int mine = s.tiles_given && (reg || chosen >= 0); /* -c is this variant's */
            cfg[n] = (config){.v = &variants[v]};
            const char *no = choose(&env, &cfg[n], s.tune ? &tuning_sweep[i] : mine ? &s.tiles : NULL, mine, why,
                                    sizeof why);
            if (!no) n++;
            else if (s.tune)
                printf("skipped: %s -c %s: %s\n", variants[v].name, tiles_show(tuning_sweep[i], shown), no);
            else if (chosen < 0) printf("skipped: %s: %s\n", variants[v].name, no);
            else clu_die("%s cannot run on this device: %s", variants[v].name, no);
        }
    // end snippet configs
    if (!n && s.tune) /* rusticl: 32 work-items a group, fewer than any shape of the sweep has */
        clu_die("no shape of --tune's sweep fits this device (each is skipped above, with why); without --tune "
                "the program picks one that does");
    if (!n) clu_die("no variant can run on this device");

    /* Refuse, in one line, a run longer than --budget or buffers that do not fit. */
    gemm_check_budget(&env, &common, M, N, K, n, s.reps);
    size_t device = 0, pad = 0;
    for (const config *c = cfg; c < cfg + n; c++) {
        const size_t a = c->Mp * c->Kp, b = c->Kp * c->Np, d = c->Mp * c->Np + c->guard;
        device = a + b + d > device ? a + b + d : device;
        pad = a > pad ? a : b > pad ? b : d > pad ? d : pad;
    }
    clu_check_memory(&env, 4 * (M * K + K * N + M * N + pad) + freivalds_bytes(M, N, K), 4 * device);
    cl_mem pin[3]; /* --pinned: the buffers behind A, B, C */
    float *A = tuning_host_floats(&env, M * K, s.pinned, &pin[0]);
    float *B = tuning_host_floats(&env, K * N, s.pinned, &pin[1]);
    float *C = tuning_host_floats(&env, M * N, s.pinned, &pin[2]);
    freivalds f;
    freivalds_init(&f, M, N, K);
    printf("sizes: M = %zu, N = %zu, K = %zu; %s host memory\n", M, N, K, s.pinned ? "pinned" : "pageable");

    /* Every configuration is checked twice, whole numbers first, before any is timed. */
    size_t wrong = 0;
    char step[96];
    for (int exact = 1; exact >= 0; exact--) {
        clu_step("the data and Freivalds' products");
        fill(A, B, exact, &f);
        for (size_t i = 0; i < n; i++) {
            snprintf(step, sizeof step, "checking %s", cfg[i].v->name);
            clu_step(step);
            wrong += check(&env, &cfg[i], A, B, C, &f, exact);
        }
    }
    if (clu_on_oclgrind(&env)) printf("not timed: Oclgrind simulates the device\n");
    else if (!s.reps) printf("not timed: -r 0\n");
    const size_t timed = wrong || clu_on_oclgrind(&env) || !s.reps ? 0 : n; /* only what is right, on a device */
    for (size_t i = 0; i < timed; i++) { /* the best of -r runs, on fresh buffers */
        snprintf(step, sizeof step, "timing %s", cfg[i].v->name);
        clu_step(step);
        load(&env, &cfg[i], A, B);
        cfg[i].ms = clu_run_best(&env, cfg[i].kernel, 2, cfg[i].global, cfg[i].local, s.reps);
        for (int a = 0; a < 3; a++) clReleaseMemObject(cfg[i].d[a]);
    }
    double peak_gflops = 0, copy_gbps = 0;
    if (s.peak && timed) {
        clu_step("the yardsticks");
        peak_gflops = clu_peak_gflops(&env);
        copy_gbps = clu_copy_gbps(&env, (size_t)64 << 20);
        printf("yardsticks: FMA peak %.1f GFLOP/s, float4 copy %.1f GB/s\n", peak_gflops, copy_gbps);
    }
    report(&env, cfg, timed, s.tune ? "tune" : chosen < 0 ? "all" : "one", s.reps, s.pinned, peak_gflops, copy_gbps);

    for (size_t i = 0; i < n; i++) clReleaseKernel(cfg[i].kernel), clReleaseProgram(cfg[i].prog);
    tuning_free_floats(&env, A, pin[0]), tuning_free_floats(&env, B, pin[1]), tuning_free_floats(&env, C, pin[2]);
    freivalds_free(&f);
    clu_teardown(&env);
    return clu_exit_status(wrong);
}
