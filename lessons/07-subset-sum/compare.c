/* Lesson 07's comparison, beside main.c: the same search on every core of
 * the host with OpenMP threads. OpenMP is optional: built without -fopenmp
 * (Apple's compiler, for one) the program says the comparison is missing
 * instead of failing to build.
 */
#include <stdint.h>
#ifdef _OPENMP
#include <omp.h>
#endif

int omp_threads(void);
int omp_over_subtrees(long count, void (*subtree)(long g, const void *arg, uint64_t *found, uint64_t *nodes),
                      const void *arg, uint64_t *found, uint64_t *nodes);

/* OpenMP's threads, or 0 where the program was built without OpenMP. */
int omp_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 0;
#endif
}

// snippet: omp
/* The 2^k subtrees on every core, handed out dynamically, because their
 * sizes differ by orders of magnitude. */
int omp_over_subtrees(long count, void (*subtree)(long g, const void *arg, uint64_t *found, uint64_t *nodes),
                      const void *arg, uint64_t *found, uint64_t *nodes)
{
#ifdef _OPENMP
    uint64_t f = 0, v = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : f, v)
    for (long g = 0; g < count; g++) subtree(g, arg, &f, &v);
    *found += f;
    *nodes += v;
    return omp_get_max_threads();
#else
    (void)count, (void)subtree, (void)arg, (void)found, (void)nodes;
    return 0;
#endif
}
// end snippet omp
