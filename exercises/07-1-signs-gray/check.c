/* Checker for exercise 07-1: count_signs against every choice of signs
 * counted in C, work-item by work-item, for several n, k, work-group sizes
 * and seeds; the entries past 2^k must keep their sentinel. */
#include "grading.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define SENTINEL 0x5EED5EED5EED5EEDull

static int try_case(clu_env *env, cl_kernel k, int n, int kk, size_t wg, uint64_t seed, char *why, size_t len)
{
    int a[32];
    clu_fill_random_int(a, (size_t)n, seed, 1, 9); /* small items: many hits */
    int target = 0; /* a reachable sum: + for even i, - for odd i */
    for (int i = 0; i < n; i++) target += i % 2 ? -a[i] : a[i];
    const size_t items = (size_t)1 << kk, global = clu_round_up(items, wg), slots = global + 4;
    uint64_t *h = clu_malloc(slots * 8, "counts");
    for (size_t i = 0; i < slots; i++) h[i] = SENTINEL;
    cl_mem d_a = grade_buffer(env, a, sizeof a);
    cl_mem d_c = grade_buffer(env, h, slots * 8);
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_a, &d_a));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof n, &n));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof kk, &kk));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof target, &target));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof d_c, &d_c));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &wg, 0, NULL, NULL));
    grade_read(env, d_c, h, slots * 8);
    int ok = 1;
    for (size_t g = 0; g < items && ok; g++) {
        uint64_t want = 0;
        for (uint64_t m = 0; m < ((uint64_t)1 << (n - kk)); m++) {
            int s = 0;
            for (int i = 0; i < n; i++) {
                int plus = i < kk ? (int)((g >> i) & 1) : (int)((m >> (i - kk)) & 1);
                s += plus ? a[i] : -a[i];
            }
            want += s == target;
        }
        if (h[g] != want) {
            snprintf(why, len, "count[%zu] is %" PRIu64 ", expected %" PRIu64 " (n=%d, k=%d, target %d)", g,
                     h[g], want, n, kk, target);
            ok = 0;
        }
    }
    for (size_t g = items; g < slots && ok; g++)
        if (h[g] != SENTINEL) {
            snprintf(why, len, "count[%zu] was written, but there are only 2^%d = %zu work-items' worth", g, kk, items);
            ok = 0;
        }
    clReleaseMemObject(d_a);
    clReleaseMemObject(d_c);
    free(h);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { int n, k; size_t wg; uint64_t seed; } cases[] = {
        {6, 2, 1, 1}, {10, 3, 8, 2}, {13, 5, 64, 3}, {16, 4, 7, 4}, {18, 8, 32, 5},
    };
    const int nc = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, nc, &env);
    cl_program prog = clu_build(&env, grade_path("signs.cl"), "");
    cl_kernel k = clu_kernel(prog, "count_signs");
    for (int i = 0; i < nc; i++) {
        char what[96], why[256] = "";
        snprintf(what, sizeof what, "n=%d items, k=%d, work-group %zu", cases[i].n, cases[i].k, cases[i].wg);
        clu_check_wgsize(&env, k, cases[i].wg);
        grade(try_case(&env, k, cases[i].n, cases[i].k, cases[i].wg, cases[i].seed, why, sizeof why), what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
