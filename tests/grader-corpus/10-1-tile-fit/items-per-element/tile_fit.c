/* one work-item per element */
#include "tile_fit.h"

int tile_fit(const gemm_tile *cand, int count, const device_limits *dev)
{
    int best = -1;
    for (int i = 0; i < count; i++) {
        const gemm_tile t = cand[i];
        unsigned long bytes = (unsigned long)(1 + dev->double_buffer) * t.bk * (t.bm + TILE_APAD + t.bn) * 4;
        int items = t.bm * t.bn;
        int regs = t.tm * t.tn + t.tm + t.tn + 16;
        if (!(bytes <= dev->local_mem && items <= dev->max_group && regs <= dev->registers)) continue;
        if (best >= 0) {
            int area = t.bm * t.bn, barea = cand[best].bm * cand[best].bn;
            if (area < barea) continue;
            if (area == barea && t.tm * t.tn <= cand[best].tm * cand[best].tn) continue;
        }
        best = i;
    }
    return best;
}
