/* clu.h -- the workbook's small OpenCL helper, shared by every lesson from 02 on.
 *
 * Lesson 01 writes every step of the host flow out by hand. From lesson 02 on,
 * each of those steps is one call here, so a lesson shows only its own idea:
 *   errors.c   CLU_CHECK, CLU_CHECK_ERR: the call, the error's name, file:line
 *              and a hint, then exit status 2; clu_die() for refused input
 *   options.c  clu_parse_args(): one table of options per program, strict;
 *              the time budget and its watchdog
 *   device.c   clu_setup(): platform, device, context, queue; clu_build():
 *              a kernel file with its build log; checked sizes and buffers
 *   measure.c  clu_run_best(): best-of-N kernel time; the FMA and copy
 *              yardsticks; seeded data; clu_verify(): results against C
 * Exit statuses throughout the workbook: 0 the result matched the C
 * reference; 1 it was WRONG; 2 it could not run (bad option, missing file,
 * build failure, an OpenCL error, no platform: the message says which).
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
#ifndef CL_PLATFORM_NOT_FOUND_KHR /* the ICD loader's "no platform registered" */
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

const char *clu_error_name(cl_int err); /* "CL_INVALID_WORK_GROUP_SIZE" for -54 */
const char *clu_error_hint(cl_int err); /* a one-line hint, or NULL */
/* Print "file:line: call: NAME (code)" and the hint to stderr; clu_fail then
 * exits 2 (what CLU_CHECK calls). */
void clu_report(cl_int err, const char *call, const char *file, int line);
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

/* One command-line option of a lesson's table (write it with designated
 * initializers). One letter, one meaning in every lesson: -t work-group
 * size, -o variant, -r repetitions. */
typedef struct {
    const char *flag;    /* "-x" */
    const char *metavar; /* "X" in the usage, NULL for flags */
    const char *help;    /* one line */
    clu_opt_kind kind;
    void *dest;          /* size_t*, const char**, int* (flag; variant: index, -1 = all) */
    size_t min, max;     /* CLU_OPT_SIZE: accepted range */
    /* CLU_OPT_VARIANT: the lesson's variant table, whose entries begin with
     * `const char *name; const char *why;`: .table = CLU_VARIANTS(table). */
    const void *table;
    size_t count, stride;
} clu_option;
#define CLU_VARIANTS(t) .table = (t), .count = sizeof(t) / sizeof((t)[0]), .stride = sizeof((t)[0])

/* Options every program understands: -p, -d, --list, --build-log, --budget, -h. */
typedef struct {
    const char *platform; /* -p: index or name part, or NULL (env CLU_PLATFORM) */
    const char *device;   /* -d: index or name part, or NULL (env CLU_DEVICE) */
    int build_log;        /* --build-log: show the log on success too */
    size_t budget;        /* --budget S: seconds a run of typed sizes may take (default 300) */
    char typed[160];      /* the lesson's options as typed ("-n 268435456 -r 10"), "" for none */
} clu_common;

/* Parse argv. -h and --list print and exit(0); anything wrong exits 2 with
 * one line. Also starts the watchdog: a program still running at ten times
 * --budget (until clu_check_budget sets a limit from the device) ends with
 * one line naming the step given to clu_step() last, and exit status 2. A
 * crash (SIGSEGV, SIGBUS, SIGILL: a kernel on a CPU device writing far
 * outside its buffer, say) ends the same way: "error: the program crashed
 * (...) during STEP: ...", exit status 2; where a sanitizer already catches
 * those signals, it keeps them. */
void clu_parse_args(int argc, char **argv, const char *purpose, const clu_option *opts,
                    size_t nopts, clu_common *common);
/* "the C reference", "the check of the kernels", ...; each step gets the
 * watchdog's whole limit (NULL: the same step, the limit from now). */
void clu_step(const char *what);
/* The same, naming the kernel about to run: "the kernel tiled (WHAT)"
 * (WHAT NULL: the step so far). Returns the step so far. */
const char *clu_step_kernel(cl_kernel kernel, const char *what);
/* The watchdog's limit from now on, and each clu_step's (budget.c sets it). */
void clu_watchdog(unsigned limit_s, double estimate_s);
unsigned clu_watchdog_pause(void); /* off while a kernel builds: returns the seconds left */
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
    /* The programs clu_build built, by file and options: a lesson that
     * builds one file for several variants compiles it once (on PoCL each
     * clBuildProgram runs clang's preprocessor, cached or not: ~20 ms).
     * clu_teardown releases them. */
    struct clu_built { char *path, *options; cl_program prog; } built[16];
    size_t nbuilt;
} clu_env;

/* Choose the device (default: the first GPU, else the first device), print
 * the platform and the device, create a context and a profiling queue. */
void clu_setup(clu_env *env, const clu_common *common);
void clu_teardown(clu_env *env);
void clu_list_devices(void); /* --list: every platform and device with its index */
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
/* A whole regular, non-empty file of at most 16 MiB; exit(2) with one line
 * naming it otherwise. */
char *clu_read_file(const char *path, size_t *length);
/* Build kernels/NAME (or a path with '/') with `options`, and -I the file's
 * folder, so a kernel may #include a header beside it (PoCL 3.1 takes no
 * folder with a space in -I, even quoted: there such an #include fails).
 * Failure: the build log, exit(2). With --build-log the log is printed on
 * success too. */
cl_program clu_build(clu_env *env, const char *name, const char *options);
cl_kernel clu_kernel(cl_program program, const char *name);
/* Can `kernel` run work-groups of `wg` with the local memory it declares
 * plus the local arguments set so far? If not, exit(2) with the limits. */
void clu_check_wgsize(const clu_env *env, cl_kernel kernel, size_t wg);
/* The default work-group size: the largest power of two up to `cap` that
 * the kernel and the device allow (CL_KERNEL_WORK_GROUP_SIZE can be far
 * below the device's limit: rusticl reports 32). For when -t is not given. */
size_t clu_default_wg(const clu_env *env, cl_kernel kernel, size_t cap);

size_t clu_round_up(size_t n, size_t m);
size_t clu_bytes(size_t count, size_t size, const char *what); /* count·size, or exit(2) on overflow */
void *clu_malloc(size_t bytes, const char *what);              /* never NULL: exit(2) naming `what` */
/* Refuse a buffer larger than CL_DEVICE_MAX_MEM_ALLOC_SIZE: exit(2). */
void clu_check_alloc(const clu_env *env, size_t bytes, const char *what);
/* Before allocating: refuse (exit 2, one line) a run whose host arrays do not
 * fit the memory available now, or whose buffers do not fit the device (on a
 * device that shares the host's memory, both together against the host's),
 * instead of being killed by the out-of-memory killer. */
void clu_check_memory(const clu_env *env, size_t host_bytes, size_t device_bytes);
/* A device buffer, checked against the device's limit, filled from `host`
 * when it is not NULL (blocking); clu_read: a blocking read from its start. */
cl_mem clu_buffer(clu_env *env, cl_mem_flags flags, size_t bytes, const void *host, const char *what);
void clu_read(clu_env *env, cl_mem buf, size_t bytes, void *host);

/* ---- a computation of several launches (launches.c; lessons 04 and 09) ------ */

/* One launch: a kernel with its arguments set, its number of work-groups;
 * after_clear: timed one run at a time, each after the launch before it
 * (a kernel whose state that launch clears). */
typedef struct { cl_kernel k; size_t groups; const char *what; int after_clear; } clu_launch;
/* A buffer with a guard zone past its `bytes`; owned: released with the launches. */
typedef struct { cl_mem mem; size_t bytes; const char *what; int owned; } clu_guarded;
enum { CLU_MAX_LAUNCHES = 80 };
typedef struct {
    clu_env *env;
    size_t wg, guard; /* work-items per group of every launch; bytes of each guard zone */
    clu_launch steps[CLU_MAX_LAUNCHES];
    clu_guarded bufs[CLU_MAX_LAUNCHES];
    int nsteps, nbufs;
} clu_launches;
/* The next launch: kernel `name` of `p`, its buffers, then its 32-bit
 * numbers as arguments; refused (exit 2, the limits) if its work-group or
 * local arrays do not fit the device (clu_check_wgsize). */
void clu_launch_add(clu_launches *l, cl_program p, const char *name, size_t groups, const char *what, int nmem,
                    const cl_mem *mem, int nnum, const cl_uint *num);
/* A buffer of `bytes` with a guard zone after it, owned by the launches;
 * clu_launch_guard: one made elsewhere (with its guard zone), checked too. */
cl_mem clu_launch_buffer(clu_launches *l, size_t bytes, const char *what);
void clu_launch_guard(clu_launches *l, cl_mem mem, size_t bytes, const char *what);
/* Mark every buffer NaN and its guard zone, run the launches in order,
 * check the guard zones: returns the number of buffers written past their
 * end (each one FAILED line naming the buffer and the place). */
size_t clu_launches_run(clu_launches *l);
/* Three untimed runs, then each launch's best of `reps` in ms[i]; their sum. */
double clu_launches_time(clu_launches *l, size_t reps, double *ms);
void clu_launches_release(clu_launches *l);
/* Build `files` with -DWG=*wg -DITEMS=*items and `defs`. Unless fixed by
 * the user (-t, -v), the shape comes from the device: while a kernel
 * allows fewer work-items (CL_KERNEL_WORK_GROUP_SIZE) or needs more local
 * memory than the device has, halve the work-group, then the values per
 * work-item, and print one line "shape: ... -> ...: why" for each change. */
void clu_build_fitted(clu_env *env, const char *const files[], cl_program progs[], int nfiles, const char *defs,
                      size_t *wg, size_t *items, int wg_fixed, int items_fixed);

/* ---- the check of a scan (scan.c; lessons 04 and 09) ---------------------------- */

/* B[i] = A[0] + ... + A[i] (inclusive) or + A[i-1] (exclusive) of n floats
 * (is_int 0: in double into ref, with mag[i] the root of the sum of the
 * terms' squares, for clu_verify's bound) or ints (into iref, in unsigned
 * arithmetic: it wraps as the device does, never undefined). */
void clu_scan_reference(const void *in, int is_int, size_t n, int exclusive, double *ref, double *mag, int *iref);
/* The data of a scan's two checks, seeded: exact = 1, halves +-1/2..4
 * (clu_fill_halves: every float partial sum exact, at any n up to 2^31), as
 * ints twice those; exact = 0, random floats in [-1, 1) with their sum moved
 * off 0, or random ints in [-1000, 1000]. */
void clu_scan_data(void *h_in, size_t n, int is_int, int exact);

/* ---- the time budget (budget.c) --------------------------------------------- */

/* The work a run does, in the kinds the probe measures. */
typedef struct {
    double fma;   /* multiply-adds in kernels: at the rate of a chain per work-item, a load each */
    double bytes; /* bytes kernels read and write: at the copy kernel's rate */
    double host;  /* steps of serial C on the host (one element read, one multiply-add) */
    double chain; /* the longest chain one work-item runs, in such multiply-adds, all runs */
    double turns; /* loop turns one work-item takes in one launch, all its loops together: a
                   * device may stop them sooner without a word (Mesa's llvmpipe after 65535,
                   * measured as clu_loop_limit does), and sizes that would need more are refused */
} clu_work;
/* One call per program, before its big work: the estimate of `work` on
 * this device sets the watchdog (4 times the estimate, at least 10 s, from
 * each step on), and when the user typed sizes (common->typed) whose
 * estimate is over --budget: exit 2, one line with the estimate and the
 * --budget that would do. Sizes not typed (the defaults) are never refused. */
void clu_check_budget(clu_env *env, const clu_common *common, clu_work work, const char *what);

/* ---- measurement and verification (measure.c) ------------------------------ */

double clu_now(void); /* seconds, monotonic clock */
/* An event's start to end in ms (waits for it), or NAN when its timestamps
 * cannot be trusted: a zero, or an end not after the start (rusticl's are a
 * counter: queued 0, start 2, end 3). */
double clu_event_ms(cl_event ev);
/* Run `kernel` `reps` times, return the best time in ms. Each run is timed
 * by its event and by the host clock; when the events are unusable (NAN, or
 * 10^4 times below the host's), it prints one line "timer: host clock ...",
 * sets env->host_timer, and from then on returns host times. Result lines
 * say timer=host or timer=events. A failed launch names the limits, exit 2. */
double clu_run_best(clu_env *env, cl_kernel kernel, cl_uint dims, const size_t *global,
                    const size_t *local, size_t reps);
/* The same switch for a program that times with events of its own: say
 * "timer: host clock ..." once and set env->host_timer. */
void clu_use_host_timer(clu_env *env);
/* The yardsticks every speed is a ratio to, measured in the same run
 * (kernels/00-peak.cl): FP32 FMA peak in GFLOP/s, and a float4 copy of
 * `bytes` in GB/s counting bytes read and written. */
double clu_peak_gflops(clu_env *env);
double clu_copy_gbps(clu_env *env, size_t bytes);
/* How many loop iterations, of all its loops together, one work-item may
 * run before the device stops them without a word (Mesa's llvmpipe: 65535);
 * 0 where no limit shows below 2^17. Measured once per device. */
size_t clu_loop_limit(clu_env *env);
/* loop_limit (kernels/00-peak.cl) wrote `got` after at most n turns: the
 * turns it was allowed, or 0 where it ran all n. */
size_t clu_loop_stopped_at(cl_uint got, cl_uint n);

/* Seeded data: the same seed gives the same numbers on every machine. */
void clu_fill_random(float *data, size_t n, uint64_t seed, float lo, float hi);
void clu_fill_random_int(int *data, size_t n, uint64_t seed, int lo, int hi);
/* Whole numbers in [-maxabs, maxabs] other than 0, as floats: sums of
 * products of them are exact in float in any order while every partial sum
 * stays below 2^24, so a missing term always shows. Their sum is never 0. */
void clu_fill_exact(float *data, size_t n, uint64_t seed, int maxabs);
/* Multiples of 1/2 in [-maxabs, maxabs] other than 0, half of them not whole
 * (x.5): the data of the exact pass. A product of two is a multiple of 1/4,
 * so sums of products are exact in float in any order while every partial
 * sum stays below 2^22 (sums of the values themselves: below 2^23); a
 * missing term shows, and so does a kernel that keeps only whole numbers
 * (an int accumulator, a cast). Their sum is never 0. */
void clu_fill_halves(float *data, size_t n, uint64_t seed, int maxabs);
/* After clu_fill_random with lo = -hi: shift every value by one small
 * amount (about 2·norm/n, norm = √Σx²) where needed so that |Σx| ≥ norm.
 * Then a result proportional to the sum is never near 0, and an all-zero
 * (or int-truncated, or half-summed) result cannot pass clu_verify's bound. */
void clu_move_sum_off_zero(float *data, size_t n);
/* Float results against a reference in double. mag == NULL: exact inputs,
 * every result must be exact. Otherwise the inputs are random with about as
 * many signs of each kind, mag[i] is the root of the sum of the squares of
 * the terms of result i, norm = √Σt², and the bound there is
 *     2^-24·(8·√terms + 2)·(norm + |ref[i]|).
 * Why: each rounding of any order of summation (serial, tree, vectors,
 * tiles) errs by at most 2^-24 of a partial sum, with a random sign, so the
 * errors of `terms` roundings add up like a random walk, to about
 * √terms·2^-24·(the typical partial sum); a partial sum of random-signed
 * terms is about norm (plus the drift towards ref[i] where the terms share
 * a sign). 8·√terms instead of √terms: at least 8 standard deviations of
 * headroom. Σ|t| (the worst case, every error the same sign) would allow
 * 2^-24·(8√terms)·Σ|t| ≈ 2^-24·8·terms·norm, which exceeds norm itself
 * (and so an all-zero result) from about 2^21 terms on.
 * Prints "verified WHAT: ...: ok" or "FAILED" with the worst error, where,
 * the bound, the first wrong values; returns how many are wrong.
 * clu_verify_int: integers, exact, the same printing. */
size_t clu_verify(const char *what, const float *got, const double *ref, const double *mag,
                  size_t n, size_t terms);
size_t clu_verify_int(const char *what, const int *got, const int *ref, size_t n);
/* The exit status: 2 if stdout could not be written (the verdict was lost),
 * else 1 if `wrong` results were found, else 0. */
int clu_exit_status(size_t wrong);

#endif /* CLU_H */
