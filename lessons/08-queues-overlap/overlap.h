/* Lesson 08's shared state, and what main.c calls in its helper files:
 * settings.c (the command line, read once), buffers.c (the queues, buffers
 * and pinned memory, made and given back) and compare.c (OpenMP, the
 * timeline, the host's clock, the split). */
#ifndef OVERLAP_H
#define OVERLAP_H

#include "clu.h"

#define MAX_CHUNKS 64

typedef struct {
    clu_env env;
    cl_kernel kernel;
    cl_command_queue q[3]; /* upload, compute, download: the pipeline's queues */
    size_t n, wg, reps, chunks; /* as settings.c reads them */
    float *h_x, *h_y;      /* pageable: malloc */
    cl_mem pin[3];         /* pinned host memory behind p_x, p_y, p_z */
    float *p_x, *p_y, *p_z;
    cl_mem d_x, d_y, d_z;  /* on the device */
    int timeline;          /* print the pipeline's events */
} ctx;

/* settings.c: the command line, read once. What the helpers read (n, wg,
 * reps, chunks) goes into the run's ctx, the rest into a settings. wg 0:
 * the kernel's default; share 0: the split from the two devices' speeds;
 * chosen: a variant's index (`pick` lists them for -o), -1 for all. */
typedef struct {
    int chosen;
    size_t share;
} settings;
settings read_settings(int argc, char **argv, clu_option pick, ctx *run, clu_common *common);

/* What a run took: the whole, and its parts as the events saw them; host:
 * the whole timed by the host's clock however the events are. */
typedef struct { double ms, up_ms, run_ms, down_ms, bound_ms; int host; } timing;

/* buffers.c: the pipeline's three queues, x, y, z on the device (set as the
 * kernel's arguments 0-2) and in pinned memory (mapped); the pinned x and y
 * written from the pageable ones; everything given back. */
void make_buffers(ctx *c);
void copy_to_pinned(ctx *c);
void release_buffers(ctx *c);

/* compare.c: OpenMP's threads (0: built without OpenMP), z = x * y on them,
 * a pipeline's events as rows of its timeline, the time from one event's
 * start to another's end (the host's where the device's clock is wrong), and
 * the work split over this device and another one, if there is one. */
int omp_threads(void);
void multiply_omp(const float *x, const float *y, float *z, size_t n);
void print_timeline(cl_event (*ev)[4], size_t used, size_t n, size_t chunks, const char *name, int queues);
double span_ms(clu_env *env, cl_event a, cl_event b, double host_ms);
size_t split_over_two_devices(clu_env *env, const float *x, const float *y, float *z, size_t n,
                              size_t share, const double *ref, const double *mag);

#endif
