/* fast-paths.c -- lesson 04's tuned single passes: where each is the
 * default, the shapes they were measured fastest with, what they need from
 * a device, and NVIDIA's inline-PTX switch; also the bank-conflict model
 * the padded Blelloch tile was designed with. main.c teaches the scans and
 * calls in here; chapter 04 says what each switch is for.
 *
 *   onepass     the look-back pass tuned for GPUs: coalesced tiles through
 *               local memory, one 64-bit status per tile, on NVIDIA a
 *               warp-wide look-back in inline PTX (-DNV_PTX=1), and
 *               decoupled fallback: no scheduling promise;
 *   fallback    the same with tiles numbered by group id, not by ticket:
 *               the default on GPUs;
 *   cpu-chunks  one work-item per chunk that stays in a core's cache.
 * All three publish and read 64-bit statuses atomically: they need
 * cl_khr_int64_base_atomics. Where it is missing, the default is
 * reduce-then-scan, which never makes one work-group wait for another;
 * the portable single pass (lookback) would assume that a started group
 * keeps running while another spins, which OpenCL does not promise.
 */
#include "fast-paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fast_is_tuned(const char *variant)
{
    return !strcmp(variant, "onepass") || !strcmp(variant, "fallback") || !strcmp(variant, "cpu-chunks");
}

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
int fast_nv_ptx(const clu_env *env)
{
    char name[256] = "";
    CLU_CHECK(clGetPlatformInfo(env->platform, CL_PLATFORM_NAME, sizeof name - 1, name, NULL));
    return strstr(name, "NVIDIA") != NULL;
}

/* NVIDIA's compute capability (cl_nv_device_attribute_query) tells the
 * kernel which PTX it may use: atomic loads need 7.0 (Volta) or later. */
#define CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV 0x4000
#define CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV 0x4001
const char *fast_device_defs(const clu_env *env)
{
    static char defs[48];
    cl_uint major = 0, minor = 0;
    if (!fast_nv_ptx(env)) return "-DNV_PTX=0";
    if (clGetDeviceInfo(env->device, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, sizeof major, &major, NULL) ||
        clGetDeviceInfo(env->device, CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, sizeof minor, &minor, NULL))
        major = minor = 0; /* unknown: the volatile load of older GPUs */
    snprintf(defs, sizeof defs, "-DNV_PTX=1 -DNV_SM=%u", 10 * major + minor);
    return defs;
}

const char *fast_default(const clu_env *env, const char **why)
{
    const int gpu = clu_device_is_gpu(env->device);
    if (!has_int64_atomics(env)) {
        *why = gpu ? "onepass needs cl_khr_int64_base_atomics, which this device lacks: no group waits for another"
                   : "cpu-chunks needs cl_khr_int64_base_atomics, which this device lacks: no group waits for another";
        return "reduce-then-scan";
    }
    /* On a GPU, groups start in about the order of their ids: numbering
     * tiles by id makes fallbacks rare and saves onepass's atomic ticket
     * (H200, 2^28 floats: 0.93-0.94 of the copy against 0.91). A CPU
     * device may hand each thread a range of ids: cpu-chunks takes tickets. */
    *why = gpu ? (fast_nv_ptx(env) ? "the tuned single pass with fallback, warp look-back in inline PTX"
                                   : "the tuned single pass with fallback")
               : "the single pass shaped for a CPU";
    return gpu ? "fallback" : "cpu-chunks";
}

/* Measured on an H200 at 2^28 floats (chapter 04's tile table): 128
 * work-items of 32 values, tiles of 4096; a CPU chunk of 32768 values
 * stays in L2 between the chunk's two passes. main.c still halves them
 * when a kernel or the local memory allows less. */
void fast_shape(const char *variant, size_t *wg, size_t *items)
{
    const int cpu = !strcmp(variant, "cpu-chunks");
    *wg = cpu ? 1 : 128;
    *items = cpu ? 32768 : 32;
}

const char *fast_why_not(const clu_env *env, const char *variant, size_t wg, size_t items)
{
    if (!has_int64_atomics(env))
        return "it needs 64-bit atomics (cl_khr_int64_base_atomics), which this device lacks";
    if (!strcmp(variant, "cpu-chunks")) {
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


// snippet: build-shape
void fast_build(clu_env *env, const char *const files[], cl_program progs[], int nfiles, const char *defs,
                size_t *wg, size_t *items, int wg_fixed, int items_fixed)
{
    const cl_ulong local = clu_device_ulong(env->device, CL_DEVICE_LOCAL_MEM_SIZE);
    for (;;) {
        char all[256];
        size_t allow = *wg;
        cl_ulong need = 0;
        snprintf(all, sizeof all, "-DWG=%zu -DITEMS=%zu %s", *wg, *items, defs);
        for (int f = 0; f < nfiles; f++) {
            cl_kernel k[16];
            cl_uint nk = 0;
            progs[f] = clu_build(env, files[f], all);
            CLU_CHECK(clCreateKernelsInProgram(progs[f], 16, k, &nk));
            for (cl_uint i = 0; i < nk; i++) { /* every kernel of the file */
                cl_ulong mem = 0;
                size_t w = clu_default_wg(env, k[i], *wg);
                CLU_CHECK(clGetKernelWorkGroupInfo(k[i], env->device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof mem, &mem,
                                                   NULL));
                allow = w < allow ? w : allow;
                need = mem > need ? mem : need;
                clReleaseKernel(k[i]);
            }
        }
        if (allow < *wg && !wg_fixed) *wg = allow;
        else if (need > local && !items_fixed && *items > 4) *items /= 2;
        else return; /* what still does not fit is refused with the limits (clu_check_wgsize) */
        for (int f = 0; f < nfiles; f++) clReleaseProgram(progs[f]);
    }
}
// end snippet build-shape

/* ---- the bank model ------------------------------------------------------- */

// snippet: bank-model
/* How many cycles one warp of 32 work-items needs for one local-memory
 * access of the up-sweep, on 32 banks of 4 bytes: the largest number of
 * distinct words that fall into the same bank (equal words are broadcast). */
static int conflict_degree(size_t offset, size_t lane0, size_t active, int right, int pad)
{
    size_t words[32];
    int count = 0, worst = 0;
    for (size_t t = lane0; t < lane0 + 32 && t < active; t++) {
        size_t w = offset * (2 * t + (right ? 2 : 1)) - 1;
        words[count++] = pad ? w + (w >> 5) : w;
    }
    for (int b = 0; b < 32; b++) {
        int in_bank = 0;
        for (int i = 0; i < count; i++) {
            int first = 1; /* count each distinct word once */
            for (int j = 0; j < i; j++) if (words[j] == words[i]) first = 0;
            if (first && words[i] % 32 == (size_t)b) in_bank++;
        }
        if (in_bank > worst) worst = in_bank;
    }
    return worst;
}
// end snippet bank-model

void fast_print_bank_model(size_t wg)
{
    printf("bank model (32 banks of 4 bytes), up-sweep of %zu values, worst access per warp:\n", 2 * wg);
    printf("  offset:      ");
    for (size_t o = 1; o < 2 * wg; o <<= 1) printf(" %4zu", o);
    for (int pad = 0; pad <= 1; pad++) {
        printf("\n  %-12s ", pad ? "padded:" : "plain:");
        for (size_t o = 1; o < 2 * wg; o <<= 1) {
            int worst = 0;
            for (size_t lane0 = 0; lane0 < wg / o; lane0 += 32)
                for (int right = 0; right <= 1; right++) {
                    int d = conflict_degree(o, lane0, wg / o, right, pad);
                    if (d > worst) worst = d;
                }
            printf(" %3dx", worst);
        }
    }
    printf("\n");
}
