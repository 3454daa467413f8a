/* Exercise 10-1: the best tile that fits the device (see tile_fit.h). */
#include "tile_fit.h"

int tile_fit(const gemm_tile *cand, int count, const device_limits *dev)
{
#if SOLUTION
    int best = -1;
    for (int i = 0; i < count; i++) {
        const gemm_tile *t = &cand[i];
        const unsigned long bytes = (unsigned long)(1 + dev->double_buffer) * (unsigned long)t->bk *
                                    (unsigned long)(t->bm + TILE_APAD + t->bn) * 4ul;
        const int items = (t->bm / t->tm) * (t->bn / t->tn);
        const int regs = t->tm * t->tn + t->tm + t->tn + 16;
        if (bytes > dev->local_mem || items > dev->max_group || regs > dev->registers) continue;
        if (best >= 0) {
            const gemm_tile *b = &cand[best];
            const long area = (long)t->bm * t->bn, best_area = (long)b->bm * b->bn;
            if (area < best_area) continue;
            if (area == best_area && t->tm * t->tn <= b->tm * b->tn) continue;
        }
        best = i;
    }
    return best;
#else
    /* TODO: for each candidate, its local memory, work-items and registers
     * (tile_fit.h says how to count them); keep the best that fits. */
    (void)cand, (void)count, (void)dev;
    return -2;
#endif
}
