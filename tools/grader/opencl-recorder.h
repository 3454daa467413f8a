/* opencl-recorder.h -- the OpenCL a student's program gets in the exercises
 * whose student files are host C (01-2, 08-1, 08-2, 10-1). It lives in
 * tools/grader/, beside the grader that builds it in, and not among the
 * exercises or lessons: its cl* functions are stand-ins, not OpenCL.
 *
 * The student's program (the exercise's runner.c with the student's files)
 * is linked against opencl-recorder.c instead of an OpenCL library, and runs
 * in a sandbox with no device at all. Its queues, kernel, buffers and events
 * are stand-ins: each call that would act on the device is written, one line
 * each, to descriptor 7, and the grader's checker, a separate process
 * outside the sandbox, reads those lines, judges them (which kernel launch,
 * with which work-groups, waiting for which events) and carries them out on
 * the real device itself. Nothing the student's process writes can be a
 * verdict: at worst it is a command the checker judges like any other.
 *
 * Lines (numbers in decimal, bytes in hex):
 *     arg K I SIZE HEX|local                    clSetKernelArg
 *     ndrange Q K DIMS OFFSET G0 G1 G2 L0 L1 L2 NWAIT W... EV   (- for NULL)
 *     write|read Q MEM BLOCKING OFFSET BYTES ARRAY ELEM NWAIT W... EV
 *                                               (ARRAY -1: not a host array)
 *     finish Q | flush Q | wait N E...          the host waits
 *     forbidden NAME                            a call this exercise does not offer
 *     fault WHAT                                an event used after release, or leaked
 * Handles: queue i is (cl_command_queue)(RECORDER_QUEUE + i), and so on. */
#ifndef OPENCL_RECORDER_H
#define OPENCL_RECORDER_H
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stddef.h>
#include <stdint.h>

#define RECORDER_QUEUE 0x51000u
#define RECORDER_KERNEL 0x52000u
#define RECORDER_MEM 0x53000u
#define RECORDER_EVENT 0x54000u
#define RECORDER_FD 7

#define recorder_queue(i) ((cl_command_queue)(uintptr_t)(RECORDER_QUEUE + (i)))
#define recorder_kernel(i) ((cl_kernel)(uintptr_t)(RECORDER_KERNEL + (i)))
#define recorder_mem(i) ((cl_mem)(uintptr_t)(RECORDER_MEM + (i)))
#define recorder_event(i) ((cl_event)(uintptr_t)(RECORDER_EVENT + (i)))

/* Host array ID is [base, base + bytes): a transfer from or to it is named
 * by the array and the element (4-byte) it starts at. */
void recorder_host_array(int id, const void *base, size_t bytes);

/* Profiling counters (queued, submit, start, end) of event i, served by
 * clGetEventProfilingInfo; its command type for clGetEventInfo. */
void recorder_event_times(int i, cl_command_type type, const cl_ulong t[4]);

/* References: every event counts them as OpenCL does. A use of an event
 * after its last clReleaseEvent writes "fault WHAT". The runner takes over
 * an event the student's code returns with recorder_event_take() (a fault,
 * and 0, when it was released already), gives up its reference with
 * recorder_event_drop(), and at the end calls recorder_event_leaks(WHO):
 * the first fault again, and a fault for an event the student kept and
 * never released. */
int recorder_event_take(cl_event e, const char *what);
void recorder_event_drop(cl_event e);
void recorder_event_leaks(const char *who);

/* A line of the driver's own (a result), on the same descriptor. */
void recorder_say(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#endif
