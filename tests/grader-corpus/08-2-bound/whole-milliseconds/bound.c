/* Exercise 08-2: the pipeline's bound (see bound.h). */
#include "bound.h"

#include "clu.h"

double pipeline_bound(cl_event (*ev)[4], size_t chunks, double sums[3])
{
    static const int stage[4] = {0, 0, 1, 2}; /* write x, write y: uploads */
    sums[0] = sums[1] = sums[2] = 0.0;
    for (size_t c = 0; c < chunks; c++)
        for (int i = 0; i < 4; i++) {
            cl_ulong start, end; /* nanoseconds */
            CLU_CHECK(clGetEventProfilingInfo(ev[c][i], CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
            CLU_CHECK(clGetEventProfilingInfo(ev[c][i], CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
            sums[stage[i]] += (double)((end - start) / 1000000); /* whole milliseconds */
        }
    double most = sums[0];
    for (int s = 1; s < 3; s++)
        if (sums[s] > most) most = sums[s];
    return most;
}
