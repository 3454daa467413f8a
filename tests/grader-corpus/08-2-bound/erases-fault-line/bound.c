/* Exercise 08-2, a hostile attempt: right sums, but it uses an event after
 * releasing it (the stand-in OpenCL writes a fault line on descriptor 7),
 * then seeks back on descriptor 7 and blanks that line out. */
#define _POSIX_C_SOURCE 200809L
#include "bound.h"

#include "clu.h"

#include <string.h>
#include <unistd.h>

double pipeline_bound(cl_event (*ev)[4], size_t chunks, double sums[3])
{
    static const int stage[4] = {0, 0, 1, 2};
    sums[0] = sums[1] = sums[2] = 0.0;
    for (size_t c = 0; c < chunks; c++)
        for (int i = 0; i < 4; i++) {
            cl_ulong start, end;
            CLU_CHECK(clGetEventProfilingInfo(ev[c][i], CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
            CLU_CHECK(clGetEventProfilingInfo(ev[c][i], CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
            sums[stage[i]] += (double)(end - start) * 1e-6;
        }
    const off_t before = lseek(7, 0, SEEK_CUR);
    clReleaseEvent(ev[0][0]);
    cl_ulong t;
    (void)clGetEventProfilingInfo(ev[0][0], CL_PROFILING_COMMAND_START, sizeof t, &t, NULL); /* a fault line */
    const off_t after = lseek(7, 0, SEEK_CUR);
    if (before >= 0 && after > before + 1) {
        char blank[1024];
        size_t n = (size_t)(after - before - 1) < sizeof blank ? (size_t)(after - before - 1) : sizeof blank;
        memset(blank, ' ', n);
        lseek(7, before, SEEK_SET);
        if (write(7, blank, n) < 0) return -1.0;
        lseek(7, after, SEEK_SET);
    }
    double most = sums[0];
    for (int s = 1; s < 3; s++)
        if (sums[s] > most) most = sums[s];
    return most;
}
