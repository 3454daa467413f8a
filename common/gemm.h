/* gemm.h -- what the two matrix-product lessons (05 and 10) share: all of
 * C = A·B checked in O(n²) (Freivalds' check), and the tiles of the
 * register-blocked kernel with -c's parsing and the limits of PoCL's CPU
 * device that no query reports (gemm.c). */
#ifndef GEMM_H
#define GEMM_H

#include "clu.h"

#include <stddef.h>

typedef struct {
    size_t M, N, K;
    double *r[2];    /* N whole numbers from 1 to 2^16, twice */
    double *want[2]; /* A·(B·r) for the current A and B */
    double *mag[2];  /* A²·(B²·r²): entry i is Σ_j r_j²·Σ_k (A_ik·B_kj)², what
                      * the rounding errors of row i of C·r scale with */
    double *got, *tmp;
} freivalds;

/* For M x K times K x N; the bytes it will allocate. */
size_t freivalds_bytes(size_t M, size_t N, size_t K);
void freivalds_init(freivalds *f, size_t M, size_t N, size_t K);
void freivalds_free(freivalds *f);
/* What C·r must be for these A and B. */
void freivalds_expect(freivalds *f, const float *A, const float *B);
/* Check all of C; print one "verified WHAT: ...: ok" or "FAILED" line (and
 * on stderr the first wrong entry). Returns how many entries and rows are
 * wrong: 0 when C is right. */
size_t freivalds_verify(const freivalds *f, const char *what, const float *A, const float *B, const float *C,
                        int exact);

/* Check a device's C: read its M x N corner (rows Np floats apart, f's M
 * and N) into C with a rectangular read, check all of it against f, and
 * check that the `guard` floats after its Mp x Np end, filled with NaN
 * before the kernel ran, are NaN still. `what` names it in the verdict line;
 * *down_ms (if not NULL) gets the read's time. Returns how many things are
 * wrong: 0 when C is right. */
size_t gemm_check(clu_env *env, cl_mem d_C, size_t Mp, size_t Np, size_t guard, const freivalds *f,
                  const float *A, const float *B, float *C, const char *what, int exact, double *down_ms);

/* Launch one work-group of the kernel (its arguments set, the first group
 * of its NDRange in bounds), with the watchdog paused: PoCL compiles a
 * kernel for its work-group size at its first launch, which on a busy CPU
 * can take longer than the watchdog gives a kernel. The check after it then
 * times the kernel alone. Nothing on a GPU, nor under Oclgrind (whose
 * access maps show the first launch). */
void gemm_first_launch(clu_env *env, cl_kernel kernel, const size_t *local);

/* NULL if groups of wg work-items of this built kernel can run here, else
 * why not: CL_KERNEL_WORK_GROUP_SIZE (its registers may allow fewer
 * work-items than the device) and the local memory it needs, against the
 * device's. */
const char *gemm_fits(const clu_env *env, cl_kernel kernel, size_t wg, char *why, size_t len);

/* Refuse (exit 2, one line) a run that would take longer than --budget:
 * `configs` programs run 2 + reps times each on M x N x K, and the host
 * makes the data and checks it. */
void gemm_check_budget(clu_env *env, const clu_common *common, size_t M, size_t N, size_t K,
                       size_t configs, size_t reps);
/* Tiles of the register-blocked kernel (kernels/05-matrix-multiplication-reg.cl):
 * a BM x BN block of C per work-group, BK deep steps, TM x TN elements per
 * work-item. Lesson 10's cpu kernel names its shape in the same terms. */
typedef struct {
    size_t bm, bn, bk, tm, tn;
} tiles;
typedef char tiles_text[80];
const char *tiles_show(tiles t, tiles_text s); /* "128x64x8x8x8" */
/* -c BMxBNxBKxTMxTN, strictly, and as the kernel accepts them (exit 2 with
 * one line otherwise). */
tiles tiles_parse(const char *text);
/* NULL, or why these tiles cannot run here: the limits of PoCL's CPU device
 * that no query reports. */
const char *tiles_refused(const clu_env *env, tiles t, char *why, size_t len);

/* Build options the register-blocked kernel gets on this device: on NVIDIA
 * the k loop unrolled (-DUNROLL_K=1), elsewhere none. */
const char *tiles_options(const clu_env *env);

#endif /* GEMM_H */
