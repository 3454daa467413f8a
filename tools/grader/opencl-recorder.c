/* opencl-recorder.c -- see opencl-recorder.h: the stand-in OpenCL of the
 * host-code exercises. Every OpenCL function the program uses but this file
 * does not define gets a stub from tools/grade.sh that writes
 * "forbidden NAME" and ends the program. */
#define _POSIX_C_SOURCE 200809L
#include "opencl-recorder.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MAX_ARRAYS 8
#define MAX_EVENTS 4096
static struct { const char *base; size_t bytes; } arrays[MAX_ARRAYS];
static cl_ulong times[MAX_EVENTS][4];
static cl_command_type types[MAX_EVENTS];
static int have_times[MAX_EVENTS];
static unsigned next_event = 1; /* event 0 is never handed out */
/* References to each event the program holds, as OpenCL counts them: 1 when
 * made, +1 for clRetainEvent, -1 for clReleaseEvent; an event at 0 is gone,
 * and any use of it is a fault. The caller's: events the runner made or
 * took over (it releases those itself). */
static int refs[MAX_EVENTS];
static unsigned char callers[MAX_EVENTS];
static char first_fault[600];

static void put(const char *line, size_t len)
{
    for (size_t done = 0; done < len;) {
        ssize_t w = write(RECORDER_FD, line + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) _exit(97);
        done += (size_t)w;
    }
}

void recorder_say(const char *fmt, ...)
{
    char line[8192];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if (n > (int)sizeof line - 2) n = (int)sizeof line - 2;
    line[n++] = '\n';
    put(line, (size_t)n);
}

void recorder_host_array(int id, const void *base, size_t bytes)
{
    if (id >= 0 && id < MAX_ARRAYS) arrays[id].base = base, arrays[id].bytes = bytes;
}

void recorder_event_times(int i, cl_command_type type, const cl_ulong t[4])
{
    if (i <= 0 || i >= MAX_EVENTS) return;
    memcpy(times[i], t, sizeof times[i]);
    types[i] = type;
    have_times[i] = 1;
    refs[i] = 1;
    callers[i] = 1;
    if ((unsigned)i >= next_event) next_event = (unsigned)i + 1;
}

/* A fault in the program's use of OpenCL objects: a line "fault WHAT",
 * said again by recorder_event_leaks() at the end. */
static void fault(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static void fault(const char *fmt, ...)
{
    char what[560];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (!first_fault[0]) snprintf(first_fault, sizeof first_fault, "%s", what);
    recorder_say("fault %s", what);
}

/* 1 when event E is alive; a fault (and 0) when it was released already. */
static int event_alive(long e, const char *use)
{
    if (e <= 0 || e >= MAX_EVENTS) return 0;
    if (refs[e] > 0) return 1;
    if ((unsigned)e < next_event)
        fault("event %ld was used (%s) after its last clReleaseEvent: a released event is gone, and a later command "
              "may get its number", e, use);
    return 0;
}

static long handle(const void *h, unsigned base)
{
    uintptr_t v = (uintptr_t)h;
    return v >= base && v < base + 0x1000u ? (long)(v - base) : -1;
}

/* "NWAIT W..." into s; CL_INVALID_EVENT_WAIT_LIST for a list OpenCL refuses */
static int wait_list(char *s, size_t len, cl_uint n, const cl_event *w)
{
    /* OpenCL refuses a list with a count of 0; PoCL and others let it pass, and so does this */
    if (n == 0) w = NULL;
    if ((n > 0 && !w) || n > 64) return CL_INVALID_EVENT_WAIT_LIST;
    size_t used = (size_t)snprintf(s, len, "%u", n);
    for (cl_uint i = 0; i < n; i++) {
        long e = handle(w[i], RECORDER_EVENT);
        if (e <= 0) return CL_INVALID_EVENT_WAIT_LIST;
        if (!event_alive(e, "in an event wait list")) return CL_INVALID_EVENT_WAIT_LIST;
        used += (size_t)snprintf(s + used, len - used, " %ld", e);
    }
    return CL_SUCCESS;
}

static long new_event(cl_event *ev, cl_command_type type)
{
    if (next_event >= MAX_EVENTS) return 0;
    long e = next_event++;
    types[e] = type;
    if (ev) *ev = recorder_event(e), refs[e] = 1;
    return ev ? e : 0;
}

cl_int clSetKernelArg(cl_kernel k, cl_uint i, size_t size, const void *value)
{
    long kk = handle(k, RECORDER_KERNEL);
    if (kk < 0) return CL_INVALID_KERNEL;
    if (size > 256) return CL_INVALID_ARG_SIZE;
    char line[600];
    int n = snprintf(line, sizeof line, "arg %ld %u %zu ", kk, i, size);
    if (!value) n += snprintf(line + n, sizeof line - (size_t)n, "local");
    else
        for (size_t b = 0; b < size; b++) n += snprintf(line + n, sizeof line - (size_t)n, "%02x", ((const unsigned char *)value)[b]);
    recorder_say("%s", line);
    return CL_SUCCESS;
}

cl_int clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dims, const size_t *offset,
                              const size_t *global, const size_t *local, cl_uint nwait, const cl_event *waits,
                              cl_event *ev)
{
    long qq = handle(q, RECORDER_QUEUE), kk = handle(k, RECORDER_KERNEL);
    if (qq < 0) return CL_INVALID_COMMAND_QUEUE;
    if (kk < 0) return CL_INVALID_KERNEL;
    if (dims < 1 || dims > 3) return CL_INVALID_WORK_DIMENSION;
    if (!global) return CL_INVALID_GLOBAL_WORK_SIZE;
    char w[1200], g[3][24] = {"1", "1", "1"}, l[3][24] = {"-", "-", "-"}, o[3][24] = {"0", "0", "0"};
    cl_int err = wait_list(w, sizeof w, nwait, waits);
    if (err != CL_SUCCESS) return err;
    for (cl_uint d = 0; d < dims; d++) {
        snprintf(g[d], sizeof g[d], "%zu", global[d]);
        if (local) snprintf(l[d], sizeof l[d], "%zu", local[d]);
        if (offset) snprintf(o[d], sizeof o[d], "%zu", offset[d]);
    }
    long e = new_event(ev, CL_COMMAND_NDRANGE_KERNEL);
    recorder_say("ndrange %ld %ld %u %s %s %s %s %s %s %s %s %ld", qq, kk, dims, o[0], g[0], g[1], g[2], l[0], l[1],
                 l[2], w, e);
    return CL_SUCCESS;
}

static cl_int transfer(const char *what, cl_command_type type, cl_command_queue q, cl_mem m, cl_bool blocking,
                       size_t off, size_t bytes, const void *ptr, cl_uint nwait, const cl_event *waits, cl_event *ev)
{
    long qq = handle(q, RECORDER_QUEUE), mm = handle(m, RECORDER_MEM);
    if (qq < 0) return CL_INVALID_COMMAND_QUEUE;
    if (mm < 0) return CL_INVALID_MEM_OBJECT;
    if (!ptr) return CL_INVALID_VALUE;
    char w[1200];
    cl_int err = wait_list(w, sizeof w, nwait, waits);
    if (err != CL_SUCCESS) return err;
    long array = -1, elem = 0;
    for (int a = 0; a < MAX_ARRAYS; a++) {
        const char *p = ptr;
        if (arrays[a].base && p >= arrays[a].base && p + bytes <= arrays[a].base + arrays[a].bytes &&
            (size_t)(p - arrays[a].base) % 4 == 0) {
            array = a;
            elem = (long)((size_t)(p - arrays[a].base) / 4);
        }
    }
    long e = new_event(ev, type);
    recorder_say("%s %ld %ld %d %zu %zu %ld %ld %s %ld", what, qq, mm, blocking ? 1 : 0, off, bytes, array, elem, w, e);
    return CL_SUCCESS;
}

cl_int clEnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t bytes,
                            const void *ptr, cl_uint nwait, const cl_event *waits, cl_event *ev)
{
    return transfer("write", CL_COMMAND_WRITE_BUFFER, q, m, blocking, off, bytes, ptr, nwait, waits, ev);
}

cl_int clEnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t bytes, void *ptr,
                           cl_uint nwait, const cl_event *waits, cl_event *ev)
{
    return transfer("read", CL_COMMAND_READ_BUFFER, q, m, blocking, off, bytes, ptr, nwait, waits, ev);
}

cl_int clFinish(cl_command_queue q)
{
    long qq = handle(q, RECORDER_QUEUE);
    if (qq < 0) return CL_INVALID_COMMAND_QUEUE;
    recorder_say("finish %ld", qq);
    return CL_SUCCESS;
}

cl_int clFlush(cl_command_queue q)
{
    long qq = handle(q, RECORDER_QUEUE);
    if (qq < 0) return CL_INVALID_COMMAND_QUEUE;
    recorder_say("flush %ld", qq);
    return CL_SUCCESS;
}

cl_int clWaitForEvents(cl_uint n, const cl_event *list)
{
    char w[1200];
    cl_int err = n ? wait_list(w, sizeof w, n, list) : CL_INVALID_VALUE;
    if (err != CL_SUCCESS) return err;
    recorder_say("wait %s", w);
    return CL_SUCCESS;
}

cl_int clRetainEvent(cl_event e)
{
    long ee = handle(e, RECORDER_EVENT);
    if (!event_alive(ee, "by clRetainEvent")) return CL_INVALID_EVENT;
    refs[ee]++;
    return CL_SUCCESS;
}

cl_int clReleaseEvent(cl_event e)
{
    long ee = handle(e, RECORDER_EVENT);
    if (!event_alive(ee, "by clReleaseEvent: released once more than it was made and retained")) return CL_INVALID_EVENT;
    refs[ee]--;
    return CL_SUCCESS;
}

int recorder_event_take(cl_event e, const char *what)
{
    long ee = handle(e, RECORDER_EVENT);
    if (ee <= 0 || ee >= MAX_EVENTS) return 0;
    if (refs[ee] <= 0) {
        (void)what;
        fault("event %ld was released before it was returned: the caller owns the events it gets back, release "
              "only the ones you keep to yourself", ee);
        return 0;
    }
    callers[ee] = 1;
    return 1;
}

void recorder_event_drop(cl_event e)
{
    long ee = handle(e, RECORDER_EVENT);
    if (ee <= 0 || ee >= MAX_EVENTS) return;
    if (refs[ee] > 0) refs[ee]--;
    else fault("event %ld, returned to the caller, was released by your code as well: the caller owns it and "
               "releases it itself", ee);
}

void recorder_event_leaks(const char *who)
{
    (void)who; /* the checker names the function */
    if (first_fault[0]) recorder_say("fault %s", first_fault); /* once more, after all the program wrote */
    for (unsigned e = 1; e < next_event && e < MAX_EVENTS; e++)
        if (refs[e] > 0 && !callers[e]) {
            recorder_say("fault %s kept event %u (a %s) and never released it: every event you ask for (the last "
                         "argument of an enqueue) needs a clReleaseEvent once you no longer need it, or pass NULL",
                         "your code", e, types[e] == CL_COMMAND_NDRANGE_KERNEL ? "kernel launch"
                                 : types[e] == CL_COMMAND_READ_BUFFER ? "read" : "write");
            return;
        }
        else if (refs[e] > 1 && callers[e]) {
            recorder_say("fault your code retained event %u once more than it released it", e);
            return;
        }
}

cl_int clGetEventProfilingInfo(cl_event e, cl_profiling_info what, size_t size, void *value, size_t *ret)
{
    long ee = handle(e, RECORDER_EVENT);
    if (ee <= 0 || ee >= MAX_EVENTS) return CL_INVALID_EVENT;
    if (!event_alive(ee, "by clGetEventProfilingInfo")) return CL_INVALID_EVENT;
    if (!have_times[ee]) return CL_PROFILING_INFO_NOT_AVAILABLE;
    int i = what == CL_PROFILING_COMMAND_QUEUED ? 0 : what == CL_PROFILING_COMMAND_SUBMIT ? 1
          : what == CL_PROFILING_COMMAND_START  ? 2 : what == CL_PROFILING_COMMAND_END ? 3 : -1;
    if (i < 0) return CL_INVALID_VALUE;
    if (ret) *ret = sizeof(cl_ulong);
    if (value) {
        if (size < sizeof(cl_ulong)) return CL_INVALID_VALUE;
        memcpy(value, &times[ee][i], sizeof(cl_ulong));
    }
    return CL_SUCCESS;
}

cl_int clGetEventInfo(cl_event e, cl_event_info what, size_t size, void *value, size_t *ret)
{
    long ee = handle(e, RECORDER_EVENT);
    if (ee <= 0 || ee >= MAX_EVENTS) return CL_INVALID_EVENT;
    if (!event_alive(ee, "by clGetEventInfo")) return CL_INVALID_EVENT;
    cl_int status = CL_COMPLETE;
    const void *src = NULL;
    size_t len = 0;
    if (what == CL_EVENT_COMMAND_TYPE) src = &types[ee], len = sizeof types[ee];
    else if (what == CL_EVENT_COMMAND_EXECUTION_STATUS) src = &status, len = sizeof status;
    else return CL_INVALID_VALUE;
    if (ret) *ret = len;
    if (value) {
        if (size < len) return CL_INVALID_VALUE;
        memcpy(value, src, len);
    }
    return CL_SUCCESS;
}
