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
 * The mistakes made on purpose (-o errors) and the checks of this program's
 * own input are in mistakes.c beside this file, writing and showing a
 * binary (-o dump) in binary.c, the options in settings.c; helpers.h
 * declares what main.c calls there.
 * APIs introduced: clGetProgramBuildInfo, clGetProgramInfo
 * (CL_PROGRAM_BINARY_SIZES, CL_PROGRAM_BINARIES), clCreateKernelsInProgram,
 * clGetKernelInfo, clGetKernelWorkGroupInfo (CL_KERNEL_LOCAL_MEM_SIZE,
 * CL_KERNEL_PRIVATE_MEM_SIZE), __local kernel arguments, printf in a kernel.
 */
#include "helpers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the C reference ---------------------------------------------------- */

// snippet: reference
/* Each fills ref[] (in double) and mag[] (the root of the sum of the terms'
 * squares, for the error bound), sets the number of terms per result, returns how many
 * results the kernel writes. */
typedef size_t reference_fn(const float *in, const float *B, size_t X, size_t Y, size_t wg,
                            double *ref, double *mag, size_t *terms);

/* tiled_sum: C[x] = sum_y A[x]*B[y] = A[x] * (sum of B), as in lesson 01. */
static size_t ref_tiled_sum(const float *A, const float *B, size_t X, size_t Y, size_t wg,
                            double *ref, double *mag, size_t *terms)
{
    (void)wg;
    double sumB = 0.0, sumSqB = 0.0;
    for (size_t y = 0; y < Y; y++) {
        sumB += B[y];
        sumSqB += (double)B[y] * B[y];
    }
    for (size_t x = 0; x < X; x++) {
        ref[x] = (double)A[x] * sumB;
        mag[x] = fabs((double)A[x]) * sqrt(sumSqB);
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
            mag[g] += (double)in[i] * in[i];
        }
        mag[g] = sqrt(mag[g]);
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
        mag[i] = sqrt(l * l + c * c + r * r);
    }
    *terms = 3;
    return n;
}
// end snippet reference

/* ---- the kernels: what the compiler says about each ---------------------- */

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

static const kernel_info tiled_sum = {.name = "tiled_sum", .reference = ref_tiled_sum, .takes_B = 1};
static const kernel_info group_sum = {.name = "group_sum", .reference = ref_group_sum, .pow2 = 1};
static const kernel_info smooth = {.name = "smooth", .reference = ref_smooth, .halo = 2};

typedef struct variant variant;
typedef size_t mode_fn(clu_env *env, const variant *v, const args *a);
static mode_fn mode_run, mode_build, mode_errors, mode_dump;

struct variant {
    const char *name, *why;
    const char *uses;           /* the options it reads; any other is refused (settings.c) */
    mode_fn *mode;
    const kernel_info *kernel;  /* run modes: the kernel, NULL for all three */
    const char *define;         /* run modes: the build option that makes the bug */
};

static const variant variants[] = {
    {.name = "run", .why = "the three kernels of 06-debugging-bugs.cl, checked against C",
     .mode = mode_run, .uses = "-x -y -t", .define = ""},
    {.name = "local-index", .why = "tiled_sum writes its tile at Bl[x], not Bl[lx]: past the end",
     .mode = mode_run, .uses = "-x -y -t", .kernel = &tiled_sum, .define = "-DBUG_LOCAL_INDEX"},
    {.name = "divergence", .why = "tiled_sum's work-items past X return before the barriers",
     .mode = mode_run, .uses = "-x -y -t", .kernel = &tiled_sum, .define = "-DBUG_DIVERGENCE"},
    {.name = "race", .why = "group_sum without the barrier between writing s[] and reading it",
     .mode = mode_run, .uses = "-x -t", .kernel = &group_sum, .define = "-DBUG_RACE"},
    {.name = "uninit", .why = "smooth never loads its halo t[0] and t[T+1]",
     .mode = mode_run, .uses = "-x -t", .kernel = &smooth, .define = "-DBUG_UNINIT"},
    {.name = "printf", .why = "group_sum with a printf of each group's sum (-DDEBUG_PRINTF)",
     .mode = mode_run, .uses = "-x -t", .kernel = &group_sum, .define = "-DDEBUG_PRINTF"},
    {.name = "build", .why = "build a kernel file (-f): its build log and what the device says about each kernel",
     .mode = mode_build, .uses = "-f -O"},
    {.name = "errors", .why = "the API mistakes students make most, one after another: name and hint of each",
     .mode = mode_errors, .uses = ""},
    {.name = "dump", .why = "the compiled program from CL_PROGRAM_BINARIES (PTX on NVIDIA); -w saves it",
     .mode = mode_dump, .uses = "-f -O -w"},
};
// end snippet variants

/* ---- run and verify ------------------------------------------------------- */

// snippet: run-kernel
/* Run kernel k once on whole numbers (exact: every result must match) or on
 * random floats (within the realistic bound); return how many are wrong. */
static size_t run_kernel(clu_env *env, cl_program prog, const kernel_info *k, const args *a,
                         int exact)
{
    cl_kernel kernel = clu_kernel(prog, k->name);
    /* -t, or the largest power of two up to 64 that this kernel allows here. */
    size_t X = a->X, Y = a->Y, wg = a->wg ? a->wg : clu_default_wg(env, kernel, 64);
    if (exact) printf("%s: work-group size %zu\n", k->name, wg);
    float *h_in = clu_malloc(X * sizeof(float), "the input"), *h_B = clu_malloc(Y * sizeof(float), "B");
    float *h_out = clu_malloc(X * sizeof(float), "the output");
    double *ref = clu_malloc(X * sizeof(double), "the reference");
    double *mag = clu_malloc(X * sizeof(double), "the error bounds");
    /* Halves (whole numbers and x.5, so that a kernel that keeps only whole
     * numbers fails too), |in| <= 4 and |B| <= 1: the products are quarters;
     * a partial sum of tiled_sum is a random walk of Y <= 2^20 steps, a few
     * thousand in size, of group_sum at most 4 * wg <= 2^18: far below 2^22
     * (2^23 for sums of halves), exact in float. Random data: the sums of
     * B and of the input kept away from 0. */
    if (exact) {
        clu_fill_halves(h_in, X, 1, 4);
        clu_fill_halves(h_B, Y, 2, 1);
    } else {
        clu_fill_random(h_in, X, 1, -1.0f, 1.0f);
        clu_fill_random(h_B, Y, 2, -1.0f, 1.0f);
        clu_move_sum_off_zero(h_B, Y);
    }
    size_t terms, n_out = k->reference(h_in, h_B, X, Y, wg, ref, mag, &terms);
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
    clu_step(k->name); /* what the watchdog names if the kernel never ends */
    CLU_CHECK(clEnqueueNDRangeKernel(env->queue, kernel, 1, NULL, &global, &wg, 0, NULL, NULL));
    CLU_CHECK(clFinish(env->queue)); /* a kernel that faulted is reported here */
    clu_read(env, d_out, n_out * sizeof(float), h_out);

    char what[64];
    snprintf(what, sizeof what, "%s%s", k->name, exact ? " (whole numbers)" : "");
    size_t wrong = clu_verify(what, h_out, ref, exact ? NULL : mag, n_out, terms);
    clReleaseMemObject(d_out), clReleaseMemObject(d_in);
    if (d_B) clReleaseMemObject(d_B);
    clReleaseKernel(kernel);
    free(h_in), free(h_B), free(h_out), free(ref), free(mag);
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
    /* Host: the input, B, the output, the reference and its bounds; device: the input, B, the output. */
    clu_check_memory(env, clu_bytes(a->X, 2 * sizeof(float) + 2 * sizeof(double), "the arrays") + a->Y * 4,
                     clu_bytes(a->X, 2 * sizeof(float), "the buffers") + a->Y * 4);
    printf("sizes: X = %zu", a->X);
    if (strstr(v->uses, "-y")) printf(", Y = %zu", a->Y);
    printf(a->wg ? ", work-group size %zu\n" : ", work-group size: each kernel's largest up to 64\n", a->wg);
    printf("%s: %s\nbuild options: '%s'\n", v->name, v->why, v->define);
    cl_program prog = clu_build(env, "06-debugging-bugs.cl", v->define);
    size_t wrong = 0;
    for (size_t i = 0; i < nk; i++)
        for (int exact = 1; exact >= 0; exact--) wrong += run_kernel(env, prog, ks[i], a, exact);
    clReleaseProgram(prog);
    return wrong;
}

/* ---- build and dump: a kernel file, its log, its facts, its binary -------- */

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
    clReleaseProgram(prog), free(file);
    return 0;
}

static size_t mode_errors(clu_env *env, const variant *v, const args *a) { (void)v, (void)a; return show_mistakes(env); }

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
    show_binary(bin, size, a->file, a->save); /* binary.c: -w, and the first bytes */
    free(bin), free(file);
    clReleaseProgram(prog);
    return 0;
}

/* ---- main ------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* lines in order with stderr's, even into a file */
    clu_common common; /* -p, -d, --budget, ...: what every program understands */
    const args a = read_args(argc, argv, (clu_option){CLU_VARIANTS(variants)}, &common); /* settings.c */
    const variant *v = &variants[a.mode];
    clu_env env;
    clu_setup(&env, &common);
    /* tiled_sum's X·Y multiply-adds, twice (whole numbers, random floats),
     * and the serial C as often; a loop turn a term, about four more a tile
     * (tiles of the work-group size, taken as 32 where -t does not say: no
     * device we run picks a smaller one). */
    if (v->mode == mode_run)
        clu_check_budget(&env, &common, (clu_work){.fma = 2.0 * a.X * (a.Y + 16), .chain = 2.0 * (a.Y + 16), .host = 2.0 * a.X * (a.Y + 16) + 50.0 * (a.X + a.Y),
                         .turns = (a.Y + 16) * (1.0 + 4.0 / (double)(a.wg ? a.wg : 32))}, "X·Y multiply-adds");
    size_t wrong = v->mode(&env, v, &a);
    clu_teardown(&env);
    return clu_exit_status(wrong);
}
