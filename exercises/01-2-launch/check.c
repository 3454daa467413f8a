/* Checker for exercise 01-2. The student's launch.c is built into a program
 * of its own (runner.c) with the stand-in OpenCL of opencl-recorder.c, and
 * runs in the grader's sandbox with no device: every call it makes arrives
 * here as a line. This checker judges those calls (five arguments, one
 * launch of the kernel over a multiple of wg covering X, in work-groups of
 * wg, nothing written or read by the host) and then makes them itself, on
 * the device and under Oclgrind, with guarded buffers, and compares C with
 * plain C in double. A launch that never reaches the checker cannot put C
 * anywhere it looks. */
#include "runner-spawn.h"
#include "opencl-recorder.h"

#include <math.h>

static const char *outer_sum_src =
    "__kernel void outer_sum(__global const float *A, __global const float *B,\n"
    "                        __global float *C, const int X, const int Y)\n"
    "{\n"
    "    int x = get_global_id(0);\n"
    "    if (x >= X)\n"
    "        return;\n"
    "    float sum = 0.0f;\n"
    "    for (int y = 0; y < Y; y++)\n"
    "        sum += A[x] * B[y];\n"
    "    C[x] = sum;\n"
    "}\n";

static void try_case(clu_env *env, cl_kernel k, spawn_files *f, int X, int Y, size_t wg, unsigned seed)
{
    char xs[16], ys[16], ws[16];
    snprintf(xs, sizeof xs, "%d", X);
    snprintf(ys, sizeof ys, "%d", Y);
    snprintf(ws, sizeof ws, "%zu", wg);
    const char *args[] = {xs, ys, ws, NULL};
    if (!spawn_runner(f, args, "launch_outer_sum")) {
        grade_case_end(NULL);
        return;
    }
    char *text = spawn_read(f->out), *lines[256], *w[32];
    int n = text ? rec_lines(text, lines, 256) : 0, launches = 0, set[5] = {0};
    int32_t ints[5] = {0}; /* the values of the int arguments X and Y */
    float *h_A = grade_alloc((size_t)X * sizeof(float)), *h_B = grade_alloc((size_t)Y * sizeof(float));
    grade_fill_f(h_A, (size_t)X, seed, -1.0f, 1.0f);
    grade_fill_f(h_B, (size_t)Y, seed + 100, -1.0f, 1.0f);
    gbuf *bufs[3] = {gb_in(env, "A", GB_FLOAT, h_A, (size_t)X), gb_in(env, "B", GB_FLOAT, h_B, (size_t)Y),
                     gb_out(env, "C", GB_FLOAT, (size_t)X)};
    for (int i = 0; i < n && grade_ok(); i++) {
        int nw = rec_words(lines[i], w, 32);
        if (nw == 0) continue;
        if (!strcmp(w[0], "arg") && nw == 5) {
            unsigned char b[256];
            long nb = rec_hex(w[4], b, sizeof b), mem = rec_handle(b, nb, RECORDER_MEM);
            long idx_size[2]; /* the program can write anything on its report: every field is checked */
            if (!rec_num(w[2], 0, 255, &idx_size[0]) || !rec_num(w[3], 0, 1L << 20, &idx_size[1])) {
                grade_fail("a line of the program's report the checker cannot read (arg): does the program write on "
                           "descriptor 7 itself?");
                break;
            }
            const cl_uint idx = (cl_uint)idx_size[0];
            if (idx >= 3 && idx < 5 && nb == 4) memcpy(&ints[idx], b, 4);
            cl_int err = mem >= 0 && mem < 3 ? clSetKernelArg(k, idx, sizeof(cl_mem), &bufs[mem]->mem)
                         : nb < 0        ? clSetKernelArg(k, idx, (size_t)idx_size[1], NULL)
                                         : clSetKernelArg(k, idx, (size_t)nb, b);
            if (err != CL_SUCCESS)
                grade_fail("clSetKernelArg(kernel, %u, %s, ...) fails: %s (argument %u of outer_sum is %s)", idx, w[3],
                           clu_error_name(err), idx, idx < 3 ? "a buffer: pass &d_X with sizeof(cl_mem)" : "an int");
            else if (idx < 5) set[idx] = 1;
        } else if (!strcmp(w[0], "ndrange") && nw >= 13) {
            launches++;
            long gl = 0, lo = 0;
            if (!rec_num(w[5], 1, 1L << 40, &gl) || (strcmp(w[8], "-") && !rec_num(w[8], 1, 1L << 20, &lo))) {
                grade_fail("a line of the program's report the checker cannot read (ndrange): does the program write "
                           "on descriptor 7 itself?");
                break;
            }
            const size_t global = (size_t)gl;
            if (launches > 1) grade_fail("launch_outer_sum launched the kernel more than once");
            else if (atoi(w[3]) != 1) grade_fail("the launch has %s dimensions; outer_sum runs over one", w[3]);
            else if (!strcmp(w[8], "-"))
                grade_fail("the kernel was launched with no work-group size (local size NULL): the statement asks for "
                           "work-groups of wg = %zu work-items", wg);
            else if ((size_t)lo != wg)
                grade_fail("the kernel was launched in work-groups of %s work-items; the statement asks for wg = %zu",
                           w[8], wg);
            else if (global < (size_t)X)
                grade_fail("the global size %zu does not cover X = %d elements: the last %zu get no work-item "
                           "(round up, not down)", global, X, (size_t)X - global);
            else if (global % wg != 0)
                grade_fail("the global size %zu is not a multiple of wg = %zu (round X up to a multiple of wg)",
                           global, wg);
            else if (global > (size_t)X + 4 * wg)
                grade_fail("the global size %zu is far more than X = %d rounded up to a multiple of wg = %zu", global, X,
                           wg);
            else if (set[3] && set[4] && (ints[3] > X || ints[4] > Y || ints[3] < 0 || ints[4] < 0))
                grade_fail("the kernel's X and Y arguments are %d and %d, but A and C hold X = %d and B Y = %d floats: "
                           "the kernel would access them out-of-bounds (pass the sizes the function was given)", (int)ints[3], (int)ints[4], X, Y);
            else {
                for (int a = 0; a < 5; a++)
                    if (!set[a]) grade_fail("argument %d was not set before the launch", a);
                if (grade_ok()) grade_run(env, k, 1, &global, &wg);
            }
        } else if (!strcmp(w[0], "write") || !strcmp(w[0], "read")) {
            grade_fail("launch_outer_sum %s a buffer (clEnqueue%sBuffer): it must only set the arguments and launch "
                       "the kernel, which computes C", !strcmp(w[0], "write") ? "writes" : "reads",
                       !strcmp(w[0], "write") ? "Write" : "Read");
        }
    }
    if (grade_ok() && launches == 0) grade_fail("launch_outer_sum launched no kernel (clEnqueueNDRangeKernel)");
    if (grade_ok()) {
        double *ref = grade_alloc((size_t)X * sizeof(double)), *tol = grade_alloc((size_t)X * sizeof(double));
        double sb = 0, sab = 0;
        for (int y = 0; y < Y; y++) sb += h_B[y], sab += fabs((double)h_B[y]);
        for (int x = 0; x < X; x++) {
            ref[x] = h_A[x] * sb;
            tol[x] = grade_sum_tol((size_t)Y, fabs((double)h_A[x]) * sab);
        }
        gb_fetch(env, bufs[2]);
        gb_check_f(bufs[2], ref, tol, (size_t)X);
        free(ref);
        free(tol);
    }
    grade_case_end(env);
    free(h_A);
    free(h_B);
    free(text);
}

int main(int argc, char **argv)
{
    static const struct { int X, Y; size_t wg; unsigned seed; int small; } cases[] = {
        {1, 5, 32, 21, 1}, {63, 4, 64, 22, 1}, {65, 3, 64, 23, 1}, {256, 10, 64, 24, 1}, {1000, 17, 64, 25, 1},
        {65537, 3, 128, 26, 0}, {65537, 3, 256, 27, 1},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, n, &env);
    cl_int err;
    cl_program prog = clCreateProgramWithSource(env.context, 1, &outer_sum_src, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    CLU_CHECK(clBuildProgram(prog, 1, &env.device, "", NULL, NULL));
    cl_kernel k = clCreateKernel(prog, "outer_sum", &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    spawn_files f;
    spawn_init(&f, "01-2");
    for (int i = 0; i < n; i++)
        if (grade_case(i, cases[i].small, "X=%d Y=%d, work-groups of %zu, seed %u", cases[i].X, cases[i].Y,
                       cases[i].wg, cases[i].seed))
            try_case(&env, k, &f, cases[i].X, cases[i].Y, cases[i].wg, cases[i].seed);
    spawn_cleanup(&f);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
