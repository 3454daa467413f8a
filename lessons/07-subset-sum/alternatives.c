/* Lesson 07's alternatives, beside main.c: what one work-item per subtree
 * is measured against. The search with a node budget, what is left handed
 * out again in rounds; meet in the middle, which needs no search at all, on
 * the device and on the host's cores. (The same search on every core with
 * OpenMP threads is in main.c, beside the C search it runs.)
 * OpenMP is optional: built without -fopenmp (Apple's compiler, for one)
 * the program says the comparison is missing instead of failing to build.
 * Calls only problem.c and common/, never main.c.
 */
#include "subset-sum.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* ---- OpenMP ------------------------------------------------------------------- */

/* OpenMP's threads, or 0 where the program was built without OpenMP. */
int omp_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 0;
#endif
}


/* ---- rounds: work handed out again --------------------------------------------- */

static int deeper_last(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x >> 56, b = *(const uint64_t *)y >> 56;
    return (a > b) - (a < b);
}

// snippet: rounds-host
/* Work redistribution: a list of nodes still to search. Each round takes up
 * to 2^k of them, searches each for at most `budget` nodes, and puts back
 * what a work-item could not finish, cut into pieces (at most n + 1 per
 * work-item: the buffer `out` is sized for that). The pieces differ in size
 * by their depth, so the list is sorted by depth before each round: the
 * work-items of one sub-group get pieces of one size. */
outcome run_rounds(ctx *c, const variant *v, const problem *p, int timed)
{
    (void)timed;
    cl_kernel kern = clu_kernel(c->program, v->kernel);
    const size_t width = (size_t)1 << c->k, cap = width * (size_t)(p->n + 1);
    size_t len = width, room = cap;
    uint64_t *list = clu_malloc(room * 8, "the work list");
    for (size_t g = 0; g < width; g++) list[g] = ((uint64_t)c->k << 56) | g;
    cl_mem d_in = clu_buffer(&c->env, CL_MEM_READ_ONLY, width * 8, NULL, "the work list");
    cl_mem d_out = clu_buffer(&c->env, CL_MEM_READ_WRITE, cap * 8, NULL, "the work list");
    const cl_uint budget = (cl_uint)c->budget;
    set_common_args(kern, c, p);
    CLU_CHECK(clSetKernelArg(kern, 4, sizeof p->target, &p->target));
    CLU_CHECK(clSetKernelArg(kern, 5, sizeof d_in, &d_in));
    CLU_CHECK(clSetKernelArg(kern, 7, sizeof budget, &budget));
    CLU_CHECK(clSetKernelArg(kern, 8, sizeof c->d_count, &c->d_count));
    CLU_CHECK(clSetKernelArg(kern, 9, sizeof c->d_nodes, &c->d_nodes));
    CLU_CHECK(clSetKernelArg(kern, 10, sizeof d_out, &d_out));
    CLU_CHECK(clSetKernelArg(kern, 11, sizeof c->d_len, &c->d_len));
    size_t wg = wg_for(c, kern);
    outcome o = {.rounds = 0, .wg = wg};
    double useful = 0, paid = 0, t0 = clu_now();
    const double tree = ldexp(1.0, p->n + 1); /* nodes in the whole tree */
    const uint64_t ones = UINT64_MAX;
    while (len > 0) {
        qsort(list, len, sizeof *list, deeper_last);
        const size_t m = len < width ? len : width, global = clu_round_up(m, wg);
        const cl_int m_arg = (cl_int)m, zero = 0;
        len -= m; /* the last m entries of the list: deepest first */
        CLU_CHECK(clEnqueueWriteBuffer(c->env.queue, d_in, CL_FALSE, 0, m * 8, list + len, 0, NULL, NULL));
        CLU_CHECK(clEnqueueWriteBuffer(c->env.queue, c->d_len, CL_FALSE, 0, sizeof zero, &zero, 0, NULL, NULL));
        CLU_CHECK(clSetKernelArg(kern, 6, sizeof m_arg, &m_arg));
        /* All ones: a work-item that writes nothing adds 2^64 - 1, and the total is wrong. */
        CLU_CHECK(clEnqueueFillBuffer(c->env.queue, c->d_count, &ones, sizeof ones, 0, m * 8, 0, NULL, NULL));
        CLU_CHECK(clEnqueueNDRangeKernel(c->env.queue, kern, 1, NULL, &global, &wg, 0, NULL, NULL));
        cl_int back = 0;
        clu_read(&c->env, c->d_len, sizeof back, &back);
        clu_read(&c->env, c->d_count, m * 8, c->h_count);
        clu_read(&c->env, c->d_nodes, m * 8, c->h_nodes);
        for (size_t g = 0; g < m; g++) o.found += c->h_count[g], o.nodes += c->h_nodes[g];
        add_lanes(c->h_nodes, m, c->simd, &useful, &paid);
        o.rounds++;
        if (back < 0 || (size_t)back > m * (size_t)(p->n + 1) || (double)o.nodes > tree) {
            fprintf(stderr, "error: round %d handed back %d entries after %" PRIu64 " nodes: "
                            "more than the tree holds\n", o.rounds, back, o.nodes);
            o.found = UINT64_MAX; /* reported as wrong */
            break;
        }
        if (len + (size_t)back > room) {
            room = 2 * (len + (size_t)back);
            uint64_t *bigger = realloc(list, room * 8);
            if (!bigger) clu_die("cannot grow the work list to %zu entries", room);
            list = bigger;
        }
        if (back > 0) clu_read(&c->env, d_out, (size_t)back * 8, list + len);
        len += (size_t)back;
    }
    o.ms = (clu_now() - t0) * 1e3;
    o.lanes = paid > 0 ? useful / paid : 1.0;
    free(list);
    clReleaseMemObject(d_out);
    clReleaseMemObject(d_in);
    clReleaseKernel(kern);
    return o;
}
// end snippet rounds-host

/* ---- meet in the middle ---------------------------------------------------------- */

static int by_value(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

// snippet: mitm-host
/* Meet in the middle: the 2^m1 sums of the first half and the 2^m2 sums of
 * the second half on the device, the second half sorted on the host, then
 * one branch-free binary search per sum of the first half. 2 * 2^(n/2)
 * sums instead of a tree of 2^(n+1) nodes. */
outcome run_mitm(ctx *c, const variant *v, const problem *p, int timed)
{
    (void)v, (void)timed;
    const int m1 = p->n / 2, m2 = p->n - m1, zero = 0;
    const size_t n1 = (size_t)1 << m1, n2 = (size_t)1 << m2;
    cl_kernel half = clu_kernel(c->program, "half_sums"), meet = clu_kernel(c->program, "mitm_count");
    size_t wg_half = wg_for(c, half), wg_meet = wg_for(c, meet);
    cl_mem d_s1 = clu_buffer(&c->env, CL_MEM_READ_WRITE, n1 * 4, NULL, "the first half's sums");
    cl_mem d_s2 = clu_buffer(&c->env, CL_MEM_READ_WRITE, n2 * 4, NULL, "the second half's sums");
    cl_mem d_hits = clu_buffer(&c->env, CL_MEM_WRITE_ONLY, n1 * 8, NULL, "the matches");
    const uint64_t ones = UINT64_MAX; /* a match count nobody wrote: the total is wrong */
    CLU_CHECK(clEnqueueFillBuffer(c->env.queue, d_hits, &ones, sizeof ones, 0, n1 * 8, 0, NULL, NULL));
    int *h_s2 = clu_malloc(n2 * 4, "the second half's sums");
    uint64_t *h_hits = clu_malloc(n1 * 8, "the matches");
    double t0 = clu_now();
    size_t global1 = clu_round_up(n1, wg_half), global2 = clu_round_up(n2, wg_half);
    size_t global3 = clu_round_up(n1, wg_meet);
    CLU_CHECK(clSetKernelArg(half, 0, sizeof c->d_a, &c->d_a));
    CLU_CHECK(clSetKernelArg(half, 1, sizeof zero, &zero));
    CLU_CHECK(clSetKernelArg(half, 2, sizeof m1, &m1));
    CLU_CHECK(clSetKernelArg(half, 3, sizeof d_s1, &d_s1));
    CLU_CHECK(clEnqueueNDRangeKernel(c->env.queue, half, 1, NULL, &global1, &wg_half, 0, NULL, NULL));
    CLU_CHECK(clSetKernelArg(half, 1, sizeof m1, &m1));
    CLU_CHECK(clSetKernelArg(half, 2, sizeof m2, &m2));
    CLU_CHECK(clSetKernelArg(half, 3, sizeof d_s2, &d_s2));
    CLU_CHECK(clEnqueueNDRangeKernel(c->env.queue, half, 1, NULL, &global2, &wg_half, 0, NULL, NULL));
    clu_read(&c->env, d_s2, n2 * 4, h_s2);
    qsort(h_s2, n2, sizeof *h_s2, by_value);
    CLU_CHECK(clEnqueueWriteBuffer(c->env.queue, d_s2, CL_FALSE, 0, n2 * 4, h_s2, 0, NULL, NULL));
    const int n1_arg = (int)n1;
    const cl_uint pow2 = (cl_uint)n2;
    CLU_CHECK(clSetKernelArg(meet, 0, sizeof d_s1, &d_s1));
    CLU_CHECK(clSetKernelArg(meet, 1, sizeof n1_arg, &n1_arg));
    CLU_CHECK(clSetKernelArg(meet, 2, sizeof d_s2, &d_s2));
    CLU_CHECK(clSetKernelArg(meet, 3, sizeof pow2, &pow2));
    CLU_CHECK(clSetKernelArg(meet, 4, sizeof p->target, &p->target));
    CLU_CHECK(clSetKernelArg(meet, 5, sizeof d_hits, &d_hits));
    CLU_CHECK(clEnqueueNDRangeKernel(c->env.queue, meet, 1, NULL, &global3, &wg_meet, 0, NULL, NULL));
    clu_read(&c->env, d_hits, n1 * 8, h_hits);
    outcome o = {.nodes = (uint64_t)(n1 + n2), .lanes = 1.0, .rounds = 1, .wg = wg_meet};
    for (size_t j = 0; j < n1; j++) o.found += h_hits[j];
    o.ms = (clu_now() - t0) * 1e3;
    free(h_hits);
    free(h_s2);
    clReleaseMemObject(d_hits);
    clReleaseMemObject(d_s2);
    clReleaseMemObject(d_s1);
    clReleaseKernel(meet);
    clReleaseKernel(half);
    return o;
}
// end snippet mitm-host

/* ---- meet in the middle on the host's cores ---------------------------------------- */

/* The sums of all 2^m subsets of the m items from a on, with the kernel's
 * branch-free select loop, the subsets shared among the threads of the
 * parallel region it is called in. */
static void half_sums_omp(const int *a, int m, int *sums)
{
#ifdef _OPENMP
#pragma omp for simd schedule(static)
#endif
    for (long j = 0; j < 1L << m; j++) {
        int s = 0;
        for (int i = 0; i < m; i++) s += (j >> i) & 1 ? a[i] : 0;
        sums[j] = s;
    }
}

// snippet: omp-mitm
/* mitm's algorithm on the host's cores, step for step as run_mitm does it:
 * the half sums in parallel, the second half sorted with qsort (run_mitm
 * sorts on the host too), then one branch-free binary search per sum of the
 * first half, as many at once as the vector lanes and the threads hold
 * (`for simd`), the matches added up by OpenMP. One parallel region for
 * the three steps: waking the threads once, as one launch of a kernel does.
 * From the items on the host to the count, as run_mitm is timed. */
outcome run_omp_mitm(ctx *c, const variant *v, const problem *p, int timed)
{
    (void)c, (void)v, (void)timed;
    const int m1 = p->n / 2, m2 = p->n - m1, target = p->target;
    const long n1 = 1L << m1, n2 = 1L << m2;
    int *s1 = clu_malloc((size_t)n1 * 4, "the first half's sums");
    int *s2 = clu_malloc((size_t)n2 * 4, "the second half's sums");
    uint64_t found = 0;
    double t0 = clu_now();
#ifdef _OPENMP
#pragma omp parallel
#endif
    {
        half_sums_omp(p->a, m1, s1);
        half_sums_omp(p->a + m1, m2, s2);
#ifdef _OPENMP
#pragma omp single
#endif
        qsort(s2, (size_t)n2, sizeof *s2, by_value);
#ifdef _OPENMP
#pragma omp for simd schedule(static) reduction(+ : found)
#endif
        for (long j = 0; j < n1; j++) {
            const int want = target - s1[j];
            long lt = 0, le = 0; /* how many sorted sums are < want, and <= want */
            for (long step = n2 >> 1; step > 0; step >>= 1) {
                lt += s2[lt + step - 1] < want ? step : 0;
                le += s2[le + step - 1] <= want ? step : 0;
            }
            lt += s2[lt] < want ? 1 : 0; /* n2 is a power of two: one entry left open */
            le += s2[le] <= want ? 1 : 0;
            found += (uint64_t)(le - lt);
        }
    }
    outcome o = {.found = found, .nodes = (uint64_t)(n1 + n2), .lanes = 1.0, .rounds = 1,
                 .ms = (clu_now() - t0) * 1e3};
    free(s1);
    free(s2);
    return o;
}
// end snippet omp-mitm
