/* Lesson 01 -- hello world: the outer sum C[x] = sum_y A[x] * B[y].
 *
 * Teaches the whole host flow of an OpenCL program, written out once, step by
 * step: find a platform and a device, create a context and a command queue,
 * build a program from source (and read its build log), create a kernel, copy
 * data into buffers, set the arguments, launch an NDRange, read the result
 * back, check it against plain C, release everything. From lesson 02 on each
 * step is one call into common/.
 * Kernel file: kernels/01-hello-world.cl; the options: settings.c.
 * APIs introduced: clGetPlatformIDs, clGetDeviceIDs, clCreateContext,
 * clCreateCommandQueue, clCreateProgramWithSource, clBuildProgram,
 * clGetProgramBuildInfo, clCreateKernel, clCreateBuffer, clEnqueueWriteBuffer,
 * clSetKernelArg, clEnqueueNDRangeKernel, clEnqueueReadBuffer,
 * clGetEventProfilingInfo, clRelease*.
 */
#include "clu.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the C reference ---------------------------------------------------- */

// snippet: serial-reference
/* The serial C version: the baseline for the speed-up. */
static void outer_sum_serial(const float *A, const float *B, float *C, int X, int Y)
{
    for (int x = 0; x < X; x++) {
        float sum = 0.0f;
        for (int y = 0; y < Y; y++)
            sum += A[x] * B[y];
        C[x] = sum;
    }
}
// end snippet serial-reference

// snippet: reference
/* Mathematically C[x] = A[x] * (sum of B): an O(X + Y) reference in double,
 * and the root of the sum of the terms' squares, |A[x]| * sqrt(sum B^2),
 * for the error bound. */
static void reference(const float *A, const float *B, double *ref, double *mag, size_t X, size_t Y)
{
    double sumB = 0.0, sumSqB = 0.0;
    for (size_t y = 0; y < Y; y++) {
        sumB += B[y];
        sumSqB += (double)B[y] * B[y];
    }
    for (size_t x = 0; x < X; x++) {
        ref[x] = (double)A[x] * sumB;
        mag[x] = fabs((double)A[x]) * sqrt(sumSqB);
    }
}
// end snippet reference

/* settings.c beside this file: -x -y -t -r into X, Y, wg and reps. */
void read_settings(int argc, char **argv, size_t *X, size_t *Y, size_t *wg, size_t *reps, clu_common *common);

int main(int argc, char **argv)
{
    size_t X, Y, wg, reps; /* the sizes, the work-group size (0: the kernel's choice), the runs */
    clu_common common;     /* -p, -d, --budget, ...: what every program understands */
    read_settings(argc, argv, &X, &Y, &wg, &reps, &common);

    // snippet: platform-device
    /* 1. Platforms: one per installed OpenCL implementation (PoCL, NVIDIA...).
     * 2. Devices: take the first GPU of any platform, else the first device;
     *    -p and -d (by index or part of the name) narrow the choice. */
    cl_platform_id platforms[16];
    cl_uint nplatforms = 0;
    CLU_CHECK(clGetPlatformIDs(16, platforms, &nplatforms));
    cl_platform_id platform = NULL;
    cl_device_id device = NULL;
    int found_gpu = 0; /* stop at the first GPU, or at the first match of -d */
    for (cl_uint p = 0; p < nplatforms && p < 16 && !found_gpu; p++) {
        char pname[256] = "";
        CLU_CHECK(clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL));
        if (!clu_matches(common.platform, p, pname)) continue;
        cl_device_id devices[16];
        cl_uint ndevices = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 16, devices, &ndevices) != CL_SUCCESS)
            continue; /* a platform without devices */
        for (cl_uint d = 0; d < ndevices && d < 16 && !found_gpu; d++) {
            char dname[256] = "";
            cl_device_type type;
            CLU_CHECK(clGetDeviceInfo(devices[d], CL_DEVICE_NAME, sizeof dname - 1, dname, NULL));
            CLU_CHECK(clGetDeviceInfo(devices[d], CL_DEVICE_TYPE, sizeof type, &type, NULL));
            if (!clu_matches(common.device, d, dname)) continue;
            if (!device || (type & CL_DEVICE_TYPE_GPU)) {
                platform = platforms[p];
                device = devices[d];
                found_gpu = (type & CL_DEVICE_TYPE_GPU) || common.device;
            }
        }
    }
    if (!device && (common.platform || common.device))
        clu_die("no device matches -p '%s' -d '%s' (see --list)", common.platform ? common.platform : "",
                common.device ? common.device : "");
    if (!device) clu_die("no usable device: `make doctor` says why none shows");
    // end snippet platform-device
    cl_int err;
    char pname[256] = "", name[256] = "", vendor[256] = "", driver[256] = "", version[256] = "";
    cl_device_type type;
    CLU_CHECK(clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL));
    CLU_CHECK(clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof type, &type, NULL));
    CLU_CHECK(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name - 1, name, NULL));
    CLU_CHECK(clGetDeviceInfo(device, CL_DEVICE_VENDOR, sizeof vendor - 1, vendor, NULL));
    CLU_CHECK(clGetDeviceInfo(device, CL_DRIVER_VERSION, sizeof driver - 1, driver, NULL));
    CLU_CHECK(clGetDeviceInfo(device, CL_DEVICE_VERSION, sizeof version - 1, version, NULL));
    printf("platform: %s\n", pname);
    printf("device:   %s (%s, vendor %s, driver %s, %s)\n", name,
           type & CL_DEVICE_TYPE_GPU ? "GPU" : "not a GPU", vendor, driver, version);

    // snippet: context-queue
    /* 3. A context ties the device to the buffers and programs made for it.
     * 4. A command queue carries commands to the device, in order; profiling
     *    lets every command say when it started and ended. */
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateContext");
    cl_command_queue queue = clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &err);
    CLU_CHECK_ERR(err, "clCreateCommandQueue");
    // end snippet context-queue

    // snippet: program
    /* 5. The program: OpenCL C compiled now, for this device. If it does not
     *    compile, the build log says why. */
    char *path = clu_kernel_path("01-hello-world.cl");
    size_t length;
    char *source = clu_read_file(path, &length);
    cl_program program = clCreateProgramWithSource(context, 1, (const char **)&source, &length, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    err = clBuildProgram(program, 1, &device, "", NULL, NULL);
    if (err != CL_SUCCESS || common.build_log) {
        size_t log_size = 0;
        CLU_CHECK(clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_size));
        char *log = clu_malloc(log_size + 1, "the build log");
        CLU_CHECK(clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, log_size, log, NULL));
        log[log_size] = '\0';
        fprintf(stderr, "---- build log for %s ----\n%s\n---- end of build log ----\n", path, log);
        free(log);
    }
    CLU_CHECK_ERR(err, "clBuildProgram");
    /* 6. The kernel: one __kernel function of the program, by name. */
    cl_kernel kernel = clCreateKernel(program, "outer_sum", &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    // end snippet program
    clu_env env = {.platform = platform, .device = device, .context = context, .queue = queue};
    /* X·Y multiply-adds per run, one chain of Y per work-item (Y turns of its
     * loop), the serial C twice and the data (~50 steps an element): refuse
     * typed sizes that would take this device (a probe measures it) longer
     * than --budget, or a loop longer than the device runs. */
    clu_check_budget(&env, &common, (clu_work){.fma = (double)X * Y * (reps + 2), .chain = (double)Y * (reps + 2),
                     .host = 2.0 * X * Y + 50.0 * (X + Y), .turns = (double)Y}, "X·Y multiply-adds");
    /* The work-group size: the kernel says how large a group it can run with
     * on this device (CL_KERNEL_WORK_GROUP_SIZE); -t asks for another. */
    if (!wg) wg = clu_default_wg(&env, kernel, 256);
    clu_check_wgsize(&env, kernel, wg); /* refuse, with the limits, what cannot run */
    /* Host: A, B, C, the serial result, the reference and its bounds. Device: A, B, C. */
    clu_check_memory(&env, clu_bytes(X, 4 * sizeof(float) + 2 * sizeof(double), "the host arrays") + Y * sizeof(float),
                     clu_bytes(X, 2 * sizeof(float), "the buffers") + Y * sizeof(float));
    clu_check_alloc(&env, clu_bytes(X, sizeof(float), "A"), "A");
    clu_check_alloc(&env, clu_bytes(Y, sizeof(float), "B"), "B");

    /* Host data: h_ for the host's copy of an array, d_ for the device's. */
    float *h_A = clu_malloc(X * sizeof *h_A, "A"), *h_B = clu_malloc(Y * sizeof *h_B, "B");
    float *h_C = clu_malloc(X * sizeof *h_C, "C");
    double *ref = clu_malloc(X * sizeof *ref, "the reference");
    double *mag = clu_malloc(X * sizeof *mag, "the error bounds");

    // snippet: buffers
    /* 7. Buffers in the device's global memory. */
    cl_mem d_A = clCreateBuffer(context, CL_MEM_READ_ONLY, X * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(A)");
    cl_mem d_B = clCreateBuffer(context, CL_MEM_READ_ONLY, Y * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(B)");
    cl_mem d_C = clCreateBuffer(context, CL_MEM_WRITE_ONLY, X * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer(C)");
    // end snippet buffers

    // snippet: arguments
    /* 8. Arguments, by index, with the size of each value. */
    int x_arg = (int)X, y_arg = (int)Y;
    CLU_CHECK(clSetKernelArg(kernel, 0, sizeof(cl_mem), &d_A));
    CLU_CHECK(clSetKernelArg(kernel, 1, sizeof(cl_mem), &d_B));
    CLU_CHECK(clSetKernelArg(kernel, 2, sizeof(cl_mem), &d_C));
    CLU_CHECK(clSetKernelArg(kernel, 3, sizeof(int), &x_arg));
    CLU_CHECK(clSetKernelArg(kernel, 4, sizeof(int), &y_arg));
    // end snippet arguments

    /* Two checks. Halves first (whole numbers and x.5): every sum of their
     * products is exact in float, so the result must equal the reference,
     * and a missing term, or a kernel that keeps only whole numbers, shows at
     * any size. Then random floats, as a real program would see them, whose
     * sum is kept away from 0, against a bound that grows as rounding error
     * does. The times come from the second. */
    size_t wrong = 0;
    double up_ms = 0, kernel_ms = 0, down_ms = 0;
    clu_step("the kernel");
    for (int exact = 1; exact >= 0; exact--) {
        if (exact) {
            /* |B| up to 10^5/sqrt(Y): the partial sums, random walks of
             * Y steps, stay near 4 * 10^5, far below 2^22 (products of
             * halves are quarters: exact below 2^22). */
            clu_fill_halves(h_A, X, 1, 4);
            clu_fill_halves(h_B, Y, 2, (int)fmax(1.0, 1e5 / sqrt((double)Y)));
        } else {
            clu_fill_random(h_A, X, 1, -1.0f, 1.0f);
            clu_fill_random(h_B, Y, 2, -1.0f, 1.0f);
            clu_move_sum_off_zero(h_B, Y); /* so that no C[x] is near 0 */
        }
        float nan = NAN; /* an element the kernel never writes stays NaN and fails */
        CLU_CHECK(clEnqueueFillBuffer(queue, d_C, &nan, sizeof nan, 0, X * sizeof(float), 0, NULL, NULL));

        // snippet: launch
        /* 9. Copy the inputs in; CL_FALSE queues the copy and goes on. */
        cl_event up[2], run, down;
        CLU_CHECK(clEnqueueWriteBuffer(queue, d_A, CL_FALSE, 0, X * sizeof(float), h_A, 0, NULL, &up[0]));
        CLU_CHECK(clEnqueueWriteBuffer(queue, d_B, CL_FALSE, 0, Y * sizeof(float), h_B, 0, NULL, &up[1]));
        /* 10. Launch: one work-item per element of C, the global size rounded
         *     up to a multiple of the work-group size (the kernel skips the
         *     extra work-items). The queue runs the copies first. */
        size_t global = clu_round_up(X, wg), local = wg;
        CLU_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, &run));
        /* 11. Read the result back; CL_TRUE waits until it is in h_C. */
        CLU_CHECK(clEnqueueReadBuffer(queue, d_C, CL_TRUE, 0, X * sizeof(float), h_C, 0, NULL, &down));
        // end snippet launch

        reference(h_A, h_B, ref, mag, X, Y);
        wrong += clu_verify(exact ? "device C (whole numbers)" : "device C", h_C, ref,
                            exact ? NULL : mag, X, Y);
        up_ms = clu_event_ms(up[0]) + clu_event_ms(up[1]);
        kernel_ms = clu_event_ms(run);
        down_ms = clu_event_ms(down);
        clReleaseEvent(up[0]);
        clReleaseEvent(up[1]);
        clReleaseEvent(run);
        clReleaseEvent(down);
    }
    /* The kernel again, best of -r runs; the first run can include start-up
     * costs. A device whose timestamps are no clock gets the host's (a line says so). */
    size_t global = clu_round_up(X, wg);
    double best_ms = clu_run_best(&env, kernel, 1, &global, &wg, reps);
    kernel_ms = env.host_timer ? best_ms : fmin(kernel_ms, best_ms);
    if (env.host_timer) up_ms = down_ms = NAN; /* their events cannot be trusted either */

    /* The serial C on the same data: the baseline. */
    float *h_serial = clu_malloc(X * sizeof *h_serial, "the serial result");
    clu_step("the serial C");
    double t0 = clu_now();
    outer_sum_serial(h_A, h_B, h_serial, (int)X, (int)Y);
    double serial_ms = (clu_now() - t0) * 1e3;
    wrong += clu_verify("serial C", h_serial, ref, mag, X, Y);

    double flops = 2.0 * (double)X * (double)Y;
    printf("sizes:    X = %zu, Y = %zu, work-group size %zu, %zu work-groups\n", X, Y, wg, global / wg);
    printf("serial C: %10.3f ms  %8.2f GFLOP/s\n", serial_ms, flops / serial_ms * 1e-6);
    printf("kernel:   %10.3f ms  %8.2f GFLOP/s  (%.1fx the serial C)\n", kernel_ms,
           flops / kernel_ms * 1e-6, serial_ms / kernel_ms);
    if (up_ms == up_ms && down_ms == down_ms) /* NAN: the events' timestamps are unusable */
        printf("copies:   %10.3f ms up, %.3f ms down\n", up_ms, down_ms);
    else
        printf("copies:   not timed (this device's profiling timestamps are unusable)\n");
    printf("result: variant=naive X=%zu Y=%zu wg=%zu ms=%.4f gflops=%.2f serial_ms=%.4f "
           "speedup=%.2f up_ms=%.4f down_ms=%.4f timer=%s\n", X, Y, wg, kernel_ms,
           flops / kernel_ms * 1e-6, serial_ms, serial_ms / kernel_ms, up_ms, down_ms,
           env.host_timer ? "host" : "events");

    // snippet: release
    /* 12. Release every object, the last created first. */
    clReleaseMemObject(d_C);
    clReleaseMemObject(d_B);
    clReleaseMemObject(d_A);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    // end snippet release
    free(source);
    free(path);
    free(h_A);
    free(h_B);
    free(h_C);
    free(h_serial);
    free(ref);
    free(mag);
    return clu_exit_status(wrong);
}
