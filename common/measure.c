/* measure.c -- timing, the yardsticks every speed is a ratio to, seeded
 * data, and the check of every result against C (see clu.h). */
#define _POSIX_C_SOURCE 200809L
#include "clu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* ---- timing ---------------------------------------------------------------- */

double clu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double clu_event_ms(cl_event ev)
{
    cl_ulong t[4] = {0}; /* queued, submitted, started, ended: ns on the device's clock */
    CLU_CHECK(clWaitForEvents(1, &ev));
    for (cl_uint i = 0; i < 4; i++)
        CLU_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED + i, sizeof t[i], &t[i], NULL));
    /* A zero, or an end not after the start, is no clock (rusticl counts 0, 1, 2, 3). */
    if (!t[0] || !t[2] || t[3] <= t[2]) return NAN;
    return (double)(t[3] - t[2]) * 1e-6;
}

/* A launch failed: the error, and the kernel's limits when they are why. */
static void launch_failed(cl_int err, clu_env *env, cl_kernel k, cl_uint dims, const size_t *local)
{
    clu_report(err, "clEnqueueNDRangeKernel", __FILE__, __LINE__);
    size_t wg = 1;
    for (cl_uint d = 0; local && d < dims; d++) wg *= local[d];
    clu_check_wgsize(env, k, wg); /* exits with the limits if the group is too large */
    exit(2);
}

void clu_use_host_timer(clu_env *env)
{
    if (env->host_timer) return;
    env->host_timer = 1;
    printf("timer: host clock (this device's profiling timestamps are zero, out of order or "
           "implausibly small): each run timed from launch to finish, launch costs included\n");
}

double clu_run_best(clu_env *env, cl_kernel kernel, cl_uint dims, const size_t *global,
                    const size_t *local, size_t reps)
{
    double best = INFINITY, best_host = INFINITY;
    const char *step = clu_step_kernel(kernel, NULL); /* what the watchdog names */
    CLU_CHECK(clFinish(env->queue)); /* the host clock then sees this kernel alone */
    for (size_t r = 0; r < reps; r++) {
        cl_event ev;
        double t0 = clu_now();
        cl_int err = clEnqueueNDRangeKernel(env->queue, kernel, dims, NULL, global, local, 0, NULL, &ev);
        if (err != CL_SUCCESS) launch_failed(err, env, kernel, dims, local);
        double ms = clu_event_ms(ev), host_ms = (clu_now() - t0) * 1e3;
        clReleaseEvent(ev);
        /* Timestamps that are no clock, or 10^4 times below what the host saw:
         * every time from here on is the host's, launch costs included. */
        if (ms != ms || (host_ms > 1.0 && ms < 1e-4 * host_ms)) clu_use_host_timer(env);
        best = fmin(best, ms);
        best_host = fmin(best_host, host_ms);
    }
    clu_step(step);
    return env->host_timer ? best_host : best;
}

/* ---- yardsticks and limits (kernels/00-peak.cl) ------------------------------ */

static cl_kernel yardstick(clu_env *env, const char *name, const char *options, cl_program *p,
                           size_t *local)
{
    int saved = env->build_log;
    env->build_log = 0;
    *p = clu_build(env, "00-peak.cl", options);
    env->build_log = saved;
    cl_kernel k = clu_kernel(*p, name);
    *local = clu_default_wg(env, k, 256);
    return k;
}

double clu_peak_gflops(clu_env *env)
{
    const int gpu = clu_device_is_gpu(env->device), iters = gpu ? 4096 : 2048;
    cl_device_fp_config fp = 0;
    CLU_CHECK(clGetDeviceInfo(env->device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fp, &fp, NULL));
    char opts[64];
    snprintf(opts, sizeof opts, "-DPEAK_ITERS=%d%s", iters, fp & CL_FP_FMA ? "" : " -DPEAK_MAD=1");
    cl_program p;
    size_t local;
    cl_kernel k = yardstick(env, "fma_peak", opts, &p, &local);
    /* Enough work-items to fill every compute unit many times over. */
    size_t cus = clu_device_ulong(env->device, CL_DEVICE_MAX_COMPUTE_UNITS);
    size_t global = clu_round_up(cus * (gpu ? 8192 : 1024), local);
    cl_mem out = clu_buffer(env, CL_MEM_WRITE_ONLY, global * sizeof(float), NULL, "the peak test");
    float a = 0.999f, b = 0.001f;
    CLU_CHECK(clSetKernelArg(k, 0, sizeof out, &out));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof a, &a));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof b, &b));
    double ms = clu_run_best(env, k, 1, &global, &local, 5);
    clReleaseMemObject(out);
    clReleaseKernel(k);
    clReleaseProgram(p);
    return 2.0 * 8.0 * iters * (double)global / ms * 1e-6;
}

size_t clu_loop_limit(clu_env *env)
{
    static cl_device_id known; /* measured once per device and process */
    static size_t limit;
    if (known == env->device) return limit;
    cl_program p;
    size_t local, global = 1;
    cl_kernel k = yardstick(env, "loop_limit", "", &p, &local);
    const cl_uint n = 1u << 17; /* twice llvmpipe's 65535, quick everywhere (Oclgrind too) */
    cl_uint got = 0;
    cl_mem out = clu_buffer(env, CL_MEM_WRITE_ONLY, sizeof got, NULL, "the loop-limit test");
    CLU_CHECK(clSetKernelArg(k, 0, sizeof out, &out));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof n, &n));
    local = 1;
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
    clu_read(env, out, sizeof got, &got);
    clReleaseMemObject(out);
    clReleaseKernel(k);
    clReleaseProgram(p);
    known = env->device;
    limit = clu_loop_stopped_at(got, n);
    return limit;
}

size_t clu_loop_stopped_at(cl_uint got, cl_uint n)
{
    /* Step the sequence here: after how many steps did the device stop? */
    cl_uint x = 1u, steps = 0;
    while (steps < n && x != got) x = x * 1664525u + 1013904223u, steps++;
    return steps < n ? (steps ? steps : 1) : 0;
}

double clu_copy_gbps(clu_env *env, size_t bytes)
{
    cl_program p;
    size_t local;
    cl_kernel k = yardstick(env, "copy4", "", &p, &local);
    cl_uint n4 = (cl_uint)(bytes / 16);
    /* The source is written from the host: Oclgrind does not count
     * clEnqueueFillBuffer as initialising it. */
    void *zeros = calloc(n4, 16);
    if (!zeros) clu_die("cannot allocate %zu bytes of host memory for the copy test", (size_t)n4 * 16);
    cl_mem src = clu_buffer(env, CL_MEM_READ_WRITE, (size_t)n4 * 16, zeros, "the copy test");
    cl_mem dst = clu_buffer(env, CL_MEM_READ_WRITE, (size_t)n4 * 16, NULL, "the copy test");
    free(zeros);
    CLU_CHECK(clSetKernelArg(k, 0, sizeof src, &src));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof dst, &dst));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof n4, &n4));
    size_t global = clu_round_up(n4, local);
    double ms = clu_run_best(env, k, 1, &global, &local, 5);
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
    clReleaseKernel(k);
    clReleaseProgram(p);
    return 2.0 * (double)n4 * 16.0 / ms * 1e-6;
}

/* ---- data ------------------------------------------------------------------ */

/* splitmix64: tiny, seedable, identical on every platform. */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void clu_fill_random(float *data, size_t n, uint64_t seed, float lo, float hi)
{
    uint64_t s = seed;
    for (size_t i = 0; i < n; i++) {
        double u = (double)(next(&s) >> 11) * (1.0 / 9007199254740992.0);
        data[i] = (float)(lo + (hi - lo) * u);
    }
}

void clu_fill_random_int(int *data, size_t n, uint64_t seed, int lo, int hi)
{
    uint64_t s = seed;
    uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo) + 1;
    for (size_t i = 0; i < n; i++) data[i] = (int)((int64_t)lo + (int64_t)(next(&s) % span));
}

void clu_fill_exact(float *data, size_t n, uint64_t seed, int maxabs)
{
    uint64_t s = seed;
    double sum = 0.0; /* exact: whole numbers far below 2^53 */
    for (size_t i = 0; i < n; i++) {
        uint64_t r = next(&s);
        int v = 1 + (int)((r >> 1) % (uint64_t)maxabs);
        data[i] = (float)(r & 1 ? -v : v);
        sum += data[i];
    }
    /* A sum of 0 would let a kernel that writes zeros pass: move it off 0. */
    if (n > 0 && sum == 0.0) data[0] = -data[0];
}

void clu_fill_halves(float *data, size_t n, uint64_t seed, int maxabs)
{
    uint64_t s = seed;
    double sum = 0.0; /* exact: halves far below 2^52 */
    const uint64_t steps = 2 * (uint64_t)(maxabs > 0 ? maxabs : 1);
    for (size_t i = 0; i < n; i++) {
        uint64_t r = next(&s);
        uint64_t j = 1 + ((r >> 1) % steps); /* 1..2·maxabs halves: odd ones end in .5 */
        float v = (float)((double)j * 0.5);
        data[i] = r & 1 ? -v : v;
        sum += data[i];
    }
    if (n > 0 && sum == 0.0) data[0] = -data[0];
}

void clu_move_sum_off_zero(float *data, size_t n)
{
    for (int round = 0; round < 4; round++) {
        double sum = 0.0, squares = 0.0;
        for (size_t i = 0; i < n; i++) sum += data[i], squares += (double)data[i] * data[i];
        const double norm = sqrt(squares);
        if (n == 0 || fabs(sum) >= norm) return;
        /* One small shift of every value, about 2·norm/n: the sum moves to
         * 1.5·norm on its own side, the data stay random. */
        const float shift = (float)(((sum < 0 ? -1.5 : 1.5) * norm - sum) / (double)n);
        for (size_t i = 0; i < n; i++) data[i] += shift;
    }
}

/* ---- verification ------------------------------------------------------ */

/* The bound for a result of `terms` random-signed terms whose squares sum to
 * norm² (see clu.h): the rounding errors of any order of summation are each
 * at most 2^-24 of a partial sum, of random sign, so they add like a random
 * walk; a partial sum is at most about |result| + a few times norm. */
static double bound_of(double lambda, double norm, double ref)
{
    return lambda * (norm + fabs(ref)) / 16777216.0;
}

size_t clu_verify(const char *what, const float *got, const double *ref, const double *mag,
                  size_t n, size_t terms)
{
    const double lambda = 8.0 * sqrt((double)terms) + 2.0;
    size_t bad = 0, worst = 0;
    double worst_ratio = -1.0;
    for (size_t i = 0; i < n; i++) {
        double bound = mag ? bound_of(lambda, mag[i], ref[i]) : 0.0;
        double e = fabs((double)got[i] - ref[i]);
        if (!(e <= bound)) { /* also catches NaN, the value of an unwritten output */
            if (bad < 3)
                fprintf(stderr, "  wrong at [%zu]: got %.9g, expected %.9g (error %.3g, bound %.3g)\n",
                        i, (double)got[i], ref[i], e, bound);
            bad++;
        }
        double ratio = e != e ? INFINITY : bound > 0 ? e / bound : e > 0 ? INFINITY : 0.0;
        if (ratio > worst_ratio) worst_ratio = ratio, worst = i;
    }
    double we = n ? fabs((double)got[worst] - ref[worst]) : 0.0;
    if (!mag)
        printf("verified %s: %zu values, exact inputs, worst error %.3g at [%zu] (must be 0): %s\n",
               what, n, we, worst, bad ? "FAILED" : "ok");
    else
        printf("verified %s: %zu values, worst error %.3g at [%zu] (bound %.3g there): %s\n", what, n,
               we, worst, n ? bound_of(lambda, mag[worst], ref[worst]) : 0.0, bad ? "FAILED" : "ok");
    if (bad) fprintf(stderr, "error: %zu of %zu values of %s are wrong\n", bad, n, what);
    return bad;
}

size_t clu_verify_int(const char *what, const int *got, const int *ref, size_t n)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (got[i] != ref[i]) {
            if (bad < 3) fprintf(stderr, "  wrong at [%zu]: got %d, expected %d\n", i, got[i], ref[i]);
            bad++;
        }
    }
    printf("verified %s: %zu values, exact: %s\n", what, n, bad ? "FAILED" : "ok");
    if (bad) fprintf(stderr, "error: %zu of %zu values of %s are wrong\n", bad, n, what);
    return bad;
}

int clu_exit_status(size_t wrong)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "error: could not write the output (disk full or stdout closed)\n");
        return 2;
    }
    return wrong ? 1 : 0;
}
