/* grading.h -- the library every exercise checker is built with.
 *
 * A checker (exercises/NN-k-name/check.c) is a list of checks, each one case
 * of the student's kernel: a size, a work-group size and a seed. tools/grade.sh
 * runs the checker twice, at the same time:
 *
 *   --mode device    on the default device, every case, with every buffer
 *                    inside a guard zone of NaN (or of a marker int) that
 *                    must stay untouched, inputs that must stay unchanged and
 *                    outputs pre-filled with a "never written" marker;
 *   --mode oclgrind  under Oclgrind (--data-races --uninitialized), only the
 *                    small cases, with buffers of exactly the size the kernel
 *                    may touch; any report Oclgrind makes while a case runs
 *                    fails that case, and its first report becomes the reason.
 *
 * The verdict does not travel on stdout, which the kernel's printf shares: the
 * checker writes it to file descriptor 3, which grade.sh opened, one record a
 * line ("begin I SMALL WHAT", "end I OK WHY", ...). A case that runs longer
 * than its time limit ends the process with status 124; grade.sh sees a
 * "begin" without an "end" and says which case it was.
 *
 * A checker's main():
 *     grade_start(argc, argv, ncases + 1, &env);
 *     cl_program p = grade_build(&env, "file.cl", "");      (refuses a build error)
 *     cl_kernel k = grade_kernel(p, "name");
 *     for each case i:
 *         if (!grade_case(i, small, "n=%d ...", ...)) continue;
 *         gbuf *in = gb_in(&env, "in", GB_FLOAT, h_in, n);    (guarded buffers)
 *         gbuf *out = gb_out(&env, "out", GB_FLOAT, n);
 *         ... set arguments with gb_arg(), grade_run() the kernel ...
 *         gb_fetch(&env, out);  then compare with gb_check_f()/gb_check_i()
 *         grade_case_end(&env);                                (frees the buffers)
 *     grade_answer(ncases, "answer.txt", ...);                 (lesson question)
 *     if (grade_case(ncases + 1, 0, "... the size the tier is timed at")) {
 *         grade_timed_check(grade_yard_copy(bytes), ...);       (optional tier)
 *         ... the check, as above ...
 *     }
 *     return grade_finish(&env);
 */
#ifndef GRADING_H
#define GRADING_H

#include "clu.h"

#include <stddef.h>
#include <stdlib.h>

/* ---- the run -------------------------------------------------------------- */

/* Parse the grader's options, set up the device (CLU_PLATFORM, CLU_DEVICE),
 * announce `checks` checks. Returns the folder holding the student's files. */
const char *grade_start(int argc, char **argv, int checks, clu_env *env);

/* 1 when the checker runs under Oclgrind. */
int grade_oclgrind(void);

/* Build the student's kernel file NAME (in the student's folder) with the
 * given options. A build error is reported with the build log, naming the
 * student's file, and ends the checker: nothing can be graded. */
cl_program grade_build(clu_env *env, const char *name, const char *options);

/* Before grade_build(): a construct (POSIX extended regex, matched on the
 * kernel with comments removed) that fails every check with MESSAGE, for a
 * trap that no device shows, such as a float4* cast of an unaligned row. */
void grade_forbid(const char *regex, const char *message);

/* Before grade_build(): a construct the statement requires (POSIX extended
 * regex, matched on the kernel with comments removed), such as a float4
 * load; without it every check fails with MESSAGE. Up to 4 of them. */
void grade_require(const char *regex, const char *message);

/* Before grade_build(): under Oclgrind, build the kernel with
 * -cl-opt-disable, so that a load the optimiser would sink under the if
 * that guards its use (a read past the end that no device makes) is still
 * made, and reported, where the student wrote it. Every exercise's kernel
 * is built so under Oclgrind now (GRADE_OCLGRIND_OPTIMISED=1 in the
 * grader's environment builds it with the optimiser, to compare); this
 * call says that the checker relies on it. */
void grade_oclgrind_unoptimised(void);

/* clCreateKernel, or a clear verdict when no kernel of that name exists. */
cl_kernel grade_kernel(cl_program program, const char *name);

/* Start check I. SMALL: it also runs under Oclgrind. Returns 0 when this
 * process must skip it (not small under Oclgrind, or before --first). */
int grade_case(int i, int small, const char *what_fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Fail the current check; only the first reason is kept. */
void grade_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* grade_fail() for a check that ran out of time in something with a limit
 * of its own (a student's program): the grade counts it as a time-out. */
void grade_fail_timeout(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* 1 while the current check has not failed. */
int grade_ok(void);

/* Enqueue kernel K over a `dims`-dimensional NDRange and wait for it. An
 * error (say CL_INVALID_WORK_GROUP_SIZE) fails the check with its name. */
void grade_run(clu_env *env, cl_kernel k, cl_uint dims, const size_t *global, const size_t *local);

/* Finish the current check: verify the guards and inputs of every buffer
 * made since grade_case(), release them, and record the verdict. */
void grade_case_end(clu_env *env);

/* A check that is not a kernel: the answer to the lesson's question in the
 * student's file NAME. The checker checks its form only (COUNT numbers;
 * "a/b" counts as a fraction, 1,024 and 256 000 as one number). The values
 * are never in a checker: tools/grade.sh compares them with the
 * instructor's key (solutions/EX/instructor/answer, never in the handout)
 * by grade_answer_values(), in the grader's own process. Device mode only. */
void grade_answer(int i, const char *name, int count, const char *hint);

/* The grader's comparison: the first numbers of ANSWER against every number
 * of the file KEY, within a relative 1e-3. Prints right, wrong or nokey;
 * returns 0, 1 or 2. (checker --answer-values ANSWER KEY) */
int grade_answer_values(const char *answer, const char *key);

/* ---- the speed tier, timed on a check ------------------------------------------
 * The tier is measured on a check, never on a run of its own: the checker
 * calls grade_timed_check() right after grade_case() of a check at the size
 * it times, and grades that check as any other (grade_run, gb_check_f or
 * gb_check_i, grade_case_end). Then, in device mode while every check so
 * far has passed, grade_case_end() runs the check's last launch again in
 * turns with the yardstick (a busy machine slows both alike): before each
 * run the outputs get their "never written" marker back (or their data, for
 * a buffer read and written), after it they are compared again as the check
 * compared them, and a wrong output in any timed run fails the check. The
 * tier: gold/silver/bronze when yardstick time / kernel time reaches the
 * line over the whole of its 95% interval; an interval across a line gets
 * the lower tier and says so. */
typedef struct {
    enum { GRADE_YARD_COPY = 1, GRADE_YARD_FMA, GRADE_YARD_LOCAL, GRADE_YARD_GEMM, GRADE_YARD_KERNEL } kind;
    double amount; /* bytes, multiply-adds, floats, or n of an n x n x n product */
    size_t L;
    int steps, per_item;
    cl_kernel k; /* a kernel of the checker's own, its arguments set */
    cl_uint dims;
    size_t global[2], local[2];
} grade_yardstick;

/* A copy of `bytes` bytes (read and written: 2·bytes of traffic). */
grade_yardstick grade_yard_copy(size_t bytes);
/* `fmas` multiply-adds with no memory traffic. */
grade_yardstick grade_yard_fma(double fmas);
/* The same traffic as a kernel that stages N floats in local memory in
 * work-groups of L and passes `steps` barriers (a read of a neighbour's value
 * after each); it writes one float per work-item (per_item) or per group. */
grade_yardstick grade_yard_local(size_t n, size_t L, int steps, int per_item);
/* Lesson 05's naive kernel (one work-item per element of C) on n x n x n. */
grade_yardstick grade_yard_gemm(int n);
/* A kernel of the checker's own over the given NDRange (its own buffers). */
grade_yardstick grade_yard_kernel(cl_kernel k, cl_uint dims, const size_t *global, const size_t *local);

/* The running check is the one the tier is timed on, against Y (WHAT says
 * what it is); the lines are yardstick/kernel ratios. */
void grade_timed_check(grade_yardstick y, const char *what, double gold, double silver, double bronze);

/* 1 when the speed tier will be measured (device mode, nothing failed). */
int grade_want_speed(void);

/* Report, release the device; returns 0 when every check passed. */
int grade_finish(clu_env *env);

/* ---- guarded buffers -------------------------------------------------------- */

typedef enum { GB_FLOAT, GB_INT } gb_kind;

typedef struct gbuf {
    const char *name;
    gb_kind kind;
    int output;        /* 1: the kernel may write it */
    size_t n;          /* elements the kernel may touch */
    size_t guard;      /* guard elements before and after (0 under Oclgrind) */
    cl_mem whole;      /* guard + data + guard */
    cl_mem mem;        /* what the kernel gets */
    void *init;        /* the contents before the kernel (data part) */
    void *host;        /* guard + data + guard, after gb_fetch() */
    int tag;           /* sets this buffer's guard value apart from the others' */
    int fetched;
    int vec;           /* > 1: vectors of this many floats, named c[i].x in messages */
    size_t cols;       /* > 0: a matrix, named C[i][j] in messages */
    struct gbuf *next;
} gbuf;

/* An input: N elements copied from DATA; must not change. */
gbuf *gb_in(clu_env *env, const char *name, gb_kind kind, const void *data, size_t n);
/* An output: N elements filled with the "never written" marker. */
gbuf *gb_out(clu_env *env, const char *name, gb_kind kind, size_t n);
/* Read and written: N elements copied from DATA. */
gbuf *gb_inout(clu_env *env, const char *name, gb_kind kind, const void *data, size_t n);
/* Set argument I of K to the buffer. */
void gb_arg(cl_kernel k, cl_uint i, gbuf *b);
/* Read the buffer back (guards too); returns its data part. */
void *gb_fetch(clu_env *env, gbuf *b);

/* Compare float output element e (name[e]) with ref within tol. Fails the
 * check with index, got, expected, and the marker or guard NaN named.
 * Returns 1 if it matched. gb_check_f checks elements 0..n-1 and stops at the
 * first wrong one, saying how many were wrong. */
int gb_check_f(gbuf *b, const double *ref, const double *tol, size_t n);
int gb_check_i(gbuf *b, const int *ref, size_t n);
/* Elements n..b->n-1 must still hold what they held before (the kernel must
 * not write past the logical end: "check x against X"). */
int gb_check_tail_unchanged(gbuf *b, size_t n, const char *bound_hint);

/* Lesson 05's exercises, one whole check: a gemm kernel k(A, B, C, M, N, K)
 * over the 2D NDRange global/local on random A and B (seed), C compared with
 * plain C in double. With alpha_beta = {alpha, beta} the kernel takes them as
 * arguments 6 and 7 and must compute C = alpha·A·B + beta·C on a random C;
 * NULL for C = A·B. Calls grade_case_end(). */
void grade_gemm_case(clu_env *env, cl_kernel k, int M, int N, int K, const float *alpha_beta,
                     const size_t global[2], const size_t local[2], unsigned seed);

/* The float comparison of gb_check_f() for data that is not in a gbuf. */
int grade_check_floats(const char *name, const float *got, const double *ref, const double *tol, size_t n);

/* Fail the current check with the first report in an Oclgrind log file, if
 * it holds any (exercise 01-2 runs Oclgrind around a separate program). */
void grade_oclgrind_log(const char *path);

/* The time limit of one check, in seconds (GRADE_CASE_SECONDS). */
unsigned grade_case_seconds(void);

/* alarm() for the current check: a limit of SECONDS from now (0: none);
 * returns the seconds the limit before had left (0: none ran). The limit is
 * kept by SIGALRM and by a watchdog process that no OpenCL runtime can hold
 * up; either records the check as timed out and ends the checker. */
unsigned grade_clock(unsigned seconds);

/* Set a scalar or local-memory argument. */
void grade_arg(cl_kernel k, cl_uint i, size_t size, const void *value);

/* Random data from a seed (the same on every run). */
void grade_fill_f(float *data, size_t n, unsigned seed, float lo, float hi);
void grade_fill_i(int *data, size_t n, unsigned seed, int lo, int hi);
void *grade_alloc(size_t bytes);

/* The relative error bound of a float sum of `terms` products, for a
 * reference computed in double: (terms + 2)·u·abs_sum. */
double grade_sum_tol(size_t terms, double abs_sum);

/* The widest work-group that kernel K may run with on this device: the
 * smallest of CL_DEVICE_MAX_WORK_GROUP_SIZE, CL_KERNEL_WORK_GROUP_SIZE and
 * the first of CL_DEVICE_MAX_WORK_ITEM_SIZES, and of CAP (0: no cap; a cap
 * keeps Oclgrind's cases small); POW2: rounded down to a power of two, for
 * statements that allow only those. A case there catches a __local array of
 * a fixed size or a loop that starts at a fixed stride. */
size_t grade_widest_group(clu_env *env, cl_kernel k, size_t cap, int pow2);

#endif
