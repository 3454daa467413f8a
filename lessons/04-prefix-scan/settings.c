/* settings.c -- lesson 04's command line: every option set here, once,
 * and refused here where it cannot be. */
#include "settings.h"

#include <string.h>

settings read_settings(int argc, char **argv, size_t n_default, clu_option pick, clu_common *common)
{
    settings s = {.chosen = -1, .n = n_default, .type = "float", .reps = 5};
    int inclusive = 0;
    const clu_option opts[] = {
        {.flag = "-o", .metavar = "VARIANT", .help = "the scan to run", .kind = CLU_OPT_VARIANT, .dest = &s.chosen,
         .table = pick.table, .count = pick.count, .stride = pick.stride},
        {.flag = "-n", .metavar = "N", .help = "number of values to scan", .kind = CLU_OPT_SIZE, .dest = &s.n,
         .min = 1, .max = (size_t)1 << 31},
        {.flag = "-T", .metavar = "TYPE", .help = "float or int", .kind = CLU_OPT_STRING, .dest = &s.type},
        {.flag = "-i", .help = "inclusive scan: B[i] includes A[i] (the default)", .kind = CLU_OPT_FLAG,
         .dest = &inclusive},
        {.flag = "-e", .help = "exclusive scan: B[i] = A[0] + ... + A[i-1], B[0] = 0", .kind = CLU_OPT_FLAG,
         .dest = &s.exclusive},
        {.flag = "-t", .metavar = "WG", .help = "work-group size, a power of two (default 256, or what the kernels "
         "allow)", .kind = CLU_OPT_SIZE, .dest = &s.t, .min = 1, .max = 1 << 16},
        {.flag = "-v", .metavar = "ITEMS", .help = "values per work-item of reduce and reduce-then-scan (multiple "
         "of 4, at most 64; default 16, or what local memory holds)", .kind = CLU_OPT_SIZE, .dest = &s.v, .min = 4,
         .max = 64},
        {.flag = "-r", .metavar = "REPS", .help = "timed runs of each launch; the best counts; 0: check only, "
         "time nothing",
         .kind = CLU_OPT_SIZE, .dest = &s.reps, .min = 0, .max = 100},
    };
    clu_parse_args(argc, argv, "lesson 04: prefix scan, from one work-group to any n", opts,
                   sizeof opts / sizeof opts[0], common);
    s.is_int = !strcmp(s.type, "int");
    if (!s.is_int && strcmp(s.type, "float")) clu_die("-T %s: the type is float or int", s.type);
    if (s.exclusive && inclusive) clu_die("-i and -e exclude each other: choose one");
    if (s.t & (s.t - 1)) clu_die("-t %zu: the work-group size must be a power of two", s.t);
    if (s.v % 4) clu_die("-v %zu: the values per work-item must be a multiple of 4", s.v);
    return s;
}
