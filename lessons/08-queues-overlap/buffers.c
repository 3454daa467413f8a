/* Lesson 08's memory, beside main.c: the pipeline's own queues, x, y and z
 * on the device and in pinned host memory, kept mapped between runs, the
 * pinned inputs refilled for each check, and everything given back. */
#include "overlap.h"

#include <stdlib.h>

// snippet: pinned
/* Pinned host memory: a buffer made with CL_MEM_ALLOC_HOST_PTR is, on most
 * drivers, page-locked host memory that the device copies from directly;
 * mapping it gives the host a pointer into it. */
static float *map_floats(ctx *c, cl_mem buf)
{
    cl_int err;
    float *p = clEnqueueMapBuffer(c->env.queue, buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, c->n * 4, 0,
                                  NULL, NULL, &err);
    CLU_CHECK_ERR(err, "clEnqueueMapBuffer");
    return p;
}
// end snippet pinned

void make_buffers(ctx *c)
{
    const size_t bytes = clu_bytes(c->n, sizeof(float), "x");
    cl_int err;
    for (int q = 0; q < 3; q++) { /* the pipeline's own queues */
        c->q[q] = clCreateCommandQueue(c->env.context, c->env.device, CL_QUEUE_PROFILING_ENABLE, &err);
        CLU_CHECK_ERR(err, "clCreateCommandQueue");
    }
    cl_mem *d[3] = {&c->d_x, &c->d_y, &c->d_z};
    float **p[3] = {&c->p_x, &c->p_y, &c->p_z};
    for (int i = 0; i < 3; i++) {
        *d[i] = clu_buffer(&c->env, i < 2 ? CL_MEM_READ_ONLY : CL_MEM_WRITE_ONLY, bytes, NULL, "x, y or z");
        CLU_CHECK(clSetKernelArg(c->kernel, (cl_uint)i, sizeof(cl_mem), d[i]));
        c->pin[i] = clCreateBuffer(c->env.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &err);
        CLU_CHECK_ERR(err, "clCreateBuffer(CL_MEM_ALLOC_HOST_PTR)");
        *p[i] = map_floats(c, c->pin[i]);
    }
}

/* The pinned copies of x and y: written by the runtime while unmapped
 * (Oclgrind does not see what the host writes through a map). */
void copy_to_pinned(ctx *c)
{
    float **p[3] = {&c->p_x, &c->p_y, &c->p_z};
    for (int i = 0; i < 3; i++) {
        CLU_CHECK(clEnqueueUnmapMemObject(c->env.queue, c->pin[i], *p[i], 0, NULL, NULL));
        if (i < 2) CLU_CHECK(clEnqueueWriteBuffer(c->env.queue, c->pin[i], CL_TRUE, 0, c->n * sizeof(float),
                                                  i ? c->h_y : c->h_x, 0, NULL, NULL));
        *p[i] = map_floats(c, c->pin[i]);
    }
}

void release_buffers(ctx *c)
{
    float *p[3] = {c->p_x, c->p_y, c->p_z};
    cl_mem d[3] = {c->d_x, c->d_y, c->d_z};
    for (int i = 0; i < 3; i++) CLU_CHECK(clEnqueueUnmapMemObject(c->env.queue, c->pin[i], p[i], 0, NULL, NULL));
    CLU_CHECK(clFinish(c->env.queue));
    for (int i = 0; i < 3; i++) clReleaseMemObject(c->pin[i]), clReleaseMemObject(d[i]), clReleaseCommandQueue(c->q[i]);
}
