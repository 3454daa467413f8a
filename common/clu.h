/* clu.h -- the workbook's one small OpenCL helper, shared by every lesson.
 *
 * What it gives a lesson:
 *   - CLU_CHECK / CLU_CHECK_ERR: error checks that always print the call, the
 *     error's name, file:line and a hint, then exit with status 2;
 *   - clu_error_name(): the name of every error code through OpenCL 3.0;
 *   - clu_parse_args(): strict option parsing (-p, -d, --list, --build-log, -h
 *     for free) with a one-line message and exit status 2 on bad input;
 *   - clu_setup(): platform, device, context and a profiling queue;
 *   - clu_build(): a program from a file in kernels/, with its build log;
 *   - clu_event_ms(), clu_now(): event and wall-clock timing;
 *   - clu_fill_random(), clu_verify_*(): seeded input and checked results.
 *
 * Exit statuses used throughout the workbook:
 *   0  the program ran and its result matched the C reference;
 *   1  the program ran and its result was WRONG;
 *   2  it could not run: bad option, missing file, build failure, an OpenCL
 *      error, no platform. The message says which.
 */
#ifndef CLU_H
#define CLU_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS /* clCreateCommandQueue: runs everywhere */
#include <CL/cl.h>

/* Returned by the ICD loader when no platform is registered (cl_khr_icd). */
#ifndef CL_PLATFORM_NOT_FOUND_KHR
#define CL_PLATFORM_NOT_FOUND_KHR -1001
#endif

#include <stddef.h>
#include <stdint.h>

/* ---- errors ------------------------------------------------------------ */

/* "CL_INVALID_WORK_GROUP_SIZE" for -54; "unknown OpenCL error" otherwise. */
const char *clu_error_name(cl_int err);

/* A one-line hint for the errors students meet most, or NULL. */
const char *clu_error_hint(cl_int err);

/* Print "file:line: call: NAME (code)" and a hint to stderr. */
void clu_report(cl_int err, const char *call, const char *file, int line);
/* The same, then exit(2): what CLU_CHECK calls. */
void clu_fail(cl_int err, const char *call, const char *file, int line);

/* For calls that return a cl_int. */
#define CLU_CHECK(call)                                          \
    do {                                                         \
        cl_int clu_err_ = (call);                                \
        if (clu_err_ != CL_SUCCESS)                              \
            clu_fail(clu_err_, #call, __FILE__, __LINE__);       \
    } while (0)

/* For calls that report through an out-parameter: pass the same variable. */
#define CLU_CHECK_ERR(err, what)                                 \
    do {                                                         \
        if ((err) != CL_SUCCESS)                                 \
            clu_fail((err), (what), __FILE__, __LINE__);         \
    } while (0)

/* Print "error: ..." to stderr and exit(2): for input the program refuses. */
void clu_die(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

/* ---- options ----------------------------------------------------------- */

typedef enum { CLU_OPT_SIZE, CLU_OPT_STRING, CLU_OPT_FLAG } clu_opt_kind;

/* One command-line option of a lesson. A lesson lists its options in a table
 * and clu_parse_args() fills the destinations. */
typedef struct {
    const char *flag;     /* "-x" */
    const char *metavar;  /* "X" shown in the usage, NULL for flags */
    const char *help;     /* one line */
    clu_opt_kind kind;
    void *dest;           /* size_t*, const char**, or int* */
    size_t min, max;      /* accepted range for CLU_OPT_SIZE */
} clu_option;

/* Options every program understands. */
typedef struct {
    const char *platform; /* -p: index or name substring, or NULL */
    const char *device;   /* -d: index or name substring, or NULL */
    int build_log;        /* --build-log: show the log on success too */
} clu_common;

/* Parse argv. Handles -h/--help and --list itself (print, exit 0).
 * Bad flags, missing values and out-of-range numbers exit(2) with one line.
 * CLU_PLATFORM and CLU_DEVICE in the environment preset -p and -d. */
void clu_parse_args(int argc, char **argv, const char *purpose,
                    const clu_option *opts, size_t nopts, clu_common *common);

/* Strict size parsing: digits only, within [min, max]; exit(2) otherwise. */
size_t clu_parse_size(const char *flag, const char *text, size_t min, size_t max);

/* ---- device choice and set-up -------------------------------------------- */

typedef struct {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue; /* in order, with profiling enabled */
    int build_log;
} clu_env;

/* Choose platform and device (default: the first GPU, else the first device),
 * print them, create context and queue. No platform: explain and exit(2). */
void clu_setup(clu_env *env, const clu_common *common);
void clu_teardown(clu_env *env);

/* Print every platform and device with an index for -p and -d. */
void clu_list_devices(void);

/* ---- programs and kernels ------------------------------------------------ */

/* Full path of a file in kernels/: only in $CLU_KERNEL_DIR when that is set,
 * else in the kernels/ beside the program's build folder, then in the
 * project's kernels/ compiled in. Missing: say where it looked, exit(2). */
char *clu_kernel_path(const char *name);

/* Read a whole text file; exit(2) with a message if it cannot. */
char *clu_read_file(const char *path, size_t *length);

/* Build a program from kernels/NAME (or from a path containing '/') with the
 * given options. Failure: print the build log and exit(2). With --build-log,
 * print the log on success too. */
cl_program clu_build(clu_env *env, const char *name, const char *options);

/* Create a kernel and remember it so error hints can name its limits. */
cl_kernel clu_kernel(cl_program program, const char *name);

/* Refuse a work-group size the device or the kernel cannot run: exit(2)
 * with the limits in the message. */
void clu_check_wgsize(const clu_env *env, cl_kernel kernel, size_t wg);

/* Round n up to a multiple of m. */
size_t clu_round_up(size_t n, size_t m);

/* ---- sizes and memory, checked ------------------------------------------- */

/* count * size in bytes; if the product overflows size_t, exit(2) naming
 * `what` ("matrix A"). */
size_t clu_bytes(size_t count, size_t size, const char *what);
/* malloc that never returns NULL: exit(2) with the size and `what`. */
void *clu_malloc(size_t bytes, const char *what);
/* Refuse a buffer larger than the device allows (CL_DEVICE_MAX_MEM_ALLOC_SIZE):
 * exit(2) with both sizes in the message. */
void clu_check_alloc(const clu_env *env, size_t bytes, const char *what);
/* Refuse more local memory per work-group than the device has
 * (CL_DEVICE_LOCAL_MEM_SIZE): exit(2) with both sizes. */
void clu_check_local_mem(const clu_env *env, size_t bytes, const char *what);

/* ---- device facts ---------------------------------------------------------- */

/* A string-valued device query (name, vendor, driver...), freed by caller. */
char *clu_device_string(cl_device_id dev, cl_device_info what);
cl_ulong clu_device_ulong(cl_device_id dev, cl_device_info what);
size_t clu_device_size(cl_device_id dev, cl_device_info what);
int clu_device_is_gpu(cl_device_id dev);

/* ---- timing ---------------------------------------------------------------- */

/* Milliseconds between an event's start and end (needs a profiling queue). */
double clu_event_ms(cl_event ev);
/* Seconds on a monotonic clock. */
double clu_now(void);

/* ---- yardsticks (common/peak.c, kernels/00-peak.cl) ---------------------- */

/* The device's practical FP32 peak in GFLOP/s: an FMA loop, best of 5. */
double clu_peak_gflops(clu_env *env);
/* Practical memory bandwidth in GB/s (bytes read + written) of a float4
 * copy of `bytes` bytes, best of 5. */
double clu_copy_gbps(clu_env *env, size_t bytes);

/* ---- data and verification ---------------------------------------------- */

/* Fill with seeded uniform values in [lo, hi): the same seed gives the same
 * numbers on every machine. */
void clu_fill_random(float *data, size_t n, uint64_t seed, float lo, float hi);
void clu_fill_random_int(int *data, size_t n, uint64_t seed, int lo, int hi);

/* Check float results that are sums of `terms` rounded terms.
 * ref[i] is the exact-ish result (computed in double), absref[i] the sum of
 * the terms' absolute values. Any summation order in float keeps the error
 * below (terms + 1) * 2^-24 * absref[i], so that is the bound.
 * Prints one line "verified <what>: ..." and the first mismatches.
 * Returns the number of mismatches. */
size_t clu_verify_sum(const char *what, const float *got, const double *ref,
                      const double *absref, size_t n, size_t terms);

/* Integers must match exactly. Same printing and return as above. */
size_t clu_verify_int(const char *what, const int *got, const int *ref, size_t n);

#endif /* CLU_H */
