/* Checker for exercise 07-2: the search with the student's pruning test
 * must count what every subset counted in C counts, and visit exactly the
 * nodes the lesson's search visits: no fewer (a hit pruned away) and no
 * more (a dead branch searched). */
#include "grading.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { int n, target, a[24], lo[25], hi[25]; } problem;

static void search_c(const problem *p, int d, int s, uint64_t *found, uint64_t *nodes)
{
    ++*nodes;
    if (s + p->lo[d] > p->target || s + p->hi[d] < p->target) return;
    if (d == p->n) { ++*found; return; }
    search_c(p, d + 1, s, found, nodes);
    search_c(p, d + 1, s + p->a[d], found, nodes);
}

static int try_case(clu_env *env, cl_kernel k, int n, int kk, int range, int target_pick, uint64_t seed,
                    char *why, size_t len)
{
    problem p = {.n = n};
    clu_fill_random_int(p.a, (size_t)n, seed, -range, range);
    for (int i = 0; i < n; i++) p.a[i] = p.a[i] ? p.a[i] : 1;
    p.lo[n] = p.hi[n] = 0;
    for (int d = n - 1; d >= 0; d--) {
        p.lo[d] = p.lo[d + 1] + (p.a[d] < 0 ? p.a[d] : 0);
        p.hi[d] = p.hi[d + 1] + (p.a[d] > 0 ? p.a[d] : 0);
    }
    /* 0: the largest sum (one subset, on the edge of the bounds); 1: the
     * smallest; 2: a subset's sum in the middle. */
    p.target = target_pick == 0 ? p.hi[0] : target_pick == 1 ? p.lo[0] : p.a[0] + p.a[n / 2];
    const size_t items = (size_t)1 << kk, wg = 8, global = clu_round_up(items, wg);
    uint64_t *h_count = clu_malloc(global * 8, "counts"), *h_nodes = clu_malloc(global * 8, "nodes");
    for (size_t i = 0; i < global; i++) h_count[i] = h_nodes[i] = UINT64_MAX;
    cl_mem d_a = grade_buffer(env, p.a, sizeof p.a), d_lo = grade_buffer(env, p.lo, sizeof p.lo);
    cl_mem d_hi = grade_buffer(env, p.hi, sizeof p.hi), d_c = grade_buffer(env, h_count, global * 8);
    cl_mem d_n = grade_buffer(env, h_nodes, global * 8);
    cl_mem args[3] = {d_a, d_lo, d_hi};
    for (cl_uint i = 0; i < 3; i++) CLU_CHECK(clSetKernelArg(k, i, sizeof(cl_mem), &args[i]));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof n, &n));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof kk, &kk));
    CLU_CHECK(clSetKernelArg(k, 5, sizeof p.target, &p.target));
    CLU_CHECK(clSetKernelArg(k, 6, sizeof d_c, &d_c));
    CLU_CHECK(clSetKernelArg(k, 7, sizeof d_n, &d_n));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &wg, 0, NULL, NULL));
    grade_read(env, d_c, h_count, global * 8);
    grade_read(env, d_n, h_nodes, global * 8);
    uint64_t found = 0, nodes = 0, want_found = 0, want_nodes = 0;
    for (size_t g = 0; g < items; g++) {
        found += h_count[g], nodes += h_nodes[g];
        int s = 0;
        for (int i = 0; i < kk; i++) s += (g >> i) & 1 ? p.a[i] : 0;
        search_c(&p, kk, s, &want_found, &want_nodes);
    }
    uint64_t every = 0; /* the count checked against all subsets too */
    for (uint64_t m = 0; m < ((uint64_t)1 << n); m++) {
        int s = 0;
        for (int i = 0; i < n; i++) s += (m >> i) & 1 ? p.a[i] : 0;
        every += s == p.target;
    }
    int ok = 1;
    if (found != every) {
        snprintf(why, len, "%" PRIu64 " subsets counted, %" PRIu64 " hit %d (a hit pruned away, or a miss counted?)",
                 found, every, p.target);
        ok = 0;
    } else if (nodes != want_nodes) {
        snprintf(why, len, "%" PRIu64 " nodes visited, the lesson's search visits %" PRIu64 " (%s)", nodes, want_nodes,
                 nodes > want_nodes ? "dead branches are searched: is one bound missing?" : "live branches cut");
        ok = 0;
    }
    clReleaseMemObject(d_a);
    clReleaseMemObject(d_lo);
    clReleaseMemObject(d_hi);
    clReleaseMemObject(d_c);
    clReleaseMemObject(d_n);
    free(h_count);
    free(h_nodes);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { int n, k, range, pick; uint64_t seed; } cases[] = {
        {8, 2, 20, 2, 1}, {12, 3, 30, 0, 2}, {12, 3, 30, 1, 3}, {16, 4, 50, 2, 4}, {18, 6, 1000, 2, 5},
    };
    static const char *picks[] = {"the largest sum", "the smallest sum", "a sum in the middle"};
    const int nc = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, nc, &env);
    cl_program prog = clu_build(&env, grade_path("prune.cl"), "");
    cl_kernel k = clu_kernel(prog, "search");
    clu_check_wgsize(&env, k, 8);
    for (int i = 0; i < nc; i++) {
        char what[96], why[256] = "";
        snprintf(what, sizeof what, "n=%d, k=%d, target %s", cases[i].n, cases[i].k, picks[cases[i].pick]);
        grade(try_case(&env, k, cases[i].n, cases[i].k, cases[i].range, cases[i].pick, cases[i].seed, why, sizeof why),
              what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
