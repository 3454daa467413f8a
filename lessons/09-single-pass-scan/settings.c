/* settings.c -- lesson 09's command line: every option set here, once,
 * and refused here where it cannot be. */
#include "settings.h"

#include <string.h>

settings read_settings(int argc, char **argv, size_t n_default, clu_option pick, clu_common *common)
{
    settings s = {.chosen = -1, .n = n_default, .type = "float", .reps = 5};
    int inclusive = 0;
    const char *test_mode = "off";
    const clu_option opts[] = {
        {.flag = "-o", .metavar = "VARIANT", .help = "the pass to run", .kind = CLU_OPT_VARIANT, .dest = &s.chosen,
         .table = pick.table, .count = pick.count, .stride = pick.stride},
        {.flag = "-n", .metavar = "N", .help = "number of values to scan", .kind = CLU_OPT_SIZE, .dest = &s.n,
         .min = 1, .max = (size_t)1 << 31},
        {.flag = "-T", .metavar = "TYPE", .help = "float or int", .kind = CLU_OPT_STRING, .dest = &s.type},
        {.flag = "-i", .help = "inclusive scan: B[i] includes A[i] (the default)", .kind = CLU_OPT_FLAG,
         .dest = &inclusive},
        {.flag = "-e", .help = "exclusive scan: B[i] = A[0] + ... + A[i-1], B[0] = 0", .kind = CLU_OPT_FLAG,
         .dest = &s.exclusive},
        {.flag = "-t", .metavar = "WG", .help = "work-group size, a power of two (default: each pass's own, or "
         "what the kernels allow)", .kind = CLU_OPT_SIZE, .dest = &s.t, .min = 1, .max = 1 << 16},
        {.flag = "-v", .metavar = "ITEMS", .help = "values per work-item (multiple of 4, at most 64), or "
         "cpu-chunks' chunk (multiple of 8); default: each pass's own", .kind = CLU_OPT_SIZE, .dest = &s.v, .min = 4,
         .max = 1 << 20},
        {.flag = "-s", .metavar = "POLLS", .help = "polls before fallback or cpu-chunks sums a silent tile "
         "itself (default: the kernel's own)", .kind = CLU_OPT_SIZE, .dest = &s.polls, .min = 1, .max = 1u << 30},
        {.flag = "--look-back", .metavar = "MODE", .help = "for tests: far (every look-back walks to tile 0) "
         "or fallback (also sums the nearest tile itself)", .kind = CLU_OPT_STRING, .dest = &test_mode},
        {.flag = "-r", .metavar = "REPS", .help = "timed runs of each launch; the best counts; 0: check only, "
         "time nothing",
         .kind = CLU_OPT_SIZE, .dest = &s.reps, .min = 0, .max = 100},
    };
    clu_parse_args(argc, argv, "lesson 09: the single-pass scan, at the speed of a copy", opts,
                   sizeof opts / sizeof opts[0], common);
    s.is_int = !strcmp(s.type, "int");
    s.test = !strcmp(test_mode, "far") ? 1 : !strcmp(test_mode, "fallback") ? 3 : 0;
    if (!s.is_int && strcmp(s.type, "float")) clu_die("-T %s: the type is float or int", s.type);
    if (!s.test && strcmp(test_mode, "off")) clu_die("--look-back %s: the mode is far or fallback", test_mode);
    if (s.exclusive && inclusive) clu_die("-i and -e exclude each other: choose one");
    if (s.t & (s.t - 1)) clu_die("-t %zu: the work-group size must be a power of two", s.t);
    if (s.v % 4) clu_die("-v %zu: the values per work-item must be a multiple of 4", s.v);
    return s;
}
