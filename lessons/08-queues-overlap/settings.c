/* settings.c -- lesson 08's command line: every option set here, once. */
#include "overlap.h"

settings read_settings(int argc, char **argv, clu_option pick, ctx *run, clu_common *common)
{
    settings s = {.chosen = -1};
    run->n = (size_t)1 << 24, run->chunks = 8, run->wg = 0, run->reps = 3;
    const clu_option opts[] = {
        {.flag = "-n", .metavar = "N", .help = "elements of x, y and z", .kind = CLU_OPT_SIZE, .dest = &run->n, .min = 1, .max = (size_t)1 << 28},
        {.flag = "-c", .metavar = "CHUNKS", .help = "pieces of the pipelines", .kind = CLU_OPT_SIZE, .dest = &run->chunks, .min = 1, .max = MAX_CHUNKS},
        {.flag = "-o", .metavar = "VARIANT", .help = "the variant to run", .kind = CLU_OPT_VARIANT, .dest = &s.chosen, .table = pick.table,
         .count = pick.count, .stride = pick.stride},
        {.flag = "-t", .metavar = "WG", .help = "work-group size (default: the largest power of two up to 256 the kernel allows)",
         .kind = CLU_OPT_SIZE, .dest = &run->wg, .min = 1, .max = 1 << 16},
        {.flag = "-r", .metavar = "N", .help = "runs of each variant; the best time counts", .kind = CLU_OPT_SIZE, .dest = &run->reps, .min = 1, .max = 1000},
        {.flag = "-f", .metavar = "PERCENT", .help = "split: the share of the first device (0: from the speeds)", .kind = CLU_OPT_SIZE,
         .dest = &s.share, .max = 100},
    };
    clu_parse_args(argc, argv, "lesson 08: queues, events and overlap on z = x * y",
                   opts, sizeof opts / sizeof opts[0], common);
    if (run->chunks > run->n)
        clu_die("-c: %zu chunks of %zu elements: at most one chunk per element", run->chunks, run->n);
    return s;
}
