/* Checker for exercise 04-3: feeds the student's add_block_sums with tiles
 * scanned on the host and their scanned totals, with work-groups smaller
 * and larger than a tile and lengths that are not multiples of it, and
 * compares with a full scan; out ends exactly at n. */
#include "grading.h"

#include <stdio.h>

static void set_args(cl_kernel k, gbuf *out, gbuf *sums, cl_uint n, cl_uint tile)
{
    gb_arg(k, 0, out);
    gb_arg(k, 1, sums);
    grade_arg(k, 2, sizeof n, &n);
    grade_arg(k, 3, sizeof tile, &tile);
}

static void try_case(clu_env *env, cl_kernel k, cl_uint n, cl_uint tile, size_t wg, unsigned seed)
{
    cl_uint tiles = (n + tile - 1) / tile;
    int *h_in = grade_alloc(n * sizeof(int)), *h_out = grade_alloc(n * sizeof(int));
    int *h_sums = grade_alloc(tiles * sizeof(int)), *ref = grade_alloc(n * sizeof(int));
    grade_fill_i(h_in, n, seed, 1, 20);
    int run = 0, before = 0;
    for (cl_uint i = 0; i < n; i++) { /* inclusive scan of each tile alone */
        if (i % tile == 0) {
            h_sums[i / tile] = before;
            run = 0;
        }
        run += h_in[i];
        before += h_in[i];
        h_out[i] = run;
        ref[i] = before;
    }
    gbuf *out = gb_inout(env, "out", GB_INT, h_out, n);
    gbuf *sums = gb_in(env, "scanned_sums", GB_INT, h_sums, tiles);
    set_args(k, out, sums, n, tile);
    size_t global = tiles * wg;
    grade_run(env, k, 1, &global, &wg);
    gb_fetch(env, out);
    gb_check_i(out, ref, n);
    grade_case_end(env);
    free(h_in);
    free(h_out);
    free(h_sums);
    free(ref);
}

int main(int argc, char **argv)
{
    static const struct { cl_uint n, tile; size_t wg; unsigned seed; int small; } cases[] = {
        {5, 4, 2, 101, 1}, {33, 4, 2, 102, 1}, {63, 16, 64, 103, 1}, {65, 64, 32, 104, 1}, {512, 256, 64, 105, 1},
        {1000, 256, 64, 106, 0}, {4097, 512, 128, 107, 0}, {70001, 1024, 256, 108, 0}, {4097, 1024, 256, 109, 1},
    };
    const int count = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, count + 1, &env);
    cl_program prog = grade_build(&env, "add_sums.cl", "");
    cl_kernel k = grade_kernel(prog, "add_block_sums");
    for (int i = 0; i < count; i++)
        if (grade_case(i, cases[i].small, "n=%u, tiles of %u, work-groups of %zu, seed %u", cases[i].n,
                       cases[i].tile, cases[i].wg, cases[i].seed))
            try_case(&env, k, cases[i].n, cases[i].tile, cases[i].wg, cases[i].seed);
    /* The speed tier, timed on this check: 16 MiB read and written once. */
    if (grade_case(count, 0, "n=%u, tiles of 1024, work-groups of 256, seed 110: the size the speed tier is timed at",
                   1u << 22)) {
        grade_timed_check(grade_yard_copy((size_t)4 << 22), "a float4 copy of the same 32 MiB of traffic", 0.6, 0.3, 0.1);
        try_case(&env, k, 1u << 22, 1024, 256, 110);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
