/* Checker for exercise 08-1: a double-buffered pipeline. Its result, the
 * queue and type of every command, and the four waits, each tested by
 * holding one queue back with a user event and watching whether a command
 * that must wait finishes anyway:
 *   the kernel waits for its uploads;      the download waits for the kernel;
 *   the uploads of chunk c wait for the kernel of chunk c - 2 (the inputs'
 *   slot); the kernel of chunk c waits for the download of chunk c - 2 (z's). */
#define _POSIX_C_SOURCE 200809L
#include "grading.h"
#include "pipeline.h"

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
    static const char msg[] = "FAIL enqueue_chunk returns while a queue is held back: it did not "
                              "return within 10 s (a blocking call, CL_TRUE, or clFinish inside it?)\n";
    if (write(1, msg, sizeof msg - 1) < 0) _exit(1);
    _exit(1);
}

#define PER 5000 /* elements per chunk in the waiting tests */

typedef struct {
    clu_env *env;
    cl_command_queue q[3];
    cl_kernel k;
    cl_mem d[3];
    const float *x, *y;
    float *z;
} rig;

static int events_ok(cl_event ev[4], char *why, size_t len)
{
    for (int i = 0; i < 4; i++)
        if (!ev[i]) {
            snprintf(why, len, "ev[%d] was not set: every command must return its event", i);
            return 0;
        }
    return 1;
}

static int is_complete(cl_event e)
{
    cl_int st = CL_QUEUED;
    CLU_CHECK(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
    return st == CL_COMPLETE;
}

/* Chunk c of the waiting tests: PER elements, in slot c % 2. */
static void chunk(rig *r, int c, cl_event ev[][4])
{
    enqueue_chunk(r->q[0], r->q[1], r->q[2], r->k, 64, r->d[0], r->d[1], r->d[2], r->x, r->y, r->z,
                  (size_t)c * PER, PER, (size_t)(c % 2) * PER, c >= 2 ? ev[c - 2] : NULL, ev[c]);
}

/* Hold queue `held` back, enqueue chunks 0..last, wait 0.3 s and see
 * whether command `cmd` of chunk `c` finished although it must wait. */
static int held_back(rig *r, int held, int last, int c, int cmd, const char *must, char *why, size_t len)
{
    cl_int err;
    cl_event gate = clCreateUserEvent(r->env->context, &err);
    CLU_CHECK_ERR(err, "clCreateUserEvent");
    CLU_CHECK(clEnqueueMarkerWithWaitList(r->q[held], 1, &gate, NULL));
    cl_event ev[3][4];
    memset(ev, 0, sizeof ev);
    alarm(10);
    for (int i = 0; i <= last; i++) chunk(r, i, ev);
    alarm(0);
    int ok = 1;
    for (int i = 0; i <= last && ok; i++) ok = events_ok(ev[i], why, len);
    for (int q = 0; q < 3; q++) CLU_CHECK(clFlush(r->q[q]));
    struct timespec pause = {0, 50000000};
    for (int t = 0; t < 6 && ok; t++) {
        nanosleep(&pause, NULL);
        if (is_complete(ev[c][cmd])) {
            snprintf(why, len, "%s: it finished while that could not happen (its event wait list)", must);
            ok = 0;
        }
    }
    CLU_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    for (int q = 0; q < 3; q++) CLU_CHECK(clFinish(r->q[q]));
    for (int i = 0; i <= last; i++)
        for (int j = 0; j < 4; j++)
            if (ev[i][j]) clReleaseEvent(ev[i][j]);
    clReleaseEvent(gate);
    return ok;
}

int main(int argc, char **argv)
{
    clu_env env;
    grade_begin(argc, argv, 6, &env);
    signal(SIGALRM, stuck);
    rig r = {.env = &env};
    cl_int err;
    for (int q = 0; q < 3; q++) {
        r.q[q] = clCreateCommandQueue(env.context, env.device, CL_QUEUE_PROFILING_ENABLE, &err);
        CLU_CHECK_ERR(err, "clCreateCommandQueue");
    }
    cl_program prog = clCreateProgramWithSource(env.context, 1, &src, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    CLU_CHECK(clBuildProgram(prog, 1, &env.device, "", NULL, NULL));
    r.k = clu_kernel(prog, "multiply");
    const size_t n = 100003, chunks = 9, per = (n + chunks - 1) / chunks;
    float *x = clu_malloc(n * 4, "x"), *y = clu_malloc(n * 4, "y"), *z = clu_malloc(n * 4, "z");
    clu_fill_exact(x, n, 91, 100);
    clu_fill_exact(y, n, 92, 100);
    for (size_t i = 0; i < n; i++) z[i] = -1.0f;
    r.x = x, r.y = y, r.z = z;
    for (int b = 0; b < 3; b++) { /* two slots of a chunk each */
        r.d[b] = clCreateBuffer(env.context, CL_MEM_READ_WRITE, 2 * per * 4, NULL, &err);
        CLU_CHECK_ERR(err, "clCreateBuffer");
        CLU_CHECK(clSetKernelArg(r.k, (cl_uint)b, sizeof(cl_mem), &r.d[b]));
    }

    /* 1 and 2: the whole pipeline, its result, where each command went. */
    cl_event ev[9][4];
    memset(ev, 0, sizeof ev);
    alarm(10);
    for (size_t c = 0; c < chunks; c++) {
        size_t first = c * per, count = n - first < per ? n - first : per;
        enqueue_chunk(r.q[0], r.q[1], r.q[2], r.k, 64, r.d[0], r.d[1], r.d[2], x, y, z, first, count,
                      (c % 2) * per, c >= 2 ? ev[c - 2] : NULL, ev[c]);
    }
    alarm(0);
    for (int q = 0; q < 3; q++) CLU_CHECK(clFinish(r.q[q]));
    char why[256] = "";
    int ok = 1;
    for (size_t i = 0; i < n && ok; i++)
        if (z[i] != x[i] * y[i]) {
            snprintf(why, sizeof why, "z[%zu] is %g, expected %g (chunks of %zu in two slots)", i, (double)z[i],
                     (double)(x[i] * y[i]), per);
            ok = 0;
        }
    grade(ok, "9 chunks of 100003 elements through two slots: z = x * y", "%s", why);
    static const cl_command_type type[4] = {CL_COMMAND_WRITE_BUFFER, CL_COMMAND_WRITE_BUFFER,
                                            CL_COMMAND_NDRANGE_KERNEL, CL_COMMAND_READ_BUFFER};
    static const int queue_of[4] = {0, 0, 1, 2};
    static const char *names[3] = {"up", "run", "down"};
    ok = 1;
    for (size_t c = 0; c < chunks && ok; c++) {
        ok = events_ok(ev[c], why, sizeof why);
        for (int i = 0; i < 4 && ok; i++) {
            cl_command_queue q;
            cl_command_type t;
            CLU_CHECK(clGetEventInfo(ev[c][i], CL_EVENT_COMMAND_QUEUE, sizeof q, &q, NULL));
            CLU_CHECK(clGetEventInfo(ev[c][i], CL_EVENT_COMMAND_TYPE, sizeof t, &t, NULL));
            if (t != type[i] || q != r.q[queue_of[i]]) {
                snprintf(why, sizeof why, "ev[%d] of chunk %zu is not a %s on the queue `%s`", i, c,
                         i < 2 ? "write" : i == 2 ? "kernel launch" : "read", names[queue_of[i]]);
                ok = 0;
            }
        }
    }
    grade(ok, "every command on its own queue: writes on up, the kernel on run, the read on down", "%s", why);
    for (size_t c = 0; c < chunks; c++)
        for (int i = 0; i < 4; i++)
            if (ev[c][i]) clReleaseEvent(ev[c][i]);

    /* 3 to 6: the waits. */
    static const struct { int held, last, c, cmd; const char *what, *must; } waits[] = {
        {0, 0, 0, 2, "the kernel waits for its uploads", "the kernel must wait for both uploads"},
        {1, 0, 0, 3, "the download waits for the kernel", "the download must wait for the kernel"},
        {1, 2, 2, 0, "chunk 2's upload waits for chunk 0's kernel (same slot of x and y)",
         "chunk 2's upload of x must wait until chunk 0's kernel has read that slot"},
        {2, 2, 2, 2, "chunk 2's kernel waits for chunk 0's download (same slot of z)",
         "chunk 2's kernel must wait until chunk 0's download has read that slot of z"},
    };
    for (int i = 0; i < 4; i++) {
        why[0] = '\0';
        grade(held_back(&r, waits[i].held, waits[i].last, waits[i].c, waits[i].cmd, waits[i].must, why, sizeof why),
              waits[i].what, "%s", why);
    }

    for (int b = 0; b < 3; b++) clReleaseMemObject(r.d[b]);
    for (int q = 0; q < 3; q++) clReleaseCommandQueue(r.q[q]);
    clReleaseKernel(r.k);
    clReleaseProgram(prog);
    free(x);
    free(y);
    free(z);
    return grade_end(&env);
}
