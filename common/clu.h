/* clu.h -- the workbook's small OpenCL helper, shared by every lesson from 02 on.
 *
 * Lesson 01 writes every step of the host flow out by hand. From lesson 02 on,
 * each of those steps is one call here, so a lesson shows only its own idea:
 *
 *   errors.c   CLU_CHECK, CLU_CHECK_ERR: the call, the error's name, file:line
 *              and a hint, then exit status 2; clu_die() for refused input
 *   options.c  clu_parse_args(): one table of options per program, strict
 *   device.c   clu_setup(): platform, device, context, queue; clu_build():
 *              a kernel file with its build log; checked sizes and buffers
 *   measure.c  clu_run_best(): best-of-N kernel time; the FMA and copy
 *              yardsticks; seeded data; clu_verify(): results against C
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
#ifdef __APPLE__
#include <OpenCL/opencl.h> /* macOS: OpenCL 1.2 as a framework */
#else
#include <CL/cl.h>
#endif

/* Returned by the ICD loader when no platform is registered (cl_khr_icd). */
#ifndef CL_PLATFORM_NOT_FOUND_KHR
#define CL_PLATFORM_NOT_FOUND_KHR -1001
#endif

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define CLU_NORETURN __attribute__((noreturn))
#define CLU_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLU_NORETURN
#define CLU_PRINTF(f, a)
#endif

/* ---- errors (errors.c) --------------------------------------------------- */

/* "CL_INVALID_WORK_GROUP_SIZE" for -54; "unknown OpenCL error" otherwise. */
const char *clu_error_name(cl_int err);
/* A one-line hint for the error, or NULL. */
const char *clu_error_hint(cl_int err);
/* Print "file:line: call: NAME (code)" and the hint to stderr. */
void clu_report(cl_int err, const char *call, const char *file, int line);
/* The same, then exit(2): what CLU_CHECK calls. */
void clu_fail(cl_int err, const char *call, const char *file, int line) CLU_NORETURN;
/* Print "error: ..." to stderr and exit(2): for input the program refuses. */
void clu_die(const char *fmt, ...) CLU_PRINTF(1, 2) CLU_NORETURN;

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

/* ---- options (options.c) --------------------------------------------------- */

typedef enum { CLU_OPT_SIZE, CLU_OPT_STRING, CLU_OPT_FLAG, CLU_OPT_VARIANT } clu_opt_kind;

/* One command-line option: a lesson lists its options in a table and
 * clu_parse_args() fills the destinations. The same letter means the same
 * thing in every lesson: -t work-group size, -o variant, -r repetitions. */
typedef struct {
    const char *flag;    /* "-x" */
    const char *metavar; /* "X" in the usage, NULL for flags */
    const char *help;    /* one line */
    clu_opt_kind kind;
    void *dest;          /* size_t*, const char**, int* (flag; variant: index, -1 = all) */
    size_t min, max;     /* CLU_OPT_SIZE: accepted range */
    /* CLU_OPT_VARIANT: the lesson's variant table, whose entries begin with
     * `const char *name; const char *why;`. Fill with CLU_VARIANTS(table). */
    const void *table;
    size_t count, stride;
} clu_option;
#define CLU_VARIANTS(t) 0, 0, (t), sizeof(t) / sizeof((t)[0]), sizeof((t)[0])

/* Options every program understands: -p, -d, --list, --build-log, -h. */
typedef struct {
    const char *platform; /* -p: index or name part, or NULL (env CLU_PLATFORM) */
    const char *device;   /* -d: index or name part, or NULL (env CLU_DEVICE) */
    int build_log;        /* --build-log: show the log on success too */
    size_t budget;        /* --budget S: seconds a run may be expected to take (default 60) */
} clu_common;

/* Parse argv. -h and --list print and exit(0); anything wrong exits 2
 * with one line. */
void clu_parse_args(int argc, char **argv, const char *purpose, const clu_option *opts,
                    size_t nopts, clu_common *common);
/* The time every run is held to. A program estimates what its sizes will
 * take and calls clu_check_budget(): more than --budget seconds (default 60)
 * is refused with one line naming the option. Whatever still runs past ten
 * times the budget (a kernel that never ends, an estimate that was wrong) is
 * stopped by a watchdog that clu_parse_args() sets: one line naming the step
 * given to clu_step() last, and exit status 2. */
void clu_check_budget(const clu_common *common, double seconds, const char *what);
void clu_step(const char *what); /* "the C reference", "kernel tiled", ... */
/* Digits only, within [min, max]; exit(2) naming `flag` otherwise. */
size_t clu_parse_size(const char *flag, const char *text, size_t min, size_t max);

/* ---- device, programs, memory (device.c) ------------------------------------ */

typedef struct {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue; /* in order, with profiling enabled */
    int build_log;
    int host_timer; /* set by clu_run_best when the device's timestamps are unusable */
} clu_env;

/* Choose the device (default: the first GPU, else the first device), print
 * it, create a context and a profiling queue. No platform: explain, exit(2). */
void clu_setup(clu_env *env, const clu_common *common);
void clu_teardown(clu_env *env);
/* Every platform and device with the index that -p and -d take. */
void clu_list_devices(void);
/* Does `want` (-p or -d: an index, or a part of the name in any case, or
 * NULL for any) select item `index` called `name`? */
int clu_matches(const char *want, cl_uint index, const char *name);

char *clu_device_string(cl_device_id dev, cl_device_info what); /* caller frees */
cl_ulong clu_device_ulong(cl_device_id dev, cl_device_info what);
size_t clu_device_size(cl_device_id dev, cl_device_info what);
int clu_device_is_gpu(cl_device_id dev);
int clu_on_oclgrind(const clu_env *env); /* timings mean nothing there */

/* Where kernels/NAME is: only $CLU_KERNEL_DIR when that is set, else the
 * kernels/ beside the program's build folder, then the project's. */
char *clu_kernel_path(const char *name);
/* A whole regular, non-empty text file of at most 16 MiB; exit(2) with one
 * line naming it otherwise. */
char *clu_read_file(const char *path, size_t *length);
/* Build kernels/NAME (or a path with '/') with `options`. Failure: the build
 * log, exit(2). With --build-log the log is printed on success too. */
cl_program clu_build(clu_env *env, const char *name, const char *options);
cl_kernel clu_kernel(cl_program program, const char *name);
/* Can `kernel` run with work-groups of `wg` work-items and the local memory
 * it declares plus the local arguments set so far? If not, exit(2) with the
 * device's and the kernel's limits. */
void clu_check_wgsize(const clu_env *env, cl_kernel kernel, size_t wg);
/* The default work-group size for `kernel` on this device: the largest power
 * of two that is at most `cap` and that the kernel and the device allow
 * (CL_KERNEL_WORK_GROUP_SIZE can be far below the device's limit: rusticl
 * reports 32). Programs take it when -t is not given. */
size_t clu_default_wg(const clu_env *env, cl_kernel kernel, size_t cap);

size_t clu_round_up(size_t n, size_t m);
/* count * size, or exit(2) naming `what` if it overflows size_t. */
size_t clu_bytes(size_t count, size_t size, const char *what);
/* malloc that never returns NULL: exit(2) with the size and `what`. */
void *clu_malloc(size_t bytes, const char *what);
/* Refuse a buffer larger than CL_DEVICE_MAX_MEM_ALLOC_SIZE: exit(2). */
void clu_check_alloc(const clu_env *env, size_t bytes, const char *what);
/* Refuse, before anything is allocated, a run whose buffers do not fit:
 * `host_bytes` of host memory against what the machine has available now,
 * `device_bytes` against the device's global memory, and on a device that
 * shares the host's memory (a CPU) both together against the host's. exit(2)
 * with one line naming the sizes, so a large run is refused instead of being
 * killed by the kernel's out-of-memory killer. */
void clu_check_memory(const clu_env *env, size_t host_bytes, size_t device_bytes);
/* A device buffer of `bytes`, checked against the device's limit, filled
 * from `host` when it is not NULL (blocking). */
cl_mem clu_buffer(clu_env *env, cl_mem_flags flags, size_t bytes, const void *host, const char *what);
/* Blocking read of `bytes` from the start of `buf`. */
void clu_read(clu_env *env, cl_mem buf, size_t bytes, void *host);

/* ---- measurement and verification (measure.c) ------------------------------ */

double clu_now(void); /* seconds, monotonic clock */
/* An event's start to end in ms (waits for it), or NAN when its timestamps
 * cannot be trusted: zero, or an end not after the start (rusticl's are a
 * counter: queued 0, start 2, end 3). */
double clu_event_ms(cl_event ev);
/* Run `kernel` `reps` times over the NDRange, return the best time in ms.
 * Each run is timed by its event and by the host clock; when the event
 * times are unusable (NAN, or 10^4 times below the host's), it prints one
 * line "timer: host clock ...", sets env->host_timer, and from then on
 * returns host times. Result lines say timer=host or timer=events.
 * A failed launch names this kernel's limits and exits 2. */
double clu_run_best(clu_env *env, cl_kernel kernel, cl_uint dims, const size_t *global,
                    const size_t *local, size_t reps);

/* The yardsticks every speed is a ratio to, measured in the same run
 * (kernels/00-peak.cl): FP32 FMA peak in GFLOP/s, and a float4 copy of
 * `bytes` in GB/s counting bytes read and written. */
double clu_peak_gflops(clu_env *env);
double clu_copy_gbps(clu_env *env, size_t bytes);

/* Seeded data: the same seed gives the same numbers on every machine. */
void clu_fill_random(float *data, size_t n, uint64_t seed, float lo, float hi);
void clu_fill_random_int(int *data, size_t n, uint64_t seed, int lo, int hi);
/* Whole numbers in [-maxabs, maxabs] other than 0, as floats: sums of
 * products of them are exact in float in any order while every partial sum
 * stays below 2^24, so a result can be checked exactly and a missing term
 * always shows. Their sum is never 0 (a kernel writing zeros cannot pass). */
void clu_fill_exact(float *data, size_t n, uint64_t seed, int maxabs);

/* Check float results against a reference computed in double.
 * mag == NULL: the inputs came from clu_fill_exact and every result must be
 * exact. Otherwise mag[i] is the sum of |terms| of result i, and the bound
 * there is 2^-24 · (8·√terms + 2) · mag[i]: how rounding error grows in
 * practice (Higham and Mary's probabilistic bound), not the worst case.
 * Prints "verified WHAT: ...: ok" or "FAILED" with the worst error, its index
 * and the bound there, and the first wrong values. Returns how many are wrong. */
size_t clu_verify(const char *what, const float *got, const double *ref, const double *mag,
                  size_t n, size_t terms);
/* Integers: exact. Same printing and return. */
size_t clu_verify_int(const char *what, const int *got, const int *ref, size_t n);

/* The program's exit status: 2 if stdout could not be written (the verdict
 * was lost), else 1 if `wrong` results were found, else 0. */
int clu_exit_status(size_t wrong);

#endif /* CLU_H */
