/* Lesson 02 -- local memory: the outer sum C[x] = sum_y A[x] * B[y] with B
 * staged in the work-group's local memory, whole and in tiles.
 *
 * Teaches: local memory and its size (CL_DEVICE_LOCAL_MEM_SIZE,
 * CL_DEVICE_LOCAL_MEM_TYPE, CL_KERNEL_LOCAL_MEM_SIZE), a __local kernel
 * argument sized by the host (clSetKernelArg with a size and NULL), tiles
 * with a partial last tile, barrier() and the rule that every work-item of a
 * group must reach every barrier, shown with a deliberately wrong kernel that
 * runs only under Oclgrind (or with --i-know: on a GPU it may hang).
 * APIs introduced: clGetKernelWorkGroupInfo(CL_KERNEL_LOCAL_MEM_SIZE),
 * clGetDeviceInfo(CL_DEVICE_LOCAL_MEM_TYPE), clEnqueueFillBuffer.
 * Kernel files: kernels/02-local-memory.cl (naive: kernels/01-hello-world.cl)
 * The options: settings.c beside this file, read once.
 */
#include "clu.h"
#include "settings.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- the C reference ---------------------------------------------------- */

// snippet: reference
/* C[x] = A[x] · ΣB in double, and |A[x]| · √ΣB² for the error bound, as in
 * lesson 01. */
static void reference(const float *A, const float *B, double *ref, double *mag, size_t X, size_t Y)
{
    double sumB = 0.0, sumSqB = 0.0;
    for (size_t y = 0; y < Y; y++) {
        sumB += B[y];
        sumSqB += (double)B[y] * B[y];
    }
    for (size_t x = 0; x < X; x++) {
        ref[x] = (double)A[x] * sumB;
        mag[x] = fabs((double)A[x]) * sqrt(sumSqB);
    }
}
// end snippet reference

/* ---- the variants ------------------------------------------------------- */

// snippet: variants
enum { NO_LOCAL, ALL_OF_B, ONE_TILE }; /* what a variant keeps in local memory */

typedef struct {
    const char *name, *why; /* -o NAME, and why the variant exists */
    const char *file, *kernel;
    int local;              /* NO_LOCAL, ALL_OF_B (Y floats) or ONE_TILE (T floats) */
    int wrong;              /* breaks the barrier rule: Oclgrind or --i-know only */
} variant;

static const variant variants[] = {
    {.name = "naive", .why = "lesson 01's kernel: every work-item reads all of B from global memory",
     .file = "01-hello-world.cl", .kernel = "outer_sum", .local = NO_LOCAL},
    {.name = "whole", .why = "the group copies all of B into local memory once (Y is limited)",
     .file = "02-local-memory.cl", .kernel = "outer_sum_whole", .local = ALL_OF_B},
    {.name = "tiled", .why = "B through local memory one tile of T floats at a time: any Y",
     .file = "02-local-memory.cl", .kernel = "outer_sum_tiled", .local = ONE_TILE},
    {.name = "wrong-barrier", .why = "WRONG on purpose: an early return before a barrier",
     .file = "02-local-memory.cl", .kernel = "outer_sum_wrong_barrier", .local = ONE_TILE, .wrong = 1},
};
#define NV (sizeof variants / sizeof variants[0])
// end snippet variants

typedef struct { /* what every variant shares */
    clu_env env;
    cl_mem d_A, d_B, d_C;
    size_t X, Y, T, wg;
} problem;

static cl_kernel build(clu_env *env, const variant *v)
{
    cl_program prog = clu_build(env, v->file, "");
    cl_kernel k = clu_kernel(prog, v->kernel);
    clReleaseProgram(prog); /* the kernel keeps it alive */
    return k;
}

/* Variant v's kernel k with its arguments set, or NULL (released) when it
 * cannot run these sizes and was not asked for by name. */
static cl_kernel prepare(problem *p, const variant *v, cl_kernel k, int named)
{
    int X = (int)p->X, Y = (int)p->Y, T = (int)p->T;
    CLU_CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &p->d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &p->d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof(cl_mem), &p->d_C));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof(int), &X));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof(int), &Y));
    size_t kmax = 0; /* NVIDIA allows fewer work-items for a kernel than the device could */
    CLU_CHECK(clGetKernelWorkGroupInfo(k, p->env.device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax,
                                       &kmax, NULL));
    if (!named && p->wg > kmax) {
        printf("%-13s skipped: at most %zu work-items per group for this kernel\n", v->name, kmax);
        return clReleaseKernel(k), NULL;
    }
    clu_check_wgsize(&p->env, k, p->wg); /* the work-group size, before its tile */
    // snippet: local-size
    /* How much local memory may this launch ask for? The device's amount,
     * less what the kernel already declares itself. */
    unsigned long long have = clu_device_ulong(p->env.device, CL_DEVICE_LOCAL_MEM_SIZE);
    cl_ulong declared = 0;
    CLU_CHECK(clGetKernelWorkGroupInfo(k, p->env.device, CL_KERNEL_LOCAL_MEM_SIZE,
                                       sizeof declared, &declared, NULL));
    size_t floats = v->local == ALL_OF_B ? p->Y : p->T;
    unsigned long long room = (have > declared ? have - declared : 0) / sizeof(float);
    if (v->local != NO_LOCAL && floats > room) {
        char why[256], fix[64] = "use -o tiled, which takes any Y";
        if (v->local == ONE_TILE) snprintf(fix, sizeof fix, "choose -s %llu or less", room);
        snprintf(why, sizeof why, "%s of %zu floats needs %zu bytes of local memory, the device "
                 "has %llu bytes (room for %llu floats): %s", v->local == ALL_OF_B ? "all of B"
                 : "a tile", floats, floats * sizeof(float), have, room, fix);
        if (named) clu_die("-o %s: %s", v->name, why);
        printf("%-13s skipped: %s\n", v->name, why);
        return clReleaseKernel(k), NULL;
    }
    // end snippet local-size
    // snippet: local-arg
    /* A __local pointer argument: its size, and NULL for the value. Every
     * work-group gets its own block of that many bytes. */
    if (v->local != NO_LOCAL) CLU_CHECK(clSetKernelArg(k, 5, floats * sizeof(float), NULL));
    if (v->local == ONE_TILE) CLU_CHECK(clSetKernelArg(k, 6, sizeof(int), &T));
    // end snippet local-arg
    return k;
}

/* ---- run and verify ----------------------------------------------------- */

// snippet: run-verify
/* Run variant v once on the data in the buffers and compare with the
 * reference. C starts as NaN: an element the kernel never writes fails. */
static size_t run_verify(problem *p, const variant *v, cl_kernel k, float *h_C, const double *ref,
                         const double *mag)
{
    float nan = NAN;
    CLU_CHECK(clEnqueueFillBuffer(p->env.queue, p->d_C, &nan, sizeof nan, 0, p->X * sizeof(float),
                                  0, NULL, NULL));
    size_t global = clu_round_up(p->X, p->wg);
    clu_step_kernel(k, "the check of the kernels"); /* what the watchdog names if it never ends */
    CLU_CHECK(clEnqueueNDRangeKernel(p->env.queue, k, 1, NULL, &global, &p->wg, 0, NULL, NULL));
    clu_read(&p->env, p->d_C, p->X * sizeof(float), h_C);
    char what[64];
    snprintf(what, sizeof what, "%s C%s", v->name, mag ? "" : " (whole numbers)");
    return clu_verify(what, h_C, ref, mag, p->X, p->Y);
}
// end snippet run-verify

int main(int argc, char **argv)
{
    clu_common common; /* -p, -d, --budget, ...: what every program understands */
    const settings s = read_settings(argc, argv, (clu_option){CLU_VARIANTS(variants)}, &common);
    problem p = {.X = s.X, .Y = s.Y};
    clu_setup(&p.env, &common); /* lesson 01's platform, device, context and queue */
    int simulated = clu_on_oclgrind(&p.env);
    if (s.chosen >= 0 && variants[s.chosen].wrong && !simulated && !s.i_know) {
        fflush(stdout); /* the device lines first, then the refusal */
        clu_die("-o wrong-barrier breaks the barrier rule and may hang a GPU: run it under "
                "Oclgrind (oclgrind %s -o wrong-barrier ...), or add --i-know", argv[0]);
    }
    if (s.fill) p.X = 131072 * clu_device_size(p.env.device, CL_DEVICE_MAX_COMPUTE_UNITS);
    if (p.X > INT_MAX) clu_die("--fill-device: X = %zu is more than the kernels take", p.X);
    const size_t X = p.X, Y = p.Y; /* read often below */
    /* The work-group size, unless -t: the largest power of two up to 256
     * that every selected kernel allows on this device (rusticl: 32). */
    cl_kernel kernels[NV] = {0};
    size_t nrun = 0;
    for (size_t v = 0; v < NV; v++) {
        if (s.chosen >= 0 ? (int)v != s.chosen : variants[v].wrong) continue;
        kernels[v] = build(&p.env, &variants[v]);
        nrun++;
        size_t w = clu_default_wg(&p.env, kernels[v], 256);
        if (!p.wg || w < p.wg) p.wg = w;
    }
    const size_t wg = p.wg = s.wg ? s.wg : p.wg;
    p.T = s.T ? s.T : wg;
    /* Each variant runs X·Y multiply-adds 2 + reps times (one chain per
     * work-item, as the probe's: Y loop turns, and about four more a tile as
     * llvmpipe counts them, measured), the serial C twice: refuse typed
     * sizes that would take longer than --budget, loop longer than the
     * device runs, or need more memory than there is. */
    clu_check_budget(&p.env, &common, (clu_work){.fma = (double)X * Y * (double)((2 + s.reps) * nrun),
                     .chain = (double)Y * (double)((2 + s.reps) * nrun), .host = 2.0 * X * (Y + 16) + 50.0 * (X + Y),
                     .turns = Y + 4.0 * Y / (double)p.T}, "X·Y multiply-adds per run of each variant");
    clu_check_memory(&p.env, clu_bytes(X, 2 * sizeof(float) + 2 * sizeof(double), "the host arrays") +
                     Y * sizeof(float), clu_bytes(X, 2 * sizeof(float), "the buffers") + Y * sizeof(float));

    // snippet: query-local
    cl_ulong local_mem = clu_device_ulong(p.env.device, CL_DEVICE_LOCAL_MEM_SIZE);
    cl_device_local_mem_type local_type;
    CLU_CHECK(clGetDeviceInfo(p.env.device, CL_DEVICE_LOCAL_MEM_TYPE, sizeof local_type,
                              &local_type, NULL));
    printf("local memory: %llu bytes per work-group (%s)\n", (unsigned long long)local_mem,
           local_type == CL_LOCAL ? "dedicated on-chip memory"
                                  : "emulated in global memory: no faster than it");
    // end snippet query-local
    printf("sizes: X = %zu, Y = %zu, work-group size %zu, tile %zu floats\n", X, Y, wg, p.T);

    float *h_A = clu_malloc(clu_bytes(X, sizeof(float), "A"), "A");
    float *h_B = clu_malloc(clu_bytes(Y, sizeof(float), "B"), "B");
    float *h_C = clu_malloc(X * sizeof(float), "C");
    double *ref = clu_malloc(X * sizeof(double), "the reference");
    double *mag = clu_malloc(X * sizeof(double), "the error bounds");
    p.d_A = clu_buffer(&p.env, CL_MEM_READ_ONLY, X * sizeof(float), NULL, "A");
    p.d_B = clu_buffer(&p.env, CL_MEM_READ_ONLY, Y * sizeof(float), NULL, "B");
    p.d_C = clu_buffer(&p.env, CL_MEM_WRITE_ONLY, X * sizeof(float), NULL, "C");
    int ran = 0;
    for (size_t v = 0; v < NV; v++)
        if (kernels[v]) ran += (kernels[v] = prepare(&p, &variants[v], kernels[v], s.chosen >= 0)) != NULL;
    if (!ran) clu_die("no variant can run with these sizes");

    // snippet: check-all
    /* Every variant twice. Halves first (whole numbers and x.5): their
     * products are quarters, and any sum of them is exact in float while its
     * partial sums stay below 2^22, so the result must equal the reference,
     * a missing term shows, and so does a kernel that keeps only whole
     * numbers. A is ±½..4, B ±½..m: the partial sums of B are a random walk
     * that stays within 5·σ·√Y (σ, the size of a step, is about m/√3), so
     * with m = 10^5/√Y every partial sum of A[x]·B[y] stays under 1.5·10^6,
     * below 2^22 ≈ 4.2·10^6. The larger m, the less likely it is that
     * several wrong terms cancel out. Then random floats whose sum is kept
     * away from 0, against a bound that grows as rounding error does. */
    int m = (int)fmax(1.0, 1e5 / sqrt((double)Y));
    size_t wrong = 0;
    clu_step("the check of the kernels");
    double t_check = clu_now();
    for (int exact = 1; exact >= 0; exact--) {
        if (exact) clu_fill_halves(h_A, X, 1, 4), clu_fill_halves(h_B, Y, 2, m);
        else clu_fill_random(h_A, X, 1, -1.0f, 1.0f), clu_fill_random(h_B, Y, 2, -1.0f, 1.0f),
             clu_move_sum_off_zero(h_B, Y);
        CLU_CHECK(clEnqueueWriteBuffer(p.env.queue, p.d_A, CL_TRUE, 0, X * sizeof(float), h_A, 0, NULL, NULL));
        CLU_CHECK(clEnqueueWriteBuffer(p.env.queue, p.d_B, CL_TRUE, 0, Y * sizeof(float), h_B, 0, NULL, NULL));
        reference(h_A, h_B, ref, mag, X, Y);
        for (size_t v = 0; v < NV; v++)
            if (kernels[v]) wrong += run_verify(&p, &variants[v], kernels[v], h_C, ref, exact ? NULL : mag);
    }
    // end snippet check-all

    /* ---- time --------------------------------------------------------------- */
    // snippet: time
    /* Only what was verified. Oclgrind is a simulator: its times mean
     * nothing, and the peak kernel would take minutes there. */
    int timed = !simulated && !wrong && s.reps;
    double timing_s = (clu_now() - t_check) / 2 * (double)s.reps; /* the check ran each twice */
    if (timed && common.typed[0] && timing_s > (double)common.budget) timed = 0; /* typed sizes, slow device */
    clu_step("the timing of the kernels");
    double ms[NV] = {0}, peak = timed ? clu_peak_gflops(&p.env) : 0.0;
    size_t global = clu_round_up(X, wg);
    for (size_t v = 0; v < NV && timed; v++)
        if (kernels[v]) ms[v] = clu_run_best(&p.env, kernels[v], 1, &global, &wg, s.reps);
    // end snippet time

    /* ---- report ------------------------------------------------------------- */
    if (timed) printf("measured FMA peak: %.1f GFLOP/s; best of %zu runs:\n", peak, s.reps);
    else if (wrong || simulated || !s.reps)
        printf("times: not measured (%s)\n", wrong ? "a result is wrong" : simulated ? "Oclgrind simulates" : "-r 0");
    else
        printf("times: not measured (the timed runs would take about %.0f s, more than --budget %zu s: "
               "choose smaller sizes or raise --budget)\n", timing_s, common.budget);
    double gflop = 2.0 * (double)X * (double)Y * 1e-9;
    for (size_t v = 0; v < NV && timed; v++) {
        if (!kernels[v]) continue;
        double gflops = gflop / ms[v] * 1e3;
        printf("%-13s %10.3f ms %9.2f GFLOP/s %6.1f%% of peak", variants[v].name, ms[v], gflops,
               100.0 * gflops / peak);
        if (ms[0] > 0) printf("  %5.2fx naive", ms[0] / ms[v]);
        printf("\nresult: variant=%s X=%zu Y=%zu wg=%zu local_floats=%zu ms=%.4f gflops=%.2f "
               "peak_gflops=%.1f pct_peak=%.2f timer=%s", variants[v].name, X, Y, wg,
               variants[v].local == ALL_OF_B ? Y : variants[v].local == ONE_TILE ? p.T : 0, ms[v],
               gflops, peak, 100.0 * gflops / peak, p.env.host_timer ? "host" : "events");
        if (ms[0] > 0) printf(" vs_naive=%.3f", ms[0] / ms[v]);
        printf("\n");
    }

    for (size_t v = 0; v < NV; v++)
        if (kernels[v]) clReleaseKernel(kernels[v]);
    clReleaseMemObject(p.d_A);
    clReleaseMemObject(p.d_B);
    clReleaseMemObject(p.d_C);
    clu_teardown(&p.env);
    free(h_A), free(h_B), free(h_C), free(ref), free(mag);
    return clu_exit_status(wrong);
}
