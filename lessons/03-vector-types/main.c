/* Lesson 03 -- vector types and work-group sizes: the outer sum
 * C[x] = sum_y A[x] * B[y] with float4 and float8, measured against the
 * device's FMA peak in the same run.
 *
 * Teaches: float4/float8 kernels over plain float buffers, remainders for
 * sizes the vector width does not divide, the per-kernel limits
 * (CL_KERNEL_WORK_GROUP_SIZE, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
 * CL_KERNEL_PRIVATE_MEM_SIZE), a work-group size sweep, and an honest
 * comparison with an OpenMP C loop on a CPU device.
 * APIs introduced: clGetKernelWorkGroupInfo for the kernel's limits.
 *
 * Variants (-o): scalar (lesson 01's kernel), float4, float8, float8b (B as
 * float8 too), float8local (float8b with B in local tiles), float8acc
 * (float8b with eight independent sums: the chains of the peak kernel),
 * float16local (float8local with 16 elements per work-item).
 * --sweep runs every variant at work-group sizes 32..1024 and prints a table
 * and the best; --csv FILE saves the sweep for `make bench`.
 */
#include "clu.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef _OPENMP
#include <omp.h>
#endif

typedef struct {
    const char *name;
    const char *file;
    const char *kernel;
    int width; /* elements of C per work-item */
    int local; /* 1: one float8 of local memory per work-item */
    const char *what;
} variant;

static const variant variants[] = {
    {"scalar", "01-hello-world.cl", "outer_sum", 1, 0, "lesson 01: one element per work-item"},
    {"float4", "03-vector-types.cl", "outer_sum_f4", 4, 0, "A and C as float4"},
    {"float8", "03-vector-types.cl", "outer_sum_f8", 8, 0, "A and C as float8"},
    {"float8b", "03-vector-types.cl", "outer_sum_f8b", 8, 0, "A, B and C as float8"},
    {"float8local", "03-vector-types.cl", "outer_sum_f8local", 8, 1, "float8b, B in local tiles"},
    {"float8acc", "03-vector-types.cl", "outer_sum_f8acc", 8, 0, "float8b, 8 independent sums"},
    {"float16local", "03-vector-types.cl", "outer_sum_f16local", 16, 1, "float8local, 16 elements per work-item"},
};
#define NVARIANTS ((int)(sizeof variants / sizeof variants[0]))

static const size_t sweep_wgs[] = {32, 64, 128, 256, 512, 1024};
#define NWGS ((int)(sizeof sweep_wgs / sizeof sweep_wgs[0]))

// snippet: openmp
/* The same loop as lesson 01's serial C, spread over the CPU's cores by
 * OpenMP. `simd reduction` allows the compiler to reorder the sum, the same
 * freedom the OpenCL compiler has, so it can use the vector units. */
static void outer_sum_openmp(const float *A, const float *B, float *C, int X, int Y)
{
#pragma omp parallel for schedule(static)
    for (int x = 0; x < X; x++) {
        float a = A[x], sum = 0.0f;
#pragma omp simd reduction(+ : sum)
        for (int y = 0; y < Y; y++)
            sum += a * B[y];
        C[x] = sum;
    }
}
// end snippet openmp

static int on_oclgrind(const clu_env *env)
{
    char name[256] = "";
    CLU_CHECK(clGetPlatformInfo(env->platform, CL_PLATFORM_NAME, sizeof name, name, NULL));
    return strstr(name, "Oclgrind") != NULL;
}

/* A shared or throttled device can be slow during one measurement: measure
 * the peak before and after the kernels and keep the higher figure. */
static double remeasure_peak(clu_env *env, double before)
{
    if (before <= 0) return before; /* not measured (Oclgrind) */
    double after = clu_peak_gflops(env);
    double peak = after > before ? after : before;
    printf("measured FMA peak: %.1f GFLOP/s before the kernels, %.1f after: %.1f counts\n",
           before, after, peak);
    return peak;
}

typedef struct {
    clu_env *env;
    cl_program prog01, prog03;
    cl_kernel kernels[NVARIANTS];
    cl_mem d_A, d_B, d_C;
    int X, Y;
    size_t reps;
    cl_ulong local_mem;
    float *h_C;
    const double *ref, *absref;
    size_t bad;
} ctx;

/* Can variant v run with work-groups of wg? If not, say why in `why`. */
static int fits(ctx *c, int v, size_t wg, char *why, size_t whylen)
{
    cl_kernel k = c->kernels[v];
    size_t kmax = 0, dmax = clu_device_size(c->env->device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    CLU_CHECK(clGetKernelWorkGroupInfo(k, c->env->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax,
                                       &kmax, NULL));
    if (wg > kmax || wg > dmax) {
        snprintf(why, whylen, "work-group size %zu is more than this kernel allows (%zu)", wg,
                 kmax < dmax ? kmax : dmax);
        return 0;
    }
    if (variants[v].local && (cl_ulong)wg * 32 > c->local_mem) {
        snprintf(why, whylen, "a tile of %zu float8 needs %zu bytes of local memory, the device has %llu",
                 wg, wg * 32, (unsigned long long)c->local_mem);
        return 0;
    }
    return 1;
}

/* Run variant v with work-groups of wg: best of reps, in ms; verify. */
static double run(ctx *c, int v, size_t wg)
{
    clu_env *env = c->env;
    cl_kernel k = c->kernels[v];
    CLU_CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &c->d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &c->d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof(cl_mem), &c->d_C));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof(int), &c->X));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof(int), &c->Y));
    if (variants[v].local) CLU_CHECK(clSetKernelArg(k, 5, wg * 8 * sizeof(float), NULL));

    // snippet: launch-width
    /* One work-item per `width` elements of C, rounded up: the last one
     * owns the remainder X % width. */
    size_t items = ((size_t)c->X + (size_t)variants[v].width - 1) / (size_t)variants[v].width;
    size_t global = clu_round_up(items, wg);
    // end snippet launch-width

    float nan = NAN; /* unwritten elements of C fail the check */
    CLU_CHECK(clEnqueueFillBuffer(env->queue, c->d_C, &nan, sizeof nan, 0,
                                  (size_t)c->X * sizeof(float), 0, NULL, NULL));
    double best = 1e30;
    for (size_t r = 0; r < c->reps; r++) {
        cl_event ev;
        CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &wg, 0, NULL, &ev));
        double ms = clu_event_ms(ev);
        clReleaseEvent(ev);
        if (ms < best) best = ms;
    }
    CLU_CHECK(clEnqueueReadBuffer(env->queue, c->d_C, CL_TRUE, 0, (size_t)c->X * sizeof(float),
                                  c->h_C, 0, NULL, NULL));
    char what[64];
    snprintf(what, sizeof what, "%s C (wg %zu)", variants[v].name, wg);
    c->bad += clu_verify_sum(what, c->h_C, c->ref, c->absref, (size_t)c->X, (size_t)c->Y);
    return best;
}

static void print_limits(ctx *c, int v)
{
    size_t kmax = 0, mult = 0;
    cl_ulong priv = 0;
    cl_kernel k = c->kernels[v];
    cl_device_id d = c->env->device;
    // snippet: kernel-limits
    CLU_CHECK(clGetKernelWorkGroupInfo(k, d, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax, NULL));
    CLU_CHECK(clGetKernelWorkGroupInfo(k, d, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                       sizeof mult, &mult, NULL));
    CLU_CHECK(clGetKernelWorkGroupInfo(k, d, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv, NULL));
    // end snippet kernel-limits
    printf("  %-12s at most %zu work-items per group, best in multiples of %zu, "
           "%llu bytes private memory per work-item\n",
           variants[v].name, kmax, mult, (unsigned long long)priv);
}

int main(int argc, char **argv)
{
    size_t X = 1 << 20, Y = 2048, wg = 64, reps = 3;
    const char *which = "all", *csv = NULL;
    int sweep = 0;
    const clu_option opts[] = {
        {"-x", "X", "length of A and C", CLU_OPT_SIZE, &X, 1, 1 << 28},
        {"-y", "Y", "length of B (terms in each sum)", CLU_OPT_SIZE, &Y, 1, 1 << 28},
        {"-t", "WG", "work-group size (work-items per group)", CLU_OPT_SIZE, &wg, 1, 1 << 16},
        {"-o", "VARIANT", "all, scalar, float4, float8, float8b, float8local, float8acc, float16local", CLU_OPT_STRING,
         &which, 0, 0},
        {"-r", "N", "runs of each kernel; the best time counts", CLU_OPT_SIZE, &reps, 1, 1000},
        {"--sweep", NULL, "run the variants at work-group sizes 32..1024, print a table",
         CLU_OPT_FLAG, &sweep, 0, 0},
        {"--csv", "FILE", "with --sweep: also write the table to FILE", CLU_OPT_STRING, &csv, 0, 0},
    };
    clu_common common;
    clu_parse_args(argc, argv, "lesson 03: the outer sum with float4 and float8, and a sweep",
                   opts, sizeof opts / sizeof opts[0], &common);
    int chosen = -1; /* -1: all */
    if (strcmp(which, "all") != 0) {
        for (int v = 0; v < NVARIANTS; v++)
            if (!strcmp(which, variants[v].name)) chosen = v;
        if (chosen < 0)
            clu_die("-o: unknown variant '%s' (all, scalar, float4, float8, float8b, float8local, float8acc, float16local)",
                    which);
    }
    if (csv && !sweep) clu_die("--csv needs --sweep");
    FILE *csvf = NULL;
    if (csv && !(csvf = fopen(csv, "w"))) clu_die("--csv: cannot write %s", csv);

    clu_env env;
    clu_setup(&env, &common);
    clu_check_alloc(&env, clu_bytes(X, sizeof(float), "A"), "A");
    clu_check_alloc(&env, clu_bytes(Y, sizeof(float), "B"), "B");
    float *h_A = clu_malloc(X * sizeof *h_A, "A"), *h_B = clu_malloc(Y * sizeof *h_B, "B");
    float *h_C = clu_malloc(X * sizeof *h_C, "C");
    clu_fill_random(h_A, X, 1, -1.0f, 1.0f);
    clu_fill_random(h_B, Y, 2, -1.0f, 1.0f);
    double *ref = clu_malloc(X * sizeof *ref, "the reference");
    double *absref = clu_malloc(X * sizeof *absref, "the error bounds");
    double sumB = 0.0, sumAbsB = 0.0;
    for (size_t y = 0; y < Y; y++) {
        sumB += h_B[y];
        sumAbsB += fabs((double)h_B[y]);
    }
    for (size_t x = 0; x < X; x++) {
        ref[x] = (double)h_A[x] * sumB;
        absref[x] = fabs((double)h_A[x]) * sumAbsB;
    }

    int simulated = on_oclgrind(&env), gpu = clu_device_is_gpu(env.device);
    ctx c = {0};
    c.env = &env;
    c.X = (int)X;
    c.Y = (int)Y;
    c.reps = reps;
    c.local_mem = clu_device_ulong(env.device, CL_DEVICE_LOCAL_MEM_SIZE);
    c.h_C = h_C;
    c.ref = ref;
    c.absref = absref;
    c.prog01 = clu_build(&env, "01-hello-world.cl", "");
    c.prog03 = clu_build(&env, "03-vector-types.cl", "");
    for (int v = 0; v < NVARIANTS; v++)
        c.kernels[v] = clu_kernel(v == 0 ? c.prog01 : c.prog03, variants[v].kernel);
    if (!sweep) {
        for (int v = 0; v < NVARIANTS; v++)
            if (chosen < 0 || v == chosen) {
                clu_check_wgsize(&env, c.kernels[v], wg); /* exit 2 with the limits */
                char why[160];
                if (!fits(&c, v, wg, why, sizeof why)) clu_die("-o %s: %s", variants[v].name, why);
            }
    }

    cl_int err;
    c.d_A = clCreateBuffer(env.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, X * sizeof(float), h_A, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(A)");
    c.d_B = clCreateBuffer(env.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Y * sizeof(float), h_B, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(B)");
    c.d_C = clCreateBuffer(env.context, CL_MEM_WRITE_ONLY, X * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(C)");

    printf("kernel limits on this device:\n");
    for (int v = 0; v < NVARIANTS; v++)
        if (chosen < 0 || v == chosen) print_limits(&c, v);

    /* The yardstick, measured now (not under Oclgrind: a simulator's speed
     * means nothing and the peak kernel would take minutes there). */
    double peak = simulated ? 0.0 : clu_peak_gflops(&env);
    printf("sizes: X = %zu, Y = %zu, best of %zu runs\n", X, Y, reps);
    double flops = 2.0 * (double)X * (double)Y;
#define GFLOPS(ms) (flops / (ms) * 1e-6)
#define PCT(ms) (peak > 0 ? 100.0 * GFLOPS(ms) / peak : 0.0)

    double best_ms = 1e30;
    int best_v = -1;
    size_t best_wg = 0;
    if (!sweep) {
        double ms[NVARIANTS];
        for (int v = 0; v < NVARIANTS; v++)
            if (chosen < 0 || v == chosen) ms[v] = run(&c, v, wg);
        peak = remeasure_peak(&env, peak);
        for (int v = 0; v < NVARIANTS; v++) {
            if (chosen >= 0 && v != chosen) continue;
            printf("%-12s wg %4zu %10.3f ms %9.2f GFLOP/s %6.1f%% of peak  (%s)\n", variants[v].name,
                   wg, ms[v], GFLOPS(ms[v]), PCT(ms[v]), variants[v].what);
            if (ms[v] < best_ms) best_ms = ms[v], best_v = v, best_wg = wg;
        }
    } else {
        // snippet: sweep
        double ms[NVARIANTS][NWGS];
        for (int v = 0; v < NVARIANTS; v++) {
            if (chosen >= 0 && v != chosen) continue;
            for (int w = 0; w < NWGS; w++) {
                char why[160];
                ms[v][w] = fits(&c, v, sweep_wgs[w], why, sizeof why) ? run(&c, v, sweep_wgs[w]) : -1.0;
                if (ms[v][w] > 0 && ms[v][w] < best_ms)
                    best_ms = ms[v][w], best_v = v, best_wg = sweep_wgs[w];
            }
        }
        // end snippet sweep
        peak = remeasure_peak(&env, peak);
        printf("\nGFLOP/s (%% of the measured peak) by variant and work-group size:\n%-12s", "variant");
        for (int w = 0; w < NWGS; w++) printf(" %15zu", sweep_wgs[w]);
        printf("\n");
        if (csvf) {
            char *dev = clu_device_string(env.device, CL_DEVICE_NAME);
            char *drv = clu_device_string(env.device, CL_DRIVER_VERSION);
            char *ver = clu_device_string(env.device, CL_DEVICE_VERSION);
            char date[32];
            time_t now = time(NULL);
            strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
            fprintf(csvf, "# device: %s\n# driver: %s (%s)\n# date: %s\n", dev, drv, ver, date);
            fprintf(csvf, "# X = %zu, Y = %zu, best of %zu runs\n# peak_gflops: %.1f\n", X, Y, reps, peak);
            fprintf(csvf, "variant,wg,ms,gflops,pct_of_peak\n");
            free(dev);
            free(drv);
            free(ver);
        }
        for (int v = 0; v < NVARIANTS; v++) {
            if (chosen >= 0 && v != chosen) continue;
            printf("%-12s", variants[v].name);
            for (int w = 0; w < NWGS; w++) {
                if (ms[v][w] < 0) {
                    printf(" %15s", "-");
                    continue;
                }
                char cell[32];
                snprintf(cell, sizeof cell, "%.1f (%.0f%%)", GFLOPS(ms[v][w]), PCT(ms[v][w]));
                printf(" %15s", cell);
                if (csvf)
                    fprintf(csvf, "%s,%zu,%.4f,%.2f,%.2f\n", variants[v].name, sweep_wgs[w], ms[v][w],
                            GFLOPS(ms[v][w]), PCT(ms[v][w]));
            }
            printf("\n");
        }
        if (csvf) fclose(csvf);
    }
    if (best_v >= 0)
        printf("best: %s with work-group size %zu: %.2f GFLOP/s, %.1f%% of the measured peak\n",
               variants[best_v].name, best_wg, GFLOPS(best_ms), PCT(best_ms));

    /* On a CPU device, the honest comparison: the same loop in C with
     * OpenMP on the same cores. */
    if (!gpu && !simulated) {
#ifdef _OPENMP
        double omp_best = 1e30;
        for (size_t r = 0; r < reps; r++) {
            double t0 = clu_now();
            outer_sum_openmp(h_A, h_B, h_C, (int)X, (int)Y);
            double t = (clu_now() - t0) * 1e3;
            if (t < omp_best) omp_best = t;
        }
        c.bad += clu_verify_sum("OpenMP C", h_C, ref, absref, X, Y);
        printf("OpenMP C, %d threads: %10.3f ms %9.2f GFLOP/s %6.1f%% of peak  (%.2fx the best kernel)\n",
               omp_get_max_threads(), omp_best, GFLOPS(omp_best), PCT(omp_best), best_ms / omp_best);
#else
        printf("OpenMP C: not built with -fopenmp\n");
#endif
    }

    for (int v = 0; v < NVARIANTS; v++) clReleaseKernel(c.kernels[v]);
    clReleaseProgram(c.prog01);
    clReleaseProgram(c.prog03);
    clReleaseMemObject(c.d_A);
    clReleaseMemObject(c.d_B);
    clReleaseMemObject(c.d_C);
    clu_teardown(&env);
    free(h_A);
    free(h_B);
    free(h_C);
    free(ref);
    free(absref);
    return c.bad ? 1 : 0;
}
