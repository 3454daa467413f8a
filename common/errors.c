/* errors.c -- every OpenCL error code with its name and a hint, in one
 * table, and the messages a failed call prints (see clu.h).
 * Lesson 01 shows this table; lesson 06 prints its hints for common bugs. */
#include "clu.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define E(code, hint) {code, #code, hint}
#define N(code) {code, #code, NULL} /* no hint */
/* OpenCL 1.2 codes need no guard: every header we build with (Apple's too) has them. */
static const struct {
    cl_int code;
    const char *name, *hint;
} clu_errors[] = {
    N(CL_SUCCESS),
    E(CL_DEVICE_NOT_FOUND, "no device of the requested type: list them with --list"),
    E(CL_DEVICE_NOT_AVAILABLE, "the device exists but is busy or switched off (another process, a reset GPU)"),
    E(CL_COMPILER_NOT_AVAILABLE, "this platform cannot compile OpenCL C from source"),
    E(CL_MEM_OBJECT_ALLOCATION_FAILURE, "the device could not find memory for a buffer (often reported at the first command that uses it): make the buffers smaller; each must fit CL_DEVICE_MAX_MEM_ALLOC_SIZE, all together CL_DEVICE_GLOBAL_MEM_SIZE"),
    E(CL_OUT_OF_RESOURCES, "the device ran out of memory or registers, or a kernel crashed (an out-of-bounds access is the usual cause): run it under Oclgrind"),
    E(CL_OUT_OF_HOST_MEMORY, "the driver could not allocate host memory"),
    E(CL_PROFILING_INFO_NOT_AVAILABLE, "the queue needs CL_QUEUE_PROFILING_ENABLE and the event must be complete"),
    N(CL_MEM_COPY_OVERLAP), N(CL_IMAGE_FORMAT_MISMATCH), N(CL_IMAGE_FORMAT_NOT_SUPPORTED),
    E(CL_BUILD_PROGRAM_FAILURE, "the kernel did not compile: read the build log"),
    E(CL_MAP_FAILURE, "a buffer could not be mapped into host memory"),
    E(CL_MISALIGNED_SUB_BUFFER_OFFSET, "a sub-buffer's origin must be a multiple of CL_DEVICE_MEM_BASE_ADDR_ALIGN"),
    N(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST),
    N(CL_COMPILE_PROGRAM_FAILURE), N(CL_LINKER_NOT_AVAILABLE), N(CL_LINK_PROGRAM_FAILURE),
    N(CL_DEVICE_PARTITION_FAILED), N(CL_KERNEL_ARG_INFO_NOT_AVAILABLE),
    E(CL_INVALID_VALUE, "an argument is out of range: a size of 0, a NULL pointer, a flag not allowed here"),
    N(CL_INVALID_DEVICE_TYPE), N(CL_INVALID_PLATFORM), N(CL_INVALID_DEVICE),
    E(CL_INVALID_CONTEXT, "the objects passed belong to different contexts, or the context was released"),
    N(CL_INVALID_QUEUE_PROPERTIES),
    E(CL_INVALID_COMMAND_QUEUE, "the queue is dead, usually because an earlier kernel faulted: run the program under Oclgrind to find the bad access"),
    E(CL_INVALID_HOST_PTR, "host_ptr must be given with CL_MEM_USE/COPY_HOST_PTR and NULL otherwise"),
    E(CL_INVALID_MEM_OBJECT, "not a live buffer: released already, or a value passed where a cl_mem belongs"),
    N(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR), N(CL_INVALID_IMAGE_SIZE), N(CL_INVALID_SAMPLER),
    N(CL_INVALID_BINARY),
    E(CL_INVALID_BUILD_OPTIONS, "the compiler does not know one of the build options (vendor options such as -cl-nv-verbose work only on their vendor's platform)"),
    N(CL_INVALID_PROGRAM),
    E(CL_INVALID_PROGRAM_EXECUTABLE, "the program was not built (successfully) for this device"),
    E(CL_INVALID_KERNEL_NAME, "no __kernel function of this name in the program: check the spelling"),
    E(CL_INVALID_KERNEL_DEFINITION, "the kernel's signature differs between the devices it was built for"),
    N(CL_INVALID_KERNEL),
    E(CL_INVALID_ARG_INDEX, "the kernel has fewer parameters than this index"),
    N(CL_INVALID_ARG_VALUE),
    E(CL_INVALID_ARG_SIZE, "the size passed to clSetKernelArg does not match the kernel's parameter type"),
    E(CL_INVALID_KERNEL_ARGS, "an argument was never set: call clSetKernelArg for every index before enqueueing"),
    E(CL_INVALID_WORK_DIMENSION, "work_dim must be 1, 2 or 3"),
    E(CL_INVALID_WORK_GROUP_SIZE, "the local size is larger than the device or kernel allows, or does not divide the global size (required before OpenCL 2.0)"),
    E(CL_INVALID_WORK_ITEM_SIZE, "one dimension of the local size exceeds CL_DEVICE_MAX_WORK_ITEM_SIZES"),
    E(CL_INVALID_GLOBAL_OFFSET, "global offset plus global size exceeds what the device can address"),
    E(CL_INVALID_EVENT_WAIT_LIST, "num_events and event_wait_list disagree, or an event is not valid"),
    N(CL_INVALID_EVENT),
    E(CL_INVALID_OPERATION, "not allowed in this state (for example a kernel without a built program)"),
    N(CL_INVALID_GL_OBJECT),
    E(CL_INVALID_BUFFER_SIZE, "a buffer of size 0, or larger than CL_DEVICE_MAX_MEM_ALLOC_SIZE"),
    N(CL_INVALID_MIP_LEVEL),
    E(CL_INVALID_GLOBAL_WORK_SIZE, "a global size of 0, or larger than the device can address"),
    N(CL_INVALID_PROPERTY),
    N(CL_INVALID_IMAGE_DESCRIPTOR), N(CL_INVALID_COMPILER_OPTIONS), N(CL_INVALID_LINKER_OPTIONS),
    N(CL_INVALID_DEVICE_PARTITION_COUNT),
#ifdef CL_VERSION_2_0
    N(CL_INVALID_PIPE_SIZE), N(CL_INVALID_DEVICE_QUEUE),
#endif
#ifdef CL_VERSION_2_2
    N(CL_INVALID_SPEC_ID), N(CL_MAX_SIZE_RESTRICTION_EXCEEDED),
#endif
    E(CL_PLATFORM_NOT_FOUND_KHR, "no OpenCL platform is installed (for the CPU: apt-get install pocl-opencl-icd); `make doctor` says why"),
};
#undef E
#undef N

static int find(cl_int err)
{
    for (size_t i = 0; i < sizeof clu_errors / sizeof clu_errors[0]; i++)
        if (clu_errors[i].code == err) return (int)i;
    return -1;
}

const char *clu_error_name(cl_int err)
{
    return find(err) < 0 ? "unknown OpenCL error" : clu_errors[find(err)].name;
}

const char *clu_error_hint(cl_int err)
{
    return find(err) < 0 ? NULL : clu_errors[find(err)].hint;
}

void clu_report(cl_int err, const char *call, const char *file, int line)
{
    fprintf(stderr, "%s:%d: %s: %s (%d)\n", file, line, call, clu_error_name(err), (int)err);
    const char *hint = clu_error_hint(err);
    if (hint) fprintf(stderr, "  hint: %s\n", hint);
}

void clu_fail(cl_int err, const char *call, const char *file, int line)
{
    clu_report(err, call, file, line);
    exit(2);
}

void clu_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fflush(stdout); /* what was printed so far comes first */
    fputs("error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}
