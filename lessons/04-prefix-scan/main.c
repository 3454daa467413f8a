/* Lesson 04 -- prefix scan: B[i] = A[0] + ... + A[i] (inclusive) or
 * A[0] + ... + A[i-1] (exclusive), from one work-group to memory speed.
 *
 * Teaches, in order (-o VARIANT): the serial loop; Hillis-Steele in one
 * work-group with double buffering; Blelloch's up-sweep and down-sweep;
 * Blelloch with padding against local-memory bank conflicts; a multi-block
 * scan for any n (scan tiles, scan their totals recursively, add them back);
 * the up-sweep as a reduction; reduce-then-scan; and a single pass with
 * decoupled look-back, whose tiles are numbered by an atomic counter.
 * APIs introduced: __local arrays and barrier(), atomic_inc / atomic_xchg /
 * atomic_or on global memory, programs built twice with
 * different -D options, CL_DEVICE_MAX_MEM_ALLOC_SIZE.
 */
#include "clu.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


// snippet: serial-reference
/* The serial scan: one pass, one addition per value. Every device result is
 * checked against the same loop run in double (or exactly, for int). */
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

static void scan_serial_int(const int *a, int *b, size_t n, int exclusive)
{
    unsigned sum = 0; /* unsigned: wraps like the device, no undefined overflow */
    for (size_t i = 0; i < n; i++) {
        unsigned next = sum + (unsigned)a[i];
        b[i] = (int)(exclusive ? sum : next);
        sum = next;
    }
}

/* ---- what the program runs ------------------------------------------------ */

enum variant { SERIAL, HILLIS_STEELE, BLELLOCH, BLELLOCH_PAD, MULTIBLOCK, REDUCE,
               REDUCE_THEN_SCAN, LOOKBACK, NVARIANTS };
static const char *variant_names[NVARIANTS] = {
    "serial", "hillis-steele", "blelloch", "blelloch-pad", "multiblock",
    "reduce", "reduce-then-scan", "lookback"};

static int lookup(const char *flag, const char *name, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (!strcmp(name, names[i])) return i;
    char list[256] = "";
    for (int i = 0; i < count; i++) {
        strcat(list, names[i]);
        if (i + 1 < count) strcat(list, ", ");
    }
    clu_die("%s: unknown '%s' (choose one of: %s)", flag, name, list);
}

#define MAXEV 256

typedef struct {
    clu_env env;
    int is_int;
    size_t esize; /* bytes per value */
    size_t wg, items;
    cl_program block, fast;
    cl_kernel k_block[3]; /* hillis-steele, blelloch, blelloch-pad */
    cl_kernel k_add, k_reduce, k_scan_tiles, k_lookback, k_clear;
    cl_event ev[MAXEV];
    int nev;
    const char *names[MAXEV];
} scan_ctx;

static void launch(scan_ctx *c, cl_kernel k, size_t groups, const char *what)
{
    if (c->nev == MAXEV) clu_die("too many kernel launches in one scan");
    size_t global = groups * c->wg, local = c->wg;
    CLU_CHECK(clEnqueueNDRangeKernel(c->env.queue, k, 1, NULL, &global, &local, 0, NULL,
                                     &c->ev[c->nev]));
    c->names[c->nev++] = what;
}

static void release_events(scan_ctx *c)
{
    for (int i = 0; i < c->nev; i++) clReleaseEvent(c->ev[i]);
    c->nev = 0;
}

/* Milliseconds from the start of the first command to the end of the last. */
static double span_ms(scan_ctx *c)
{
    cl_ulong start = 0, end = 0;
    CLU_CHECK(clWaitForEvents(c->nev, c->ev));
    CLU_CHECK(clGetEventProfilingInfo(c->ev[0], CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
    CLU_CHECK(clGetEventProfilingInfo(c->ev[c->nev - 1], CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
    return (double)(end - start) * 1e-6;
}

static void set_scan_args(cl_kernel k, cl_mem in, cl_mem out, cl_mem sums, size_t n, int exclusive)
{
    cl_uint n_arg = (cl_uint)n;
    CLU_CHECK(clSetKernelArg(k, 0, sizeof in, &in));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof out, &out));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof sums, &sums));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof n_arg, &n_arg));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof exclusive, &exclusive));
}

// snippet: multiblock
/* Scan n values of `in` into `out` (the two may be the same buffer): scan
 * each tile, then scan the tiles' totals, exclusively, with this same
 * function, and add to every tile the total of the tiles before it.
 * sums[depth] holds the totals at each level of the recursion. */
static void multiblock(scan_ctx *c, cl_kernel blk, size_t tile, cl_mem in, cl_mem out,
                       size_t n, int exclusive, cl_mem *sums, int depth)
{
    size_t tiles = (n + tile - 1) / tile;
    set_scan_args(blk, in, out, sums[depth], n, exclusive);
    launch(c, blk, tiles, in == out ? "scan tile totals" : "scan tiles");
    if (tiles == 1) return;
    multiblock(c, blk, tile, sums[depth], sums[depth], tiles, 1, sums, depth + 1);
    cl_uint n_arg = (cl_uint)n, tile_arg = (cl_uint)tile;
    CLU_CHECK(clSetKernelArg(c->k_add, 0, sizeof out, &out));
    CLU_CHECK(clSetKernelArg(c->k_add, 1, sizeof sums[depth], &sums[depth]));
    CLU_CHECK(clSetKernelArg(c->k_add, 2, sizeof n_arg, &n_arg));
    CLU_CHECK(clSetKernelArg(c->k_add, 3, sizeof tile_arg, &tile_arg));
    launch(c, c->k_add, tiles, "add tile sums");
}
// end snippet multiblock

/* The buffers for the totals at every level: tiles of `tile` values. */
static int make_levels(scan_ctx *c, size_t n, size_t tile, cl_mem *sums, int max)
{
    int levels = 0;
    do {
        n = (n + tile - 1) / tile;
        if (levels == max) clu_die("too many levels");
        cl_int err;
        sums[levels++] = clCreateBuffer(c->env.context, CL_MEM_READ_WRITE, n * c->esize, NULL, &err);
        CLU_CHECK_ERR(err, "clCreateBuffer(sums)");
    } while (n > 1);
    return levels;
}

// snippet: reduce
/* The up-sweep alone: totals of tiles, then totals of those, down to one. */
static void reduce(scan_ctx *c, cl_mem in, size_t n, cl_mem *sums)
{
    size_t tile = c->wg * c->items;
    cl_mem src = in;
    for (int depth = 0;; depth++) {
        size_t tiles = (n + tile - 1) / tile;
        cl_uint n_arg = (cl_uint)n;
        CLU_CHECK(clSetKernelArg(c->k_reduce, 0, sizeof src, &src));
        CLU_CHECK(clSetKernelArg(c->k_reduce, 1, sizeof sums[depth], &sums[depth]));
        CLU_CHECK(clSetKernelArg(c->k_reduce, 2, sizeof n_arg, &n_arg));
        launch(c, c->k_reduce, tiles, depth ? "reduce totals" : "reduce tiles");
        if (tiles == 1) return;
        src = sums[depth];
        n = tiles;
    }
}
// end snippet reduce

// snippet: reduce-then-scan
/* Reduce-then-scan: read the input once to get the tile totals, scan the
 * totals (few: n / tile), read the input again to scan each tile from its
 * starting total. 3n values of traffic. */
static void reduce_then_scan(scan_ctx *c, cl_mem in, cl_mem out, size_t n, int exclusive,
                             cl_mem *sums, cl_mem *sum_levels)
{
    size_t tile = c->wg * c->items, tiles = (n + tile - 1) / tile;
    cl_uint n_arg = (cl_uint)n;
    CLU_CHECK(clSetKernelArg(c->k_reduce, 0, sizeof in, &in));
    CLU_CHECK(clSetKernelArg(c->k_reduce, 1, sizeof sums[0], &sums[0]));
    CLU_CHECK(clSetKernelArg(c->k_reduce, 2, sizeof n_arg, &n_arg));
    launch(c, c->k_reduce, tiles, "reduce tiles");
    multiblock(c, c->k_block[BLELLOCH_PAD - HILLIS_STEELE], 2 * c->wg, sums[0], sums[0], tiles, 1,
               sum_levels, 0);
    set_scan_args(c->k_scan_tiles, in, out, sums[0], n, exclusive);
    launch(c, c->k_scan_tiles, tiles, "rescan tiles from totals");
}
// end snippet reduce-then-scan

// snippet: lookback-host
/* The single pass: clear the tile counter and the statuses, then one launch. */
static void lookback(scan_ctx *c, cl_mem in, cl_mem out, size_t n, int exclusive, cl_mem status)
{
    size_t tiles = (n + c->wg * c->items - 1) / (c->wg * c->items);
    cl_uint count = (cl_uint)(1 + 2 * tiles);
    CLU_CHECK(clSetKernelArg(c->k_clear, 0, sizeof status, &status));
    CLU_CHECK(clSetKernelArg(c->k_clear, 1, sizeof count, &count));
    launch(c, c->k_clear, (count + c->wg - 1) / c->wg, "clear statuses");
    set_scan_args(c->k_lookback, in, out, status, n, exclusive);
    launch(c, c->k_lookback, tiles, "scan with look-back");
}
// end snippet lookback-host

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
            size_t active = wg / o;
            int worst = 0;
            for (size_t lane0 = 0; lane0 < active; lane0 += 32)
                for (int right = 0; right <= 1; right++) {
                    int d = conflict_degree(o, lane0, active, right, pad);
                    if (d > worst) worst = d;
                }
            printf(" %3d%s", worst, "x");
        }
    }
    printf("\n");
}

/* ---- main ------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    size_t n = 1 << 20, wg = 256, items = 16, reps = 5;
    const char *variant_s = "multiblock", *block_s = "blelloch-pad", *type_s = "float";
    int excl_flag = 0, incl_flag = 0;
    const clu_option opts[] = {
        {"-n", "N", "number of values to scan", CLU_OPT_SIZE, &n, 1, (size_t)1 << 31},
        {"-o", "VARIANT", "serial, hillis-steele, blelloch, blelloch-pad, multiblock, reduce, "
                          "reduce-then-scan, lookback", CLU_OPT_STRING, &variant_s, 0, 0},
        {"-b", "BLOCK", "tile scan of multiblock: hillis-steele, blelloch, blelloch-pad",
         CLU_OPT_STRING, &block_s, 0, 0},
        {"-T", "TYPE", "float or int", CLU_OPT_STRING, &type_s, 0, 0},
        {"-i", NULL, "inclusive scan: B[i] includes A[i] (the default)", CLU_OPT_FLAG, &incl_flag, 0, 0},
        {"-e", NULL, "exclusive scan: B[i] = A[0] + ... + A[i-1], B[0] = 0", CLU_OPT_FLAG, &excl_flag, 0, 0},
        {"-t", "WG", "work-group size, a power of two", CLU_OPT_SIZE, &wg, 1, 1 << 16},
        {"-v", "ITEMS", "values per work-item in reduce, reduce-then-scan, lookback (multiple of 4)",
         CLU_OPT_SIZE, &items, 4, 64},
        {"-r", "REPS", "timed runs; the best is reported", CLU_OPT_SIZE, &reps, 1, 100},
    };
    clu_common common;
    clu_parse_args(argc, argv, "lesson 04: prefix scan, from one work-group to memory speed",
                   opts, sizeof opts / sizeof opts[0], &common);
    const int variant = lookup("-o", variant_s, variant_names, NVARIANTS);
    const int block = lookup("-b", block_s, variant_names + HILLIS_STEELE, 3);
    const char *types[] = {"float", "int"};
    const int is_int = lookup("-T", type_s, types, 2);
    if (excl_flag && incl_flag) clu_die("-i and -e exclude each other: choose one");
    const int exclusive = excl_flag;
    if (wg & (wg - 1)) clu_die("-t %zu: the work-group size must be a power of two", wg);
    if (wg == 1 && (variant == HILLIS_STEELE || (variant == MULTIBLOCK && block == 0)))
        clu_die("-t 1: Hillis-Steele tiles need at least 2 work-items (one value each)");
    if (items % 4) clu_die("-v %zu: the values per work-item must be a multiple of 4", items);
    /* One work-group variants scan a single tile. */
    size_t one_tile = variant == HILLIS_STEELE ? wg : 2 * wg;
    if ((variant == HILLIS_STEELE || variant == BLELLOCH || variant == BLELLOCH_PAD) && n > one_tile)
        clu_die("-o %s scans within one work-group: n must be at most %zu with -t %zu "
                "(use -o multiblock for more)", variant_s, one_tile, wg);

    scan_ctx c;
    memset(&c, 0, sizeof c);
    c.is_int = is_int;
    c.esize = is_int ? sizeof(int) : sizeof(float);
    c.wg = wg;
    c.items = items;
    clu_setup(&c.env, &common);
    /* Oclgrind checks kernels rather than timing them (and its
     * uninitialized-memory check does not see clEnqueueFillBuffer, which the
     * copy yardstick uses): skip the yardstick there. */
    char *dev_name = clu_device_string(c.env.device, CL_DEVICE_NAME);
    const int simulator = strstr(dev_name, "Oclgrind") != NULL;
    free(dev_name);

    // snippet: memory-check
    /* Refuse, before allocating, what the device cannot hold: one buffer may
     * be at most CL_DEVICE_MAX_MEM_ALLOC_SIZE, all of them together (input,
     * output, the copy kernel's two) at most the global memory. */
    cl_ulong max_alloc = clu_device_ulong(c.env.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    cl_ulong global_mem = clu_device_ulong(c.env.device, CL_DEVICE_GLOBAL_MEM_SIZE);
    cl_ulong bytes = (cl_ulong)n * c.esize;
    if (bytes > max_alloc || 4 * bytes > global_mem)
        clu_die("n = %zu values (%llu bytes each for input and output) do not fit: this device "
                "allows %llu bytes per buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE) and %llu in all",
                n, (unsigned long long)bytes, (unsigned long long)max_alloc,
                (unsigned long long)global_mem);
    // end snippet memory-check

    /* On NVIDIA, --build-log also shows registers and local memory per kernel. */
    char pname[256] = "";
    CLU_CHECK(clGetPlatformInfo(c.env.platform, CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL));
    const int nv_verbose = common.build_log && strstr(pname, "NVIDIA") != NULL;
    char opts_s[128];
    snprintf(opts_s, sizeof opts_s, "-DWG=%zu -DITEMS=%zu -DTYPE_INT=%d%s", wg, items, is_int,
             nv_verbose ? " -cl-nv-verbose" : "");
    c.block = clu_build(&c.env, "04-prefix-scan.cl", opts_s);
    c.fast = clu_build(&c.env, "04-prefix-scan-fast.cl", opts_s);
    c.k_block[0] = clu_kernel(c.block, "scan_hillis_steele");
    c.k_block[1] = clu_kernel(c.block, "scan_blelloch");
    c.k_block[2] = clu_kernel(c.block, "scan_blelloch_pad");
    c.k_add = clu_kernel(c.block, "add_block_sums");
    c.k_reduce = clu_kernel(c.fast, "reduce_tiles");
    c.k_scan_tiles = clu_kernel(c.fast, "scan_tiles");
    c.k_lookback = clu_kernel(c.fast, "scan_lookback");
    c.k_clear = clu_kernel(c.fast, "clear_status");
    cl_kernel all[] = {c.k_block[0], c.k_block[1], c.k_block[2], c.k_add, c.k_reduce,
                       c.k_scan_tiles, c.k_lookback, c.k_clear};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) clu_check_wgsize(&c.env, all[k], wg);

    /* Input: floats in [-1, 1), ints in [-100, 100]; seeded. */
    void *h_in = clu_malloc(n * c.esize, "host memory"), *h_out = clu_malloc(n * c.esize, "host memory");
    if (is_int) clu_fill_random_int(h_in, n, 4, -100, 100);
    else clu_fill_random(h_in, n, 4, -1.0f, 1.0f);

    size_t tile = variant == MULTIBLOCK ? (block == 0 ? wg : 2 * wg)
                : variant >= REDUCE ? wg * items : one_tile;
    printf("scan:     n = %zu %ss, %s, variant %s", n, type_s,
           variant == REDUCE ? "total only" : exclusive ? "exclusive" : "inclusive", variant_s);
    if (variant == MULTIBLOCK) printf(" (tiles by %s)", block_s);
    if (variant != SERIAL) printf(", work-group %zu, tile %zu values", wg, tile);
    printf("\n");
    if (variant == BLELLOCH || variant == BLELLOCH_PAD) print_bank_model(wg);

    cl_int err;
    cl_mem d_in = clCreateBuffer(c.env.context, CL_MEM_READ_ONLY, n * c.esize, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(in)");
    cl_mem d_out = clCreateBuffer(c.env.context, CL_MEM_READ_WRITE, n * c.esize, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(out)");
    CLU_CHECK(clEnqueueWriteBuffer(c.env.queue, d_in, CL_TRUE, 0, n * c.esize, h_in, 0, NULL, NULL));

    /* Totals at every level, for the tile size each variant uses. */
    cl_mem sums[32], levels[32], status = NULL;
    int nsums = make_levels(&c, n, tile, sums, 32), nlevels = 0;
    if (variant == REDUCE_THEN_SCAN)
        nlevels = make_levels(&c, (n + tile - 1) / tile, 2 * wg, levels, 32);
    if (variant == LOOKBACK) {
        size_t tiles = (n + tile - 1) / tile;
        status = clCreateBuffer(c.env.context, CL_MEM_READ_WRITE, (1 + 2 * tiles) * sizeof(cl_uint),
                                NULL, &err);
        CLU_CHECK_ERR(err, "clCreateBuffer(status)");
    }

    /* Run `reps` times, keep the best time. */
    double best = 1e30;
    int best_nev = 0;
    double stage_ms[MAXEV];
    const char *stage_name[MAXEV];
    for (size_t r = 0; r < reps; r++) {
        double ms;
        if (variant == SERIAL) {
            double t0 = clu_now();
            if (is_int) scan_serial_int(h_in, h_out, n, exclusive);
            else scan_serial(h_in, h_out, n, exclusive);
            ms = (clu_now() - t0) * 1e3;
        } else {
            switch (variant) {
            case HILLIS_STEELE: case BLELLOCH: case BLELLOCH_PAD:
                set_scan_args(c.k_block[variant - HILLIS_STEELE], d_in, d_out, sums[0], n, exclusive);
                launch(&c, c.k_block[variant - HILLIS_STEELE], 1, "scan one tile");
                break;
            case MULTIBLOCK:
                multiblock(&c, c.k_block[block], tile, d_in, d_out, n, exclusive, sums, 0);
                break;
            case REDUCE: reduce(&c, d_in, n, sums); break;
            case REDUCE_THEN_SCAN: reduce_then_scan(&c, d_in, d_out, n, exclusive, sums, levels); break;
            default: lookback(&c, d_in, d_out, n, exclusive, status); break;
            }
            ms = span_ms(&c);
            if (ms < best) {
                best_nev = c.nev;
                for (int e = 0; e < c.nev; e++) {
                    stage_ms[e] = clu_event_ms(c.ev[e]);
                    stage_name[e] = c.names[e];
                }
            }
            release_events(&c);
        }
        if (ms < best) best = ms;
    }

    // snippet: bandwidth
    /* A scan must read n values and write n: 2n values is the least memory
     * traffic any scan can have; the reduction reads n and writes (almost)
     * nothing. The yardstick: a float4 copy of n values, measured now. */
    double moved = (variant == REDUCE ? 1.0 : 2.0) * (double)n * (double)c.esize;
    size_t copy_bytes = clu_round_up(n * c.esize > 4096 ? n * c.esize : 4096, 16);
    double copy = simulator ? 0.0 : clu_copy_gbps(&c.env, copy_bytes);
    double gbps = moved / best * 1e-6;
    // end snippet bandwidth
    if (simulator) printf("copy:     not measured: a simulator has no memory bandwidth\n");
    else printf("copy:     float4 copy kernel, %zu bytes: %.2f GB/s (read + written)\n", copy_bytes, copy);
    printf("time:     %.4f ms (best of %zu)%s: %.2f GB/s", best, reps,
           variant == SERIAL ? " on the host" : "", gbps);
    if (copy > 0) printf(", %.1f%% of the copy kernel", 100.0 * gbps / copy);
    printf("\n");
    for (int e = 0; e < best_nev && best_nev > 1; e++)
        printf("  %-22s %9.4f ms\n", stage_name[e], stage_ms[e]);
    char label[64];
    snprintf(label, sizeof label, "%s%s%s", variant_s, variant == MULTIBLOCK ? "/" : "",
             variant == MULTIBLOCK ? block_s : "");
    printf("csv:      %s,%s,%s,%zu,%zu,%zu,%.6f,%.3f,%.3f\n", label,
           type_s, exclusive ? "exclusive" : "inclusive", n, wg, items, best, gbps, copy);

    /* Read back and verify. */
    size_t bad;
    size_t nout = variant == REDUCE ? 1 : n;
    if (variant != SERIAL) {
        cl_mem src = variant == REDUCE ? sums[nsums - 1] : d_out;
        CLU_CHECK(clEnqueueReadBuffer(c.env.queue, src, CL_TRUE, 0, nout * c.esize, h_out, 0, NULL, NULL));
    }
    const char *what = variant == SERIAL ? "serial scan" : variant == REDUCE ? "device total" : "device scan";
    // snippet: verify
    if (is_int) {
        int *ref = clu_malloc(n * sizeof *ref, "host memory");
        scan_serial_int(h_in, ref, n, exclusive && variant != REDUCE);
        bad = clu_verify_int(what, h_out, variant == REDUCE ? ref + n - 1 : ref, nout);
        free(ref);
    } else {
        /* Value i sums i+1 terms (i for exclusive), so its error bound is
         * (i+2) * 2^-24 * (sum of |terms|). clu_verify_sum takes one term
         * count for all values, so the factor (i+2)/(n+1) goes into absref. */
        const float *a = h_in;
        double *ref = clu_malloc(n * sizeof *ref, "host memory"), *absref = clu_malloc(n * sizeof *absref, "host memory");
        double s = 0.0, sa = 0.0;
        for (size_t i = 0; i < n; i++) {
            double si = s + a[i], sai = sa + fabs(a[i]);
            int incl = !exclusive || variant == REDUCE;
            ref[i] = incl ? si : s;
            absref[i] = (incl ? sai : sa) * (double)(i + 2) / (double)(n + 1);
            s = si;
            sa = sai;
        }
        if (variant == REDUCE) bad = clu_verify_sum(what, h_out, ref + n - 1, absref + n - 1, 1, n);
        else bad = clu_verify_sum(what, h_out, ref, absref, n, n);
        free(ref);
        free(absref);
    }
    // end snippet verify

    for (int i = 0; i < nsums; i++) clReleaseMemObject(sums[i]);
    for (int i = 0; i < nlevels; i++) clReleaseMemObject(levels[i]);
    if (status) clReleaseMemObject(status);
    clReleaseMemObject(d_in);
    clReleaseMemObject(d_out);
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) clReleaseKernel(all[k]);
    clReleaseProgram(c.block);
    clReleaseProgram(c.fast);
    clu_teardown(&c.env);
    free(h_in);
    free(h_out);
    return bad ? 1 : 0;
}
