/* runner.c -- the program exercise 08-1 builds around the student's
 * pipeline.c, linked against the stand-in OpenCL of opencl-recorder.c (no
 * device in it): queues up = 0, run = 1, down = 2, kernel 0, buffers
 * d_x = 0, d_y = 1, d_z = 2 (two slots of PER floats each), host arrays
 * x = 0, y = 1, z = 2 of N floats. It calls enqueue_chunk() for 9 chunks of
 * 100003 floats and, after each, writes "chunk C E0 E1 E2 E3" with the
 * numbers of the events it returned (0 for one not set). Every command the
 * student asks for is a line on descriptor 7; the checker (check.c, another
 * process) judges them and carries them out on the real device itself. */
#define _POSIX_C_SOURCE 200809L
#include "pipeline.h"
#include "opencl-recorder.h"

#include <stdlib.h>

#define N 100003
#define CHUNKS 9

int main(void)
{
    const size_t per = (N + CHUNKS - 1) / CHUNKS;
    float *x = calloc(N, 4), *y = calloc(N, 4), *z = calloc(N, 4);
    if (!x || !y || !z) return 2;
    recorder_host_array(0, x, N * 4);
    recorder_host_array(1, y, N * 4);
    recorder_host_array(2, z, N * 4);
    cl_event ev[CHUNKS][4];
    for (size_t c = 0; c < CHUNKS; c++) {
        const size_t first = c * per, count = N - first < per ? N - first : per;
        for (int i = 0; i < 4; i++) ev[c][i] = NULL;
        enqueue_chunk(recorder_queue(0), recorder_queue(1), recorder_queue(2), recorder_kernel(0), 64, recorder_mem(0),
                      recorder_mem(1), recorder_mem(2), x, y, z, first, count, (c % 2) * per,
                      c >= 2 ? ev[c - 2] : NULL, ev[c]);
        long id[4];
        for (int i = 0; i < 4; i++) {
            if (ev[c][i] && !recorder_event_take(ev[c][i], "enqueue_chunk")) ev[c][i] = NULL;
            uintptr_t v = (uintptr_t)ev[c][i];
            id[i] = v > RECORDER_EVENT && v < RECORDER_EVENT + 0x1000u ? (long)(v - RECORDER_EVENT) : 0;
        }
        recorder_say("chunk %zu %ld %ld %ld %ld", c, id[0], id[1], id[2], id[3]);
    }
    for (size_t c = 0; c < CHUNKS; c++) /* the caller's references to the events it got back */
        for (int i = 0; i < 4; i++)
            if (ev[c][i]) recorder_event_drop(ev[c][i]);
    recorder_event_leaks("enqueue_chunk");
    free(x);
    free(y);
    free(z);
    return 0;
}
