/* device.c -- platform and device choice, context and queue, programs from
 * kernel files, and checked sizes and buffers (see clu.h). Lesson 01 writes
 * each of these steps out by hand; the later lessons call them from here. */
#define _POSIX_C_SOURCE 200809L
#define _DARWIN_C_SOURCE /* macOS: _SC_PHYS_PAGES and friends despite the line above */
#include "clu.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef CLU_KERNEL_DIR
#define CLU_KERNEL_DIR "kernels"
#endif

/* ---- device facts ---------------------------------------------------------- */

/* A platform's (p) or a device's string; the caller frees it. */
static char *info_string(cl_platform_id p, cl_device_id d, cl_uint what)
{
    size_t n = 0;
    CLU_CHECK(p ? clGetPlatformInfo(p, what, 0, NULL, &n) : clGetDeviceInfo(d, what, 0, NULL, &n));
    char *s = clu_malloc(n + 1, "an info string");
    CLU_CHECK(p ? clGetPlatformInfo(p, what, n, s, NULL) : clGetDeviceInfo(d, what, n, s, NULL));
    s[n] = '\0';
    return s;
}

char *clu_device_string(cl_device_id dev, cl_device_info what)
{
    return info_string(NULL, dev, what);
}

cl_ulong clu_device_ulong(cl_device_id dev, cl_device_info what)
{
    cl_ulong v = 0;
    CLU_CHECK(clGetDeviceInfo(dev, what, sizeof v, &v, NULL));
    return v;
}

size_t clu_device_size(cl_device_id dev, cl_device_info what)
{
    size_t v = 0;
    CLU_CHECK(clGetDeviceInfo(dev, what, sizeof v, &v, NULL));
    return v;
}

int clu_device_is_gpu(cl_device_id dev)
{
    cl_device_type t = 0;
    CLU_CHECK(clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof t, &t, NULL));
    return (t & CL_DEVICE_TYPE_GPU) != 0;
}

int clu_on_oclgrind(const clu_env *env)
{
    char *name = info_string(env->platform, NULL, CL_PLATFORM_NAME);
    int yes = strstr(name, "Oclgrind") != NULL;
    free(name);
    return yes;
}

/* ---- platforms and devices ----------------------------------------------- */

int clu_matches(const char *want, cl_uint i, const char *name)
{
    if (!want) return 1;
    const char *p = want;
    while (*p >= '0' && *p <= '9') p++;
    if (*want && !*p) return strtoul(want, NULL, 10) == i;
    size_t wl = strlen(want);
    for (const char *s = name; *s; s++)
        if (strncasecmp(s, want, wl) == 0) return 1;
    return 0;
}

/* With c == NULL: list every platform and device (--list). Otherwise the
 * first GPU of any platform, else the first device at all; -p and -d narrow
 * the search, and an explicit -d takes its first match. */
static void choose(const clu_common *c, cl_platform_id *plat, cl_device_id *dev)
{
    cl_platform_id plats[64];
    cl_device_id devs[64];
    cl_uint np = 0, nd;
    cl_int err = clGetPlatformIDs(64, plats, &np);
    if (err == CL_PLATFORM_NOT_FOUND_KHR || (err == CL_SUCCESS && np == 0))
        clu_die("no OpenCL platform found: a program needs a driver (an ICD) registered in "
                "/etc/OpenCL/vendors; for the CPU: sudo apt-get install pocl-opencl-icd; `make doctor` says more");
    CLU_CHECK_ERR(err, "clGetPlatformIDs");
    int found = 0, found_gpu = 0, any_platform = 0, any_device = 0;
    for (cl_uint p = 0; p < np && p < 64 && !found_gpu; p++) {
        char *pname = info_string(plats[p], NULL, CL_PLATFORM_NAME);
        int pm = c ? clu_matches(c->platform, p, pname) : 1;
        if (!c) {
            char *ver = info_string(plats[p], NULL, CL_PLATFORM_VERSION);
            printf("platform %u: %s (%s)\n", p, pname, ver);
            free(ver);
        }
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 64, devs, &nd) != CL_SUCCESS) nd = 0;
        if (!c && nd == 0)
            printf("  (no devices%s)\n", strstr(pname, "rusticl") ? ": rusticl needs RUSTICL_ENABLE=llvmpipe "
                   "for the CPU" : ": `make doctor` says why");
        free(pname);
        any_platform |= pm;
        any_device |= pm && nd > 0;
        for (cl_uint d = 0; pm && d < nd && d < 64 && !found_gpu; d++) {
            char *dname = clu_device_string(devs[d], CL_DEVICE_NAME);
            int gpu = clu_device_is_gpu(devs[d]);
            if (!c) {
                char *dv = clu_device_string(devs[d], CL_DRIVER_VERSION);
                printf("  device %u: %s [%s] driver %s, %u compute units, %.1f GiB\n", d, dname,
                       gpu ? "GPU" : "not a GPU", dv, (unsigned)clu_device_ulong(devs[d], CL_DEVICE_MAX_COMPUTE_UNITS),
                       (double)clu_device_ulong(devs[d], CL_DEVICE_GLOBAL_MEM_SIZE) / (1u << 30));
                free(dv);
            } else if (clu_matches(c->device, d, dname) && (!found || (gpu && !found_gpu))) {
                *plat = plats[p];
                *dev = devs[d];
                found = 1;
                found_gpu = gpu || c->device; /* an explicit -d: its first match */
            }
            free(dname);
        }
    }
    if (!c) return;
    if (!any_platform) clu_die("no platform matches -p '%s' (see --list)", c->platform);
    if (!any_device)
        clu_die("the platform has no usable device: its driver failed to start "
                "(for PoCL often an unwritable cache folder); run `make doctor`");
    if (!found)
        clu_die("no device matches -d '%s'%s (see --list)", c->device ? c->device : "(any)",
                c->platform ? " on the chosen platform" : "");
}

void clu_list_devices(void)
{
    choose(NULL, NULL, NULL);
}

void clu_setup(clu_env *env, const clu_common *c)
{
    memset(env, 0, sizeof *env);
    env->build_log = c->build_log;
    choose(c, &env->platform, &env->device);
    char *s[5] = {info_string(env->platform, NULL, CL_PLATFORM_NAME)};
    cl_uint what[5] = {0, CL_DEVICE_NAME, CL_DEVICE_VENDOR, CL_DRIVER_VERSION, CL_DEVICE_VERSION};
    for (int i = 1; i < 5; i++) s[i] = clu_device_string(env->device, what[i]);
    printf("platform: %s\ndevice:   %s (%s, vendor %s, driver %s, %s)\n", s[0], s[1],
           clu_device_is_gpu(env->device) ? "GPU" : "not a GPU", s[2], s[3], s[4]);
    for (int i = 0; i < 5; i++) free(s[i]);
    cl_int err;
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)env->platform, 0};
    env->context = clCreateContext(props, 1, &env->device, NULL, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateContext");
    env->queue = clCreateCommandQueue(env->context, env->device, CL_QUEUE_PROFILING_ENABLE, &err);
    CLU_CHECK_ERR(err, "clCreateCommandQueue");
}

void clu_teardown(clu_env *env)
{
    for (size_t i = 0; i < env->nbuilt; i++) {
        clReleaseProgram(env->built[i].prog);
        free(env->built[i].path);
        free(env->built[i].options);
    }
    env->nbuilt = 0;
    if (env->queue) clReleaseCommandQueue(env->queue);
    if (env->context) clReleaseContext(env->context);
    env->queue = NULL;
    env->context = NULL;
}

/* ---- programs ------------------------------------------------------------ */

char *clu_read_file(const char *path, size_t *length)
{
    const size_t max = (size_t)16 << 20;
    int fd = open(path, O_RDONLY | O_NONBLOCK); /* a FIFO must not block us */
    if (fd < 0) clu_die("cannot open '%s': %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        clu_die("'%s' is not a regular file (a folder, a device or a pipe?)", path);
    if ((size_t)st.st_size > max)
        clu_die("'%s' is %lld bytes: too large for a kernel file (at most 16 MiB)", path,
                (long long)st.st_size);
    size_t n = (size_t)st.st_size, got = 0;
    char *buf = clu_malloc(n + 1, path);
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0) clu_die("cannot read '%s': %s", path, strerror(errno));
        if (r == 0) break;
        got += (size_t)r;
    }
    close(fd);
    if (got == 0) clu_die("kernel file '%s' is empty: it needs at least one __kernel function", path);
    buf[got] = '\0';
    if (length) *length = got;
    return buf;
}

char *clu_kernel_path(const char *name)
{
    if (strchr(name, '/')) { /* a path: taken as it is */
        if (access(name, F_OK) != 0) clu_die("kernel file '%s' not found", name);
        return strdup(name);
    }
    char exe[4096] = "", path[8400];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1); /* Linux; elsewhere the built-in path */
    char *slash = len > 0 ? strrchr(exe, '/') : NULL;
    if (slash) strcpy(slash, "/../kernels");
    const char *env_dir = getenv("CLU_KERNEL_DIR");
    if (env_dir && !*env_dir) env_dir = NULL; /* set but empty counts as unset */
    const char *dirs[] = {env_dir ? env_dir : slash ? exe : NULL, env_dir ? NULL : CLU_KERNEL_DIR};
    for (int i = 0; i < 2; i++) {
        if (!dirs[i]) continue;
        snprintf(path, sizeof path, "%s/%s", dirs[i], name);
        if (access(path, F_OK) == 0) return strdup(path);
    }
    if (env_dir) clu_die("kernel file '%s' not found in $CLU_KERNEL_DIR (%s)", name, env_dir);
    clu_die("kernel file '%s' not found in %s or %s (set CLU_KERNEL_DIR to look elsewhere)", name,
            slash ? exe : "(no exe path)", CLU_KERNEL_DIR);
}

static void print_log(cl_program prog, cl_device_id dev, const char *path)
{
    size_t n = 0;
    if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) != CL_SUCCESS) return;
    char *log = clu_malloc(n + 1, "the build log");
    if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, n, log, NULL) == CL_SUCCESS) {
        log[n] = '\0';
        while (n > 0 && (log[n - 1] == '\n' || log[n - 1] == '\0' || log[n - 1] == ' ')) log[--n] = '\0';
        fprintf(stderr, "---- build log for %s ----\n%s\n---- end of build log ----\n", path,
                n ? log : "(empty)");
    }
    free(log);
}

/* `src`, the text of the kernel file `path`, with each line `#include
 * "FILE"` replaced by the text of FILE from the same folder (FILE's own
 * includes from its folder, at most 8 deep), between #line directives that
 * keep the compiler's messages naming the right file and line. The compiler
 * then needs no -I FOLDER: PoCL keeps a compiled kernel under its source and
 * its build options, and a folder's path in the options would make a copy
 * of the project elsewhere (or a kernel in a temporary folder) compile
 * everything again. A FILE that cannot be read stays an #include, which the
 * compiler reports, as does one in a folder whose path holds a quote or a
 * backslash (no #line can name it). The caller frees the result. */
static char *splice_includes(const char *path, const char *src, int depth)
{
    const char *slash = strrchr(path, '/');
    const int dir_len = slash ? (int)(slash - path) : 0;
    size_t cap = strlen(src) + 1, used = 0;
    char *out = clu_malloc(cap, "a kernel's source");
    int line = 1;
    for (const char *p = src; *p;) {
        const char *end = strchr(p, '\n');
        const size_t n = end ? (size_t)(end - p) + 1 : strlen(p);
        const char *q = p;
        while (q < p + n && (*q == ' ' || *q == '\t')) q++;
        char file[512] = "";
        if (depth < 8 && *q == '#') {
            q++;
            while (q < p + n && (*q == ' ' || *q == '\t')) q++;
            const char *open = NULL, *close = NULL;
            if (!strncmp(q, "include", 7) && (open = memchr(q + 7, '"', (size_t)(p + n - q) - 7)) &&
                (close = memchr(open + 1, '"', (size_t)(p + n - open) - 1)) && close - open - 1 > 0 &&
                close - open - 1 < (long)sizeof file)
                snprintf(file, sizeof file, "%.*s", (int)(close - open - 1), open + 1);
        }
        char *spliced = NULL;
        if (file[0] && !strstr(file, "..") && !strpbrk(path, "\"\\") && !strpbrk(file, "\"\\")) {
            char fpath[4800];
            snprintf(fpath, sizeof fpath, "%.*s%s%s", dir_len, path, slash ? "/" : "", file);
            struct stat st;
            if (stat(fpath, &st) == 0 && S_ISREG(st.st_mode)) {
                char *hsrc = clu_read_file(fpath, NULL);
                char *hbody = splice_includes(fpath, hsrc, depth + 1);
                free(hsrc);
                const size_t len = strlen(hbody) + strlen(fpath) + strlen(path) + 64;
                spliced = clu_malloc(len, "a kernel's source");
                snprintf(spliced, len, "#line 1 \"%s\"\n%s\n#line %d \"%s\"\n", fpath, hbody, line + 1, path);
                free(hbody);
            }
        }
        const size_t add = spliced ? strlen(spliced) : n;
        if (used + add + 1 > cap) {
            cap = (used + add + 1) * 2;
            out = realloc(out, cap);
            if (!out) clu_die("out of memory for a kernel's source");
        }
        memcpy(out + used, spliced ? spliced : p, add);
        used += add;
        free(spliced);
        p += n;
        line++;
    }
    out[used] = '\0';
    return out;
}

cl_program clu_build(clu_env *env, const char *name, const char *options)
{
    char *path = clu_kernel_path(name);
    if (!options) options = "";
    for (size_t i = 0; i < env->nbuilt; i++)
        if (!strcmp(env->built[i].path, path) && !strcmp(env->built[i].options, options)) {
            free(path);
            CLU_CHECK(clRetainProgram(env->built[i].prog));
            return env->built[i].prog;
        }
    size_t len;
    char *file_src = clu_read_file(path, NULL);
    char *src = splice_includes(path, file_src, 0);
    free(file_src);
    len = strlen(src);
    /* On PoCL a #line directive makes the build log name the real file, not
     * a temporary copy. Only there: NVIDIA's compiler ignores it. */
    char line[4200] = "";
    char *pname = info_string(env->platform, NULL, CL_PLATFORM_NAME);
    if (strstr(pname, "Portable Computing Language") && !strchr(path, '"'))
        snprintf(line, sizeof line, "#line 1 \"%s\"\n", path);
    free(pname);
    const char *srcs[] = {line, src};
    size_t lens[] = {strlen(line), len};
    cl_int err;
    cl_program prog = clCreateProgramWithSource(env->context, 2, srcs, lens, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    /* Some compilers print a summary ("1 error generated.") to our stderr:
     * the log has it all. */
    fflush(stderr);
    int saved = dup(2), devnull = open("/dev/null", O_WRONLY);
    if (saved >= 0 && devnull >= 0) dup2(devnull, 2);
    unsigned watchdog_left = clu_watchdog_pause(); /* a build is no kernel that never ends */
    err = clBuildProgram(prog, 1, &env->device, options, NULL, NULL);
    if (watchdog_left) alarm(watchdog_left);
    if (saved >= 0 && devnull >= 0) dup2(saved, 2);
    if (saved >= 0) close(saved);
    if (devnull >= 0) close(devnull);
    if (err != CL_SUCCESS) {
        fprintf(stderr, "error: kernel file %s did not build (options: '%s')\n", path,
                options ? options : "");
        print_log(prog, env->device, path);
        clu_fail(err, "clBuildProgram", __FILE__, __LINE__);
    }
    if (env->build_log) print_log(prog, env->device, path);
    free(src);
    if (env->nbuilt < sizeof env->built / sizeof env->built[0] && clRetainProgram(prog) == CL_SUCCESS) {
        env->built[env->nbuilt++] = (struct clu_built){path, strdup(options), prog};
        return prog;
    }
    free(path);
    return prog;
}

cl_kernel clu_kernel(cl_program program, const char *name)
{
    cl_int err;
    cl_kernel k = clCreateKernel(program, name, &err);
    if (err != CL_SUCCESS) {
        fprintf(stderr, "error: no kernel '%s' in the program\n", name);
        clu_fail(err, "clCreateKernel", __FILE__, __LINE__);
    }
    return k;
}

/* The most work-items per group that `kernel` can run with here. */
static size_t wg_limit(const clu_env *env, cl_kernel kernel, size_t *dev_max, size_t *k_max)
{
    *dev_max = *k_max = clu_device_size(env->device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    CLU_CHECK(clGetKernelWorkGroupInfo(kernel, env->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof *k_max,
                                       k_max, NULL));
    return *k_max < *dev_max ? *k_max : *dev_max;
}

void clu_check_wgsize(const clu_env *env, cl_kernel kernel, size_t wg)
{
    size_t dev_max, k_max, limit = wg_limit(env, kernel, &dev_max, &k_max);
    char name[128] = "";
    clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, sizeof name - 1, name, NULL);
    if (wg == 0 || wg > limit)
        clu_die("work-group size %zu is not possible for kernel %s here: at most %zu "
                "(CL_DEVICE_MAX_WORK_GROUP_SIZE %zu, CL_KERNEL_WORK_GROUP_SIZE %zu)",
                wg, name, limit, dev_max, k_max);
    cl_ulong local = 0, dev_local = clu_device_ulong(env->device, CL_DEVICE_LOCAL_MEM_SIZE);
    CLU_CHECK(clGetKernelWorkGroupInfo(kernel, env->device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local,
                                       &local, NULL));
    if (local > dev_local)
        clu_die("kernel %s needs %llu bytes of local memory per work-group with these sizes, the "
                "device has %llu (CL_DEVICE_LOCAL_MEM_SIZE): choose a smaller work-group or tile",
                name, (unsigned long long)local, (unsigned long long)dev_local);
}

size_t clu_default_wg(const clu_env *env, cl_kernel kernel, size_t cap)
{
    size_t dev_max, k_max, limit = wg_limit(env, kernel, &dev_max, &k_max), wg = 1;
    while (wg * 2 <= limit && (!cap || wg * 2 <= cap)) wg *= 2;
    return wg;
}

/* ---- sizes and memory ---------------------------------------------------- */

size_t clu_round_up(size_t n, size_t m)
{
    return (n + m - 1) / m * m;
}

size_t clu_bytes(size_t count, size_t size, const char *what)
{
    if (size != 0 && count > SIZE_MAX / size)
        clu_die("%s: %zu elements of %zu bytes do not fit in size_t", what, count, size);
    return count * size;
}

void *clu_malloc(size_t bytes, const char *what)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        clu_die("cannot allocate %zu bytes (%.2f GiB) of host memory for %s", bytes,
                (double)bytes / (1u << 30), what);
    return p;
}

void clu_check_alloc(const clu_env *env, size_t bytes, const char *what)
{
    cl_ulong max = clu_device_ulong(env->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    if ((cl_ulong)bytes > max)
        clu_die("%s needs %.2f GiB, but this device allows at most %.2f GiB per buffer "
                "(CL_DEVICE_MAX_MEM_ALLOC_SIZE)",
                what, (double)bytes / (1u << 30), (double)max / (1u << 30));
}

/* Host memory that can be had now without swapping: MemAvailable on Linux,
 * else all physical memory; 0 when nothing says. */
static double host_available(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (f) {
        char line[256];
        unsigned long long kib = 0;
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "MemAvailable: %llu kB", &kib) == 1) break;
        fclose(f);
        if (kib) return (double)kib * 1024.0;
    }
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (double)pages * (double)size : 0.0;
}

void clu_check_memory(const clu_env *env, size_t host_bytes, size_t device_bytes)
{
    const double GiB = 1024.0 * 1024.0 * 1024.0;
    double device = (double)clu_device_ulong(env->device, CL_DEVICE_GLOBAL_MEM_SIZE);
    cl_bool unified = CL_FALSE;
    clGetDeviceInfo(env->device, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified, NULL);
    int shared = unified || !clu_device_is_gpu(env->device);
    /* Leave a tenth of what is free for the driver, the compiler and the rest. */
    double host = 0.9 * host_available();
    double on_host = (double)host_bytes + (shared ? (double)device_bytes : 0.0);
    if ((double)device_bytes > device)
        clu_die("these sizes need %.2f GiB of device memory, the device has %.2f GiB "
                "(CL_DEVICE_GLOBAL_MEM_SIZE): choose smaller sizes",
                (double)device_bytes / GiB, device / GiB);
    if (host > 0 && on_host > host)
        clu_die("these sizes need %.2f GiB of host memory%s, but only %.2f GiB are free: choose "
                "smaller sizes", on_host / GiB, shared ? " (the device's buffers included: it "
                "shares the host's memory)" : "", host / 0.9 / GiB);
}

cl_mem clu_buffer(clu_env *env, cl_mem_flags flags, size_t bytes, const void *host, const char *what)
{
    clu_check_alloc(env, bytes, what);
    cl_int err;
    cl_mem buf = clCreateBuffer(env->context, flags, bytes ? bytes : 1, NULL, &err);
    if (err != CL_SUCCESS) fprintf(stderr, "error: cannot create the buffer for %s\n", what);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    if (host && bytes)
        CLU_CHECK(clEnqueueWriteBuffer(env->queue, buf, CL_TRUE, 0, bytes, host, 0, NULL, NULL));
    return buf;
}

void clu_read(clu_env *env, cl_mem buf, size_t bytes, void *host)
{
    clu_step(NULL); /* the kernels before this read get the watchdog's whole limit */
    CLU_CHECK(clEnqueueReadBuffer(env->queue, buf, CL_TRUE, 0, bytes, host, 0, NULL, NULL));
}
