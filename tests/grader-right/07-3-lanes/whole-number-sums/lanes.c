/* A right 07-3 written differently: whole-number sums (exact up to 2^64),
 * a copy sorted by insertion, the share 1 when nothing was paid for. */
#include "lanes.h"

#include <stdlib.h>

static double share_of(const uint64_t *nodes, size_t items, size_t simd)
{
    unsigned long long useful = 0, paid = 0;
    for (size_t g = 0; g < items; g++) {
        if (g % simd == 0) {
            uint64_t top = 0;
            for (size_t h = g; h < items && h < g + simd; h++)
                if (nodes[h] > top) top = nodes[h];
            paid += (unsigned long long)simd * top;
        }
        useful += nodes[g];
    }
    if (paid == 0) return 1.0;
    return (double)useful / (double)paid;
}

double busy_lanes(const uint64_t *nodes, size_t items, size_t simd) { return share_of(nodes, items, simd); }

double busy_lanes_by_size(const uint64_t *nodes, size_t items, size_t simd)
{
    uint64_t *order = calloc(items + 1, sizeof *order);
    if (!order) return -1.0;
    for (size_t i = 0; i < items; i++) {
        size_t j = i;
        for (; j > 0 && order[j - 1] < nodes[i]; j--) order[j] = order[j - 1];
        order[j] = nodes[i];
    }
    const double s = share_of(order, items, simd);
    free(order);
    return s;
}
