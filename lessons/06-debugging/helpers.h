/* What lesson 06's main.c calls in the files beside it. mistakes.c: the
 * broken kernels' folder, the API mistakes made on purpose (-o errors), and
 * the input this program refuses before the driver sees it. binary.c: a
 * program binary written to a file and its first bytes shown. */
#ifndef HELPERS_H
#define HELPERS_H

#include "clu.h"

char *kernel_file(const char *name);
size_t show_mistakes(clu_env *env);
void refuse_unused(int argc, char **argv, const clu_option *opts, size_t nopts, const char *mode,
                   const char *uses);
void check_build_options(const char *options);
void show_binary(const unsigned char *bin, size_t size, const char *file, const char *save);

#endif
