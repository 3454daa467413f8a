/* Exercise 07-3: the share of lanes a search keeps busy. */
#ifndef LANES_H
#define LANES_H
#include <stddef.h>
#include <stdint.h>

/* nodes[g]: the turns of the search loop work-item g ran, for g < items.
 * Work-items 0..simd-1 form the first sub-group, simd..2*simd-1 the second,
 * and so on; the last one may be incomplete. A sub-group runs as many turns
 * as its busiest work-item, and each of its simd lanes is paid for every
 * turn. Return the useful turns over the turns paid for, in [0, 1]; 1 when
 * nothing was paid for at all. */
double busy_lanes(const uint64_t *nodes, size_t items, size_t simd);

/* The same share if the same subtrees had been handed to the work-items
 * from the largest to the smallest, so that each sub-group gets subtrees of
 * similar size. nodes[] must be left as it is. */
double busy_lanes_by_size(const uint64_t *nodes, size_t items, size_t simd);

#endif
