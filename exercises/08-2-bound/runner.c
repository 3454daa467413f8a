/* runner.c -- the program exercise 08-2 builds around the student's bound.c:
 *     runner CHUNKS QUEUES N
 * It runs lesson 08's pipeline (uploads of x and y, the kernel, the download
 * of z) over N floats in CHUNKS chunks on 3 queues (or all on one), waits
 * for all of it, writes every event's four profiling counters to descriptor
 * 4 and closes it, and only then calls the student's pipeline_bound(); what
 * that returns goes to descriptor 7. The checker (check.c, a separate
 * process) computes the sums itself from the counters. */
#define _POSIX_C_SOURCE 200809L
#include "bound.h"

#include "clu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *src =
    "__kernel void multiply(__global const float *x, __global const float *y, __global float *z,\n"
    "                       const int first, const int count) {\n"
    "    const int i = get_global_id(0);\n"
    "    if (i < count) z[first + i] = x[first + i] * y[first + i];\n"
    "}\n";

int main(int argc, char **argv)
{
    if (argc != 4) clu_die("usage: runner CHUNKS QUEUES N (the grader runs this)");
    const size_t chunks = (size_t)atoi(argv[1]), n = (size_t)atoi(argv[3]);
    const int queues = atoi(argv[2]);
    clu_common common;
    memset(&common, 0, sizeof common);
    common.platform = getenv("CLU_PLATFORM");
    common.device = getenv("CLU_DEVICE");
    clu_env env;
    clu_setup(&env, &common);
    cl_int err;
    cl_command_queue q[3];
    for (int i = 0; i < 3; i++) {
        const cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
        q[i] = clCreateCommandQueueWithProperties(env.context, env.device, props, &err);
        CLU_CHECK_ERR(err, "clCreateCommandQueueWithProperties");
    }
    cl_program prog = clCreateProgramWithSource(env.context, 1, &src, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    CLU_CHECK(clBuildProgram(prog, 1, &env.device, "", NULL, NULL));
    cl_kernel k = clCreateKernel(prog, "multiply", &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    float *x = clu_malloc(n * 4, "x"), *y = clu_malloc(n * 4, "y"), *z = clu_malloc(n * 4, "z");
    clu_fill_random(x, n, 1, -1.0f, 1.0f);
    clu_fill_random(y, n, 2, -1.0f, 1.0f);
    cl_mem d[3];
    for (int b = 0; b < 3; b++) {
        d[b] = clCreateBuffer(env.context, CL_MEM_READ_WRITE, n * 4, NULL, &err);
        CLU_CHECK_ERR(err, "clCreateBuffer");
        CLU_CHECK(clSetKernelArg(k, (cl_uint)b, sizeof(cl_mem), &d[b]));
    }
    cl_event (*ev)[4] = clu_malloc(chunks * sizeof *ev, "events");
    size_t per = (n + chunks - 1) / chunks, used = 0, wg = 64;
    for (size_t first = 0; first < n; first += per, used++) {
        size_t count = n - first < per ? n - first : per, global = clu_round_up(count, wg);
        const int f = (int)first, c = (int)count;
        cl_command_queue up = q[0], run = q[queues == 3 ? 1 : 0], down = q[queues == 3 ? 2 : 0];
        CLU_CHECK(clEnqueueWriteBuffer(up, d[0], CL_FALSE, first * 4, count * 4, x + first, 0, NULL, &ev[used][0]));
        CLU_CHECK(clEnqueueWriteBuffer(up, d[1], CL_FALSE, first * 4, count * 4, y + first, 0, NULL, &ev[used][1]));
        CLU_CHECK(clSetKernelArg(k, 3, sizeof f, &f));
        CLU_CHECK(clSetKernelArg(k, 4, sizeof c, &c));
        CLU_CHECK(clEnqueueNDRangeKernel(run, k, 1, NULL, &global, &wg, 2, ev[used], &ev[used][2]));
        CLU_CHECK(clEnqueueReadBuffer(down, d[2], CL_FALSE, first * 4, count * 4, z + first, 1, &ev[used][2],
                                      &ev[used][3]));
    }
    for (int i = 0; i < 3; i++) CLU_CHECK(clFinish(q[i]));
    FILE *before = fdopen(4, "w");
    if (!before) clu_die("runner: descriptor 4 is not open");
    static const cl_profiling_info what[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                              CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
    fprintf(before, "%zu\n", used);
    for (size_t c = 0; c < used; c++)
        for (int i = 0; i < 4; i++) {
            cl_ulong t[4];
            for (int w = 0; w < 4; w++) CLU_CHECK(clGetEventProfilingInfo(ev[c][i], what[w], sizeof t[w], &t[w], NULL));
            fprintf(before, "%llu %llu %llu %llu\n", (unsigned long long)t[0], (unsigned long long)t[1],
                    (unsigned long long)t[2], (unsigned long long)t[3]);
        }
    if (fclose(before) != 0) clu_die("runner: cannot write the counters");
    double sums[3] = {-1, -1, -1};
    double bound = pipeline_bound(ev, used, sums);
    FILE *out = fdopen(7, "w");
    if (!out || fprintf(out, "%.17g %.17g %.17g %.17g\n", sums[0], sums[1], sums[2], bound) < 0 || fclose(out) != 0)
        clu_die("runner: cannot write the result");
    for (size_t c = 0; c < used; c++)
        for (int i = 0; i < 4; i++) clReleaseEvent(ev[c][i]);
    for (int b = 0; b < 3; b++) clReleaseMemObject(d[b]);
    for (int i = 0; i < 3; i++) clReleaseCommandQueue(q[i]);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clu_teardown(&env);
    free(ev);
    free(x);
    free(y);
    free(z);
    return 0;
}
