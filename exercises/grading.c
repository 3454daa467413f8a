/* grading.c -- see grading.h. */
#include "grading.h"

#include <stdarg.h>
#include <stdio.h>

static int planned_, passed_, run_;
static const char *dir_ = ".";

const char *grade_begin(int argc, char **argv, int planned, clu_env *env)
{
    clu_common common = {0};
    clu_parse_args(1, argv, "exercise checker", NULL, 0, &common); /* environment only */
    if (argc > 1) dir_ = argv[1];
    planned_ = planned;
    printf("plan %d\n", planned);
    fflush(stdout);
    clu_setup(env, &common);
    return dir_;
}

void grade(int ok, const char *what, const char *why_fmt, ...)
{
    run_++;
    if (ok) {
        passed_++;
        printf("PASS %s\n", what);
    } else {
        va_list ap;
        va_start(ap, why_fmt);
        printf("FAIL %s: ", what);
        vprintf(why_fmt, ap);
        putchar('\n');
        va_end(ap);
    }
    fflush(stdout);
}

int grade_end(clu_env *env)
{
    clu_teardown(env);
    printf("score %d/%d\n", passed_, planned_);
    return passed_ == planned_ && run_ == planned_ ? 0 : 1;
}

const char *grade_path(const char *name)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", dir_, name);
    return buf;
}

cl_mem grade_buffer(clu_env *env, const void *host, size_t bytes)
{
    cl_int err;
    cl_mem b = clCreateBuffer(env->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, (void *)host, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    return b;
}

void grade_read(clu_env *env, cl_mem buf, void *host, size_t bytes)
{
    CLU_CHECK(clEnqueueReadBuffer(env->queue, buf, CL_TRUE, 0, bytes, host, 0, NULL, NULL));
}
