/* Lesson 08's comparisons, beside main.c: the same z = x * y with OpenMP
 * threads on the host's cores, the two pipelines side by side as rows of a
 * timeline, and z = x * y split over two OpenCL devices (PoCL beside a GPU,
 * or two GPUs). None is needed to follow the chapter's main line; OpenMP
 * and the second device say in one line why they did not run where they
 * cannot. And a device whose profiling clock cannot be right (rusticl's is
 * a counter) gets the host's clock instead.
 * OpenMP is optional: built without -fopenmp (Apple's compiler, for one)
 * the comparison says it is missing instead of breaking the build.
 */
#include "overlap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* OpenMP's threads, or 0 where the program was built without OpenMP. */
int omp_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 0;
#endif
}

// snippet: omp
/* What the kernel gets from PoCL, given to the loop: PoCL compiles the
 * kernel for this CPU at -O3 and runs the work-items of a group in its
 * vector lanes (the Makefile compiles this file with -O3 -march=native;
 * `simd` asks for the lanes), and it hands the work-groups to its threads
 * as each gets free, so that a thread the system holds back does not hold
 * up the others: here pieces of PIECE elements (64 KiB of each array, so
 * that handing them out costs nothing beside moving them), handed out the
 * same way. */
#define PIECE 16384
void multiply_omp(const float *x, const float *y, float *z, size_t n)
{
#ifdef _OPENMP
#pragma omp parallel for simd schedule(simd : dynamic, PIECE)
#endif
    for (long i = 0; i < (long)n; i++) z[i] = x[i] * y[i];
}
// end snippet omp

/* ---- the timeline ------------------------------------------------------------------ */

/* One row per command of a pipeline (two writes, the kernel, the read of
 * each chunk): its queue and its start and end on the device's clock, from
 * the first command's start. The chapter's timeline figure is drawn from them. */
void print_timeline(cl_event (*ev)[4], size_t used, size_t n, size_t chunks, const char *name, int queues)
{
    static const char *queue_of[4] = {"upload", "upload", "compute", "download"},
                      *command[4] = {"write-x", "write-y", "kernel", "read-z"};
    cl_ulong origin = 0, s, e;
    CLU_CHECK(clGetEventProfilingInfo(ev[0][0], CL_PROFILING_COMMAND_START, sizeof origin, &origin, NULL));
    for (size_t i = 0; i < used; i++)
        for (int j = 0; j < 4; j++) {
            CLU_CHECK(clGetEventProfilingInfo(ev[i][j], CL_PROFILING_COMMAND_START, sizeof s, &s, NULL));
            CLU_CHECK(clGetEventProfilingInfo(ev[i][j], CL_PROFILING_COMMAND_END, sizeof e, &e, NULL));
            printf("result: variant=event n=%zu chunks=%zu pipeline=%s queue=%s chunk=%zu command=%s "
                   "start_ms=%.4f end_ms=%.4f\n", n, chunks, name, queues == 3 ? queue_of[j] : "single", i,
                   command[j], (double)(s - origin) * 1e-6, (double)(e - origin) * 1e-6);
        }
}

/* From the start of event a to the end of event b on the device's clock.
 * Where that clock cannot be right (rusticl's is a counter: 2, 3, ...), the
 * host's wall time of the same commands instead, said once. */
double span_ms(clu_env *env, cl_event a, cl_event b, double host_ms)
{
    cl_ulong t0 = 0, t1 = 0;
    CLU_CHECK(clGetEventProfilingInfo(a, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL));
    CLU_CHECK(clGetEventProfilingInfo(b, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL));
    const double ms = ((double)t1 - (double)t0) * 1e-6;
    if (!env->host_timer && t1 > t0 && ms > 1e-3 * host_ms) return ms;
    clu_use_host_timer(env); /* says so once; every time from then on is the host's */
    return host_ms;
}

/* ---- the second device ------------------------------------------------------------ */

/* Another device than the one in use, or NULL. */
static cl_device_id other_device(const clu_env *env, cl_platform_id *plat)
{
    cl_platform_id ps[8];
    cl_uint np = 0;
    if (clGetPlatformIDs(8, ps, &np) != CL_SUCCESS) return NULL;
    for (cl_uint p = 0; p < np && p < 8; p++) {
        cl_device_id ds[8];
        cl_uint nd = 0;
        if (clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_ALL, 8, ds, &nd) != CL_SUCCESS) continue;
        for (cl_uint d = 0; d < nd && d < 8; d++)
            if (ds[d] != env->device) return *plat = ps[p], ds[d];
    }
    return NULL;
}

// snippet: split
/* Two devices, each with its own context, queue and program: the first
 * `share` of the elements on one, the rest on the other, both started before
 * the host waits for either. Copies included: each device gets its part.
 * Each device's work-group size is what its kernel allows there. */
static double run_split(clu_env *envs[2], const float *x, const float *y, float *z, size_t n, double share)
{
    size_t cut = (size_t)(share * (double)n), first[2] = {0, cut}, count[2] = {cut, n - cut};
    cl_program prog[2];
    cl_kernel k[2];
    cl_mem d[2][3];
    size_t wg[2];
    cl_event done[2];
    cl_uint ndone = 0;
    for (int i = 0; i < 2; i++) {
        prog[i] = clu_build(envs[i], "08-queues-overlap.cl", "");
        k[i] = clu_kernel(prog[i], "multiply");
        wg[i] = clu_default_wg(envs[i], k[i], 256);
        for (int b = 0; b < 3; b++)
            d[i][b] = clu_buffer(envs[i], CL_MEM_READ_WRITE, (count[i] ? count[i] : 1) * 4, NULL, "a part");
    }
    double t0 = clu_now();
    for (int i = 0; i < 2; i++) {
        if (!count[i]) continue;
        cl_command_queue q = envs[i]->queue;
        const int f = 0, m = (int)count[i];
        size_t global = clu_round_up(count[i], wg[i]);
        CLU_CHECK(clEnqueueWriteBuffer(q, d[i][0], CL_FALSE, 0, count[i] * 4, x + first[i], 0, NULL, NULL));
        CLU_CHECK(clEnqueueWriteBuffer(q, d[i][1], CL_FALSE, 0, count[i] * 4, y + first[i], 0, NULL, NULL));
        for (int b = 0; b < 3; b++) CLU_CHECK(clSetKernelArg(k[i], (cl_uint)b, sizeof(cl_mem), &d[i][b]));
        CLU_CHECK(clSetKernelArg(k[i], 3, sizeof f, &f));
        CLU_CHECK(clSetKernelArg(k[i], 4, sizeof m, &m));
        CLU_CHECK(clEnqueueNDRangeKernel(q, k[i], 1, NULL, &global, &wg[i], 0, NULL, NULL));
        CLU_CHECK(clEnqueueReadBuffer(q, d[i][2], CL_FALSE, 0, count[i] * 4, z + first[i], 0, NULL,
                                      &done[ndone++]));
        CLU_CHECK(clFlush(q));
    }
    /* Wait for both reads to be in z (clFinish alone is not enough on rusticl). */
    if (ndone) CLU_CHECK(clWaitForEvents(1, &done[0]));
    if (ndone > 1) CLU_CHECK(clWaitForEvents(1, &done[1]));
    for (int i = 0; i < 2; i++) CLU_CHECK(clFinish(envs[i]->queue));
    for (cl_uint i = 0; i < ndone; i++) clReleaseEvent(done[i]);
    double ms = (clu_now() - t0) * 1e3;
    for (int i = 0; i < 2; i++) {
        for (int b = 0; b < 3; b++) clReleaseMemObject(d[i][b]);
        clReleaseKernel(k[i]);
        clReleaseProgram(prog[i]);
    }
    return ms;
}
// end snippet split

/* The split, where a second device exists: each device alone, then both
 * with the share from their speeds (or -f). Returns how many results were
 * wrong. Without a second device, or one that cannot be used, one line says
 * so and nothing else happens. */
size_t split_over_two_devices(clu_env *env, const float *x, const float *y, float *z, size_t n,
                              size_t share, const double *ref, const double *mag)
{
    // snippet: split-main
    cl_platform_id p2 = NULL;
    cl_device_id dev2 = other_device(env, &p2);
    if (!dev2) {
        printf("split: only one device here, nothing to split with (PoCL and a GPU, or two GPUs, "
               "would each get a share)\n");
        return 0;
    }
    char *name2 = clu_device_string(dev2, CL_DEVICE_NAME);
    clu_env e2 = {.platform = p2, .device = dev2};
    cl_int err;
    e2.context = clCreateContext(NULL, 1, &dev2, NULL, NULL, &err);
    if (err == CL_SUCCESS) e2.queue = clCreateCommandQueue(e2.context, dev2, CL_QUEUE_PROFILING_ENABLE, &err);
    if (err != CL_SUCCESS) {
        printf("split: the second device (%s) cannot be used: %s: skipped\n", name2, clu_error_name(err));
        if (e2.context) clReleaseContext(e2.context);
        free(name2);
        return 0;
    }
    clu_step("the split over two devices");
    clu_env *envs[2] = {env, &e2};
    double alone[2] = {run_split(envs, x, y, z, n, 1.0), run_split(envs, x, y, z, n, 0.0)};
    /* The share from the speeds: each device's part should take as long. */
    double f = share ? (double)share / 100.0 : alone[1] / (alone[0] + alone[1]);
    for (size_t i = 0; i < n; i++) z[i] = NAN; /* what neither device writes fails */
    double ms = run_split(envs, x, y, z, n, f);
    printf("split:    %.3f ms with %.0f%% here and the rest on %s (alone: %.3f ms here, %.3f ms there)\n",
           ms, 100 * f, name2, alone[0], alone[1]);
    printf("result: variant=split n=%zu share=%.3f ms=%.4f alone_ms=%.4f other_ms=%.4f gain=%.3f timer=host\n", n,
           f, ms, alone[0], alone[1], fmin(alone[0], alone[1]) / ms); /* run_split: the host's clock */
    size_t wrong = clu_verify("split z", z, ref, mag, n, 1);
    // end snippet split-main
    free(name2);
    clu_teardown(&e2);
    return wrong;
}
