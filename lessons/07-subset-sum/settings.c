/* settings.c -- lesson 07's command line: every option set here, once,
 * and refused here where it cannot run. */
#include "subset-sum.h"

#include <string.h>

settings read_settings(int argc, char **argv, const variant *table, size_t count, ctx *run, clu_common *common)
{
    settings s = {.n = 24, .seed = 7, .maxitem = MAX_ITEM, .chosen = -1, .last = 1};
    size_t k = SIZE_MAX, L = 8; /* SIZE_MAX: -k not given */
    run->wg = 0, run->reps = 3, run->budget = 1024;
    const char *which = "both";
    const clu_option opts[] = {
        {.flag = "-n", .metavar = "N", .help = "how many items (signed integers)", .kind = CLU_OPT_SIZE, .dest = &s.n, .min = 1, .max = MAX_N},
        {.flag = "-k", .metavar = "K", .help = "items decided by the work-item's id: 2^K subtrees (default: N, at most 16)",
         .kind = CLU_OPT_SIZE, .dest = &k, .max = 24},
        {.flag = "-l", .metavar = "L", .help = "levels the hybrid enumerates without a search", .kind = CLU_OPT_SIZE, .dest = &L, .max = 20},
        {.flag = "-a", .metavar = "A", .help = "largest |item| (small: many subsets hit the target)", .kind = CLU_OPT_SIZE,
         .dest = &s.maxitem, .min = 1, .max = MAX_ITEM},
        {.flag = "-c", .metavar = "CASE", .help = "random, worst or both", .kind = CLU_OPT_STRING, .dest = &which},
        {.flag = "-o", .metavar = "VARIANT", .help = "the variant to run", .kind = CLU_OPT_VARIANT, .dest = &s.chosen, .table = table,
         .count = count, .stride = sizeof table[0]},
        {.flag = "-t", .metavar = "WG", .help = "work-group size (default: the largest power of two up to 64 each kernel allows)",
         .kind = CLU_OPT_SIZE, .dest = &run->wg, .min = 1, .max = 1 << 16},
        {.flag = "-b", .metavar = "NODES", .help = "rounds: nodes a work-item searches per round", .kind = CLU_OPT_SIZE, .dest = &run->budget,
         .min = 1, .max = 1u << 30},
        {.flag = "-r", .metavar = "N", .help = "runs of each variant; the best time counts; 0: check only, time nothing", .kind = CLU_OPT_SIZE, .dest = &run->reps, .min = 0, .max = 1000},
        {.flag = "-s", .metavar = "SEED", .help = "seed of the items", .kind = CLU_OPT_SIZE, .dest = &s.seed, .max = 1u << 30},
    };
    clu_parse_args(argc, argv, "lesson 07: subset sum by backtracking, divergence measured and reduced",
                   opts, sizeof opts / sizeof opts[0], common);
    if (!strcmp(which, "random")) s.last = 0;
    else if (!strcmp(which, "worst")) s.first = 1;
    else if (strcmp(which, "both")) clu_die("-c: '%s' is not a case; one of: random, worst, both", which);
    if (k == SIZE_MAX) k = s.n < 16 ? s.n : 16;
    if (k > s.n) clu_die("-k: %zu items decided by the id, but there are only %zu (-n)", k, s.n);
    const variant *v = s.chosen >= 0 ? &table[s.chosen] : NULL; /* NULL: all */
    /* bits counts 2^(n-k) subsets per work-item with a 32-bit step counter. */
    if (s.n - k > 31 && (!v || v->enumerate == 2))
        clu_die("-k: %zu leaves 2^%zu subsets to each work-item of bits; at most 2^31 "
                "(raise -k to at least %zu)", k, s.n - k, s.n - 31);
    if (v && v->openmp && !omp_threads())
        clu_die("-o %s: this program was built without OpenMP (no -fopenmp)", v->name);
    run->k = (int)k, run->L = (int)L;
    return s;
}
