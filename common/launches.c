/* launches.c -- a computation of several launches, built once and run
 * again (lessons 04 and 09: a scan of a long array is several kernels):
 * the launches with their arguments set, the buffers they use, each with
 * a guard zone past its end that is checked after every run, and the time
 * of each launch. Also the build that fits a kernel file's shape
 * (work-group, values per work-item) to the device. See clu.h. */
#include "clu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void clu_launch_add(clu_launches *l, cl_program p, const char *name, size_t groups, const char *what, int nmem,
                    const cl_mem *mem, int nnum, const cl_uint *num)
{
    if (l->nsteps == CLU_MAX_LAUNCHES) clu_die("too many launches in one computation");
    cl_kernel k = clu_kernel(p, name);
    for (int i = 0; i < nmem; i++) CLU_CHECK(clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &mem[i]));
    for (int i = 0; i < nnum; i++) CLU_CHECK(clSetKernelArg(k, (cl_uint)(nmem + i), sizeof(cl_uint), &num[i]));
    clu_check_wgsize(l->env, k, l->wg);
    l->steps[l->nsteps++] = (clu_launch){.k = k, .groups = groups, .what = what};
}

cl_mem clu_launch_buffer(clu_launches *l, size_t bytes, const char *what)
{
    if (l->nbufs == CLU_MAX_LAUNCHES) clu_die("too many buffers in one computation");
    cl_mem m = clu_buffer(l->env, CL_MEM_READ_WRITE, bytes + l->guard, NULL, what);
    l->bufs[l->nbufs++] = (clu_guarded){.mem = m, .bytes = bytes, .what = what, .owned = 1};
    return m;
}

void clu_launch_guard(clu_launches *l, cl_mem mem, size_t bytes, const char *what)
{
    if (l->nbufs == CLU_MAX_LAUNCHES) clu_die("too many buffers in one computation");
    l->bufs[l->nbufs++] = (clu_guarded){.mem = mem, .bytes = bytes, .what = what};
}

/* Marks: a NaN for "never written" in every buffer before a run, and in
 * its guard zone a tiny number that any addition to it changes. Written,
 * not filled: Oclgrind counts filled memory as uninitialized even after a
 * kernel wrote it. */
#define UNWRITTEN 0x7fc00000u
#define GUARD 0x0badf00du

static void enqueue_all(clu_launches *l)
{
    for (int i = 0; i < l->nsteps; i++) {
        size_t global = l->steps[i].groups * l->wg;
        CLU_CHECK(clEnqueueNDRangeKernel(l->env->queue, l->steps[i].k, 1, NULL, &global, &l->wg, 0, NULL, NULL));
    }
}

size_t clu_launches_run(clu_launches *l)
{
    size_t bad = 0, most = 0;
    for (int i = 0; i < l->nbufs; i++) most = l->bufs[i].bytes > most ? l->bufs[i].bytes : most;
    uint32_t *h = clu_malloc(most + l->guard, "the marks");
    for (int i = 0; i < l->nbufs; i++) {
        const clu_guarded *b = &l->bufs[i];
        for (size_t w = 0; w < (b->bytes + l->guard) / 4; w++) h[w] = w < b->bytes / 4 ? UNWRITTEN : GUARD;
        CLU_CHECK(clEnqueueWriteBuffer(l->env->queue, b->mem, CL_TRUE, 0, b->bytes + l->guard, h, 0, NULL, NULL));
    }
    enqueue_all(l);
    CLU_CHECK(clFinish(l->env->queue)); /* a kernel that faulted is reported here */
    for (int i = 0; i < l->nbufs; i++) {
        const clu_guarded *b = &l->bufs[i];
        CLU_CHECK(clEnqueueReadBuffer(l->env->queue, b->mem, CL_TRUE, b->bytes, l->guard, h, 0, NULL, NULL));
        for (size_t w = 0; w < l->guard / 4; w++)
            if (h[w] != GUARD && !bad++)
                printf("FAILED: a kernel wrote past the end of %s (%zu bytes): at byte %zu after it\n", b->what,
                       b->bytes, 4 * w);
    }
    free(h);
    return bad;
}

double clu_launches_time(clu_launches *l, size_t reps, double *ms)
{
    double total = 0.0;
    /* Three untimed runs first: on a GPU left idle during the host's checks
     * the first launches run slower (on the H200, without them, the best of
     * five timed runs was 0.86-0.87 of the copy kernel, against 0.93-0.94). */
    for (int r = 0; r < 3; r++) enqueue_all(l);
    CLU_CHECK(clFinish(l->env->queue));
    for (int i = 0; i < l->nsteps; i++) {
        clu_launch *st = &l->steps[i];
        size_t global = st->groups * l->wg, clear = st->after_clear ? st[-1].groups * l->wg : 0;
        if (!st->after_clear) ms[i] = clu_run_best(l->env, st->k, 1, &global, &l->wg, reps);
        else for (size_t r = 0; r < reps; r++) {
            clu_run_best(l->env, st[-1].k, 1, &clear, &l->wg, 1);
            double one = clu_run_best(l->env, st->k, 1, &global, &l->wg, 1);
            ms[i] = r == 0 ? one : fmin(one, ms[i]);
        }
        total += ms[i];
    }
    return total;
}

void clu_launches_release(clu_launches *l)
{
    for (int i = 0; i < l->nsteps; i++) clReleaseKernel(l->steps[i].k);
    for (int i = 0; i < l->nbufs; i++) if (l->bufs[i].owned) clReleaseMemObject(l->bufs[i].mem);
    l->nsteps = l->nbufs = 0;
}

// snippet: build-shape
void clu_build_fitted(clu_env *env, const char *const files[], cl_program progs[], int nfiles, const char *defs,
                      size_t *wg, size_t *items, int wg_fixed, int items_fixed)
{
    const cl_ulong local = clu_device_ulong(env->device, CL_DEVICE_LOCAL_MEM_SIZE);
    for (;;) {
        char all[256], who[64] = "";
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
                if (w < allow) /* name the kernel that allows fewer */
                    CLU_CHECK(clGetKernelInfo(k[i], CL_KERNEL_FUNCTION_NAME, sizeof who - 1, who, NULL));
                allow = w < allow ? w : allow;
                need = mem > need ? mem : need;
                clReleaseKernel(k[i]);
            }
        }
        if (allow < *wg && !wg_fixed) {
            printf("shape:    work-group %zu -> %zu: kernel %s allows at most %zu work-items here\n", *wg, allow,
                   who, allow);
            *wg = allow;
        } else if (need > local && !items_fixed && *items > 4) {
            printf("shape:    values per work-item %zu -> %zu: the local arrays need %llu bytes, the device has "
                   "%llu\n", *items, *items / 2, (unsigned long long)need, (unsigned long long)local);
            *items /= 2;
        } else return; /* what still does not fit is refused with the limits (clu_check_wgsize) */
        for (int f = 0; f < nfiles; f++) clReleaseProgram(progs[f]);
    }
}
// end snippet build-shape
