/* Checker for exercise 08-2: pipeline_bound on the events of real
 * pipelines (three queues or one, several chunk counts), against the sums
 * the checker takes from the same events. */
#include "grading.h"
#include "bound.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const char *src =
    "__kernel void multiply(__global const float *x, __global const float *y, __global float *z,\n"
    "                       const int first, const int count) {\n"
    "    const int i = get_global_id(0);\n"
    "    if (i < count) z[first + i] = x[first + i] * y[first + i];\n"
    "}\n";

static double ms(cl_event e)
{
    cl_ulong s, t;
    CLU_CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof s, &s, NULL));
    CLU_CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof t, &t, NULL));
    return (double)(t - s) * 1e-6;
}

static int try_case(cl_command_queue q[3], cl_kernel k, cl_mem d[3], const float *x, const float *y,
                    float *z, size_t n, size_t chunks, int queues, char *why, size_t len)
{
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
        CLU_CHECK(clEnqueueReadBuffer(down, d[2], CL_FALSE, first * 4, count * 4, z + first, 1, &ev[used][2], &ev[used][3]));
    }
    for (int i = 0; i < 3; i++) CLU_CHECK(clFinish(q[i]));
    double want[3] = {0, 0, 0}, got[3] = {-1, -1, -1};
    for (size_t c = 0; c < used; c++) {
        want[0] += ms(ev[c][0]) + ms(ev[c][1]);
        want[1] += ms(ev[c][2]);
        want[2] += ms(ev[c][3]);
    }
    double bound = fmax(want[0], fmax(want[1], want[2]));
    double b = pipeline_bound(ev, used, got);
    int ok = 1;
    static const char *stage[3] = {"uploads", "kernels", "downloads"};
    for (int s = 0; s < 3 && ok; s++)
        if (!(fabs(got[s] - want[s]) <= 1e-9 * want[s] + 1e-12)) {
            snprintf(why, len, "sums[%d] (the %s) is %.6g ms, the events say %.6g ms", s, stage[s], got[s], want[s]);
            ok = 0;
        }
    if (ok && !(fabs(b - bound) <= 1e-9 * bound + 1e-12)) {
        snprintf(why, len, "returned %.6g ms; the longest stage took %.6g ms", b, bound);
        ok = 0;
    }
    for (size_t c = 0; c < used; c++)
        for (int i = 0; i < 4; i++) clReleaseEvent(ev[c][i]);
    free(ev);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { size_t chunks; int queues; } cases[] = {{5, 3}, {1, 3}, {16, 1}, {8, 3}};
    const int nc = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, nc, &env);
    cl_int err;
    cl_command_queue q[3];
    for (int i = 0; i < 3; i++) {
        q[i] = clCreateCommandQueue(env.context, env.device, CL_QUEUE_PROFILING_ENABLE, &err);
        CLU_CHECK_ERR(err, "clCreateCommandQueue");
    }
    cl_program prog = clCreateProgramWithSource(env.context, 1, &src, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    CLU_CHECK(clBuildProgram(prog, 1, &env.device, "", NULL, NULL));
    cl_kernel k = clu_kernel(prog, "multiply");
    const size_t n = (size_t)1 << 20;
    float *x = clu_malloc(n * 4, "x"), *y = clu_malloc(n * 4, "y"), *z = clu_malloc(n * 4, "z");
    clu_fill_random(x, n, 1, -1.0f, 1.0f);
    clu_fill_random(y, n, 2, -1.0f, 1.0f);
    cl_mem d[3];
    for (int b = 0; b < 3; b++) {
        d[b] = clCreateBuffer(env.context, CL_MEM_READ_WRITE, n * 4, NULL, &err);
        CLU_CHECK_ERR(err, "clCreateBuffer");
        CLU_CHECK(clSetKernelArg(k, (cl_uint)b, sizeof(cl_mem), &d[b]));
    }
    for (int i = 0; i < nc; i++) {
        char what[96], why[200] = "";
        snprintf(what, sizeof what, "%zu chunks on %d queue%s", cases[i].chunks, cases[i].queues, cases[i].queues > 1 ? "s" : "");
        grade(try_case(q, k, d, x, y, z, n, cases[i].chunks, cases[i].queues, why, sizeof why), what, "%s", why);
    }
    for (int b = 0; b < 3; b++) clReleaseMemObject(d[b]);
    for (int i = 0; i < 3; i++) clReleaseCommandQueue(q[i]);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    free(x);
    free(y);
    free(z);
    return grade_end(&env);
}
