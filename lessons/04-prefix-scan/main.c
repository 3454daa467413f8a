/* Lesson 04 -- prefix scan: B[i] = A[0] + ... + A[i] (inclusive) or
 * A[0] + ... + A[i-1] (exclusive), inside one work-group and then for any n.
 *
 * Teaches, one variant each (-o): the serial scan; Hillis-Steele and
 * Blelloch in one work-group; Blelloch padded against bank conflicts (and
 * a model of them, bank-model.c); a multi-block scan for any n; the
 * up-sweep as a reduction; reduce-then-scan. Speeds are ratios to a copy
 * kernel of the same run. A scan is a list of launches (common/launches.c),
 * built once, run to check it and again to time it. Lesson 09 goes on to
 * a single pass. The options: settings.c, read once.
 * Kernel files: kernels/04-prefix-scan.cl, kernels/04-prefix-scan-fast.cl
 *   (with kernels/04-prefix-scan-tiles.h, the helpers of a tile)
 * APIs introduced: __local arrays and barrier(), -D build options that size
 * local arrays, CL_KERNEL_WORK_GROUP_SIZE and CL_KERNEL_LOCAL_MEM_SIZE.
 */
#include "clu.h"
#include "bank-model.h"
#include "settings.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the fixed shapes ------------------------------------------------------- */

// snippet: shapes
/* The default length; the shape the kernels are built for first: WG
 * work-items, of ITEMS values each in reduce's and reduce-then-scan's tiles.
 * -t and -v change them; where the device allows less, it halves them
 * (and the program prints the change, with why). */
enum { N_DEFAULT = 1 << 20, WG = 256, ITEMS = 16 };
// end snippet shapes

/* ---- the C reference -------------------------------------------------------- */

// snippet: serial-reference
/* The serial scan: one pass, one addition per value. */
static void scan_serial(const float *a, float *b, size_t n, int exclusive)
{
    float sum = 0.0f;
    for (size_t i = 0; i < n; i++) {
        float next = sum + a[i];
        b[i] = exclusive ? sum : next;
        sum = next;
    }
}
// end snippet serial-reference
/* The check's reference, in double with each sum's error bound (ints: in
 * unsigned arithmetic), is clu_scan_reference in common/scan.c. */

/* ---- the kernels: each variant's launches ----------------------------------- */

// snippet: multiblock
/* Scan n values of `in` into `out` (the two may be the same buffer): scan
 * each tile, then scan the tiles' totals, exclusively, with this same
 * function, and add to every tile the total of the tiles before it. */
static void multiblock(clu_launches *l, cl_program p, const char *kernel, size_t tile, cl_mem in, cl_mem out,
                       size_t n, size_t esize, int exclusive)
{
    size_t tiles = (n + tile - 1) / tile;
    cl_mem sums = clu_launch_buffer(l, tiles * esize, "the tile totals");
    clu_launch_add(l, p, kernel, tiles, in == out ? "scan tile totals" : "scan tiles", 3,
                   (cl_mem[]){in, out, sums}, 2, (cl_uint[]){(cl_uint)n, (cl_uint)exclusive});
    if (tiles == 1) return;
    multiblock(l, p, kernel, tile, sums, sums, tiles, esize, 1);
    clu_launch_add(l, p, "add_block_sums", tiles, "add tile totals", 2, (cl_mem[]){out, sums}, 2,
                   (cl_uint[]){(cl_uint)n, (cl_uint)tile});
}
// end snippet multiblock

// snippet: plans
/* A scan: its launches and buffers (each with a guard zone), what they read. */
typedef struct {
    clu_launches run;
    cl_program block, fast; /* kernels/04-prefix-scan.cl, kernels/04-prefix-scan-fast.cl */
    size_t n, items, esize; /* values; values per work-item in a fast tile; bytes a value */
    int exclusive, is_int;
    cl_mem in, out, result; /* result: out, or the total for the reduction */
} scan;
// end snippet plans

typedef struct variant variant;
typedef void plan_fn(scan *s, const variant *v);
static plan_fn plan_multiblock, plan_reduce, plan_reduce_then_scan;

// snippet: variants
struct variant {
    const char *name, *why;
    const char *kernel; /* what scans (or sums) a tile; NULL: the C loop */
    plan_fn *plan;      /* puts the variant's launches in order */
    size_t per_item;    /* values per work-item in a tile; 0: -v of them (the fast tiles) */
    int one_group;      /* scans one tile at most */
};

static const variant variants[] = {
    {.name = "serial", .why = "the C loop on the host, in float: the baseline"},
    {.name = "hillis-steele", .why = "one work-group: log2(WG) steps of WG additions, double buffered",
     .kernel = "scan_hillis_steele", .plan = plan_multiblock, .per_item = 1, .one_group = 1},
    {.name = "blelloch", .why = "one work-group: up-sweep and down-sweep, 2(m-1) additions for m = 2 WG values",
     .kernel = "scan_blelloch", .plan = plan_multiblock, .per_item = 2, .one_group = 1},
    {.name = "blelloch-pad", .why = "the same, one word of padding per 32 against bank conflicts",
     .kernel = "scan_blelloch_pad", .plan = plan_multiblock, .per_item = 2, .one_group = 1},
    {.name = "multiblock-hs", .why = "any n: Hillis-Steele tiles, their totals scanned recursively and added back",
     .kernel = "scan_hillis_steele", .plan = plan_multiblock, .per_item = 1},
    {.name = "multiblock-blelloch", .why = "any n: the same with Blelloch tiles",
     .kernel = "scan_blelloch", .plan = plan_multiblock, .per_item = 2},
    {.name = "multiblock", .why = "any n: the same with padded Blelloch tiles (4n values of traffic)",
     .kernel = "scan_blelloch_pad", .plan = plan_multiblock, .per_item = 2},
    {.name = "reduce", .why = "the up-sweep alone: the total of n values, each read once (1n)",
     .kernel = "reduce_tiles", .plan = plan_reduce},
    {.name = "reduce-then-scan",
     .why = "tile totals, their scan, then each tile scanned again from its total (3n)",
     .kernel = "scan_tiles", .plan = plan_reduce_then_scan},
};
// end snippet variants
enum { NVARIANTS = sizeof variants / sizeof variants[0] };

static size_t tile_of(const scan *s, const variant *v)
{
    return s->run.wg * (v->per_item ? v->per_item : s->items);
}

static void plan_multiblock(scan *s, const variant *v)
{
    multiblock(&s->run, s->block, v->kernel, tile_of(s, v), s->in, s->out, s->n, s->esize, s->exclusive);
}

// snippet: reduce
/* The up-sweep alone: totals of tiles, then totals of those, down to one. */
static void plan_reduce(scan *s, const variant *v)
{
    cl_mem src = s->in;
    for (size_t n = s->n, tiles = 0; tiles != 1; n = tiles) {
        tiles = (n + tile_of(s, v) - 1) / tile_of(s, v);
        cl_mem sums = clu_launch_buffer(&s->run, tiles * s->esize, "the tile totals");
        clu_launch_add(&s->run, s->fast, v->kernel, tiles, src == s->in ? "reduce tiles" : "reduce totals", 2,
                       (cl_mem[]){src, sums}, 1, (cl_uint[]){(cl_uint)n});
        s->result = src = sums;
    }
}
// end snippet reduce

// snippet: reduce-then-scan
/* Reduce-then-scan: the tile totals (reading the input), their scan (few:
 * n / tile), each tile scanned again from its starting total. 3n values. */
static void plan_reduce_then_scan(scan *s, const variant *v)
{
    size_t tiles = (s->n + tile_of(s, v) - 1) / tile_of(s, v);
    cl_mem sums = clu_launch_buffer(&s->run, tiles * s->esize, "the tile totals");
    clu_launch_add(&s->run, s->fast, "reduce_tiles", tiles, "reduce tiles", 2, (cl_mem[]){s->in, sums}, 1,
                   (cl_uint[]){(cl_uint)s->n});
    multiblock(&s->run, s->block, "scan_blelloch_pad", 2 * s->run.wg, sums, sums, tiles, s->esize, 1);
    clu_launch_add(&s->run, s->fast, v->kernel, tiles, "rescan tiles from totals", 3,
                   (cl_mem[]){s->in, s->out, sums}, 2, (cl_uint[]){(cl_uint)s->n, (cl_uint)s->exclusive});
}
// end snippet reduce-then-scan

static const char *why_not(const scan *s, const variant *v)
{
    static char why[160];
    if (!v->plan) return s->is_int ? "the serial baseline scans floats" : NULL;
    if (tile_of(s, v) < 2) return "tiles of one value never get shorter: use -t 2 or more";
    snprintf(why, sizeof why, "it scans within one work-group: n must be at most %zu with -t %zu (use -o "
             "multiblock for more)", tile_of(s, v), s->run.wg);
    return v->one_group && s->n > tile_of(s, v) ? why : NULL;
}

/* ---- check ---------------------------------------------------------------------- */

// snippet: check
/* Run variant v once on halves +-1/2..4 (partial sums about sqrt(5.4 n),
 * far below 2^23 even at n = 2^31: every float sum exact, a missing term
 * shows; the ints: twice those) or on random values (floats within the
 * realistic bound, their total kept off 0); return how many are wrong. */
static size_t check(scan *s, const variant *v, int exact, void *h_in, void *h_out, double *ref,
                    double *mag, int *iref)
{
    const int total_only = v->plan == plan_reduce;
    size_t n = s->n, nout = total_only ? 1 : n, wrong = 0;
    clu_scan_data(h_in, n, s->is_int, exact);
    clu_scan_reference(h_in, s->is_int, n, s->exclusive && !total_only, ref, mag, iref);

    if (v->plan) {
        CLU_CHECK(clEnqueueWriteBuffer(s->run.env->queue, s->in, CL_TRUE, 0, n * s->esize, h_in, 0, NULL, NULL));
        wrong = clu_launches_run(&s->run); /* an output it never writes stays NaN, and fails */
        clu_read(s->run.env, s->result, nout * s->esize, h_out);
    } else scan_serial(h_in, h_out, n, s->exclusive);
    char what[64];
    snprintf(what, sizeof what, "%s%s%s", v->name, total_only ? " total" : "", exact ? " (whole numbers)" : "");
    size_t last = n - nout; /* the total is the last inclusive sum */
    if (s->is_int) return wrong + clu_verify_int(what, h_out, iref + last, nout);
    return wrong + clu_verify(what, h_out, ref + last, exact ? NULL : mag + last, nout, n);
}
// end snippet check

/* ---- time ------------------------------------------------------------------------ */

// snippet: time
/* Each launch, best of `reps` (clu_run_best); the scan's time is their sum. */
static double time_variant(scan *s, const variant *v, size_t reps, void *h_in, void *h_out, double *stage_ms)
{
    double best = INFINITY;
    for (size_t r = 0; !v->plan && r < reps; r++) {
        double t0 = clu_now();
        scan_serial(h_in, h_out, s->n, s->exclusive);
        best = fmin(best, (clu_now() - t0) * 1e3);
    }
    return v->plan ? clu_launches_time(&s->run, reps, stage_ms) : best;
}
// end snippet time

/* ---- report ------------------------------------------------------------------------ */

static void report(const scan *s, const variant *v, const char *type, size_t reps, double ms, const double *stage_ms,
                   double copy)
{
    const int total_only = v->plan == plan_reduce;
    double slowest = 0.0, gbps = (total_only ? 1.0 : 2.0) * (double)(s->n * s->esize) / ms * 1e-6;
    printf("%-19s %10.4f ms (best of %zu%s): %8.2f GB/s, %.1f%% of the copy kernel\n", v->name, ms, reps,
           v->plan ? " per launch" : " on the host", gbps, 100.0 * gbps / copy);
    for (int i = 0; v->plan && i < s->run.nsteps; i++) {
        if (s->run.nsteps > 1) printf("  %-24s %10.4f ms\n", s->run.steps[i].what, stage_ms[i]);
        slowest = fmax(slowest, stage_ms[i]);
    }
    printf("result: variant=%s type=%s scan=%s n=%zu wg=%zu items=%zu tile=%zu ms=%.5f gbps=%.3f launches=%d "
           "slowest_ms=%.5f", v->name, type, total_only ? "total" : s->exclusive ? "exclusive" : "inclusive", s->n,
           s->run.wg, s->items, v->plan ? tile_of(s, v) : s->n, ms, gbps, s->run.nsteps, v->plan ? slowest : ms);
    printf(" copy_gbps=%.3f pct_copy=%.2f timer=%s\n", copy, 100.0 * gbps / copy,
           !v->plan || s->run.env->host_timer ? "host" : "events");
}

/* ---- main ---------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    clu_common common; /* -p, -d, --budget, ...: what every program understands */
    const settings s = read_settings(argc, argv, N_DEFAULT, (clu_option){CLU_VARIANTS(variants)}, &common);
    clu_env env;
    clu_setup(&env, &common);
    const size_t n = s.n; /* read often below */
    const size_t esize = s.is_int ? sizeof(int) : sizeof(float), bytes = clu_bytes(n, esize, "the input");
    // snippet: memory-check
    /* Refuse, before allocating, what would not finish in the budget or fit
     * in memory. Per variant: two checks, ~20 steps of C a value; six passes
     * over the data a run, and barriers (~32 FMA steps a value on a CPU).
     * Host: input, output, reference; device: input, output, the copy
     * kernel's two, the tile totals, each with a guard zone. */
    const size_t runs = s.chosen < 0 ? NVARIANTS : 1, tile = 2 * (s.t ? s.t : WG) * (s.v ? s.v : 32);
    const size_t guard = clu_bytes(tile > 32768 ? tile : 32768, esize, "a guard zone");
    const double launches = (double)(runs * (s.reps + 2));
    clu_check_budget(&env, &common, (clu_work){.fma = 32.0 * n * launches,
                     .bytes = (double)n * (double)esize * 6 * launches, .host = 20.0 * n * (double)runs},
                     "the checks and runs of these scans");
    clu_check_memory(&env, clu_bytes(n, 2 * esize + (s.is_int ? sizeof(int) : 2 * sizeof(double)), "the host arrays"),
                     clu_bytes(n, 5 * esize, "the buffers") + 64 * guard);
    clu_check_alloc(&env, bytes + guard, "the output");
    // end snippet memory-check
    /* The shape: -t and -v, or the defaults as this device allows them. */
    size_t wg = s.t ? s.t : WG, items = s.v ? s.v : ITEMS;
    cl_program progs[2] = {NULL, NULL};
    if (s.chosen < 0 || variants[s.chosen].plan)
        clu_build_fitted(&env, (const char *const[]){"04-prefix-scan.cl", "04-prefix-scan-fast.cl"}, progs, 2,
                         s.is_int ? "-DTYPE_INT=1" : "-DTYPE_INT=0", &wg, &items, s.t != 0, s.v != 0);
    cl_mem in = clu_buffer(&env, CL_MEM_READ_ONLY, bytes, NULL, "the input");
    cl_mem out = clu_buffer(&env, CL_MEM_READ_WRITE, bytes + guard, NULL, "the output");
    printf("scan:     n = %zu %ss, %s, work-group %zu, %zu values per work-item in the fast tiles\n", n, s.type,
           s.exclusive ? "exclusive" : "inclusive", wg, items);

    /* Every variant's launches first: one that cannot run says why (-o: exit 2). */
    static scan plans[NVARIANTS];
    int run[NVARIANTS];
    for (int i = 0; i < NVARIANTS; i++) {
        plans[i] = (scan){.run = {.env = &env, .wg = wg, .guard = guard}, .block = progs[0], .fast = progs[1],
                          .n = n, .items = items, .esize = esize, .exclusive = s.exclusive, .is_int = s.is_int,
                          .in = in, .out = out, .result = out};
        const char *why = s.chosen >= 0 && s.chosen != i ? "" : why_not(&plans[i], &variants[i]);
        if (why && s.chosen == i) clu_die("-o %s: %s", variants[i].name, why);
        if (why && s.chosen < 0) printf("%-19s skipped: %s\n", variants[i].name, why);
        run[i] = !why;
        if (!run[i] || !variants[i].plan) continue;
        clu_launch_guard(&plans[i].run, out, bytes, "the output");
        variants[i].plan(&plans[i], &variants[i]);
    }
    for (int i = 0, shown = 0; i < NVARIANTS; i++) /* under blelloch or blelloch-pad */
        if (run[i] && variants[i].one_group && variants[i].per_item == 2 && !shown++) print_bank_model(wg);

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

    // snippet: bandwidth
    /* A scan must read n values and write n: 2n values is the least memory
     * traffic any scan can have; the reduction reads n and writes (almost)
     * nothing. The yardstick: a float4 copy of n values, measured now.
     * Nothing is timed after a wrong result, on a simulator, or at -r 0. */
    const char *untimed = clu_on_oclgrind(&env) ? "a simulator has no speed to measure" : s.reps ? NULL : "-r 0";
    size_t copy_bytes = clu_round_up(bytes > 4096 ? bytes : 4096, 16);
    double copy = wrong || untimed ? 0.0 : clu_copy_gbps(&env, copy_bytes);
    // end snippet bandwidth
    if (untimed) printf("time:     not measured: %s\n", untimed);
    else if (!wrong) printf("copy:     float4 copy kernel, %zu bytes: %.2f GB/s (read + written)\n", copy_bytes, copy);
    for (int i = 0; i < NVARIANTS && !wrong && !untimed; i++) {
        double stage_ms[CLU_MAX_LAUNCHES];
        clu_step(variants[i].name);
        if (run[i])
            report(&plans[i], &variants[i], s.type, s.reps,
                   time_variant(&plans[i], &variants[i], s.reps, h_in, h_out, stage_ms), stage_ms, copy);
    }

    for (int i = 0; i < NVARIANTS; i++) clu_launches_release(&plans[i].run);
    clReleaseMemObject(in), clReleaseMemObject(out);
    for (int i = 0; i < 2; i++) if (progs[i]) clReleaseProgram(progs[i]);
    clu_teardown(&env);
    free(h_in), free(h_out), free(ref), free(mag), free(iref);
    return clu_exit_status(wrong);
}
