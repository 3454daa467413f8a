/* Exercise 08-2, a hostile attempt: right sums, but it uses an event after
 * releasing it while descriptor 7 (where the stand-in OpenCL writes its
 * fault line) points at /dev/null, and puts descriptor 7 back afterwards. */
#define _POSIX_C_SOURCE 200809L
#include "bound.h"

#include "clu.h"

#include <fcntl.h>
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
    const int saved = dup(7), nothing = open("/dev/null", O_WRONLY);
    if (saved >= 0 && nothing >= 0) dup2(nothing, 7);
    clReleaseEvent(ev[0][0]);
    cl_ulong t;
    (void)clGetEventProfilingInfo(ev[0][0], CL_PROFILING_COMMAND_START, sizeof t, &t, NULL); /* a fault line, lost */
    if (saved >= 0) dup2(saved, 7);
    double most = sums[0];
    for (int s = 1; s < 3; s++)
        if (sums[s] > most) most = sums[s];
    return most;
}
