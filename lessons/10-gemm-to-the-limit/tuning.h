/* tuning.h -- what lesson 10's main.c asks of tuning.c: the choices for the
 * register-blocked kernels that were measured on one device or another
 * rather than derived, and the transfers from pageable or pinned memory. */
#ifndef TUNING_H
#define TUNING_H

#include "clu.h"
#include "gemm.h"

/* The tiles to try on this device for an M x N product, best first: the
 * measured choice for its kind, then smaller shapes for kernels that allow
 * fewer work-items or less local memory. Returns how many. */
size_t tuning_candidates(const clu_env *env, size_t M, size_t N, tiles *list, size_t max);
/* Build options added for this device: NVIDIA's, and for the variant marked
 * `tuned` (fast) with tiles t its register cap. */
void tuning_options(const clu_env *env, int tuned, tiles t, char *opts, size_t len);
/* The cpu kernel (gemm_cpu) in the same terms: a BM x BN block of C per
 * work-item (and group), K in chunks of BK, TM x TN sums in registers with
 * TN = BN a whole number of the device's preferred float vectors. The shape
 * for an M x N x K product on this device; NULL or why a shape t (-c's or
 * the derived one) cannot run K terms here; and its -D options. */
tiles tuning_cpu_tiles(clu_env *env, size_t M, size_t N, size_t K);
const char *tuning_cpu_refused(clu_env *env, tiles t, size_t K, char *why, size_t len);
/* NULL or why cpu16 with `rows` rows per work-item cannot run K terms here. */
const char *tuning_cpu16_refused(clu_env *env, size_t rows, size_t K, char *why, size_t len);
void tuning_cpu_options(const clu_env *env, tiles t, char *opts, size_t len);
/* --tune: the tile shapes it tries. */
extern const tiles tuning_sweep[];
extern const size_t tuning_sweep_count;

/* Host arrays in pageable (malloc) or pinned memory (a mapped buffer made
 * with CL_MEM_ALLOC_HOST_PTR, released by tuning_free_floats). */
float *tuning_host_floats(clu_env *env, size_t n, int pinned, cl_mem *keep);
void tuning_free_floats(clu_env *env, float *p, cl_mem keep);
/* One variant's kernel time beside the time to move A, B and C. */
void tuning_report_transfers(const char *name, const char *why, size_t M, size_t N, size_t K, size_t reps,
                             double kernel_ms, double up_ms, double down_ms, int pinned);

#endif /* TUNING_H */
