/* Lesson 03 -- vector types and work-group sizes: the outer sum
 * C[x] = sum_y A[x] * B[y] with float4 and float8, measured against the
 * device's FMA peak in the same run.
 *
 * Teaches: float4/float8 kernels over plain float buffers, remainders for
 * sizes the vector width does not divide, independent chains of
 * multiply-adds, the per-kernel limits (CL_KERNEL_WORK_GROUP_SIZE,
 * CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, CL_KERNEL_PRIVATE_MEM_SIZE),
 * and an honest comparison with OpenMP C loops on a CPU device (compare.c:
 * the plain loop, and one with float8acc's vectors and chains). `make
 * bench` runs it at work-group sizes 32 to 1024 (lessons/03-vector-types/
 * bench.args) and draws the figures (plot.gp).
 * APIs introduced: clGetKernelWorkGroupInfo for the kernel's limits.
 * Kernel files: kernels/03-vector-types.cl (scalar: kernels/01-hello-world.cl)
 * The options: settings.c beside this file, read once.
 */
#include "clu.h"
#include "settings.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the C reference ---------------------------------------------------- */

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

/* compare.c: the same sum in C on the CPU's cores with OpenMP, the plain
 * loop and the loop given float8acc's ideas; 0 threads where the program
 * was built without OpenMP. */
int openmp_threads(void);
void outer_sum_openmp(const float *A, const float *B, float *C, int X, int Y);
void outer_sum_openmp8acc(const float *A, const float *B, float *C, int X, int Y);

/* ---- the variants ------------------------------------------------------- */

// snippet: variants
typedef struct {
    const char *name, *why; /* -o NAME, and why the variant exists */
    const char *file, *kernel;
    size_t width;           /* elements of C per work-item */
    int tiled;              /* B in local tiles of one float8 per work-item */
} variant;

#define K03 "03-vector-types.cl"
static const variant variants[] = {
    {.name = "scalar", .why = "lesson 01's kernel: one element of C per work-item",
     .file = "01-hello-world.cl", .kernel = "outer_sum", .width = 1},
    {.name = "float4", .why = "A and C as float4: one load of B[y] feeds 4 multiply-adds",
     .file = K03, .kernel = "outer_sum_f4", .width = 4},
    {.name = "float8", .why = "A and C as float8: one load of B[y] feeds 8",
     .file = K03, .kernel = "outer_sum_f8", .width = 8},
    {.name = "float8b", .why = "B read as float8 too: one load feeds 64 multiply-adds",
     .file = K03, .kernel = "outer_sum_f8b", .width = 8},
    {.name = "float8local", .why = "float8b with B in local tiles (lesson 02)",
     .file = K03, .kernel = "outer_sum_f8local", .width = 8, .tiled = 1},
    {.name = "float8acc", .why = "float8b with 8 independent sums: the chains of the peak kernel",
     .file = K03, .kernel = "outer_sum_f8acc", .width = 8},
    {.name = "float16local", .why = "float8local with 16 elements of C per work-item",
     .file = K03, .kernel = "outer_sum_f16local", .width = 16, .tiled = 1},
};
#define NV (sizeof variants / sizeof variants[0])
// end snippet variants

typedef struct { /* what every variant shares */
    clu_env env;
    cl_mem d_A, d_B, d_C;
    size_t X, Y, wg;
} problem;

// snippet: launch-width
/* One work-item per `width` elements of C, rounded up: the last one owns
 * the remainder X % width. */
static size_t global_size(const problem *p, const variant *v)
{
    size_t items = (p->X + v->width - 1) / v->width;
    return clu_round_up(items, p->wg);
}
// end snippet launch-width

static cl_kernel build(clu_env *env, const variant *v)
{
    cl_program prog = clu_build(env, v->file, "");
    cl_kernel k = clu_kernel(prog, v->kernel);
    clReleaseProgram(prog); /* the kernel keeps it alive */
    return k;
}

/* Variant v's kernel k with its arguments set, after printing its limits;
 * NULL (released) when it cannot take this work-group size and was not
 * asked for by name (-o). */
static cl_kernel prepare(problem *p, const variant *v, cl_kernel k, int named)
{
    int X = (int)p->X, Y = (int)p->Y;
    CLU_CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &p->d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &p->d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof(cl_mem), &p->d_C));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof(int), &X));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof(int), &Y));
    if (v->tiled) CLU_CHECK(clSetKernelArg(k, 5, p->wg * 8 * sizeof(float), NULL));

    // snippet: kernel-limits
    size_t kmax = 0, mult = 0;
    cl_ulong priv = 0, local = 0;
    cl_device_id d = p->env.device;
    CLU_CHECK(clGetKernelWorkGroupInfo(k, d, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax, NULL));
    CLU_CHECK(clGetKernelWorkGroupInfo(k, d, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                       sizeof mult, &mult, NULL));
    CLU_CHECK(clGetKernelWorkGroupInfo(k, d, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv, NULL));
    CLU_CHECK(clGetKernelWorkGroupInfo(k, d, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local, NULL));
    printf("  %-12s at most %zu work-items per group, best in multiples of %zu, "
           "%llu bytes private memory per work-item\n",
           v->name, kmax, mult, (unsigned long long)priv);
    /* Running every variant (no -o), skip one that cannot take this size. */
    size_t dmax = clu_device_size(d, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    if (!named && (p->wg > kmax || p->wg > dmax || local > clu_device_ulong(d, CL_DEVICE_LOCAL_MEM_SIZE))) {
        printf("  %-12s skipped: cannot run work-groups of %zu here\n", v->name, p->wg);
        return clReleaseKernel(k), NULL;
    }
    // end snippet kernel-limits
    clu_check_wgsize(&p->env, k, p->wg); /* exit 2 with the limits */
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
    size_t global = global_size(p, v);
    CLU_CHECK(clEnqueueNDRangeKernel(p->env.queue, k, 1, NULL, &global, &p->wg, 0, NULL, NULL));
    clu_read(&p->env, p->d_C, p->X * sizeof(float), h_C);
    char what[64];
    snprintf(what, sizeof what, "%s C (wg %zu%s)", v->name, p->wg, mag ? "" : ", whole numbers");
    return clu_verify(what, h_C, ref, mag, p->X, p->Y);
}
// end snippet run-verify

/* ---- time ---------------------------------------------------------------- */

/* A shared or throttled device can be slow during one measurement: the
 * peak is measured before and after the kernels and the higher one counts. */
static double remeasure_peak(clu_env *env, double before)
{
    double after = clu_peak_gflops(env), peak = after > before ? after : before;
    printf("measured FMA peak: %.1f GFLOP/s before the kernels, %.1f after: %.1f counts\n",
           before, after, peak);
    return peak;
}

/* ---- report --------------------------------------------------------------- */

// snippet: report
static void report(const char *name, const char *why, const problem *p, size_t width, double ms,
                   double peak)
{
    double gflops = 2.0 * (double)p->X * (double)p->Y / ms * 1e-6;
    printf("%-12s wg %4zu %10.3f ms %9.2f GFLOP/s %6.1f%% of peak  (%s)\n", name, p->wg, ms, gflops,
           100.0 * gflops / peak, why);
    printf("result: variant=%s X=%zu Y=%zu wg=%zu width=%zu ms=%.4f gflops=%.2f peak_gflops=%.1f "
           "pct_peak=%.2f timer=%s\n", name, p->X, p->Y, p->wg, width, ms, gflops, peak,
           100.0 * gflops / peak, p->env.host_timer || !strncmp(name, "openmp", 6) ? "host" : "events");
}
// end snippet report

/* ---- time all, then report ---------------------------------------------- */

// snippet: time
/* Every verified variant, the best of `reps` runs each, and on a CPU device
 * the two OpenMP loops, in turns; the FMA peak measured before and after. */
static void time_all(problem *p, cl_kernel *kernels, const float *h_A, const float *h_B, float *h_C,
                     size_t reps, int cpu)
{
    double ms[NV] = {0}, peak = clu_peak_gflops(&p->env), omp_ms[2] = {INFINITY, INFINITY};
    for (size_t v = 0; v < NV; v++)
        if (kernels[v]) {
            size_t global = global_size(p, &variants[v]);
            ms[v] = clu_run_best(&p->env, kernels[v], 1, &global, &p->wg, reps);
        }
    for (size_t r = 0; cpu && r < reps; r++)
        for (int o = 0; o < 2; o++) { /* plain, then 8acc */
            double t0 = clu_now();
            (o ? outer_sum_openmp8acc : outer_sum_openmp)(h_A, h_B, h_C, (int)p->X, (int)p->Y);
            omp_ms[o] = fmin(omp_ms[o], (clu_now() - t0) * 1e3);
        }
    peak = remeasure_peak(&p->env, peak);
    // end snippet time

    size_t best = 0;
    for (size_t v = 0; v < NV; v++)
        if (kernels[v]) {
            report(variants[v].name, variants[v].why, p, variants[v].width, ms[v], peak);
            if (!kernels[best] || ms[v] < ms[best]) best = v;
        }
    double gflops = 2.0 * (double)p->X * (double)p->Y / ms[best] * 1e-6;
    printf("best: %s with work-group size %zu: %.2f GFLOP/s, %.1f%% of the measured peak\n",
           variants[best].name, p->wg, gflops, 100.0 * gflops / peak);
    for (int o = 0; cpu && o < 2; o++) {
        char why[64];
        snprintf(why, sizeof why, "%d threads, %.2fx the best kernel", openmp_threads(), ms[best] / omp_ms[o]);
        report(o ? "openmp8acc" : "openmp", why, p, o ? 8 : 1, omp_ms[o], peak);
    }
}

int main(int argc, char **argv)
{
    clu_common common; /* -p, -d, --budget, ...: what every program understands */
    const settings s = read_settings(argc, argv, (clu_option){CLU_VARIANTS(variants)}, &common);
    problem p = {.X = s.X, .Y = s.Y};
    clu_setup(&p.env, &common); /* lesson 01's platform, device, context and queue */
    if (s.fill) p.X = 131072 * clu_device_size(p.env.device, CL_DEVICE_MAX_COMPUTE_UNITS);
    if (p.X > 1 << 28) clu_die("--fill-device: X = %zu is more than -x allows", p.X);
    const size_t X = p.X, Y = p.Y; /* read often below */
    int simulated = clu_on_oclgrind(&p.env), cpu = !clu_device_is_gpu(p.env.device) && !simulated;
    if (cpu && !openmp_threads())
        printf("openmp: not compared: this build has no OpenMP (the compiler took no -fopenmp)\n"), cpu = 0;
    /* The work-group size, unless -t: the largest power of two up to 64
     * that every selected kernel allows on this device (rusticl: 32). */
    cl_kernel kernels[NV] = {0};
    size_t nrun = 0;
    for (size_t v = 0; v < NV; v++) {
        if (s.chosen >= 0 && (int)v != s.chosen) continue;
        kernels[v] = build(&p.env, &variants[v]);
        nrun++;
        size_t w = clu_default_wg(&p.env, kernels[v], 64);
        if (!p.wg || w < p.wg) p.wg = w;
    }
    const size_t wg = p.wg = s.wg ? s.wg : p.wg;
    /* Each variant runs X·Y multiply-adds 2 + reps times (one chain per
     * work-item, as the probe's: at most Y loop turns, and about four more a
     * tile), each OpenMP loop as many on the host, and the serial C twice:
     * refuse typed sizes that would outrun --budget, a loop the device would
     * stop, or the memory. */
    clu_check_budget(&p.env, &common, (clu_work){.fma = (double)X * Y * (double)((2 + s.reps) * nrun),
                     .chain = (double)Y * (double)((2 + s.reps) * nrun),
                     .host = (double)X * (Y + 16) * (double)(2 + (2 + s.reps) * 2 * cpu) + 50.0 * (X + Y),
                     .turns = Y + 4.0 * Y / (double)wg}, "X·Y multiply-adds per run of each variant");
    clu_check_memory(&p.env, clu_bytes(X, 2 * sizeof(float) + 2 * sizeof(double), "the host arrays") +
                     Y * sizeof(float), clu_bytes(X, 2 * sizeof(float), "the buffers") + Y * sizeof(float));

    float *h_A = clu_malloc(X * sizeof(float), "A"), *h_B = clu_malloc(Y * sizeof(float), "B");
    float *h_C = clu_malloc(X * sizeof(float), "C");
    double *ref = clu_malloc(X * sizeof(double), "the reference");
    double *mag = clu_malloc(X * sizeof(double), "the error bounds");
    p.d_A = clu_buffer(&p.env, CL_MEM_READ_ONLY, X * sizeof(float), NULL, "A");
    p.d_B = clu_buffer(&p.env, CL_MEM_READ_ONLY, Y * sizeof(float), NULL, "B");
    p.d_C = clu_buffer(&p.env, CL_MEM_WRITE_ONLY, X * sizeof(float), NULL, "C");
    printf("sizes: X = %zu, Y = %zu, work-group size %zu\nkernel limits on this device:\n", X, Y, wg);
    int ran = 0;
    for (size_t v = 0; v < NV; v++)
        if (kernels[v]) ran += (kernels[v] = prepare(&p, &variants[v], kernels[v], s.chosen >= 0)) != NULL;
    if (!ran) clu_die("no variant can run work-groups of %zu here", wg);

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
        for (int o = 0; cpu && o < 2; o++) { /* the OpenMP loops, checked the same way */
            for (size_t x = 0; x < X; x++) h_C[x] = NAN;
            (o ? outer_sum_openmp8acc : outer_sum_openmp)(h_A, h_B, h_C, (int)X, (int)Y);
            char what[48];
            snprintf(what, sizeof what, "%s C%s", o ? "openmp8acc" : "OpenMP", exact ? " (whole numbers)" : "");
            wrong += clu_verify(what, h_C, ref, exact ? NULL : mag, X, Y);
        }
    }
    // end snippet check-all

    double timing_s = (clu_now() - t_check) / 2 * (double)s.reps; /* the check ran each twice */
    if (simulated || wrong || !s.reps) /* a simulator's times mean nothing; a wrong kernel's neither */
        printf("times: not measured (%s)\n", wrong ? "a result is wrong" : simulated ? "Oclgrind simulates" : "-r 0");
    else if (common.typed[0] && timing_s > (double)common.budget) /* typed sizes, a slow device */
        printf("times: not measured (the timed runs would take about %.0f s, more than --budget %zu s: "
               "choose smaller sizes or raise --budget)\n", timing_s, common.budget);
    else {
        clu_step("the timing of the kernels");
        time_all(&p, kernels, h_A, h_B, h_C, s.reps, cpu);
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
