/* subset-sum.h -- what lesson 07's files share: the problem, the context
 * of a run, what a variant reports, and the functions a file gives the one
 * above it (calls go one way: main.c -> alternatives.c -> problem.c).
 * main.c: the C search and its OpenMP version, the kernels with one
 * work-item per subtree, the checks, the times. alternatives.c: rounds of
 * redistributed work, meet in the middle on the device and on the host's
 * threads. problem.c: the problem, the checks in C (every subset; each
 * work-item's subtree), the device steps every variant repeats. settings.c:
 * the command line.
 */
#ifndef SUBSET_SUM_H
#define SUBSET_SUM_H

#include "clu.h"

#define MAX_N 48       /* a path fits in 56 bits; the sums stay far below 2^31 */
#define MAX_ITEM 1048576 /* |a[i]| <= 2^20, so |any sum| <= 48 * 2^20 < 2^26 */

// snippet: problem-struct
/* n items in the order the search takes them, the target, and the bounds
 * lo[d], hi[d]: the sums of the negative and of the positive items from d on. */
typedef struct {
    const char *name;
    int n, target;
    int a[MAX_N], lo[MAX_N + 1], hi[MAX_N + 1];
} problem;
// end snippet problem-struct

typedef struct { uint64_t found, nodes; } tally;

/* A run: the device, the program, the split and the buffers every variant
 * uses; k, L, wg, reps and budget as settings.c reads them. */
typedef struct {
    clu_env env;
    cl_program program;
    int k, L;             /* items decided by the id; levels enumerated (hybrid) */
    size_t wg, reps, budget, simd; /* wg 0: each kernel's own default */
    cl_mem d_a, d_lo, d_hi, d_count, d_nodes, d_len; /* d_len: rounds' list length */
    uint64_t *h_count, *h_nodes; /* per work-item, 2^k of each */
} ctx;

/* What one run of a variant found, and how busy it kept the lanes. */
typedef struct { uint64_t found, nodes; double lanes, ms; int rounds; size_t wg; } outcome;

/* A variant: one line of why, how to run it, its kernel. */
typedef struct variant variant;
struct variant {
    const char *name, *why;
    outcome (*run)(ctx *c, const variant *v, const problem *p, int timed);
    const char *kernel; /* NULL: runs on the host */
    int enumerate;      /* without a search: 1 the last L levels, 2 all below k */
    int openmp;         /* runs on the host's threads: only where built with OpenMP */
};

/* settings.c: the command line, read once. What every file reads (k, L,
 * wg, reps, budget) goes into the run's ctx, the rest into a settings;
 * -k's default is filled in; wg 0: each kernel's own default; chosen: an
 * index of `table`, -1 for all; cases first..last of 0 random, 1 worst
 * (-c). Anything wrong exits 2 with one line. */
typedef struct {
    size_t n, seed, maxitem;
    int chosen, first, last;
} settings;
settings read_settings(int argc, char **argv, const variant *table, size_t count, ctx *run, clu_common *common);
/* problem.c */
void make_problem(problem *p, const char *name, int n, int A, uint64_t seed);
uint64_t every_subset(const problem *p); /* all 2^n subsets: checks the search for small n */
size_t check_items(const ctx *c, const variant *v, const problem *p);
size_t wg_for(ctx *c, cl_kernel kern);
void set_common_args(cl_kernel kern, ctx *c, const problem *p);
void add_lanes(const uint64_t *nodes, size_t items, size_t simd, double *useful, double *paid);
/* alternatives.c; omp_threads() is 0 where the program was built without OpenMP */
int omp_threads(void);
outcome run_rounds(ctx *c, const variant *v, const problem *p, int timed);
outcome run_mitm(ctx *c, const variant *v, const problem *p, int timed);
outcome run_omp_mitm(ctx *c, const variant *v, const problem *p, int timed);

#endif /* SUBSET_SUM_H */
