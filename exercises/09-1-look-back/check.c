/* Checker for exercise 09-1: the student's look_back on status words this
 * checker published, in flag patterns that make every walk different: each
 * tile's inclusive prefix or only its aggregate at random, every word an
 * aggregate (each walk goes back to tile 0), only tile 0 a prefix, every
 * word a prefix, alternating; 1 tile to 2^20, work-groups of 1 to the
 * widest. Whatever the flags, the exclusive prefix of tile t is the sum of
 * the totals of tiles 0 .. t-1, so the right answer is a serial scan of the
 * totals. A wrong value is named after the usual mistake when it is exactly
 * what that mistake gives at that tile. */
#include "grading.h"

#include <stdint.h>
#include <stdio.h>

#define FLAG_A 1u
#define FLAG_P 2u

enum { RANDOM, SPARSE, ALL_A, FIRST_P, ALL_P, ALTERNATE };
static const char *pattern_name[] = {
    "a prefix on a quarter of the tiles at random", "a prefix on one tile in 64 at random",
    "every word an aggregate (each walk reaches tile 0)", "only tile 0 an inclusive prefix",
    "every word an inclusive prefix", "prefixes on odd tiles, aggregates on even ones",
};

static unsigned next_rand(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fff;
}

/* What the usual mistakes give at tile t, where the right value is
 * incl[t-1]; named only when the student's value is exactly that. */
static const char *why_wrong(cl_uint t, int got, const int *total, const int *incl, const uint32_t *word,
                             long p, char *buf, size_t len)
{
    if (t == 0) return "tile 0 has no tile before it: its exclusive prefix is 0";
    const int want = incl[t - 1];
    const int last = (int)word[2 * (t - 1)]; /* the value tile t-1 published */
    if (got == incl[t]) {
        snprintf(buf, len, "that is tile %u's inclusive prefix: it counts tile %u's own total, and the exclusive prefix is the sum of the tiles before it", t, t);
        return buf;
    }
    if (word[2 * (t - 1) + 1] == FLAG_A && got == last) {
        snprintf(buf, len, "that is tile %u's aggregate alone: an aggregate is one tile's total, so the walk goes on to the tiles before it until it meets an inclusive prefix", t - 1);
        return buf;
    }
    if (t >= 2 && got == want - total[t - 1]) {
        snprintf(buf, len, "that leaves out tile %u, the one just before: the walk starts at tile t - 1", t - 1);
        return buf;
    }
    if (p >= 0 && got == want + incl[p]) {
        snprintf(buf, len, "that adds tile %ld's inclusive prefix twice", p);
        return buf;
    }
    if (p >= 0 && got == want - incl[p]) {
        snprintf(buf, len, "that stops at tile %ld's inclusive prefix without adding it: its value is part of the sum", p);
        return buf;
    }
    if (p <= 0 && got == want - (int)word[0]) return "that leaves out tile 0's word: the walk ends after adding tile 0, not before";
    if (p > 0) {
        int all = 0; /* every word back to tile 0, flags ignored */
        for (cl_uint j = 0; j < t; j++) all += (int)word[2 * j];
        if (got == all) {
            snprintf(buf, len, "that adds every word back to tile 0: tile %ld's inclusive prefix already holds every tile up to it, so the walk stops there", p);
            return buf;
        }
    }
    return NULL;
}

static void try_case(clu_env *env, cl_kernel k, cl_uint tiles, int pattern, size_t wg, unsigned seed)
{
    int *total = grade_alloc(tiles * sizeof(int)), *incl = grade_alloc(tiles * sizeof(int));
    uint32_t *word = grade_alloc(2 * (size_t)tiles * sizeof(uint32_t)); /* value, flag: one ulong, little-endian */
    long *prefix_before = grade_alloc(tiles * sizeof(long));          /* the nearest prefix before t, or -1 */
    unsigned s = seed;
    int run = 0;
    long p = -1;
    for (cl_uint t = 0; t < tiles; t++) {
        total[t] = (int)(next_rand(&s) % 1999) - 999;
        if (total[t] == 0) total[t] = 1000;
        run += total[t];
        incl[t] = run;
        int is_p = pattern == RANDOM   ? next_rand(&s) % 4 == 0
                   : pattern == SPARSE ? next_rand(&s) % 64 == 0
                   : pattern == ALL_A  ? 0
                   : pattern == FIRST_P ? t == 0
                   : pattern == ALL_P  ? 1
                                       : (t & 1) == 1;
        prefix_before[t] = p;
        word[2 * t] = (uint32_t)(is_p ? incl[t] : total[t]);
        word[2 * t + 1] = is_p ? FLAG_P : FLAG_A;
        if (is_p) p = (long)t;
    }
    gbuf *st = gb_in(env, "status", GB_INT, word, 2 * (size_t)tiles);
    gbuf *ex = gb_out(env, "exclusive", GB_INT, tiles);
    gb_arg(k, 0, st);
    gb_arg(k, 1, ex);
    grade_arg(k, 2, sizeof tiles, &tiles);
    const size_t global = clu_round_up(tiles, wg);
    grade_run(env, k, 1, &global, &wg);
    const int *got = gb_fetch(env, ex);
    int *want = grade_alloc(tiles * sizeof(int));
    for (cl_uint t = 0; t < tiles; t++) want[t] = t ? incl[t - 1] : 0;
    /* Named at the first wrong tile past tile 1 where there is one: at
     * tile 1, leaving out tile t-1 and leaving out tile 0 are one mistake. */
    long first = -1, named = -1;
    for (cl_uint t = 0; t < tiles && named < 0; t++)
        if (got[t] != want[t]) {
            if (first < 0) first = (long)t;
            if (t >= 2 || t + 1 == tiles) named = (long)t;
        }
    if (named < 0) named = first;
    if (named >= 0) {
        const cl_uint t = (cl_uint)named;
        char buf[320];
        const char *why = why_wrong(t, got[t], total, incl, word, prefix_before[t], buf, sizeof buf);
        if (!why && t != (cl_uint)first) { /* nothing named past tile 1: try the first */
            named = first;
            why = why_wrong((cl_uint)first, got[first], total, incl, word, prefix_before[first], buf, sizeof buf);
        }
        if (why) grade_fail("exclusive[%ld] is %d, expected %d: %s", named, got[named], want[named], why);
    }
    gb_check_i(ex, want, tiles); /* the rest: never written, guards */
    grade_case_end(env);
    free(total);
    free(incl);
    free(word);
    free(prefix_before);
    free(want);
}

int main(int argc, char **argv)
{
    /* wg 0: the widest work-group the device allows (at most 1024) */
    static const struct { cl_uint tiles; int pattern; size_t wg; unsigned seed; int small; } cases[] = {
        {1, RANDOM, 1, 901, 1},       {2, ALL_A, 1, 902, 1},      {7, RANDOM, 3, 903, 1},
        {33, ALL_A, 8, 904, 1},       {33, FIRST_P, 16, 905, 1},  {100, RANDOM, 7, 906, 1},
        {65, ALL_P, 32, 907, 1},      {99, ALTERNATE, 0, 908, 1}, {1001, RANDOM, 64, 909, 0},
        {8193, ALL_A, 0, 910, 0},     {4097, FIRST_P, 128, 911, 0}, {(1u << 20) - 1, SPARSE, 256, 912, 0},
        {1u << 20, RANDOM, 0, 913, 0},
#ifdef GRADE_HIDDEN /* the instructor's hidden cases: solutions/EX/instructor/hidden.h, never in the handout */
#include GRADE_HIDDEN
#endif
    };
    const int count = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, count, &env);
    cl_program prog = grade_build(&env, "look_back.cl", "");
    cl_kernel k = grade_kernel(prog, "look_back");
    const size_t widest = grade_widest_group(&env, k, 1024, 0);
    for (int i = 0; i < count; i++) {
        size_t wg = cases[i].wg ? cases[i].wg : widest;
        if (wg > widest) wg = widest;
        if (grade_case(i, cases[i].small, "%u tile%s, %s, work-groups of %zu, seed %u", cases[i].tiles,
                       cases[i].tiles > 1 ? "s" : "", pattern_name[cases[i].pattern], wg, cases[i].seed))
            try_case(&env, k, cases[i].tiles, cases[i].pattern, wg, cases[i].seed);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
