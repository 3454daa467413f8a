/* Checker for exercise 02-3: the student's blur3 kernel on lengths that the
 * work-group size does and does not divide. */
#include "grading.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define SENTINEL 12345.0f

static int try_case(clu_env *env, cl_kernel k, int n, size_t L, char *why, size_t whylen)
{
    size_t global = clu_round_up((size_t)n, L);
    float *h_in = clu_malloc((size_t)n * sizeof(float), "in");
    float *h_out = clu_malloc(global * sizeof(float), "out");
    clu_fill_random(h_in, (size_t)n, 41, -1.0f, 1.0f);
    for (size_t i = 0; i < global; i++) h_out[i] = SENTINEL;
    cl_mem d_in = grade_buffer(env, h_in, (size_t)n * sizeof(float));
    cl_mem d_out = grade_buffer(env, h_out, global * sizeof(float));
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_in, &d_in));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_out, &d_out));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof n, &n));
    CLU_CHECK(clSetKernelArg(k, 3, (L + 2) * sizeof(float), NULL));
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &L, 0, NULL, NULL));
    grade_read(env, d_out, h_out, global * sizeof(float));
    int ok = 1;
    for (int i = 0; i < n && ok; i++) {
        double l = i > 0 ? h_in[i - 1] : 0.0, r = i + 1 < n ? h_in[i + 1] : 0.0;
        double want = (l + h_in[i] + r) / 3.0;
        if (!(fabs(h_out[i] - want) <= 1e-6)) {
            snprintf(why, whylen, "out[%d] is %g, expected %g", i, (double)h_out[i], want);
            ok = 0;
        }
    }
    for (size_t i = (size_t)n; i < global && ok; i++)
        if (h_out[i] != SENTINEL) {
            snprintf(why, whylen, "out[%zu] was written, but n is only %d", i, n);
            ok = 0;
        }
    clReleaseMemObject(d_in);
    clReleaseMemObject(d_out);
    free(h_in);
    free(h_out);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct { int n; size_t L; } cases[] = {
        {1, 1}, {2, 16}, {64, 64}, {65, 64}, {1000, 128}, {4099, 32},
    };
    const int ncases = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_begin(argc, argv, ncases, &env);
    cl_program prog = clu_build(&env, grade_path("blur3.cl"), "");
    cl_kernel k = clu_kernel(prog, "blur3");
    for (int i = 0; i < ncases; i++) {
        char what[80], why[200] = "";
        snprintf(what, sizeof what, "n=%d work-group size %zu", cases[i].n, cases[i].L);
        grade(try_case(&env, k, cases[i].n, cases[i].L, why, sizeof why), what, "%s", why);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_end(&env);
}
