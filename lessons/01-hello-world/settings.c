/* settings.c -- lesson 01's command line, read once: the sizes X and Y,
 * the work-group size and the runs. */
#include "clu.h"

#include <limits.h>

void read_settings(int argc, char **argv, size_t *X, size_t *Y, size_t *wg, size_t *reps, clu_common *common)
{
    *X = 1 << 20, *Y = 1024, *wg = 0, *reps = 3; /* wg 0: the kernel's choice */
    const clu_option opts[] = {
        {.flag = "-x", .metavar = "X", .help = "length of A and C", .kind = CLU_OPT_SIZE, .dest = X,
         .min = 1, .max = INT_MAX},
        {.flag = "-y", .metavar = "Y", .help = "length of B (terms in each sum)", .kind = CLU_OPT_SIZE,
         .dest = Y, .min = 1, .max = INT_MAX},
        {.flag = "-t", .metavar = "WG", .help = "work-group size (default: the largest power of two up "
         "to 256 the kernel allows)", .kind = CLU_OPT_SIZE, .dest = wg, .min = 1, .max = 1 << 16},
        {.flag = "-r", .metavar = "N", .help = "runs of the kernel; the best time counts",
         .kind = CLU_OPT_SIZE, .dest = reps, .min = 1, .max = 1000},
    };
    clu_parse_args(argc, argv, "lesson 01: the outer sum C[x] = sum_y A[x]*B[y], the whole host flow",
                   opts, sizeof opts / sizeof opts[0], common);
}
