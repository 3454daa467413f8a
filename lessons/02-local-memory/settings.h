/* settings.h -- what a run of lesson 02 is asked for on its command line,
 * read once (settings.c) and only read after that. */
#ifndef SETTINGS_H
#define SETTINGS_H

#include "clu.h"

typedef struct {
    int chosen;         /* -o: a variant's index, -1 for all (every one but wrong-barrier) */
    size_t X, Y;        /* -x, -y: the lengths of A (and C) and B */
    size_t wg;          /* -t: work-group size, 0: the kernels' choice */
    size_t T;           /* -s: tiled's tile length, 0: the work-group size */
    size_t reps;        /* -r: runs of each kernel, the best time counts */
    int i_know;         /* --i-know: run wrong-barrier on a real device */
    int fill;           /* --fill-device: X from the device's compute units */
} settings;

/* Parse argv; `pick` lists the variants for -o (CLU_VARIANTS(table)).
 * Anything wrong exits 2 with one line. */
settings read_settings(int argc, char **argv, clu_option pick, clu_common *common);

#endif /* SETTINGS_H */
