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
 *     grade_speed(...);                                       (optional tier)
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
 * student's file NAME, the first numbers in it compared with `want` (within
 * a relative 1e-3; "a/b" counts as a fraction). Only in device mode. */
void grade_answer(int i, const char *name, int count, const double *want, const char *hint);

/* Speed tier, device mode only, when every check of this run passed: TIME_US
 * is the student's kernel time (best of several), YARD_US the yardstick's
 * time for the same work, measured in this run; the tier is
 * gold/silver/bronze when yard/time reaches the thresholds. */
void grade_tier(double time_us, double yard_us, const char *yardstick, double gold, double silver,
                double bronze);

/* 1 when the speed tier should be measured (device mode, nothing failed). */
int grade_want_speed(void);

/* Best time in microseconds of `reps` runs of K (profiling events). */
double grade_time_us(clu_env *env, cl_kernel k, cl_uint dims, const size_t *global, const size_t *local,
                     int reps);

/* Yardsticks measured on the running device: a copy of `bytes` bytes (read
 * and written: 2·bytes of traffic) and `fmas` multiply-adds with no memory
 * traffic. Best of several runs, in microseconds. */
double grade_yard_copy_us(clu_env *env, size_t bytes);
double grade_yard_fma_us(clu_env *env, double fmas);
/* The same traffic as a kernel that stages N floats in local memory in
 * work-groups of L and passes `steps` barriers (a read of a neighbour's value
 * after each); it writes one float per work-item (per_item) or per group. */
double grade_yard_local_us(clu_env *env, size_t n, size_t L, int steps, int per_item);

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

/* Speed of a gemm kernel on n x n x n against the naive kernel of lesson
 * 05 (one work-item per element of C) timed in the same run; records the
 * tier (thresholds are speed-ups over it: 1.5 means 1.5 times as fast). */
void grade_gemm_speed(clu_env *env, cl_kernel k, int n, const float *alpha_beta, const size_t global[2],
                      const size_t local[2], double gold, double silver, double bronze);

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

#endif
