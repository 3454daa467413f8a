/* Lesson 07's problem and what main.c and alternatives.c both use: the
 * items and the target of a case, the checks in C (every subset, for the C
 * search itself; each work-item's subtree, for the kernels with one
 * work-item per subtree), and the device steps every variant repeats (the
 * work-group size, the items' arguments, the lanes kept busy). It calls
 * nothing in main.c or alternatives.c.
 */
#include "subset-sum.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the problem ---------------------------------------------------------- */

// snippet: problem
static int by_size_down(const void *x, const void *y) { return abs(*(const int *)y) - abs(*(const int *)x); }
static int by_size_up(const void *x, const void *y) { return by_size_down(y, x); }

/* random: items in [-A, A] (-a, default 2^20), the target the sum of a random subset
 *         (so there is an answer), the largest items first: the bounds
 *         prune early and the tree shrinks to a few per cent.
 * worst:  the slides' case: even items but one odd one, and an odd target in
 *         the middle of the range: only subsets with the odd item can hit it
 *         (at least one does), and with the smallest items first the bounds
 *         cut almost nothing, so the search visits about half of the 2^(n+1)
 *         nodes. The odd item is what makes the target the sum of a subset:
 *         the even ones are split, largest first, into two piles of nearly
 *         equal sums; the odd item is their difference less one step. */
void make_problem(problem *p, const char *name, int n, int A, uint64_t seed)
{
    const int worst = !strcmp(name, "worst");
    p->name = name;
    p->n = n;
    clu_fill_random_int(p->a, (size_t)n, seed, -A / 2, A / 2);
    for (int i = 0; i < n; i++) p->a[i] = p->a[i] ? 2 * p->a[i] : 2; /* even, never 0 */
    int pick[MAX_N];
    clu_fill_random_int(pick, (size_t)n, seed + 1, 0, 1);
    p->target = 0;
    if (worst) {
        qsort(p->a, (size_t)n - 1, sizeof p->a[0], by_size_down);
        int diff = 0; /* the sum of one pile less the other's */
        for (int i = 0; i < n - 1; i++) {
            int in = abs(diff - p->a[i]) < abs(diff + p->a[i]); /* on the smaller side */
            diff += in ? -p->a[i] : p->a[i];
            p->target += in ? p->a[i] : 0;
        }
        p->a[n - 1] = diff > 0 ? diff - 1 : diff < 0 ? diff + 1 : 1; /* odd */
        p->target += p->a[n - 1]; /* one pile and the odd item: the middle */
    } else {
        for (int i = 0; i < n; i++) {
            p->a[i] -= pick[i]; /* odd and even items */
            p->target += pick[i] ? p->a[i] : 0;
        }
    }
    qsort(p->a, (size_t)n, sizeof p->a[0], worst ? by_size_up : by_size_down);
    p->lo[n] = p->hi[n] = 0;
    for (int d = n - 1; d >= 0; d--) {
        p->lo[d] = p->lo[d + 1] + (p->a[d] < 0 ? p->a[d] : 0);
        p->hi[d] = p->hi[d + 1] + (p->a[d] > 0 ? p->a[d] : 0);
    }
}
// end snippet problem

/* ---- the checks in C ------------------------------------------------------- */

/* A check of the check, for small n: every one of the 2^n subsets. */
uint64_t every_subset(const problem *p)
{
    uint64_t found = 0;
    for (uint64_t m = 0; m < ((uint64_t)1 << p->n); m++) {
        int s = 0;
        for (int i = 0; i < p->n; i++) s += (m >> i) & 1 ? p->a[i] : 0;
        found += s == p->target;
    }
    return found;
}

/* What work-item g of a kernel with one work-item per subtree must report:
 * the search in C from depth k with items 0..k-1 taken from g's bits, the
 * levels from `leaves_at` on enumerated as the hybrid does (leaves_at = n:
 * none). Counts the nodes as the kernels do: every node visited, pruned or
 * not, and each enumerated subset but the first as one more node. */
static void subtree(const problem *p, int d, int s, int leaves_at, tally *t)
{
    t->nodes++;
    if (s + p->lo[d] > p->target || s + p->hi[d] < p->target) return; /* prune */
    if (d == leaves_at) {
        const int L = p->n - d;
        t->nodes += ((uint64_t)1 << L) - 1;
        /* every subset of the rest, in Gray-code order: one item in or out a step */
        int sum = s;
        t->found += sum == p->target;
        for (uint64_t m = 1; m < ((uint64_t)1 << L); m++) {
            int b = 0;
            while (!((m >> b) & 1)) b++; /* the bit that flips: the lowest set bit of m */
            sum += ((m ^ (m >> 1)) >> b) & 1 ? p->a[d + b] : -p->a[d + b];
            t->found += sum == p->target;
        }
        return;
    }
    subtree(p, d + 1, s, leaves_at, t);
    subtree(p, d + 1, s + p->a[d], leaves_at, t);
}

/* dfs, hybrid, bits: each work-item's own count and node count against its
 * subtree searched in C, so that a work-item that skips its subtree, or
 * counts it as 0, fails even where the total hides it (the few subsets that
 * hit the target lie in other subtrees). Returns how many work-items are
 * wrong; the first three on stderr. */
size_t check_items(const ctx *c, const variant *v, const problem *p)
{
    const size_t items = (size_t)1 << c->k;
    const int L = v->enumerate == 1 ? (c->L < p->n - c->k ? c->L : p->n - c->k) : 0;
    size_t bad = 0;
    for (size_t g = 0; g < items; g++) {
        tally t = {0, 0};
        int s = 0;
        for (int i = 0; i < c->k; i++) s += (g >> i) & 1 ? p->a[i] : 0;
        if (v->enumerate == 2) { /* bits: every subset below k, no pruning */
            tally all = {0, 0};
            subtree(p, c->k, s, c->k, &all);
            t.found = all.found, t.nodes = (uint64_t)1 << (p->n - c->k);
        } else subtree(p, c->k, s, p->n - L, &t);
        if (c->h_count[g] != t.found || c->h_nodes[g] != t.nodes) {
            if (bad < 3)
                fprintf(stderr, "  work-item %zu counted %" PRIu64 " subsets in %" PRIu64 " nodes; its subtree holds %"
                        PRIu64 " in %" PRIu64 " nodes\n", g, c->h_count[g], c->h_nodes[g], t.found, t.nodes);
            bad++;
        }
    }
    if (bad) fprintf(stderr, "error: %s: %zu of %zu work-items reported a count or node count unlike their subtree's\n",
                     v->name, bad, items);
    return bad;
}

/* ---- what every variant does on the device ---------------------------------- */

/* The work-group size for a kernel: -t, or what the kernel allows here. */
size_t wg_for(ctx *c, cl_kernel kern)
{
    size_t wg = c->wg ? c->wg : clu_default_wg(&c->env, kern, 64);
    clu_check_wgsize(&c->env, kern, wg);
    return wg;
}

// snippet: lanes
/* Divergence, measured: a sub-group of `simd` work-items runs until its
 * longest search ends, so it costs simd * max(nodes); the lanes did
 * sum(nodes) of useful work. 1.0 means no lane ever waited. */
void add_lanes(const uint64_t *nodes, size_t items, size_t simd, double *useful, double *paid)
{
    for (size_t g0 = 0; g0 < items; g0 += simd) {
        uint64_t most = 0;
        for (size_t g = g0; g < g0 + simd && g < items; g++) {
            *useful += (double)nodes[g];
            if (nodes[g] > most) most = nodes[g];
        }
        *paid += (double)simd * (double)most;
    }
}
// end snippet lanes

void set_common_args(cl_kernel kern, ctx *c, const problem *p)
{
    CLU_CHECK(clSetKernelArg(kern, 0, sizeof c->d_a, &c->d_a));
    CLU_CHECK(clSetKernelArg(kern, 1, sizeof c->d_lo, &c->d_lo));
    CLU_CHECK(clSetKernelArg(kern, 2, sizeof c->d_hi, &c->d_hi));
    CLU_CHECK(clSetKernelArg(kern, 3, sizeof p->n, &p->n));
}
