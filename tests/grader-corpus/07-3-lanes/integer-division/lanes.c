/* Exercise 07-3: the share of lanes a search keeps busy (see lanes.h). */
#include "lanes.h"

double busy_lanes(const uint64_t *nodes, size_t items, size_t simd)
{
    uint64_t useful = 0, paid = 0;
    for (size_t first = 0; first < items; first += simd) {
        uint64_t most = 0;
        for (size_t g = first; g < first + simd && g < items; g++) {
            useful += nodes[g];
            if (nodes[g] > most) most = nodes[g];
        }
        paid += simd * most; /* idle lanes of a short group are paid too */
    }
    return paid > 0 ? (double)(useful / paid) : 1.0;
}
