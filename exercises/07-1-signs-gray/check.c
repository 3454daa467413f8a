/* Checker for exercise 07-1: count_signs against every choice of signs
 * counted in C, work-item by work-item, for 2^k work-items that are 1, one
 * less and one more than a work-group, or not a multiple of a prime one.
 * Then a speed tier against the grader's own Gray-code step.
 * The counts are ulong: the buffer holds them as pairs of 32-bit words in
 * guard zones (exactly 2^k counts long under Oclgrind), so a work-item past
 * 2^k that writes shows as an out-of-bounds write. */
#include "grading.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define UNWRITTEN_WORD (-123456789) /* grading.c's "never written" int */

/* The usual wrong steps, replayed in C: when a kernel's counts are exactly
 * those of one of them, the message names it. */
static const char *mistakes[] = {
    NULL,
    "a walk whose sum never changes: the step is missing",
    "a walk that always adds (a flip from + back to - must subtract; bit b of j itself is always 1)",
    "a walk that flips the item at the highest set bit of j, not the lowest",
    "a walk that changes the sum by a, not 2a (from -a to +a is 2a)",
    "a walk one step short: the last choice is never counted",
};
enum { N_MISTAKES = sizeof mistakes / sizeof mistakes[0] };

static uint64_t walk(const int *a, int n, int kk, uint64_t g, int target, int variant)
{
    int s = 0;
    for (int i = 0; i < n; i++) s += (i < kk && ((g >> i) & 1)) ? a[i] : -a[i];
    uint64_t found = s == target;
    const uint32_t steps = (1u << (n - kk)) - (variant == 5);
    for (uint32_t j = 1; j < steps; j++) {
        int b = 0;
        while (!((j >> b) & 1)) b++;
        if (variant == 3) for (b = 31; !((j >> b) & 1); b--) {}
        const uint32_t dir = j ^ (j >> 1);
        const int step = (variant == 4 ? 1 : 2) * a[kk + b];
        if (variant == 1) {}
        else if (variant == 2) s += step;
        else s += ((dir >> b) & 1) ? step : -step;
        found += s == target;
    }
    return found;
}

static void try_case(clu_env *env, cl_kernel k, int n, int kk, size_t wg, unsigned seed)
{
    int a[32];
    grade_fill_i(a, (size_t)n, seed, 1, 9); /* small items: many hits */
    int target = 0; /* a reachable sum: + for even i, - for odd i */
    for (int i = 0; i < n; i++) target += i % 2 ? -a[i] : a[i];
    const size_t items = (size_t)1 << kk, global = clu_round_up(items, wg);
    gbuf *d_a = gb_in(env, "a", GB_INT, a, (size_t)n);
    gbuf *d_c = gb_out(env, "count (as 32-bit words)", GB_INT, 2 * items);
    gb_arg(k, 0, d_a);
    grade_arg(k, 1, sizeof n, &n);
    grade_arg(k, 2, sizeof kk, &kk);
    grade_arg(k, 3, sizeof target, &target);
    gb_arg(k, 4, d_c);
    grade_run(env, k, 1, &global, &wg);
    const int *words = gb_fetch(env, d_c);
    /* the suffix sums of the last n - k items, once for all work-items */
    const uint64_t combos = (uint64_t)1 << (n - kk);
    int *tail = grade_alloc((size_t)combos * sizeof(int));
    for (uint64_t m = 0; m < combos; m++) {
        int s = 0;
        for (int i = kk; i < n; i++) s += ((m >> (i - kk)) & 1) ? a[i] : -a[i];
        tail[m] = s;
    }
    size_t bad = 0, first = 0;
    uint64_t first_got = 0, first_want = 0;
    int *want_words = grade_alloc(2 * items * sizeof(int)); /* the counts as the buffer holds them */
    for (size_t g = 0; g < items && grade_ok(); g++) {
        int head = 0;
        for (int i = 0; i < kk; i++) head += ((g >> i) & 1) ? a[i] : -a[i];
        uint64_t want = 0, got;
        for (uint64_t m = 0; m < combos; m++) want += head + tail[m] == target;
        memcpy(&got, words + 2 * g, 8);
        memcpy(want_words + 2 * g, &want, 8);
        if (got != want) {
            if (!bad) first = g, first_got = got, first_want = want;
            bad++;
        }
    }
    if (bad) {
        char which[600] = "";
        for (int v = 1; v < N_MISTAKES; v++) {
            int same = 1;
            for (size_t g = 0; g < items && same; g++) {
                uint64_t got;
                memcpy(&got, words + 2 * g, 8);
                same = got == walk(a, n, kk, g, target, v);
            }
            if (same)
                snprintf(which + strlen(which), sizeof which - strlen(which), "%s%s",
                         which[0] ? ", or of " : "the counts are those of ", mistakes[v]);
        }
        const int unwritten = words[2 * first] == UNWRITTEN_WORD && words[2 * first + 1] == UNWRITTEN_WORD;
        if (unwritten)
            grade_fail("count[%zu] was never written, expected %" PRIu64 " (n=%d, k=%d, target %d); %zu of %zu are wrong",
                       first, first_want, n, kk, target, bad, items);
        else
            grade_fail("count[%zu] is %" PRIu64 ", expected %" PRIu64 " (n=%d, k=%d, target %d): the first wrong count, "
                       "%zu of %zu are wrong: %s", first, first_got, first_want, n, kk, target, bad, items,
                       which[0] ? which : "which item flips at step j, which way, and by how much?");
    }
    /* the same comparison once more, in the form the timed runs repeat it */
    if (grade_ok()) gb_check_i(d_c, want_words, 2 * items);
    grade_case_end(env);
    free(tail);
    free(want_words);
}

/* The yardstick of the speed tier: the grader's own branch-free step. */
static const char *yard_src =
    "__kernel void yard_signs(__constant const int *a, const int n, const int k, const int target,\n"
    "                         __global ulong *count)\n"
    "{\n"
    "    const ulong g = get_global_id(0);\n"
    "    if (g >> k) return;\n"
    "    int s = 0;\n"
    "    for (int i = 0; i < n; i++) s += (i < k && ((g >> i) & 1)) ? a[i] : -a[i];\n"
    "    ulong found = (s == target);\n"
    "    for (uint j = 1; j < (1u << (n - k)); j++) {\n"
    "        const int b = 31 - clz(j & (0u - j));\n"
    "        const int d = 2 * a[k + b];\n"
    "        s += (((j ^ (j >> 1)) >> b) & 1) ? d : -d;\n"
    "        found += (s == target);\n"
    "    }\n"
    "    count[g] = found;\n"
    "}\n";

/* The yardstick, ready to run on the timed check's choices: the same
 * items, k and target as try_case() makes them from the seed. */
static cl_kernel yardstick(clu_env *env, cl_program *yp, cl_mem *mem, int n, int kk, unsigned seed)
{
    int a[32];
    grade_fill_i(a, (size_t)n, seed, 1, 9);
    int target = 0;
    for (int i = 0; i < n; i++) target += i % 2 ? -a[i] : a[i];
    cl_int err;
    mem[0] = clCreateBuffer(env->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (size_t)n * sizeof(int), a, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    mem[1] = clCreateBuffer(env->context, CL_MEM_READ_WRITE, ((size_t)1 << kk) * 8, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    *yp = clCreateProgramWithSource(env->context, 1, &yard_src, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    CLU_CHECK(clBuildProgram(*yp, 1, &env->device, "", NULL, NULL));
    cl_kernel y = clCreateKernel(*yp, "yard_signs", &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    CLU_CHECK(clSetKernelArg(y, 0, sizeof mem[0], &mem[0]));
    CLU_CHECK(clSetKernelArg(y, 1, sizeof n, &n));
    CLU_CHECK(clSetKernelArg(y, 2, sizeof kk, &kk));
    CLU_CHECK(clSetKernelArg(y, 3, sizeof target, &target));
    CLU_CHECK(clSetKernelArg(y, 4, sizeof mem[1], &mem[1]));
    return y;
}

int main(int argc, char **argv)
{
    static const struct { int n, k; size_t wg; int small; } cases[] = {
        {1, 0, 1, 1},   {6, 3, 9, 1},   {8, 4, 15, 1},   {10, 3, 7, 1},
        {13, 5, 64, 0}, {16, 4, 7, 0},  {18, 8, 32, 0},  {20, 10, 128, 0},
    };
    const int nc = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, nc + 1, &env);
    /* "Write the step inside the loop ... without an if": an if or a switch
     * inside a loop's braces (the line named is the loop's) */
    grade_forbid("(^|[^A-Za-z0-9_])(for[[:space:]]*\\([^{};]*;[^{};]*;[^{};]*\\)|while[[:space:]]*\\([^{};]*\\))"
                 "[[:space:]]*\\{[^}]*[^A-Za-z0-9_](if|switch)[[:space:]]*\\(",
                 "the step inside this loop uses an if (or a switch): the statement asks for it without one, "
                 "so that every work-item runs the same instructions (a select c ? x : y, or arithmetic on the bit)");
    cl_program prog = grade_build(&env, "signs.cl", "");
    cl_kernel k = grade_kernel(prog, "count_signs");
    for (int i = 0; i < nc; i++)
        if (grade_case(i, cases[i].small, "n=%d items, k=%d: %d work-items in work-groups of %zu", cases[i].n,
                       cases[i].k, 1 << cases[i].k, cases[i].wg))
            try_case(&env, k, cases[i].n, cases[i].k, cases[i].wg, 71u + (unsigned)i);
    /* The speed tier, timed on this check: 2^24 choices, 2^12 work-items. */
    if (grade_case(nc, 0, "n=24 items, k=12: 4096 work-items in work-groups of 64: the size the speed tier is timed at")) {
        cl_program yp = NULL;
        cl_mem mem[2] = {NULL, NULL};
        cl_kernel y = grade_want_speed() ? yardstick(&env, &yp, mem, 24, 12, 79) : NULL;
        const size_t global = 4096, local = 64;
        if (y)
            grade_timed_check(grade_yard_kernel(y, 1, &global, &local),
                              "the grader's own Gray-code step on the same 2^24 choices", 0.7, 0.4, 0.2);
        try_case(&env, k, 24, 12, 64, 79);
        if (y) {
            clReleaseKernel(y);
            clReleaseProgram(yp);
            clReleaseMemObject(mem[0]);
            clReleaseMemObject(mem[1]);
        }
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
