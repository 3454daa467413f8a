/* devices.c -- lesson 09's device switches: where each single pass is the
 * default, what the passes need from a device (64-bit atomics, a
 * work-group of at least 32), and NVIDIA's inline-PTX switch. main.c
 * teaches the passes and calls in here; chapter 9 says what each switch
 * is for.
 *
 *   onepass     the look-back pass tuned for GPUs: coalesced tiles through
 *               local memory, one 64-bit status per tile, on NVIDIA a
 *               warp-wide look-back in inline PTX (-DNV_PTX=1), and
 *               decoupled fallback: no scheduling promise;
 *   fallback    the same with tiles numbered by group id, not by ticket:
 *               the default on GPUs;
 *   cpu-chunks  one work-item per chunk that stays in a core's cache.
 * All three publish and read 64-bit statuses atomically: they need
 * cl_khr_int64_base_atomics. Where it is missing, no pass of this lesson
 * is safe by the specification: lesson 04's reduce-then-scan, which never
 * makes one work-group wait for another, is the scan to use there; the
 * portable single pass (lookback) would assume that a started group keeps
 * running while another spins, which OpenCL does not promise.
 */
#include "devices.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int has_int64_atomics(const clu_env *env)
{
    char *ext = clu_device_string(env->device, CL_DEVICE_EXTENSIONS);
    int has = strstr(ext, "cl_khr_int64_base_atomics") != NULL;
    free(ext);
    return has;
}

/* The platform's name: NVIDIA's is "NVIDIA CUDA". Its compiler takes the
 * warp's vote and shuffle instructions as inline PTX, which any other
 * device would compile into garbage. */
static int nv_ptx(const clu_env *env)
{
    char name[256] = "";
    CLU_CHECK(clGetPlatformInfo(env->platform, CL_PLATFORM_NAME, sizeof name - 1, name, NULL));
    return strstr(name, "NVIDIA") != NULL;
}

/* NVIDIA's compute capability (cl_nv_device_attribute_query) tells the
 * kernel which PTX it may use: atomic loads need 7.0 (Volta) or later. */
#define CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV 0x4000
#define CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV 0x4001
const char *pass_device_defs(const clu_env *env)
{
    static char defs[48];
    cl_uint major = 0, minor = 0;
    if (!nv_ptx(env)) return "-DNV_PTX=0";
    if (clGetDeviceInfo(env->device, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, sizeof major, &major, NULL) ||
        clGetDeviceInfo(env->device, CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, sizeof minor, &minor, NULL))
        major = minor = 0; /* unknown: the volatile load of older GPUs */
    snprintf(defs, sizeof defs, "-DNV_PTX=1 -DNV_SM=%u", 10 * major + minor);
    return defs;
}

// snippet: default
const char *pass_default(const clu_env *env, const char **why)
{
    const int gpu = clu_device_is_gpu(env->device);
    if (!has_int64_atomics(env)) {
        *why = "this device lacks cl_khr_int64_base_atomics: no pass here is safe by the specification; "
               "use lesson 04's reduce-then-scan, which never makes a group wait for another";
        return "none";
    }
    /* On a GPU, groups start in about the order of their ids: numbering
     * tiles by id makes fallbacks rare and saves onepass's atomic ticket
     * (H200, 2^28 floats: 0.93-0.94 of the copy against 0.91). A CPU
     * device may hand each thread a range of ids: cpu-chunks takes tickets. */
    *why = gpu ? (nv_ptx(env) ? "the tuned single pass with fallback, warp look-back in inline PTX"
                              : "the tuned single pass with fallback")
               : "the single pass shaped for a CPU";
    return gpu ? "fallback" : "cpu-chunks";
}
// end snippet default

const char *pass_why_not(const clu_env *env, int cpu, size_t wg, size_t items)
{
    if (!has_int64_atomics(env))
        return "it needs 64-bit atomics (cl_khr_int64_base_atomics), which this device lacks";
    if (cpu) {
        if (clu_on_oclgrind(env)) return "Oclgrind 21.10 crashes when it releases this kernel (after computing it right)";
        if (wg != 1) return "it runs one work-item per group: leave -t out (or -t 1)";
        if (items % 8) return "its chunks are read 8 values at a time: -v must be a multiple of 8";
        return NULL;
    }
    if (items > 64) return "at most 64 values per work-item (-v) in a work-group's tile";
    /* At least 32: NVIDIA's warp instructions need it; PoCL 3.1 crashed
     * inside the kernel with 2 to 16 (Oclgrind ran those cleanly). */
    if (wg < 32) return "its work-group must be at least 32 (-t 32 or more)";
    return NULL;
}
