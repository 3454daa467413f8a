/* A right attempt written apart from the solution: one pass finds the
 * largest area and work per item among the tiles that fit, a second
 * returns the first tile that has both. */
#include "tile_fit.h"

static int fits(const gemm_tile *t, const device_limits *d)
{
    const unsigned long copies = d->double_buffer ? 2ul : 1ul;
    const unsigned long floats = (unsigned long)t->bk * (unsigned long)(t->bm + t->bn + TILE_APAD);
    if (copies * floats * sizeof(float) > d->local_mem) return 0;
    if ((t->bm / t->tm) * (t->bn / t->tn) > d->max_group) return 0;
    return t->tm * t->tn + t->tm + t->tn + 16 <= d->registers;
}

int tile_fit(const gemm_tile *cand, int count, const device_limits *dev)
{
    long area = -1, work = -1;
    for (int i = 0; i < count; i++) {
        if (!fits(&cand[i], dev)) continue;
        const long a = (long)cand[i].bm * cand[i].bn, w = (long)cand[i].tm * cand[i].tn;
        if (a > area || (a == area && w > work)) {
            area = a;
            work = w;
        }
    }
    for (int i = 0; i < count; i++)
        if (fits(&cand[i], dev) && (long)cand[i].bm * cand[i].bn == area && (long)cand[i].tm * cand[i].tn == work)
            return i;
    return -1;
}
