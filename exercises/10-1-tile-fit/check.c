/* Checker for exercise 10-1: tile_fit on synthetic devices. Each check is a
 * batch of problems (a list of candidate tiles and a device's limits) in
 * which one limit decides: local memory, the work-group size, the
 * registers, all three met exactly, double buffering, none that fits, ties
 * in the block's area, and limits drawn at random over the range of real
 * devices (16 KiB to 228 KiB of local memory, 32 to 1024 work-items, 32 to
 * 255 registers). The student's tile_fit.c runs in a program of its own
 * (runner.c, see runner-spawn.h) in the sandbox, and the right answers are
 * known here before it starts. The public problems and their answers are a
 * table that the instructor's reference writes (it is not in the handout:
 * solutions/10-1-tile-fit/instructor/), with the answer each usual mistake
 * gives, so that a wrong answer is named when it is exactly that mistake's. */
#include "runner-spawn.h"
#include "tile_fit.h"

#include <stdint.h>

#define MAXC 12 /* candidates in a list */
#define NV 11   /* 0: the right answer; 1 .. NV-1: the usual mistakes */

static const gemm_tile lists[][MAXC] = {
    /* 0: the lesson's shapes, not in order of size */
    {{32, 64, 16, 4, 8}, {128, 64, 8, 8, 8}, {64, 64, 8, 4, 4}, {128, 128, 8, 8, 8}, {32, 32, 8, 4, 4},
     {32, 16, 8, 4, 4}, {16, 16, 8, 4, 4}, {8, 8, 4, 4, 4}, {4, 4, 4, 4, 4}},
    /* 1: blocks of equal area with different work per work-item */
    {{64, 64, 8, 4, 4}, {128, 32, 8, 8, 4}, {64, 64, 16, 8, 8}, {32, 128, 8, 4, 8}, {64, 64, 8, 8, 8},
     {64, 32, 8, 4, 4}, {32, 64, 8, 4, 8}, {16, 16, 4, 4, 4}, {128, 128, 16, 8, 8}, {128, 128, 8, 16, 8}},
    /* 2: small first, deep k steps */
    {{16, 16, 16, 4, 4}, {32, 32, 32, 4, 4}, {64, 32, 16, 8, 4}, {64, 128, 16, 8, 8}, {128, 64, 32, 8, 8},
     {256, 128, 8, 16, 8}, {128, 256, 8, 8, 16}, {96, 96, 8, 12, 12}, {48, 48, 12, 4, 4}},
};
static const int list_len[] = {9, 10, 9};

typedef struct {
    int group, list;
    unsigned long long local_mem;
    int max_group, registers, double_buffer;
    int pick[NV]; /* pick[0]: the right index; pick[v]: what mistake v returns */
} problem;

static const char *group_name[] = {
    "local memory decides", "the work-group size decides", "the registers decide",
    "every limit met exactly by some tile", "double buffering decides", "no tile fits",
    "ties in the block's area", "limits drawn at random over real devices",
    "the instructor's hidden limit sets",
};
#define PUBLIC_GROUPS 8

/* What each mistake is, when a wrong answer is exactly its answer. */
static const char *mistake[NV] = {
    NULL,
    "that tile needs more local memory than the device has: count the local memory",
    "that leaves out a tile whose need equals a limit: a need equal to its limit fits (at most, not less than)",
    "that counts the tile of A without its padding: bm + TILE_APAD floats a row",
    "that is the first tile that fits, not the best: the largest block bm * bn wins",
    "that counts each tile once: with double buffering the kernel keeps two copies of each",
    "that tile needs more registers than a work-item may use: count the registers",
    "that counts bm * bn work-items: one work-item computes tm * tn sums, so a group holds (bm / tm) * (bn / tn)",
    "among equally good tiles the first in the list wins, not the last",
    "among blocks of the same area the one with the larger tm * tn wins",
    "that tile needs more work-items than a work-group may hold: check the work-group size",
};

static const problem known[] = {
#include "tile_fit_known.h"
};

#ifdef GRADE_HIDDEN /* the instructor's reference and hidden limit sets, never in the handout */
#include GRADE_HIDDEN
#endif

static void describe(const problem *p, int i, char *out, size_t len)
{
    if (i < 0 || i >= list_len[p->list]) {
        snprintf(out, len, "%d", i);
        return;
    }
    const gemm_tile *t = &lists[p->list][i];
    snprintf(out, len, "%d (%dx%d blocks, bk %d, %dx%d per work-item)", i, t->bm, t->bn, t->bk, t->tm, t->tn);
}

static void run_group(spawn_files *f, const problem *ps, int count)
{
    FILE *in = fopen(f->in, "wb");
    int32_t np = count;
    int bad = !in || fwrite(&np, 4, 1, in) != 1;
    for (int p = 0; p < count && !bad; p++) {
        const problem *q = &ps[p];
        uint64_t lm = q->local_mem;
        int32_t lim[3] = {q->max_group, q->registers, q->double_buffer}, c = list_len[q->list];
        bad |= fwrite(&lm, 8, 1, in) != 1 || fwrite(lim, 4, 3, in) != 3 || fwrite(&c, 4, 1, in) != 1;
        for (int i = 0; i < c; i++) {
            const gemm_tile *t = &lists[q->list][i];
            int32_t v[5] = {t->bm, t->bn, t->bk, t->tm, t->tn};
            bad |= fwrite(v, 4, 5, in) != 5;
        }
    }
    if (!in || (fclose(in) != 0) | bad) clu_die("cannot write %s", f->in);
    const char *args[] = {NULL};
    if (!spawn_runner(f, args, "tile_fit")) return;
    char *said = spawn_read(f->out);
    int *got = grade_alloc((size_t)count * sizeof(int));
    for (int p = 0; p < count; p++) got[p] = -1000;
    for (const char *s = said; s && (s = strstr(s, "pick ")) != NULL; s += 5) {
        int p, i;
        if (sscanf(s, "pick %d %d", &p, &i) == 2 && p >= 0 && p < count) got[p] = i;
    }
    int first = -1, explained = 0;
    for (int p = 0; p < count && first < 0; p++)
        if (got[p] != ps[p].pick[0]) first = p;
    /* A mistake explains the answers when it gives every one of them. */
    for (int v = 1; v < NV && first >= 0 && !explained; v++) {
        int all = 1;
        for (int p = 0; p < count && all; p++) all = got[p] == ps[p].pick[v];
        if (all) explained = v;
    }
    for (int v = 1; v < NV && first >= 0 && !explained; v++)
        if (got[first] == ps[first].pick[v]) explained = v;
    if (first >= 0) {
        const problem *q = &ps[first];
        char g[96], w[96];
        describe(q, got[first], g, sizeof g);
        describe(q, q->pick[0], w, sizeof w);
        if (got[first] == -1000)
            grade_fail("the program wrote no answer for problem %d: did tile_fit return?", first);
        else
            grade_fail("problem %d (local memory %llu bytes, work-groups of at most %d, %d registers, %s): tile_fit "
                       "returned %s, the best tile that fits is %s%s%s",
                       first, q->local_mem, q->max_group, q->registers,
                       q->double_buffer ? "double buffering" : "no double buffering", g,
                       q->pick[0] < 0 ? "none (-1)" : w,
                       explained || got[first] < -1 || got[first] >= list_len[q->list] || q->pick[0] < 0 ? ": " : "",
                       explained ? mistake[explained]
                       : got[first] < -1 || got[first] >= list_len[q->list] ? "that is not an index into the list"
                       : q->pick[0] < 0 ? "no candidate fits these limits: return -1"
                                        : "");
    }
    free(got);
    free(said);
}

int main(int argc, char **argv)
{
    const int nknown = (int)(sizeof known / sizeof known[0]);
#ifdef HIDDEN_KNOWN
    if (getenv("GRADE_PRINT_KNOWN")) {
        hidden_print_public();
        return 0;
    }
    for (int p = 0; p < nknown; p++) /* the public table as the reference writes it */
        if (!hidden_matches(&known[p]))
            clu_die("the public table of 10-1's checker (tile_fit_known.h) is stale at problem %d: write it again "
                    "(see solutions/10-1-tile-fit/instructor/hidden.h)", p);
#endif
    problem *hidden = NULL;
    int nhidden = 0;
#ifdef HIDDEN_KNOWN
    hidden = hidden_problems(&nhidden);
#endif
    const int checks = PUBLIC_GROUPS + (nhidden > 0);
    clu_env env;
    grade_start(argc, argv, checks, &env);
    spawn_files f;
    spawn_init(&f, "10-1");
    for (int g = 0; g < checks; g++) {
        const problem *ps = g < PUBLIC_GROUPS ? known : hidden;
        const int total = g < PUBLIC_GROUPS ? nknown : nhidden;
        int from = 0, count = 0;
        while (from < total && ps[from].group != g) from++;
        while (from + count < total && ps[from + count].group == g) count++;
        if (!grade_case(g, 0, "%s: %d limit sets", group_name[g], count)) continue;
        if (count == 0) clu_die("10-1's checker: no problems in group %d", g);
        run_group(&f, ps + from, count);
        grade_case_end(NULL);
    }
    spawn_cleanup(&f);
    free(hidden);
    return grade_finish(&env);
}
