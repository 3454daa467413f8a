/* Exercise 07-3: the share of lanes a search keeps busy (see lanes.h). */
#include "lanes.h"

#include <stdlib.h>
#include <string.h>

double busy_lanes(const uint64_t *nodes, size_t items, size_t simd)
{
    float useful = 0.0f, paid = 0.0f; /* a share needs no double */
    for (size_t first = 0; first < items; first += simd) {
        uint64_t most = 0;
        for (size_t g = first; g < first + simd && g < items; g++) {
            useful += (double)nodes[g];
            if (nodes[g] > most) most = nodes[g];
        }
        paid += (double)simd * (double)most; /* idle lanes of a short group are paid too */
    }
    return paid > 0.0 ? useful / paid : 1.0;
}

static int larger_first(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a < b) - (a > b); /* not b - a: that overflows an int */
}

double busy_lanes_by_size(const uint64_t *nodes, size_t items, size_t simd)
{
    uint64_t *sorted = malloc(items * sizeof *sorted + 1);
    if (!sorted) return -1.0;
    if (items) memcpy(sorted, nodes, items * sizeof *sorted);
    qsort(sorted, items, sizeof *sorted, larger_first);
    double share = busy_lanes(sorted, items, simd);
    free(sorted);
    return share;
}
