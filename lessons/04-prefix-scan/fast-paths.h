/* fast-paths.h -- lesson 04's tuned single passes and their device switches
 * (fast-paths.c). main.c teaches the scans; this is what makes three of
 * them fast on particular devices. */
#ifndef FAST_PATHS_H
#define FAST_PATHS_H

#include "clu.h"

/* Is `variant` one of the tuned passes (onepass, fallback, cpu-chunks)? */
int fast_is_tuned(const char *variant);
/* The variant run as this device's default, and one line saying why. */
const char *fast_default(const clu_env *env, const char **why);
/* The shape a tuned pass was measured fastest with: work-items per group
 * and values per work-item (cpu-chunks: one work-item, a chunk of values). */
void fast_shape(const char *variant, size_t *wg, size_t *items);
/* Why a tuned pass cannot run here with this shape, or NULL. */
const char *fast_why_not(const clu_env *env, const char *variant, size_t wg, size_t items);
/* 1 on NVIDIA: build the tuned passes with the warp's vote and shuffle
 * instructions as inline PTX (-DNV_PTX=1), which other devices cannot run. */
int fast_nv_ptx(const clu_env *env);
/* The tuned passes' device switches: "-DNV_PTX=1 -DNV_SM=90" on an NVIDIA
 * GPU of compute capability 9.0, "-DNV_PTX=0" elsewhere. */
const char *fast_device_defs(const clu_env *env);
/* Build `files` with -DWG=*wg -DITEMS=*items and `defs`. Unless fixed by
 * -t (-v), the shape comes from the device: while a kernel allows fewer
 * work-items (CL_KERNEL_WORK_GROUP_SIZE) or needs more local memory than the
 * device has, halve the work-group, then the values per work-item. */
void fast_build(clu_env *env, const char *const files[], cl_program progs[], int nfiles, const char *defs,
                size_t *wg, size_t *items, int wg_fixed, int items_fixed);
/* The bank-conflict model of the Blelloch up-sweep, plain and padded. */
void fast_print_bank_model(size_t wg);

#endif /* FAST_PATHS_H */
