/* Lesson 09 -- the single-pass scan: B[i] = A[0] + ... + A[i] (inclusive)
 * or A[0] + ... + A[i-1] (exclusive) in ONE launch that reads and writes
 * every value once, at the speed of a copy.
 *
 * Teaches, one variant each (-o): decoupled look-back with 32-bit atomics
 * and a ticket (lookback: assumes a started group keeps running); the pass
 * tuned for GPUs with one 64-bit status per tile and decoupled fallback,
 * numbered by ticket (onepass) or by group id (fallback); the pass shaped
 * for a CPU (cpu-chunks); the default each device gets (devices.c), and
 * tests that force the look-back far back and into its fallback
 * (--look-back). Lesson 04's scans come first; its checks and launch lists
 * are common/ (scan.c, launches.c); the options settings.c, read once.
 * Kernel files: kernels/09-single-pass-scan.cl,
 *   kernels/09-single-pass-scan-onepass.cl, kernels/09-single-pass-scan-cpu.cl
 *   (and lesson 04's tile helpers, kernels/04-prefix-scan-tiles.h)
 * APIs introduced: atomic_inc / atomic_xchg / atomic_or on global memory,
 * 64-bit atomics (cl_khr_int64_base_atomics), CL_DEVICE_EXTENSIONS.
 */
#include "clu.h"
#include "devices.h"
#include "settings.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the fixed shapes ------------------------------------------------------- */

// snippet: shapes
/* The default length, and the shape each pass is built for first: WG
 * work-items of ITEMS values each for lookback; FAST_WG of FAST_ITEMS for
 * onepass and fallback (measured fastest on an H200 at 2^28 floats); one
 * work-item of CHUNK values for cpu-chunks (128 KB of floats: a core's L2).
 * -t and -v change them; where the device allows less, it halves them
 * (and the program prints the change, with why). */
enum { N_DEFAULT = 1 << 20, WG = 256, ITEMS = 16, FAST_WG = 128, FAST_ITEMS = 32, CHUNK = 32768 };
// end snippet shapes

/* ---- the C reference -------------------------------------------------------- */

/* Lesson 04's: clu_scan_reference (common/scan.c) in double, with each
 * sum's error bound (ints: in unsigned arithmetic, as the device wraps). */

/* ---- the kernels: each variant's launches ----------------------------------- */

// snippet: lookback-host
/* One pass over n values in tiles of `tile`: clear the ticket (wide: and
 * the count of fallbacks) and the statuses, two 32-bit words a tile (wide:
 * one 64-bit word), then the scan, timed each run after a clear. */
static void single_pass(clu_launches *l, cl_program p, const char *kernel, int wide, cl_mem in, cl_mem out,
                        size_t n, size_t tile, int exclusive)
{
    const size_t tiles = (n + tile - 1) / tile;
    cl_uint count = (cl_uint)(wide ? 2 + tiles : 1 + 2 * tiles);
    cl_mem status = clu_launch_buffer(l, count * (wide ? 8 : 4), "the tile statuses");
    clu_launch_add(l, p, wide ? "clear_status64" : "clear_status", (count + l->wg - 1) / l->wg,
                   "clear statuses", 1, &status, 1, &count);
    clu_launch_add(l, p, kernel, tiles, "scan in one pass", 3, (cl_mem[]){in, out, status}, 2,
                   (cl_uint[]){(cl_uint)n, (cl_uint)exclusive});
    l->steps[l->nsteps - 1].after_clear = 1;
}
// end snippet lookback-host

// snippet: plans
/* A pass: its launches (a clear, then the scan) and buffers, each with a
 * guard zone (common/launches.c); its own build and shape. */
typedef struct {
    clu_launches run;
    cl_program prog;
    size_t n, items, esize; /* values; values per work-item (cpu-chunks: per chunk); bytes a value */
    int exclusive, is_int;
    cl_mem in, out;
} scan;
// end snippet plans

// snippet: variants
typedef struct {
    const char *name, *why;
    const char *kernel, *file; /* the pass and its kernel file */
    size_t wg, items;          /* the shape it is built for first */
    int wide;                  /* one 64-bit status a tile (and a count of fallbacks); 2: cpu-chunks */
} variant;

static const variant variants[] = {
    {.name = "lookback", .why = "one pass (2n): each tile adds its predecessors' published totals",
     .kernel = "scan_lookback", .file = "09-single-pass-scan.cl", .wg = WG, .items = ITEMS},
    {.name = "onepass", .why = "the pass tuned, and a group tired of waiting sums the silent tile itself",
     .kernel = "scan_onepass", .file = "09-single-pass-scan-onepass.cl", .wg = FAST_WG, .items = FAST_ITEMS,
     .wide = 1},
    {.name = "fallback", .why = "the same with tiles numbered by group id, no ticket: fewer atomics",
     .kernel = "scan_fallback", .file = "09-single-pass-scan-onepass.cl", .wg = FAST_WG, .items = FAST_ITEMS,
     .wide = 1},
    {.name = "cpu-chunks", .why = "one work-item per chunk of 32768 values: sum, look back, scan again from cache",
     .kernel = "scan_cpu", .file = "09-single-pass-scan-cpu.cl", .wg = 1, .items = CHUNK, .wide = 2},
};
// end snippet variants
enum { NVARIANTS = sizeof variants / sizeof variants[0] };

/* Why the pass cannot run with this shape, or NULL. */
static const char *why_not(const scan *s, const variant *v)
{
    if (v->wide) return pass_why_not(s->run.env, v->wide == 2, s->run.wg, s->items);
    return s->items > 64 ? "at most 64 values per work-item (-v) in a tile" : NULL;
}


/* What status[1] holds after a wide pass: how many tiles a waiting group
 * summed itself because their owner had not published yet. */
static unsigned long long fallbacks(scan *s)
{
    cl_ulong head[2] = {0, 0};
    clu_read(s->run.env, s->run.bufs[s->run.nbufs - 1].mem, sizeof head, head);
    return (unsigned long long)head[1];
}

/* ---- check ---------------------------------------------------------------------- */

// snippet: check
/* Run variant v once on halves (every result exact, as in lesson 04) or
 * on random values (floats within the realistic bound); return how many
 * results are wrong, and print how many tiles were summed by a waiter. */
static size_t check(scan *s, const variant *v, int exact, void *h_in, void *h_out, double *ref, double *mag,
                    int *iref)
{
    const size_t n = s->n;
    clu_scan_data(h_in, n, s->is_int, exact);
    clu_scan_reference(h_in, s->is_int, n, s->exclusive, ref, mag, iref);
    CLU_CHECK(clEnqueueWriteBuffer(s->run.env->queue, s->in, CL_TRUE, 0, n * s->esize, h_in, 0, NULL, NULL));
    size_t wrong = clu_launches_run(&s->run); /* an output it never writes stays NaN, and fails */
    clu_read(s->run.env, s->out, n * s->esize, h_out);
    if (v->wide) printf("%s: %llu fallbacks (tiles summed by a waiting group)\n", v->name, fallbacks(s));
    char what[64];
    snprintf(what, sizeof what, "%s%s", v->name, exact ? " (whole numbers)" : "");
    if (s->is_int) return wrong + clu_verify_int(what, h_out, iref, n);
    return wrong + clu_verify(what, h_out, ref, exact ? NULL : mag, n, n);
}
// end snippet check

/* ---- time and report ------------------------------------------------------------- */

// snippet: report
/* The pass's time: its launch, best of `reps`, each run after a clear
 * (clu_launches_time); against the copy kernel of the same run. */
static void report(scan *s, const variant *v, const char *type, size_t reps, double copy, int is_default)
{
    double ms[CLU_MAX_LAUNCHES];
    const double total = clu_launches_time(&s->run, reps, ms), slowest = fmax(ms[0], ms[1]);
    const double gbps = 2.0 * (double)(s->n * s->esize) / total * 1e-6;
    printf("%-19s %10.4f ms (best of %zu per launch): %8.2f GB/s, %.1f%% of the copy kernel%s\n", v->name, total,
           reps, gbps, 100.0 * gbps / copy, is_default ? " (this device's default)" : "");
    for (int i = 0; i < s->run.nsteps; i++) printf("  %-24s %10.4f ms\n", s->run.steps[i].what, ms[i]);
    printf("result: variant=%s type=%s scan=%s n=%zu wg=%zu items=%zu tile=%zu ms=%.5f gbps=%.3f launches=%d "
           "slowest_ms=%.5f copy_gbps=%.3f pct_copy=%.2f", v->name, type, s->exclusive ? "exclusive" : "inclusive",
           s->n, s->run.wg, s->items, s->run.wg * s->items, total, gbps, s->run.nsteps, slowest, copy,
           100.0 * gbps / copy);
    if (v->wide) printf(" fallbacks=%llu", fallbacks(s)); /* in the last timed run */
    printf(" timer=%s default=%d\n", s->run.env->host_timer ? "host" : "events", is_default);
}
// end snippet report

/* ---- main ---------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    clu_common common; /* -p, -d, --budget, ...: what every program understands */
    const settings s = read_settings(argc, argv, N_DEFAULT, (clu_option){CLU_VARIANTS(variants)}, &common);
    clu_env env;
    clu_setup(&env, &common);
    const size_t n = s.n; /* read often below */
    const size_t esize = s.is_int ? sizeof(int) : sizeof(float), bytes = clu_bytes(n, esize, "the input");
    /* Refuse, before allocating, what would not finish in the budget or fit
     * in memory. Per pass: two checks, ~20 steps of C a value; six passes
     * over the data a run. With --look-back every tile reads every status
     * before its own: tiles^2 reads in each check. Host: input, output,
     * reference; device: input, output, the copy kernel's two, the
     * statuses, each with a guard zone of at least the largest tile. */
    const size_t runs = s.chosen < 0 ? NVARIANTS : 1, tile = 2 * (s.t ? s.t : WG) * (s.v ? s.v : 32);
    const size_t guard = clu_bytes(tile > 32768 ? tile : 32768, esize, "a guard zone");
    const double tiles = (double)n / (double)(s.t || s.v ? (s.t ? s.t : 1) * (s.v ? s.v : 16) : 4096);
    const double launches = (double)(runs * (s.reps + 2));
    clu_check_budget(&env, &common, (clu_work){.fma = 32.0 * n * launches,
                     .bytes = (double)n * (double)esize * 6 * launches + (s.test ? tiles * tiles * 16 * runs : 0.0),
                     .host = 20.0 * n * (double)runs}, "the checks and runs of these scans");
    clu_check_memory(&env, clu_bytes(n, 2 * esize + (s.is_int ? sizeof(int) : 2 * sizeof(double)), "the host arrays"),
                     clu_bytes(n, 5 * esize, "the buffers") + 8 * guard);
    clu_check_alloc(&env, bytes + guard, "the output");
    cl_mem in = clu_buffer(&env, CL_MEM_READ_ONLY, bytes, NULL, "the input");
    cl_mem out = clu_buffer(&env, CL_MEM_READ_WRITE, bytes + guard, NULL, "the output");
    const char *default_why, *default_name = pass_default(&env, &default_why);
    printf("scan:     n = %zu %ss, %s\n", n, s.type, s.exclusive ? "exclusive" : "inclusive");
    printf("default:  %s (%s)\n", default_name, default_why);

    /* Every pass built for its shape (-t, -v, or its own as the device
     * allows: a change is printed) and planned first; one that cannot run
     * says why (-o: exit 2). The kernels' -D options: the type, the
     * look-back test, the polls, the device switches. */
    static scan plans[NVARIANTS];
    int run[NVARIANTS];
    for (int i = 0; i < NVARIANTS; i++) {
        const variant *var = &variants[i];
        char defs[160];
        run[i] = 0;
        if (s.chosen >= 0 && s.chosen != i) continue;
        plans[i] = (scan){.run = {.env = &env, .wg = s.t ? s.t : var->wg, .guard = guard}, .n = n,
                          .items = s.v ? s.v : var->items, .esize = esize, .exclusive = s.exclusive, .is_int = s.is_int,
                          .in = in, .out = out};
        int len = snprintf(defs, sizeof defs, "-DTYPE_INT=%d -DLOOKBACK_TEST=%d %s", s.is_int, s.test,
                           var->wide ? pass_device_defs(&env) : "");
        if (s.polls) snprintf(defs + len, sizeof defs - (size_t)len, " -DSPIN_LIMIT=%zu", s.polls);
        const char *why = why_not(&plans[i], var);
        if (!why) clu_build_fitted(&env, &var->file, &plans[i].prog, 1, defs, &plans[i].run.wg, &plans[i].items,
                                   s.t != 0, s.v != 0);
        if (!why && !(why = why_not(&plans[i], var))) { /* the shape the device allows */
            clu_launch_guard(&plans[i].run, out, bytes, "the output");
            single_pass(&plans[i].run, plans[i].prog, var->kernel, var->wide != 0, in, out, n,
                        plans[i].run.wg * plans[i].items, s.exclusive);
        }
        if (why && s.chosen == i) clu_die("-o %s: %s", var->name, why);
        if (why) printf("%-19s skipped: %s\n", var->name, why);
        run[i] = !why;
    }

    void *h_in = clu_malloc(bytes, "the input"), *h_out = clu_malloc(bytes, "the output");
    double *ref = s.is_int ? NULL : clu_malloc(clu_bytes(n, sizeof(double), "ref"), "the reference");
    double *mag = s.is_int ? NULL : clu_malloc(n * sizeof(double), "the error bounds");
    int *iref = s.is_int ? clu_malloc(bytes, "the reference") : NULL;
    size_t wrong = 0;
    for (int i = 0; i < NVARIANTS; i++) {
        clu_step(variants[i].name);
        for (int exact = 1; run[i] && exact >= 0; exact--)
            wrong += check(&plans[i], &variants[i], exact, h_in, h_out, ref, mag, iref);
    }

    /* The yardstick: a float4 copy of n values, measured now. Nothing is
     * timed after a wrong result, on a simulator, or at -r 0. */
    const char *untimed = clu_on_oclgrind(&env) ? "a simulator has no speed to measure" : s.reps ? NULL : "-r 0";
    size_t copy_bytes = clu_round_up(bytes > 4096 ? bytes : 4096, 16);
    double copy = wrong || untimed ? 0.0 : clu_copy_gbps(&env, copy_bytes);
    if (untimed) printf("time:     not measured: %s\n", untimed);
    else if (!wrong) printf("copy:     float4 copy kernel, %zu bytes: %.2f GB/s (read + written)\n", copy_bytes, copy);
    for (int i = 0; i < NVARIANTS && !wrong && !untimed; i++) {
        clu_step(variants[i].name);
        if (run[i]) report(&plans[i], &variants[i], s.type, s.reps, copy, !strcmp(variants[i].name, default_name));
    }

    for (int i = 0; i < NVARIANTS; i++) {
        clu_launches_release(&plans[i].run);
        if (plans[i].prog) clReleaseProgram(plans[i].prog);
    }
    clReleaseMemObject(in), clReleaseMemObject(out);
    clu_teardown(&env);
    free(h_in), free(h_out), free(ref), free(mag), free(iref);
    return clu_exit_status(wrong);
}
