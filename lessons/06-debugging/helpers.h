/* What lesson 06's main.c calls in the files beside it. settings.c: the
 * command line, read once, and the options a mode would not read refused.
 * mistakes.c: the broken kernels' folder, the API mistakes made on purpose
 * (-o errors), and build options refused before the driver sees them.
 * binary.c: a program binary written to a file and its first bytes shown. */
#ifndef HELPERS_H
#define HELPERS_H

#include "clu.h"

/* What the command line asks for (settings.c). */
typedef struct {
    int mode;            /* -o: the mode's index in main.c's table */
    size_t X, Y, wg;     /* run modes; wg 0: each kernel's own default */
    const char *file;    /* build and dump: the kernel file */
    const char *options; /* build and dump: build options */
    const char *save;    /* dump: where to write the binary, or NULL */
} args;
/* Parse argv; `pick` lists the modes for -o (CLU_VARIANTS(table)), whose
 * entries begin with `const char *name, *why, *uses;` (uses: the options
 * the mode reads, "-x -y -t"). -o all, an option the mode would not read,
 * an empty -f and a build option without its argument exit 2, one line. */
args read_args(int argc, char **argv, clu_option pick, clu_common *common);

char *kernel_file(const char *name);
size_t show_mistakes(clu_env *env);
void check_build_options(const char *options);
void show_binary(const unsigned char *bin, size_t size, const char *file, const char *save);

#endif
