/* settings.h -- what a run of lesson 10 is asked for on its command line,
 * read once (settings.c) and only read after that. */
#ifndef SETTINGS_H
#define SETTINGS_H

#include "clu.h"
#include "gemm.h"

enum { BY_DEVICE = -2 }; /* -o not given: main.c's by_device() chooses */

typedef struct {
    int chosen;      /* -o: a variant's index, -1 for all, BY_DEVICE */
    int tiles_given; /* -c was given: tiles holds it */
    tiles tiles;     /* -c BMxBNxBKxTMxTN of vec and fast, or cpu's shape */
    size_t reps;     /* -r: timed runs of each kernel, the best is kept */
    int tune;        /* --tune: sweep the tiles of vec and fast */
    int pinned;      /* --pinned: host arrays in pinned memory */
    int peak;        /* --peak: also the FMA peak and copy bandwidth */
} settings;

/* Parse argv: -m -n -k into *M, *N, *K; `pick` lists the variants for -o
 * (CLU_VARIANTS(table)). Anything wrong exits 2 with one line. */
settings read_settings(int argc, char **argv, size_t *M, size_t *N, size_t *K, clu_option pick,
                       clu_common *common);

#endif /* SETTINGS_H */
