/* grading.h -- what every exercise checker uses to report to the grader.
 *
 * A checker (exercises/NN-k-name/check.c) is built together with the
 * student's files. It calls grade_begin(), then grade() once per check, then
 * returns grade_end(). The grader (tools/grade.sh) reads the PASS/FAIL lines.
 */
#ifndef GRADING_H
#define GRADING_H

#include "clu.h"

/* Declare how many checks follow, choose the device (CLU_PLATFORM and
 * CLU_DEVICE from the environment) and set it up. argv[1] is the folder
 * holding the student's files; returns it. */
const char *grade_begin(int argc, char **argv, int planned, clu_env *env);

/* One check: prints "PASS what" or "FAIL what: why". */
void grade(int ok, const char *what, const char *why_fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Prints the score; returns 0 when every planned check passed, else 1. */
int grade_end(clu_env *env);

/* A read-write device buffer holding a copy of `bytes` bytes at `host`. */
cl_mem grade_buffer(clu_env *env, const void *host, size_t bytes);

/* Blocking read of a whole buffer back into `host`. */
void grade_read(clu_env *env, cl_mem buf, void *host, size_t bytes);

/* Lesson 05's exercises: run a gemm kernel k(A, B, C, M, N, K) over the 2D
 * NDRange global/local on random A and B, compare C with plain C in double,
 * and require that none of the `slack` floats after C was written. With
 * alpha_beta = {alpha, beta} the kernel takes them as arguments 6 and 7 and
 * must compute C = alpha·A·B + beta·C on a random C; NULL for C = A·B.
 * Returns 1 if right, else 0 with the reason in why. */
int grade_gemm(clu_env *env, cl_kernel k, int M, int N, int K, const float *alpha_beta,
               const size_t global[2], const size_t local[2], size_t slack, char *why, size_t whylen);

/* "DIR/NAME" in a static buffer, for clu_build() of a student's kernel. */
const char *grade_path(const char *name);

#endif
