/* Checker for exercise 07-3: busy_lanes on hand-made node counts with known
 * answers, and on the node counts of a real search on the device. */
#include "grading.h"
#include "lanes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int down(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a < b) - (a > b);
}

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

static void check(const char *what, const uint64_t *nodes, size_t items, size_t simd)
{
    double want = lanes_c(nodes, items, simd), got = busy_lanes(nodes, items, simd);
    grade(fabs(got - want) <= 1e-12 * want, what, "busy_lanes gave %.6f, expected %.6f (%zu work-items, sub-groups of %zu)",
          got, want, items, simd);
}

/* busy_lanes_by_size: the sorted copy's share, and nodes[] untouched. */
static void check_sorted(const char *what, const uint64_t *nodes, size_t items, size_t simd)
{
    uint64_t *copy = clu_malloc(items * sizeof *copy, "a copy"), *sorted = clu_malloc(items * sizeof *copy, "a copy");
    memcpy(copy, nodes, items * sizeof *copy);
    memcpy(sorted, nodes, items * sizeof *copy);
    qsort(sorted, items, sizeof *sorted, down);
    double want = lanes_c(sorted, items, simd), got = busy_lanes_by_size(copy, items, simd);
    if (memcmp(copy, nodes, items * sizeof *copy) != 0)
        grade(0, what, "busy_lanes_by_size changed the node counts it was given: sort a copy");
    else
        grade(fabs(got - want) <= 1e-12 * want, what, "busy_lanes_by_size gave %.6f, expected %.6f (%zu work-items, sub-groups of %zu)",
              got, want, items, simd);
    free(copy);
    free(sorted);
}

/* The node counts of a subtree search like lesson 07's, run on the device:
 * work-item g visits (g * 7919) % 61 + 1 nodes (a loop of that length). */
static const char *src =
    "__kernel void visit(__global ulong *nodes, const int items) {\n"
    "    const int g = get_global_id(0);\n"
    "    if (g >= items) return;\n"
    "    ulong v = 0;\n"
    "    for (int i = 0; i < (g * 7919) % 61 + 1; i++) v++;\n"
    "    nodes[g] = v;\n"
    "}\n";

int main(int argc, char **argv)
{
    clu_env env;
    grade_begin(argc, argv, 8, &env);
    static const uint64_t two_groups[8] = {4, 4, 4, 4, 1, 2, 3, 8};  /* (16 + 14) / (16 + 32) */
    check("two groups of four", two_groups, 8, 4);
    static const uint64_t short_group[6] = {5, 5, 5, 5, 5, 1};      /* the last group has 2 of 4 */
    check("a last group of two work-items in sub-groups of four", short_group, 6, 4);
    static const uint64_t uneven[5] = {1, 100, 3, 7, 2};
    check("sub-groups of one: every lane busy", uneven, 5, 1);
    check("one sub-group wider than the work", uneven, 5, 32);
    static const uint64_t big[3] = {4000000000ull, 4000000000ull, 3999999999ull}; /* beyond 32 bits */
    check("counts beyond 32 bits", big, 3, 2);

    const int items = 1000;
    cl_int err;
    cl_program prog = clCreateProgramWithSource(env.context, 1, &src, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    CLU_CHECK(clBuildProgram(prog, 1, &env.device, "", NULL, NULL));
    cl_kernel k = clu_kernel(prog, "visit");
    uint64_t *h = clu_malloc(items * sizeof *h, "nodes");
    cl_mem d = clCreateBuffer(env.context, CL_MEM_WRITE_ONLY, items * sizeof *h, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    size_t wg = 8, global = clu_round_up(items, wg);
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d, &d));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof items, &items));
    CLU_CHECK(clEnqueueNDRangeKernel(env.queue, k, 1, NULL, &global, &wg, 0, NULL, NULL));
    grade_read(&env, d, h, items * sizeof *h);
    check("the node counts of a kernel, sub-groups of 32", h, items, 32);
    check_sorted("the same counts handed out by size", h, items, 32);
    static const uint64_t far_apart[6] = {5, 4294967301ull, 3, 4294967299ull, 1, 1}; /* differences of 2^32: 0 as an int */
    check_sorted("counts far apart handed out by size, sub-groups of 2", far_apart, 6, 2);
    free(h);
    clReleaseMemObject(d);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
