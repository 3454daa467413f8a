/* settings.c -- lesson 10's command line: every option set here, once. */
#include "settings.h"

settings read_settings(int argc, char **argv, size_t *M, size_t *N, size_t *K, clu_option pick,
                       clu_common *common)
{
    settings s = {.chosen = BY_DEVICE, .reps = 3};
    const char *tiles_text = NULL;
    const clu_option opts[] = {
        {.flag = "-m", .metavar = "M", .help = "rows of A and C", .kind = CLU_OPT_SIZE, .dest = M, .min = 1, .max = 16384},
        {.flag = "-n", .metavar = "N", .help = "columns of B and C", .kind = CLU_OPT_SIZE, .dest = N, .min = 1, .max = 16384},
        {.flag = "-k", .metavar = "K", .help = "columns of A, rows of B (terms in each sum)", .kind = CLU_OPT_SIZE,
         .dest = K, .min = 1, .max = 16384},
        {.flag = "-o", .metavar = "VARIANT", .help = "the kernel to run (default: fast on a GPU, cpu on a CPU device)",
         .kind = CLU_OPT_VARIANT, .dest = &s.chosen, .table = pick.table, .count = pick.count, .stride = pick.stride},
        {.flag = "-c", .metavar = "TILES", .help = "BMxBNxBKxTMxTN of vec and fast, or cpu's shape with -o cpu "
         "(default: by device, tuning.c)", .kind = CLU_OPT_STRING, .dest = &tiles_text},
        {.flag = "-r", .metavar = "REPS", .help = "timed runs of each kernel (the best is kept); 0: check only, "
         "time nothing", .kind = CLU_OPT_SIZE,
         .dest = &s.reps, .min = 0, .max = 1000},
        {.flag = "--tune", .help = "sweep the tiles of vec and fast", .kind = CLU_OPT_FLAG, .dest = &s.tune},
        {.flag = "--pinned", .help = "host arrays in pinned memory (tuning.c)", .kind = CLU_OPT_FLAG, .dest = &s.pinned},
        {.flag = "--peak", .help = "also measure the FMA peak and copy bandwidth", .kind = CLU_OPT_FLAG, .dest = &s.peak},
    };
    clu_parse_args(argc, argv, "lesson 10: the matrix product C = A*B to the libraries' speed", opts,
                   sizeof opts / sizeof opts[0], common);
    s.tiles_given = tiles_text != NULL;
    if (s.tiles_given) s.tiles = tiles_parse(tiles_text); /* exits 2 on a malformed -c */
    return s;
}
