/* Lesson 08 -- queues, events and overlap: what moving the data costs, and
 * how much of it can hide behind the computation.
 *
 * The slides' lesson first: z[i] = x[i] * y[i] on 16 M floats, in serial C
 * and in OpenCL with and without the transfers, all in the same run. Then
 * the ways to move data: from pageable host memory (malloc), from pinned
 * memory (a CL_MEM_ALLOC_HOST_PTR buffer, mapped), and no copy at all (the
 * kernel works on mapped buffers). Then a pipeline: the arrays cut into
 * chunks, the upload, the computation and the download of different chunks
 * on three in-order queues, ordered by events, so that they overlap; against
 * the same chunks on one queue, and against the bound no pipeline beats (its
 * longest stage). The comparisons (OpenMP on the host's cores, the two
 * pipelines' events as rows of a timeline, the work split over two devices)
 * are in compare.c beside this file; making and giving back the queues, the
 * buffers and the pinned memory in buffers.c, the options in settings.c,
 * the shared state in overlap.h.
 * Kernel file: kernels/08-queues-overlap.cl
 * APIs introduced: several command queues on one device, event wait lists,
 * clEnqueueMapBuffer/clEnqueueUnmapMemObject, CL_MEM_ALLOC_HOST_PTR,
 * CL_PROFILING_COMMAND_QUEUED/START/END on a shared clock, clFlush.
 */
#include "overlap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the C reference ------------------------------------------------------ */

// snippet: serial
static void multiply_serial(const float *x, const float *y, float *z, size_t n)
{
    for (size_t i = 0; i < n; i++) z[i] = x[i] * y[i];
}
// end snippet serial

/* ---- the variants ------------------------------------------------------------ */

/* The kernel over elements [first, first + count) on queue q. */
static void launch(ctx *c, cl_command_queue q, size_t first, size_t count, cl_uint nwait,
                   const cl_event *wait, cl_event *done)
{
    const int f = (int)first, k = (int)count;
    size_t global = clu_round_up(count, c->wg);
    CLU_CHECK(clSetKernelArg(c->kernel, 3, sizeof f, &f));
    CLU_CHECK(clSetKernelArg(c->kernel, 4, sizeof k, &k));
    CLU_CHECK(clEnqueueNDRangeKernel(q, c->kernel, 1, NULL, &global, &c->wg, nwait, wait, done));
}

/* On the host: the serial loop, or OpenMP's threads. */
static timing on_host(void (*multiply)(const float *, const float *, float *, size_t), ctx *c, float *z)
{
    double t0 = clu_now();
    multiply(c->h_x, c->h_y, z, c->n);
    return (timing){.ms = (clu_now() - t0) * 1e3, .host = 1};
}
static timing run_serial(ctx *c, float *z) { return on_host(multiply_serial, c, z); }
static timing run_omp(ctx *c, float *z) { return on_host(multiply_omp, c, z); }

/* The kernel alone: the inputs are already on the device. */
static timing run_kernel(ctx *c, float *z)
{
    size_t bytes = c->n * sizeof(float), global = clu_round_up(c->n, c->wg);
    CLU_CHECK(clEnqueueWriteBuffer(c->env.queue, c->d_x, CL_FALSE, 0, bytes, c->h_x, 0, NULL, NULL));
    CLU_CHECK(clEnqueueWriteBuffer(c->env.queue, c->d_y, CL_FALSE, 0, bytes, c->h_y, 0, NULL, NULL));
    launch(c, c->env.queue, 0, c->n, 0, NULL, NULL);
    double ms = clu_run_best(&c->env, c->kernel, 1, &global, &c->wg, c->reps);
    clu_read(&c->env, c->d_z, bytes, z);
    return (timing){.ms = ms, .run_ms = ms, .bound_ms = ms};
}

// snippet: copy
/* Copy in, compute, copy out, on one queue; the host's memory is pageable
 * (malloc) or pinned. The whole is timed from the first command's start to
 * the last one's end on the device's clock. */
static timing run_copy(ctx *c, float *z, int pinned)
{
    size_t bytes = c->n * sizeof(float);
    const float *x = pinned ? c->p_x : c->h_x, *y = pinned ? c->p_y : c->h_y;
    float *out = pinned ? c->p_z : z;
    cl_event ev[4];
    cl_command_queue q = c->env.queue;
    double t0 = clu_now();
    CLU_CHECK(clEnqueueWriteBuffer(q, c->d_x, CL_FALSE, 0, bytes, x, 0, NULL, &ev[0]));
    CLU_CHECK(clEnqueueWriteBuffer(q, c->d_y, CL_FALSE, 0, bytes, y, 0, NULL, &ev[1]));
    launch(c, q, 0, c->n, 0, NULL, &ev[2]);
    CLU_CHECK(clEnqueueReadBuffer(q, c->d_z, CL_TRUE, 0, bytes, out, 0, NULL, &ev[3]));
    timing t = {.ms = span_ms(&c->env, ev[0], ev[3], (clu_now() - t0) * 1e3),
                .up_ms = clu_event_ms(ev[0]) + clu_event_ms(ev[1]), .run_ms = clu_event_ms(ev[2]),
                .down_ms = clu_event_ms(ev[3])};
    for (int i = 0; i < 4; i++) clReleaseEvent(ev[i]);
    if (pinned) memcpy(z, c->p_z, bytes); /* for the check, outside the time */
    return t;
}
// end snippet copy
static timing run_pageable(ctx *c, float *z) { return run_copy(c, z, 0); }
static timing run_pinned(ctx *c, float *z) { return run_copy(c, z, 1); }

// snippet: mapped
/* No copy at all: the kernel works on buffers made with
 * CL_MEM_ALLOC_HOST_PTR, which the host fills and reads through a map. On
 * a CPU device the map is a pointer into the same memory; a GPU driver may
 * copy behind the map, or let the kernel read the host's memory. */
static timing run_mapped(ctx *c, float *z)
{
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
    timing t = {.ms = (clu_now() - t0) * 1e3, .run_ms = clu_event_ms(ev[0]), .down_ms = clu_event_ms(ev[1]),
                .host = 1};
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
static timing run_pipeline(ctx *c, float *z, int queues, const char *name)
{
    const size_t per = (c->n + c->chunks - 1) / c->chunks;
    cl_command_queue up = c->q[0], run = queues == 3 ? c->q[1] : c->q[0], down = queues == 3 ? c->q[2] : c->q[0];
    cl_event ev[MAX_CHUNKS][4];
    size_t used = 0;
    double t0 = clu_now();
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
    timing t = {.ms = span_ms(&c->env, ev[0][0], ev[used - 1][3], (clu_now() - t0) * 1e3)};
    if (c->timeline) print_timeline(ev, used, c->n, c->chunks, name, queues);
    for (size_t i = 0; i < used; i++) {
        t.up_ms += clu_event_ms(ev[i][0]) + clu_event_ms(ev[i][1]);
        t.run_ms += clu_event_ms(ev[i][2]);
        t.down_ms += clu_event_ms(ev[i][3]);
        for (int j = 0; j < 4; j++) clReleaseEvent(ev[i][j]);
    }
    t.bound_ms = fmax(t.up_ms, fmax(t.run_ms, t.down_ms));
    memcpy(z, c->p_z, c->n * sizeof(float));
    return t;
}
static timing run_chunks1(ctx *c, float *z) { return run_pipeline(c, z, 1, "chunks1"); }
static timing run_chunks3(ctx *c, float *z) { return run_pipeline(c, z, 3, "chunks3"); }

// snippet: variants
typedef struct {
    const char *name, *why;
    timing (*run)(ctx *c, float *z);
    int pipeline; /* compared with chunks1, drawn as a timeline */
} variant;

static const variant variants[] = {
    {.name = "serial", .why = "plain C: the baseline", .run = run_serial},
    {.name = "omp", .why = "OpenMP threads on every core (compare.c)", .run = run_omp},
    {.name = "kernel", .why = "the kernel alone, the data already on the device", .run = run_kernel},
    {.name = "pageable", .why = "copy in, compute, copy out; host memory from malloc", .run = run_pageable},
    {.name = "pinned", .why = "the same from pinned host memory (CL_MEM_ALLOC_HOST_PTR)", .run = run_pinned},
    {.name = "mapped", .why = "no copies: the kernel works on mapped pinned buffers", .run = run_mapped},
    {.name = "chunks1", .why = "pinned, in chunks, all on one in-order queue", .run = run_chunks1, .pipeline = 1},
    {.name = "chunks3", .why = "the chunks on three queues with events: overlapped", .run = run_chunks3,
     .pipeline = 1},
};
enum { SERIAL, OMP, NV = sizeof variants / sizeof variants[0] };
// end snippet variants

/* ---- run and verify ------------------------------------------------------------ */

// snippet: check
/* Every output starts as NaN before each variant runs: z on the host, in
 * pinned memory and on the device, and x and y on the device too, so that
 * nothing a variant (or its kernel) failed to write can come from the
 * variant that ran before it. */
static size_t check(ctx *c, const variant *v, int exact, float *z, const double *ref, const double *mag)
{
    const float nan = NAN;
    for (size_t i = 0; i < c->n; i++) z[i] = c->p_z[i] = nan;
    cl_mem on_device[3] = {c->d_x, c->d_y, c->d_z};
    for (int i = 0; i < 3; i++)
        CLU_CHECK(clEnqueueFillBuffer(c->env.queue, on_device[i], &nan, sizeof nan, 0, c->n * 4, 0, NULL, NULL));
    CLU_CHECK(clFinish(c->env.queue));
    c->timeline = 0;
    clu_step(v->name);
    v->run(c, z);
    char what[96];
    snprintf(what, sizeof what, "%s z%s", v->name, exact ? " (whole numbers)" : "");
    return clu_verify(what, z, ref, exact ? NULL : mag, c->n, 1);
}
// end snippet check

/* ---- report ------------------------------------------------------------------------ */

// snippet: report
static void report(const ctx *c, const variant *v, const timing *t, double serial_ms, double omp_ms,
                   double chunks1_ms)
{
    const double gb = 3.0 * (double)c->n * 4.0 * 1e-9; /* x and y read, z written */
    printf("%-9s %10.3f ms  %7.2f GB/s  %6.2fx serial  %6.2fx omp", v->name, t->ms, gb / t->ms * 1e3,
           serial_ms / t->ms, omp_ms > 0 ? omp_ms / t->ms : 0.0);
    if (t->up_ms > 0 || t->down_ms > 0)
        printf("  (up %.3f, kernel %.3f, down %.3f ms)", t->up_ms, t->run_ms, t->down_ms);
    if (v->pipeline) printf("  bound %.3f ms", t->bound_ms);
    printf("\n");
    printf("result: variant=%s n=%zu chunks=%zu wg=%zu ms=%.4f gbps=%.3f up_ms=%.4f kernel_ms=%.4f "
           "down_ms=%.4f bound_ms=%.4f serial_ms=%.4f speedup=%.3f omp_ms=%.4f vs_chunks1=%.3f timer=%s\n",
           v->name, c->n, v->pipeline ? c->chunks : 1, c->wg, t->ms, gb / t->ms * 1e3, t->up_ms,
           t->run_ms, t->down_ms, t->bound_ms, serial_ms, serial_ms / t->ms, omp_ms,
           chunks1_ms > 0 ? chunks1_ms / t->ms : 0.0, t->host || c->env.host_timer ? "host" : "events");
}
// end snippet report

int main(int argc, char **argv)
{
    clu_common common; /* -p, -d, --budget, ...: what every program understands */
    ctx c = {0}; /* the run (overlap.h) */
    const settings s = read_settings(argc, argv, (clu_option){CLU_VARIANTS(variants)}, &c, &common);
    clu_setup(&c.env, &common);
    const size_t n = c.n; /* read often below */
    const int threads = omp_threads();
    if (s.chosen == OMP && !threads) clu_die("-o omp: this program was built without OpenMP (no -fopenmp)");
    /* Every variant moves 12 bytes per element a few times over, between
     * the host and the device (at about the host's speed: one step of serial
     * C per float) and in kernels: two checks and -r timed runs of each, the
     * timeline and the split. */
    const double moves = (double)n * (double)(NV * (2 + c.reps) + 8);
    clu_check_budget(&c.env, &common, (clu_work){.bytes = 12.0 * moves, .host = 3.0 * moves},
                     "moving the n elements in every variant");
    cl_program program = clu_build(&c.env, "08-queues-overlap.cl", "");
    c.kernel = clu_kernel(program, "multiply");
    if (!c.wg) c.wg = clu_default_wg(&c.env, c.kernel, 256);
    clu_check_wgsize(&c.env, c.kernel, c.wg);
    const size_t bytes = clu_bytes(n, sizeof(float), "x");
    /* Host: x, y, z (pageable), the reference and its bounds; pinned x, y, z.
     * Device: x, y, z and the three pinned buffers. */
    clu_check_memory(&c.env, clu_bytes(n, 6 * sizeof(float) + 2 * sizeof(double), "the host arrays"),
                     clu_bytes(n, 6 * sizeof(float), "the buffers"));
    make_buffers(&c);
    c.h_x = clu_malloc(bytes, "x");
    c.h_y = clu_malloc(bytes, "y");
    float *z = clu_malloc(bytes, "z");
    double *ref = clu_malloc(n * sizeof(double), "the reference");
    double *mag = clu_malloc(n * sizeof(double), "the bounds");
    printf("sizes:    n = %zu floats (%.1f MiB per array), %zu chunks, work-group %zu, %d OpenMP threads\n",
           n, (double)bytes / 1048576.0, c.chunks, c.wg, threads);
    if (!threads) printf("omp:      this program was built without OpenMP (no -fopenmp): no comparison\n");
    const int run_omp_too = threads > 0;

    /* Two checks: halves up to 1000 (every product a quarter below 2^20:
     * exact), then random floats
     * (the product rounded once: error at most 2^-24 of it). */
    size_t wrong = 0;
    for (int exact = 1; exact >= 0; exact--) {
        if (exact) clu_fill_halves(c.h_x, n, 1, 1000), clu_fill_halves(c.h_y, n, 2, 1000);
        else clu_fill_random(c.h_x, n, 1, -1.0f, 1.0f), clu_fill_random(c.h_y, n, 2, -1.0f, 1.0f);
        copy_to_pinned(&c);
        for (size_t i = 0; i < n; i++) ref[i] = (double)c.h_x[i] * c.h_y[i], mag[i] = fabs(ref[i]);
        for (size_t v = 0; v < NV; v++)
            if ((s.chosen < 0 || (size_t)s.chosen == v) && (v != OMP || run_omp_too))
                wrong += check(&c, &variants[v], exact, z, ref, mag);
    }

    /* ---- time: only once everything is verified; nothing on Oclgrind ---- */
    // snippet: time
    if (!wrong && !clu_on_oclgrind(&c.env)) {
        const int pipes = s.chosen < 0 || variants[s.chosen].pipeline; /* both pipelines, compared */
        timing best[NV] = {{0}};
        for (size_t v = 0; v < NV; v++) {
            /* The chosen ones, and the yardsticks: serial, OpenMP, the pipelines. */
            int needed = s.chosen < 0 || (size_t)s.chosen == v || v <= OMP || (pipes && variants[v].pipeline);
            if (!needed || (v == OMP && !run_omp_too)) continue;
            clu_step(variants[v].name);
            for (size_t r = 0; r < c.reps; r++) {
                timing t = variants[v].run(&c, z);
                if (r == 0 || t.ms < best[v].ms) best[v] = t;
            }
        }
        size_t one_queue = 0; /* the pipeline every pipeline is compared with */
        for (size_t v = NV; v-- > 0;) one_queue = variants[v].pipeline ? v : one_queue;
        printf("\n");
        for (size_t v = 0; v < NV; v++)
            if ((s.chosen < 0 || (size_t)s.chosen == v) && (v != OMP || run_omp_too))
                report(&c, &variants[v], &best[v], best[SERIAL].ms, best[OMP].ms, pipes ? best[one_queue].ms : 0);
        if (pipes) { /* one more run of each pipeline for the timeline */
            c.timeline = 1;
            for (size_t v = 0; v < NV; v++)
                if (variants[v].pipeline) variants[v].run(&c, z);
        }
        // end snippet time
        if (s.chosen < 0) wrong += split_over_two_devices(&c.env, c.p_x, c.p_y, z, n, s.share, ref, mag);
    }

    release_buffers(&c);
    clReleaseKernel(c.kernel);
    clReleaseProgram(program);
    clu_teardown(&c.env);
    free(c.h_x), free(c.h_y), free(z), free(ref), free(mag);
    return clu_exit_status(wrong);
}
