/* devices.h -- what lesson 09's single passes need from a device, and
 * which of them is the device's default (devices.c). */
#ifndef DEVICES_H
#define DEVICES_H

#include "clu.h"

/* The variant run as this device's default, and one line saying why. */
const char *pass_default(const clu_env *env, const char **why);
/* Why a pass using 64-bit statuses (onepass, fallback; cpu = 1: cpu-chunks)
 * cannot run here with this shape, or NULL. */
const char *pass_why_not(const clu_env *env, int cpu, size_t wg, size_t items);
/* The passes' device switches: "-DNV_PTX=1 -DNV_SM=90" on an NVIDIA GPU of
 * compute capability 9.0 (the warp's vote and shuffle instructions as
 * inline PTX, which other devices cannot run), "-DNV_PTX=0" elsewhere. */
const char *pass_device_defs(const clu_env *env);

#endif /* DEVICES_H */
