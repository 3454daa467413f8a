/* budget.c -- how long a run would take on this device, from a probe
 * measured now (see clu.h): the device's multiply-adds and bytes per
 * second, the host's steps of serial C per second. The budget refuses
 * sizes a user typed that would take longer than --budget; the estimate
 * also sets the watchdog (options.c), so a kernel that never ends is
 * stopped within seconds, not minutes. */
#define _POSIX_C_SOURCE 200809L
#include "clu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The best of three runs of `k`, in seconds: by its event where the
 * device's timestamps are a clock, else by the host's (rusticl). */
typedef struct {
    double fma, chain, bytes, host; /* per second */
    size_t loops;                   /* clu_loop_limit's, measured with the probe's own kernel */
} clu_rates;

static double probe_kernel(clu_env *env, cl_kernel k, size_t global, size_t local)
{
    double best = INFINITY;
    for (int r = 0; r < 3; r++) {
        cl_event ev;
        double t0 = clu_now();
        CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &local, 0, NULL, &ev));
        CLU_CHECK(clFinish(env->queue));
        double host = clu_now() - t0, ms = clu_event_ms(ev);
        clReleaseEvent(ev);
        /* Events 10^4 times below the host's time are a counter, not a clock. */
        double s = isfinite(ms) && ms * 1e-3 > host * 1e-4 ? ms * 1e-3 : host;
        if (s < best) best = s;
    }
    return best > 1e-9 ? best : 1e-9;
}

/* One step of serial C: a float read, a double multiply-add that depends
 * on the one before (what the lessons' C references do per element). */
static double probe_host(void)
{
    enum { N = 1 << 18 };
    static float data[N];
    for (size_t i = 0; i < N; i++) data[i] = (float)(i & 1023) * 1e-3f;
    double best = INFINITY;
    volatile double sink = 0.0;
    for (int r = 0; r < 3; r++) {
        double acc = 0.0, t0 = clu_now();
        for (size_t i = 0; i < N; i++) acc = acc * 0.999 + (double)data[i];
        double s = clu_now() - t0;
        sink += acc;
        if (s < best) best = s;
    }
    (void)sink;
    return (double)N / (best > 1e-9 ? best : 1e-9);
}

/* The lessons' usual kernel: one multiply-add chain per work-item, a load
 * from global memory in each step (the outer sum, the naive matrix
 * product). On a CPU such a kernel runs far below the FMA peak (1/60 on
 * PoCL), on a GPU near a tenth of it: the probe measures this kind, and
 * faster variants finish sooner than the estimate. In the program, not in
 * kernels/: a lesson pointed at other kernel files still measures the same. */
static const char chain_source[] =
    "__kernel void chain(__global const float *b, __global float *out, const int m)\n"
    "{\n"
    "    const float a = (float)get_global_id(0) * 1e-6f;\n"
    "    float sum = 0.0f;\n"
    "    for (int y = 0; y < m; y++)\n"
    "        sum += a * b[y];\n"
    "    out[get_global_id(0)] = sum;\n"
    "}\n"
    "__kernel void copy4(__global const float4 *src, __global float4 *dst, const uint n4)\n"
    "{\n"
    "    const uint i = get_global_id(0);\n"
    "    if (i < n4)\n"
    "        dst[i] = src[i];\n"
    "}\n"
    "__kernel void loop_limit(__global uint *out, const uint n)\n" /* kernels/00-peak.cl's */
    "{\n"
    "    uint x = 1u;\n"
    "    for (uint i = 0; i < n; i++)\n"
    "        x = x * 1664525u + 1013904223u;\n"
    "    out[0] = x;\n"
    "}\n";

static cl_program build_probe(clu_env *env)
{
    cl_int err;
    const char *src = chain_source;
    cl_program p = clCreateProgramWithSource(env->context, 1, &src, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource (the probe)");
    unsigned left = clu_watchdog_pause();
    err = clBuildProgram(p, 1, &env->device, "", NULL, NULL);
    if (left) alarm(left);
    CLU_CHECK_ERR(err, "clBuildProgram (the probe)");
    return p;
}

/* This device's and this host's rates, measured once per run (tens of ms). */
static clu_rates probe(clu_env *env)
{
    static cl_device_id known; /* measured once per device and process */
    static clu_rates rates;
    if (known == env->device) return rates;
    const int gpu = clu_device_is_gpu(env->device);
    const size_t cus = clu_device_ulong(env->device, CL_DEVICE_MAX_COMPUTE_UNITS);
    cl_program p = build_probe(env);
    cl_kernel fma = clu_kernel(p, "chain"), copy = clu_kernel(p, "copy4");
    /* Multiply-adds: 1024 per work-item, enough work-items to fill every
     * compute unit; a few ms on a CPU, well under one on a GPU. */
    const cl_int m = 1024;
    size_t local = clu_default_wg(env, fma, 256);
    size_t global = clu_round_up(cus * (gpu ? 2048 : 256), local);
    cl_mem out = clu_buffer(env, CL_MEM_WRITE_ONLY, global * sizeof(float), NULL, "the probe");
    static float ones[16384]; /* the long chain's (below llvmpipe's loop limit, 65535) */
    const cl_int m1 = 16384;
    for (int i = 0; i < m1; i++) ones[i] = 1.0f + (float)(i & 1023) * 1e-3f;
    cl_mem in = clu_buffer(env, CL_MEM_READ_ONLY, sizeof ones, ones, "the probe");
    CLU_CHECK(clSetKernelArg(fma, 0, sizeof in, &in));
    CLU_CHECK(clSetKernelArg(fma, 1, sizeof out, &out));
    CLU_CHECK(clSetKernelArg(fma, 2, sizeof m, &m));
    rates.fma = (double)m * (double)global / probe_kernel(env, fma, global, local);
    /* One work-item alone: the time of a step in a long chain (X = 2 work-items
     * of Y = 10^8 multiply-adds each are no faster than this). */
    size_t one = 1;
    CLU_CHECK(clSetKernelArg(fma, 2, sizeof m1, &m1));
    rates.chain = (double)m1 / probe_kernel(env, fma, one, one);
    /* Bytes: a float4 copy of 8 MiB (64 MiB on a GPU), read plus written. */
    const size_t bytes = (size_t)(gpu ? 64 : 8) << 20;
    cl_uint n4 = (cl_uint)(bytes / 16);
    cl_mem src = clu_buffer(env, CL_MEM_READ_WRITE, bytes, NULL, "the probe");
    cl_mem dst = clu_buffer(env, CL_MEM_READ_WRITE, bytes, NULL, "the probe");
    const float zero = 0.0f;
    CLU_CHECK(clEnqueueFillBuffer(env->queue, src, &zero, sizeof zero, 0, bytes, 0, NULL, NULL));
    CLU_CHECK(clSetKernelArg(copy, 0, sizeof src, &src));
    CLU_CHECK(clSetKernelArg(copy, 1, sizeof dst, &dst));
    CLU_CHECK(clSetKernelArg(copy, 2, sizeof n4, &n4));
    local = clu_default_wg(env, copy, 256);
    rates.bytes = 2.0 * (double)bytes / probe_kernel(env, copy, clu_round_up(n4, local), local);
    rates.host = probe_host();
    /* The loop limit: one work-item, 2^17 turns (a fraction of a ms). */
    cl_kernel loops = clu_kernel(p, "loop_limit");
    const cl_uint turns = 1u << 17;
    cl_uint got = 0;
    cl_mem last = clu_buffer(env, CL_MEM_WRITE_ONLY, sizeof got, NULL, "the probe");
    CLU_CHECK(clSetKernelArg(loops, 0, sizeof last, &last));
    CLU_CHECK(clSetKernelArg(loops, 1, sizeof turns, &turns));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, loops, 1, NULL, &one, &one, 0, NULL, NULL));
    clu_read(env, last, sizeof got, &got);
    rates.loops = clu_loop_stopped_at(got, turns);
    clReleaseMemObject(last);
    clReleaseKernel(loops);
    clReleaseMemObject(out);
    clReleaseMemObject(in);
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
    clReleaseKernel(fma);
    clReleaseKernel(copy);
    clReleaseProgram(p);
    known = env->device;
    return rates;
}

static double estimate(clu_env *env, clu_work work) /* seconds */
{
    clu_rates r = probe(env);
    return fmax(work.fma / r.fma, work.chain / r.chain) + work.bytes / r.bytes + work.host / r.host;
}

void clu_check_budget(clu_env *env, const clu_common *common, clu_work work, const char *what)
{
    /* Oclgrind simulates: its speed says nothing, and the probe would take minutes. */
    if (clu_on_oclgrind(env)) return;
    /* A device that ends a work-item's loops early gives a wrong result, not
     * an error: refuse the sizes instead, with a tenth to spare (how a
     * compiler splits the loops moves the count a little). Below 4096 turns
     * no device we know stops. */
    if (work.turns > 4096) {
        const size_t limit = probe(env).loops;
        if (limit && work.turns > 0.9 * (double)limit)
            clu_die("%s: a work-item would take about %.0f loop turns in one launch, and this device stops a "
                    "work-item's loops after %zu turns without a word (Mesa's llvmpipe does): choose smaller sizes",
                    common->typed[0] ? common->typed : "the default sizes", work.turns, limit);
    }
    const double s = estimate(env, work);
    clu_rates r = probe(env);
    /* A kernel that never ends: stopped at 4 times the estimate, 10 s at least. */
    clu_watchdog(s * 4 < 10 ? 10 : (unsigned)ceil(s * 4 < 1e6 ? s * 4 : 1e6), s);
    if (getenv("CLU_SHOW_ESTIMATE")) /* for tests and the budget's own calibration */
        fprintf(stderr, "estimate: %.3f s for %s (measured now: %.3g multiply-adds/s, %.3g in one chain, %.3g "
                "bytes/s, %.3g host steps/s)\n", s, what, r.fma, r.chain, r.bytes, r.host);
    if (!common->typed[0] || s <= (double)common->budget) return;
    /* The budget to suggest: the estimate and half again, rounded up to 10 s. */
    double raise = ceil(s * 1.5 / 10) * 10;
    clu_die("%s would take about %.0f s on this device for %s (measured now: %.3g multiply-adds/s, %.3g "
            "in one chain, %.3g bytes/s, %.3g host steps/s), more than --budget %zu s: raise it with --budget %.0f "
            "or choose smaller sizes", common->typed, s, what, r.fma, r.chain, r.bytes, r.host, common->budget, raise);
}
