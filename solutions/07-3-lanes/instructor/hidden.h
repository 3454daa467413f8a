/* Exercise 07-3, the instructor's part of the checker (never in the handout):
 * the reference share, the comparator, the usual wrong shares and the hidden
 * cases. tools/grade.sh builds it into exercises/07-3-lanes/check.c where
 * solutions/ is present (or GRADE_HIDDEN names an instructor folder laid out
 * as solutions/ is). The public checker holds only the shares of its public
 * cases (known[]): after changing a public case, write that table again with
 *     GRADE_PRINT_KNOWN=1 build/grader/<hash>/07-3-lanes/check
 * (the instructor's checker refuses to grade while the table is stale). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static double ref_share(const uint64_t *nodes, size_t items, size_t simd)
{
    double useful = 0.0, paid = 0.0;
    for (size_t f = 0; f < items; f += simd) {
        uint64_t most = 0;
        for (size_t g = f; g < f + simd && g < items; g++) {
            useful += (double)nodes[g];
            most = nodes[g] > most ? nodes[g] : most;
        }
        paid += (double)simd * (double)most;
    }
    return paid > 0.0 ? useful / paid : 1.0;
}

static int ref_down(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a < b) - (a > b);
}

/* The share of a usual mistake (the numbers of mistake[] in check.c), or -1
 * where it does not apply to these counts. */
static double ref_mistake(const uint64_t *nodes, size_t items, size_t simd, int v)
{
    double useful = 0.0, most_all = 0.0, paid_short = 0.0, paid_full = 0.0, useful_full = 0.0;
    uint64_t iuseful = 0, ipaid = 0;
    uint32_t useful32 = 0, paid32 = 0; /* sums in 32 bits, wrapping */
    for (size_t f = 0; f < items; f += simd) {
        uint64_t most = 0;
        size_t lanes = 0;
        for (size_t g = f; g < f + simd && g < items; g++, lanes++) {
            useful += (double)nodes[g];
            iuseful += nodes[g];
            useful32 += (uint32_t)nodes[g];
            most = nodes[g] > most ? nodes[g] : most;
        }
        most_all = (double)most > most_all ? (double)most : most_all;
        paid_short += (double)lanes * (double)most;
        if (f + simd <= items) {
            paid_full += (double)simd * (double)most;
            for (size_t g = f; g < f + simd; g++) useful_full += (double)nodes[g];
        }
        ipaid += simd * most;
        paid32 += (uint32_t)(simd * most);
    }
    switch (v) {
    case 1: return paid32 ? (double)useful32 / (double)paid32 : -1;
    case 2: return items && most_all > 0 ? useful / ((double)simd * most_all * (double)((items + simd - 1) / simd)) : -1;
    case 3: return ipaid ? (double)(iuseful / ipaid) : -1;
    case 4: return paid_short > 0 ? useful / paid_short : -1;
    case 5: return paid_full > 0 && items % simd ? useful_full / paid_full : -1;
    case 6: return ref_share(nodes, items, simd); /* in the order given */
    case 7: { /* sorted from the smallest up */
        uint64_t *up = malloc(items * 8 + 8);
        if (items) memcpy(up, nodes, items * 8);
        qsort(up, items, 8, ref_down);
        for (size_t i = 0; i < items / 2; i++) { uint64_t t = up[i]; up[i] = up[items - 1 - i]; up[items - 1 - i] = t; }
        double s = ref_share(up, items, simd);
        free(up);
        return s;
    }
    }
    return -1;
}

/* The right share of a case and its usual wrong ones, in the order they are
 * named (by size: the sorting mistakes first, then those of the share of
 * the sorted counts). */
static void ref_known(const uint64_t *nodes, size_t items, size_t simd, int mode, known_shares *k)
{
    uint64_t *use = malloc(items * 8 + 8);
    if (items) memcpy(use, nodes, items * 8);
    if (mode) qsort(use, items, 8, ref_down);
    memset(k, 0, sizeof *k);
    k->want = ref_share(use, items, simd);
    int n = 0;
    static const int by_size[] = {6, 7, 1, 2, 3, 4, 5}, plain[] = {1, 2, 3, 4, 5};
    const int *order = mode ? by_size : plain;
    for (int o = 0; o < (mode ? 7 : 5); o++) {
        double v = ref_mistake(order[o] >= 6 ? nodes : use, items, simd, order[o]);
        if (v < 0 || fabs(v - k->want) <= 1e-12 * k->want) continue;
        k->wrong[n] = v;
        k->why[n++] = order[o];
    }
    free(use);
}

#define HIDDEN_KNOWN(nodes, items, simd, mode, k) ref_known(nodes, items, simd, mode, k)
/* hidden cases: a prime count in sub-groups of 16, by size in sub-groups of 8 */
#define HIDDEN_NCASES 2
#define HIDDEN_CASES                                                       \
    {"hidden: 613 work-items in sub-groups of 16", 0, shuffled, 613, 16}, \
    {"hidden: by size, 777 work-items in sub-groups of 8", 1, search, 777, 8},
