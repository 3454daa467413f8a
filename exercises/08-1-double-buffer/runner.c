/* runner.c -- the program exercise 08-1 builds around the student's
 * pipeline.c. The checker (check.c, a separate process) runs it once per
 * check:
 *     runner 0      9 chunks of 100003 floats through two slots; writes z
 *                   (raw floats) to descriptor 7, then for every chunk and
 *                   command its type and queue (0 up, 1 run, 2 down, -1
 *                   other, -2 no event) as ints
 *     runner 1..4   hold one queue back with a user event, enqueue chunks,
 *                   and write to descriptor 7 whether a command that must
 *                   wait finished anyway: "waited", "early", or "unset I"
 * A call to enqueue_chunk that does not return within 3 s while a queue is
 * held back ends the program with a message and exit status 3. */
#define _POSIX_C_SOURCE 200809L
#include "pipeline.h"

#include "clu.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *src =
    "__kernel void multiply(__global const float *x, __global const float *y, __global float *z,\n"
    "                       const int first, const int count) {\n"
    "    const int i = get_global_id(0);\n"
    "    if (i < count) z[first + i] = x[first + i] * y[first + i];\n"
    "}\n";

static void stuck(int sig)
{
    (void)sig;
    static const char msg[] = "enqueue_chunk did not return within 3 s while a queue was held back: a blocking call "
                              "(CL_TRUE), or clFinish or clWaitForEvents inside it?\n";
    if (write(2, msg, sizeof msg - 1) < 0) _exit(3);
    _exit(3);
}

#define PER 5000 /* elements per chunk in the waiting tests */

int main(int argc, char **argv)
{
    if (argc != 2) clu_die("usage: runner MODE (the grader runs this)");
    const int mode = atoi(argv[1]);
    signal(SIGALRM, stuck);
    clu_common common;
    memset(&common, 0, sizeof common);
    common.platform = getenv("CLU_PLATFORM");
    common.device = getenv("CLU_DEVICE");
    clu_env env;
    clu_setup(&env, &common);
    cl_int err;
    cl_command_queue q[3];
    for (int i = 0; i < 3; i++) {
        q[i] = clCreateCommandQueueWithProperties(env.context, env.device, NULL, &err);
        CLU_CHECK_ERR(err, "clCreateCommandQueueWithProperties");
    }
    cl_program prog = clCreateProgramWithSource(env.context, 1, &src, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    CLU_CHECK(clBuildProgram(prog, 1, &env.device, "", NULL, NULL));
    cl_kernel k = clCreateKernel(prog, "multiply", &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    const size_t n = 100003, chunks = 9, per = (n + chunks - 1) / chunks;
    float *x = clu_malloc(n * 4, "x"), *y = clu_malloc(n * 4, "y"), *z = clu_malloc(n * 4, "z");
    clu_fill_exact(x, n, 91, 100);
    clu_fill_exact(y, n, 92, 100);
    for (size_t i = 0; i < n; i++) z[i] = -1.0f;
    cl_mem d[3];
    for (int b = 0; b < 3; b++) { /* two slots of a chunk each */
        d[b] = clCreateBuffer(env.context, CL_MEM_READ_WRITE, 2 * per * 4, NULL, &err);
        CLU_CHECK_ERR(err, "clCreateBuffer");
        CLU_CHECK(clSetKernelArg(k, (cl_uint)b, sizeof(cl_mem), &d[b]));
    }
    close(4); /* nothing measured before the student's code */
    FILE *out = fdopen(7, "wb");
    if (!out) clu_die("runner: descriptor 7 is not open");
    cl_event ev[9][4];
    memset(ev, 0, sizeof ev);
    if (mode == 0) {
        for (size_t c = 0; c < chunks; c++) {
            size_t first = c * per, count = n - first < per ? n - first : per;
            enqueue_chunk(q[0], q[1], q[2], k, 64, d[0], d[1], d[2], x, y, z, first, count, (c % 2) * per,
                          c >= 2 ? ev[c - 2] : NULL, ev[c]);
        }
        for (int i = 0; i < 3; i++) CLU_CHECK(clFinish(q[i]));
        if (fwrite(z, 4, n, out) != n) clu_die("runner: cannot write z");
        for (size_t c = 0; c < chunks; c++)
            for (int i = 0; i < 4; i++) {
                int info[2] = {-2, -2};
                if (ev[c][i]) {
                    cl_command_queue eq;
                    cl_command_type t;
                    CLU_CHECK(clGetEventInfo(ev[c][i], CL_EVENT_COMMAND_QUEUE, sizeof eq, &eq, NULL));
                    CLU_CHECK(clGetEventInfo(ev[c][i], CL_EVENT_COMMAND_TYPE, sizeof t, &t, NULL));
                    info[0] = (int)t;
                    info[1] = eq == q[0] ? 0 : eq == q[1] ? 1 : eq == q[2] ? 2 : -1;
                }
                if (fwrite(info, sizeof info, 1, out) != 1) clu_die("runner: cannot write the events");
            }
    } else {
        /* held queue, last chunk, the chunk and command that must wait */
        static const int waits[5][4] = {{0, 0, 0, 0}, {0, 0, 0, 2}, {1, 0, 0, 3}, {1, 2, 2, 0}, {2, 2, 2, 2}};
        const int *w = waits[mode < 1 || mode > 4 ? 1 : mode];
        cl_event gate = clCreateUserEvent(env.context, &err);
        CLU_CHECK_ERR(err, "clCreateUserEvent");
        CLU_CHECK(clEnqueueMarkerWithWaitList(q[w[0]], 1, &gate, NULL));
        alarm(3);
        for (int c = 0; c <= w[1]; c++)
            enqueue_chunk(q[0], q[1], q[2], k, 64, d[0], d[1], d[2], x, y, z, (size_t)c * PER, PER,
                          (size_t)(c % 2) * PER, c >= 2 ? ev[c - 2] : NULL, ev[c]);
        alarm(0);
        int unset = -1;
        for (int c = 0; c <= w[1]; c++)
            for (int i = 0; i < 4; i++)
                if (!ev[c][i] && unset < 0) unset = i;
        if (unset >= 0) {
            fprintf(out, "unset %d\n", unset);
        } else {
            for (int i = 0; i < 3; i++) CLU_CHECK(clFlush(q[i]));
            int early = 0;
            struct timespec pause = {0, 50000000};
            for (int t = 0; t < 6 && !early; t++) {
                nanosleep(&pause, NULL);
                cl_int st = CL_QUEUED;
                CLU_CHECK(clGetEventInfo(ev[w[2]][w[3]], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
                early = st == CL_COMPLETE;
            }
            fprintf(out, "%s\n", early ? "early" : "waited");
        }
        CLU_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
        for (int i = 0; i < 3; i++) CLU_CHECK(clFinish(q[i]));
        clReleaseEvent(gate);
    }
    if (fclose(out) != 0) clu_die("runner: cannot write the result");
    for (size_t c = 0; c < chunks; c++)
        for (int i = 0; i < 4; i++)
            if (ev[c][i]) clReleaseEvent(ev[c][i]);
    for (int b = 0; b < 3; b++) clReleaseMemObject(d[b]);
    for (int i = 0; i < 3; i++) clReleaseCommandQueue(q[i]);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clu_teardown(&env);
    free(x);
    free(y);
    free(z);
    return 0;
}
