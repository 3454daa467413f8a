/* Checker for exercise 08-1: the pipeline's result, the queue and type of
 * every command, and the two waits, tested by holding a queue back with a
 * user event: while the uploads cannot start, the kernel must not finish;
 * while the kernel cannot start, the download must not finish. */
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

typedef struct { clu_env *env; cl_command_queue q[3]; cl_kernel k; cl_mem d[3]; } rig;

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

/* Hold queue `held` back with a user event, enqueue one chunk, wait 0.3 s
 * and see whether command `early` finished although it must wait. */
static int held_back(rig *r, int held, int early, const float *x, const float *y, float *z, char *why, size_t len)
{
    cl_int err;
    cl_event gate = clCreateUserEvent(r->env->context, &err);
    CLU_CHECK_ERR(err, "clCreateUserEvent");
    CLU_CHECK(clEnqueueMarkerWithWaitList(r->q[held], 1, &gate, NULL));
    cl_event ev[4] = {NULL, NULL, NULL, NULL};
    alarm(10);
    enqueue_chunk(r->q[0], r->q[1], r->q[2], r->k, 64, r->d[0], r->d[1], r->d[2], x, y, z, 100, 5000, ev);
    alarm(0);
    int ok = events_ok(ev, why, len);
    for (int q = 0; q < 3; q++) CLU_CHECK(clFlush(r->q[q]));
    struct timespec pause = {0, 50000000};
    for (int t = 0; t < 6 && ok; t++) {
        nanosleep(&pause, NULL);
        if (is_complete(ev[early])) {
            snprintf(why, len, "the %s finished while the %s could not start: it does not wait for them "
                     "(its event wait list)", early == 2 ? "kernel" : "download", held == 0 ? "uploads" : "kernel");
            ok = 0;
        }
    }
    CLU_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    for (int q = 0; q < 3; q++) CLU_CHECK(clFinish(r->q[q]));
    for (int i = 0; i < 4; i++) if (ev[i]) clReleaseEvent(ev[i]);
    clReleaseEvent(gate);
    return ok;
}

int main(int argc, char **argv)
{
    clu_env env;
    grade_begin(argc, argv, 4, &env);
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
    const size_t n = 100003, chunks = 7, per = (n + chunks - 1) / chunks;
    float *x = clu_malloc(n * 4, "x"), *y = clu_malloc(n * 4, "y"), *z = clu_malloc(n * 4, "z");
    clu_fill_exact(x, n, 91, 100);
    clu_fill_exact(y, n, 92, 100);
    for (size_t i = 0; i < n; i++) z[i] = -1.0f;
    for (int b = 0; b < 3; b++) {
        r.d[b] = clCreateBuffer(env.context, CL_MEM_READ_WRITE, n * 4, NULL, &err);
        CLU_CHECK_ERR(err, "clCreateBuffer");
        CLU_CHECK(clSetKernelArg(r.k, (cl_uint)b, sizeof(cl_mem), &r.d[b]));
    }

    /* 1 and 2: the whole pipeline, its result, where each command went. */
    cl_event ev[7][4];
    memset(ev, 0, sizeof ev);
    alarm(10);
    for (size_t c = 0; c < chunks; c++) {
        size_t first = c * per, count = n - first < per ? n - first : per;
        enqueue_chunk(r.q[0], r.q[1], r.q[2], r.k, 64, r.d[0], r.d[1], r.d[2], x, y, z, first, count, ev[c]);
    }
    alarm(0);
    for (int q = 0; q < 3; q++) CLU_CHECK(clFinish(r.q[q]));
    char why[256] = "";
    int ok = 1;
    for (size_t i = 0; i < n && ok; i++)
        if (z[i] != x[i] * y[i]) {
            snprintf(why, sizeof why, "z[%zu] is %g, expected %g (chunks of %zu)", i, (double)z[i], (double)(x[i] * y[i]), per);
            ok = 0;
        }
    grade(ok, "7 chunks of 100003 elements: z = x * y", "%s", why);
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
        for (int i = 0; i < 4; i++) if (ev[c][i]) clReleaseEvent(ev[c][i]);

    /* 3 and 4: the waits. */
    why[0] = '\0';
    grade(held_back(&r, 0, 2, x, y, z, why, sizeof why), "the kernel waits for both uploads", "%s", why);
    why[0] = '\0';
    grade(held_back(&r, 1, 3, x, y, z, why, sizeof why), "the download waits for the kernel", "%s", why);

    for (int b = 0; b < 3; b++) clReleaseMemObject(r.d[b]);
    for (int q = 0; q < 3; q++) clReleaseCommandQueue(r.q[q]);
    clReleaseKernel(r.k);
    clReleaseProgram(prog);
    free(x);
    free(y);
    free(z);
    return grade_end(&env);
}
