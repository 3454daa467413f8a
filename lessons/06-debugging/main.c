/* Lesson 06 -- debugging: build logs, error names, binaries, and the bugs
 * that only show at run time.
 *
 * One program, several modes (-o): run the kernels and check them against C,
 * the same with one classic bug switched on (for Oclgrind to find), a kernel
 * that prints, build a kernel file and print its log and facts, make the
 * usual API mistakes one after another, and fetch the compiled binary.
 * The host flow of lesson 01 is one call each into common/ here.
 * Kernel files: kernels/06-debugging-bugs.cl, kernels/06-debugging-variants.cl,
 * and the kernels that do not compile in lessons/06-debugging/broken/.
 * APIs introduced: clGetProgramBuildInfo, clGetProgramInfo
 * (CL_PROGRAM_BINARY_SIZES, CL_PROGRAM_BINARIES), clCreateKernelsInProgram,
 * clGetKernelInfo, clGetKernelWorkGroupInfo (CL_KERNEL_LOCAL_MEM_SIZE,
 * CL_KERNEL_PRIVATE_MEM_SIZE), __local kernel arguments, printf in a kernel.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "clu.h"

#include <ctype.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CLU_KERNEL_DIR
#define CLU_KERNEL_DIR "kernels"
#endif

typedef struct {
    size_t X, Y, wg;     /* run modes */
    const char *file;    /* build and dump: the kernel file */
    const char *options; /* build and dump: build options */
    const char *save;    /* dump: where to write the binary, or NULL */
} args;

/* ---- the C reference ---------------------------------------------------- */

// snippet: reference
/* Each fills ref[] (in double) and mag[] (the sum of the terms' sizes, for
 * the error bound), sets the number of terms per result, returns how many
 * results the kernel writes. */
typedef size_t reference_fn(const float *in, const float *B, size_t X, size_t Y, size_t wg,
                            double *ref, double *mag, size_t *terms);

/* tiled_sum: C[x] = sum_y A[x]*B[y] = A[x] * (sum of B), as in lesson 01. */
static size_t ref_tiled_sum(const float *A, const float *B, size_t X, size_t Y, size_t wg,
                            double *ref, double *mag, size_t *terms)
{
    (void)wg;
    double sumB = 0.0, sumAbsB = 0.0;
    for (size_t y = 0; y < Y; y++) {
        sumB += B[y];
        sumAbsB += fabs((double)B[y]);
    }
    for (size_t x = 0; x < X; x++) {
        ref[x] = (double)A[x] * sumB;
        mag[x] = fabs((double)A[x]) * sumAbsB;
    }
    *terms = Y;
    return X;
}

/* group_sum: the sum of each work-group's wg elements. */
static size_t ref_group_sum(const float *in, const float *B, size_t n, size_t Y, size_t wg,
                            double *ref, double *mag, size_t *terms)
{
    (void)B, (void)Y;
    size_t groups = (n + wg - 1) / wg;
    for (size_t g = 0; g < groups; g++) {
        ref[g] = mag[g] = 0.0;
        for (size_t i = g * wg; i < n && i < (g + 1) * wg; i++) {
            ref[g] += in[i];
            mag[g] += fabs((double)in[i]);
        }
    }
    *terms = wg;
    return groups;
}

/* smooth: each element plus its two neighbours, the ends repeated. */
static size_t ref_smooth(const float *in, const float *B, size_t n, size_t Y, size_t wg,
                         double *ref, double *mag, size_t *terms)
{
    (void)B, (void)Y, (void)wg;
    for (size_t i = 0; i < n; i++) {
        double l = in[i > 0 ? i - 1 : 0], c = in[i], r = in[i + 1 < n ? i + 1 : n - 1];
        ref[i] = l + c + r;
        mag[i] = fabs(l) + fabs(c) + fabs(r);
    }
    *terms = 3;
    return n;
}
// end snippet reference

/* ---- the variants ---------------------------------------------------------- */

// snippet: variants
/* The kernels of kernels/06-debugging-bugs.cl and what the host must know
 * about each. */
typedef struct {
    const char *name;       /* the __kernel function */
    reference_fn *reference;
    int takes_B;            /* arguments (A, B, C, X, Y, local) instead of (in, out, n, local) */
    size_t halo;            /* local floats beyond one per work-item */
    int pow2;               /* needs a power-of-two work-group size */
} kernel_info;

static const kernel_info tiled_sum = {"tiled_sum", ref_tiled_sum, 1, 0, 0};
static const kernel_info group_sum = {"group_sum", ref_group_sum, 0, 0, 1};
static const kernel_info smooth = {"smooth", ref_smooth, 0, 2, 0};

typedef struct variant variant;
typedef size_t mode_fn(clu_env *env, const variant *v, const args *a);
static mode_fn mode_run, mode_build, mode_errors, mode_dump;

struct variant {
    const char *name, *why;
    mode_fn *mode;
    const char *uses;           /* the options it reads; any other is refused */
    const kernel_info *kernel;  /* run modes: the kernel, NULL for all three */
    const char *define;         /* run modes: the build option that makes the bug */
};

static const variant variants[] = {
    {"run", "the three kernels of 06-debugging-bugs.cl, checked against C",
     mode_run, "-x -y -t", NULL, ""},
    {"local-index", "tiled_sum writes its tile at Bl[x], not Bl[lx]: past the end",
     mode_run, "-x -y -t", &tiled_sum, "-DBUG_LOCAL_INDEX"},
    {"divergence", "tiled_sum's work-items past X return before the barriers",
     mode_run, "-x -y -t", &tiled_sum, "-DBUG_DIVERGENCE"},
    {"race", "group_sum without the barrier between writing s[] and reading it",
     mode_run, "-x -t", &group_sum, "-DBUG_RACE"},
    {"uninit", "smooth never loads its halo t[0] and t[T+1]",
     mode_run, "-x -t", &smooth, "-DBUG_UNINIT"},
    {"printf", "group_sum with a printf of each group's sum (-DDEBUG_PRINTF)",
     mode_run, "-x -t", &group_sum, "-DDEBUG_PRINTF"},
    {"build", "build a kernel file (-f): its build log and what the device says about each kernel",
     mode_build, "-f -O", NULL, NULL},
    {"errors", "the API mistakes students make most, one after another: name and hint of each",
     mode_errors, "", NULL, NULL},
    {"dump", "the compiled program from CL_PROGRAM_BINARIES (PTX on NVIDIA); -w saves it",
     mode_dump, "-f -O -w", NULL, NULL},
};
// end snippet variants

/* ---- run and verify ------------------------------------------------------- */

// snippet: run-kernel
/* Run kernel k once on whole numbers (exact: every result must match) or on
 * random floats (within the realistic bound); return how many are wrong. */
static size_t run_kernel(clu_env *env, cl_program prog, const kernel_info *k, const args *a,
                         int exact)
{
    size_t X = a->X, Y = a->Y, wg = a->wg;
    float *h_in = clu_malloc(X * sizeof(float), "the input"), *h_B = clu_malloc(Y * sizeof(float), "B");
    float *h_out = clu_malloc(X * sizeof(float), "the output");
    double *ref = clu_malloc(X * sizeof(double), "the reference");
    double *mag = clu_malloc(X * sizeof(double), "the error bounds");
    /* |in| <= 4 and B = +-1: a partial sum of tiled_sum is at most 4 * Y <= 2^22
     * and of group_sum at most 4 * wg <= 2^18, far below 2^24: exact in float. */
    if (exact) {
        clu_fill_exact(h_in, X, 1, 4);
        clu_fill_exact(h_B, Y, 2, 1);
    } else {
        clu_fill_random(h_in, X, 1, -1.0f, 1.0f);
        clu_fill_random(h_B, Y, 2, -1.0f, 1.0f);
    }
    size_t terms, n_out = k->reference(h_in, h_B, X, Y, wg, ref, mag, &terms);

    cl_kernel kernel = clu_kernel(prog, k->name);
    cl_mem d_in = clu_buffer(env, CL_MEM_READ_ONLY, X * sizeof(float), h_in, "the input");
    cl_mem d_B = k->takes_B ? clu_buffer(env, CL_MEM_READ_ONLY, Y * sizeof(float), h_B, "B") : NULL;
    cl_mem d_out = clu_buffer(env, CL_MEM_WRITE_ONLY, n_out * sizeof(float), NULL, "the output");
    float nan = NAN; /* an output the kernel never writes stays NaN and fails */
    CLU_CHECK(clEnqueueFillBuffer(env->queue, d_out, &nan, sizeof nan, 0, n_out * sizeof(float), 0,
                                  NULL, NULL));
    cl_uint i = 0;
    int n_arg = (int)X, y_arg = (int)Y;
    CLU_CHECK(clSetKernelArg(kernel, i++, sizeof d_in, &d_in));
    if (k->takes_B) CLU_CHECK(clSetKernelArg(kernel, i++, sizeof d_B, &d_B));
    CLU_CHECK(clSetKernelArg(kernel, i++, sizeof d_out, &d_out));
    CLU_CHECK(clSetKernelArg(kernel, i++, sizeof n_arg, &n_arg));
    if (k->takes_B) CLU_CHECK(clSetKernelArg(kernel, i++, sizeof y_arg, &y_arg));
    /* A __local argument gets a size and no value: each group has its own. */
    CLU_CHECK(clSetKernelArg(kernel, i, (wg + k->halo) * sizeof(float), NULL));
    clu_check_wgsize(env, kernel, wg);
    size_t global = clu_round_up(X, wg);
    fflush(stdout); /* our lines before anything the kernel prints */
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, kernel, 1, NULL, &global, &wg, 0, NULL, NULL));
    CLU_CHECK(clFinish(env->queue)); /* a kernel that faulted is reported here */
    clu_read(env, d_out, n_out * sizeof(float), h_out);

    char what[64];
    snprintf(what, sizeof what, "%s%s", k->name, exact ? " (whole numbers)" : "");
    size_t wrong = clu_verify(what, h_out, ref, exact ? NULL : mag, n_out, terms);
    clReleaseMemObject(d_out);
    if (d_B) clReleaseMemObject(d_B);
    clReleaseMemObject(d_in);
    clReleaseKernel(kernel);
    free(h_in);
    free(h_B);
    free(h_out);
    free(ref);
    free(mag);
    return wrong;
}
// end snippet run-kernel

/* The variant's kernel (or all three), each checked twice. */
static size_t mode_run(clu_env *env, const variant *v, const args *a)
{
    const kernel_info *all[] = {&tiled_sum, &group_sum, &smooth};
    const kernel_info *const *ks = v->kernel ? &v->kernel : all;
    size_t nk = v->kernel ? 1 : 3;
    for (size_t i = 0; i < nk; i++)
        if (ks[i]->pow2 && (a->wg & (a->wg - 1)))
            clu_die("-t %zu: %s needs a power of two as work-group size", a->wg, ks[i]->name);
    printf("sizes: X = %zu", a->X);
    if (strstr(v->uses, "-y")) printf(", Y = %zu", a->Y);
    printf(", work-group size %zu\n", a->wg);
    printf("%s: %s\nbuild options: '%s'\n", v->name, v->why, v->define);
    cl_program prog = clu_build(env, "06-debugging-bugs.cl", v->define);
    size_t wrong = 0;
    for (size_t i = 0; i < nk; i++)
        for (int exact = 1; exact >= 0; exact--) wrong += run_kernel(env, prog, ks[i], a, exact);
    clReleaseProgram(prog);
    return wrong;
}

/* ---- build and dump: a kernel file, its log, its facts, its binary ---------- */

// snippet: broken-path
/* The broken kernels are not in kernels/ (every file there must compile):
 * they sit in this lesson's folder. A plain NAME is looked for there first,
 * beside the program's build folder, then in the project it was built from;
 * then in kernels/ as clu_build would look; a path is taken as it is. */
static char *kernel_file(const char *name)
{
    char exe[PATH_MAX] = "", path[2 * PATH_MAX], full[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = len > 0 ? (exe[len] = '\0', strrchr(exe, '/')) : NULL;
    if (slash) *slash = '\0';
    const char *roots[] = {slash ? exe : NULL, CLU_KERNEL_DIR};
    for (size_t i = 0; i < 2 && !strchr(name, '/'); i++) {
        if (!roots[i]) continue;
        snprintf(path, sizeof path, "%s/../lessons/06-debugging/broken/%s", roots[i], name);
        if (realpath(path, full)) /* realpath: a clean name in the build log */
            return strcpy(clu_malloc(strlen(full) + 1, "a path"), full);
    }
    char *found = clu_kernel_path(name); /* exits 2 if there is none */
    if (!realpath(found, full)) return found;
    free(found);
    return strcpy(clu_malloc(strlen(full) + 1, "a path"), full);
}
// end snippet broken-path

// snippet: kernel-facts
/* What every OpenCL device can tell about a built kernel. */
static void print_kernel_facts(const clu_env *env, cl_program prog)
{
    cl_uint n = 0;
    CLU_CHECK(clCreateKernelsInProgram(prog, 0, NULL, &n));
    cl_kernel *ks = clu_malloc(n * sizeof *ks, "the kernels");
    CLU_CHECK(clCreateKernelsInProgram(prog, n, ks, NULL));
    for (cl_uint i = 0; i < n; i++) {
        char name[256] = "";
        size_t wg = 0, multiple = 0;
        cl_ulong local = 0, priv = 0;
        CLU_CHECK(clGetKernelInfo(ks[i], CL_KERNEL_FUNCTION_NAME, sizeof name - 1, name, NULL));
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

static size_t mode_build(clu_env *env, const variant *v, const args *a)
{
    (void)v;
    char *file = kernel_file(a->file);
    printf("building %s with options '%s'\n", file, a->options);
    // snippet: build-mode
    env->build_log = 1; /* print the log even when the build succeeds */
    cl_program prog = clu_build(env, file, a->options); /* failure: log, exit 2 */
    print_kernel_facts(env, prog);
    // end snippet build-mode
    clReleaseProgram(prog);
    free(file);
    return 0;
}

static size_t mode_dump(clu_env *env, const variant *v, const args *a)
{
    (void)v;
    char *file = kernel_file(a->file);
    cl_program prog = clu_build(env, file, a->options);
    // snippet: binaries
    /* One binary per device of the program; we built for one. */
    size_t size = 0;
    CLU_CHECK(clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
    unsigned char *bin = clu_malloc(size + 1, "the binary");
    CLU_CHECK(clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
    bin[size] = '\0';
    // end snippet binaries
    printf("CL_PROGRAM_BINARIES: %zu bytes for %s\n", size, a->file);
    if (a->save) {
        FILE *f = fopen(a->save, "wb");
        if (!f || fwrite(bin, 1, size, f) != size || fclose(f) != 0)
            clu_die("cannot write the binary to '%s'", a->save);
        printf("written to %s\n", a->save);
    }
    /* Its first bytes tell the format: text starting with "//" is PTX. */
    printf("the first bytes:");
    for (size_t i = 0; i < size && i < 16; i++) printf(" %02x", bin[i]);
    printf("  (\"");
    for (size_t i = 0; i < size && i < 16; i++) putchar(isprint(bin[i]) ? bin[i] : '.');
    printf("\")\n");
    free(bin);
    free(file);
    clReleaseProgram(prog);
    return 0;
}

/* ---- errors: the usual mistakes, made on purpose --------------------------- */

// snippet: show-error
/* CLU_CHECK prints the message and ends the program: right for real code,
 * which cannot go on after an error. To show many messages in one run, this
 * mode calls clu_report(), which prints the same message and returns. */
static void show(cl_int err, const char *call, int line)
{
    fflush(stdout);
    if (err == CL_SUCCESS) printf("   %s: CL_SUCCESS, this device accepts it\n", call);
    else clu_report(err, call, __FILE__, line);
    fflush(stderr);
}
#define SHOW(err, call) show((err), (call), __LINE__)
// end snippet show-error

static void step(int *n, const char *what)
{
    printf("\n%d. %s\n", ++*n, what);
}

/* A program from a kernel file, not built yet. */
static cl_program unbuilt(clu_env *env, const char *name)
{
    char *path = kernel_file(name);
    size_t len;
    char *src = clu_read_file(path, &len);
    cl_int err;
    cl_program p = clCreateProgramWithSource(env->context, 1, (const char **)&src, &len, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    free(src);
    free(path);
    return p;
}

// snippet: build-quietly
/* clBuildProgram, with the compiler's own summary on stderr ("1 error
 * generated.") silenced as clu_build does: here only the error code counts. */
static cl_int build_quietly(clu_env *env, cl_program p, const char *options)
{
    fflush(stderr);
    int saved = dup(2), devnull = open("/dev/null", O_WRONLY);
    if (saved >= 0 && devnull >= 0) dup2(devnull, 2);
    cl_int err = clBuildProgram(p, 1, &env->device, options, NULL, NULL);
    if (saved >= 0 && devnull >= 0) dup2(saved, 2);
    if (saved >= 0) close(saved);
    if (devnull >= 0) close(devnull);
    return err;
}
// end snippet build-quietly

static size_t mode_errors(clu_env *env, const variant *v, const args *a)
{
    (void)v, (void)a;
    int n = 0;
    cl_int err;
    const int gpu = clu_device_is_gpu(env->device);

    // snippet: errors-build
    step(&n, "a kernel that does not compile (broken/missing-semicolon.cl)");
    cl_program broken = unbuilt(env, "missing-semicolon.cl");
    SHOW(build_quietly(env, broken, ""), "clBuildProgram");

    step(&n, "going on anyway: a kernel from the program that did not build");
    cl_kernel none = clCreateKernel(broken, "scale", &err);
    SHOW(err, "clCreateKernel(\"scale\")");
    // end snippet errors-build
    if (err == CL_SUCCESS) clReleaseKernel(none);
    clReleaseProgram(broken);

    cl_program prog = unbuilt(env, "06-debugging-bugs.cl");
    step(&n, "a build option the compiler does not know");
    SHOW(build_quietly(env, prog, "-cl-no-such-option"), "clBuildProgram(\"-cl-no-such-option\")");
    CLU_CHECK(build_quietly(env, prog, ""));

    // snippet: errors-args
    step(&n, "a misspelt kernel name");
    cl_kernel typo = clCreateKernel(prog, "tiled_summ", &err);
    SHOW(err, "clCreateKernel(\"tiled_summ\")");
    if (err == CL_SUCCESS) clReleaseKernel(typo);

    cl_kernel k = clu_kernel(prog, "tiled_sum");
    const int X = 1000, Y = 300;
    cl_mem d_A = clu_buffer(env, CL_MEM_READ_WRITE, X * sizeof(float), NULL, "A");
    cl_mem d_B = clu_buffer(env, CL_MEM_READ_WRITE, Y * sizeof(float), NULL, "B");
    CLU_CHECK(clSetKernelArg(k, 0, sizeof d_A, &d_A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof d_B, &d_B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof d_A, &d_A));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof X, &X));
    size_t global = 1024, local = 64;
    step(&n, "arguments 4 and 5 never set");
    SHOW(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &local, 0, NULL, NULL),
         "clEnqueueNDRangeKernel");

    step(&n, "an int argument given 8 bytes (a size_t)");
    size_t y_wrong = Y;
    SHOW(clSetKernelArg(k, 4, sizeof y_wrong, &y_wrong), "clSetKernelArg(k, 4, sizeof(size_t), ...)");

    step(&n, "an argument index past the last parameter (tiled_sum has 6: 0 to 5)");
    SHOW(clSetKernelArg(k, 6, sizeof Y, &Y), "clSetKernelArg(k, 6, ...)");
    // end snippet errors-args
    CLU_CHECK(clSetKernelArg(k, 4, sizeof Y, &Y));
    CLU_CHECK(clSetKernelArg(k, 5, local * sizeof(float), NULL));

    // snippet: errors-wgsize
    size_t dev_max = clu_device_size(env->device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    step(&n, "a work-group twice as large as the device allows");
    size_t big = 2 * dev_max;
    CLU_CHECK(clSetKernelArg(k, 5, big * sizeof(float), NULL));
    SHOW(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &big, &big, 0, NULL, NULL),
         "clEnqueueNDRangeKernel(local = 2 x CL_DEVICE_MAX_WORK_GROUP_SIZE)");
    CLU_CHECK(clSetKernelArg(k, 5, local * sizeof(float), NULL));

    step(&n, "a global size (1000) that the work-group size (64) does not divide");
    size_t uneven = 1000;
    SHOW(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &uneven, &local, 0, NULL, NULL),
         "clEnqueueNDRangeKernel(global 1000, local 64)");
    // end snippet errors-wgsize
    CLU_CHECK(clFinish(env->queue));

    // snippet: errors-memory
    cl_ulong local_max = clu_device_ulong(env->device, CL_DEVICE_LOCAL_MEM_SIZE);
    step(&n, "more local memory than the device has (CL_DEVICE_LOCAL_MEM_SIZE)");
    err = clSetKernelArg(k, 5, (size_t)local_max * 2, NULL);
    SHOW(err, "clSetKernelArg(k, 5, 2 x CL_DEVICE_LOCAL_MEM_SIZE, NULL)");
    if (err == CL_SUCCESS && !gpu)
        printf("   and PoCL 3.1 then stops the whole program in clEnqueueNDRangeKernel (a failed\n"
               "   assertion): not tried here. Check sizes against CL_DEVICE_LOCAL_MEM_SIZE first.\n");
    else if (err == CL_SUCCESS)
        SHOW(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &local, 0, NULL, NULL),
             "clEnqueueNDRangeKernel");
    CLU_CHECK(clFinish(env->queue));
    CLU_CHECK(clSetKernelArg(k, 5, local * sizeof(float), NULL));

    cl_ulong alloc_max = clu_device_ulong(env->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    step(&n, "a buffer twice CL_DEVICE_MAX_MEM_ALLOC_SIZE");
    cl_mem huge = clCreateBuffer(env->context, CL_MEM_READ_WRITE, (size_t)alloc_max * 2, NULL, &err);
    SHOW(err, "clCreateBuffer(2 x CL_DEVICE_MAX_MEM_ALLOC_SIZE)");
    if (err == CL_SUCCESS) clReleaseMemObject(huge);
    // end snippet errors-memory

    step(&n, "more buffers than the device memory holds, each used once");
    if (!gpu) {
        printf("   skipped: this device's memory is the computer's own, and filling it would\n"
               "   make the whole machine swap or the kernel end the program\n");
    } else {
        // snippet: errors-exhaust
        /* Drivers allocate on first use, so each buffer is written to. */
        cl_ulong total = clu_device_ulong(env->device, CL_DEVICE_GLOBAL_MEM_SIZE);
        cl_mem bufs[64];
        int nb = 0;
        float zero = 0.0f;
        err = CL_SUCCESS;
        while (nb < 64 && (cl_ulong)nb * alloc_max <= total + alloc_max && err == CL_SUCCESS) {
            bufs[nb] = clCreateBuffer(env->context, CL_MEM_READ_WRITE, (size_t)alloc_max, NULL, &err);
            if (err != CL_SUCCESS) break;
            nb++;
            err = clEnqueueFillBuffer(env->queue, bufs[nb - 1], &zero, sizeof zero, 0,
                                      (size_t)alloc_max, 0, NULL, NULL);
            if (err == CL_SUCCESS) err = clFinish(env->queue);
        }
        printf("   %d buffers of %llu MiB created\n", nb, (unsigned long long)(alloc_max >> 20));
        SHOW(err, "clCreateBuffer or clEnqueueFillBuffer or clFinish");
        while (nb > 0) clReleaseMemObject(bufs[--nb]);
        // end snippet errors-exhaust
    }

    step(&n, "a kernel that writes past its local memory (-DBUG_LOCAL_INDEX), then clFinish");
    if (!gpu) {
        printf("   skipped: on a CPU the stray writes land in the program's own memory;\n"
               "   nothing stops them, and the result is wrong or the program crashes.\n"
               "   Oclgrind finds the bad write: see -o local-index\n");
    } else {
        // snippet: errors-dead-queue
        cl_program bad = clu_build(env, "06-debugging-bugs.cl", "-DBUG_LOCAL_INDEX");
        cl_kernel kb = clu_kernel(bad, "tiled_sum");
        const int bigX = 1 << 20;
        cl_mem d_big = clu_buffer(env, CL_MEM_READ_WRITE, bigX * sizeof(float), NULL, "A and C");
        CLU_CHECK(clSetKernelArg(kb, 0, sizeof d_big, &d_big));
        CLU_CHECK(clSetKernelArg(kb, 1, sizeof d_B, &d_B));
        CLU_CHECK(clSetKernelArg(kb, 2, sizeof d_big, &d_big));
        CLU_CHECK(clSetKernelArg(kb, 3, sizeof bigX, &bigX));
        CLU_CHECK(clSetKernelArg(kb, 4, sizeof Y, &Y));
        CLU_CHECK(clSetKernelArg(kb, 5, 256 * sizeof(float), NULL));
        size_t g = bigX, l = 256;
        SHOW(clEnqueueNDRangeKernel(env->queue, kb, 1, NULL, &g, &l, 0, NULL, NULL),
             "clEnqueueNDRangeKernel");
        SHOW(clFinish(env->queue), "clFinish");
        step(&n, "the next command on the same queue");
        float one;
        SHOW(clEnqueueReadBuffer(env->queue, d_big, CL_TRUE, 0, sizeof one, &one, 0, NULL, NULL),
             "clEnqueueReadBuffer");
        // end snippet errors-dead-queue
        clReleaseMemObject(d_big);
        clReleaseKernel(kb);
        clReleaseProgram(bad);
    }
    printf("\n%d mistakes shown\n", n);
    clReleaseMemObject(d_A);
    clReleaseMemObject(d_B);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return 0;
}

/* ---- main ------------------------------------------------------------------- */

// snippet: refuse-unused
/* An option that the chosen mode does not read would be ignored without a
 * word: refuse it. Every option of the table takes a value, as do -p, -d. */
static void refuse_unused(int argc, char **argv, const clu_option *opts, size_t nopts,
                          const variant *v)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-p") || !strcmp(argv[i], "-d")) i++;
        for (size_t k = 0; k < nopts && i < argc; k++) {
            if (strcmp(argv[i], opts[k].flag) != 0) continue;
            if (k > 0 && !strstr(v->uses, opts[k].flag)) /* opts[0] is -o itself */
                clu_die("%s: -o %s does not use it (it takes %s)", argv[i], v->name,
                        *v->uses ? v->uses : "no options");
            i++;
            break;
        }
    }
}
// end snippet refuse-unused

int main(int argc, char **argv)
{
    args a = {1000, 300, 64, "06-debugging-variants.cl", "", NULL};
    int chosen = 0; /* run */
    // snippet: options
    const clu_option opts[] = {
        {"-o", "MODE", "what to do, one mode per run", CLU_OPT_VARIANT, &chosen, CLU_VARIANTS(variants)},
        {"-x", "X", "run modes: elements of the input and output", CLU_OPT_SIZE, &a.X, 1, 1 << 24},
        {"-y", "Y", "run modes: length of B in tiled_sum", CLU_OPT_SIZE, &a.Y, 1, 1 << 20},
        {"-t", "WG", "run modes: work-group size", CLU_OPT_SIZE, &a.wg, 1, 1 << 16},
        {"-f", "FILE", "build, dump: a file of lessons/06-debugging/broken/ or kernels/, or a path",
         CLU_OPT_STRING, &a.file, 0, 0},
        {"-O", "OPTIONS", "build, dump: build options, e.g. '-Werror'", CLU_OPT_STRING, &a.options, 0, 0},
        {"-w", "FILE", "dump: write the program binary to FILE", CLU_OPT_STRING, &a.save, 0, 0},
    };
    // end snippet options
    const size_t nopts = sizeof opts / sizeof opts[0];
    setvbuf(stdout, NULL, _IOLBF, 0); /* lines in order with stderr's, even into a file */
    clu_common common;
    clu_parse_args(argc, argv, "lesson 06: debugging: build logs, error names, binaries, bugs",
                   opts, nopts, &common);
    if (chosen < 0) clu_die("-o all: this lesson runs one mode at a time (see -h)");
    const variant *v = &variants[chosen];
    refuse_unused(argc, argv, opts, nopts, v);
    if (!*a.file) clu_die("-f needs a file name");

    clu_env env;
    clu_setup(&env, &common);
    size_t wrong = v->mode(&env, v, &a);
    clu_teardown(&env);
    return clu_exit_status(wrong);
}
