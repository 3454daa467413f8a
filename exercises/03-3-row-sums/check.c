/* Checker for exercise 03-3: row_sums on widths that 4 does and does not
 * divide (rows start at unaligned addresses), in work-groups up to the
 * widest the device allows, against sums in double. The
 * matrix buffer is exactly rows·W floats. Also the lesson's question. */
/* Oclgrind 21.10's --uninitialized crashes on vload4 from these rows:
 * grade.sh: oclgrind-flags --data-races */
#include "grading.h"

#include <math.h>
#include <stdio.h>

static void set_args(cl_kernel k, gbuf *M, gbuf *S, int rows, int W)
{
    gb_arg(k, 0, M);
    gb_arg(k, 1, S);
    grade_arg(k, 2, sizeof rows, &rows);
    grade_arg(k, 3, sizeof W, &W);
}

static void try_case(clu_env *env, cl_kernel k, int rows, int W, size_t L, unsigned seed)
{
    size_t global = clu_round_up((size_t)rows, L), cells = (size_t)rows * (size_t)W;
    float *h_M = grade_alloc(cells * sizeof(float));
    double *ref = grade_alloc((size_t)rows * sizeof(double)), *tol = grade_alloc((size_t)rows * sizeof(double));
    grade_fill_f(h_M, cells, seed, -1.0f, 1.0f);
    for (int r = 0; r < rows; r++) {
        double s = 0, a = 0;
        for (int j = 0; j < W; j++) {
            s += h_M[(size_t)r * W + j];
            a += fabs((double)h_M[(size_t)r * W + j]);
        }
        ref[r] = s;
        tol[r] = grade_sum_tol((size_t)W, a);
    }
    gbuf *M = gb_in(env, "M", GB_FLOAT, h_M, cells);
    gbuf *S = gb_out(env, "S", GB_FLOAT, (size_t)rows);
    M->cols = (size_t)W;
    set_args(k, M, S, rows, W);
    grade_run(env, k, 1, &global, &L);
    gb_fetch(env, S);
    gb_check_f(S, ref, tol, (size_t)rows);
    grade_case_end(env);
    free(h_M);
    free(ref);
    free(tol);
}

int main(int argc, char **argv)
{
    static const struct { int rows, W; size_t L; unsigned seed; int small; } cases[] = {
        {1, 1, 1, 71, 1}, {10, 3, 16, 72, 1}, {64, 4, 64, 73, 1}, {63, 5, 32, 74, 1}, {65, 13, 64, 75, 1},
        {77, 130, 32, 76, 1}, {1001, 13, 64, 77, 0}, {20011, 6, 256, 78, 0}, {1001, 13, 256, 79, 1},
        /* L = 0: the widest work-group the device allows (at most 1024), rows = 0: 2L + 3 */
        {0, 13, 0, 81, 1}, {20011, 7, 0, 82, 0},
#ifdef GRADE_HIDDEN /* the instructor's hidden cases: solutions/EX/instructor/hidden.h, never in the handout */
#include GRADE_HIDDEN
#endif
    };
    const int ncases = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, ncases + 2, &env);
    /* Neither PoCL nor Oclgrind faults on a misaligned float4 load: the cast is caught here. */
    grade_forbid("\\(\\s*((__)?(global|constant)|const|\\s)*(float|int|uint)(2|3|4|8|16)\\s*\\*\\s*\\)",
                 "misaligned vector access: a cast to a vector pointer such as (__global const float4 *) needs an "
                 "address that is a multiple of the vector's size, and row r starts at float r*W; use vload4");
    cl_program prog = grade_build(&env, "row_sums.cl", "");
    cl_kernel k = grade_kernel(prog, "row_sums");
    const size_t widest = grade_widest_group(&env, k, 1024, 0);
    for (int i = 0; i < ncases; i++) {
        const size_t L = cases[i].L ? cases[i].L : widest;
        const int rows = cases[i].rows ? cases[i].rows : (int)(2 * L + 3);
        if (grade_case(i, cases[i].small, "rows=%d W=%d, work-groups of %zu%s, seed %u", rows, cases[i].W, L,
                       cases[i].L ? "" : " (the widest here)", cases[i].seed))
            try_case(&env, k, rows, cases[i].W, L, cases[i].seed);
    }
    grade_answer(ncases, "answer.txt", 1, "a row is 16-byte aligned when its first float's index is a multiple of 4");
    /* The speed tier, timed on this check: 4 MiB read once. */
    if (grade_case(ncases + 1, 0, "rows=%d W=17, work-groups of 64, seed 80: the size the speed tier is timed at",
                   1 << 16)) {
        grade_timed_check(grade_yard_copy((size_t)(1 << 16) * 18 * 2), "a float4 copy of the same traffic", 0.5, 0.3,
                          0.12);
        try_case(&env, k, 1 << 16, 17, 64, 80);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
