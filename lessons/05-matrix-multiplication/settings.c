/* settings.c -- lesson 05's command line: every option set here, once. */
#include "settings.h"

settings read_settings(int argc, char **argv, size_t *M, size_t *N, size_t *K, clu_option pick,
                       clu_common *common)
{
    settings s = {.chosen = (int)pick.count - 1, .reps = 3}; /* vec, the last kernel taught */
    const char *tiles_text = NULL;
    const clu_option opts[] = {
        {.flag = "-m", .metavar = "M", .help = "rows of A and C", .kind = CLU_OPT_SIZE, .dest = M, .min = 1, .max = 16384},
        {.flag = "-n", .metavar = "N", .help = "columns of B and C", .kind = CLU_OPT_SIZE, .dest = N, .min = 1, .max = 16384},
        {.flag = "-k", .metavar = "K", .help = "columns of A, rows of B", .kind = CLU_OPT_SIZE, .dest = K, .min = 1, .max = 16384},
        {.flag = "-o", .metavar = "VARIANT", .help = "the kernel", .kind = CLU_OPT_VARIANT, .dest = &s.chosen,
         .table = pick.table, .count = pick.count, .stride = pick.stride},
        {.flag = "-t", .metavar = "TS", .help = "tile side of naive..1d, work-groups TS x TS (default: the largest "
         "up to 16 the kernel allows)", .kind = CLU_OPT_SIZE, .dest = &s.ts, .min = 1, .max = 64},
        {.flag = "-w", .metavar = "WPT", .help = "elements per work-item in 1d (divides TS; default 8)", .kind = CLU_OPT_SIZE,
         .dest = &s.wpt, .min = 1, .max = 64},
        {.flag = "-c", .metavar = "TILES", .help = "BMxBNxBKxTMxTN of 2d and vec", .kind = CLU_OPT_STRING, .dest = &tiles_text},
        {.flag = "-r", .metavar = "REPS", .help = "timed runs of each kernel (the best is kept); 0: check only, "
         "time nothing", .kind = CLU_OPT_SIZE,
         .dest = &s.reps, .min = 0, .max = 1000},
        {.flag = "--peak", .help = "also measure the FMA peak and copy bandwidth", .kind = CLU_OPT_FLAG, .dest = &s.peak},
    };
    clu_parse_args(argc, argv, "lesson 05: the matrix product C = A*B, naive to register-blocked", opts,
                   sizeof opts / sizeof opts[0], common);
    if (s.wpt && (s.ts ? s.ts : 16) % s.wpt) /* 1d's column of WPT within a tile side */
        clu_die("-w %zu must divide the tile side -t %zu", s.wpt, s.ts ? s.ts : 16);
    s.tiles_given = tiles_text != NULL;
    if (s.tiles_given) s.tiles = tiles_parse(tiles_text); /* exits 2 on a malformed -c */
    return s;
}
