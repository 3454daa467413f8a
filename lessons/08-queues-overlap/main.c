/* Lesson 08 -- queues, events and overlap: what moving the data costs, and
 * how much of it can hide behind the computation.
 *
 * The slides' lesson first: z[i] = x[i] * y[i] on 16 M floats, in serial C,
 * with OpenMP threads, and in OpenCL with and without the transfers, all in
 * the same run. Then the ways to move data: from pageable host memory
 * (malloc), from pinned memory (a CL_MEM_ALLOC_HOST_PTR buffer, mapped), and
 * no copy at all (the kernel works on mapped buffers). Then a pipeline: the
 * arrays cut into chunks, the upload, the computation and the download of
 * different chunks on three in-order queues, ordered by events, so that they
 * overlap; against the same chunks on one queue, and against the bound no
 * pipeline beats (its longest stage). The profiling events of both are
 * printed as a timeline. Last, where a second device exists, the work split
 * between the two.
 * Kernel file: kernels/08-queues-overlap.cl
 * APIs introduced: several command queues on one device, event wait lists,
 * clEnqueueMapBuffer/clEnqueueUnmapMemObject, CL_MEM_ALLOC_HOST_PTR,
 * CL_PROFILING_COMMAND_QUEUED/START/END on a shared clock, clFlush.
 */
#include "clu.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define MAX_CHUNKS 64

/* ---- the C reference ------------------------------------------------------ */

// snippet: serial
static void multiply_serial(const float *x, const float *y, float *z, size_t n)
{
    for (size_t i = 0; i < n; i++) z[i] = x[i] * y[i];
}
// end snippet serial

static void multiply_omp(const float *x, const float *y, float *z, size_t n)
{
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
    for (long i = 0; i < (long)n; i++) z[i] = x[i] * y[i];
}

/* ---- the context ------------------------------------------------------------ */

typedef struct {
    clu_env env;
    cl_program program;
    cl_kernel kernel;
    cl_command_queue q[3]; /* upload, compute, download: the pipeline's queues */
    size_t n, wg, reps, chunks;
    float *h_x, *h_y, *h_z;        /* pageable: malloc */
    cl_mem pin[3];                 /* pinned host memory behind p_x, p_y, p_z */
    float *p_x, *p_y, *p_z;
    cl_mem d_x, d_y, d_z;          /* on the device */
    int timeline;                  /* print the pipeline's events */
} ctx;

/* What a run took: the whole, and its parts as the events saw them. */
typedef struct { double ms, up_ms, run_ms, down_ms, bound_ms; } timing;

static double ev_ms(cl_event a, cl_profiling_info from, cl_event b, cl_profiling_info to)
{
    cl_ulong t0 = 0, t1 = 0;
    CLU_CHECK(clGetEventProfilingInfo(a, from, sizeof t0, &t0, NULL));
    CLU_CHECK(clGetEventProfilingInfo(b, to, sizeof t1, &t1, NULL));
    return ((double)t1 - (double)t0) * 1e-6;
}

static void launch(ctx *c, cl_command_queue q, size_t first, size_t count, cl_uint nwait,
                   const cl_event *wait, cl_event *done)
{
    const int f = (int)first, k = (int)count;
    size_t global = clu_round_up(count, c->wg);
    CLU_CHECK(clSetKernelArg(c->kernel, 3, sizeof f, &f));
    CLU_CHECK(clSetKernelArg(c->kernel, 4, sizeof k, &k));
    CLU_CHECK(clEnqueueNDRangeKernel(q, c->kernel, 1, NULL, &global, &c->wg, nwait, wait, done));
}

/* ---- the variants ------------------------------------------------------------ */

typedef struct variant variant;
struct variant {
    const char *name, *why;
    timing (*run)(ctx *c, const variant *v, float *z_out);
    int pinned;   /* host side in pinned memory */
    int queues;   /* pipelines: 1 or 3 queues */
};

static timing run_serial(ctx *c, const variant *v, float *z)
{
    (void)v;
    double t0 = clu_now();
    multiply_serial(c->h_x, c->h_y, z, c->n);
    return (timing){(clu_now() - t0) * 1e3, 0, 0, 0, 0};
}

static timing run_omp(ctx *c, const variant *v, float *z)
{
    (void)v;
    double t0 = clu_now();
    multiply_omp(c->h_x, c->h_y, z, c->n);
    return (timing){(clu_now() - t0) * 1e3, 0, 0, 0, 0};
}

/* The kernel alone: the inputs are already on the device. */
static timing run_kernel(ctx *c, const variant *v, float *z)
{
    (void)v;
    size_t bytes = c->n * sizeof(float), global = clu_round_up(c->n, c->wg);
    CLU_CHECK(clEnqueueWriteBuffer(c->env.queue, c->d_x, CL_FALSE, 0, bytes, c->h_x, 0, NULL, NULL));
    CLU_CHECK(clEnqueueWriteBuffer(c->env.queue, c->d_y, CL_FALSE, 0, bytes, c->h_y, 0, NULL, NULL));
    launch(c, c->env.queue, 0, c->n, 0, NULL, NULL);
    double ms = clu_run_best(&c->env, c->kernel, 1, &global, &c->wg, c->reps);
    clu_read(&c->env, c->d_z, bytes, z);
    return (timing){ms, 0, ms, 0, ms};
}

// snippet: copy
/* Copy in, compute, copy out, on one queue; the host's memory is pageable
 * (malloc) or pinned. The whole is timed from the first command's start to
 * the last one's end on the device's clock. */
static timing run_copy(ctx *c, const variant *v, float *z)
{
    size_t bytes = c->n * sizeof(float);
    const float *x = v->pinned ? c->p_x : c->h_x, *y = v->pinned ? c->p_y : c->h_y;
    float *out = v->pinned ? c->p_z : z;
    cl_event ev[4];
    cl_command_queue q = c->env.queue;
    CLU_CHECK(clEnqueueWriteBuffer(q, c->d_x, CL_FALSE, 0, bytes, x, 0, NULL, &ev[0]));
    CLU_CHECK(clEnqueueWriteBuffer(q, c->d_y, CL_FALSE, 0, bytes, y, 0, NULL, &ev[1]));
    launch(c, q, 0, c->n, 0, NULL, &ev[2]);
    CLU_CHECK(clEnqueueReadBuffer(q, c->d_z, CL_TRUE, 0, bytes, out, 0, NULL, &ev[3]));
    timing t = {ev_ms(ev[0], CL_PROFILING_COMMAND_START, ev[3], CL_PROFILING_COMMAND_END),
                clu_event_ms(ev[0]) + clu_event_ms(ev[1]), clu_event_ms(ev[2]), clu_event_ms(ev[3]), 0};
    for (int i = 0; i < 4; i++) clReleaseEvent(ev[i]);
    if (v->pinned) memcpy(z, c->p_z, bytes); /* for the check, outside the time */
    return t;
}
// end snippet copy

// snippet: mapped
/* No copy at all: the kernel works on buffers made with
 * CL_MEM_ALLOC_HOST_PTR, which the host fills and reads through a map. On
 * a CPU device the map is a pointer into the same memory; a GPU driver may
 * copy behind the map, or let the kernel read the host's memory. */
static timing run_mapped(ctx *c, const variant *v, float *z)
{
    (void)v;
    size_t bytes = c->n * sizeof(float);
    cl_command_queue q = c->env.queue;
    float **host[3] = {&c->p_x, &c->p_y, &c->p_z};
    cl_event ev[2];
    double t0 = clu_now();
    /* The host wrote x and y through the maps. Give the buffers back to the
     * device (a kernel may not touch a mapped buffer), run, map again. */
    for (int i = 0; i < 3; i++) {
        CLU_CHECK(clEnqueueUnmapMemObject(q, c->pin[i], *host[i], 0, NULL, NULL));
        CLU_CHECK(clSetKernelArg(c->kernel, (cl_uint)i, sizeof(cl_mem), &c->pin[i]));
    }
    launch(c, q, 0, c->n, 0, NULL, &ev[0]);
    for (int i = 0; i < 3; i++) {
        cl_int err;
        *host[i] = clEnqueueMapBuffer(q, c->pin[i], CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, NULL,
                                      i == 2 ? &ev[1] : NULL, &err);
        CLU_CHECK_ERR(err, "clEnqueueMapBuffer");
    }
    timing t = {(clu_now() - t0) * 1e3, 0, clu_event_ms(ev[0]), clu_event_ms(ev[1]), 0};
    clReleaseEvent(ev[0]);
    clReleaseEvent(ev[1]);
    cl_mem d[3] = {c->d_x, c->d_y, c->d_z};
    for (int i = 0; i < 3; i++) CLU_CHECK(clSetKernelArg(c->kernel, (cl_uint)i, sizeof(cl_mem), &d[i]));
    memcpy(z, c->p_z, bytes);
    return t;
}
// end snippet mapped

// snippet: pipeline
/* The arrays in `chunks` pieces. Chunk i: upload x and y, compute, download
 * z. On one queue everything runs in order. On three queues (upload,
 * compute, download), chunk i's kernel waits only for chunk i's uploads and
 * its download only for its kernel: the upload of chunk i+1 runs while
 * chunk i computes and chunk i-1 comes back. No pipeline can beat its
 * longest stage: the bound is max(all uploads, all kernels, all downloads). */
static timing run_pipeline(ctx *c, const variant *v, float *z)
{
    const size_t per = (c->n + c->chunks - 1) / c->chunks;
    cl_command_queue up = c->q[0], run = v->queues == 3 ? c->q[1] : c->q[0],
                     down = v->queues == 3 ? c->q[2] : c->q[0];
    cl_event ev[MAX_CHUNKS][4];
    size_t used = 0;
    for (size_t first = 0; first < c->n; first += per, used++) {
        size_t count = c->n - first < per ? c->n - first : per, off = first * sizeof(float);
        cl_event *e = ev[used];
        CLU_CHECK(clEnqueueWriteBuffer(up, c->d_x, CL_FALSE, off, count * 4, c->p_x + first, 0, NULL, &e[0]));
        CLU_CHECK(clEnqueueWriteBuffer(up, c->d_y, CL_FALSE, off, count * 4, c->p_y + first, 0, NULL, &e[1]));
        launch(c, run, first, count, 2, e, &e[2]);
        CLU_CHECK(clEnqueueReadBuffer(down, c->d_z, CL_FALSE, off, count * 4, c->p_z + first, 1, &e[2], &e[3]));
        /* Start the queues now, not when the host waits. */
        for (int q = 0; q < 3; q++) CLU_CHECK(clFlush(c->q[q]));
    }
    for (int q = 0; q < 3; q++) CLU_CHECK(clFinish(c->q[q]));
    // end snippet pipeline
    timing t = {ev_ms(ev[0][0], CL_PROFILING_COMMAND_START, ev[used - 1][3], CL_PROFILING_COMMAND_END), 0, 0, 0, 0};
    cl_ulong origin = 0;
    CLU_CHECK(clGetEventProfilingInfo(ev[0][0], CL_PROFILING_COMMAND_START, sizeof origin, &origin, NULL));
    static const char *queue_of[4] = {"upload", "upload", "compute", "download"};
    for (size_t i = 0; i < used; i++) {
        t.up_ms += clu_event_ms(ev[i][0]) + clu_event_ms(ev[i][1]);
        t.run_ms += clu_event_ms(ev[i][2]);
        t.down_ms += clu_event_ms(ev[i][3]);
        for (int j = 0; j < 4; j++) {
            if (c->timeline) {
                cl_ulong s, e;
                CLU_CHECK(clGetEventProfilingInfo(ev[i][j], CL_PROFILING_COMMAND_START, sizeof s, &s, NULL));
                CLU_CHECK(clGetEventProfilingInfo(ev[i][j], CL_PROFILING_COMMAND_END, sizeof e, &e, NULL));
                printf("result: variant=event n=%zu chunks=%zu pipeline=%s queue=%s chunk=%zu command=%s "
                       "start_ms=%.4f end_ms=%.4f\n", c->n, c->chunks, v->name, v->queues == 3 ? queue_of[j] : "single", i,
                       j < 2 ? (j ? "write-y" : "write-x") : j == 2 ? "kernel" : "read-z",
                       (double)(s - origin) * 1e-6, (double)(e - origin) * 1e-6);
            }
            clReleaseEvent(ev[i][j]);
        }
    }
    t.bound_ms = fmax(t.up_ms, fmax(t.run_ms, t.down_ms));
    memcpy(z, c->p_z, c->n * sizeof(float));
    return t;
}

// snippet: variants
static const variant variants[] = {
    {"serial", "plain C: the baseline", run_serial, 0, 0},
    {"omp", "OpenMP threads on every core", run_omp, 0, 0},
    {"kernel", "the kernel alone, the data already on the device", run_kernel, 0, 0},
    {"pageable", "copy in, compute, copy out; host memory from malloc", run_copy, 0, 0},
    {"pinned", "the same from pinned host memory (CL_MEM_ALLOC_HOST_PTR)", run_copy, 1, 0},
    {"mapped", "no copies: the kernel works on mapped pinned buffers", run_mapped, 1, 0},
    {"chunks1", "pinned, in chunks, all on one in-order queue", run_pipeline, 1, 1},
    {"chunks3", "the chunks on three queues with events: overlapped", run_pipeline, 1, 3},
};
#define NV (sizeof variants / sizeof variants[0])
// end snippet variants

/* ---- run and verify ------------------------------------------------------------ */

// snippet: check
static size_t check(ctx *c, const variant *v, int exact, float *z, double *ref, double *mag)
{
    for (size_t i = 0; i < c->n; i++) z[i] = NAN, c->p_z[i] = NAN; /* unwritten stays NaN */
    c->timeline = 0;
    v->run(c, v, z);
    char what[96];
    snprintf(what, sizeof what, "%s z%s", v->name, exact ? " (whole numbers)" : "");
    return clu_verify(what, z, ref, exact ? NULL : mag, c->n, 1);
}
// end snippet check

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
 * the host waits for either. Copies included: each device gets its part. */
static double run_split(clu_env *e2, ctx *c, double share, float *z)
{
    clu_env *envs[2] = {&c->env, e2};
    size_t cut = (size_t)(share * (double)c->n), first[2] = {0, cut}, count[2] = {cut, c->n - cut};
    cl_program prog[2];
    cl_kernel k[2];
    cl_mem d[2][3];
    for (int i = 0; i < 2; i++) {
        prog[i] = clu_build(envs[i], "08-queues-overlap.cl", "");
        k[i] = clu_kernel(prog[i], "multiply");
        for (int b = 0; b < 3; b++)
            d[i][b] = clu_buffer(envs[i], CL_MEM_READ_WRITE, (count[i] ? count[i] : 1) * 4, NULL, "a part");
    }
    double t0 = clu_now();
    for (int i = 0; i < 2; i++) {
        if (!count[i]) continue;
        cl_command_queue q = envs[i]->queue;
        const int f = 0, n = (int)count[i];
        size_t global = clu_round_up(count[i], c->wg);
        CLU_CHECK(clEnqueueWriteBuffer(q, d[i][0], CL_FALSE, 0, count[i] * 4, c->p_x + first[i], 0, NULL, NULL));
        CLU_CHECK(clEnqueueWriteBuffer(q, d[i][1], CL_FALSE, 0, count[i] * 4, c->p_y + first[i], 0, NULL, NULL));
        for (int b = 0; b < 3; b++) CLU_CHECK(clSetKernelArg(k[i], (cl_uint)b, sizeof(cl_mem), &d[i][b]));
        CLU_CHECK(clSetKernelArg(k[i], 3, sizeof f, &f));
        CLU_CHECK(clSetKernelArg(k[i], 4, sizeof n, &n));
        CLU_CHECK(clEnqueueNDRangeKernel(q, k[i], 1, NULL, &global, &c->wg, 0, NULL, NULL));
        CLU_CHECK(clEnqueueReadBuffer(q, d[i][2], CL_FALSE, 0, count[i] * 4, z + first[i], 0, NULL, NULL));
        CLU_CHECK(clFlush(q));
    }
    for (int i = 0; i < 2; i++) CLU_CHECK(clFinish(envs[i]->queue));
    double ms = (clu_now() - t0) * 1e3;
    for (int i = 0; i < 2; i++) {
        for (int b = 0; b < 3; b++) clReleaseMemObject(d[i][b]);
        clReleaseKernel(k[i]);
        clReleaseProgram(prog[i]);
    }
    return ms;
}
// end snippet split

/* ---- report ------------------------------------------------------------------------ */

// snippet: report
static void report(const ctx *c, const variant *v, const timing *t, double serial_ms, double omp_ms,
                   double chunks1_ms)
{
    const double gb = 3.0 * (double)c->n * 4.0 * 1e-9; /* x and y read, z written */
    printf("%-9s %10.3f ms  %7.2f GB/s  %6.2fx serial  %6.2fx omp", v->name, t->ms, gb / t->ms * 1e3,
           serial_ms / t->ms, omp_ms / t->ms);
    if (t->up_ms > 0 || t->down_ms > 0)
        printf("  (up %.3f, kernel %.3f, down %.3f ms)", t->up_ms, t->run_ms, t->down_ms);
    if (v->queues) printf("  bound %.3f ms", t->bound_ms);
    printf("\n");
    printf("result: variant=%s n=%zu chunks=%zu wg=%zu ms=%.4f gbps=%.3f up_ms=%.4f kernel_ms=%.4f "
           "down_ms=%.4f bound_ms=%.4f serial_ms=%.4f speedup=%.3f omp_ms=%.4f vs_chunks1=%.3f\n",
           v->name, c->n, v->queues ? c->chunks : 1, c->wg, t->ms, gb / t->ms * 1e3, t->up_ms,
           t->run_ms, t->down_ms, t->bound_ms, serial_ms, serial_ms / t->ms, omp_ms,
           chunks1_ms > 0 ? chunks1_ms / t->ms : 0.0);
}
// end snippet report

// snippet: pinned
/* Pinned host memory: a buffer made with CL_MEM_ALLOC_HOST_PTR is, on most
 * drivers, page-locked host memory that the device copies from directly;
 * mapping it gives the host a pointer into it. */
static float *remap(ctx *c, cl_mem buf, size_t n)
{
    cl_int err;
    float *p = clEnqueueMapBuffer(c->env.queue, buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, n * 4, 0,
                                  NULL, NULL, &err);
    CLU_CHECK_ERR(err, "clEnqueueMapBuffer");
    return p;
}

static float *map_floats(ctx *c, cl_mem *buf, size_t n)
{
    cl_int err;
    *buf = clCreateBuffer(c->env.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, n * 4, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(CL_MEM_ALLOC_HOST_PTR)");
    return remap(c, *buf, n);
}
// end snippet pinned

int main(int argc, char **argv)
{
    size_t n = (size_t)1 << 24, wg = 256, reps = 3, chunks = 8, share = 0;
    int chosen = -1;
    const clu_option opts[] = {
        {"-n", "N", "elements of x, y and z", CLU_OPT_SIZE, &n, 1, (size_t)1 << 28},
        {"-c", "CHUNKS", "pieces of the pipelines", CLU_OPT_SIZE, &chunks, 1, MAX_CHUNKS},
        {"-o", "VARIANT", "the variant to run", CLU_OPT_VARIANT, &chosen, CLU_VARIANTS(variants)},
        {"-t", "WG", "work-group size", CLU_OPT_SIZE, &wg, 1, 1 << 16},
        {"-r", "N", "runs of each variant; the best time counts", CLU_OPT_SIZE, &reps, 1, 1000},
        {"-f", "PERCENT", "split: the share of the first device (0: from the speeds)", CLU_OPT_SIZE, &share, 0, 100},
    };
    clu_common common;
    clu_parse_args(argc, argv, "lesson 08: queues, events and overlap on z = x * y",
                   opts, sizeof opts / sizeof opts[0], &common);
    if (chunks > n) clu_die("-c: %zu chunks of %zu elements: at most one chunk per element", chunks, n);
    ctx c = {.n = n, .wg = wg, .reps = reps, .chunks = chunks};
    clu_setup(&c.env, &common);
    c.program = clu_build(&c.env, "08-queues-overlap.cl", "");
    c.kernel = clu_kernel(c.program, "multiply");
    clu_check_wgsize(&c.env, c.kernel, wg);
    const size_t bytes = clu_bytes(n, sizeof(float), "x");
    cl_int err;
    for (int q = 0; q < 3; q++) {
        c.q[q] = clCreateCommandQueue(c.env.context, c.env.device, CL_QUEUE_PROFILING_ENABLE, &err);
        CLU_CHECK_ERR(err, "clCreateCommandQueue");
    }
    c.d_x = clu_buffer(&c.env, CL_MEM_READ_ONLY, bytes, NULL, "x");
    c.d_y = clu_buffer(&c.env, CL_MEM_READ_ONLY, bytes, NULL, "y");
    c.d_z = clu_buffer(&c.env, CL_MEM_WRITE_ONLY, bytes, NULL, "z");
    for (int i = 0; i < 3; i++) CLU_CHECK(clSetKernelArg(c.kernel, (cl_uint)i, sizeof(cl_mem), i == 0 ? &c.d_x : i == 1 ? &c.d_y : &c.d_z));
    c.h_x = clu_malloc(bytes, "x");
    c.h_y = clu_malloc(bytes, "y");
    c.h_z = clu_malloc(bytes, "z");
    c.p_x = map_floats(&c, &c.pin[0], n);
    c.p_y = map_floats(&c, &c.pin[1], n);
    c.p_z = map_floats(&c, &c.pin[2], n);
    float *z = clu_malloc(bytes, "the result");
    double *ref = clu_malloc(n * sizeof(double), "the reference");
    double *mag = clu_malloc(n * sizeof(double), "the bounds");
#ifdef _OPENMP
    const int threads = omp_get_max_threads();
#else
    const int threads = 1;
#endif
    printf("sizes:    n = %zu floats (%.1f MiB per array), %zu chunks, work-group %zu, %d OpenMP threads\n",
           n, (double)bytes / 1048576.0, chunks, wg, threads);

    /* Two checks: whole numbers (every product exact), then random floats
     * (the product rounded once: error at most 2^-24 of it). */
    size_t wrong = 0;
    for (int exact = 1; exact >= 0; exact--) {
        if (exact) clu_fill_exact(c.h_x, n, 1, 1000), clu_fill_exact(c.h_y, n, 2, 1000);
        else clu_fill_random(c.h_x, n, 1, -1.0f, 1.0f), clu_fill_random(c.h_y, n, 2, -1.0f, 1.0f);
        /* The pinned copies of x and y: written by the runtime while unmapped
         * (Oclgrind does not see what the host writes through a map). */
        for (int i = 0; i < 3; i++) {
            float **h = i == 0 ? &c.p_x : i == 1 ? &c.p_y : &c.p_z;
            CLU_CHECK(clEnqueueUnmapMemObject(c.env.queue, c.pin[i], *h, 0, NULL, NULL));
            if (i < 2) CLU_CHECK(clEnqueueWriteBuffer(c.env.queue, c.pin[i], CL_TRUE, 0, bytes,
                                                      i ? c.h_y : c.h_x, 0, NULL, NULL));
            *h = remap(&c, c.pin[i], n);
        }
        for (size_t i = 0; i < n; i++) ref[i] = (double)c.h_x[i] * c.h_y[i], mag[i] = fabs(ref[i]);
        for (size_t v = 0; v < NV; v++)
            if (chosen < 0 || (size_t)chosen == v) wrong += check(&c, &variants[v], exact, z, ref, mag);
    }

    /* ---- time: only once everything is verified; nothing on Oclgrind ---- */
    // snippet: time
    if (!wrong && !clu_on_oclgrind(&c.env)) {
        timing best[NV];
        for (size_t v = 0; v < NV; v++) {
            if (!(chosen < 0 || (size_t)chosen == v || v < 2 || (variants[v].queues && chosen >= 0 && variants[chosen].queues))) continue;
            best[v] = variants[v].run(&c, &variants[v], z);
            for (size_t r = 1; r < reps; r++) {
                timing t = variants[v].run(&c, &variants[v], z);
                if (t.ms < best[v].ms) best[v] = t;
            }
        }
        const int both_pipes = chosen < 0 || variants[chosen].queues;
        size_t one_queue = 0; /* the pipeline every pipeline is compared with */
        for (size_t v = 0; v < NV; v++) one_queue = variants[v].queues == 1 ? v : one_queue;
        printf("\n");
        for (size_t v = 0; v < NV; v++)
            if (chosen < 0 || (size_t)chosen == v)
                report(&c, &variants[v], &best[v], best[0].ms, best[1].ms, both_pipes ? best[one_queue].ms : 0);
        if (both_pipes) { /* one more run of each pipeline for the timeline */
            c.timeline = 1;
            for (size_t v = 0; v < NV; v++)
                if (variants[v].queues) variants[v].run(&c, &variants[v], z);
        }
        // end snippet time
        // snippet: split-main
        cl_platform_id p2 = NULL;
        cl_device_id dev2 = chosen < 0 ? other_device(&c.env, &p2) : NULL;
        if (chosen < 0 && !dev2)
            printf("split: only one device here, nothing to split with (PoCL and a GPU, or two GPUs, "
                   "would each get a share)\n");
        if (dev2) {
            clu_env e2 = {.platform = p2, .device = dev2};
            e2.context = clCreateContext(NULL, 1, &dev2, NULL, NULL, &err);
            CLU_CHECK_ERR(err, "clCreateContext(second device)");
            e2.queue = clCreateCommandQueue(e2.context, dev2, CL_QUEUE_PROFILING_ENABLE, &err);
            CLU_CHECK_ERR(err, "clCreateCommandQueue(second device)");
            double alone[2] = {run_split(&e2, &c, 1.0, z), run_split(&e2, &c, 0.0, z)};
            /* The share from the speeds: each device's part should take as long. */
            double f = share ? (double)share / 100.0 : alone[1] / (alone[0] + alone[1]);
            double ms = run_split(&e2, &c, f, z);
            char *name2 = clu_device_string(dev2, CL_DEVICE_NAME);
            printf("split:    %.3f ms with %.0f%% here and the rest on %s (alone: %.3f ms here, %.3f ms there)\n",
                   ms, 100 * f, name2, alone[0], alone[1]);
            printf("result: variant=split n=%zu share=%.3f ms=%.4f alone_ms=%.4f other_ms=%.4f gain=%.3f\n", n, f,
                   ms, alone[0], alone[1], fmin(alone[0], alone[1]) / ms);
            wrong += clu_verify("split z", z, ref, mag, n, 1);
            free(name2);
            clu_teardown(&e2);
        }
        // end snippet split-main
    }

    for (int i = 0; i < 3; i++) {
        float *p = i == 0 ? c.p_x : i == 1 ? c.p_y : c.p_z;
        CLU_CHECK(clEnqueueUnmapMemObject(c.env.queue, c.pin[i], p, 0, NULL, NULL));
    }
    CLU_CHECK(clFinish(c.env.queue));
    for (int i = 0; i < 3; i++) clReleaseMemObject(c.pin[i]);
    clReleaseMemObject(c.d_x);
    clReleaseMemObject(c.d_y);
    clReleaseMemObject(c.d_z);
    for (int q = 0; q < 3; q++) clReleaseCommandQueue(c.q[q]);
    clReleaseKernel(c.kernel);
    clReleaseProgram(c.program);
    clu_teardown(&c.env);
    free(c.h_x);
    free(c.h_y);
    free(c.h_z);
    free(z);
    free(ref);
    free(mag);
    return clu_exit_status(wrong);
}
