/* clu.c -- implementation of the workbook's helper (see clu.h).
 *
 * Teaches, in passing: clGetPlatformIDs, clGetDeviceIDs, clGetDeviceInfo,
 * clCreateContext, clCreateCommandQueue, clCreateProgramWithSource,
 * clBuildProgram, clGetProgramBuildInfo, clGetEventProfilingInfo.
 */
#define _POSIX_C_SOURCE 200809L
#include "clu.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#ifndef CLU_KERNEL_DIR
#define CLU_KERNEL_DIR "kernels"
#endif

/* Remembered for hints: the device in use and the last kernel created. */
static cl_device_id clu_hint_device;
static cl_kernel clu_hint_kernel;

/* ---- errors ------------------------------------------------------------ */

// snippet: error-names
const char *clu_error_name(cl_int err)
{
    switch (err) {
#define N(code) case code: return #code;
    N(CL_SUCCESS)
    N(CL_DEVICE_NOT_FOUND)
    N(CL_DEVICE_NOT_AVAILABLE)
    N(CL_COMPILER_NOT_AVAILABLE)
    N(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    N(CL_OUT_OF_RESOURCES)
    N(CL_OUT_OF_HOST_MEMORY)
    N(CL_PROFILING_INFO_NOT_AVAILABLE)
    N(CL_MEM_COPY_OVERLAP)
    N(CL_IMAGE_FORMAT_MISMATCH)
    N(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    N(CL_BUILD_PROGRAM_FAILURE)
    N(CL_MAP_FAILURE)
#ifdef CL_VERSION_1_1
    N(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    N(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
#endif
#ifdef CL_VERSION_1_2
    N(CL_COMPILE_PROGRAM_FAILURE)
    N(CL_LINKER_NOT_AVAILABLE)
    N(CL_LINK_PROGRAM_FAILURE)
    N(CL_DEVICE_PARTITION_FAILED)
    N(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
#endif
    N(CL_INVALID_VALUE)
    N(CL_INVALID_DEVICE_TYPE)
    N(CL_INVALID_PLATFORM)
    N(CL_INVALID_DEVICE)
    N(CL_INVALID_CONTEXT)
    N(CL_INVALID_QUEUE_PROPERTIES)
    N(CL_INVALID_COMMAND_QUEUE)
    N(CL_INVALID_HOST_PTR)
    N(CL_INVALID_MEM_OBJECT)
    N(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    N(CL_INVALID_IMAGE_SIZE)
    N(CL_INVALID_SAMPLER)
    N(CL_INVALID_BINARY)
    N(CL_INVALID_BUILD_OPTIONS)
    N(CL_INVALID_PROGRAM)
    N(CL_INVALID_PROGRAM_EXECUTABLE)
    N(CL_INVALID_KERNEL_NAME)
    N(CL_INVALID_KERNEL_DEFINITION)
    N(CL_INVALID_KERNEL)
    N(CL_INVALID_ARG_INDEX)
    N(CL_INVALID_ARG_VALUE)
    N(CL_INVALID_ARG_SIZE)
    N(CL_INVALID_KERNEL_ARGS)
    N(CL_INVALID_WORK_DIMENSION)
    N(CL_INVALID_WORK_GROUP_SIZE)
    N(CL_INVALID_WORK_ITEM_SIZE)
    N(CL_INVALID_GLOBAL_OFFSET)
    N(CL_INVALID_EVENT_WAIT_LIST)
    N(CL_INVALID_EVENT)
    N(CL_INVALID_OPERATION)
    N(CL_INVALID_GL_OBJECT)
    N(CL_INVALID_BUFFER_SIZE)
    N(CL_INVALID_MIP_LEVEL)
    N(CL_INVALID_GLOBAL_WORK_SIZE)
#ifdef CL_VERSION_1_1
    N(CL_INVALID_PROPERTY)
#endif
#ifdef CL_VERSION_1_2
    N(CL_INVALID_IMAGE_DESCRIPTOR)
    N(CL_INVALID_COMPILER_OPTIONS)
    N(CL_INVALID_LINKER_OPTIONS)
    N(CL_INVALID_DEVICE_PARTITION_COUNT)
#endif
#ifdef CL_VERSION_2_0
    N(CL_INVALID_PIPE_SIZE)
    N(CL_INVALID_DEVICE_QUEUE)
#endif
#ifdef CL_VERSION_2_2
    N(CL_INVALID_SPEC_ID)
    N(CL_MAX_SIZE_RESTRICTION_EXCEEDED)
#endif
    N(CL_PLATFORM_NOT_FOUND_KHR)
#undef N
    default: return "unknown OpenCL error";
    }
}
// end snippet error-names

static void clu_print_wg_limits(FILE *out)
{
    if (!clu_hint_device) return;
    size_t dev_max = 0, dims[3] = {0, 0, 0};
    clGetDeviceInfo(clu_hint_device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof dev_max, &dev_max, NULL);
    clGetDeviceInfo(clu_hint_device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof dims, dims, NULL);
    fprintf(out, "  device limit: %zu work-items per group (CL_DEVICE_MAX_WORK_GROUP_SIZE), "
                 "per dimension %zu x %zu x %zu\n", dev_max, dims[0], dims[1], dims[2]);
    if (clu_hint_kernel) {
        size_t k_max = 0;
        if (clGetKernelWorkGroupInfo(clu_hint_kernel, clu_hint_device, CL_KERNEL_WORK_GROUP_SIZE,
                                     sizeof k_max, &k_max, NULL) == CL_SUCCESS)
            fprintf(out, "  kernel limit: %zu work-items per group (CL_KERNEL_WORK_GROUP_SIZE)\n", k_max);
    }
}

const char *clu_error_hint(cl_int err)
{
    switch (err) {
    case CL_INVALID_WORK_GROUP_SIZE:
        return "the local size is larger than the device or kernel allows, or does not "
               "divide the global size (required before OpenCL 2.0)";
    case CL_INVALID_KERNEL_ARGS:
        return "an argument was never set: call clSetKernelArg for every index before enqueueing";
    case CL_INVALID_ARG_SIZE:
        return "the size passed to clSetKernelArg does not match the kernel's parameter type";
    case CL_INVALID_ARG_INDEX:
        return "the kernel has fewer parameters than this index";
    case CL_INVALID_KERNEL_NAME:
        return "no __kernel function of this name in the program: check the spelling";
    case CL_BUILD_PROGRAM_FAILURE:
        return "the kernel did not compile: read the build log";
    case CL_INVALID_BUFFER_SIZE:
        return "a buffer of size 0, or larger than CL_DEVICE_MAX_MEM_ALLOC_SIZE";
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_OUT_OF_RESOURCES:
        return "the device ran out of memory or registers, or a kernel crashed "
               "(an out-of-bounds access is the usual cause): run it under Oclgrind";
    case CL_INVALID_COMMAND_QUEUE:
        return "the queue is dead, usually because an earlier kernel faulted: "
               "run the program under Oclgrind to find the bad access";
    case CL_DEVICE_NOT_FOUND:
        return "no device of the requested type: list them with --list";
    case CL_PLATFORM_NOT_FOUND_KHR:
        return "no OpenCL platform is installed: run `make doctor`";
    case CL_DEVICE_NOT_AVAILABLE:
        return "the device exists but is busy or switched off (another process, a reset GPU)";
    case CL_COMPILER_NOT_AVAILABLE:
        return "this platform cannot compile OpenCL C from source";
    case CL_OUT_OF_HOST_MEMORY:
        return "the driver could not allocate host memory";
    case CL_MAP_FAILURE:
        return "a buffer could not be mapped into host memory";
    case CL_INVALID_VALUE:
        return "an argument is out of range: a size of 0, a NULL pointer, a flag not allowed here";
    case CL_INVALID_CONTEXT:
        return "the objects passed belong to different contexts, or the context was released";
    case CL_INVALID_HOST_PTR:
        return "host_ptr must be given with CL_MEM_USE/COPY_HOST_PTR and NULL otherwise";
    case CL_INVALID_MEM_OBJECT:
        return "not a live buffer: released already, or a value passed where a cl_mem belongs";
    case CL_INVALID_BUILD_OPTIONS:
        return "the compiler does not know one of the build options (vendor options such as "
               "-cl-nv-verbose work only on their vendor's platform)";
    case CL_INVALID_PROGRAM_EXECUTABLE:
        return "the program was not built (successfully) for this device";
    case CL_INVALID_WORK_DIMENSION:
        return "work_dim must be 1, 2 or 3";
    case CL_INVALID_WORK_ITEM_SIZE:
        return "one dimension of the local size exceeds CL_DEVICE_MAX_WORK_ITEM_SIZES";
    case CL_INVALID_GLOBAL_WORK_SIZE:
        return "a global size of 0, or larger than the device can address";
    case CL_INVALID_GLOBAL_OFFSET:
        return "global offset plus global size exceeds what the device can address";
    case CL_INVALID_EVENT_WAIT_LIST:
        return "num_events and event_wait_list disagree, or an event is not valid";
    case CL_INVALID_OPERATION:
        return "not allowed in this state (for example a kernel without a built program)";
    case CL_MISALIGNED_SUB_BUFFER_OFFSET:
        return "a sub-buffer's origin must be a multiple of CL_DEVICE_MEM_BASE_ADDR_ALIGN";
    case CL_INVALID_KERNEL_DEFINITION:
        return "the kernel's signature differs between the devices it was built for";
    case CL_PROFILING_INFO_NOT_AVAILABLE:
        return "the queue needs CL_QUEUE_PROFILING_ENABLE and the event must be complete";
    default:
        return NULL;
    }
}

// snippet: clu-fail
void clu_report(cl_int err, const char *call, const char *file, int line)
{
    fprintf(stderr, "%s:%d: %s: %s (%d)\n", file, line, call, clu_error_name(err), (int)err);
    const char *hint = clu_error_hint(err);
    if (hint) fprintf(stderr, "  hint: %s\n", hint);
    if (err == CL_INVALID_WORK_GROUP_SIZE) clu_print_wg_limits(stderr);
}

void clu_fail(cl_int err, const char *call, const char *file, int line)
{
    clu_report(err, call, file, line);
    exit(2);
}
// end snippet clu-fail

void clu_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

/* ---- options ----------------------------------------------------------- */

size_t clu_parse_size(const char *flag, const char *text, size_t min, size_t max)
{
    const char *p = text;
    if (*p == '\0') clu_die("%s needs a number, got an empty string", flag);
    for (; *p; p++)
        if (*p < '0' || *p > '9')
            clu_die("%s: '%s' is not a whole number >= 0 (digits only)", flag, text);
    errno = 0;
    unsigned long long v = strtoull(text, NULL, 10);
    if (errno == ERANGE || v > (unsigned long long)SIZE_MAX || (size_t)v > max)
        clu_die("%s: %s is too large (at most %zu)", flag, text, max);
    if ((size_t)v < min) clu_die("%s: %s is too small (at least %zu)", flag, text, min);
    return (size_t)v;
}

static void clu_usage(FILE *out, const char *prog, const char *purpose,
                      const clu_option *opts, size_t nopts)
{
    fprintf(out, "%s -- %s\n\nusage: %s [options]\n\n", prog, purpose, prog);
    for (size_t i = 0; i < nopts; i++) {
        char left[40];
        snprintf(left, sizeof left, "%s %s", opts[i].flag, opts[i].metavar ? opts[i].metavar : "");
        fprintf(out, "  %-14s %s", left, opts[i].help);
        if (opts[i].kind == CLU_OPT_SIZE)
            fprintf(out, " (default %zu, %zu..%zu)", *(size_t *)opts[i].dest, opts[i].min, opts[i].max);
        else if (opts[i].kind == CLU_OPT_STRING && *(const char **)opts[i].dest)
            fprintf(out, " (default %s)", *(const char **)opts[i].dest);
        fputc('\n', out);
    }
    fprintf(out, "  %-14s %s\n", "-p PLATFORM", "platform by index or name part (env CLU_PLATFORM)");
    fprintf(out, "  %-14s %s\n", "-d DEVICE", "device by index or name part (env CLU_DEVICE)");
    fprintf(out, "  %-14s %s\n", "--list", "list platforms and devices, then exit");
    fprintf(out, "  %-14s %s\n", "--build-log", "print the kernel build log even on success");
    fprintf(out, "  %-14s %s\n", "-h, --help", "this help");
    fprintf(out, "\nexit status: 0 verified, 1 wrong result, 2 could not run\n");
}

void clu_parse_args(int argc, char **argv, const char *purpose,
                    const clu_option *opts, size_t nopts, clu_common *common)
{
    const char *prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    common->platform = getenv("CLU_PLATFORM");
    common->device = getenv("CLU_DEVICE");
    common->build_log = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            clu_usage(stdout, prog, purpose, opts, nopts);
            exit(0);
        }
        if (!strcmp(a, "--list")) {
            clu_list_devices();
            exit(0);
        }
        if (!strcmp(a, "--build-log")) {
            common->build_log = 1;
            continue;
        }
        if (!strcmp(a, "-p") || !strcmp(a, "-d")) {
            if (i + 1 >= argc) clu_die("%s needs a value (try --list)", a);
            if (a[1] == 'p') common->platform = argv[++i];
            else common->device = argv[++i];
            continue;
        }
        size_t k = 0;
        while (k < nopts && strcmp(a, opts[k].flag) != 0) k++;
        if (k == nopts) clu_die("unknown option '%s' (see %s --help)", a, prog);
        const clu_option *o = &opts[k];
        if (o->kind == CLU_OPT_FLAG) {
            *(int *)o->dest = 1;
            continue;
        }
        if (i + 1 >= argc) clu_die("%s needs a value: %s %s", a, a, o->metavar);
        const char *v = argv[++i];
        if (o->kind == CLU_OPT_SIZE)
            *(size_t *)o->dest = clu_parse_size(a, v, o->min, o->max);
        else
            *(const char **)o->dest = v;
    }
}

/* ---- device choice ------------------------------------------------------- */

char *clu_device_string(cl_device_id dev, cl_device_info what)
{
    size_t n = 0;
    CLU_CHECK(clGetDeviceInfo(dev, what, 0, NULL, &n));
    char *s = malloc(n + 1);
    if (!s) clu_die("out of host memory");
    CLU_CHECK(clGetDeviceInfo(dev, what, n, s, NULL));
    s[n] = '\0';
    return s;
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

static char *clu_platform_string(cl_platform_id p, cl_platform_info what)
{
    size_t n = 0;
    CLU_CHECK(clGetPlatformInfo(p, what, 0, NULL, &n));
    char *s = malloc(n + 1);
    if (!s) clu_die("out of host memory");
    CLU_CHECK(clGetPlatformInfo(p, what, n, s, NULL));
    s[n] = '\0';
    return s;
}

static void clu_no_platform(void)
{
    fprintf(stderr,
            "error: no OpenCL platform found.\n"
            "  An OpenCL program needs a driver (an ICD) registered in /etc/OpenCL/vendors.\n"
            "  For the CPU:     sudo apt-get install pocl-opencl-icd\n"
            "  For a GPU:       install the vendor's driver (NVIDIA, AMD ROCm, Intel compute-runtime)\n"
            "  To find out why: make doctor\n");
    exit(2);
}

/* Platforms and devices, or exit(2) if there are none. Caller frees. */
static cl_uint clu_platforms(cl_platform_id **out)
{
    cl_uint n = 0;
    cl_int err = clGetPlatformIDs(0, NULL, &n);
    if (err == CL_PLATFORM_NOT_FOUND_KHR || (err == CL_SUCCESS && n == 0)) clu_no_platform();
    CLU_CHECK_ERR(err, "clGetPlatformIDs");
    *out = malloc(n * sizeof **out);
    if (!*out) clu_die("out of host memory");
    CLU_CHECK(clGetPlatformIDs(n, *out, NULL));
    return n;
}

static cl_uint clu_devices(cl_platform_id p, cl_device_id **out)
{
    cl_uint n = 0;
    cl_int err = clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, NULL, &n);
    if (err == CL_DEVICE_NOT_FOUND || n == 0) {
        *out = NULL;
        return 0;
    }
    CLU_CHECK_ERR(err, "clGetDeviceIDs");
    *out = malloc(n * sizeof **out);
    if (!*out) clu_die("out of host memory");
    CLU_CHECK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, n, *out, NULL));
    return n;
}

void clu_list_devices(void)
{
    cl_platform_id *plats;
    cl_uint np = clu_platforms(&plats);
    for (cl_uint p = 0; p < np; p++) {
        char *name = clu_platform_string(plats[p], CL_PLATFORM_NAME);
        char *ver = clu_platform_string(plats[p], CL_PLATFORM_VERSION);
        printf("platform %u: %s (%s)\n", p, name, ver);
        free(name);
        free(ver);
        cl_device_id *devs;
        cl_uint nd = clu_devices(plats[p], &devs);
        if (nd == 0) printf("  (no devices)\n");
        for (cl_uint d = 0; d < nd; d++) {
            char *dn = clu_device_string(devs[d], CL_DEVICE_NAME);
            char *dv = clu_device_string(devs[d], CL_DRIVER_VERSION);
            printf("  device %u: %s [%s] driver %s, %u compute units, %.1f GiB\n", d, dn,
                   clu_device_is_gpu(devs[d]) ? "GPU" : "not a GPU", dv,
                   (unsigned)clu_device_ulong(devs[d], CL_DEVICE_MAX_COMPUTE_UNITS) ,
                   (double)clu_device_ulong(devs[d], CL_DEVICE_GLOBAL_MEM_SIZE) / (1u << 30));
            free(dn);
            free(dv);
        }
        free(devs);
    }
    free(plats);
}

/* Does `want` (an index or a name part, case-insensitive) select item i? */
static int clu_matches(const char *want, cl_uint i, const char *name)
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

// snippet: choose-device
/* The default prefers a GPU: go through every platform's devices and take
 * the first GPU, else the first device at all. -p and -d narrow the search. */
static void clu_choose(const clu_common *c, cl_platform_id *plat, cl_device_id *dev)
{
    cl_platform_id *plats;
    cl_uint np = clu_platforms(&plats);
    int found = 0, found_gpu = 0, any_platform = 0;
    for (cl_uint p = 0; p < np && !found_gpu; p++) {
        char *pname = clu_platform_string(plats[p], CL_PLATFORM_NAME);
        int pm = clu_matches(c->platform, p, pname);
        free(pname);
        if (!pm) continue;
        any_platform = 1;
        cl_device_id *devs;
        cl_uint nd = clu_devices(plats[p], &devs);
        for (cl_uint d = 0; d < nd && !found_gpu; d++) {
            char *dname = clu_device_string(devs[d], CL_DEVICE_NAME);
            int dm = clu_matches(c->device, d, dname);
            free(dname);
            if (!dm) continue;
            int gpu = clu_device_is_gpu(devs[d]);
            if (!found || (gpu && !found_gpu)) {
                *plat = plats[p];
                *dev = devs[d];
                found = 1;
                found_gpu = gpu;
            }
            if (c->device) found_gpu = 1; /* an explicit choice: take the first match */
        }
        free(devs);
    }
    free(plats);
    if (!any_platform) clu_die("no platform matches -p '%s' (see --list)", c->platform);
    if (!found)
        clu_die("no device matches -d '%s'%s (see --list)", c->device ? c->device : "(any)",
                c->platform ? " on the chosen platform" : "");
}
// end snippet choose-device

void clu_setup(clu_env *env, const clu_common *c)
{
    memset(env, 0, sizeof *env);
    env->build_log = c->build_log;
    clu_choose(c, &env->platform, &env->device);
    clu_hint_device = env->device;

    char *pname = clu_platform_string(env->platform, CL_PLATFORM_NAME);
    char *dname = clu_device_string(env->device, CL_DEVICE_NAME);
    char *drv = clu_device_string(env->device, CL_DRIVER_VERSION);
    char *ver = clu_device_string(env->device, CL_DEVICE_VERSION);
    printf("platform: %s\n", pname);
    printf("device:   %s (%s, driver %s, %s)\n", dname,
           clu_device_is_gpu(env->device) ? "GPU" : "not a GPU", drv, ver);
    free(pname);
    free(dname);
    free(drv);
    free(ver);

    // snippet: context-queue
    cl_int err;
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)env->platform, 0};
    env->context = clCreateContext(props, 1, &env->device, NULL, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateContext");
    /* Profiling lets us ask each event when it started and ended. */
    env->queue = clCreateCommandQueue(env->context, env->device, CL_QUEUE_PROFILING_ENABLE, &err);
    CLU_CHECK_ERR(err, "clCreateCommandQueue");
    // end snippet context-queue
}

void clu_teardown(clu_env *env)
{
    if (env->queue) clReleaseCommandQueue(env->queue);
    if (env->context) clReleaseContext(env->context);
    env->queue = NULL;
    env->context = NULL;
    clu_hint_device = NULL;
    clu_hint_kernel = NULL;
}

/* ---- programs ------------------------------------------------------------ */

char *clu_read_file(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    if (!f) clu_die("cannot open '%s': %s", path, strerror(errno));
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf) clu_die("out of host memory");
    for (;;) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (ferror(f)) clu_die("cannot read '%s': %s", path, strerror(errno));
        if (feof(f)) break;
        if (n + 1 == cap) {
            cap *= 2;
            char *nb = realloc(buf, cap);
            if (!nb) clu_die("out of host memory");
            buf = nb;
        }
    }
    fclose(f);
    buf[n] = '\0';
    if (length) *length = n;
    return buf;
}

static char *clu_join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *s = malloc(n);
    if (!s) clu_die("out of host memory");
    snprintf(s, n, "%s/%s", dir, name);
    return s;
}

// snippet: kernel-path
/* Kernels are found relative to the program, never to the working directory,
 * so a lesson runs from anywhere. */
char *clu_kernel_path(const char *name)
{
    if (strchr(name, '/')) {
        if (access(name, R_OK) != 0) clu_die("kernel file '%s' not found", name);
        char *copy = strdup(name);
        if (!copy) clu_die("out of host memory");
        return copy;
    }
    char exe_dir[4096] = "";
    ssize_t len = readlink("/proc/self/exe", exe_dir, sizeof exe_dir - 1);
    if (len > 0) {
        exe_dir[len] = '\0';
        char *slash = strrchr(exe_dir, '/');
        if (slash) *slash = '\0';
    }
    char from_exe[4200];
    snprintf(from_exe, sizeof from_exe, "%s/../kernels", exe_dir);
    const char *env_dir = getenv("CLU_KERNEL_DIR");
    const char *dirs[] = {env_dir, len > 0 ? from_exe : NULL, CLU_KERNEL_DIR};
    /* When CLU_KERNEL_DIR is set it is the only place searched. */
    size_t ndirs = env_dir ? 1 : sizeof dirs / sizeof dirs[0];
    for (size_t i = 0; i < ndirs; i++) {
        if (!dirs[i]) continue;
        char *p = clu_join(dirs[i], name);
        if (access(p, R_OK) == 0) return p;
        free(p);
    }
    if (env_dir) clu_die("kernel file '%s' not found in $CLU_KERNEL_DIR (%s)", name, env_dir);
    clu_die("kernel file '%s' not found in %s or %s (set CLU_KERNEL_DIR to look elsewhere)", name,
            len > 0 ? from_exe : "(no exe path)", CLU_KERNEL_DIR);
}
// end snippet kernel-path

static void clu_print_log(cl_program prog, cl_device_id dev, const char *path)
{
    size_t n = 0;
    if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) != CL_SUCCESS) return;
    char *log = malloc(n + 1);
    if (!log) return;
    if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, n, log, NULL) == CL_SUCCESS) {
        log[n] = '\0';
        /* trim trailing blank lines so an empty log prints as empty */
        while (n > 0 && (log[n - 1] == '\n' || log[n - 1] == '\0' || log[n - 1] == ' ')) log[--n] = '\0';
        fprintf(stderr, "---- build log for %s ----\n%s\n---- end of build log ----\n", path,
                n ? log : "(empty)");
    }
    free(log);
}

// snippet: build-program
cl_program clu_build(clu_env *env, const char *name, const char *options)
{
    char *path = clu_kernel_path(name);
    size_t len;
    char *src = clu_read_file(path, &len);
    /* On PoCL, a #line directive makes the build log name the real file
     * rather than a temporary copy. Only there: NVIDIA's compiler ignores it
     * (and would count it as line 1), and Oclgrind would print each report's
     * source line one line early. */
    char line[4200] = "";
    char *pname = clu_platform_string(env->platform, CL_PLATFORM_NAME);
    if (strstr(pname, "Portable Computing Language"))
        snprintf(line, sizeof line, "#line 1 \"%s\"\n", path);
    free(pname);
    const char *srcs[] = {line, src};
    size_t lens[] = {strlen(line), len};
    cl_int err;
    cl_program prog = clCreateProgramWithSource(env->context, 2, srcs, lens, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");

    /* -I lets a kernel #include a header that sits beside it. */
    char *dir = strdup(path);
    if (!dir) clu_die("out of host memory");
    char *slash = strrchr(dir, '/');
    if (slash) *slash = '\0';
    size_t olen = strlen(dir) + (options ? strlen(options) : 0) + 8;
    char *opts = malloc(olen);
    if (!opts) clu_die("out of host memory");
    snprintf(opts, olen, "-I %s %s", dir, options ? options : "");

    err = clBuildProgram(prog, 1, &env->device, opts, NULL, NULL);
    if (err != CL_SUCCESS) {
        fprintf(stderr, "error: kernel file %s did not build (options: %s)\n", path, opts);
        clu_print_log(prog, env->device, path);
        clu_fail(err, "clBuildProgram", __FILE__, __LINE__);
    }
    if (env->build_log) clu_print_log(prog, env->device, path);
    free(opts);
    free(dir);
    free(src);
    free(path);
    return prog;
}
// end snippet build-program

cl_kernel clu_kernel(cl_program program, const char *name)
{
    cl_int err;
    cl_kernel k = clCreateKernel(program, name, &err);
    if (err != CL_SUCCESS) {
        fprintf(stderr, "error: no kernel '%s' in the program\n", name);
        clu_fail(err, "clCreateKernel", __FILE__, __LINE__);
    }
    clu_hint_kernel = k;
    return k;
}

void clu_check_wgsize(const clu_env *env, cl_kernel kernel, size_t wg)
{
    size_t dev_max = clu_device_size(env->device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    size_t dims[3] = {0, 0, 0};
    CLU_CHECK(clGetDeviceInfo(env->device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof dims, dims, NULL));
    size_t k_max = dev_max;
    CLU_CHECK(clGetKernelWorkGroupInfo(kernel, env->device, CL_KERNEL_WORK_GROUP_SIZE,
                                       sizeof k_max, &k_max, NULL));
    size_t limit = dev_max < dims[0] ? dev_max : dims[0];
    if (k_max < limit) limit = k_max;
    if (wg == 0 || wg > limit)
        clu_die("work-group size %zu is not possible here: the device allows %zu "
                "(CL_DEVICE_MAX_WORK_GROUP_SIZE %zu, first dimension %zu), this kernel %zu",
                wg, limit, dev_max, dims[0], k_max);
}

size_t clu_round_up(size_t n, size_t m)
{
    return (n + m - 1) / m * m;
}

/* ---- sizes and memory ---------------------------------------------------- */

size_t clu_bytes(size_t count, size_t size, const char *what)
{
    if (size != 0 && count > SIZE_MAX / size)
        clu_die("%s: %zu elements of %zu bytes do not fit in size_t", what, count, size);
    return count * size;
}

void *clu_malloc(size_t bytes, const char *what)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) clu_die("cannot allocate %zu bytes (%.2f GiB) of host memory for %s", bytes,
                    (double)bytes / (1u << 30), what);
    return p;
}

void clu_check_alloc(const clu_env *env, size_t bytes, const char *what)
{
    cl_ulong max = clu_device_ulong(env->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    if ((cl_ulong)bytes > max)
        clu_die("%s needs %.2f GiB, but this device allows at most %.2f GiB per buffer "
                "(CL_DEVICE_MAX_MEM_ALLOC_SIZE)", what, (double)bytes / (1u << 30), (double)max / (1u << 30));
}

void clu_check_local_mem(const clu_env *env, size_t bytes, const char *what)
{
    cl_ulong max = clu_device_ulong(env->device, CL_DEVICE_LOCAL_MEM_SIZE);
    if ((cl_ulong)bytes > max)
        clu_die("%s needs %zu bytes of local memory per work-group, but this device has %llu "
                "(CL_DEVICE_LOCAL_MEM_SIZE)", what, bytes, (unsigned long long)max);
}

/* ---- timing ---------------------------------------------------------------- */

// snippet: event-ms
double clu_event_ms(cl_event ev)
{
    cl_ulong start = 0, end = 0; /* nanoseconds on the device's clock */
    CLU_CHECK(clWaitForEvents(1, &ev));
    CLU_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
    CLU_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
    return (double)(end - start) * 1e-6;
}
// end snippet event-ms

double clu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- data and verification ---------------------------------------------- */

/* splitmix64: tiny, seedable, identical on every platform. */
static uint64_t clu_next(uint64_t *s)
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
        double u = (double)(clu_next(&s) >> 11) * (1.0 / 9007199254740992.0);
        data[i] = (float)(lo + (hi - lo) * u);
    }
}

void clu_fill_random_int(int *data, size_t n, uint64_t seed, int lo, int hi)
{
    uint64_t s = seed;
    uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo) + 1;
    for (size_t i = 0; i < n; i++) data[i] = (int)((int64_t)lo + (int64_t)(clu_next(&s) % span));
}

// snippet: verify-sum
size_t clu_verify_sum(const char *what, const float *got, const double *ref,
                      const double *absref, size_t n, size_t terms)
{
    const double u = 1.0 / 16777216.0; /* 2^-24: float's unit roundoff */
    size_t bad = 0;
    double worst = 0.0, worst_bound = 0.0, worst_ratio = -1.0;
    for (size_t i = 0; i < n; i++) {
        double bound = (double)(terms + 1) * u * absref[i] + 1e-30;
        double e = fabs((double)got[i] - ref[i]);
        if (!(e <= bound)) { /* also catches NaN */
            if (bad < 5)
                fprintf(stderr, "  mismatch at %zu: got %.9g, expected %.9g (error %.3g > bound %.3g)\n",
                        i, (double)got[i], ref[i], e, bound);
            bad++;
        }
        double ratio = e == e ? e / bound : INFINITY; /* NaN is the worst */
        if (ratio > worst_ratio) {
            worst_ratio = ratio;
            worst = e;
            worst_bound = bound;
        }
    }
    printf("verified %s: %zu values against the C reference, worst error %.3g (bound %.3g): %s\n",
           what, n, worst, worst_bound, bad ? "FAILED" : "ok");
    if (bad) fprintf(stderr, "error: %zu of %zu values of %s are wrong\n", bad, n, what);
    return bad;
}
// end snippet verify-sum

size_t clu_verify_int(const char *what, const int *got, const int *ref, size_t n)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (got[i] != ref[i]) {
            if (bad < 5) fprintf(stderr, "  mismatch at %zu: got %d, expected %d\n", i, got[i], ref[i]);
            bad++;
        }
    }
    printf("verified %s: %zu values against the C reference, exact: %s\n", what, n, bad ? "FAILED" : "ok");
    if (bad) fprintf(stderr, "error: %zu of %zu values of %s are wrong\n", bad, n, what);
    return bad;
}
