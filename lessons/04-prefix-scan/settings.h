/* settings.h -- what a run of lesson 04 is asked for on its command line,
 * read once (settings.c) and only read after that. */
#ifndef SETTINGS_H
#define SETTINGS_H

#include "clu.h"

typedef struct {
    int chosen;        /* -o: a variant's index, -1 for all */
    size_t n;          /* -n: values to scan */
    const char *type;  /* -T: "float" or "int" */
    int is_int;        /* the same: 1 for int */
    int exclusive;     /* -e: B[0] = 0; -i (the default): B[i] includes A[i] */
    size_t t, v;       /* -t work-group size, -v values per work-item: 0 if not given */
    size_t reps;       /* -r: timed runs of each launch, the best counts */
} settings;

/* Parse argv; n_default is -n's default, `pick` lists the variants for -o
 * (CLU_VARIANTS(table)). Anything wrong exits 2 with one line. */
settings read_settings(int argc, char **argv, size_t n_default, clu_option pick, clu_common *common);

#endif /* SETTINGS_H */
