/* lesson06.h -- what the files of lesson 06 share. */
#ifndef LESSON06_H
#define LESSON06_H

#include "clu.h"

#include <stddef.h>

/* The lesson's options, filled by main(). */
typedef struct {
    const char *mode;    /* -o: run, build, errors, dump */
    const char *bug;     /* -b: which bug to switch on in run mode, or NULL */
    const char *kernel;  /* -k: the file that build mode builds */
    const char *options; /* -O: extra build options */
    const char *dump;    /* -f: where dump mode writes the binary, or NULL */
    size_t X, Y, wg;     /* sizes for run mode */
} lesson_args;

/* The full path of lessons/06-debugging/broken/NAME if that file exists,
 * found beside the program like clu_kernel_path() finds kernels/; else NULL.
 * Caller frees. */
char *broken_path(const char *name);


int mode_errors(clu_env *env, const lesson_args *a);   /* errors.c */
int mode_dump(clu_env *env, const lesson_args *a);     /* dump.c */

#endif
