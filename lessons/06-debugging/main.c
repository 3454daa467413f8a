/* Lesson 06 -- debugging: build logs, error names, binaries, and the bugs
 * that only show at run time.
 *
 * Four modes, chosen with -o:
 *   run     run the kernels of kernels/06-debugging-bugs.cl and check them against C;
 *           -b NAME switches one classic bug on (to find with Oclgrind);
 *   build   build a kernel file and print its build log and what the
 *           device says about each kernel (registers and memory);
 *   errors  provoke the errors students meet most, one after another, and
 *           show the message the helper prints for each;
 *   dump    fetch the compiled program with CL_PROGRAM_BINARIES (PTX on
 *           NVIDIA) and count the loads of a scalar and a float4 kernel.
 * APIs introduced: clGetProgramBuildInfo, clGetProgramInfo
 * (CL_PROGRAM_BINARY_SIZES, CL_PROGRAM_BINARIES), clCreateKernelsInProgram,
 * clGetKernelInfo, clGetKernelWorkGroupInfo (CL_KERNEL_LOCAL_MEM_SIZE,
 * CL_KERNEL_PRIVATE_MEM_SIZE), __local kernel arguments.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "lesson06.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CLU_KERNEL_DIR
#define CLU_KERNEL_DIR "kernels"
#endif


// snippet: broken-path
/* The broken kernels are not in kernels/ (every file there must compile):
 * they sit in the lesson's folder, found beside the program's build folder,
 * then in the project the program was built from. */
char *broken_path(const char *name)
{
    char exe[4096] = "";
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) *slash = '\0';
    }
    const char *roots[] = {len > 0 ? exe : NULL, CLU_KERNEL_DIR};
    for (size_t i = 0; i < 2; i++) {
        if (!roots[i]) continue;
        char path[8300], full[PATH_MAX];
        snprintf(path, sizeof path, "%s/../lessons/06-debugging/broken/%s", roots[i], name);
        if (realpath(path, full)) { /* realpath: a clean name for the build log */
            char *copy = strdup(full);
            if (!copy) clu_die("out of host memory");
            return copy;
        }
    }
    return NULL;
}
// end snippet broken-path

/* ---- build mode ------------------------------------------------------------ */

// snippet: kernel-facts
/* What every OpenCL device can tell about a built kernel. */
static void print_kernel_facts(const clu_env *env, cl_program prog)
{
    cl_uint n = 0;
    CLU_CHECK(clCreateKernelsInProgram(prog, 0, NULL, &n));
    cl_kernel *ks = clu_malloc(n * sizeof *ks, "host memory");
    CLU_CHECK(clCreateKernelsInProgram(prog, n, ks, NULL));
    for (cl_uint i = 0; i < n; i++) {
        char name[256] = "";
        size_t wg = 0, multiple = 0;
        cl_ulong local = 0, priv = 0;
        CLU_CHECK(clGetKernelInfo(ks[i], CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL));
        CLU_CHECK(clGetKernelWorkGroupInfo(ks[i], env->device, CL_KERNEL_WORK_GROUP_SIZE,
                                           sizeof wg, &wg, NULL));
        CLU_CHECK(clGetKernelWorkGroupInfo(ks[i], env->device,
                                           CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                           sizeof multiple, &multiple, NULL));
        CLU_CHECK(clGetKernelWorkGroupInfo(ks[i], env->device, CL_KERNEL_LOCAL_MEM_SIZE,
                                           sizeof local, &local, NULL));
        CLU_CHECK(clGetKernelWorkGroupInfo(ks[i], env->device, CL_KERNEL_PRIVATE_MEM_SIZE,
                                           sizeof priv, &priv, NULL));
        printf("kernel %s: at most %zu work-items per group, best in multiples of %zu, "
               "%llu bytes of local memory, %llu bytes of private memory per work-item\n",
               name, wg, multiple, (unsigned long long)local, (unsigned long long)priv);
        clReleaseKernel(ks[i]);
    }
    free(ks);
}
// end snippet kernel-facts

static int mode_build(clu_env *env, const lesson_args *a)
{
    /* A name of the lesson's broken/ folder, else a file in kernels/ or a path. */
    char *broken = strchr(a->kernel, '/') ? NULL : broken_path(a->kernel);
    const char *name = broken ? broken : a->kernel;
    printf("building %s with options '%s'\n", name, a->options);
    fflush(stdout); /* the build log goes to stderr: keep the order */
    // snippet: build-mode
    env->build_log = 1; /* print the log even when the build succeeds */
    cl_program prog = clu_build(env, name, a->options); /* failure: log, exit 2 */
    print_kernel_facts(env, prog);
    // end snippet build-mode
    clReleaseProgram(prog);
    free(broken);
    return 0;
}

/* ---- run mode ---------------------------------------------------------------- */

typedef struct {
    const char *name, *define, *kernel, *what;
} bug_info;

static const bug_info bugs[] = {
    {"local-index", "-DBUG_LOCAL_INDEX", "tiled_sum",
     "Bl[x] instead of Bl[lx]: the seed's wrong local index"},
    {"divergence", "-DBUG_DIVERGENCE", "tiled_sum",
     "work-items past X return before the barriers"},
    {"race", "-DBUG_RACE", "group_sum", "no barrier between writing s[] and reading it"},
    {"uninit", "-DBUG_UNINIT", "smooth", "the halo t[0] and t[T+1] is never loaded"},
};
#define NBUGS (sizeof bugs / sizeof bugs[0])

static cl_mem upload(clu_env *env, const float *h, size_t n)
{
    cl_int err;
    cl_mem d = clCreateBuffer(env->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              n * sizeof(float), (void *)h, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(input)");
    return d;
}

static cl_mem output(clu_env *env, size_t n)
{
    cl_int err;
    cl_mem d = clCreateBuffer(env->context, CL_MEM_WRITE_ONLY, n * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(output)");
    return d;
}

/* Launch a 1-D kernel over `items` work-items (rounded up) and wait. */
static void launch(clu_env *env, cl_kernel k, size_t items, size_t wg)
{
    size_t global = clu_round_up(items, wg);
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &wg, 0, NULL, NULL));
    CLU_CHECK(clFinish(env->queue));
}

static size_t run_tiled_sum(clu_env *env, cl_program prog, const lesson_args *a)
{
    size_t X = a->X, Y = a->Y, wg = a->wg;
    float *h_A = clu_malloc(X * sizeof *h_A, "host memory"), *h_B = clu_malloc(Y * sizeof *h_B, "host memory");
    float *h_C = clu_malloc(X * sizeof *h_C, "host memory");
    double *ref = clu_malloc(X * sizeof *ref, "host memory"), *absref = clu_malloc(X * sizeof *absref, "host memory");
    clu_fill_random(h_A, X, 1, -1.0f, 1.0f);
    clu_fill_random(h_B, Y, 2, -1.0f, 1.0f);
    double sumB = 0.0, sumAbsB = 0.0;
    for (size_t y = 0; y < Y; y++) {
        sumB += h_B[y];
        sumAbsB += fabs(h_B[y]);
    }
    for (size_t x = 0; x < X; x++) {
        ref[x] = h_A[x] * sumB;
        absref[x] = fabs(h_A[x]) * sumAbsB;
    }
    cl_kernel k = clu_kernel(prog, "tiled_sum");
    clu_check_wgsize(env, k, wg);
    cl_mem d_A = upload(env, h_A, X), d_B = upload(env, h_B, Y), d_C = output(env, X);
    int x_arg = (int)X, y_arg = (int)Y;
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_A, &d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_B, &d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_C, &d_C));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof x_arg, &x_arg));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof y_arg, &y_arg));
    // snippet: local-arg
    /* A __local argument gets a size and no value: each group has its own. */
    CLU_CHECK(clSetKernelArg(k, 5, wg * sizeof(float), NULL));
    // end snippet local-arg
    launch(env, k, X, wg);
    CLU_CHECK(clEnqueueReadBuffer(env->queue, d_C, CL_TRUE, 0, X * sizeof(float), h_C, 0, NULL, NULL));
    size_t bad = clu_verify_sum("tiled_sum", h_C, ref, absref, X, Y);
    clReleaseMemObject(d_A);
    clReleaseMemObject(d_B);
    clReleaseMemObject(d_C);
    clReleaseKernel(k);
    free(h_A);
    free(h_B);
    free(h_C);
    free(ref);
    free(absref);
    return bad;
}

static size_t run_group_sum(clu_env *env, cl_program prog, const lesson_args *a)
{
    size_t n = a->X, wg = a->wg, groups = clu_round_up(n, wg) / wg;
    float *h_in = clu_malloc(n * sizeof *h_in, "host memory"), *h_out = clu_malloc(groups * sizeof *h_out, "host memory");
    double *ref = clu_malloc(groups * sizeof *ref, "host memory"), *absref = clu_malloc(groups * sizeof *absref, "host memory");
    clu_fill_random(h_in, n, 3, -1.0f, 1.0f);
    for (size_t g = 0; g < groups; g++) {
        ref[g] = absref[g] = 0.0;
        for (size_t i = g * wg; i < n && i < (g + 1) * wg; i++) {
            ref[g] += h_in[i];
            absref[g] += fabs(h_in[i]);
        }
    }
    cl_kernel k = clu_kernel(prog, "group_sum");
    clu_check_wgsize(env, k, wg);
    cl_mem d_in = upload(env, h_in, n), d_out = output(env, groups);
    int n_arg = (int)n;
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_in, &d_in));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_out, &d_out));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof n_arg, &n_arg));
    CLU_CHECK(clSetKernelArg(k, 3, wg * sizeof(float), NULL));
    launch(env, k, n, wg);
    CLU_CHECK(clEnqueueReadBuffer(env->queue, d_out, CL_TRUE, 0, groups * sizeof(float), h_out,
                                  0, NULL, NULL));
    size_t bad = clu_verify_sum("group_sum", h_out, ref, absref, groups, wg);
    clReleaseMemObject(d_in);
    clReleaseMemObject(d_out);
    clReleaseKernel(k);
    free(h_in);
    free(h_out);
    free(ref);
    free(absref);
    return bad;
}

static size_t run_smooth(clu_env *env, cl_program prog, const lesson_args *a)
{
    size_t n = a->X, wg = a->wg;
    float *h_in = clu_malloc(n * sizeof *h_in, "host memory"), *h_out = clu_malloc(n * sizeof *h_out, "host memory");
    double *ref = clu_malloc(n * sizeof *ref, "host memory"), *absref = clu_malloc(n * sizeof *absref, "host memory");
    clu_fill_random(h_in, n, 4, -1.0f, 1.0f);
    for (size_t i = 0; i < n; i++) {
        double l = h_in[i > 0 ? i - 1 : 0], c = h_in[i], r = h_in[i + 1 < n ? i + 1 : n - 1];
        ref[i] = (l + c + r) / 3.0;
        absref[i] = (fabs(l) + fabs(c) + fabs(r)) / 3.0;
    }
    cl_kernel k = clu_kernel(prog, "smooth");
    clu_check_wgsize(env, k, wg);
    cl_mem d_in = upload(env, h_in, n), d_out = output(env, n);
    int n_arg = (int)n;
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_in, &d_in));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_out, &d_out));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof n_arg, &n_arg));
    CLU_CHECK(clSetKernelArg(k, 3, (wg + 2) * sizeof(float), NULL));
    launch(env, k, n, wg);
    CLU_CHECK(clEnqueueReadBuffer(env->queue, d_out, CL_TRUE, 0, n * sizeof(float), h_out, 0, NULL, NULL));
    /* two additions and a division: four roundings at most */
    size_t bad = clu_verify_sum("smooth", h_out, ref, absref, n, 4);
    clReleaseMemObject(d_in);
    clReleaseMemObject(d_out);
    clReleaseKernel(k);
    free(h_in);
    free(h_out);
    free(ref);
    free(absref);
    return bad;
}

static int mode_run(clu_env *env, const lesson_args *a)
{
    const bug_info *bug = NULL;
    if (a->bug) {
        for (size_t i = 0; i < NBUGS; i++)
            if (!strcmp(a->bug, bugs[i].name)) bug = &bugs[i];
        if (!bug) clu_die("-b %s: no such bug (local-index, divergence, race, uninit)", a->bug);
    }
    if ((!bug || !strcmp(bug->kernel, "group_sum")) && (a->wg & (a->wg - 1)))
        clu_die("-t %zu: group_sum needs a power of two as work-group size", a->wg);
    printf("sizes: X = %zu, Y = %zu, work-group size %zu\n", a->X, a->Y, a->wg);
    if (bug) printf("bug switched on: %s (%s): %s\n", bug->name, bug->define, bug->what);
    else printf("no bug switched on: the kernels as they are in kernels/06-debugging-bugs.cl\n");
    fflush(stdout);
    cl_program prog = clu_build(env, "06-debugging-bugs.cl", bug ? bug->define : "");
    size_t bad = 0;
    if (!bug || !strcmp(bug->kernel, "tiled_sum")) bad += run_tiled_sum(env, prog, a);
    if (!bug || !strcmp(bug->kernel, "group_sum")) bad += run_group_sum(env, prog, a);
    if (!bug || !strcmp(bug->kernel, "smooth")) bad += run_smooth(env, prog, a);
    clReleaseProgram(prog);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    lesson_args a = {"run", NULL, "06-debugging-variants.cl", "", NULL, 1000, 300, 64};
    const clu_option opts[] = {
        {"-o", "MODE", "run (default), build, errors or dump", CLU_OPT_STRING, &a.mode, 0, 0},
        {"-b", "BUG", "run mode: switch on local-index, divergence, race or uninit",
         CLU_OPT_STRING, &a.bug, 0, 0},
        {"-k", "FILE", "build mode: a file of lessons/06-debugging/broken/ or kernels/, or a path",
         CLU_OPT_STRING, &a.kernel, 0, 0},
        {"-O", "OPTIONS", "build and dump modes: build options, e.g. '-Werror'",
         CLU_OPT_STRING, &a.options, 0, 0},
        {"-f", "FILE", "dump mode: write the program binary to FILE", CLU_OPT_STRING, &a.dump, 0, 0},
        {"-x", "X", "run mode: number of elements", CLU_OPT_SIZE, &a.X, 1, 1 << 24},
        {"-y", "Y", "run mode: length of B in tiled_sum", CLU_OPT_SIZE, &a.Y, 1, 1 << 20},
        {"-t", "WG", "run mode: work-group size", CLU_OPT_SIZE, &a.wg, 1, 1 << 16},
    };
    setvbuf(stdout, NULL, _IOLBF, 0); /* lines in order with stderr's, even into a file */
    clu_common common;
    clu_parse_args(argc, argv, "lesson 06: debugging: build logs, error names, binaries, bugs",
                   opts, sizeof opts / sizeof opts[0], &common);
    int (*mode)(clu_env *, const lesson_args *) = NULL;
    if (!strcmp(a.mode, "run")) mode = mode_run;
    else if (!strcmp(a.mode, "build")) mode = mode_build;
    else if (!strcmp(a.mode, "errors")) mode = mode_errors;
    else if (!strcmp(a.mode, "dump")) mode = mode_dump;
    else clu_die("-o %s: no such mode (run, build, errors, dump)", a.mode);
    if (a.bug && mode != mode_run) clu_die("-b only goes with -o run");
    if (!*a.kernel) clu_die("-k needs a file name");

    clu_env env;
    clu_setup(&env, &common);
    int status = mode(&env, &a);
    clu_teardown(&env);
    return status;
}
