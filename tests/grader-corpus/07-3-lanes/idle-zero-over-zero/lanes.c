/* Exercise 07-3: a student's shares. "Nothing paid for" is taken to mean
 * "no work-items", so counts that are all zero divide 0 by 0. */
#include "lanes.h"

#include <stdlib.h>
#include <string.h>

double busy_lanes(const uint64_t *nodes, size_t items, size_t simd)
{
    if (items == 0) return 1.0; /* no work-items: nothing was paid for */
    double useful = 0, paid = 0;
    for (size_t start = 0; start < items; start += simd) {
        uint64_t busiest = 0;
        for (size_t i = start; i < items && i < start + simd; i++) {
            useful += (double)nodes[i];
            busiest = nodes[i] > busiest ? nodes[i] : busiest;
        }
        paid += (double)busiest * (double)simd;
    }
    return useful / paid;
}

static int by_count_down(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

double busy_lanes_by_size(const uint64_t *nodes, size_t items, size_t simd)
{
    uint64_t *copy = malloc((items ? items : 1) * sizeof *copy);
    if (!copy) return -1;
    memcpy(copy, nodes, items * sizeof *copy);
    qsort(copy, items, sizeof *copy, by_count_down);
    const double share = busy_lanes(copy, items, simd);
    free(copy);
    return share;
}
