/* Checker for exercise 04-3: feeds the student's add_block_sums with tiles
 * scanned on the host and their scanned totals, and compares with a full
 * scan. */
#include "grading.h"

#include <stdio.h>
#include <stdlib.h>

#define SENTINEL (-777)

static int try_case(clu_env *env, cl_kernel k, cl_uint n, cl_uint tile, size_t wg, char *why, size_t whylen)
{
    cl_uint tiles = (n + tile - 1) / tile;
    int *h_in = malloc(n * sizeof(int)), *h_out = malloc((n + 1) * sizeof(int));
    int *h_sums = malloc(tiles * sizeof(int));
    clu_fill_random_int(h_in, n, 43 + n, 1, 20);
    int run = 0, before = 0;
    for (cl_uint i = 0; i < n; i++) { /* inclusive scan of each tile alone */
        if (i % tile == 0) {
            h_sums[i / tile] = before;
            run = 0;
        }
        run += h_in[i];
        before += h_in[i];
        h_out[i] = run;
    }
    h_out[n] = SENTINEL;
    cl_mem d_out = grade_buffer(env, h_out, (n + 1) * sizeof(int));
    cl_mem d_sums = grade_buffer(env, h_sums, tiles * sizeof(int));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_out, &d_out));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_sums, &d_sums));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof n, &n));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof tile, &tile));
    size_t global = tiles * wg;
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &wg, 0, NULL, NULL));
    grade_read(env, d_out, h_out, (n + 1) * sizeof(int));
    int ok = 1, sum = 0;
    for (cl_uint i = 0; i < n && ok; i++) {
        sum += h_in[i];
        if (h_out[i] != sum) {
            snprintf(why, whylen, "out[%u] is %d, expected %d (tile %u)", i, h_out[i], sum, i / tile);
            ok = 0;
        }
    }
    if (ok && h_out[n] != SENTINEL) {
        snprintf(why, whylen, "out[%u], past the end, was changed: stop at n", n);
        ok = 0;
    }
    clReleaseMemObject(d_out);
    clReleaseMemObject(d_sums);
    free(h_in);
    free(h_out);
    free(h_sums);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { cl_uint n, tile; size_t wg; } cases[] = {
        {512, 256, 256}, {1000, 256, 64}, {4097, 512, 128}, {70001, 1024, 256}, {33, 4, 2},
    };
    const int count = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, count, &env);
    cl_program prog = clu_build(&env, grade_path("add_sums.cl"), "");
    cl_kernel k = clu_kernel(prog, "add_block_sums");
    for (int i = 0; i < count; i++) {
        char what[96], why[200] = "";
        snprintf(what, sizeof what, "n=%u, tiles of %u, work-groups of %zu", cases[i].n, cases[i].tile, cases[i].wg);
        int ok = try_case(&env, k, cases[i].n, cases[i].tile, cases[i].wg, why, sizeof why);
        grade(ok, what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
