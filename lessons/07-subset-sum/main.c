/* Lesson 07 -- branches and divergence: subset sum by backtracking.
 *
 * How many subsets of n signed integers add up to a target? A CPU answers
 * with a depth-first search that prunes every branch whose remaining items
 * cannot reach the target any more. Split the search tree (the first k
 * items decided by the work-item's id, one subtree each) and a GPU runs the
 * subtrees side by side -- but the work-items of one sub-group execute in
 * lockstep (SIMT), so where they prune differently they wait for each
 * other. The lesson measures that divergence (time per node, the lanes a
 * sub-group keeps busy, a worst case against a random case) and tries what
 * reduces it: branch-free enumeration of the last levels, work handed out
 * again between rounds, and meet in the middle.
 * Kernel file: kernels/07-subset-sum.cl
 * APIs introduced: __constant kernel arguments (the items, read by every
 * work-item), CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE (the SIMD width),
 * atomic_inc into a global work list.
 * What it is measured against (rounds of redistributed work, meet in the
 * middle) is in alternatives.c beside this file; the problem, the checks in
 * C and what every variant does on the device in problem.c; the types in
 * subset-sum.h. Calls go one way: main.c -> alternatives.c -> problem.c.
 */
#include "subset-sum.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the C reference -------------------------------------------------------- */

// snippet: serial
/* Backtracking: leave item d out, then put it in; give up on a branch as
 * soon as the items left cannot reach the target. The reference, and the
 * baseline every speed-up is measured against. */
static void search(const problem *p, int d, int s, tally *t)
{
    t->nodes++;
    if (s + p->lo[d] > p->target || s + p->hi[d] < p->target) return; /* prune */
    if (d == p->n) {
        t->found++; /* s == target */
        return;
    }
    search(p, d + 1, s, t);
    search(p, d + 1, s + p->a[d], t);
}
// end snippet serial

/* ---- the variants ----------------------------------------------------------- */

static outcome run_serial(ctx *c, const variant *v, const problem *p, int timed)
{
    (void)c, (void)v, (void)timed;
    tally t = {0, 0};
    double t0 = clu_now();
    search(p, 0, 0, &t);
    return (outcome){.found = t.found, .nodes = t.nodes, .lanes = 1.0, .ms = (clu_now() - t0) * 1e3, .rounds = 1};
}

// snippet: omp
/* The same search on every core: the 2^k subtrees handed out dynamically,
 * because their sizes differ by orders of magnitude. main.c runs it only
 * where omp_threads() is not 0. */
static outcome run_omp(ctx *c, const variant *v, const problem *p, int timed)
{
    (void)v, (void)timed;
    uint64_t found = 0, nodes = 0;
    const long subtrees = 1L << c->k;
    double t0 = clu_now();
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found, nodes)
#endif
    for (long g = 0; g < subtrees; g++) {
        int s = 0;
        for (int i = 0; i < c->k; i++) s += (g >> i) & 1 ? p->a[i] : 0;
        tally t = {0, 0};
        search(p, c->k, s, &t);
        found += t.found;
        nodes += t.nodes;
    }
    return (outcome){.found = found, .nodes = nodes, .lanes = 1.0, .ms = (clu_now() - t0) * 1e3, .rounds = 1};
}
// end snippet omp

// snippet: run-kernel
/* dfs, hybrid, bits: one kernel, one work-item per subtree. */
static outcome run_kernel(ctx *c, const variant *v, const problem *p, int timed)
{
    cl_kernel kern = clu_kernel(c->program, v->kernel);
    const int L = v->enumerate == 1 ? (c->L < p->n - c->k ? c->L : p->n - c->k) : 0;
    size_t wg = wg_for(c, kern);
    const size_t items = (size_t)1 << c->k, global = clu_round_up(items, wg);
    set_common_args(kern, c, p);
    CLU_CHECK(clSetKernelArg(kern, 4, sizeof c->k, &c->k));
    CLU_CHECK(clSetKernelArg(kern, 5, sizeof L, &L));
    CLU_CHECK(clSetKernelArg(kern, 6, sizeof p->target, &p->target));
    CLU_CHECK(clSetKernelArg(kern, 7, sizeof c->d_count, &c->d_count));
    CLU_CHECK(clSetKernelArg(kern, 8, sizeof c->d_nodes, &c->d_nodes));
    outcome o = {.rounds = 1, .wg = wg};
    if (timed) {
        o.ms = clu_run_best(&c->env, kern, 1, &global, &wg, c->reps);
        clReleaseKernel(kern);
        return o;
    }
    /* All ones: a work-item that writes nothing adds 2^64 - 1, and the total is wrong. */
    const uint64_t ones = UINT64_MAX;
    CLU_CHECK(clEnqueueFillBuffer(c->env.queue, c->d_count, &ones, sizeof ones, 0, items * 8, 0, NULL, NULL));
    o.ms = clu_run_best(&c->env, kern, 1, &global, &wg, 1);
    clu_read(&c->env, c->d_count, items * 8, c->h_count);
    clu_read(&c->env, c->d_nodes, items * 8, c->h_nodes);
    double useful = 0, paid = 0;
    for (size_t g = 0; g < items; g++) o.found += c->h_count[g], o.nodes += c->h_nodes[g];
    add_lanes(c->h_nodes, items, c->simd, &useful, &paid);
    o.lanes = paid > 0 ? useful / paid : 1.0;
    clReleaseKernel(kern);
    return o;
}
// end snippet run-kernel

// snippet: variants
static const variant variants[] = {
    {.name = "serial", .why = "backtracking in C with pruning: the reference and the baseline", .run = run_serial},
    {.name = "omp", .why = "the same search over the 2^k subtrees on every core (OpenMP)", .run = run_omp,
     .openmp = 1},
    {.name = "dfs", .why = "a work-item per subtree, depth-first with pruning: divergent", .run = run_kernel,
     .kernel = "dfs"},
    {.name = "hybrid", .why = "dfs above the last L levels, branch-free Gray code below", .run = run_kernel,
     .kernel = "dfs", .enumerate = 1},
    {.name = "bits", .why = "no search: all 2^(n-k) subsets per work-item, branch-free", .run = run_kernel,
     .kernel = "bits", .enumerate = 2},
    {.name = "rounds", .why = "dfs with a node budget; what is left is handed out again", .run = run_rounds,
     .kernel = "dfs_budget"},
    {.name = "mitm", .why = "meet in the middle: half sums, sorted, binary searched", .run = run_mitm},
    {.name = "ompmitm", .why = "mitm on every core with OpenMP: mitm's yardstick", .run = run_omp_mitm,
     .openmp = 1},
};
enum { SERIAL, OMP, DFS, HYBRID, BITS, ROUNDS, MITM, OMPMITM, NV };
// end snippet variants

/* ---- run and verify ------------------------------------------------------------ */


// snippet: check
/* Run variant v once on problem p and compare its count with the search in C
 * (and, for one work-item per subtree, each work-item's own counts). */
static size_t check(ctx *c, const variant *v, const problem *p, uint64_t want, outcome *o)
{
    *o = v->run(c, v, p, 0);
    const int total_ok = o->found == want;
    int ok = total_ok;
    if (v->run == run_kernel && check_items(c, v, p)) ok = 0;
    printf("verified %-6s (%s case): %" PRIu64 " subsets hit %d, %" PRIu64 " nodes, C found %" PRIu64
           ": %s\n", v->name, p->name, o->found, p->target, o->nodes, want, ok ? "ok" : "FAILED");
    if (!total_ok)
        fprintf(stderr, "error: %s counted %" PRIu64 " subsets in the %s case, the C search %" PRIu64 "\n",
                v->name, o->found, p->name, want);
    return !ok;
}
// end snippet check

/* ---- time ------------------------------------------------------------------------ */

/* Best of -r runs: the kernel alone (clu_run_best) where the variant is one
 * kernel, else the whole variant from the host, transfers and all. */
static double best_ms(ctx *c, const variant *v, const problem *p, const outcome *first)
{
    clu_step(v->name);
    if (v->run == run_kernel) return v->run(c, v, p, 1).ms;
    double best = first->ms;
    for (size_t r = 1; r < c->reps; r++) best = fmin(best, v->run(c, v, p, 1).ms);
    return best;
}

/* ---- report ------------------------------------------------------------------------ */

static void report(const ctx *c, const variant *v, const problem *p, const outcome *o, double ms,
                   double serial_ms, double omp_ms, int threads)
{
    const double ns = ms * 1e6 / (double)(o->nodes ? o->nodes : 1);
    const int below = p->n - c->k, /* levels enumerated without a search */
        levels = v->enumerate == 2 ? below : v->enumerate == 1 ? (c->L < below ? c->L : below) : 0;
    printf("%-7s %-6s %10.3f ms %9.2f ns/node  lanes %5.1f%%  %7.2fx serial  %6.2fx omp", v->name,
           p->name, ms, ns, 100.0 * o->lanes, serial_ms / ms, omp_ms > 0 ? omp_ms / ms : 0.0);
    printf(o->rounds > 1 ? "  %d rounds\n" : "\n", o->rounds);
    printf("result: variant=%s case=%s n=%d k=%d l=%d wg=%zu ms=%.4f count=%" PRIu64 " nodes=%" PRIu64
           " ns_per_node=%.3f lanes=%.4f simd=%zu rounds=%d serial_ms=%.4f speedup=%.3f omp_ms=%.4f "
           "threads=%d timer=%s\n", v->name, p->name, p->n, c->k, levels, o->wg, ms, o->found,
           o->nodes, ns, o->lanes, c->simd, o->rounds, serial_ms, serial_ms / ms, omp_ms, threads,
           v->run == run_kernel && !c->env.host_timer ? "events" : "host");
}

int main(int argc, char **argv)
{
    clu_common common; /* -p, -d, --budget, ...: what every program understands */
    ctx c = {0}; /* the run (subset-sum.h) */
    const settings s = read_settings(argc, argv, variants, NV, &c, &common);
    clu_setup(&c.env, &common);
    const size_t n = s.n, k = (size_t)c.k; /* read often below */
    const int threads = omp_threads();
    /* The time, at 3 ns per node on a slow CPU, taking the whole tree of
     * 2^(n+1) nodes for every search (the random case prunes it to a few per
     * cent, the worst case to about half); bits enumerates 2^n subsets, rounds
     * pays for its round trips (three searches' worth), mitm sorts 2^(n/2).
     * Each variant runs once to be checked and -r times to be timed. */
    const double tree = ldexp(1.0, (int)n + 1), runs = (double)c.reps + 1;
#define ON(v) (s.chosen < 0 || s.chosen == (v))
    double nodes = tree * (double)c.reps * (1 + ON(OMP)) + tree * runs * (ON(DFS) + ON(HYBRID) + 3 * ON(ROUNDS)) +
                   tree / 2 * runs * ON(BITS) + ldexp(64.0, (int)n / 2 + 1) * runs * (ON(MITM) + ON(OMPMITM)) +
                   (n <= 22 ? tree * (double)n : 0); /* the brute-force check of the C search */
#undef ON
    /* A node costs the C search about 3 steps of serial C, a kernel about
     * 4 steps of the probe's chain (branches, and work-items that wait). */
    clu_check_budget(&c.env, &common, (clu_work){.fma = 4.0 * nodes * (s.last - s.first + 1),
                     .host = 3.0 * (tree * runs + (n <= 22 ? tree * (double)n : 0)) * (s.last - s.first + 1)},
                     "searching up to 2^(N+1) nodes in every variant");
    c.program = clu_build(&c.env, "07-subset-sum.cl", "");
    const size_t items = (size_t)1 << k, mitm = (size_t)1 << (n - n / 2);
    /* Per work-item: a count and a node count (host and device); rounds' work
     * list, n + 1 entries per work-item (host and device); mitm's sums. */
    clu_check_memory(&c.env, clu_bytes(items, 16 + 8 * (n + 1), "the counts") + mitm * 12,
                     clu_bytes(items, 24 + 8 * (n + 1), "the buffers") + mitm * 16);
    cl_kernel probe = clu_kernel(c.program, "dfs");
    CLU_CHECK(clGetKernelWorkGroupInfo(probe, c.env.device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                       sizeof c.simd, &c.simd, NULL));
    clReleaseKernel(probe);
    if (c.simd < 1) c.simd = 1;
    c.d_count = clu_buffer(&c.env, CL_MEM_READ_WRITE, items * 8, NULL, "the counts");
    c.d_nodes = clu_buffer(&c.env, CL_MEM_READ_WRITE, items * 8, NULL, "the node counts");
    /* Made once: Oclgrind 21.10 wrongly flags reads of a buffer that takes
     * the place of a released one that atomics wrote. */
    c.d_len = clu_buffer(&c.env, CL_MEM_READ_WRITE, sizeof(cl_int), NULL, "the list length");
    c.h_count = clu_malloc(items * 8, "the counts");
    c.h_nodes = clu_malloc(items * 8, "the node counts");
    printf("sizes:    n = %zu items, 2^%zu = %zu subtrees, hybrid L = %zu, work-group %s, "
           "SIMD width %zu (the kernel's preferred multiple), %d OpenMP threads\n",
           n, k, items, (size_t)c.L, c.wg ? "from -t" : "each kernel's largest up to 64", c.simd, threads);
    if (!threads) printf("omp:      this program was built without OpenMP (no -fopenmp): no comparison\n");

    // snippet: main-loop
    size_t wrong = 0;
    for (int ci = s.first; ci <= s.last; ci++) {
        problem p;
        make_problem(&p, ci ? "worst" : "random", (int)n, (int)s.maxitem, s.seed + 10 * (uint64_t)ci);
        c.d_a = clu_buffer(&c.env, CL_MEM_READ_ONLY, sizeof p.a, p.a, "the items");
        c.d_lo = clu_buffer(&c.env, CL_MEM_READ_ONLY, sizeof p.lo, p.lo, "the bounds");
        c.d_hi = clu_buffer(&c.env, CL_MEM_READ_ONLY, sizeof p.hi, p.hi, "the bounds");
        /* The C search first; below 2^22 subsets we check it by brute force. */
        clu_step("the C search");
        outcome ref = run_serial(&c, &variants[SERIAL], &p, 0);
        if (n <= 22) {
            uint64_t all = every_subset(&p);
            printf("verified serial (%s case) against all 2^%zu subsets: %" PRIu64 ": %s\n", p.name, n,
                   all, all == ref.found ? "ok" : "FAILED");
            wrong += all != ref.found;
        }
        outcome got[NV];
        for (size_t v = SERIAL + 1; v < NV; v++)
            if ((s.chosen < 0 || (size_t)s.chosen == v) && (!variants[v].openmp || threads)) {
                clu_step(variants[v].name);
                wrong += check(&c, &variants[v], &p, ref.found, &got[v]);
            }
        got[SERIAL] = ref;
        /* Times only once every variant is verified; nothing on Oclgrind or at -r 0. */
        if (!wrong && !clu_on_oclgrind(&c.env) && c.reps) {
            double ms[NV], omp_ms = 0;
            for (size_t v = 0; v < NV; v++)
                if ((s.chosen < 0 || (size_t)s.chosen == v || v == SERIAL) && (!variants[v].openmp || threads))
                    ms[v] = best_ms(&c, &variants[v], &p, &got[v]);
            if ((s.chosen < 0 || s.chosen == OMP) && threads) omp_ms = ms[OMP];
            printf("\n%s case: target %d, %" PRIu64 " subsets hit it; the C search visits %" PRIu64
                   " of the tree's %.3g nodes\n", p.name, p.target, ref.found, ref.nodes, ldexp(1.0, (int)n + 1));
            for (size_t v = 0; v < NV; v++)
                if ((s.chosen < 0 || (size_t)s.chosen == v) && (!variants[v].openmp || threads))
                    report(&c, &variants[v], &p, &got[v], ms[v], ms[SERIAL], omp_ms, threads);
            printf("\n");
        } else if (!wrong && !c.reps)
            printf("times: not measured (-r 0)\n");
        clReleaseMemObject(c.d_hi), clReleaseMemObject(c.d_lo), clReleaseMemObject(c.d_a);
    }
    // end snippet main-loop
    clReleaseMemObject(c.d_len), clReleaseMemObject(c.d_nodes), clReleaseMemObject(c.d_count);
    clReleaseProgram(c.program);
    clu_teardown(&c.env);
    free(c.h_count), free(c.h_nodes);
    return clu_exit_status(wrong);
}
