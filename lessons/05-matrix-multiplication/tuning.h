/* tuning.h -- what main.c asks of tuning.c: the choices for the
 * register-blocked kernels that were measured on one device or another
 * rather than derived, and the transfers from pageable or pinned memory. */
#ifndef TUNING_H
#define TUNING_H

#include "clu.h"

/* Tiles of the register-blocked kernel: a BM x BN block of C per work-group,
 * BK deep steps, TM x TN elements per work-item. */
typedef struct {
    size_t bm, bn, bk, tm, tn;
} tiles;
typedef char tiles_text[80];
const char *tuning_show(tiles t, tiles_text s); /* "128x64x8x8x8" */

/* -c BMxBNxBKxTMxTN, strictly, and as the kernel accepts them (exit 2 with
 * one line otherwise). */
tiles tuning_parse_tiles(const char *text);
/* The tiles to try on this device for an M x N product, best first: the
 * measured choice for its kind, then smaller shapes for kernels that allow
 * fewer work-items or less local memory. Returns how many. */
size_t tuning_candidates(const clu_env *env, size_t M, size_t N, tiles *list, size_t max);
/* NULL, or why these tiles cannot run here: the limits of PoCL's CPU device
 * that no query reports. */
const char *tuning_refused(const clu_env *env, tiles t, char *why, size_t len);
/* Build options added for this device: NVIDIA's, and for the variant marked
 * `tuned` (fast) with tiles t its register cap. */
void tuning_options(const clu_env *env, int tuned, tiles t, char *opts, size_t len);
/* Refuse (exit 2, one line) a run that would take longer than --budget:
 * `configs` programs run 2 + reps times each on M x N x K, and the host
 * makes the data and checks it. */
void tuning_check_budget(clu_env *env, const clu_common *common, size_t M, size_t N, size_t K,
                         size_t configs, size_t reps);
/* The cpu kernel (gemm_cpu) in the same terms: a BM x BN block of C per
 * work-item (and group), K in chunks of BK, TM x TN sums in registers with
 * TN = BN a whole number of the device's preferred float vectors. The shape
 * for an M x N x K product on this device; NULL or why a shape t (-c's or
 * the derived one) cannot run K terms here; and its -D options. */
tiles tuning_cpu_tiles(clu_env *env, size_t M, size_t N, size_t K);
const char *tuning_cpu_refused(clu_env *env, tiles t, size_t K, char *why, size_t len);
/* The variant a CPU device runs by default (cpu, or cpu16 where cpu is
 * slow), and NULL or why cpu16 with `rows` rows per work-item cannot run K
 * terms here. */
const char *tuning_cpu_variant(clu_env *env);
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
