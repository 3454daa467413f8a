/* runner.c -- the program exercise 08-2 builds around the student's
 * bound.c, linked against the stand-in OpenCL of opencl-recorder.c: the
 * events it hands to pipeline_bound() are stand-ins whose profiling counters
 * the checker chose (descriptor 6: the number of chunks as uint64, then for
 * every chunk and command queued, submit, start and end as uint64). It
 * writes "result SUMS0 SUMS1 SUMS2 BOUND" to descriptor 7. The checker
 * knows the counters, so nothing this program could measure or say changes
 * what the right answer is. */
#define _POSIX_C_SOURCE 200809L
#include "bound.h"
#include "opencl-recorder.h"

#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    static const cl_command_type type[4] = {CL_COMMAND_WRITE_BUFFER, CL_COMMAND_WRITE_BUFFER,
                                            CL_COMMAND_NDRANGE_KERNEL, CL_COMMAND_READ_BUFFER};
    FILE *in = fdopen(6, "rb");
    uint64_t chunks = 0;
    if (!in || fread(&chunks, 8, 1, in) != 1 || chunks == 0 || chunks > 1000) return 2;
    cl_event (*ev)[4] = malloc(chunks * sizeof *ev);
    if (!ev) return 2;
    for (uint64_t c = 0; c < chunks; c++)
        for (int i = 0; i < 4; i++) {
            cl_ulong t[4];
            if (fread(t, 8, 4, in) != 4) return 2;
            const int e = (int)(1 + c * 4 + (uint64_t)i);
            recorder_event_times(e, type[i], t);
            ev[c][i] = recorder_event(e);
        }
    fclose(in);
    double sums[3] = {-1, -1, -1};
    const double bound = pipeline_bound(ev, (size_t)chunks, sums);
    recorder_event_leaks("pipeline_bound"); /* the first fault once more, after all the program wrote */
    recorder_say("result %.17g %.17g %.17g %.17g", sums[0], sums[1], sums[2], bound);
    free(ev);
    return 0;
}
