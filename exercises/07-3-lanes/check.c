/* Checker for exercise 07-3: busy_lanes and busy_lanes_by_size on hand-made
 * node counts with known answers, on counts beyond 32 bits, on 1, one less
 * and one more than a sub-group and a prime number of work-items, and on the
 * node counts of a search like lesson 07's. The student's lanes.c runs in its
 * own program (runner.c, see runner-spawn.h); the checker compares its shares with
 * those of known[], the instructor's reference's (not in the handout). No OpenCL here, so no check runs under Oclgrind. */
#include "runner-spawn.h"

#include <math.h>
#include <stdint.h>

/* A case's right share and the usual wrong ones (the numbers of mistake[]). */
typedef struct { double want, wrong[8]; int why[8]; } known_shares;

static const char *const mistake[] = {
    "",
    ": that is what sums in 32 bits give (the counts here need 64)",
    ": that share pays every sub-group for the busiest work-item of all; each sub-group runs only as long as its own "
    "busiest one",
    ": that is an integer division (useful / paid in integers rounds down)",
    ": that share pays a short last sub-group only for its work-items; its idle lanes are paid for too",
    ": that share leaves out the last, short sub-group",
    ": that is the share of the counts in the order given: the copy was not sorted from the largest down (is the "
    "comparator right for counts that differ by more than an int holds?)",
    ": that is the share of the counts sorted from the smallest up",
};

/* The public cases' shares, as the instructor's reference computes them
 * (the reference is not in the handout: solutions/07-3-lanes/instructor/). */
static const known_shares known[] = {
    {0.625, {0.46875, 0, 0, 0, 0, 0, 0, 0}, {2, 3, 0, 0, 0, 0, 0, 0}},
    {0.65000000000000002, {0, 0.8666666666666667, 1, 0, 0, 0, 0, 0}, {3, 4, 5, 0, 0, 0, 0, 0}},
    {0.25, {0, 1, 0, 0, 0, 0, 0, 0}, {3, 4, 0, 0, 0, 0, 0, 0}},
    {1, {0.22600000000000001, 0, 0, 0, 0, 0, 0, 0}, {2, 0, 0, 0, 0, 0, 0, 0}},
    {0.035312499999999997, {0, 0.22600000000000001, 0, 0, 0, 0, 0, 0}, {3, 4, 0, 0, 0, 0, 0, 0}},
    {0.75000000003125, {1.0946895688624074, 0.74999999993749999, 0, 1, 1, 0, 0, 0}, {1, 2, 3, 4, 5, 0, 0, 0}},
    {0.50582627118644063, {0, 0.52214324767632581, 0, 0, 0, 0, 0, 0}, {3, 4, 0, 0, 0, 0, 0, 0}},
    {0.42060810810810811, {0.26377118644067798, 0, 0.52338413032054654, 0.51959745762711862, 0, 0, 0, 0}, {2, 3, 4, 5, 0, 0, 0, 0}},
    {0.50743727881698686, {0.48818625364785995, 0, 0.51996907909115198, 0.51978434816549568, 0, 0, 0, 0}, {2, 3, 4, 5, 0, 0, 0, 0}},
    {1, {0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0}},
    {0.50320137805512222, {0.49572553790983609, 0, 0.51484769885607873, 0.51476206434316352, 0, 0, 0, 0}, {2, 3, 4, 5, 0, 0, 0, 0}},
    {0.96862487487487492, {0.50320137805512222, 0.92865283109404995, 0.49572553790983609, 0, 0.96935261707988984, 0.96934493987975956, 0, 0}, {6, 7, 2, 3, 4, 5, 0, 0}},
    {0.96976902173913049, {0.50743727881698686, 0.92125831803579628, 0.48818625364785995, 0, 0.97016446921299437, 0.97018487191880132, 0, 0}, {6, 7, 2, 3, 4, 5, 0, 0}},
    {0.99999999953433871, {0.50000000052386895, 0.81818181818181823, 0.33333333364377421, 0, 0, 0, 0, 0}, {6, 1, 2, 3, 0, 0, 0, 0}},
    {1, {0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0}},
    {1, {0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0}},
};

#ifdef GRADE_HIDDEN /* the instructor's reference and hidden cases, never in the handout */
#include GRADE_HIDDEN
#endif

static void try_case(spawn_files *f, int mode, const uint64_t *nodes, size_t items, size_t simd,
                     const known_shares *k)
{
    FILE *in = fopen(f->in, "wb");
    uint64_t s64 = simd, i64 = items;
    if (!in || fwrite(&mode, sizeof mode, 1, in) != 1 || fwrite(&s64, 8, 1, in) != 1 || fwrite(&i64, 8, 1, in) != 1 ||
        (items && fwrite(nodes, 8, items, in) != items) || fclose(in) != 0)
        clu_die("cannot write %s", f->in);
    const char *fn = mode ? "busy_lanes_by_size" : "busy_lanes";
    const char *args[] = {NULL};
    if (spawn_runner(f, args, fn)) {
        FILE *out = fopen(f->out, "rb");
        double got = 0;
        uint64_t *after = grade_alloc(items * 8 + 8);
        if (!out || fread(&got, sizeof got, 1, out) != 1 || (items && fread(after, 8, items, out) != items)) {
            grade_fail("the program wrote no result");
        } else if (mode && items && memcmp(after, nodes, items * 8) != 0) {
            size_t i = 0;
            while (after[i] == nodes[i]) i++;
            grade_fail("busy_lanes_by_size changed the node counts it was given (nodes[%zu] was %llu, now %llu): "
                       "sort a copy", i, (unsigned long long)nodes[i], (unsigned long long)after[i]);
        } else {
            const double want = k->want;
            if (!(fabs(got - want) <= 1e-12 * want)) {
                const char *why = "";
                for (int w = 0; w < 8 && k->why[w] && !why[0]; w++)
                    if (fabs(got - k->wrong[w]) <= 1e-9 * got) why = mistake[k->why[w]];
                if (mode && !why[0])
                    why = ": not the share of the counts sorted from the largest down (busy_lanes_by_size sorts a "
                          "copy, then measures it as busy_lanes does)";
                grade_fail("%s gave %.12g, expected %.12g (%zu work-items, sub-groups of %zu)%s", fn, got, want, items,
                           simd, why);
            }
        }
        if (out) fclose(out);
        free(after);
    }
    grade_case_end(NULL);
}

int main(int argc, char **argv)
{
    static const uint64_t two_groups[8] = {4, 4, 4, 4, 1, 2, 3, 8}; /* (16 + 14) / (16 + 32) */
    static const uint64_t short_group[6] = {5, 5, 5, 5, 5, 1};     /* the last group has 2 of 4 */
    static const uint64_t uneven[5] = {1, 100, 3, 7, 2};
    static const uint64_t big[3] = {4000000000ull, 4000000000ull, 3999999999ull}; /* beyond 32 bits */
    static const uint64_t far_apart[6] = {5, 4294967301ull, 3, 4294967299ull, 1, 1}; /* differences of 2^32 */
    static const uint64_t one[1] = {7};
    static const uint64_t idle[5] = {0, 0, 0, 0, 0}; /* nothing paid for: 0/0, the share is 1 */
    static uint64_t search[1000], shuffled[997];
    for (int g = 0; g < 1000; g++) search[g] = (uint64_t)((g * 7919) % 61 + 1); /* a loop of that many turns */
    for (int g = 0; g < 997; g++) shuffled[g] = (uint64_t)((g * 31) % 97 + (g % 5) * 40 + 1);
    static const struct { const char *what; int mode; const uint64_t *nodes; size_t items, simd; } cases[] = {
        {"two sub-groups of four", 0, two_groups, 8, 4},
        {"a last sub-group of two work-items in sub-groups of four", 0, short_group, 6, 4},
        {"one work-item in a sub-group of four", 0, one, 1, 4},
        {"sub-groups of one: every lane busy", 0, uneven, 5, 1},
        {"one sub-group wider than the work", 0, uneven, 5, 32},
        {"counts beyond 32 bits", 0, big, 3, 2},
        {"31 work-items (one less than a sub-group of 32)", 0, search, 31, 32},
        {"33 work-items (one more than a sub-group of 32)", 0, search, 33, 32},
        {"997 work-items (a prime) in sub-groups of 32", 0, shuffled, 997, 32},
        {"no work-items at all", 0, one, 0, 8},
        {"the node counts of a search, sub-groups of 32", 0, search, 1000, 32},
        {"by size: the same counts", 1, search, 1000, 32},
        {"by size: 997 work-items in sub-groups of 32", 1, shuffled, 997, 32},
        {"by size: counts far apart, sub-groups of 2", 1, far_apart, 6, 2},
        {"work-items that all ran no turns (nothing paid for)", 0, idle, 5, 4},
        {"by size: work-items that all ran no turns", 1, idle, 5, 4},
#ifdef HIDDEN_CASES
        HIDDEN_CASES
#endif
    };

    const int nc = sizeof cases / sizeof cases[0], nknown = (int)(sizeof known / sizeof known[0]);
#ifndef HIDDEN_NCASES
#define HIDDEN_NCASES 0
#endif
    const int npublic = nc - HIDDEN_NCASES;
    if (npublic != nknown && !getenv("GRADE_PRINT_KNOWN"))
        clu_die("07-3's checker: %d public cases, %d known shares (a stale table?)", npublic, nknown);
    known_shares *k = grade_alloc(sizeof *k * (size_t)nc);
    for (int i = 0; i < nc && i < nknown; i++) k[i] = known[i];
#ifdef HIDDEN_KNOWN /* the instructor's checker: every share from the reference, the public table checked */
    for (int i = 0; i < nc; i++) {
        HIDDEN_KNOWN(cases[i].nodes, cases[i].items, cases[i].simd, cases[i].mode, &k[i]);
        if (getenv("GRADE_PRINT_KNOWN") && i < npublic) {
            printf("    {%.17g, {", k[i].want);
            for (int w = 0; w < 8; w++) printf("%s%.17g", w ? ", " : "", k[i].wrong[w]);
            printf("}, {");
            for (int w = 0; w < 8; w++) printf("%s%d", w ? ", " : "", k[i].why[w]);
            printf("}},\n");
        } else if (i < npublic && memcmp(&k[i], &known[i], sizeof k[i]) != 0)
            clu_die("the public table known[] of 07-3's checker is stale at case %d: write it again (see "
                    "solutions/07-3-lanes/instructor/hidden.h)", i);
    }
    if (getenv("GRADE_PRINT_KNOWN")) return 0;
#endif
    clu_env env;
    grade_start(argc, argv, nc, &env);
    spawn_files f;
    spawn_init(&f, "07-3");
    for (int i = 0; i < nc; i++)
        if (grade_case(i, 0, "%s", cases[i].what))
            try_case(&f, cases[i].mode, cases[i].nodes, cases[i].items, cases[i].simd, &k[i]);
    spawn_cleanup(&f);
    free(k);
    return grade_finish(&env);
}
