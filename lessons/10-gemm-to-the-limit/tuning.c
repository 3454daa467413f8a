/* tuning.c -- lesson 10's tuning, kept apart from the flow of main.c.
 *
 * The register-blocked kernels (vec, fast) take their tile sizes as -D
 * options, and which sizes run fastest depends on the device: its registers,
 * its local memory, how many groups share a compute unit. Everything here
 * was measured on one device or another rather than derived:
 *   - the tiles fast starts from on each kind of device, and the smaller
 *     shapes main.c falls back to when a kernel allows fewer work-items;
 *   - the shape of the cpu kernel for CPU devices (from the vector width,
 *     compute units and cache the device reports, and the register count,
 *     slice of B and rows per work-item measured on PoCL), kept under the
 *     loop limit a device may have (Mesa's llvmpipe), where cpu16 is the
 *     default instead;
 *   - the options `fast` gets on NVIDIA (measured on an H200: 0.95 to 0.98
 *     of cuBLAS at n = 4096 and 8192);
 *   - the shapes --tune sweeps;
 *   - host arrays in pageable or pinned memory, and the report of what moving
 *     A, B and C costs next to the kernel.
 * APIs: CL_MEM_ALLOC_HOST_PTR with clEnqueueMapBuffer (pinned host memory).
 */
#include "tuning.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int on_nvidia(const clu_env *env)
{
    char *vendor = clu_device_string(env->device, CL_DEVICE_VENDOR);
    int yes = strstr(vendor, "NVIDIA") != NULL;
    free(vendor);
    return yes;
}

// snippet: device-tiles
size_t tuning_candidates(const clu_env *env, size_t M, size_t N, tiles *list, size_t max)
{
    /* Smaller shapes, from 256 work-items per group down to one. */
    static const tiles smaller[] = {
        {.bm = 64, .bn = 64, .bk = 8, .tm = 4, .tn = 4}, {.bm = 32, .bn = 32, .bk = 8, .tm = 4, .tn = 4},
        {.bm = 32, .bn = 16, .bk = 8, .tm = 4, .tn = 4}, {.bm = 16, .bn = 16, .bk = 8, .tm = 4, .tn = 4},
        {.bm = 8, .bn = 8, .bk = 4, .tm = 4, .tn = 4},   {.bm = 4, .bn = 4, .bk = 4, .tm = 4, .tn = 4},
    };
    /* --tune's choice on each kind of device: on CPUs (PoCL) 32 x 64 blocks;
     * on GPUs 128 x 64 blocks of 128 work-items; on NVIDIA (the H200) 128 x
     * 128 blocks once there are enough of them to fill every multiprocessor. */
    tiles first = {.bm = 128, .bn = 64, .bk = 8, .tm = 8, .tn = 8};
    if (!clu_device_is_gpu(env->device)) first = (tiles){.bm = 32, .bn = 64, .bk = 16, .tm = 4, .tn = 8};
    if (on_nvidia(env) && (M / 128) * (N / 128) >= clu_device_ulong(env->device, CL_DEVICE_MAX_COMPUTE_UNITS))
        first = (tiles){.bm = 128, .bn = 128, .bk = 8, .tm = 8, .tn = 8};
    size_t n = 0;
    list[n++] = first;
    for (size_t i = 0; i < sizeof smaller / sizeof smaller[0] && n < max; i++) list[n++] = smaller[i];
    return n;
}
// end snippet device-tiles


// snippet: nvidia-options
void tuning_options(const clu_env *env, int tuned, tiles t, char *opts, size_t len)
{
    *opts = '\0';
    if (!on_nvidia(env)) return;
    /* The k loop unrolled, as for every build of gemm_reg (common/gemm.c).
     * fast: pointers advanced per tile; with 128 x 128 blocks also the
     * tile loop unrolled by two, blocks handed out 8 block rows at a time,
     * and at most 126 registers, so that two groups of 256 share a
     * multiprocessor. The cap works only without reqd_work_group_size
     * (REQD=0): NVIDIA ignores it otherwise. */
    const int big = tuned && t.bm == 128 && t.bn == 128;
    snprintf(opts, len, "%s%s%s%s", tuned ? " -DPRECOMP=1" : "",
             big ? " -DPAIR=1 -DGROUP_M=8 -DREQD=0 -cl-nv-maxrregcount=126" : "", tiles_options(env),
             env->build_log ? " -cl-nv-verbose" : ""); /* --build-log: registers and spills */
}
// end snippet nvidia-options

// snippet: cpu-loops
/* The cpu kernel's vector: the device's preferred float width (8 where
 * PoCL compiles for AVX2, 16 for AVX-512), as a float4, float8 or float16. */
static size_t cpu_width(const clu_env *env)
{
    const size_t w = clu_device_ulong(env->device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT);
    return w >= 16 ? 16 : w >= 8 ? 8 : 4;
}

/* Loop iterations one work-item of gemm_cpu runs, every pass of every loop
 * counted, as llvmpipe counts them (it does not unroll the short loops):
 * per chunk of k the copy of B's slice (1 + NV a step), per block of TM rows
 * the k loop (1 + NV + TM (1 + NV) a step) and the loads and stores of the
 * sums. Checked against llvmpipe 22.3: 64 rows and K = 128 run right
 * (~42 000), 64 rows and K = 256 are cut off (~82 000). */
static double cpu_loops(tiles t, size_t vw, size_t K)
{
    const double nv = (double)(t.bn / vw), mr = (double)t.tm, chunks = (double)((K + t.bk - 1) / t.bk);
    const double slice = (double)(K < t.bk ? K : t.bk);
    return chunks * (1 + slice * (1 + nv)) + (double)(t.bm / t.tm) * ((double)K * (1 + nv + mr * (1 + nv)) +
                                                                       chunks * (1 + 2 * mr * (1 + nv)));
}
// end snippet cpu-loops

// snippet: cpu-shape
tiles tuning_cpu_tiles(clu_env *env, size_t M, size_t N, size_t K)
{
    /* Measured with PoCL 3.1 on 2 cores of an AMD EPYC (AVX2, 16 vector
     * registers), against OpenBLAS in the same runs (see the chapter):
     *  - 4 rows x 3 vectors of sums (12 registers, plus 3 of B and 1 of A)
     *    beat 6 x 2, 5 x 2, 8 x 1 and 3 x 4; the old 16 x 16 float16 block
     *    (32 registers of sums) spills;
     *  - a slice of B of about 24 KiB (BK = 256 steps of 24 floats), which
     *    stays in a 32 KiB L1 cache, beat 128 and 512 steps as much as noise
     *    allowed to tell;
     *  - 128 rows per work-item (32 steps down the rows per slice) beat 64
     *    and matched 256.
     * Fewer rows where M is small, or where there would be fewer than 8
     * work-items per compute unit to share out, or where the blocks of A the
     * compute units work on at once (BM x BK floats each) would fill more
     * than half of the cache the device reports, or where a work-item would
     * run more loop iterations than the device lets it (cpu_loops below). */
    const size_t vw = cpu_width(env), bn = 3 * vw, bk = 6144 / bn, tm = 4;
    const size_t units = clu_device_ulong(env->device, CL_DEVICE_MAX_COMPUTE_UNITS);
    const size_t cache = clu_device_ulong(env->device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE);
    size_t bm = 128;
    while (bm > tm && (bm / 2 >= clu_round_up(M, tm) ||
                       clu_round_up(M, bm) / bm * (clu_round_up(N, bn) / bn) < 8 * units ||
                       (cache && bm * bk * sizeof(float) * units > cache / 2)))
        bm /= 2;
    const size_t limit = clu_loop_limit(env);
    while (limit && bm > tm && cpu_loops((tiles){.bm = bm, .bn = bn, .bk = bk, .tm = tm}, vw, K) > 0.9 * limit)
        bm /= 2;
    return (tiles){.bm = bm, .bn = bn, .bk = bk, .tm = tm, .tn = bn};
}
// end snippet cpu-shape

// snippet: cpu-refused
const char *tuning_cpu16_refused(clu_env *env, size_t rows, size_t K, char *why, size_t len)
{
    /* gemm_cpu16: per step of k one pass of the k loop and one per row. */
    const size_t limit = clu_loop_limit(env), fit = (size_t)(0.9 * (double)limit) / (rows + 1);
    const size_t most = fit > 2 ? fit - 2 : 0;
    if (!limit || K <= most) return NULL;
    snprintf(why, len, "%zu rows per work-item and K = %zu take ~%zu loop iterations; this device stops a "
             "work-item's loops after %zu without a word (Mesa's llvmpipe): K up to %zu (lesson 05's naive has "
             "no such limit)", rows, K,
             K * (rows + 1) + 2 * rows, limit, most);
    return why;
}

const char *tuning_cpu_refused(clu_env *env, tiles t, size_t K, char *why, size_t len)
{
    const size_t vw = cpu_width(env), limit = clu_loop_limit(env);
    if (t.bn != t.tn || t.tn % vw || t.tn / vw > 4 || t.tm > 8)
        snprintf(why, len, "the cpu kernel needs BN = TN, a multiple of this device's %zu-float vectors, at most "
                 "%zu, and TM at most 8", vw, 4 * vw);
    else if (limit && cpu_loops(t, vw, K) > 0.9 * limit) {
        size_t most = K; /* the largest K this shape can run here */
        while (most > 1 && cpu_loops(t, vw, most) > 0.9 * limit) most = most * 15 / 16;
        snprintf(why, len, "%zu rows per work-item and K = %zu take ~%.0f loop iterations; this device stops a "
                 "work-item's loops after %zu without a word (Mesa's llvmpipe): K up to %zu (lesson 05's naive "
                 "has no such limit)",
                 t.bm, K, cpu_loops(t, vw, K), limit, most);
    } else
        return NULL;
    return why;
}

void tuning_cpu_options(const clu_env *env, tiles t, char *opts, size_t len)
{
    const size_t vw = cpu_width(env);
    snprintf(opts, len, " -DCPU_VW=%zu -DCPU_NV=%zu -DCPU_MR=%zu -DCPU_MB=%zu -DCPU_KC=%zu", vw, t.tn / vw, t.tm,
             t.bm, t.bk);
}
// end snippet cpu-refused

const tiles tuning_sweep[] = {
    {.bm = 128, .bn = 128, .bk = 8, .tm = 8, .tn = 8}, {.bm = 128, .bn = 128, .bk = 16, .tm = 8, .tn = 8},
    {.bm = 128, .bn = 64, .bk = 8, .tm = 8, .tn = 8},  {.bm = 128, .bn = 64, .bk = 16, .tm = 8, .tn = 8},
    {.bm = 64, .bn = 128, .bk = 8, .tm = 8, .tn = 8},  {.bm = 64, .bn = 64, .bk = 8, .tm = 8, .tn = 8},
    {.bm = 64, .bn = 64, .bk = 16, .tm = 8, .tn = 8},  {.bm = 128, .bn = 64, .bk = 8, .tm = 8, .tn = 4},
    {.bm = 256, .bn = 64, .bk = 8, .tm = 16, .tn = 8}, {.bm = 128, .bn = 256, .bk = 8, .tm = 8, .tn = 16},
    {.bm = 64, .bn = 64, .bk = 8, .tm = 4, .tn = 4},   {.bm = 32, .bn = 64, .bk = 16, .tm = 4, .tn = 8},
};
const size_t tuning_sweep_count = sizeof tuning_sweep / sizeof tuning_sweep[0];

// snippet: pinned
/* Host memory the device can copy from directly: a buffer made with
 * CL_MEM_ALLOC_HOST_PTR is (on most drivers) page-locked host memory, and
 * mapping it gives us a pointer into it. Pageable memory from malloc must
 * first be copied by the driver into such a staging area. */
float *tuning_host_floats(clu_env *env, size_t n, int pinned, cl_mem *keep)
{
    *keep = NULL;
    if (!pinned) return clu_malloc(clu_bytes(n, sizeof(float), "a matrix"), "a matrix");
    cl_int err;
    *keep = clu_buffer(env, CL_MEM_ALLOC_HOST_PTR, n * sizeof(float), NULL, "a pinned matrix");
    float *p = clEnqueueMapBuffer(env->queue, *keep, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, n * sizeof(float), 0,
                                  NULL, NULL, &err);
    CLU_CHECK_ERR(err, "clEnqueueMapBuffer");
    return p;
}
void tuning_free_floats(clu_env *env, float *p, cl_mem keep)
{
    if (!keep) {
        free(p);
        return;
    }
// end snippet pinned
    CLU_CHECK(clEnqueueUnmapMemObject(env->queue, keep, p, 0, NULL, NULL));
    clReleaseMemObject(keep); /* freed once the unmap is done */
}

void tuning_report_transfers(const char *name, const char *why, size_t M, size_t N, size_t K, size_t reps,
                             double kernel_ms, double up_ms, double down_ms, int pinned)
{
    // snippet: transfer-report
    const double flop = 2.0 * M * N * K;
    const double bytes_up = (double)(M * K + K * N) * sizeof(float);
    const double bytes_down = (double)(M * N) * sizeof(float);
    const double total = up_ms + kernel_ms + down_ms;
    printf("%s: %s\n", name, why);
    printf("kernel:   %10.3f ms  %9.1f GFLOP/s (best of %zu)\n", kernel_ms, flop / kernel_ms * 1e-6, reps);
    printf("upload:   %10.3f ms  %9.2f GB/s   A and B from %s host memory\n", up_ms, bytes_up / up_ms * 1e-6,
           pinned ? "pinned" : "pageable");
    printf("download: %10.3f ms  %9.2f GB/s   C\n", down_ms, bytes_down / down_ms * 1e-6);
    printf("offload:  %10.3f ms  %9.1f GFLOP/s counting the transfers (%.0f%% of the time moving data)\n", total,
           flop / total * 1e-6, 100.0 * (up_ms + down_ms) / total);
    // end snippet transfer-report
}
