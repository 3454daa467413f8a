/* Lesson 06's mistakes, beside main.c: the kernels that do not compile
 * (lessons/06-debugging/broken/) and how the program finds them; the API
 * mistakes students make most, made on purpose one after another (-o
 * errors), with the steps that only a GPU survives; and the input mistakes
 * this program catches before they reach the driver (build options missing
 * their argument, a kernel file with no kernel; options a mode does not read:
 * settings.c).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "helpers.h"

#include <ctype.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CLU_KERNEL_DIR
#define CLU_KERNEL_DIR "kernels"
#endif

char *kernel_file(const char *name);
size_t show_mistakes(clu_env *env);
void check_build_options(const char *options);

/* ---- the broken kernels ------------------------------------------------------ */

// snippet: broken-path
/* The broken kernels are not in kernels/ (every file there must compile):
 * they sit in this lesson's folder. A plain NAME is looked for there first,
 * beside the program's build folder, then in the project it was built from;
 * then in kernels/ as clu_build would look; a path is taken as it is. */
static char *find_file(const char *name)
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

/* The file, found as above; an empty one is refused in one line (the
 * driver would build it into a program with no kernel in it). */
char *kernel_file(const char *name)
{
    char *path = find_file(name);
    size_t length, i = 0;
    char *source = clu_read_file(path, &length);
    while (i < length && isspace((unsigned char)source[i])) i++;
    free(source);
    if (i == length) clu_die("%s: the file is empty, there is no kernel to build", path);
    return path;
}

/* ---- the API mistakes, made on purpose (-o errors) ----------------------------- */

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

size_t show_mistakes(clu_env *env)
{
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
    /* A work-group size this kernel can run with here; 1024 work-items. */
    size_t local = clu_default_wg(env, k, 64), global = 1024;
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

    step(&n, "a global size that the work-group size does not divide");
    size_t uneven = 1024 - 1;
    char call[96];
    snprintf(call, sizeof call, "clEnqueueNDRangeKernel(global %zu, local %zu)", uneven, local);
    SHOW(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &uneven, &local, 0, NULL, NULL), call);
    // end snippet errors-wgsize
    CLU_CHECK(clFinish(env->queue));

    // snippet: errors-memory
    cl_ulong local_max = clu_device_ulong(env->device, CL_DEVICE_LOCAL_MEM_SIZE);
    step(&n, "more local memory than the device has (CL_DEVICE_LOCAL_MEM_SIZE)");
    err = clSetKernelArg(k, 5, (size_t)local_max * 2, NULL);
    SHOW(err, "clSetKernelArg(k, 5, 2 x CL_DEVICE_LOCAL_MEM_SIZE, NULL)");
    if (err == CL_SUCCESS && !gpu)
        printf("   and on a CPU device the launch may then stop the whole program (PoCL 3.1: a\n"
               "   failed assertion): not tried here. Check sizes against CL_DEVICE_LOCAL_MEM_SIZE first.\n");
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

/* ---- input caught before it reaches the driver --------------------------------- */

/* PoCL 3.1 crashes inside clBuildProgram on -D or -I with nothing after
 * it: refuse an option that needs an argument and has none. */
void check_build_options(const char *options)
{
    const char *p = options;
    while (*p) {
        while (*p == ' ' || *p == '\t') p++;
        const char *word = p;
        while (*p && *p != ' ' && *p != '\t') p++;
        if ((p - word == 2) && (!strncmp(word, "-D", 2) || !strncmp(word, "-I", 2))) {
            const char *next = p;
            while (*next == ' ' || *next == '\t') next++;
            if (!*next || *next == '-')
                clu_die("-O '%s': %.2s needs an argument (%s)", options, word,
                        word[1] == 'D' ? "-D NAME or -DNAME=VALUE" : "-I FOLDER");
        }
    }
}
