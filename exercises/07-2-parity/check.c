/* Checker for exercise 07-2: the sign search with the student's pruning
 * test must count what every choice of signs counted in C counts, and visit
 * exactly the nodes the range-and-parity search visits: no fewer (a hit
 * pruned away) and no more (a dead branch searched). */
#include "grading.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { int n, target, a[24], rest[25]; } problem;

static void search_c(const problem *p, int d, int s, uint64_t *found, uint64_t *nodes)
{
    ++*nodes;
    int gap = p->target - s;
    if (gap < -p->rest[d] || gap > p->rest[d] || ((gap - p->rest[d]) & 1)) return;
    if (d == p->n) { ++*found; return; }
    search_c(p, d + 1, s - p->a[d], found, nodes);
    search_c(p, d + 1, s + p->a[d], found, nodes);
}

/* kind 0: random items, a reachable target; 1: the slides' worst case, even
 * items and an odd target; 2: random items, the largest reachable target. */
static int try_case(clu_env *env, cl_kernel k, int n, int kk, int kind, uint64_t seed, char *why, size_t len)
{
    problem p = {.n = n};
    clu_fill_random_int(p.a, (size_t)n, seed, 1, 60);
    if (kind == 1)
        for (int i = 0; i < n; i++) p.a[i] *= 2;
    p.rest[n] = 0;
    for (int d = n - 1; d >= 0; d--) p.rest[d] = p.rest[d + 1] + abs(p.a[d]);
    p.target = 0;
    for (int i = 0; i < n; i++) p.target += i % 3 ? p.a[i] : -p.a[i];
    if (kind == 1) p.target += 1;
    if (kind == 2) p.target = p.rest[0];
    const size_t items = (size_t)1 << kk, wg = 8, global = clu_round_up(items, wg);
    uint64_t *h_count = clu_malloc(global * 8, "counts"), *h_nodes = clu_malloc(global * 8, "nodes");
    for (size_t i = 0; i < global; i++) h_count[i] = h_nodes[i] = UINT64_MAX;
    cl_mem d_a = grade_buffer(env, p.a, sizeof p.a), d_rest = grade_buffer(env, p.rest, sizeof p.rest);
    cl_mem d_c = grade_buffer(env, h_count, global * 8), d_n = grade_buffer(env, h_nodes, global * 8);
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_a, &d_a));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_rest, &d_rest));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof n, &n));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof kk, &kk));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof p.target, &p.target));
    CLU_CHECK(clSetKernelArg(k, 5, sizeof d_c, &d_c));
    CLU_CHECK(clSetKernelArg(k, 6, sizeof d_n, &d_n));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &wg, 0, NULL, NULL));
    grade_read(env, d_c, h_count, global * 8);
    grade_read(env, d_n, h_nodes, global * 8);
    uint64_t found = 0, nodes = 0, want_found = 0, want_nodes = 0;
    for (size_t g = 0; g < items; g++) {
        found += h_count[g], nodes += h_nodes[g];
        int s = 0;
        for (int i = 0; i < kk; i++) s += (g >> i) & 1 ? p.a[i] : -p.a[i];
        search_c(&p, kk, s, &want_found, &want_nodes);
    }
    uint64_t every = 0; /* the count, checked against all sign choices too */
    for (uint64_t m = 0; m < ((uint64_t)1 << n); m++) {
        int s = 0;
        for (int i = 0; i < n; i++) s += (m >> i) & 1 ? p.a[i] : -p.a[i];
        every += s == p.target;
    }
    int ok = 1;
    if (found != every) {
        snprintf(why, len, "%" PRIu64 " sign choices counted, %" PRIu64 " hit %d (a hit pruned away, or a miss counted?)",
                 found, every, p.target);
        ok = 0;
    } else if (nodes != want_nodes) {
        snprintf(why, len, "%" PRIu64 " nodes visited, the range-and-parity search visits %" PRIu64 " (%s)", nodes,
                 want_nodes, nodes > want_nodes ? "dead branches searched: which test is missing?" : "live branches cut");
        ok = 0;
    }
    clReleaseMemObject(d_a);
    clReleaseMemObject(d_rest);
    clReleaseMemObject(d_c);
    clReleaseMemObject(d_n);
    free(h_count);
    free(h_nodes);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { int n, k, kind; uint64_t seed; } cases[] = {
        {8, 2, 0, 1}, {14, 3, 0, 2}, {14, 3, 2, 3}, {16, 4, 1, 4}, {18, 6, 0, 5}, {20, 5, 1, 6},
    };
    static const char *kinds[] = {"a reachable target", "the largest sum", "even items, odd target"};
    const int nc = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, nc, &env);
    cl_program prog = clu_build(&env, grade_path("parity.cl"), "");
    cl_kernel k = clu_kernel(prog, "search_signs");
    clu_check_wgsize(&env, k, 8);
    for (int i = 0; i < nc; i++) {
        char what[96], why[256] = "";
        snprintf(what, sizeof what, "n=%d, k=%d, %s", cases[i].n, cases[i].k,
                 kinds[cases[i].kind == 1 ? 2 : cases[i].kind == 2 ? 1 : 0]);
        grade(try_case(&env, k, cases[i].n, cases[i].k, cases[i].kind, cases[i].seed, why, sizeof why), what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
