/* Exercise 07-3: the share of lanes a search keeps busy (see lanes.h). */
#include "lanes.h"

#include <stdlib.h>
#include <string.h>

double busy_lanes(const uint64_t *nodes, size_t items, size_t simd)
{
    /* TODO: walk the sub-groups, add up the useful turns and the turns
     * paid for (simd lanes times the busiest one's count), and divide. */
    (void)nodes, (void)items, (void)simd;
    return -1.0;
}


double busy_lanes_by_size(const uint64_t *nodes, size_t items, size_t simd)
{
    /* TODO: sort a copy from the largest count to the smallest, then
     * measure it as above. */
    (void)nodes, (void)items, (void)simd;
    return -1.0;
}
