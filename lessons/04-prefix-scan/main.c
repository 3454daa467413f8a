/* Lesson 04 -- prefix scan: B[i] = A[0] + ... + A[i] (inclusive) or
 * A[0] + ... + A[i-1] (exclusive), from one work-group to memory speed.
 *
 * Teaches, one variant each (-o): Hillis-Steele in one work-group with double
 * buffering; Blelloch's up-sweep and down-sweep; Blelloch with padding
 * against local-memory bank conflicts; a multi-block scan for any n (scan
 * tiles, scan their totals recursively, add them back); the up-sweep as a
 * reduction; reduce-then-scan; a single pass with decoupled look-back; the
 * same pass tuned for speed (the default on a GPU), with a fallback that needs
 * no scheduling promise; a chunked pass for CPUs (the default on a CPU). The
 * serial loop is the baseline. A scan of many launches is a list of steps,
 * built once, run to check it and run again to time it.
 * The host flow of lesson 01 is one call each into common/ here.
 * Kernel files: kernels/04-prefix-scan.cl, kernels/04-prefix-scan-fast.cl,
 *   kernels/04-prefix-scan-onepass.cl, kernels/04-prefix-scan-cpu.cl
 * APIs introduced: __local arrays and barrier(), atomic_inc / atomic_xchg /
 * atomic_or on global memory, -D build options that size local arrays,
 * CL_KERNEL_LOCAL_MEM_SIZE (checked by clu_check_wgsize).
 */
#include "clu.h"

#include <limits.h>
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
/* The same loop in double for floats, with mag[i], the sum of |A[j]| over
 * the terms of B[i], for the error bound; for ints in unsigned arithmetic,
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
            mag[i] = exclusive ? m : m + fabs(a);
            s += a;
            m += fabs(a);
        }
    }
}
// end snippet reference

/* ---- the variants ---------------------------------------------------------- */

#define BLOCK "04-prefix-scan.cl"
#define FAST "04-prefix-scan-fast.cl"
#define ONEPASS "04-prefix-scan-onepass.cl"
#define CHUNKS "04-prefix-scan-cpu.cl"
enum { ON_GPU = 1, ON_CPU = 2 }; /* where a variant is the default */
#define MAXSTEPS 80

typedef struct { cl_kernel k; size_t groups; const char *what; int after_clear; } step;

/* One variant's scan: its launches in order and the buffers they use. */
typedef struct {
    clu_env *env;
    cl_program block, fast, own; /* own: a variant's own build (its shape) */
    size_t n, wg, items, esize, spin;
    int exclusive, is_int, nv_ptx;
    cl_mem d_in, d_out, result; /* result: d_out, or the total for reduce */
    cl_mem status;              /* the single passes' tile counter and statuses */
    step steps[MAXSTEPS];
    int nsteps, nbufs;
    cl_mem bufs[MAXSTEPS];
} scan;

typedef struct variant variant;
typedef void plan_fn(scan *s, const variant *v);
static plan_fn plan_multiblock, plan_reduce, plan_reduce_then_scan, plan_lookback, plan_onepass;

// snippet: variants
struct variant {
    const char *name, *why;
    const char *kernel; /* the kernel that scans (or sums) a tile; NULL: the C loop */
    const char *file;
    plan_fn *plan;      /* puts the variant's launches in order */
    size_t per_item;    /* values per work-item in a tile; 0: -v of them */
    int one_group;      /* scans at most one tile (one launch of the multi-block plan) */
    int total_only;     /* computes the total, not the scan */
    int bank_model;     /* print the bank-conflict model of its tile */
    size_t wg, items;   /* its own shape unless -t / -v say otherwise; 0: theirs */
    int default_on;     /* the fast path, run with no flags, on ON_GPU or ON_CPU */
    int fallbacks;      /* counts the tiles it summed for a silent predecessor */
};

static const variant variants[] = {
    {"serial", "the C loop on the host, in float: the baseline", NULL, NULL, NULL, 1, 0, 0, 0},
    {"hillis-steele", "one work-group: log2(WG) steps of WG additions, double buffered",
     "scan_hillis_steele", BLOCK, plan_multiblock, 1, 1, 0, 0},
    {"blelloch", "one work-group: up-sweep and down-sweep, 2(m-1) additions for m = 2 WG values",
     "scan_blelloch", BLOCK, plan_multiblock, 2, 1, 0, 1},
    {"blelloch-pad", "the same, one word of padding per 32 against bank conflicts",
     "scan_blelloch_pad", BLOCK, plan_multiblock, 2, 1, 0, 1},
    {"multiblock-hs", "any n: Hillis-Steele tiles, their totals scanned recursively and added back",
     "scan_hillis_steele", BLOCK, plan_multiblock, 1, 0, 0, 0},
    {"multiblock-blelloch", "any n: the same with Blelloch tiles",
     "scan_blelloch", BLOCK, plan_multiblock, 2, 0, 0, 0},
    {"multiblock", "any n: the same with padded Blelloch tiles (4n values of traffic)",
     "scan_blelloch_pad", BLOCK, plan_multiblock, 2, 0, 0, 0},
    {"reduce", "the up-sweep alone: the total of n values, each read once (1n)",
     "reduce_tiles", FAST, plan_reduce, 0, 0, 1, 0},
    {"reduce-then-scan", "tile totals, their scan, then each tile scanned again from its total (3n)",
     "scan_tiles", FAST, plan_reduce_then_scan, 0, 0, 0, 0},
    {"lookback", "one pass (2n): each tile adds its predecessors' published totals",
     "scan_lookback", FAST, plan_lookback, 0, 0, 0, 0},
    {"onepass", "the same pass tuned: coalesced tiles, one 64-bit status, a warp-wide look-back",
     "scan_onepass", ONEPASS, plan_onepass, 0, 0, 0, 0, 128, 32, ON_GPU, 0},
    {"fallback", "the same, and a group tired of waiting sums the silent tile itself: no scheduling promise",
     "scan_fallback", ONEPASS, plan_onepass, 0, 0, 0, 0, 128, 32, 0, 1},
    {"cpu-chunks", "one work-item per chunk of 32768 values: sum, look back, scan again from cache",
     "scan_cpu", CHUNKS, plan_onepass, 0, 0, 0, 0, 1, 32768, ON_CPU, 0},
};
// end snippet variants
enum { NVARIANTS = sizeof variants / sizeof variants[0] };

static size_t tile_of(const scan *s, const variant *v)
{
    return s->wg * (v->per_item ? v->per_item : s->items);
}

/* Why variant v cannot run with these options, or NULL. */
static const char *why_not(const scan *s, const variant *v, int is_int)
{
    static char why[160];
    if (!v->plan && is_int) return "the serial baseline scans floats";
    if (v->plan && tile_of(s, v) < 2) return "tiles of one value never get shorter: use -t 2 or more";
    if (v->wg == 1 && clu_on_oclgrind(s->env))
        return "Oclgrind 21.10 crashes when it releases this kernel (after computing it right)";
    if (v->wg == 1 && s->wg != 1) return "it runs one work-item per group: leave -t out (or -t 1)";
    if (v->wg == 1 && s->items % 8) return "its chunks are read 8 values at a time: -v must be a multiple of 8";
    if (v->plan && v->wg != 1 && s->items > 64) return "at most 64 values per work-item (-v) in a work-group's tile";
    /* At least 32: NVIDIA's warp instructions need it; PoCL 3.1 crashed
     * inside the kernel with 2 to 16 (Oclgrind ran those cleanly). */
    if (!strcmp(v->file ? v->file : "", ONEPASS) && s->wg < 32)
        return "its work-group must be at least 32 (-t 32 or more)";
    if (v->one_group && s->n > tile_of(s, v))
        return snprintf(why, sizeof why, "it scans within one work-group: n must be at most %zu with "
                        "-t %zu (use -o multiblock for more)", tile_of(s, v), s->wg), why;
    return NULL;
}

/* A kernel for the next launch, its buffers and then its 32-bit numbers as
 * arguments; refused (exit 2) if the work-group or its local arrays do not
 * fit this device. */
static cl_kernel add_step(scan *s, const char *file, const char *name, size_t groups, const char *what,
                          int nmem, const cl_mem *mem, int nnum, const cl_uint *num)
{
    if (s->nsteps == MAXSTEPS) clu_die("too many launches in one scan");
    cl_kernel k = clu_kernel(!strcmp(file, BLOCK) ? s->block : !strcmp(file, FAST) ? s->fast : s->own, name);
    for (int i = 0; i < nmem; i++) CLU_CHECK(clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &mem[i]));
    for (int i = 0; i < nnum; i++) CLU_CHECK(clSetKernelArg(k, (cl_uint)(nmem + i), sizeof(cl_uint), &num[i]));
    clu_check_wgsize(s->env, k, s->wg);
    s->steps[s->nsteps++] = (step){k, groups, what, 0};
    return k;
}

static cl_mem add_buffer(scan *s, size_t count, const char *what)
{
    return s->bufs[s->nbufs++] = clu_buffer(s->env, CL_MEM_READ_WRITE, clu_bytes(count, s->esize, what),
                                            NULL, what);
}

// snippet: multiblock
/* Scan n values of `in` into `out` (the two may be the same buffer): scan
 * each tile, then scan the tiles' totals, exclusively, with this same
 * function, and add to every tile the total of the tiles before it. */
static void multiblock(scan *s, const char *kernel, size_t tile, cl_mem in, cl_mem out, size_t n,
                       int exclusive)
{
    size_t tiles = (n + tile - 1) / tile;
    cl_mem sums = add_buffer(s, tiles, "the tile totals");
    add_step(s, BLOCK, kernel, tiles, in == out ? "scan tile totals" : "scan tiles", 3,
             (cl_mem[]){in, out, sums}, 2, (cl_uint[]){(cl_uint)n, (cl_uint)exclusive});
    if (tiles == 1) return;
    multiblock(s, kernel, tile, sums, sums, tiles, 1);
    add_step(s, BLOCK, "add_block_sums", tiles, "add tile totals", 2, (cl_mem[]){out, sums}, 2,
             (cl_uint[]){(cl_uint)n, (cl_uint)tile});
}
// end snippet multiblock

static void plan_multiblock(scan *s, const variant *v)
{
    multiblock(s, v->kernel, tile_of(s, v), s->d_in, s->d_out, s->n, s->exclusive);
}

// snippet: reduce
/* The up-sweep alone: totals of tiles, then totals of those, down to one. */
static void plan_reduce(scan *s, const variant *v)
{
    cl_mem src = s->d_in;
    for (size_t n = s->n, tiles = 0; tiles != 1; n = tiles) {
        tiles = (n + tile_of(s, v) - 1) / tile_of(s, v);
        cl_mem sums = add_buffer(s, tiles, "the tile totals");
        add_step(s, v->file, v->kernel, tiles, src == s->d_in ? "reduce tiles" : "reduce totals", 2,
                 (cl_mem[]){src, sums}, 1, (cl_uint[]){(cl_uint)n});
        s->result = src = sums;
    }
}
// end snippet reduce

// snippet: reduce-then-scan
/* Reduce-then-scan: read the input once to get the tile totals, scan the
 * totals (few: n / tile), read the input again to scan each tile from its
 * starting total. 3n values of traffic. */
static void plan_reduce_then_scan(scan *s, const variant *v)
{
    size_t tiles = (s->n + tile_of(s, v) - 1) / tile_of(s, v);
    cl_mem sums = add_buffer(s, tiles, "the tile totals");
    add_step(s, FAST, "reduce_tiles", tiles, "reduce tiles", 2, (cl_mem[]){s->d_in, sums}, 1,
             (cl_uint[]){(cl_uint)s->n});
    multiblock(s, "scan_blelloch_pad", 2 * s->wg, sums, sums, tiles, 1);
    add_step(s, v->file, v->kernel, tiles, "rescan tiles from totals", 3, (cl_mem[]){s->d_in, s->d_out, sums},
             2, (cl_uint[]){(cl_uint)s->n, (cl_uint)s->exclusive});
}
// end snippet reduce-then-scan

// snippet: lookback-host
/* The single pass: clear the tile counter and the statuses (two words per
 * tile), then one launch. */
static void plan_lookback(scan *s, const variant *v)
{
    size_t tiles = (s->n + tile_of(s, v) - 1) / tile_of(s, v);
    cl_uint count = (cl_uint)(1 + 2 * tiles);
    cl_mem status = s->bufs[s->nbufs++] =
        clu_buffer(s->env, CL_MEM_READ_WRITE, count * sizeof(cl_uint), NULL, "the tile statuses");
    add_step(s, FAST, "clear_status", (count + s->wg - 1) / s->wg, "clear statuses", 1, &status, 1, &count);
    add_step(s, v->file, v->kernel, tiles, "scan with look-back", 3, (cl_mem[]){s->d_in, s->d_out, status}, 2,
             (cl_uint[]){(cl_uint)s->n, (cl_uint)s->exclusive});
    s->steps[s->nsteps - 1].after_clear = 1;
}
// end snippet lookback-host

// snippet: onepass-host
/* The fast single passes: their own build (shape; on NVIDIA the warp
 * instructions in inline PTX, which other devices would compile into
 * garbage), one 64-bit status per tile after the tile counter, all cleared
 * before each scan, then one launch. */
static void plan_onepass(scan *s, const variant *v)
{
    char defs[160];
    size_t tiles = (s->n + tile_of(s, v) - 1) / tile_of(s, v);
    cl_uint count = (cl_uint)(1 + tiles);
    int len = snprintf(defs, sizeof defs, "-DWG=%zu -DITEMS=%zu -DTYPE_INT=%d -DNV_PTX=%d", s->wg, s->items,
                       s->is_int, s->nv_ptx);
    if (s->spin) snprintf(defs + len, sizeof defs - (size_t)len, " -DSPIN_LIMIT=%zu", s->spin);
    s->own = clu_build(s->env, v->file, defs);
    s->status = s->bufs[s->nbufs++] =
        clu_buffer(s->env, CL_MEM_READ_WRITE, count * sizeof(cl_ulong), NULL, "the tile statuses");
    add_step(s, v->file, "clear_status64", (count + s->wg - 1) / s->wg, "clear statuses", 1, &s->status, 1,
             &count);
    add_step(s, v->file, v->kernel, tiles, "scan in one pass", 3, (cl_mem[]){s->d_in, s->d_out, s->status}, 2,
             (cl_uint[]){(cl_uint)s->n, (cl_uint)s->exclusive});
    s->steps[s->nsteps - 1].after_clear = 1;
}
// end snippet onepass-host

/* What status[0] holds after scan_fallback: how many tiles a waiting group
 * summed itself because their owner had not published yet. */
static unsigned long long fallbacks(const scan *s)
{
    cl_ulong count = 0;
    clu_read(s->env, s->status, sizeof count, &count);
    return (unsigned long long)count;
}

/* ---- the bank model ------------------------------------------------------- */

// snippet: bank-model
/* How many cycles one warp of 32 work-items needs for one local-memory
 * access of the up-sweep, on 32 banks of 4 bytes: the largest number of
 * distinct words that fall into the same bank (equal words are broadcast). */
static int conflict_degree(size_t offset, size_t lane0, size_t active, int right, int pad)
{
    size_t words[32];
    int count = 0, worst = 0;
    for (size_t t = lane0; t < lane0 + 32 && t < active; t++) {
        size_t w = offset * (2 * t + (right ? 2 : 1)) - 1;
        words[count++] = pad ? w + (w >> 5) : w;
    }
    for (int b = 0; b < 32; b++) {
        int in_bank = 0;
        for (int i = 0; i < count; i++) {
            int first = 1; /* count each distinct word once */
            for (int j = 0; j < i; j++) if (words[j] == words[i]) first = 0;
            if (first && words[i] % 32 == (size_t)b) in_bank++;
        }
        if (in_bank > worst) worst = in_bank;
    }
    return worst;
}
// end snippet bank-model

static void print_bank_model(size_t wg)
{
    printf("bank model (32 banks of 4 bytes), up-sweep of %zu values, worst access per warp:\n", 2 * wg);
    printf("  offset:      ");
    for (size_t o = 1; o < 2 * wg; o <<= 1) printf(" %4zu", o);
    for (int pad = 0; pad <= 1; pad++) {
        printf("\n  %-12s ", pad ? "padded:" : "plain:");
        for (size_t o = 1; o < 2 * wg; o <<= 1) {
            int worst = 0;
            for (size_t lane0 = 0; lane0 < wg / o; lane0 += 32)
                for (int right = 0; right <= 1; right++) {
                    int d = conflict_degree(o, lane0, wg / o, right, pad);
                    if (d > worst) worst = d;
                }
            printf(" %3dx", worst);
        }
    }
    printf("\n");
}

/* ---- run and verify ------------------------------------------------------- */

static void run_steps(scan *s)
{
    for (int i = 0; i < s->nsteps; i++) {
        size_t global = s->steps[i].groups * s->wg;
        CLU_CHECK(clEnqueueNDRangeKernel(s->env->queue, s->steps[i].k, 1, NULL, &global, &s->wg, 0,
                                         NULL, NULL));
    }
    CLU_CHECK(clFinish(s->env->queue)); /* a kernel that faulted is reported here */
}

// snippet: check
/* Run variant v once on whole numbers (every result must be exact) or on
 * random values (floats within the realistic bound, ints exact); return how
 * many results are wrong. Whole numbers +-1..4: the partial sums are random
 * walks, about sqrt(7.5 n) in size: 1.3e5 at n = 2^31, far below 2^24, so
 * every float sum is exact and a missing term always shows. */
static size_t check(scan *s, const variant *v, int is_int, int exact, void *h_in, void *h_out,
                    double *ref, double *mag, int *iref)
{
    size_t n = s->n, nout = v->total_only ? 1 : n;
    float *f = h_in;
    if (exact) {
        clu_fill_exact(f, n, 4, 4);
        for (size_t i = 0; is_int && i < n; i++) { /* the same whole numbers as ints */
            int x = (int)f[i];
            memcpy((char *)h_in + i * sizeof x, &x, sizeof x);
        }
    } else if (is_int) clu_fill_random_int(h_in, n, 5, -1000, 1000);
    else clu_fill_random(f, n, 5, -1.0f, 1.0f);
    reference(h_in, is_int, n, s->exclusive && !v->total_only, ref, mag, iref);

    if (v->plan) {
        CLU_CHECK(clEnqueueWriteBuffer(s->env->queue, s->d_in, CL_TRUE, 0, n * s->esize, h_in, 0, NULL, NULL));
        /* An output the scan never writes stays NaN (2143289344 as an int)
         * and fails. Written, not filled: Oclgrind counts filled memory as
         * uninitialized even after a kernel wrote it. */
        for (size_t i = 0; i < nout; i++) memcpy((char *)h_out + i * 4, &(uint32_t){0x7fc00000}, 4);
        CLU_CHECK(clEnqueueWriteBuffer(s->env->queue, s->result, CL_TRUE, 0, nout * s->esize, h_out, 0, NULL, NULL));
        run_steps(s);
        clu_read(s->env, s->result, nout * s->esize, h_out);
        if (v->fallbacks) printf("%s: %llu fallbacks (tiles summed by a waiting group)\n", v->name, fallbacks(s));
    } else scan_serial(h_in, h_out, n, s->exclusive);

    char what[64];
    snprintf(what, sizeof what, "%s%s%s", v->name, v->total_only ? " total" : "", exact ? " (whole numbers)" : "");
    size_t last = n - nout; /* the total is the last inclusive sum */
    if (is_int) return clu_verify_int(what, h_out, iref + last, nout);
    return clu_verify(what, h_out, ref + last, exact ? NULL : mag + last, nout, n);
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

static void report(const scan *s, const variant *v, const char *type, size_t reps, double ms,
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
    if (v->fallbacks) printf(" fallbacks=%llu", fallbacks(s));
    printf(" default=%d\n", is_default);
}

/* The platform's name: NVIDIA's is "NVIDIA CUDA". */
static int on_nvidia(const clu_env *env)
{
    char name[256] = "";
    CLU_CHECK(clGetPlatformInfo(env->platform, CL_PLATFORM_NAME, sizeof name - 1, name, NULL));
    return strstr(name, "NVIDIA") != NULL;
}

/* ---- main ------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    size_t n = 1 << 20, wg = 0, items = 0, reps = 5, spin = 0; /* 0: not given */
    int chosen = -1, excl_flag = 0, incl_flag = 0;
    const char *type_s = "float";
    // snippet: options
    const clu_option opts[] = {
        {"-o", "VARIANT", "the scan to run", CLU_OPT_VARIANT, &chosen, CLU_VARIANTS(variants)},
        {"-n", "N", "number of values to scan", CLU_OPT_SIZE, &n, 1, (size_t)1 << 31},
        {"-T", "TYPE", "float or int", CLU_OPT_STRING, &type_s, 0, 0},
        {"-i", NULL, "inclusive scan: B[i] includes A[i] (the default)", CLU_OPT_FLAG, &incl_flag, 0, 0},
        {"-e", NULL, "exclusive scan: B[i] = A[0] + ... + A[i-1], B[0] = 0", CLU_OPT_FLAG, &excl_flag, 0, 0},
        {"-t", "WG", "work-group size, a power of two (default 256; onepass, fallback: 128, at least 32)", CLU_OPT_SIZE,
         &wg, 1, 1 << 16},
        {"-v", "ITEMS", "values per work-item of reduce ... fallback (multiple of 4, at most 64; default 16, "
         "onepass: 32), or cpu-chunks' chunk (multiple of 8; default 32768)", CLU_OPT_SIZE, &items, 4, 1 << 20},
        {"-s", "POLLS", "polls before fallback or cpu-chunks sums a silent tile itself (default: the kernel's)",
         CLU_OPT_SIZE, &spin, 1, 1u << 30},
        {"-r", "REPS", "timed runs of each launch; the best counts", CLU_OPT_SIZE, &reps, 1, 100},
    };
    // end snippet options
    clu_common common;
    clu_parse_args(argc, argv, "lesson 04: prefix scan, from one work-group to memory speed", opts,
                   sizeof opts / sizeof opts[0], &common);
    const int is_int = !strcmp(type_s, "int");
    if (!is_int && strcmp(type_s, "float")) clu_die("-T %s: the type is float or int", type_s);
    if (excl_flag && incl_flag) clu_die("-i and -e exclude each other: choose one");
    const int t_set = wg != 0, v_set = items != 0;
    if (!t_set) wg = 256;
    if (!v_set) items = 16;
    if (wg & (wg - 1)) clu_die("-t %zu: the work-group size must be a power of two", wg);
    if (items % 4) clu_die("-v %zu: the values per work-item must be a multiple of 4", items);

    clu_env env;
    clu_setup(&env, &common);
    scan proto = {.env = &env, .n = n, .wg = wg, .items = items, .esize = is_int ? sizeof(int) : sizeof(float),
                  .spin = spin, .exclusive = excl_flag, .is_int = is_int, .nv_ptx = on_nvidia(&env)};
    const int here = clu_device_is_gpu(env.device) ? ON_GPU : ON_CPU; /* no flags: the fast path here */
    static scan plans[NVARIANTS];
    int run[NVARIANTS], shared = 0;
    for (int v = 0; v < NVARIANTS; v++) { /* an explicit -o must run; "all" skips what cannot */
        plans[v] = proto;
        if (variants[v].wg && !t_set) plans[v].wg = variants[v].wg; /* its own shape */
        if (variants[v].wg && !v_set) plans[v].items = variants[v].items;
        const char *why = (chosen < 0 || chosen == v) ? why_not(&plans[v], &variants[v], is_int) : "";
        if (why && chosen == v) clu_die("-o %s: %s", variants[v].name, why);
        run[v] = !why;
        shared |= run[v] && variants[v].plan && !variants[v].wg; /* needs the shared builds */
    }
    // snippet: memory-check
    /* Refuse, before allocating, what the device cannot hold: one buffer may
     * be at most CL_DEVICE_MAX_MEM_ALLOC_SIZE, all of them together (input,
     * output, the copy kernel's two) at most the global memory. */
    size_t bytes = clu_bytes(n, proto.esize, "the input");
    clu_check_alloc(&env, bytes, "the input");
    cl_ulong global_mem = clu_device_ulong(env.device, CL_DEVICE_GLOBAL_MEM_SIZE);
    if (4 * (cl_ulong)bytes > global_mem)
        clu_die("n = %zu values need 4 buffers of %zu bytes, but this device has %llu bytes in all "
                "(CL_DEVICE_GLOBAL_MEM_SIZE)", n, bytes, (unsigned long long)global_mem);
    // end snippet memory-check
    // snippet: plans
    /* The kernels' local arrays are sized by -D options: one build per run
     * (and one per variant with its own shape, in its plan). */
    char defs[64];
    snprintf(defs, sizeof defs, "-DWG=%zu -DITEMS=%zu -DTYPE_INT=%d", wg, items, is_int);
    proto.block = shared ? clu_build(&env, BLOCK, defs) : NULL;
    proto.fast = shared ? clu_build(&env, FAST, defs) : NULL;
    proto.d_in = clu_buffer(&env, CL_MEM_READ_ONLY, bytes, NULL, "the input");
    proto.d_out = proto.result = clu_buffer(&env, CL_MEM_READ_WRITE, bytes, NULL, "the output");
    /* Every variant's launches first: a work-group or local array the device
     * refuses stops the program here, before anything ran. */
    for (int v = 0; v < NVARIANTS; v++) {
        size_t own_wg = plans[v].wg, own_items = plans[v].items;
        plans[v] = proto;
        plans[v].wg = own_wg, plans[v].items = own_items;
        if (run[v] && variants[v].plan) variants[v].plan(&plans[v], &variants[v]);
    }
    // end snippet plans
    printf("scan:     n = %zu %ss, %s, work-group %zu, %zu values per work-item in the fast tiles\n", n,
           type_s, excl_flag ? "exclusive" : "inclusive", wg, items);
    for (int v = 0; v < NVARIANTS; v++)
        if (!run[v] && chosen < 0) printf("%-19s skipped: %s\n", variants[v].name, why_not(&plans[v], &variants[v], is_int));
    for (int v = 0, shown = 0; v < NVARIANTS; v++)
        if (run[v] && variants[v].bank_model && !shown++) print_bank_model(wg);

    void *h_in = clu_malloc(bytes, "the input"), *h_out = clu_malloc(bytes, "the output");
    double *ref = is_int ? NULL : clu_malloc(clu_bytes(n, sizeof(double), "ref"), "the reference");
    double *mag = is_int ? NULL : clu_malloc(n * sizeof(double), "the error bounds");
    int *iref = is_int ? clu_malloc(bytes, "the reference") : NULL;
    size_t wrong = 0;
    for (int v = 0; v < NVARIANTS; v++)
        for (int exact = 1; run[v] && exact >= 0; exact--)
            wrong += check(&plans[v], &variants[v], is_int, exact, h_in, h_out, ref, mag, iref);

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
        if (run[v])
            report(&plans[v], &variants[v], type_s, reps,
                   time_variant(&plans[v], &variants[v], reps, h_in, h_out, stage_ms), stage_ms, copy,
                   variants[v].default_on == here);
    }

    for (int v = 0; v < NVARIANTS; v++) {
        for (int i = 0; i < plans[v].nsteps; i++) clReleaseKernel(plans[v].steps[i].k);
        for (int i = 0; i < plans[v].nbufs; i++) clReleaseMemObject(plans[v].bufs[i]);
        if (plans[v].own) clReleaseProgram(plans[v].own);
    }
    clReleaseMemObject(proto.d_in);
    clReleaseMemObject(proto.d_out);
    if (shared) clReleaseProgram(proto.block);
    if (shared) clReleaseProgram(proto.fast);
    clu_teardown(&env);
    free(h_in);
    free(h_out);
    free(ref);
    free(mag);
    free(iref);
    return clu_exit_status(wrong);
}
