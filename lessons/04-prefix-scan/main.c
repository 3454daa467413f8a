/* Lesson 04 -- prefix scan: B[i] = A[0] + ... + A[i] (inclusive) or
 * A[0] + ... + A[i-1] (exclusive), from one work-group to memory speed.
 *
 * Teaches, one variant each (-o): Hillis-Steele in one work-group with double
 * buffering; Blelloch's up-sweep and down-sweep; Blelloch with padding
 * against local-memory bank conflicts; a multi-block scan for any n (scan
 * tiles, scan their totals recursively, add them back); the up-sweep as a
 * reduction; reduce-then-scan; a single pass with decoupled look-back. The
 * tuned single passes (onepass, fallback, cpu-chunks: the defaults where
 * they are fastest) keep their device switches in fast-paths.c. A scan of
 * many launches is a list of steps, built once, run to check it and run
 * again to time it. The host flow of lesson 01 is one call each into common/.
 * Kernel files: kernels/04-prefix-scan.cl, kernels/04-prefix-scan-fast.cl,
 *   kernels/04-prefix-scan-onepass.cl, kernels/04-prefix-scan-cpu.cl
 * APIs introduced: __local arrays and barrier(), atomic_inc / atomic_xchg /
 * atomic_or on global memory, -D build options that size local arrays,
 * CL_KERNEL_WORK_GROUP_SIZE and CL_KERNEL_LOCAL_MEM_SIZE, CL_DEVICE_EXTENSIONS.
 */
#include "clu.h"
#include "fast-paths.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the C reference ---------------------------------------------------- */

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

// snippet: reference
/* The same loop in double for floats, with mag[i], the root of the sum of
 * A[j]^2 over the terms of B[i], for the error bound; for ints in unsigned arithmetic,
 * which wraps exactly as the device does and is never undefined. */
static void reference(const void *in, int is_int, size_t n, int exclusive, double *ref,
                      double *mag, int *iref)
{
    double s = 0.0, m = 0.0;
    unsigned u = 0;
    for (size_t i = 0; i < n; i++) {
        if (is_int) {
            unsigned next = u + (unsigned)((const int *)in)[i];
            iref[i] = (int)(exclusive ? u : next);
            u = next;
        } else {
            double a = ((const float *)in)[i];
            ref[i] = exclusive ? s : s + a;
            mag[i] = sqrt(exclusive ? m : m + a * a);
            s += a;
            m += a * a;
        }
    }
}
// end snippet reference

/* ---- the variants ---------------------------------------------------------- */

#define BLOCK "04-prefix-scan.cl"
#define FAST "04-prefix-scan-fast.cl"
#define MAXSTEPS 80

// snippet: plans
/* A scan is a list of launches (a multi-block scan needs several) and the
 * buffers they use, built once, run to check it, run again to time it.
 * Every buffer has a guard zone past its end, checked after each run. */
typedef struct { cl_kernel k; size_t groups; const char *what; int after_clear; } step;
typedef struct { cl_mem mem; size_t bytes; const char *what; } buffer;
typedef struct {
    clu_env *env;
    cl_program block, fast, own; /* own: a tuned pass's build (its shape) */
    size_t n, wg, items, esize, guard;
    int exclusive, is_int, t_set, v_set; /* t_set, v_set: -t, -v given */
    char defs[96];                       /* -D options besides the shape */
    buffer in, out, bufs[MAXSTEPS];
    cl_mem result; /* out, or the total for the reduction */
    step steps[MAXSTEPS];
    int nsteps, nbufs;
} scan;
// end snippet plans

typedef struct variant variant;
typedef const char *plan_fn(scan *s, const variant *v); /* why it cannot run here, or NULL */
static plan_fn plan_multiblock, plan_reduce, plan_reduce_then_scan, plan_lookback, plan_tuned;

// snippet: variants
struct variant {
    const char *name, *why;
    const char *kernel, *file; /* what scans (or sums) a tile; NULL: the C loop */
    plan_fn *plan;             /* puts the variant's launches in order */
    size_t per_item;           /* values per work-item in a tile; 0: -v of them */
    int one_group, total_only; /* scans one tile at most; computes the total only */
    int bank_model, fallbacks; /* prints the bank model; counts its fallbacks */
};

static const variant variants[] = {
    {.name = "serial", .why = "the C loop on the host, in float: the baseline"},
    {.name = "hillis-steele", .why = "one work-group: log2(WG) steps of WG additions, double buffered",
     .kernel = "scan_hillis_steele", .file = BLOCK, .plan = plan_multiblock, .per_item = 1, .one_group = 1},
    {.name = "blelloch", .why = "one work-group: up-sweep and down-sweep, 2(m-1) additions for m = 2 WG values",
     .kernel = "scan_blelloch", .file = BLOCK, .plan = plan_multiblock, .per_item = 2, .one_group = 1,
     .bank_model = 1},
    {.name = "blelloch-pad", .why = "the same, one word of padding per 32 against bank conflicts",
     .kernel = "scan_blelloch_pad", .file = BLOCK, .plan = plan_multiblock, .per_item = 2, .one_group = 1,
     .bank_model = 1},
    {.name = "multiblock-hs", .why = "any n: Hillis-Steele tiles, their totals scanned recursively and added back",
     .kernel = "scan_hillis_steele", .file = BLOCK, .plan = plan_multiblock, .per_item = 1},
    {.name = "multiblock-blelloch", .why = "any n: the same with Blelloch tiles",
     .kernel = "scan_blelloch", .file = BLOCK, .plan = plan_multiblock, .per_item = 2},
    {.name = "multiblock", .why = "any n: the same with padded Blelloch tiles (4n values of traffic)",
     .kernel = "scan_blelloch_pad", .file = BLOCK, .plan = plan_multiblock, .per_item = 2},
    {.name = "reduce", .why = "the up-sweep alone: the total of n values, each read once (1n)",
     .kernel = "reduce_tiles", .file = FAST, .plan = plan_reduce, .total_only = 1},
    {.name = "reduce-then-scan",
     .why = "tile totals, their scan, then each tile scanned again from its total (3n)",
     .kernel = "scan_tiles", .file = FAST, .plan = plan_reduce_then_scan},
    {.name = "lookback", .why = "one pass (2n): each tile adds its predecessors' published totals",
     .kernel = "scan_lookback", .file = FAST, .plan = plan_lookback},
    {.name = "onepass", .why = "the pass tuned, and a group tired of waiting sums the silent tile itself",
     .kernel = "scan_onepass", .file = "04-prefix-scan-onepass.cl", .plan = plan_tuned, .fallbacks = 1},
    {.name = "fallback", .why = "the same with tiles numbered by group id, no ticket: fewer atomics",
     .kernel = "scan_fallback", .file = "04-prefix-scan-onepass.cl", .plan = plan_tuned, .fallbacks = 1},
    {.name = "cpu-chunks", .why = "one work-item per chunk of 32768 values: sum, look back, scan again from cache",
     .kernel = "scan_cpu", .file = "04-prefix-scan-cpu.cl", .plan = plan_tuned, .fallbacks = 1},
};
// end snippet variants
enum { NVARIANTS = sizeof variants / sizeof variants[0] };

static size_t tile_of(const scan *s, const variant *v)
{
    return s->wg * (v->per_item ? v->per_item : s->items);
}

/* Why variant v cannot run with these options, or NULL (the tuned passes
 * add theirs in fast-paths.c). */
static const char *why_not(const scan *s, const variant *v)
{
    static char why[160];
    if (!v->plan) return s->is_int ? "the serial baseline scans floats" : NULL;
    if (tile_of(s, v) < 2) return "tiles of one value never get shorter: use -t 2 or more";
    if (s->items > 64 && !fast_is_tuned(v->name)) return "at most 64 values per work-item (-v) in a tile";
    if (v->one_group && s->n > tile_of(s, v))
        return snprintf(why, sizeof why, "it scans within one work-group: n must be at most %zu with "
                        "-t %zu (use -o multiblock for more)", tile_of(s, v), s->wg), why;
    return NULL;
}

/* A kernel for the next launch, its buffers and then its 32-bit numbers as
 * arguments; refused (exit 2) if the work-group or its local arrays do not
 * fit this device. */
static void add_step(scan *s, cl_program p, const char *name, size_t groups, const char *what, int nmem,
                     const cl_mem *mem, int nnum, const cl_uint *num)
{
    if (s->nsteps == MAXSTEPS) clu_die("too many launches in one scan");
    cl_kernel k = clu_kernel(p, name);
    for (int i = 0; i < nmem; i++) CLU_CHECK(clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &mem[i]));
    for (int i = 0; i < nnum; i++) CLU_CHECK(clSetKernelArg(k, (cl_uint)(nmem + i), sizeof(cl_uint), &num[i]));
    clu_check_wgsize(s->env, k, s->wg);
    s->steps[s->nsteps++] = (step){.k = k, .groups = groups, .what = what};
}

/* A buffer of `bytes` and a guard zone after it. */
static cl_mem add_buffer(scan *s, size_t bytes, const char *what)
{
    cl_mem m = clu_buffer(s->env, CL_MEM_READ_WRITE, bytes + s->guard, NULL, what);
    s->bufs[s->nbufs++] = (buffer){.mem = m, .bytes = bytes, .what = what};
    return m;
}

// snippet: multiblock
/* Scan n values of `in` into `out` (the two may be the same buffer): scan
 * each tile, then scan the tiles' totals, exclusively, with this same
 * function, and add to every tile the total of the tiles before it. */
static void multiblock(scan *s, const char *kernel, size_t tile, cl_mem in, cl_mem out, size_t n,
                       int exclusive)
{
    size_t tiles = (n + tile - 1) / tile;
    cl_mem sums = add_buffer(s, tiles * s->esize, "the tile totals");
    add_step(s, s->block, kernel, tiles, in == out ? "scan tile totals" : "scan tiles", 3,
             (cl_mem[]){in, out, sums}, 2, (cl_uint[]){(cl_uint)n, (cl_uint)exclusive});
    if (tiles == 1) return;
    multiblock(s, kernel, tile, sums, sums, tiles, 1);
    add_step(s, s->block, "add_block_sums", tiles, "add tile totals", 2, (cl_mem[]){out, sums}, 2,
             (cl_uint[]){(cl_uint)n, (cl_uint)tile});
}
// end snippet multiblock

static const char *plan_multiblock(scan *s, const variant *v)
{
    multiblock(s, v->kernel, tile_of(s, v), s->in.mem, s->out.mem, s->n, s->exclusive);
    return NULL;
}

// snippet: reduce
/* The up-sweep alone: totals of tiles, then totals of those, down to one. */
static const char *plan_reduce(scan *s, const variant *v)
{
    cl_mem src = s->in.mem;
    for (size_t n = s->n, tiles = 0; tiles != 1; n = tiles) {
        tiles = (n + tile_of(s, v) - 1) / tile_of(s, v);
        cl_mem sums = add_buffer(s, tiles * s->esize, "the tile totals");
        add_step(s, s->fast, v->kernel, tiles, src == s->in.mem ? "reduce tiles" : "reduce totals", 2,
                 (cl_mem[]){src, sums}, 1, (cl_uint[]){(cl_uint)n});
        s->result = src = sums;
    }
    return NULL;
}
// end snippet reduce

// snippet: reduce-then-scan
/* Reduce-then-scan: read the input once to get the tile totals, scan the
 * totals (few: n / tile), read the input again to scan each tile from its
 * starting total. 3n values of traffic. */
static const char *plan_reduce_then_scan(scan *s, const variant *v)
{
    size_t tiles = (s->n + tile_of(s, v) - 1) / tile_of(s, v);
    cl_mem sums = add_buffer(s, tiles * s->esize, "the tile totals");
    add_step(s, s->fast, "reduce_tiles", tiles, "reduce tiles", 2, (cl_mem[]){s->in.mem, sums}, 1,
             (cl_uint[]){(cl_uint)s->n});
    multiblock(s, "scan_blelloch_pad", 2 * s->wg, sums, sums, tiles, 1);
    add_step(s, s->fast, v->kernel, tiles, "rescan tiles from totals", 3, (cl_mem[]){s->in.mem, s->out.mem, sums},
             2, (cl_uint[]){(cl_uint)s->n, (cl_uint)s->exclusive});
    return NULL;
}
// end snippet reduce-then-scan

// snippet: lookback-host
/* The single pass: clear the `head` counters and the statuses (`words`
 * words of `size` bytes per tile), then one launch. */
static void single_pass(scan *s, cl_program p, const variant *v, const char *clear, size_t head, size_t words,
                        size_t size)
{
    size_t tiles = (s->n + tile_of(s, v) - 1) / tile_of(s, v);
    cl_uint count = (cl_uint)(head + words * tiles);
    cl_mem status = add_buffer(s, count * size, "the tile statuses");
    add_step(s, p, clear, (count + s->wg - 1) / s->wg, "clear statuses", 1, &status, 1, &count);
    add_step(s, p, v->kernel, tiles, "scan in one pass", 3, (cl_mem[]){s->in.mem, s->out.mem, status}, 2,
             (cl_uint[]){(cl_uint)s->n, (cl_uint)s->exclusive});
    s->steps[s->nsteps - 1].after_clear = 1;
}

static const char *plan_lookback(scan *s, const variant *v)
{
    single_pass(s, s->fast, v, "clear_status", 1, 2, sizeof(cl_uint)); /* the ticket; two 32-bit words a tile */
    return NULL;
}
// end snippet lookback-host

// snippet: onepass-host
/* The tuned passes: their own shape and device switches (fast-paths.c); the
 * ticket, the count of fallbacks, then one 64-bit status per tile. */
static const char *plan_tuned(scan *s, const variant *v)
{
    char defs[128];
    const char *why = NULL;
    size_t wg, items;
    fast_shape(v->name, &wg, &items);
    s->wg = s->t_set ? s->wg : wg, s->items = s->v_set ? s->items : items;
    if ((why = fast_why_not(s->env, v->name, s->wg, s->items))) return why;
    snprintf(defs, sizeof defs, "%s %s", s->defs, fast_device_defs(s->env));
    fast_build(s->env, &v->file, &s->own, 1, defs, &s->wg, &s->items, s->t_set, s->v_set);
    if ((why = fast_why_not(s->env, v->name, s->wg, s->items))) return why; /* the device's shape */
    single_pass(s, s->own, v, "clear_status64", 2, 1, sizeof(cl_ulong));
    return NULL;
}
// end snippet onepass-host

/* ---- run and verify ------------------------------------------------------- */

/* Marks: a NaN for "never written" in every buffer before a run, and in
 * its guard zone a tiny number that any addition to it changes. */
#define UNWRITTEN 0x7fc00000u
#define GUARD 0x0badf00du

/* Mark every buffer (the output and the plan's own), run the launches in
 * order, then check that each guard zone still holds its marks: a write
 * past the end is a wrong result, with the place. Written, not filled:
 * Oclgrind counts filled memory as uninitialized even after a kernel wrote it. */
static size_t run_steps(scan *s)
{
    size_t bad = 0, most = s->out.bytes;
    for (int i = 0; i < s->nbufs; i++) most = s->bufs[i].bytes > most ? s->bufs[i].bytes : most;
    uint32_t *h = clu_malloc(most + s->guard, "the marks");
    for (int i = -1; i < s->nbufs; i++) {
        const buffer *b = i < 0 ? &s->out : &s->bufs[i];
        for (size_t w = 0; w < (b->bytes + s->guard) / 4; w++) h[w] = w < b->bytes / 4 ? UNWRITTEN : GUARD;
        CLU_CHECK(clEnqueueWriteBuffer(s->env->queue, b->mem, CL_TRUE, 0, b->bytes + s->guard, h, 0, NULL, NULL));
    }
    for (int i = 0; i < s->nsteps; i++) {
        size_t global = s->steps[i].groups * s->wg;
        CLU_CHECK(clEnqueueNDRangeKernel(s->env->queue, s->steps[i].k, 1, NULL, &global, &s->wg, 0, NULL, NULL));
    }
    CLU_CHECK(clFinish(s->env->queue)); /* a kernel that faulted is reported here */
    for (int i = -1; i < s->nbufs; i++) {
        const buffer *b = i < 0 ? &s->out : &s->bufs[i];
        CLU_CHECK(clEnqueueReadBuffer(s->env->queue, b->mem, CL_TRUE, b->bytes, s->guard, h, 0, NULL, NULL));
        for (size_t w = 0; w < s->guard / 4; w++)
            if (h[w] != GUARD && !bad++)
                printf("FAILED: a kernel wrote past the end of %s (%zu bytes): at byte %zu after it\n", b->what,
                       b->bytes, 4 * w);
    }
    free(h);
    return bad;
}

/* What status[1] holds after a tuned pass: how many tiles a waiting group
 * summed itself because their owner had not published yet. */
static unsigned long long fallbacks(scan *s)
{
    cl_ulong head[2] = {0, 0};
    clu_read(s->env, s->bufs[s->nbufs - 1].mem, sizeof head, head);
    return (unsigned long long)head[1];
}

// snippet: check
/* Run variant v once on whole numbers (every result must be exact) or on
 * random values (floats within the realistic bound, ints exact); return how
 * many results are wrong. Halves +-1/2..4 (half of them x.5): the partial
 * sums are random walks, about sqrt(5.4 n) in size: 1.1e5 at n = 2^31, far
 * below 2^23, so every float sum is exact, a missing term always shows, and
 * so does a scan that keeps only whole numbers. The ints are twice those
 * halves. Random floats: their total is kept away from 0. */
static size_t check(scan *s, const variant *v, int exact, void *h_in, void *h_out, double *ref,
                    double *mag, int *iref)
{
    size_t n = s->n, nout = v->total_only ? 1 : n, wrong = 0;
    float *f = h_in;
    if (exact) {
        clu_fill_halves(f, n, 4, 4);
        for (size_t i = 0; s->is_int && i < n; i++) { /* twice the same halves, as ints */
            int x = (int)(2.0f * f[i]);
            memcpy((char *)h_in + i * sizeof x, &x, sizeof x);
        }
    } else if (s->is_int) clu_fill_random_int(h_in, n, 5, -1000, 1000);
    else clu_fill_random(f, n, 5, -1.0f, 1.0f), clu_move_sum_off_zero(f, n);
    reference(h_in, s->is_int, n, s->exclusive && !v->total_only, ref, mag, iref);

    if (v->plan) {
        CLU_CHECK(clEnqueueWriteBuffer(s->env->queue, s->in.mem, CL_TRUE, 0, n * s->esize, h_in, 0, NULL, NULL));
        wrong = run_steps(s); /* an output it never writes stays NaN, and fails */
        clu_read(s->env, s->result, nout * s->esize, h_out);
        if (v->fallbacks) printf("%s: %llu fallbacks (tiles summed by a waiting group)\n", v->name, fallbacks(s));
    } else scan_serial(h_in, h_out, n, s->exclusive);

    char what[64];
    snprintf(what, sizeof what, "%s%s%s", v->name, v->total_only ? " total" : "", exact ? " (whole numbers)" : "");
    size_t last = n - nout; /* the total is the last inclusive sum */
    if (s->is_int) return wrong + clu_verify_int(what, h_out, iref + last, nout);
    return wrong + clu_verify(what, h_out, ref + last, exact ? NULL : mag + last, nout, n);
}
// end snippet check

/* ---- time ------------------------------------------------------------------- */

// snippet: time
/* Each launch of the scan, best of `reps` with clu_run_best; the scan's time
 * is their sum. A look-back launch needs cleared statuses, so it is timed
 * one run at a time, each after a clear. The serial loop: host clock. */
static double time_variant(scan *s, const variant *v, size_t reps, void *h_in, void *h_out,
                           double *stage_ms)
{
    double total = 0.0;
    /* Three untimed runs first: on a GPU left idle during the host's checks
     * the first launches run slower (on the H200, without them, the best of
     * five timed runs was 0.86-0.87 of the copy kernel, against 0.93-0.94). */
    for (int r = 0; r < 3 * !!v->plan; r++)
        for (int i = 0; i < s->nsteps; i++) {
            size_t global = s->steps[i].groups * s->wg;
            CLU_CHECK(clEnqueueNDRangeKernel(s->env->queue, s->steps[i].k, 1, NULL, &global, &s->wg, 0, NULL,
                                             NULL));
        }
    CLU_CHECK(clFinish(s->env->queue));
    for (size_t r = 0; !v->plan && r < reps; r++) {
        double t0 = clu_now();
        scan_serial(h_in, h_out, s->n, s->exclusive);
        total = r == 0 ? (clu_now() - t0) * 1e3 : fmin(total, (clu_now() - t0) * 1e3);
    }
    for (int i = 0; i < s->nsteps; i++) {
        step *st = &s->steps[i];
        size_t global = st->groups * s->wg, clear = st->after_clear ? st[-1].groups * s->wg : 0;
        if (!st->after_clear) stage_ms[i] = clu_run_best(s->env, st->k, 1, &global, &s->wg, reps);
        else for (size_t r = 0; r < reps; r++) {
            clu_run_best(s->env, st[-1].k, 1, &clear, &s->wg, 1);
            double ms = clu_run_best(s->env, st->k, 1, &global, &s->wg, 1);
            stage_ms[i] = r == 0 ? ms : fmin(ms, stage_ms[i]);
        }
        total += stage_ms[i];
    }
    return total;
}
// end snippet time

/* ---- report ----------------------------------------------------------------- */

static void report(scan *s, const variant *v, const char *type, size_t reps, double ms,
                   const double *stage_ms, double copy, int is_default)
{
    double slowest = 0.0, gbps = (v->total_only ? 1.0 : 2.0) * (double)(s->n * s->esize) / ms * 1e-6;
    printf("%-19s %10.4f ms (best of %zu%s): %8.2f GB/s", v->name, ms, reps,
           v->plan ? " per launch" : " on the host", gbps);
    if (copy > 0) printf(", %.1f%% of the copy kernel", 100.0 * gbps / copy);
    printf("%s\n", is_default ? " (this device's default)" : "");
    for (int i = 0; i < s->nsteps; i++) {
        if (s->nsteps > 1) printf("  %-24s %10.4f ms\n", s->steps[i].what, stage_ms[i]);
        slowest = fmax(slowest, stage_ms[i]);
    }
    printf("result: variant=%s type=%s scan=%s n=%zu wg=%zu items=%zu tile=%zu ms=%.5f gbps=%.3f "
           "launches=%d slowest_ms=%.5f", v->name, type, v->total_only ? "total" : s->exclusive ?
           "exclusive" : "inclusive", s->n, s->wg, s->items, v->plan ? tile_of(s, v) : s->n, ms, gbps,
           s->nsteps, slowest);
    if (copy > 0) printf(" copy_gbps=%.3f pct_copy=%.2f", copy, 100.0 * gbps / copy);
    if (v->fallbacks) printf(" fallbacks=%llu", fallbacks(s)); /* in the last timed run */
    printf(" timer=%s default=%d\n", !v->plan || s->env->host_timer ? "host" : "events", is_default);
}

/* ---- main ------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    size_t n = 1 << 20, wg = 0, items = 0, reps = 5, spin = 0; /* 0: not given */
    int chosen = -1, excl_flag = 0, incl_flag = 0;
    const char *type_s = "float", *test_s = "off";
    // snippet: options
    const clu_option opts[] = {
        {.flag = "-o", .metavar = "VARIANT", .help = "the scan to run", .kind = CLU_OPT_VARIANT, .dest = &chosen,
         .table = variants, .count = NVARIANTS, .stride = sizeof variants[0]},
        {.flag = "-n", .metavar = "N", .help = "number of values to scan", .kind = CLU_OPT_SIZE, .dest = &n,
         .min = 1, .max = (size_t)1 << 31},
        {.flag = "-T", .metavar = "TYPE", .help = "float or int", .kind = CLU_OPT_STRING, .dest = &type_s},
        {.flag = "-i", .help = "inclusive scan: B[i] includes A[i] (the default)", .kind = CLU_OPT_FLAG,
         .dest = &incl_flag},
        {.flag = "-e", .help = "exclusive scan: B[i] = A[0] + ... + A[i-1], B[0] = 0", .kind = CLU_OPT_FLAG,
         .dest = &excl_flag},
        {.flag = "-t", .metavar = "WG", .help = "work-group size, a power of two (0: the most the kernels "
         "allow, up to 256; the tuned passes: their own, fast-paths.c)", .kind = CLU_OPT_SIZE, .dest = &wg, .min = 1,
         .max = 1 << 16},
        {.flag = "-v", .metavar = "ITEMS", .help = "values per work-item of reduce ... fallback (multiple of 4, "
         "at most 64; 0: 16, or what local memory holds), or cpu-chunks' chunk (multiple of 8)",
         .kind = CLU_OPT_SIZE, .dest = &items, .min = 4, .max = 1 << 20},
        {.flag = "-s", .metavar = "POLLS", .help = "polls before fallback or cpu-chunks sums a silent tile "
         "itself (0: the kernel's own)", .kind = CLU_OPT_SIZE, .dest = &spin, .min = 1, .max = 1u << 30},
        {.flag = "--look-back", .metavar = "MODE", .help = "for tests: far (every look-back walks to tile 0) "
         "or fallback (also sums the nearest tile itself)", .kind = CLU_OPT_STRING, .dest = &test_s},
        {.flag = "-r", .metavar = "REPS", .help = "timed runs of each launch; the best counts",
         .kind = CLU_OPT_SIZE, .dest = &reps, .min = 1, .max = 100},
    };
    // end snippet options
    clu_common common;
    clu_parse_args(argc, argv, "lesson 04: prefix scan, from one work-group to memory speed", opts,
                   sizeof opts / sizeof opts[0], &common);
    const int is_int = !strcmp(type_s, "int");
    const int test = !strcmp(test_s, "far") ? 1 : !strcmp(test_s, "fallback") ? 3 : 0;
    if (!is_int && strcmp(type_s, "float")) clu_die("-T %s: the type is float or int", type_s);
    if (!test && strcmp(test_s, "off")) clu_die("--look-back %s: the mode is far or fallback", test_s);
    if (excl_flag && incl_flag) clu_die("-i and -e exclude each other: choose one");
    if (wg & (wg - 1)) clu_die("-t %zu: the work-group size must be a power of two", wg);
    if (items % 4) clu_die("-v %zu: the values per work-item must be a multiple of 4", items);

    clu_env env;
    clu_setup(&env, &common);
    const size_t esize = is_int ? sizeof(int) : sizeof(float), bytes = clu_bytes(n, esize, "the input");
    // snippet: memory-check
    /* Refuse, before allocating, what would not finish in the budget or fit
     * in memory. Time, per variant: its two checks (data, the C reference,
     * the comparison), ~20 steps of serial C a value; its kernels, three
     * passes over the data a run at the copy kernel's speed, and work-group
     * scans whose barriers cost a CPU about 32 steps of the probe's chain a
     * value. With
     * --look-back every tile reads every status before its own: tiles^2
     * reads in the two checks of each of the (at most four) look-back passes.
     * Memory: input, output and reference on the host; input, output, the
     * copy kernel's two, the tile totals (at most n) on the device, with a
     * guard zone of at least the largest tile after each buffer. */
    const size_t runs = chosen < 0 ? NVARIANTS : 1, tile = 2 * (wg ? wg : 256) * (items ? items : 32);
    const size_t guard = clu_bytes(tile > 32768 ? tile : 32768, esize, "a guard zone");
    const double tiles = (double)n / (double)(wg || items ? (wg ? wg : 1) * (items ? items : 16) : 4096);
    const double launches = (double)(runs * (reps + 2));
    clu_check_budget(&env, &common, (clu_work){.fma = 32.0 * n * launches,
                     .bytes = (double)n * (double)esize * 6 * launches +
                              (test ? tiles * tiles * 16 * (double)(runs < 4 ? runs : 4) : 0.0),
                     .host = 20.0 * n * (double)runs},
                     "the checks and runs of these scans");
    clu_check_memory(&env, clu_bytes(n, 2 * esize + (is_int ? sizeof(int) : 2 * sizeof(double)), "the host arrays"),
                     clu_bytes(n, 5 * esize, "the buffers") + 64 * guard);
    clu_check_alloc(&env, bytes + guard, "the output");
    // end snippet memory-check
    scan proto = {.env = &env, .n = n, .wg = wg ? wg : 256, .items = items ? items : 16, .esize = esize,
                  .guard = guard, .exclusive = excl_flag, .is_int = is_int, .t_set = wg != 0, .v_set = items != 0};
    /* The kernels' -D options: the type, the look-back test, the polls. */
    int len = snprintf(proto.defs, sizeof proto.defs, "-DTYPE_INT=%d -DLOOKBACK_TEST=%d", is_int, test);
    if (spin) snprintf(proto.defs + len, sizeof proto.defs - (size_t)len, " -DSPIN_LIMIT=%zu", spin);
    cl_program progs[2] = {NULL, NULL}; /* the kernels every taught variant shares */
    if (chosen < 0 || (variants[chosen].plan && !fast_is_tuned(variants[chosen].name)))
        fast_build(&env, (const char *const[]){BLOCK, FAST}, progs, 2, proto.defs, &proto.wg, &proto.items,
                   proto.t_set, proto.v_set);
    proto.block = progs[0], proto.fast = progs[1];
    proto.in = (buffer){.mem = clu_buffer(&env, CL_MEM_READ_ONLY, bytes, NULL, "the input"), .bytes = bytes,
                        .what = "the input"};
    proto.out = (buffer){.mem = clu_buffer(&env, CL_MEM_READ_WRITE, bytes + guard, NULL, "the output"),
                         .bytes = bytes, .what = "the output"};
    proto.result = proto.out.mem;
    const char *default_why, *default_name = fast_default(&env, &default_why);
    printf("scan:     n = %zu %ss, %s, work-group %zu, %zu values per work-item in the fast tiles\n", n,
           type_s, excl_flag ? "exclusive" : "inclusive", proto.wg, proto.items);
    printf("default:  %s (%s)\n", default_name, default_why);

    /* Every variant's launches first: a variant this device cannot run says
     * why (an explicit -o must run: exit 2); the others run. */
    static scan plans[NVARIANTS];
    int run[NVARIANTS], banks = 0;
    for (int v = 0; v < NVARIANTS; v++) {
        plans[v] = proto;
        const char *why = chosen >= 0 && chosen != v ? "" : why_not(&plans[v], &variants[v]);
        if (!why && variants[v].plan) why = variants[v].plan(&plans[v], &variants[v]);
        if (why && chosen == v) clu_die("-o %s: %s", variants[v].name, why);
        if (why && chosen < 0) printf("%-19s skipped: %s\n", variants[v].name, why);
        run[v] = !why;
        if (run[v] && variants[v].bank_model && !banks++) fast_print_bank_model(proto.wg);
    }

    void *h_in = clu_malloc(bytes, "the input"), *h_out = clu_malloc(bytes, "the output");
    double *ref = is_int ? NULL : clu_malloc(clu_bytes(n, sizeof(double), "ref"), "the reference");
    double *mag = is_int ? NULL : clu_malloc(n * sizeof(double), "the error bounds");
    int *iref = is_int ? clu_malloc(bytes, "the reference") : NULL;
    size_t wrong = 0;
    for (int v = 0; v < NVARIANTS; v++) {
        clu_step(variants[v].name);
        for (int exact = 1; run[v] && exact >= 0; exact--)
            wrong += check(&plans[v], &variants[v], exact, h_in, h_out, ref, mag, iref);
    }

    // snippet: bandwidth
    /* A scan must read n values and write n: 2n values is the least memory
     * traffic any scan can have; the reduction reads n and writes (almost)
     * nothing. The yardstick: a float4 copy of n values, measured now.
     * Nothing is timed after a wrong result, or on a simulator. */
    const int sim = clu_on_oclgrind(&env);
    size_t copy_bytes = clu_round_up(bytes > 4096 ? bytes : 4096, 16);
    double copy = wrong || sim ? 0.0 : clu_copy_gbps(&env, copy_bytes);
    // end snippet bandwidth
    if (sim) printf("time:     not measured: a simulator has no speed to measure\n");
    else if (!wrong) printf("copy:     float4 copy kernel, %zu bytes: %.2f GB/s (read + written)\n", copy_bytes, copy);
    for (int v = 0; v < NVARIANTS && !wrong && !sim; v++) {
        double stage_ms[MAXSTEPS];
        clu_step(variants[v].name);
        if (run[v])
            report(&plans[v], &variants[v], type_s, reps,
                   time_variant(&plans[v], &variants[v], reps, h_in, h_out, stage_ms), stage_ms, copy,
                   !strcmp(variants[v].name, default_name));
    }

    for (int v = 0; v < NVARIANTS; v++) {
        for (int i = 0; i < plans[v].nsteps; i++) clReleaseKernel(plans[v].steps[i].k);
        for (int i = 0; i < plans[v].nbufs; i++) clReleaseMemObject(plans[v].bufs[i].mem);
        if (plans[v].own) clReleaseProgram(plans[v].own);
    }
    clReleaseMemObject(proto.in.mem);
    clReleaseMemObject(proto.out.mem);
    for (int i = 0; i < 2; i++) if (progs[i]) clReleaseProgram(progs[i]);
    clu_teardown(&env);
    free(h_in), free(h_out), free(ref), free(mag), free(iref);
    return clu_exit_status(wrong);
}
