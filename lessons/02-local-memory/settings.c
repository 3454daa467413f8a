/* settings.c -- lesson 02's command line: every option set here, once. */
#include "settings.h"

#include <limits.h>

settings read_settings(int argc, char **argv, clu_option pick, clu_common *common)
{
    settings s = {.chosen = -1, .X = 1 << 20, .Y = 4096, .reps = 3};
    const clu_option opts[] = {
        {.flag = "-x", .metavar = "X", .help = "length of A and C", .kind = CLU_OPT_SIZE, .dest = &s.X,
         .min = 1, .max = INT_MAX},
        {.flag = "-y", .metavar = "Y", .help = "length of B (terms in each sum)", .kind = CLU_OPT_SIZE,
         .dest = &s.Y, .min = 1, .max = INT_MAX},
        {.flag = "-t", .metavar = "WG", .help = "work-group size (default: the largest power of two "
         "up to 256 that every kernel allows)", .kind = CLU_OPT_SIZE, .dest = &s.wg, .min = 1, .max = 1 << 16},
        {.flag = "-s", .metavar = "T", .help = "tile length in floats for tiled (0: the work-group size)",
         .kind = CLU_OPT_SIZE, .dest = &s.T, .min = 0, .max = 1 << 24},
        {.flag = "-o", .metavar = "VARIANT", .help = "the kernel to run (all: every one but wrong-barrier)",
         .kind = CLU_OPT_VARIANT, .dest = &s.chosen, .table = pick.table, .count = pick.count,
         .stride = pick.stride},
        {.flag = "-r", .metavar = "N", .help = "runs of each kernel; the best time counts; 0: check only, time nothing",
         .kind = CLU_OPT_SIZE, .dest = &s.reps, .min = 0, .max = 1000},
        {.flag = "--i-know", .help = "run wrong-barrier on a real device (it may hang a GPU)",
         .kind = CLU_OPT_FLAG, .dest = &s.i_know},
        {.flag = "--fill-device", .help = "X = 131072 per compute unit, enough for any device (make bench)",
         .kind = CLU_OPT_FLAG, .dest = &s.fill},
    };
    clu_parse_args(argc, argv, "lesson 02: the outer sum with B in local memory", opts,
                   sizeof opts / sizeof opts[0], common);
    return s;
}
