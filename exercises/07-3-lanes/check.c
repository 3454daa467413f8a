/* Checker for exercise 07-3: busy_lanes and busy_lanes_by_size on hand-made
 * node counts with known answers, on counts beyond 32 bits, on 1, one less
 * and one more than a sub-group and a prime number of work-items, and on the
 * node counts of a search like lesson 07's. The student's lanes.c runs in its
 * own program (runner.c, see runner-spawn.h); the checker computes the shares in C
 * and compares. No OpenCL here, so no check runs under Oclgrind. */
#include "runner-spawn.h"

#include <math.h>
#include <stdint.h>

static double lanes_c(const uint64_t *nodes, size_t items, size_t simd)
{
    double useful = 0.0, paid = 0.0;
    for (size_t f = 0; f < items; f += simd) {
        uint64_t most = 0;
        for (size_t g = f; g < f + simd && g < items; g++) {
            useful += (double)nodes[g];
            most = nodes[g] > most ? nodes[g] : most;
        }
        paid += (double)simd * (double)most;
    }
    return paid > 0.0 ? useful / paid : 1.0;
}

static int down(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a < b) - (a > b);
}

/* The usual wrong shares, named when the student's is exactly one of them. */
static const char *diagnose(double got, const uint64_t *nodes, size_t items, size_t simd, int sorted_by_student)
{
    static char why[300];
    double useful = 0.0, most_all = 0.0, paid_short = 0.0, paid_full = 0.0;
    uint64_t iuseful = 0, ipaid = 0;
    for (size_t f = 0; f < items; f += simd) {
        uint64_t most = 0;
        size_t lanes = 0;
        for (size_t g = f; g < f + simd && g < items; g++, lanes++) {
            useful += (double)nodes[g];
            iuseful += nodes[g];
            most = nodes[g] > most ? nodes[g] : most;
        }
        most_all = (double)most > most_all ? (double)most : most_all;
        paid_short += (double)lanes * (double)most;
        if (f + simd <= items) paid_full += (double)simd * (double)most;
        ipaid += simd * most;
    }
    const double eps = 1e-9;
    why[0] = '\0';
    uint32_t useful32 = 0, paid32 = 0; /* sums in 32 bits, wrapping */
    for (size_t f = 0; f < items; f += simd) {
        uint64_t most = 0;
        for (size_t g = f; g < f + simd && g < items; g++) {
            useful32 += (uint32_t)nodes[g];
            most = nodes[g] > most ? nodes[g] : most;
        }
        paid32 += (uint32_t)(simd * most);
    }
    if (sorted_by_student) {
        /* only the sorting mistakes below apply */
    } else if (paid32 && (double)useful32 / (double)paid32 != useful / (double)ipaid &&
               fabs(got - (double)useful32 / (double)paid32) <= eps * got)
        snprintf(why, sizeof why, ": that is what sums in 32 bits give (the counts here need 64)");
    else if (items && fabs(got - useful / ((double)simd * most_all * (double)((items + simd - 1) / simd))) <= eps * got)
        snprintf(why, sizeof why, ": that share pays every sub-group for the busiest work-item of all; each sub-group "
                                  "runs only as long as its own busiest one");
    else if (ipaid && got == (double)(iuseful / ipaid))
        snprintf(why, sizeof why, ": that is an integer division (useful / paid in integers rounds down)");
    else if (paid_short > 0 && fabs(got - useful / paid_short) <= eps * got)
        snprintf(why, sizeof why, ": that share pays a short last sub-group only for its work-items; its idle lanes are "
                                  "paid for too");
    else if (paid_full > 0 && got > 0 && fabs(got - (useful - 0) / paid_full) > 0 && (items % simd) != 0) {
        double u2 = 0.0;
        for (size_t g = 0; g < items / simd * simd; g++) u2 += (double)nodes[g];
        if (fabs(got - u2 / paid_full) <= eps * got)
            snprintf(why, sizeof why, ": that share leaves out the last, short sub-group");
    }
    if (!why[0] && sorted_by_student && fabs(got - lanes_c(nodes, items, simd)) <= eps * got)
        snprintf(why, sizeof why, ": that is the share of the counts in the order given: the copy was not sorted "
                                  "from the largest down (is the comparator right for counts that differ by more "
                                  "than an int holds?)");
    if (!why[0] && sorted_by_student) {
        uint64_t *up = grade_alloc(items * 8 + 8);
        memcpy(up, nodes, items * 8);
        qsort(up, items, 8, down);
        for (size_t i = 0; i < items / 2; i++) { uint64_t t = up[i]; up[i] = up[items - 1 - i]; up[items - 1 - i] = t; }
        if (fabs(got - lanes_c(up, items, simd)) <= eps * got)
            snprintf(why, sizeof why, ": that is the share of the counts sorted from the smallest up");
        free(up);
    }
    return why;
}

static void try_case(spawn_files *f, int mode, const uint64_t *nodes, size_t items, size_t simd)
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
            uint64_t *use = grade_alloc(items * 8 + 8);
            if (items) memcpy(use, nodes, items * 8);
            if (mode) qsort(use, items, 8, down);
            const double want = lanes_c(use, items, simd);
            if (!(fabs(got - want) <= 1e-12 * want)) {
                const char *why = mode ? diagnose(got, nodes, items, simd, 1) : diagnose(got, use, items, simd, 0);
                if (mode && !why[0]) why = diagnose(got, use, items, simd, 0);
                if (mode && !why[0])
                    why = ": not the share of the counts sorted from the largest down (busy_lanes_by_size sorts a "
                          "copy, then measures it as busy_lanes does)";
                grade_fail("%s gave %.12g, expected %.12g (%zu work-items, sub-groups of %zu)%s", fn, got, want, items,
                           simd, why);
            }
            free(use);
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
    };
    const int nc = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, nc, &env);
    spawn_files f;
    spawn_init(&f, "07-3");
    for (int i = 0; i < nc; i++)
        if (grade_case(i, 0, "%s", cases[i].what))
            try_case(&f, cases[i].mode, cases[i].nodes, cases[i].items, cases[i].simd);
    spawn_cleanup(&f);
    return grade_finish(&env);
}
