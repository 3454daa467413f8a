/* Checker for exercise 09-2: the student's by_ticket over two or three
 * launches in a row, the counter carried from one to the next. Which
 * work-group gets which ticket depends on the order in which they start, and
 * a CPU device starts them in about their own order, so the checker never
 * looks at that order. It checks what does not depend on it: after each
 * launch of G work-groups the counter moved by exactly G; the tiles from the
 * counter's value before the launch on were each processed exactly once
 * (out[i] += in[i] once: twice shows as 2·in[i]); every other tile, before
 * that value too, was left alone. The counter never starts at 0, so tiles
 * numbered by get_group_id are the wrong ones on every device. Races (a
 * ticket shared without a barrier, an increment that is not atomic) are
 * Oclgrind's to see: the device may run such a kernel right by luck. */
#include "grading.h"

#include <stdio.h>
#include <string.h>

#define MAX_LAUNCHES 3

typedef struct {
    cl_uint n, tile;
    size_t wg;                   /* 0: the widest the device allows (at most 1024) */
    cl_uint first;               /* the counter before the first launch */
    cl_uint groups[MAX_LAUNCHES]; /* work-groups of each launch (0: none) */
    unsigned seed;
    int small;
} ticket_case;

/* How many times each tile was processed (3: values no number of passes
 * gives), then the first thing wrong, named: 1 when the launch was right. */
static int judge_tiles(const int *got, const int *base, const int *in, cl_uint n, cl_uint tile, cl_uint from,
                       cl_uint to, size_t groups, int launch)
{
    const cl_uint tiles = (n + tile - 1) / tile;
    unsigned char *times = grade_alloc(tiles);
    for (cl_uint t = 0; t < tiles; t++) {
        int once = 1, twice = 1, none = 1;
        const cl_uint end = t == tiles - 1 ? n : (t + 1) * tile;
        for (cl_uint i = t * tile; i < end; i++) {
            once &= got[i] == base[i] + in[i];
            twice &= got[i] == base[i] + 2 * in[i];
            none &= got[i] == base[i];
        }
        times[t] = none ? 0 : once ? 1 : twice ? 2 : 3;
    }
#define MINE(t) ((t) >= from && (t) < to)
    int ok = 1, shifted = from < tiles && times[from] == 0, by_group = from > 0;
    for (cl_uint t = 0; t < tiles; t++) {
        shifted &= times[t] == (t > from && t <= to ? 1 : 0);
        by_group &= times[t] == (t < groups ? 1 : 0);
    }
    for (cl_uint t = 0; t < tiles && ok; t++)
        if (times[t] == 3) {
            grade_fail("launch %d of %zu work-groups: tile %u holds values that no number of passes over it gives "
                       "(is every value of the tile added once, by one work-item?)", launch, groups, t);
            ok = 0;
        }
    for (cl_uint t = 0; t < tiles && ok; t++)
        if (times[t] == 2) {
            grade_fail("launch %d of %zu work-groups: tile %u was processed twice: two work-groups held its ticket "
                       "(does one work-item per group take it, atomically?)", launch, groups, t);
            ok = 0;
        }
    if (ok && shifted) {
        grade_fail("launch %d of %zu work-groups: tiles %u .. %u were processed, not %u .. %u: the ticket is the "
                   "value atomic_inc returns, the counter before the increment", launch, groups, from + 1, to, from,
                   to - 1);
        ok = 0;
    }
    if (ok && by_group) {
        grade_fail("launch %d of %zu work-groups: tiles 0 .. %zu were processed, not %u .. %u: those are the "
                   "work-groups' numbers (get_group_id); the tile is the group's ticket, and the counter stood at %u",
                   launch, groups, groups - 1, from, to - 1, from);
        ok = 0;
    }
    for (cl_uint t = 0; t < tiles && ok; t++)
        if (MINE(t) && times[t] == 0) {
            grade_fail("launch %d of %zu work-groups: tile %u was never processed (the counter stood at %u, so tiles "
                       "%u .. %u were this launch's)", launch, groups, t, from, from, to - 1);
            ok = 0;
        } else if (!MINE(t) && times[t] != 0) {
            grade_fail("launch %d of %zu work-groups: tile %u was processed, but this launch's tiles were %u .. %u "
                       "(the counter stood at %u)", launch, groups, t, from, to - 1, from);
            ok = 0;
        }
#undef MINE
    free(times);
    return ok;
}

static void try_case(clu_env *env, cl_kernel k, const ticket_case *c, size_t wg)
{
    const cl_uint n = c->n, tile = c->tile;
    int *in = grade_alloc(n * sizeof(int)), *base = grade_alloc(n * sizeof(int)), *want = grade_alloc(n * sizeof(int));
    grade_fill_i(in, n, c->seed, 1, 1000);
    grade_fill_i(base, n, c->seed + 1, -1000, 1000);
    gbuf *gin = gb_in(env, "in", GB_INT, in, n);
    cl_uint counter = c->first;
    for (int l = 0; l < MAX_LAUNCHES && c->groups[l] && grade_ok(); l++) {
        const size_t groups = c->groups[l];
        gbuf *ctr = gb_inout(env, "next_tile", GB_INT, &counter, 1);
        gbuf *out = gb_inout(env, "out", GB_INT, base, n);
        gb_arg(k, 0, ctr);
        gb_arg(k, 1, gin);
        gb_arg(k, 2, out);
        grade_arg(k, 3, sizeof n, &n);
        grade_arg(k, 4, sizeof tile, &tile);
        const size_t global = groups * wg;
        grade_run(env, k, 1, &global, &wg);
        if (!grade_ok()) break;
        const cl_uint after = *(const cl_uint *)gb_fetch(env, ctr);
        const cl_uint want_after = counter + (cl_uint)groups;
        if (after != want_after) {
            const cl_uint moved = after - counter;
            if (moved == groups * wg)
                grade_fail("launch %d: the counter moved by %u for %zu work-groups of %zu: every work-item took a "
                           "ticket; one work-item of each group takes it and shares it",
                           l + 1, moved, groups, wg);
            else if (moved == 0)
                grade_fail("launch %d: the counter did not move (it stayed at %u): each work-group takes a ticket "
                           "from next_tile[0] with atomic_inc",
                           l + 1, counter);
            else if (after < counter)
                grade_fail("launch %d: the counter went back from %u to %u: it is never reset, the next launch goes "
                           "on where this one stopped",
                           l + 1, counter, after);
            else
                grade_fail("launch %d: the counter moved by %u for %zu work-groups: one ticket per work-group "
                           "(an increment that is not atomic loses some)",
                           l + 1, moved, groups);
            break;
        }
        const int *got = gb_fetch(env, out);
        if (!judge_tiles(got, base, in, n, tile, counter, want_after, groups, l + 1)) break;
        for (cl_uint i = 0; i < n; i++) {
            const cl_uint t = i / tile;
            want[i] = base[i] + (t >= counter && t < want_after ? in[i] : 0);
        }
        gb_check_i(out, want, n); /* guards */
        counter = want_after;
    }
    grade_case_end(env);
    free(in);
    free(base);
    free(want);
}

int main(int argc, char **argv)
{
    static const ticket_case cases[] = {
        {10, 4, 1, 1, {1, 1, 0}, 921, 1},
        {33, 8, 3, 2, {2, 1, 0}, 922, 1},
        {100, 16, 7, 1, {3, 2, 4}, 923, 1}, /* the last launch has tickets past the last tile */
        {257, 32, 64, 3, {2, 3, 0}, 924, 1},
        {1000, 100, 0, 2, {5, 3, 0}, 925, 1},
        {70001, 1024, 256, 5, {20, 30, 18}, 926, 0},
        {1u << 22, 4096, 0, 7, {500, 300, 300}, 927, 0},
#ifdef GRADE_HIDDEN /* the instructor's hidden cases: solutions/EX/instructor/hidden.h, never in the handout */
#include GRADE_HIDDEN
#endif
    };
    const int count = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, count, &env);
    grade_require("atomic_inc|atom_inc|atomic_add|atom_add", "take the ticket with an atomic increment of next_tile[0] (atomic_inc)");
    cl_program prog = grade_build(&env, "ticket.cl", "");
    cl_kernel k = grade_kernel(prog, "by_ticket");
    const size_t widest = grade_widest_group(&env, k, 1024, 0);
    for (int i = 0; i < count; i++) {
        size_t wg = cases[i].wg ? cases[i].wg : widest;
        if (wg > widest) wg = widest;
        char launches[64] = "";
        for (int l = 0; l < MAX_LAUNCHES && cases[i].groups[l]; l++)
            snprintf(launches + strlen(launches), sizeof launches - strlen(launches), "%s%u", l ? ", " : "",
                     cases[i].groups[l]);
        if (grade_case(i, cases[i].small, "n=%u, tiles of %u, work-groups of %zu, counter at %u, launches of %s groups, seed %u",
                       cases[i].n, cases[i].tile, wg, cases[i].first, launches, cases[i].seed))
            try_case(&env, k, &cases[i], wg);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
