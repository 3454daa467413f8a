/* Exercise 08-2: the pipeline's bound (see bound.h). */
#include "bound.h"

#include "clu.h"

double pipeline_bound(cl_event (*ev)[4], size_t chunks, double sums[3])
{
    /* TODO: add up each stage's time from the events' profiling info
     * (clGetEventProfilingInfo, in nanoseconds), return the longest. */
    (void)ev, (void)chunks, (void)sums;
    return -1.0;
}
