/* Checker for exercise 07-2: the sign search with the student's pruning
 * test, work-item by work-item: count[g] must be the hits of subtree g (all
 * sign choices counted in C) and nodes[g] exactly the nodes the range-and-
 * parity search visits there: no fewer (live branches cut) and no more (dead
 * branches searched). 2^k work-items in work-groups that are larger, smaller
 * or prime; the usual wrong tests are replayed in C and named. */
#include "grading.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNWRITTEN_WORD (-123456789) /* grading.c's "never written" int */

typedef struct { int n, target, a[24], rest[25]; } problem;

static const char *mistakes[] = {
    NULL,
    "a test with no parity part (a gap whose parity differs from rest[d]'s can never be closed)",
    "a test with no range part (a gap larger than rest[d], either way, can never be closed)",
    "a range test with no lower bound (gap >= -rest[d])",
    "a strict range test: a gap of exactly rest[d] or -rest[d] can still be closed (<=, not <)",
    "a parity test on the gap alone: the gap must have the parity of rest[d], not be even",
    "a parity test with %: in C and OpenCL, -3 % 2 is -1, not 1",
    "no test at all: every leaf counts as a hit (at a leaf the gap must be 0)",
};
enum { N_MISTAKES = sizeof mistakes / sizeof mistakes[0] };

static int worth(int v, int gap, int r)
{
    switch (v) {
    case 1: return -r <= gap && gap <= r;
    case 2: return ((gap - r) & 1) == 0;
    case 3: return gap <= r && ((gap - r) & 1) == 0;
    case 4: return -r < gap && gap < r && ((gap - r) & 1) == 0;
    case 5: return -r <= gap && gap <= r && (gap & 1) == 0;
    case 6: return -r <= gap && gap <= r && (gap - r) % 2 == 0 && (gap % 2 == 1) == (r % 2 == 1);
    case 7: return 1;
    default: return -r <= gap && gap <= r && ((gap - r) & 1) == 0;
    }
}

static void search_c(const problem *p, int v, int d, int s, uint64_t *found, uint64_t *nodes)
{
    ++*nodes;
    if (!worth(v, p->target - s, p->rest[d])) return;
    if (d == p->n) { ++*found; return; }
    search_c(p, v, d + 1, s - p->a[d], found, nodes);
    search_c(p, v, d + 1, s + p->a[d], found, nodes);
}

static void subtree(const problem *p, int kk, uint64_t g, int v, uint64_t *found, uint64_t *nodes)
{
    int s = 0;
    for (int i = 0; i < kk; i++) s += (g >> i) & 1 ? p->a[i] : -p->a[i];
    *found = *nodes = 0;
    search_c(p, v, kk, s, found, nodes);
}

static uint64_t word64(const int *w, size_t g)
{
    uint64_t x;
    memcpy(&x, w + 2 * g, 8);
    return x;
}

/* kind 0: random items, a reachable target; 1: the slides' worst case, even
 * items and an odd target; 2: random items, the largest reachable target. */
static void try_case(clu_env *env, cl_kernel k, int n, int kk, int kind, size_t wg, unsigned seed)
{
    problem p = {.n = n};
    grade_fill_i(p.a, (size_t)n, seed, 1, 60);
    if (kind == 1)
        for (int i = 0; i < n; i++) p.a[i] *= 2;
    p.rest[n] = 0;
    for (int d = n - 1; d >= 0; d--) p.rest[d] = p.rest[d + 1] + abs(p.a[d]);
    for (int i = 0; i < n; i++) p.target += i % 3 ? p.a[i] : -p.a[i];
    if (kind == 1) p.target += 1;
    if (kind == 2) p.target = p.rest[0];
    const size_t items = (size_t)1 << kk, global = clu_round_up(items, wg);
    gbuf *d_a = gb_in(env, "a", GB_INT, p.a, (size_t)n), *d_rest = gb_in(env, "rest", GB_INT, p.rest, (size_t)n + 1);
    gbuf *d_c = gb_out(env, "count (as 32-bit words)", GB_INT, 2 * items);
    gbuf *d_n = gb_out(env, "nodes (as 32-bit words)", GB_INT, 2 * items);
    gb_arg(k, 0, d_a);
    gb_arg(k, 1, d_rest);
    grade_arg(k, 2, sizeof n, &n);
    grade_arg(k, 3, sizeof kk, &kk);
    grade_arg(k, 4, sizeof p.target, &p.target);
    gb_arg(k, 5, d_c);
    gb_arg(k, 6, d_n);
    grade_run(env, k, 1, &global, &wg);
    const int *count = gb_fetch(env, d_c), *nodes = gb_fetch(env, d_n);
    for (size_t g = 0; g < items && grade_ok(); g++) {
        uint64_t found, visited;
        subtree(&p, kk, g, 0, &found, &visited);
        const uint64_t c = word64(count, g), v = word64(nodes, g);
        if (c == found && v == visited) continue;
        char which[700] = "";
        for (int m = 1; m < N_MISTAKES; m++) { /* which wrong test gives exactly these numbers? */
            int same = 1;
            for (size_t h = 0; h < items && same; h++) {
                uint64_t f2, v2;
                subtree(&p, kk, h, m, &f2, &v2);
                same = word64(count, h) == f2 && word64(nodes, h) == v2;
            }
            if (same)
                snprintf(which + strlen(which), sizeof which - strlen(which), "%s%s",
                         which[0] ? ", or of " : ": the numbers are those of ", mistakes[m]);
        }
        if (count[2 * g] == UNWRITTEN_WORD || nodes[2 * g] == UNWRITTEN_WORD)
            grade_fail("%s[%zu] was never written (n=%d, k=%d, target %d)", c != found ? "count" : "nodes", g, n, kk,
                       p.target);
        else if (c != found)
            grade_fail("count[%zu] is %" PRIu64 ", expected %" PRIu64 " (n=%d, k=%d, target %d): %s%s", g, c, found, n,
                       kk, p.target, c < found ? "a hit pruned away" : "a miss counted as a hit", which);
        else
            grade_fail("nodes[%zu] is %" PRIu64 ", the range-and-parity search visits %" PRIu64
                       " (n=%d, k=%d, target %d): %s%s", g, v, visited, n, kk, p.target,
                       v > visited ? "dead branches searched" : "live branches cut", which);
    }
    grade_case_end(env);
}

int main(int argc, char **argv)
{
    static const struct { int n, k, kind; size_t wg; int small; } cases[] = {
        {1, 0, 0, 1, 1},  {8, 2, 0, 5, 1},  {10, 3, 1, 9, 1},  {10, 4, 2, 15, 1}, {14, 3, 0, 7, 0},
        {14, 3, 2, 8, 0}, {16, 4, 1, 17, 0}, {18, 6, 0, 64, 0}, {20, 5, 1, 31, 0},
    };
    static const char *kinds[] = {"a reachable target", "even items, odd target", "the largest sum"};
    const int nc = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, nc, &env);
    cl_program prog = grade_build(&env, "parity.cl", "");
    cl_kernel k = grade_kernel(prog, "search_signs");
    for (int i = 0; i < nc; i++)
        if (grade_case(i, cases[i].small, "n=%d, k=%d, %s, work-groups of %zu", cases[i].n, cases[i].k,
                       kinds[cases[i].kind], cases[i].wg))
            try_case(&env, k, cases[i].n, cases[i].k, cases[i].kind, cases[i].wg, 61u + (unsigned)i);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
