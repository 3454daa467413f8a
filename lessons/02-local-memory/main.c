/* Lesson 02 -- local memory: the outer sum C[x] = sum_y A[x] * B[y] with B
 * staged in the work-group's local memory.
 *
 * Teaches: local memory and its size (CL_DEVICE_LOCAL_MEM_SIZE,
 * CL_DEVICE_LOCAL_MEM_TYPE, CL_KERNEL_LOCAL_MEM_SIZE), a __local kernel
 * argument sized by the host (clSetKernelArg with a size and NULL), tiles
 * with a partial last tile, barrier() and the rule that every work-item of a
 * group must reach every barrier, shown with a deliberately wrong kernel.
 * APIs introduced: clGetKernelWorkGroupInfo(CL_KERNEL_LOCAL_MEM_SIZE),
 * clGetPlatformInfo, clEnqueueFillBuffer.
 *
 * Variants (-o): naive (lesson 01's kernel), whole (all of B in local
 * memory: Y is limited by the device), tiled (B in tiles: any Y), and
 * wrong-barrier (an early return before a barrier). The wrong one runs only
 * under Oclgrind, which reports the bug, or with --i-know: on a real GPU it
 * may hang the device or return garbage.
 */
#include "clu.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;   /* for -o */
    const char *file;   /* kernel file */
    const char *kernel; /* kernel name */
    int local;          /* 0: no local memory, 1: all of B, 2: tiles of T floats */
    const char *what;
} variant;

static const variant variants[] = {
    {"naive", "01-hello-world.cl", "outer_sum", 0, "lesson 01: every B[y] from global memory"},
    {"whole", "02-local-memory.cl", "outer_sum_whole", 1, "all of B in local memory"},
    {"tiled", "02-local-memory.cl", "outer_sum_tiled", 2, "B in local memory, a tile at a time"},
    {"wrong-barrier", "02-local-memory.cl", "outer_sum_wrong_barrier", 2,
     "WRONG: early return before a barrier"},
};
#define NVARIANTS (sizeof variants / sizeof variants[0])

static int on_oclgrind(const clu_env *env)
{
    char name[256] = "";
    CLU_CHECK(clGetPlatformInfo(env->platform, CL_PLATFORM_NAME, sizeof name, name, NULL));
    return strstr(name, "Oclgrind") != NULL;
}

typedef struct {
    clu_env *env;
    cl_mem d_A, d_B, d_C;
    int X, Y;
    size_t wg, tile;    /* tile 0: the work-group size */
    size_t reps;
    cl_ulong local_mem; /* CL_DEVICE_LOCAL_MEM_SIZE */
} run_ctx;

/* Build, check limits, run `reps` times. Returns the best time in ms, or -1
 * when the variant cannot run at these sizes (why: in `skip`). */
static double run_variant(run_ctx *r, const variant *v, char *skip, size_t skiplen)
{
    clu_env *env = r->env;
    cl_program prog = clu_build(env, v->file, "");
    cl_kernel k = clu_kernel(prog, v->kernel);
    clu_check_wgsize(env, k, r->wg);

    // snippet: local-size
    /* How much local memory may this launch ask for? The device's amount,
     * less what the kernel already declares statically. */
    cl_ulong static_bytes = 0;
    CLU_CHECK(clGetKernelWorkGroupInfo(k, env->device, CL_KERNEL_LOCAL_MEM_SIZE,
                                       sizeof static_bytes, &static_bytes, NULL));
    cl_ulong room = r->local_mem > static_bytes ? r->local_mem - static_bytes : 0;
    size_t floats = v->local == 1 ? (size_t)r->Y : (r->tile ? r->tile : r->wg);
    if (v->local && (cl_ulong)floats * sizeof(float) > room) {
        snprintf(skip, skiplen, "needs %zu bytes of local memory, the device has %llu",
                 floats * sizeof(float), (unsigned long long)room);
        clReleaseKernel(k);
        clReleaseProgram(prog);
        return -1.0;
    }
    // end snippet local-size

    CLU_CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &r->d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &r->d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof(cl_mem), &r->d_C));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof(int), &r->X));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof(int), &r->Y));
    // snippet: local-arg
    if (v->local) {
        /* A __local pointer argument: give its size, and NULL for the value.
         * Every work-group gets its own block of that many bytes. */
        CLU_CHECK(clSetKernelArg(k, 5, floats * sizeof(float), NULL));
    }
    if (v->local == 2) {
        int T = (int)floats;
        CLU_CHECK(clSetKernelArg(k, 6, sizeof(int), &T));
    }
    // end snippet local-arg

    /* NaN in C first: a kernel that leaves an element unwritten fails. */
    float nan = NAN;
    CLU_CHECK(clEnqueueFillBuffer(env->queue, r->d_C, &nan, sizeof nan, 0,
                                  (size_t)r->X * sizeof(float), 0, NULL, NULL));
    size_t global = clu_round_up((size_t)r->X, r->wg);
    double best = 1e30;
    for (size_t i = 0; i < r->reps; i++) {
        cl_event ev;
        CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &r->wg, 0, NULL, &ev));
        double ms = clu_event_ms(ev);
        clReleaseEvent(ev);
        if (ms < best) best = ms;
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return best;
}

int main(int argc, char **argv)
{
    size_t X = 1 << 20, Y = 4096, wg = 256, tile = 0, reps = 3;
    const char *which = "all";
    int i_know = 0;
    const clu_option opts[] = {
        {"-x", "X", "length of A and C", CLU_OPT_SIZE, &X, 1, INT_MAX},
        {"-y", "Y", "length of B (terms in each sum)", CLU_OPT_SIZE, &Y, 1, INT_MAX},
        {"-t", "WG", "work-group size (work-items per group)", CLU_OPT_SIZE, &wg, 1, 1 << 16},
        {"-s", "T", "tile length in floats for tiled (0: the work-group size)", CLU_OPT_SIZE,
         &tile, 0, 1 << 24},
        {"-o", "VARIANT", "all, naive, whole, tiled or wrong-barrier", CLU_OPT_STRING, &which, 0, 0},
        {"-r", "N", "runs of each kernel; the best time counts", CLU_OPT_SIZE, &reps, 1, 1000},
        {"--i-know", NULL, "run wrong-barrier on a real device (it may hang a GPU)", CLU_OPT_FLAG,
         &i_know, 0, 0},
    };
    clu_common common;
    clu_parse_args(argc, argv, "lesson 02: the outer sum with B in local memory",
                   opts, sizeof opts / sizeof opts[0], &common);

    int chosen = -1; /* -1: all but the wrong one */
    if (strcmp(which, "all") != 0) {
        for (size_t v = 0; v < NVARIANTS; v++)
            if (!strcmp(which, variants[v].name)) chosen = (int)v;
        if (chosen < 0)
            clu_die("-o: unknown variant '%s' (all, naive, whole, tiled, wrong-barrier)", which);
    }

    clu_env env;
    clu_setup(&env, &common);
    clu_check_alloc(&env, clu_bytes(X, sizeof(float), "A"), "A");
    clu_check_alloc(&env, clu_bytes(Y, sizeof(float), "B"), "B");
    float *h_A = clu_malloc(X * sizeof *h_A, "A"), *h_B = clu_malloc(Y * sizeof *h_B, "B");
    float *h_C = clu_malloc(X * sizeof *h_C, "C");
    clu_fill_random(h_A, X, 1, -1.0f, 1.0f);
    clu_fill_random(h_B, Y, 2, -1.0f, 1.0f);

    int simulated = on_oclgrind(&env);
    if (chosen >= 0 && !strcmp(variants[chosen].name, "wrong-barrier") && !simulated && !i_know) {
        fflush(stdout); /* the device lines first, then the refusal */
        clu_die("-o wrong-barrier breaks the barrier rule and may hang a GPU: run it under "
                "Oclgrind (oclgrind %s -o wrong-barrier ...), or add --i-know", argv[0]);
    }

    // snippet: query-local
    cl_ulong local_mem = clu_device_ulong(env.device, CL_DEVICE_LOCAL_MEM_SIZE);
    cl_device_local_mem_type local_type;
    CLU_CHECK(clGetDeviceInfo(env.device, CL_DEVICE_LOCAL_MEM_TYPE, sizeof local_type,
                              &local_type, NULL));
    printf("local memory: %llu bytes per work-group (%s)\n", (unsigned long long)local_mem,
           local_type == CL_LOCAL ? "dedicated on-chip memory"
                                  : "emulated in global memory: no faster than it");
    // end snippet query-local

    cl_int err;
    cl_mem d_A = clCreateBuffer(env.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                X * sizeof(float), h_A, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(A)");
    cl_mem d_B = clCreateBuffer(env.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                Y * sizeof(float), h_B, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(B)");
    cl_mem d_C = clCreateBuffer(env.context, CL_MEM_WRITE_ONLY, X * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(C)");

    /* The reference, as in lesson 01: C[x] = A[x] * sum(B), in double. */
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

    /* The yardstick: the device's FMA peak, measured now. Oclgrind is a
     * simulator, far too slow for it (and its speed means nothing). */
    double peak = simulated ? 0.0 : clu_peak_gflops(&env);
    if (peak > 0) printf("measured FMA peak: %.1f GFLOP/s\n", peak);
    printf("sizes: X = %zu, Y = %zu, work-group size %zu, tile %zu floats, best of %zu runs\n",
           X, Y, wg, tile ? tile : wg, reps);

    run_ctx r = {&env, d_A, d_B, d_C, (int)X, (int)Y, wg, tile, reps, local_mem};
    double flops = 2.0 * (double)X * (double)Y, naive_ms = 0.0;
    size_t bad = 0;
    int ran = 0;
    for (size_t v = 0; v < NVARIANTS; v++) {
        if (chosen >= 0 ? (int)v != chosen : !strcmp(variants[v].name, "wrong-barrier"))
            continue;
        char skip[160] = "";
        double ms = run_variant(&r, &variants[v], skip, sizeof skip);
        if (ms < 0) {
            if (chosen >= 0) clu_die("-o %s: %s (try -o tiled)", variants[v].name, skip);
            printf("%-13s skipped: %s\n", variants[v].name, skip);
            continue;
        }
        ran++;
        CLU_CHECK(clEnqueueReadBuffer(env.queue, d_C, CL_TRUE, 0, X * sizeof(float), h_C, 0,
                                      NULL, NULL));
        char what[64];
        snprintf(what, sizeof what, "%s C", variants[v].name);
        bad += clu_verify_sum(what, h_C, ref, absref, X, Y);
        if (v == 0) naive_ms = ms;
        printf("%-13s %10.3f ms %9.2f GFLOP/s", variants[v].name, ms, flops / ms * 1e-6);
        if (peak > 0) printf(" %6.1f%% of peak", 100.0 * flops / ms * 1e-6 / peak);
        if (naive_ms > 0) printf("  %5.2fx naive", naive_ms / ms);
        printf("  (%s)\n", variants[v].what);
    }
    if (!ran) clu_die("no variant could run");

    clReleaseMemObject(d_A);
    clReleaseMemObject(d_B);
    clReleaseMemObject(d_C);
    clu_teardown(&env);
    free(h_A);
    free(h_B);
    free(h_C);
    free(ref);
    free(absref);
    return bad ? 1 : 0;
}
