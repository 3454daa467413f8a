/* perf.c -- self-contained measuring harness for issue 15 (scan, SGEMM,
 * outer sum), run on the device machine. Every kernel is verified before it
 * is timed; every figure is printed beside a yardstick from the same run.
 *
 *   perf info
 *   perf copy NFLOATS
 *   perf peak
 *   perf scan FILE "OPTS" WG ITEMS [timeN] [kernels: onepass,fallback]
 *   perf gemm FILE KERNEL "OPTS" NTX NTY BM BN sizes...
 *   perf outer FILE KERNEL "OPTS" WG ELEMS X Y
 */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static cl_platform_id plat;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;
static char kdir[512] = ".perf/kernels";

#define CK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "error %d: %s (line %d)\n", e_, #x, __LINE__); exit(2); } } while (0)

static void setup(void)
{
    cl_uint np = 0;
    cl_platform_id ps[8];
    CK(clGetPlatformIDs(8, ps, &np));
    for (cl_uint i = 0; i < np; i++) { /* prefer a GPU */
        cl_uint nd = 0;
        if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &dev, &nd) == CL_SUCCESS && nd) { plat = ps[i]; goto found; }
    }
    plat = ps[0];
    CK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
found:;
    cl_int err;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CK(err);
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    CK(err);
    const char *e = getenv("KDIR");
    if (e) snprintf(kdir, sizeof kdir, "%s", e);
}

static int is_nvidia(void)
{
    char s[256] = "";
    clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof s, s, NULL);
    return strstr(s, "NVIDIA") != NULL;
}

static cl_program build(const char *file, const char *opts)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", kdir, file);
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); exit(2); }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *src = malloc(len + 1);
    if (fread(src, 1, len, f) != (size_t)len) exit(2);
    src[len] = 0;
    fclose(f);
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &err);
    CK(err);
    char o[1024];
    snprintf(o, sizeof o, "-I%s %s%s", kdir, opts, getenv("NVVERBOSE") && is_nvidia() ? " -cl-nv-verbose" : "");
    err = clBuildProgram(p, 1, &dev, o, NULL, NULL);
    size_t ls = 0;
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &ls);
    char *log = malloc(ls + 1);
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, ls, log, NULL);
    log[ls] = 0;
    if (err != CL_SUCCESS) {
        fprintf(stderr, "build of %s with '%s' failed (%d):\n%s\n", file, o, err, log);
        exit(2);
    }
    if (getenv("NVVERBOSE") && ls > 1) {
        /* print only the lines with registers / spills */
        for (char *l = strtok(log, "\n"); l; l = strtok(NULL, "\n"))
            if (strstr(l, "registers") || strstr(l, "spill") || strstr(l, "Compiling") || strstr(l, "stack"))
                printf("  ptxas: %s\n", l);
    }
    free(log);
    free(src);
    return p;
}

static cl_kernel kern(cl_program p, const char *name)
{
    cl_int err;
    cl_kernel k = clCreateKernel(p, name, &err);
    if (err != CL_SUCCESS) { fprintf(stderr, "no kernel %s (%d)\n", name, err); exit(2); }
    return k;
}

static double ev_ms(cl_event e)
{
    cl_ulong a, b;
    CK(clWaitForEvents(1, &e));
    CK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof a, &a, NULL));
    CK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL));
    clReleaseEvent(e);
    return (b - a) * 1e-6;
}

static double run1(cl_kernel k, int dims, const size_t *g, const size_t *l)
{
    cl_event e;
    CK(clEnqueueNDRangeKernel(q, k, dims, NULL, g, l, 0, NULL, &e));
    return ev_ms(e);
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(double *v, int n)
{
    qsort(v, n, sizeof *v, cmpd);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static cl_mem mk(size_t bytes)
{
    cl_int err;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CK(err);
    return m;
}

static uint64_t rng = 88172645463325252ull;
static uint32_t xr(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

static int gpu(void)
{
    cl_device_type t;
    clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof t, &t, NULL);
    return (t & CL_DEVICE_TYPE_GPU) != 0;
}

/* ---- yardsticks ------------------------------------------------------------ */
static double copy_gbps(size_t nfloats)
{
    cl_program p = build("00-peak.cl", "");
    cl_kernel k = kern(p, "copy4");
    cl_uint n4 = (cl_uint)(nfloats / 4);
    cl_mem a = mk((size_t)n4 * 16), b = mk((size_t)n4 * 16);
    float pat = 1.5f;
    CK(clEnqueueFillBuffer(q, a, &pat, 4, 0, (size_t)n4 * 16, 0, NULL, NULL));
    CK(clSetKernelArg(k, 0, sizeof a, &a));
    CK(clSetKernelArg(k, 1, sizeof b, &b));
    CK(clSetKernelArg(k, 2, sizeof n4, &n4));
    size_t l = 256, g = (n4 + 255) / 256 * 256;
    double t[21];
    run1(k, 1, &g, &l);
    for (int r = 0; r < 21; r++) t[r] = run1(k, 1, &g, &l);
    double ms = median(t, 21);
    clReleaseMemObject(a); clReleaseMemObject(b); clReleaseKernel(k); clReleaseProgram(p);
    return 2.0 * n4 * 16 / ms * 1e-6;
}

static double peak_gflops(void)
{
    const int iters = gpu() ? 4096 : 2048;
    char o[64];
    snprintf(o, sizeof o, "-DPEAK_ITERS=%d", iters);
    cl_program p = build("00-peak.cl", o);
    cl_kernel k = kern(p, "fma_peak");
    cl_uint cus;
    clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
    size_t l = 256, g = (size_t)cus * (gpu() ? 8192 : 1024);
    cl_mem out = mk(g * 4);
    float a = 0.999f, b = 0.001f;
    CK(clSetKernelArg(k, 0, sizeof out, &out));
    CK(clSetKernelArg(k, 1, sizeof a, &a));
    CK(clSetKernelArg(k, 2, sizeof b, &b));
    double best = 1e30;
    for (int r = 0; r < 6; r++) { double t = run1(k, 1, &g, &l); if (r && t < best) best = t; }
    clReleaseMemObject(out); clReleaseKernel(k); clReleaseProgram(p);
    return 2.0 * 8.0 * iters * (double)g / best * 1e-6;
}

/* ---- scan -------------------------------------------------------------------- */
/* Inputs: ints in -8..7; floats k/256, k in -127..127 (mean 0): every partial sum of
 * up to 2^28 of them is exact in float (and double), whatever the order of
 * the additions, so the check is exact for both types. */
static void scan_input(void *h, size_t n, int is_int)
{
    for (size_t i = 0; i < n; i++) {
        if (is_int) ((int *)h)[i] = (int)(xr() % 16) - 8;
        else ((float *)h)[i] = (float)((int)(xr() % 255) - 127) / 256.0f;
    }
}

/* 0 ok, else number of mismatches (prints the first) */
static size_t scan_check(const void *in, const void *out, size_t n, int is_int, int excl, const char *what)
{
    size_t bad = 0;
    if (is_int) {
        int64_t s = 0;
        for (size_t i = 0; i < n; i++) {
            int64_t before = s;
            s += ((const int *)in)[i];
            int want = (int)(excl ? before : s), got = ((const int *)out)[i];
            if (want != got && bad++ == 0)
                printf("  MISMATCH %s at %zu of %zu: got %d want %d\n", what, i, n, got, want);
        }
    } else {
        double s = 0;
        for (size_t i = 0; i < n; i++) {
            double before = s;
            s += ((const float *)in)[i];
            double want = excl ? before : s, got = ((const float *)out)[i];
            if (want != got && bad++ == 0)
                printf("  MISMATCH %s at %zu of %zu: got %.9g want %.9g\n", what, i, n, got, want);
        }
    }
    return bad;
}

typedef struct { cl_kernel scan, clear; size_t wg, tile; int old; } scank;

static double scan_run(scank *s, cl_mem in, cl_mem out, cl_mem st, cl_uint n, int excl, double *clear_ms)
{
    size_t tiles = (n + s->tile - 1) / s->tile;
    cl_uint cnt = (cl_uint)(s->old ? 1 + 2 * tiles : tiles + 1);
    CK(clSetKernelArg(s->clear, 0, sizeof st, &st));
    CK(clSetKernelArg(s->clear, 1, sizeof cnt, &cnt));
    size_t l = 256, g = (cnt + 255) / 256 * 256;
    double c = run1(s->clear, 1, &g, &l);
    if (clear_ms) *clear_ms = c;
    CK(clSetKernelArg(s->scan, 0, sizeof in, &in));
    CK(clSetKernelArg(s->scan, 1, sizeof out, &out));
    CK(clSetKernelArg(s->scan, 2, sizeof st, &st));
    CK(clSetKernelArg(s->scan, 3, sizeof n, &n));
    CK(clSetKernelArg(s->scan, 4, sizeof excl, &excl));
    size_t gs = tiles * s->wg;
    return run1(s->scan, 1, &gs, &s->wg);
}

static int cmd_scan(int argc, char **argv)
{
    if (argc < 6) return 2;
    const char *file = argv[2], *opts = argv[3];
    size_t wg = atoi(argv[4]), items = atoi(argv[5]);
    size_t N = argc > 6 ? strtoul(argv[6], 0, 0) : (1u << 28);
    const char *which = argc > 7 ? argv[7] : "scan_onepass,scan_fallback";
    int reps = getenv("REPS") ? atoi(getenv("REPS")) : 25;
    size_t tile = wg * items;
    size_t sizes[] = {1, 3, 4, tile - 1, tile + 1, 3 * tile + 5, 1000003, 12345679, N};
    int ns = sizeof sizes / sizeof *sizes;
    size_t maxn = N;
    for (int si = 0; si < ns; si++)
        if (sizes[si] > maxn && !(getenv("MAXN") && sizes[si] > strtoul(getenv("MAXN"), 0, 0)))
            maxn = sizes[si];
    void *hin = malloc(maxn * 4), *hout = malloc(maxn * 4);
    cl_mem din = mk(maxn * 4), dout = mk(maxn * 4), st = mk((maxn / tile + 2) * 8);
    double copy = getenv("NOCOPY") ? 1.0 : copy_gbps(N);
    int fails = 0;
    for (int is_int = 0; is_int < 2; is_int++) {
        char o[512];
        snprintf(o, sizeof o, "-DWG=%zu -DITEMS=%zu -DTYPE_INT=%d %s", wg, items, is_int, opts);
        cl_program p = build(file, o);
        char names[256];
        snprintf(names, sizeof names, "%s", which);
        for (char *nm = strtok(names, ","); nm; nm = strtok(NULL, ",")) {
            scank s = {kern(p, nm), kern(p, strstr(file, "onepass") || strstr(file, "cpu") ? "clear_status64" : "clear_status"), wg, tile,
                       !strstr(file, "onepass") && !strstr(file, "cpu")};
            /* verify: every size, inclusive and exclusive (the largest: one of each type) */
            for (int si = 0; si < ns; si++) {
                for (int excl = 0; excl < 2; excl++) {
                    size_t n = sizes[si];
                    if (n == N && excl != is_int) continue;
                    if (getenv("MAXN") && n > strtoul(getenv("MAXN"), 0, 0)) continue;
                    scan_input(hin, n, is_int);
                    CK(clEnqueueWriteBuffer(q, din, CL_TRUE, 0, n * 4, hin, 0, NULL, NULL));
                    int poison = 0x7fc00000 + 1;
                    CK(clEnqueueFillBuffer(q, dout, &poison, 4, 0, maxn * 4, 0, NULL, NULL));
                    scan_run(&s, din, dout, st, (cl_uint)n, excl, NULL);
                    CK(clEnqueueReadBuffer(q, dout, CL_TRUE, 0, n * 4, hout, 0, NULL, NULL));
                    char what[128];
                    snprintf(what, sizeof what, "%s %s %s", nm, is_int ? "int" : "float", excl ? "excl" : "incl");
                    size_t bad = scan_check(hin, hout, n, is_int, excl, what);
                    if (bad) { fails++; printf("  FAIL %s n=%zu: %zu wrong\n", what, n, bad); }
                }
            }
            /* time: float inclusive (int exclusive too) at N, input from the last check */
            if (!is_int || getenv("TIME_INT")) {
                scan_input(hin, N, is_int);
                CK(clEnqueueWriteBuffer(q, din, CL_TRUE, 0, N * 4, hin, 0, NULL, NULL));
                double t[200], cl = 0, tc[200];
                int excl = is_int;
                scan_run(&s, din, dout, st, (cl_uint)N, excl, NULL);
                for (int r = 0; r < reps; r++) { t[r] = scan_run(&s, din, dout, st, (cl_uint)N, excl, &cl); tc[r] = t[r] + cl; }
                cl_ulong fb = 0;
                CK(clEnqueueReadBuffer(q, st, CL_TRUE, 0, 8, &fb, 0, NULL, NULL));
                CK(clEnqueueReadBuffer(q, dout, CL_TRUE, 0, N * 4, hout, 0, NULL, NULL));
                size_t bad = scan_check(hin, hout, N, is_int, excl, "timed run");
                if (bad) fails++;
                if (getenv("ALT")) { /* shared CPU: alternate copy and scan runs, pair them */
                    cl_program pc = build("00-peak.cl", "");
                    cl_kernel kc = kern(pc, "copy4");
                    cl_uint n4 = (cl_uint)(N / 4);
                    CK(clSetKernelArg(kc, 0, sizeof din, &din));
                    CK(clSetKernelArg(kc, 1, sizeof dout, &dout));
                    CK(clSetKernelArg(kc, 2, sizeof n4, &n4));
                    size_t l = 64, gsz = (n4 + 63) / 64 * 64;
                    double ratio[200], bc = 1e30, bs = 1e30;
                    for (int r = 0; r < reps; r++) {
                        double c = run1(kc, 1, &gsz, &l), sc = 0, x = scan_run(&s, din, dout, st, (cl_uint)N, excl, &sc);
                        ratio[r] = c / (x + sc);
                        if (c < bc) bc = c;
                        if (x + sc < bs) bs = x + sc;
                    }
                    printf("ALT %s: median of %d paired ratios %.1f%% of copy; best scan %.3f ms, best copy %.3f ms: %.1f%%\n", nm, reps,
                           100 * median(ratio, reps), bs, bc, 100 * bc / bs);
                    clReleaseKernel(kc); clReleaseProgram(pc);
                    scan_run(&s, din, dout, st, (cl_uint)N, excl, NULL);
                    CK(clEnqueueReadBuffer(q, dout, CL_TRUE, 0, N * 4, hout, 0, NULL, NULL));
                    if (scan_check(hin, hout, N, is_int, excl, "after the paired runs")) fails++;
                }
                double ms = median(t, reps), msc = median(tc, reps);
                double gbs = 2.0 * N * 4 / msc * 1e-6;
                printf("SCAN %-14s %-5s %s wg=%zu items=%zu opts='%s' n=%zu: %.4f ms (+clear %.4f) %.1f GB/s = %.1f%% of copy %.1f GB/s%s%s\n",
                       nm, is_int ? "int" : "float", excl ? "excl" : "incl", wg, items, opts, N, ms, msc - ms, gbs,
                       100.0 * gbs / copy, copy, bad ? " WRONG" : " verified",
                       strstr(nm, "fallback") || strstr(nm, "cpu") ? (fb ? " (fallbacks in last run: see count)" : " (0 fallbacks in last run)") : "");
                if (strstr(nm, "fallback") || strstr(nm, "cpu")) printf("  fallbacks in the last timed run: %llu\n", (unsigned long long)fb);
            }
            clReleaseKernel(s.scan); clReleaseKernel(s.clear);
        }
        clReleaseProgram(p);
    }
    printf("SCANCHECK wg=%zu items=%zu opts='%s': %s\n", wg, items, opts, fails ? "FAILED" : "all sizes verified");
    clReleaseMemObject(din); clReleaseMemObject(dout); clReleaseMemObject(st);
    free(hin); free(hout);
    return fails ? 1 : 0;
}

/* ---- gemm -------------------------------------------------------------------- */
static void fill_unit(float *h, size_t n)
{
    for (size_t i = 0; i < n; i++) h[i] = (float)(xr() % 2001) / 1000.0f - 1.0f;
}

/* check C (n x n) at `samples` random points (all when samples == 0) */
static size_t gemm_check(const float *A, const float *B, const float *C, int n, int samples, double *worst)
{
    size_t bad = 0;
    long total = samples ? samples : (long)n * n;
    *worst = 0;
    for (long s = 0; s < total; s++) {
        int i = samples ? (int)(xr() % n) : (int)(s / n), j = samples ? (int)(xr() % n) : (int)(s % n);
        double ref = 0, mag = 0;
        for (int k = 0; k < n; k++) {
            double p = (double)A[(size_t)i * n + k] * B[(size_t)k * n + j];
            ref += p; mag += fabs(p);
        }
        double err = fabs(C[(size_t)i * n + j] - ref), bound = 2.0 * n * 5.96e-8 * mag + 1e-6;
        if (!(err <= bound)) { if (bad++ == 0) printf("  MISMATCH C[%d][%d] = %g, want %g\n", i, j, C[(size_t)i * n + j], ref); }
        if (err > *worst) *worst = err;
    }
    return bad;
}

static int cmd_gemm(int argc, char **argv)
{
    if (argc < 10) return 2;
    const char *file = argv[2], *name = argv[3], *opts = argv[4];
    size_t ntx = atoi(argv[5]), nty = atoi(argv[6]), bm = atoi(argv[7]), bn = atoi(argv[8]);
    int reps = getenv("REPS") ? atoi(getenv("REPS")) : 7;
    cl_program p = build(file, opts);
    cl_kernel k = kern(p, name);
    int fails = 0;
    size_t maxn = 0;
    for (int a = 9; a < argc; a++) if ((size_t)atoi(argv[a]) > maxn) maxn = atoi(argv[a]);
    if (maxn < 512) maxn = 512;
    float *A = malloc(maxn * maxn * 4), *B = malloc(maxn * maxn * 4), *C = malloc(maxn * maxn * 4);
    cl_mem dA = mk(maxn * maxn * 4), dB = mk(maxn * maxn * 4), dC = mk(maxn * maxn * 4);
    fill_unit(A, maxn * maxn); fill_unit(B, maxn * maxn);
    /* full check at 512, then sampled checks at each timed size */
    int sizes[32], ns = 0;
    sizes[ns++] = 512;
    for (int a = 9; a < argc && ns < 32; a++) sizes[ns++] = atoi(argv[a]);
    for (int si = 0; si < ns; si++) {
        int n = sizes[si];
        fill_unit(A, (size_t)n * n); fill_unit(B, (size_t)n * n);
        CK(clEnqueueWriteBuffer(q, dA, CL_TRUE, 0, (size_t)n * n * 4, A, 0, NULL, NULL));
        CK(clEnqueueWriteBuffer(q, dB, CL_TRUE, 0, (size_t)n * n * 4, B, 0, NULL, NULL));
        int poison = 0x7fc00001;
        CK(clEnqueueFillBuffer(q, dC, &poison, 4, 0, (size_t)n * n * 4, 0, NULL, NULL));
        CK(clSetKernelArg(k, 0, sizeof dA, &dA));
        CK(clSetKernelArg(k, 1, sizeof dB, &dB));
        CK(clSetKernelArg(k, 2, sizeof dC, &dC));
        CK(clSetKernelArg(k, 3, sizeof n, &n));
        CK(clSetKernelArg(k, 4, sizeof n, &n));
        CK(clSetKernelArg(k, 5, sizeof n, &n));
        size_t g[2] = {(size_t)n / bn * ntx, (size_t)n / bm * nty}, l[2] = {ntx, nty};
        run1(k, 2, g, l);
        CK(clEnqueueReadBuffer(q, dC, CL_TRUE, 0, (size_t)n * n * 4, C, 0, NULL, NULL));
        double worst;
        size_t bad = gemm_check(A, B, C, n, si == 0 ? 0 : 2048, &worst);
        if (bad) { fails++; printf("  FAIL gemm %s '%s' n=%d: %zu wrong\n", name, opts, n, bad); continue; }
        if (si == 0) continue;
        double t[64];
        for (int r = 0; r < reps; r++) t[r] = run1(k, 2, g, l);
        double ms = median(t, reps);
        double bst = t[0]; for (int r = 1; r < reps; r++) if (t[r] < bst) bst = t[r];
        printf("GEMM %s opts='%s' n=%d: median %.4f ms %.1f GFLOP/s, best %.1f (verified, worst err %.2g)\n", name, opts, n, ms,
               2.0 * n * (double)n * n / ms * 1e-6, 2.0 * n * (double)n * n / bst * 1e-6, worst);
    }
    clReleaseMemObject(dA); clReleaseMemObject(dB); clReleaseMemObject(dC);
    clReleaseKernel(k); clReleaseProgram(p);
    free(A); free(B); free(C);
    return fails ? 1 : 0;
}

/* ---- outer sum ---------------------------------------------------------------- */
static int cmd_outer(int argc, char **argv)
{
    if (argc < 9) return 2;
    const char *file = argv[2], *name = argv[3], *opts = argv[4];
    size_t wg = atoi(argv[5]), elems = atoi(argv[6]);
    int X = atoi(argv[7]), Y = atoi(argv[8]);
    int reps = getenv("REPS") ? atoi(getenv("REPS")) : 5;
    cl_program p = build(file, opts);
    cl_kernel k = kern(p, name);
    int fails = 0;
    int sx[2] = {1000003, X}, sy[2] = {1001, Y};
    size_t mx = X > 1000003 ? X : 1000003, my = Y > 1001 ? Y : 1001;
    float *A = malloc(mx * 4 + 64), *B = malloc(my * 4 + 64), *C = malloc(mx * 4 + 64);
    cl_mem dA = mk(mx * 4 + 64), dB = mk(my * 4 + 64), dC = mk(mx * 4 + 64);
    int locarg = strstr(name, "local") != NULL || strstr(name, "try") != NULL || strstr(name, "ys") != NULL;
    double peak0 = peak_gflops();
    for (int si = 0; si < 2; si++) {
        int x = sx[si], y = sy[si];
        fill_unit(A, x); fill_unit(B, y);
        CK(clEnqueueWriteBuffer(q, dA, CL_TRUE, 0, (size_t)x * 4, A, 0, NULL, NULL));
        CK(clEnqueueWriteBuffer(q, dB, CL_TRUE, 0, (size_t)y * 4, B, 0, NULL, NULL));
        int poison = 0x7fc00001;
        CK(clEnqueueFillBuffer(q, dC, &poison, 4, 0, (size_t)x * 4, 0, NULL, NULL));
        CK(clSetKernelArg(k, 0, sizeof dA, &dA));
        CK(clSetKernelArg(k, 1, sizeof dB, &dB));
        CK(clSetKernelArg(k, 2, sizeof dC, &dC));
        CK(clSetKernelArg(k, 3, sizeof x, &x));
        CK(clSetKernelArg(k, 4, sizeof y, &y));
        if (locarg) CK(clSetKernelArg(k, 5, wg * 32 * (getenv("LMUL") ? atoi(getenv("LMUL")) : 1), NULL));
        size_t items = ((size_t)x + elems - 1) / elems, g = (items + wg - 1) / wg * wg;
        double t0 = run1(k, 1, &g, &wg);
        (void)t0;
        CK(clEnqueueReadBuffer(q, dC, CL_TRUE, 0, (size_t)x * 4, C, 0, NULL, NULL));
        double sb = 0, sab = 0;
        for (int j = 0; j < y; j++) { sb += B[j]; sab += fabs(B[j]); }
        size_t bad = 0;
        double worst = 0;
        for (int i = 0; i < x; i++) {
            double ref = (double)A[i] * sb, err = fabs(C[i] - ref), bound = 2.0 * y * 5.96e-8 * fabs(A[i]) * sab + 1e-30;
            if (!(err <= bound) && bad++ == 0) printf("  MISMATCH C[%d] = %g want %g\n", i, C[i], ref);
            if (err > worst) worst = err;
        }
        if (bad) { fails++; printf("  FAIL outer %s '%s' X=%d Y=%d: %zu wrong\n", name, opts, x, y, bad); continue; }
        if (si == 0) continue;
        double best = 1e30;
        for (int r = 0; r < reps; r++) { double t = run1(k, 1, &g, &wg); if (t < best) best = t; }
        double gf = 2.0 * x * (double)y / best * 1e-6, peak1 = peak_gflops(), peak = peak1 > peak0 ? peak1 : peak0;
        printf("OUTER %s opts='%s' wg=%zu X=%d Y=%d: %.4f ms %.1f GFLOP/s = %.1f%% of FMA peak %.1f (verified)\n", name, opts, wg,
               x, y, best, gf, 100 * gf / peak, peak);
    }
    clReleaseMemObject(dA); clReleaseMemObject(dB); clReleaseMemObject(dC);
    clReleaseKernel(k); clReleaseProgram(p);
    free(A); free(B); free(C);
    return fails ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    setup();
    if (!strcmp(argv[1], "info")) {
        char s[4096];
        time_t now = time(NULL);
        printf("date: %s", asctime(gmtime(&now)));
        clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof s, s, NULL); printf("platform: %s\n", s);
        clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof s, s, NULL); printf("device: %s\n", s);
        clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof s, s, NULL); printf("driver: %s\n", s);
        clGetDeviceInfo(dev, CL_DEVICE_VERSION, sizeof s, s, NULL); printf("version: %s\n", s);
        clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof s, s, NULL); printf("extensions: %s\n", s);
        cl_uint cus; clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
        cl_ulong lm; clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lm, &lm, NULL);
        printf("compute units: %u, local memory %llu bytes\n", cus, (unsigned long long)lm);
        return 0;
    }
    if (!strcmp(argv[1], "copy")) { printf("COPY %.1f GB/s\n", copy_gbps(strtoul(argv[2], 0, 0))); return 0; }
    if (!strcmp(argv[1], "peak")) { printf("PEAK %.1f GFLOP/s\n", peak_gflops()); return 0; }
    if (!strcmp(argv[1], "scan")) return cmd_scan(argc, argv);
    if (!strcmp(argv[1], "dump")) { /* perf dump FILE "OPTS" OUTFILE: the driver's binary (PTX on NVIDIA) */
        cl_program p = build(argv[2], argv[3]);
        size_t sz = 0;
        CK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof sz, &sz, NULL));
        unsigned char *b = malloc(sz);
        CK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof b, &b, NULL));
        FILE *f = fopen(argv[4], "wb");
        if (!f || fwrite(b, 1, sz, f) != sz) return 2;
        fclose(f);
        printf("DUMP %s '%s': %zu bytes to %s\n", argv[2], argv[3], sz, argv[4]);
        return 0;
    }
    if (!strcmp(argv[1], "gemm")) return cmd_gemm(argc, argv);
    if (!strcmp(argv[1], "outer")) return cmd_outer(argc, argv);
    return 2;
}
