/* Checker for exercise 05-3: runs the student's gemm kernel, WPT elements
 * of a row per work-item, with several TS and WPT on shapes that TS does not divide,
 * and compares with plain C in double. C is followed by sentinels. */
#include "grading.h"

#include <stdio.h>

static int try_shape(clu_env *env, cl_kernel k, int M, int N, int K, size_t ts, size_t wpt, char *why,
                     size_t whylen)
{
    const size_t gx = clu_round_up((size_t)N, ts), gy = clu_round_up((size_t)M, ts);
    const size_t global[2] = {gx / wpt, gy}, local[2] = {ts / wpt, ts};
    /* room after C for a stray write anywhere in the NDRange */
    return grade_gemm(env, k, M, N, K, NULL, global, local, gx * gy, why, whylen);
}

int main(int argc, char **argv)
{
    static const int cases[][5] = { /* M, N, K, TS, WPT */
        {1, 1, 1, 8, 2}, {17, 31, 13, 8, 4}, {65, 33, 47, 16, 4}, {100, 70, 45, 16, 8}, {40, 40, 40, 32, 4},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, n, &env);
    for (int s = 0; s < n; s++) {
        char what[80], why[200] = "", opts[64];
        const int *c = cases[s];
        snprintf(opts, sizeof opts, "-DTS=%d -DWPT=%d", c[3], c[4]);
        cl_program prog = clu_build(&env, grade_path("gemm.cl"), opts);
        cl_kernel k = clu_kernel(prog, "gemm");
        snprintf(what, sizeof what, "M=%d N=%d K=%d, TS=%d WPT=%d", c[0], c[1], c[2], c[3], c[4]);
        grade(try_shape(&env, k, c[0], c[1], c[2], (size_t)c[3], (size_t)c[4], why, sizeof why), what, "%s", why);
        clReleaseKernel(k);
        clReleaseProgram(prog);
    }
    return grade_end(&env);
}
