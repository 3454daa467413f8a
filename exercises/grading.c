/* grading.c -- see grading.h. The grader's side of every exercise checker:
 * guarded buffers, comparisons that name the first wrong element, Oclgrind's
 * reports turned into the reason of the check that caused them, a time limit
 * per check, and the verdict written to file descriptor 3, never to stdout. */
#define _POSIX_C_SOURCE 200809L
#include "grading.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <regex.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define VERDICT_FD 3
/* The markers: a NaN in the guard zones, another in outputs the kernel has
 * not written yet; for int buffers, two unlikely values. */
#define GUARD_F_BITS 0x7fcbad00u /* | the buffer's tag: a guard NaN copied from one buffer to another shows */
#define UNWRITTEN_F_BITS 0x7fc0fade
#define GUARD_I 0x3bad3bad
#define UNWRITTEN_I (-123456789)

static const char *dir_ = ".";
static char kernel_file_[256];
static char build_options_[512]; /* the options of the last grade_build() */
static char lint_[512];
static const char *forbid_re_, *forbid_msg_;
static void lint_required(const char *code, const char *name); /* grade_require() */
static int oclgrind_o0_; /* grade_oclgrind_unoptimised() */
static int oclgrind_unoptimised_build_; /* the kernel under Oclgrind was built with -cl-opt-disable */
static int oclgrind_, first_, checks_, verdict_ok_;
static int cur_ = -1, cur_failed_, failed_any_;
static char reason_[1024];
static const char *log_path_;
static long log_offset_;
static gbuf *bufs_;
static cl_command_queue timing_queue_;
static volatile sig_atomic_t alarm_case_;
/* the speed tier, timed on a check (see "speed" below) */
static void note_launch(cl_kernel k, cl_uint dims, const size_t *global, const size_t *local);
static void note_comparison(gbuf *b, const double *ref, const double *tol, const int *iref, size_t n);
static void forget_check(void);
static void time_the_check(clu_env *env);
static int timed_armed(void);

/* ---- the verdict channel ------------------------------------------------- */

static void record(const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (len < 0) return;
    if (len > (int)sizeof line - 2) len = (int)sizeof line - 2;
    for (int i = 0; i < len; i++) /* one record a line, whatever a reason holds */
        if (line[i] == '\n' || line[i] == '\r') line[i] = ' ';
    line[len++] = '\n';
    int fd = verdict_ok_ ? VERDICT_FD : STDERR_FILENO;
    for (int done = 0; done < len;) {
        ssize_t w = write(fd, line + done, (size_t)(len - done));
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        done += (int)w;
    }
}

/* ---- the time limit ------------------------------------------------------------
 * A check's time is kept twice. SIGALRM in this process records "timeout I"
 * and exits with 124. A watchdog process, forked before the OpenCL runtime
 * starts, keeps the same deadline, which reaches it through a socket: nothing
 * the runtime does in this process (signals held off in every thread, a
 * handler of its own, a wait inside the driver that never returns) reaches
 * it. WATCH_GRACE_S after the deadline it records the time-out itself and
 * kills this process with SIGKILL. */
#define WATCH_GRACE_S 2
static int watch_fd_ = -1;
static double deadline_; /* CLOCK_MONOTONIC seconds; 0: no limit running */

static double mono_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void record_timeout(int i)
{
    char msg[32], digits[12];
    int n = 8, d = 0;
    if (i < 0) i = 0;
    do { digits[d++] = (char)('0' + i % 10); i /= 10; } while (i > 0 && d < 11);
    memcpy(msg, "timeout ", 8);
    while (d > 0) msg[n++] = digits[--d];
    msg[n++] = '\n';
    ssize_t w = write(VERDICT_FD, msg, (size_t)n);
    (void)w;
}

typedef struct { int check; unsigned seconds; } watch_msg;

static void watchdog_main(int fd, pid_t checker)
{
    double deadline = 0;
    int check = -1;
    for (;;) {
        int wait_ms = -1;
        if (deadline > 0) {
            double left = deadline + WATCH_GRACE_S - mono_now();
            wait_ms = left <= 0 ? 0 : (int)(left * 1000) + 1;
        }
        struct pollfd p = {fd, POLLIN, 0};
        int r = poll(&p, 1, wait_ms);
        if (r < 0 && errno == EINTR) continue;
        if (r == 0) {
            if (verdict_ok_) record_timeout(check);
            kill(checker, SIGKILL);
            _exit(0);
        }
        watch_msg m;
        if (r < 0 || recv(fd, &m, sizeof m, MSG_WAITALL) != (ssize_t)sizeof m) _exit(0); /* the checker has ended */
        check = m.check;
        deadline = m.seconds ? mono_now() + m.seconds : 0;
    }
}

/* Start the watchdog; without one (fork failed) SIGALRM alone keeps time. */
static void watch_start(void)
{
    int fds[2]; /* a socket: send() with MSG_NOSIGNAL cannot raise SIGPIPE here */
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return;
    const pid_t checker = getpid();
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[1]);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != checker) _exit(0);
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigaction(SIGALRM, &dfl, NULL);
        watchdog_main(fds[0], checker);
    }
    close(fds[0]);
    if (pid < 0) { close(fds[1]); return; }
    fcntl(fds[1], F_SETFD, FD_CLOEXEC); /* never a program's the checker starts */
    watch_fd_ = fds[1];
}

/* alarm() for checks: a limit of SECONDS for the current check (0: none),
 * kept by SIGALRM and by the watchdog. Returns the seconds the limit before
 * had left, rounded up, as alarm() does. */
static unsigned watch(unsigned seconds)
{
    double now = mono_now();
    unsigned left = deadline_ > now ? (unsigned)ceil(deadline_ - now) : 0;
    alarm(seconds);
    deadline_ = seconds ? now + seconds : 0;
    if (watch_fd_ >= 0) {
        watch_msg m = {alarm_case_, seconds};
        ssize_t w;
        do w = send(watch_fd_, &m, sizeof m, MSG_NOSIGNAL); while (w < 0 && errno == EINTR);
    }
    return left;
}

unsigned grade_clock(unsigned seconds) { return watch(seconds); }

static void on_alarm(int sig)
{
    (void)sig;
    if (verdict_ok_) record_timeout(alarm_case_);
    _exit(124);
}

/* ---- the run ---------------------------------------------------------------- */

int grade_oclgrind(void) { return oclgrind_; }

const char *grade_start(int argc, char **argv, int checks, clu_env *env)
{
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--plan") == 0) { /* how many checks, before any device is touched */
            dprintf(VERDICT_FD, "plan %d\n", checks);
            exit(0);
        }
        if (strcmp(argv[a], "--answer-values") == 0 && a + 2 < argc) /* the grader's, outside the sandbox */
            exit(grade_answer_values(argv[a + 1], argv[a + 2]));
        if (strcmp(argv[a], "--mode") == 0 && a + 1 < argc) oclgrind_ = strcmp(argv[++a], "oclgrind") == 0;
        else if (strcmp(argv[a], "--first") == 0 && a + 1 < argc) first_ = atoi(argv[++a]);
        else dir_ = argv[a];
    }
    verdict_ok_ = fcntl(VERDICT_FD, F_GETFD) != -1;
    if (verdict_ok_) fcntl(VERDICT_FD, F_SETFD, FD_CLOEXEC);
    log_path_ = getenv("GRADE_OCLGRIND_LOG");
    checks_ = checks;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    watch_start();

    clu_common common;
    memset(&common, 0, sizeof common);
    if (!oclgrind_) { /* under Oclgrind its simulator is the only device */
        common.platform = getenv("CLU_PLATFORM");
        common.device = getenv("CLU_DEVICE");
    }
    clu_setup(env, &common);
    char name[256] = "";
    clGetDeviceInfo(env->device, CL_DEVICE_NAME, sizeof name - 1, name, NULL);
    record("device %s", name);
    record("plan %d", checks);
    if (!oclgrind_) {
        cl_int err;
        timing_queue_ = clCreateCommandQueue(env->context, env->device, CL_QUEUE_PROFILING_ENABLE, &err);
        if (err != CL_SUCCESS) timing_queue_ = NULL;
    }
    return dir_;
}

static char *read_whole(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *s = malloc(cap);
    for (size_t got; s && (got = fread(s + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (cap - n < 2) {
            char *t = realloc(s, cap *= 2);
            if (!t) { free(s); s = NULL; }
            else s = t;
        }
    }
    fclose(f);
    if (s) s[n] = '\0';
    if (len) *len = n;
    return s;
}

/* A barrier whose fence leaves out local memory, in a kernel that shares
 * __local data: PoCL and Oclgrind both let it pass, the standard does not. */
static void lint_fences(const char *text, const char *name)
{
    size_t n = strlen(text);
    char *s = malloc(n + 1);
    if (!s) return;
    /* comments become spaces, newlines stay so that line numbers hold */
    for (size_t i = 0; i <= n; i++) s[i] = text[i];
    for (size_t i = 0; i + 1 < n; i++) {
        if (s[i] == '/' && s[i + 1] == '/') {
            while (i < n && s[i] != '\n') s[i++] = ' ';
        } else if (s[i] == '/' && s[i + 1] == '*') {
            s[i] = s[i + 1] = ' ';
            for (i += 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
                if (s[i] != '\n') s[i] = ' ';
            if (i + 1 < n) s[i] = s[i + 1] = ' ';
        }
    }
    if (forbid_re_ && !lint_[0]) {
        regex_t re;
        regmatch_t m;
        if (regcomp(&re, forbid_re_, REG_EXTENDED) == 0) {
            if (regexec(&re, s, 1, &m, 0) == 0) {
                int line = 1;
                for (int q = 0; q < m.rm_so; q++) line += s[q] == '\n';
                snprintf(lint_, sizeof lint_, "%s:%d: %s", name, line, forbid_msg_);
            }
            regfree(&re);
        }
    }
    if (!lint_[0]) lint_required(s, name);
    /* __local memory declared: the qualifier local or __local, not
     * get_local_id or a fence's name */
    int shares_local = 0;
    for (char *q = strstr(s, "local"); q && !shares_local; q = strstr(q + 5, "local")) {
        const char *start = q >= s + 2 && q[-1] == '_' && q[-2] == '_' ? q - 2 : q;
        const int before_ok = start == s || !(start[-1] == '_' || (start[-1] >= 'a' && start[-1] <= 'z') ||
                                              (start[-1] >= 'A' && start[-1] <= 'Z') || (start[-1] >= '0' && start[-1] <= '9'));
        shares_local = before_ok && (q[5] == ' ' || q[5] == '\t' || q[5] == '\n');
    }
    /* A kernel that shares __local data needs the local fence at its
     * barriers; one that shares only __global data needs the global one. */
    const char *need = shares_local ? "LOCAL" : "GLOBAL";
    for (char *b = strstr(s, "barrier"); b && !lint_[0]; b = strstr(b + 7, "barrier")) {
        if (b > s && (b[-1] == '_' || (b[-1] >= 'a' && b[-1] <= 'z'))) continue;
        char *open = b + 7;
        while (*open == ' ') open++;
        if (*open != '(') continue;
        char *close = strchr(open, ')');
        if (!close) break;
        char args[200];
        size_t len = (size_t)(close - open - 1) < sizeof args - 1 ? (size_t)(close - open - 1) : sizeof args - 1;
        memcpy(args, open + 1, len);
        args[len] = '\0';
        if (strstr(args, need)) continue;
        int line = 1;
        for (char *q = s; q < b; q++) line += *q == '\n';
        if (shares_local)
            snprintf(lint_, sizeof lint_,
                     "wrong fence: barrier(%s) at %s:%d orders only global memory, but this kernel shares __local "
                     "data: the local writes before it need not be visible after it (use CLK_LOCAL_MEM_FENCE)",
                     args, name, line);
        else
            snprintf(lint_, sizeof lint_,
                     "wrong fence: barrier(%s) at %s:%d orders only local memory, but this kernel shares its data "
                     "through __global memory: the global writes before it need not be visible after it (use "
                     "CLK_GLOBAL_MEM_FENCE)", args, name, line);
    }
    free(s);
}

void grade_forbid(const char *regex, const char *message)
{
    forbid_re_ = regex;
    forbid_msg_ = message;
}

cl_program grade_build(clu_env *env, const char *name, const char *options)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir_, name);
    snprintf(kernel_file_, sizeof kernel_file_, "%s", name);
    snprintf(build_options_, sizeof build_options_, "%s", options ? options : "");
    /* Compiling does not count against a check's time; it has a limit of its
     * own (GRADE_COMPILE_SECONDS, 120 s), so that a kernel the compiler
     * never finishes fails as "does not compile", not as a slow check.
     * "compiling NAME S" tells tools/grade.sh which file was being compiled
     * if the pass ends before "compiled". */
    const char *lim = getenv("GRADE_COMPILE_SECONDS");
    const unsigned compile_s = lim && atoi(lim) > 0 ? (unsigned)atoi(lim) : 120;
    if (verdict_ok_) record("compiling %s %u", name, compile_s);
    unsigned left = watch(compile_s);
    size_t len;
    char *text = read_whole(path, &len);
    if (!text) {
        record("missing %s", name);
        exit(3);
    }
    lint_fences(text, name);
    /* #line makes every diagnostic, the compiler's and Oclgrind's, name the
     * student's own file instead of a temporary copy. */
    size_t cap = len + strlen(name) + 32;
    char *src = malloc(cap);
    snprintf(src, cap, "#line 1 \"%s\"\n%s", name, text);
    free(text);
    cl_int err;
    const char *srcs[1] = {src};
    cl_program p = clCreateProgramWithSource(env->context, 1, srcs, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    /* Under Oclgrind without the optimiser, in every exercise: a load the
     * compiler would sink under the if that guards its use (or drop) still
     * happens, and a read past a buffer, or of a value never written, shows
     * where the student wrote it; the device builds with the optimiser, so
     * a kernel is checked as both builds run it. */
    char with_o0[1024];
    const char *opt = getenv("GRADE_OCLGRIND_OPTIMISED"); /* 1: as the device builds it (to compare times) */
    if (oclgrind_ && (oclgrind_o0_ || !(opt && strcmp(opt, "1") == 0))) {
        snprintf(with_o0, sizeof with_o0, "%s%s-cl-opt-disable", options ? options : "", options && *options ? " " : "");
        options = with_o0;
        oclgrind_unoptimised_build_ = 1;
    }
    err = clBuildProgram(p, 1, &env->device, options, NULL, NULL);
    watch(0);
    if (verdict_ok_) record("compiled %s", name);
    free(src);
    if (err != CL_SUCCESS) {
        size_t loglen = 0;
        clGetProgramBuildInfo(p, env->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &loglen);
        char *log = calloc(loglen + 1, 1);
        clGetProgramBuildInfo(p, env->device, CL_PROGRAM_BUILD_LOG, loglen, log, NULL);
        record("nobuild %s does not compile (%s)%s%s", name, clu_error_name(err),
               options && *options ? " with the options " : "", options ? options : "");
        int lines = 0;
        for (char *line = strtok(log, "\n"); line && lines < 40; line = strtok(NULL, "\n"), lines++)
            record("log %s", line);
        free(log);
        exit(3);
    }
    if (left) watch(left); /* the check's limit goes on where it was */
    return p;
}

cl_kernel grade_kernel(cl_program program, const char *name)
{
    cl_int err;
    cl_kernel k = clCreateKernel(program, name, &err);
    if (err != CL_SUCCESS) {
        record("nobuild there is no kernel named %s (%s): keep the kernel's name and arguments as the starter has them",
               name, clu_error_name(err));
        exit(3);
    }
    return k;
}

static long log_size(void)
{
    struct stat st;
    if (!oclgrind_ || !log_path_ || stat(log_path_, &st) != 0) return 0;
    return (long)st.st_size;
}

int grade_case(int i, int small, const char *what_fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, what_fmt);
    vsnprintf(what, sizeof what, what_fmt, ap);
    va_end(ap);
    if (i < first_) return 0;
    const char *all = getenv("GRADE_OCLGRIND");
    if (all && strcmp(all, "all") == 0 && !strstr(what, "answer in") && !strstr(what, "speed tier is timed"))
        small = 1; /* to see where a crash is */
    if (oclgrind_ && !small) {
        record("skip %d %s", i, what);
        return 0;
    }
    cur_ = i;
    cur_failed_ = 0;
    reason_[0] = '\0';
    forget_check();
    record("begin %d %d %s", i, small, what);
    alarm_case_ = i;
    watch(grade_case_seconds());
    log_offset_ = log_size();
    return 1;
}

void grade_fail(const char *fmt, ...)
{
    if (!cur_failed_) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(reason_, sizeof reason_, fmt, ap);
        va_end(ap);
    }
    cur_failed_ = 1;
}

void grade_fail_timeout(const char *fmt, ...)
{
    if (!cur_failed_) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(reason_, sizeof reason_, fmt, ap);
        va_end(ap);
        record("late %d", cur_);
    }
    cur_failed_ = 1;
}

int grade_ok(void) { return !cur_failed_; }

unsigned grade_case_seconds(void)
{
    const char *lim = getenv("GRADE_CASE_SECONDS");
    unsigned seconds = lim ? (unsigned)atoi(lim) : 0;
    return seconds ? seconds : oclgrind_ ? 20 : 10;
}

/* The arguments the student's kernel got last (grade_arg, gb_arg), so that
 * the official solution's kernel can get the same ones (instructor mode). */
enum { ARGS_MAX = 16, ARG_BYTES = 16 };
static struct {
    cl_kernel k;
    int n, bad;
    int set[ARGS_MAX];
    size_t size[ARGS_MAX];
    int null[ARGS_MAX];
    unsigned char value[ARGS_MAX][ARG_BYTES];
} args_;

static void note_arg(cl_kernel k, cl_uint i, size_t size, const void *value)
{
    if (args_.k != k) {
        memset(&args_, 0, sizeof args_);
        args_.k = k;
    }
    if (i >= ARGS_MAX || (value && size > ARG_BYTES)) {
        args_.bad = 1;
        return;
    }
    args_.set[i] = 1;
    args_.size[i] = size;
    args_.null[i] = value == NULL;
    if (value) memcpy(args_.value[i], value, size);
    if ((int)i + 1 > args_.n) args_.n = (int)i + 1;
}

void grade_arg(cl_kernel k, cl_uint i, size_t size, const void *value)
{
    CLU_CHECK(clSetKernelArg(k, i, size, value));
    note_arg(k, i, size, value);
}

void grade_run(clu_env *env, cl_kernel k, cl_uint dims, const size_t *global, const size_t *local)
{
    if (cur_failed_) return;
    cl_int err = clEnqueueNDRangeKernel(env->queue, k, dims, NULL, global, local, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        grade_fail("the kernel could not be launched: %s (%s)", clu_error_name(err),
                   err == CL_INVALID_WORK_GROUP_SIZE ? "does it declare a work-group size, or use too much local memory?"
                   : err == CL_OUT_OF_RESOURCES ? "too much local or private memory?"
                                                : "an argument the checker does not expect?");
        return;
    }
    err = clFinish(env->queue);
    if (err != CL_SUCCESS) grade_fail("the kernel failed while it ran: %s", clu_error_name(err));
    note_launch(k, dims, global, local);
}

/* ---- Oclgrind's reports ------------------------------------------------------ */

static const char *bug_class(const char *headline)
{
    if (strstr(headline, "read-only")) return "a write into a read-only buffer";
    if (strstr(headline, "Invalid read")) return "out-of-bounds read";
    if (strstr(headline, "Invalid write")) return "out-of-bounds write";
    if (strstr(headline, "data race")) return "data race (a missing or misplaced barrier, or two work-items writing one place)";
    if (strstr(headline, "divergence")) return "barrier divergence (a barrier that not every work-item of the group reaches)";
    if (strstr(headline, "ninitiali")) return "read of a value never written (a missing barrier, or a load that was left out)";
    if (strstr(headline, "fence")) return "wrong memory fence";
    if (strstr(headline, "runtime error")) return "an OpenCL call failed";
    return "Oclgrind error";
}

/* 1 when every report Oclgrind wrote since `from` is an "Uninitialized
 * value written": Oclgrind 21.10 says so of a vector built part by part
 * (float2 r; r.x = ...; r.y = ...; c[k] = r;), every part written, when the
 * kernel is built with the optimiser (GRADE_OCLGRIND_OPTIMISED=1). Such a
 * report alone then decides nothing, the outputs do: where every output
 * matched in the same run (and on the device, which checks them again), a
 * value was written; where one did not, the wrong value is the reason
 * given. Built with -cl-opt-disable (the default) the vector is written
 * part by part into memory and Oclgrind no longer says so, while a sum
 * never set to zero still is reported: there the report counts, whatever
 * the outputs (Oclgrind's private memory starts at zero, and so does a
 * GPU's register now and then: the outputs can be right by luck). */
static int only_uninitialized_stores(const char *path, long from)
{
    size_t len;
    char *log = read_whole(path, &len);
    if (!log || (long)len <= from) { free(log); return 0; }
    int stores = 0, others = 0;
    for (char *line = strtok(log + from, "\n"); line; line = strtok(NULL, "\n")) {
        if (strstr(line, "Uninitialized value written")) stores++;
        else if (strstr(line, "Invalid ") || strstr(line, "data race") || strstr(line, "divergence") ||
                 strstr(line, "ninitiali") || strstr(line, "runtime error") || strstr(line, "fence"))
            others++;
    }
    free(log);
    return stores > 0 && others == 0;
}

/* The first report Oclgrind wrote since `from`, in one line. */
static void oclgrind_reason(const char *path, long from, char *out, size_t outlen)
{
    size_t len;
    char *log = read_whole(path, &len);
    out[0] = '\0';
    if (!log || (long)len <= from) { free(log); return; }
    char *p = log + from, *headline = NULL, *where = NULL, *code = NULL, *entity = NULL, *kernel = NULL;
    char *function = NULL, *error = NULL;
    int blank_after_text = 0;
    for (char *line = strtok(p, "\n"); line; line = strtok(NULL, "\n")) {
        while (*line == '\t' || *line == ' ') line++;
        if (!*line) { if (headline) blank_after_text = 1; continue; }
        if (blank_after_text && headline && where) break;
        if (!headline) headline = line;
        else if (!strncmp(line, "Kernel:", 7)) kernel = line;
        else if (!strncmp(line, "Entity:", 7)) entity = line;
        else if (!strncmp(line, "At line", 7)) where = line;
        else if (!strncmp(line, "Function:", 9)) function = line;
        else if (!strncmp(line, "Error:", 6)) error = line;
        else if (where && !code) code = line;
        if (headline && where && code) break;
    }
    if (!headline) { free(log); return; }
    /* "At line 5 (column 15) of sq_dist.cl:" -> "sq_dist.cl:5", and that
     * line from the student's own file (Oclgrind quotes its copy, which
     * the #line directive shifts by one). */
    char at[300] = "", codeline[200] = "";
    int lineno = 0;
    if (where && sscanf(where, "At line %d", &lineno) == 1 && kernel_file_[0]) {
        snprintf(at, sizeof at, " at %s:%d", kernel_file_, lineno);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir_, kernel_file_);
        char *src = read_whole(path, NULL);
        int l = 1;
        for (char *q = src; q && *q; q++) {
            if (l == lineno) {
                while (*q == ' ' || *q == '\t') q++;
                size_t n = strcspn(q, "\n");
                if (n >= sizeof codeline) n = sizeof codeline - 1;
                memcpy(codeline, q, n);
                codeline[n] = '\0';
                break;
            }
            if (*q == '\n') l++;
        }
        free(src);
        code = codeline[0] ? codeline : NULL;
    }
    /* "Invalid read of size 4 at global memory address 0x..." -> up to "address" */
    char head[200];
    snprintf(head, sizeof head, "%s", headline);
    char *addr = strstr(head, " address 0x");
    if (addr) *addr = '\0';
    snprintf(out, outlen, "%s%s%s%s%s%s%s (Oclgrind: %s)", bug_class(headline), at, code ? " `" : "",
             code ? code : "", code ? "`" : "", entity ? ", work-item " : "", entity ? entity + 8 : "", head);
    (void)kernel;
    if (function || error) {
        size_t used = strlen(out);
        snprintf(out + used, outlen - used, ": %s%s%s", function ? function : "", function && error ? ", " : "",
                 error ? error : "");
    }
    free(log);
}

/* ---- guarded buffers --------------------------------------------------------- */

static size_t guard_elems(clu_env *env)
{
    cl_ulong bits = clu_device_ulong(env->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN);
    size_t bytes = (size_t)(bits / 8);
    if (bytes < 4096) bytes = 4096; /* 1024 elements: a stray index often stays in it */
    return bytes / 4;
}

static uint32_t guard_bits(const gbuf *b)
{
    return b->kind == GB_FLOAT ? GUARD_F_BITS | (uint32_t)b->tag : (uint32_t)GUARD_I + (uint32_t)b->tag;
}

static void put_marker(gbuf *b, void *at, int guard)
{
    if (b->kind == GB_FLOAT) {
        uint32_t bits = guard ? guard_bits(b) : UNWRITTEN_F_BITS;
        memcpy(at, &bits, 4);
    } else {
        uint32_t v = guard ? guard_bits(b) : (uint32_t)UNWRITTEN_I;
        memcpy(at, &v, 4);
    }
}

static gbuf *gb_new(clu_env *env, const char *name, gb_kind kind, const void *data, size_t n, int output)
{
    gbuf *b = calloc(1, sizeof *b);
    if (!b) clu_die("out of memory");
    static int tags;
    b->tag = ++tags & 0xff;
    b->name = name;
    b->kind = kind;
    b->output = output;
    b->n = n ? n : 1;
    b->guard = oclgrind_ ? 0 : guard_elems(env);
    size_t total = b->n + 2 * b->guard;
    b->init = grade_alloc(b->n * 4);
    b->host = grade_alloc(total * 4);
    char *h = b->host;
    for (size_t e = 0; e < total; e++) put_marker(b, h + 4 * e, 1);
    for (size_t e = 0; e < b->n; e++) {
        if (data && e < n) memcpy((char *)b->init + 4 * e, (const char *)data + 4 * e, 4);
        else put_marker(b, (char *)b->init + 4 * e, 0);
    }
    memcpy(h + 4 * b->guard, b->init, b->n * 4);
    cl_int err;
    /* The guards must be the memory right next to the kernel's buffer: the
     * kernel gets a sub-buffer, a window into the whole. Which whole keeps
     * a stray write was measured (a kernel writing 61 elements past a
     * sub-buffer of 4099, the whole read back): on NVIDIA's driver a parent
     * made with CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR loses every such
     * write (the sub-buffer is a copy of its region), one allocated by the
     * runtime and written with clEnqueueWriteBuffer keeps all 61; PoCL and
     * rusticl keep them in all three. */
    b->whole = clCreateBuffer(env->context,
                              CL_MEM_READ_WRITE | (b->guard ? CL_MEM_ALLOC_HOST_PTR : CL_MEM_COPY_HOST_PTR),
                              total * 4, b->guard ? NULL : h, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    if (b->guard) {
        CLU_CHECK(clEnqueueWriteBuffer(env->queue, b->whole, CL_TRUE, 0, total * 4, h, 0, NULL, NULL));
        cl_buffer_region r = {b->guard * 4, b->n * 4};
        b->mem = clCreateSubBuffer(b->whole, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
        CLU_CHECK_ERR(err, "clCreateSubBuffer");
    } else {
        b->mem = b->whole;
    }
    b->next = bufs_;
    bufs_ = b;
    return b;
}

gbuf *gb_in(clu_env *env, const char *name, gb_kind kind, const void *data, size_t n)
{
    return gb_new(env, name, kind, data, n, 0);
}
gbuf *gb_out(clu_env *env, const char *name, gb_kind kind, size_t n)
{
    return gb_new(env, name, kind, NULL, n, 1);
}
gbuf *gb_inout(clu_env *env, const char *name, gb_kind kind, const void *data, size_t n)
{
    return gb_new(env, name, kind, data, n, 1);
}

void gb_arg(cl_kernel k, cl_uint i, gbuf *b)
{
    CLU_CHECK(clSetKernelArg(k, i, sizeof b->mem, &b->mem));
    note_arg(k, i, sizeof b->mem, &b->mem);
}

void *gb_fetch(clu_env *env, gbuf *b)
{
    if (!b->fetched) {
        CLU_CHECK(clEnqueueReadBuffer(env->queue, b->whole, CL_TRUE, 0, (b->n + 2 * b->guard) * 4, b->host, 0,
                                      NULL, NULL));
        b->fetched = 1;
    }
    return (char *)b->host + 4 * b->guard;
}

static int is_bits(float v, uint32_t bits)
{
    uint32_t got;
    memcpy(&got, &v, 4);
    return got == bits;
}

/* How a wrong float value reads to a student. */
static const char *float_note(float v)
{
    if (is_bits(v, UNWRITTEN_F_BITS))
        return " (the grader's \"never written\" marker: the kernel did not write this element)";
    uint32_t bits;
    memcpy(&bits, &v, 4);
    if ((bits & 0xffffff00u) == GUARD_F_BITS) {
        static char note[200];
        const char *from = "a buffer";
        for (gbuf *b = bufs_; b; b = b->next)
            if (b->kind == GB_FLOAT && (uint32_t)b->tag == (bits & 0xffu)) from = b->name;
        snprintf(note, sizeof note,
                 " (a NaN from the grader's guard zone around %s: the kernel read outside %s, an out-of-bounds read)",
                 from, from);
        return note;
    }
    if (isnan(v))
        return " (NaN: most likely computed from a value read outside a buffer, where the grader puts NaN: an out-of-bounds read)";
    return "";
}

static void element_name(const gbuf *b, size_t e, char *out, size_t len)
{
    if (b->vec > 1)
        snprintf(out, len, "%s[%zu].%c", b->name, e / (size_t)b->vec, "xyzw"[e % (size_t)b->vec % 4]);
    else if (b->cols > 0)
        snprintf(out, len, "%s[%zu][%zu]", b->name, e / b->cols, e % b->cols);
    else
        snprintf(out, len, "%s[%zu]", b->name, e);
}

int grade_check_floats(const char *name, const float *got, const double *ref, const double *tol, size_t n)
{
    gbuf b;
    memset(&b, 0, sizeof b);
    b.name = name;
    b.host = (void *)got;
    return gb_check_f(&b, ref, tol, n);
}

void grade_oclgrind_log(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && st.st_size > 0) {
        char why[1024];
        oclgrind_reason(path, 0, why, sizeof why);
        if (why[0]) {
            cur_failed_ = 0;
            grade_fail("%s", why);
        }
    }
}

int gb_check_f(gbuf *b, const double *ref, const double *tol, size_t n)
{
    const float *got = (const float *)((char *)b->host + 4 * b->guard);
    size_t bad = 0, first = 0;
    note_comparison(b, ref, tol, NULL, n);
    for (size_t e = 0; e < n; e++) {
        double t = tol ? tol[e] : 0.0;
        if (!(fabs((double)got[e] - ref[e]) <= t)) {
            if (!bad) first = e;
            bad++;
        }
    }
    if (bad) {
        char el[64];
        element_name(b, first, el, sizeof el);
        grade_fail("%s is %.9g, expected %.9g%s; the first wrong element, %zu of %zu are wrong", el,
                   (double)got[first], ref[first], float_note(got[first]), bad, n);
    }
    return bad == 0;
}

int gb_check_i(gbuf *b, const int *ref, size_t n)
{
    const int *got = (const int *)((char *)b->host + 4 * b->guard);
    size_t bad = 0, first = 0;
    note_comparison(b, NULL, NULL, ref, n);
    for (size_t e = 0; e < n; e++)
        if (got[e] != ref[e]) {
            if (!bad) first = e;
            bad++;
        }
    if (bad) {
        char el[64];
        element_name(b, first, el, sizeof el);
        grade_fail("%s is %d, expected %d%s; the first wrong element, %zu of %zu are wrong", el, got[first],
                   ref[first],
                   got[first] == UNWRITTEN_I ? " (the grader's \"never written\" marker: the kernel did not write it)"
                                             : "",
                   bad, n);
    }
    return bad == 0;
}

int gb_check_tail_unchanged(gbuf *b, size_t n, const char *bound_hint)
{
    const char *got = (const char *)b->host + 4 * b->guard;
    for (size_t e = n; e < b->n; e++)
        if (memcmp(got + 4 * e, (const char *)b->init + 4 * e, 4) != 0) {
            grade_fail("%s[%zu] was written, but only %zu elements are the result: an out-of-bounds write (%s)",
                       b->name, e, n, bound_hint);
            return 0;
        }
    return 1;
}

/* Guards untouched, inputs unchanged. */
static void check_buffer(gbuf *b)
{
    const char *h = b->host;
    for (size_t e = 0; e < b->guard; e++) { /* the nearest changed guard names the bug best */
        size_t before = b->guard - 1 - e, after = b->guard + b->n + e;
        uint32_t want = guard_bits(b), got;
        memcpy(&got, h + 4 * after, 4);
        if (got != want) {
            grade_fail("an out-of-bounds write: %s[%zu] was written, but %s has only %zu elements (%zu past its end)",
                       b->name, b->n + e, b->name, b->n, e + 1);
            return;
        }
        memcpy(&got, h + 4 * before, 4);
        if (got != want) {
            grade_fail("an out-of-bounds write: %s[-%zu] was written, before the start of %s", b->name, e + 1, b->name);
            return;
        }
    }
    if (!b->output)
        for (size_t e = 0; e < b->n; e++)
            if (memcmp(h + 4 * (b->guard + e), (const char *)b->init + 4 * e, 4) != 0) {
                grade_fail("%s[%zu] was changed, but %s is an input: the kernel must only read it", b->name, e, b->name);
                return;
            }
}

void grade_case_end(clu_env *env)
{
    if (env && timed_armed() && !cur_failed_ && grade_want_speed())
        time_the_check(env); /* before the guards and inputs are read */
    for (gbuf *b = bufs_; b; b = b->next) {
        if (env && (!cur_failed_ || b->guard)) { /* a wrong value may come from a stray write: look anyway */
            gb_fetch(env, b);
            if (!cur_failed_) check_buffer(b);
        }
    }
    for (gbuf *b = bufs_, *next; b; b = next) {
        next = b->next;
        if (b->mem != b->whole) clReleaseMemObject(b->mem);
        clReleaseMemObject(b->whole);
        free(b->init);
        free(b->host);
        free(b);
    }
    bufs_ = NULL;
    if (env) clFinish(env->queue);
    if (!oclgrind_ && lint_[0] && !cur_failed_) grade_fail("%s", lint_);
    watch(0);
    if (oclgrind_ && log_path_ && log_size() > log_offset_) {
        char why[1024];
        oclgrind_reason(log_path_, log_offset_, why, sizeof why);
        if (why[0] && !oclgrind_unoptimised_build_ && only_uninitialized_stores(log_path_, log_offset_))
            why[0] = '\0'; /* the outputs decide */
        if (why[0]) { /* Oclgrind's report is the root cause: it goes first */
            cur_failed_ = 0;
            grade_fail("%s", why);
        }
    }
    if (cur_failed_) failed_any_ = 1;
    record("end %d %d %s", cur_, !cur_failed_, cur_failed_ ? reason_ : "");
    /* Oclgrind stops reporting after --max-errors: the rest of the checks
     * then run in a fresh process, where it reports again. */
    if (oclgrind_ && log_path_ && log_size() > log_offset_) {
        char *log = read_whole(log_path_, NULL);
        int suppressed = log && strstr(log + log_offset_, "suppressing further errors") != NULL;
        free(log);
        if (suppressed) {
            record("restart %d", cur_ + 1);
            exit(0);
        }
    }
    forget_check();
    cur_ = -1;
}

/* ---- the lesson's question ------------------------------------------------------ */

/* Read up to MAX numbers from TEXT into OUT; returns how many. A number is
 * a decimal such as 24, -0.5 or 1e3; "a/b" is one number (a fraction);
 * thousands may be grouped by a comma (1,048,576) or by a single space, a
 * no-break space or a narrow no-break space, as the SI writes them
 * (256 000): groups of exactly three digits after one to three. */
static int answer_numbers(const char *text, double *out, int max)
{
    int found = 0;
    for (const char *p = text; *p && found < max;) {
        if (!(*p == '-' || *p == '.' || (*p >= '0' && *p <= '9'))) { p++; continue; }
        char *end;
        double v = strtod(p, &end);
        if (end == p) { p++; continue; }
        /* the leading group: one to three digits, nothing else */
        int lead = 0;
        for (const char *q = (*p == '-') ? p + 1 : p; q < end && *q >= '0' && *q <= '9'; q++) lead++;
        int whole = lead > 0 && lead <= 3 && end - p == lead + (*p == '-');
        char joined[64];
        size_t len = 0;
        int grouped = 0;
        for (const char *q = p; q < end && len < 20; q++) joined[len++] = *q;
        while (whole && len < 40) {
            const unsigned char *u = (const unsigned char *)end;
            int sep = 0;
            if (u[0] == ',' || u[0] == ' ') sep = 1;
            else if (u[0] == 0xC2 && u[1] == 0xA0) sep = 2;                  /* no-break space */
            else if (u[0] == 0xE2 && u[1] == 0x80 && u[2] == 0xAF) sep = 3;  /* narrow no-break space */
            else if (u[0] == 0xE2 && u[1] == 0x80 && u[2] == 0x89) sep = 3;  /* thin space */
            if (!sep) break;
            const char *g = end + sep;
            if (!(g[0] >= '0' && g[0] <= '9' && g[1] >= '0' && g[1] <= '9' && g[2] >= '0' && g[2] <= '9') ||
                (g[3] >= '0' && g[3] <= '9') || g[3] == '.')
                break;
            memcpy(joined + len, g, 3);
            len += 3;
            end = (char *)g + 3;
            grouped = 1;
        }
        joined[len] = '\0';
        if (grouped) v = strtod(joined, NULL);
        /* a fraction: 1/8, 1 / 8 */
        char *slash = end;
        while (*slash == ' ' || *slash == '\t') slash++;
        if (*slash == '/') {
            char *end2;
            double d = strtod(slash + 1, &end2);
            if (end2 != slash + 1 && d != 0) { v /= d; end = end2; }
        }
        out[found++] = v;
        p = end;
    }
    return found;
}

/* The form only: the values are the instructor's (tools/grade.sh compares
 * them, outside any process that runs student code, with
 * grade_answer_values()). */
void grade_answer(int i, const char *name, int count, const char *hint)
{
    if (!grade_case(i, 0, "the answer in %s to the question in the README", name)) return;
    record("answer %d %d %s", i, count, hint);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir_, name);
    char *text = read_whole(path, NULL);
    if (!text) {
        grade_fail("%s is missing: write your answer there", name);
    } else {
        double got[16];
        int found = answer_numbers(text, got, count < 16 ? count : 16);
        if (found < count)
            grade_fail("%s holds %d number%s; the question asks for %d", name, found, found == 1 ? "" : "s", count);
        free(text);
    }
    cur_failed_ ? (failed_any_ = 1) : 0;
    record("end %d %d %s", cur_, !cur_failed_, cur_failed_ ? reason_ : "");
    watch(0);
    cur_ = -1;
}

int grade_answer_values(const char *answer, const char *key)
{
    char *a = read_whole(answer, NULL), *k = read_whole(key, NULL);
    double got[16], want[16];
    int nk = k ? answer_numbers(k, want, 16) : 0;
    int na = a ? answer_numbers(a, got, nk) : 0;
    int right = nk > 0 && na == nk;
    for (int i = 0; right && i < nk; i++)
        if (!(fabs(got[i] - want[i]) <= 1e-3 * fabs(want[i]) + 1e-9)) right = 0;
    free(a);
    free(k);
    if (nk == 0) {
        printf("nokey\n");
        return 2;
    }
    printf(right ? "right\n" : "wrong\n");
    return right ? 0 : 1;
}

/* ---- speed --------------------------------------------------------------------------
 * The tier is measured on a check, never on a run of its own. The check that
 * calls grade_timed_check() right after grade_case() is graded as every other
 * check is; then, in grade_case_end(), while every check so far has passed,
 * its last launch runs again in turns with a yardstick. Before each of those
 * runs every output of the check gets its "never written" marker back (a
 * buffer that is read and written gets its data back), and after it the
 * outputs are compared again exactly as the check compared them: an output
 * that is wrong in any timed run fails the check. A kernel cannot tell the
 * runs that are timed from the run that is checked: they are the same. */

int grade_want_speed(void)
{
    return !oclgrind_ && first_ == 0 && !failed_any_ && timing_queue_ && !getenv("GRADE_NO_SPEED");
}

/* The running check's last launch and the comparisons it made. */
static struct { cl_kernel k; cl_uint dims; size_t g[3], l[3]; int has_local; } launch_;
typedef struct { gbuf *b; const double *ref, *tol; const int *iref; size_t n; } comparison;
enum { MAX_COMPARISONS = 8 };
static comparison compared_[MAX_COMPARISONS];
static int ncompared_, replaying_;
/* The yardstick and the lines of the check that is timed. */
static struct { int armed; grade_yardstick y; char what[200]; double line[3]; } timed_;
static char untrusted_[200];

static void note_launch(cl_kernel k, cl_uint dims, const size_t *global, const size_t *local)
{
    if (launch_.k) clReleaseKernel(launch_.k);
    clRetainKernel(k);
    launch_.k = k;
    launch_.dims = dims;
    launch_.has_local = local != NULL;
    for (cl_uint d = 0; d < dims && d < 3; d++) {
        launch_.g[d] = global[d];
        launch_.l[d] = local ? local[d] : 0;
    }
}

static void note_comparison(gbuf *b, const double *ref, const double *tol, const int *iref, size_t n)
{
    if (replaying_ || !b->whole || ncompared_ == MAX_COMPARISONS) return; /* not a guarded buffer */
    comparison c = {b, ref, tol, iref, n};
    compared_[ncompared_++] = c;
}

static int timed_armed(void) { return timed_.armed && launch_.k && ncompared_ > 0; }

static void forget_check(void)
{
    if (launch_.k) clReleaseKernel(launch_.k);
    launch_.k = NULL;
    ncompared_ = 0;
    timed_.armed = 0;
}

grade_yardstick grade_yard_copy(size_t bytes)
{
    grade_yardstick y = {GRADE_YARD_COPY, (double)bytes, 0, 0, 0, NULL, 0, {0}, {0}};
    return y;
}

grade_yardstick grade_yard_fma(double fmas)
{
    grade_yardstick y = {GRADE_YARD_FMA, fmas, 0, 0, 0, NULL, 0, {0}, {0}};
    return y;
}

grade_yardstick grade_yard_local(size_t n, size_t L, int steps, int per_item)
{
    grade_yardstick y = {GRADE_YARD_LOCAL, (double)n, L, steps, per_item, NULL, 0, {0}, {0}};
    return y;
}

grade_yardstick grade_yard_gemm(int n)
{
    grade_yardstick y = {GRADE_YARD_GEMM, (double)n, 0, 0, 0, NULL, 0, {0}, {0}};
    return y;
}

grade_yardstick grade_yard_kernel(cl_kernel k, cl_uint dims, const size_t *global, const size_t *local)
{
    grade_yardstick y = {GRADE_YARD_KERNEL, 0, 0, 0, 0, k, dims, {0}, {0}};
    for (cl_uint d = 0; d < dims && d < 3; d++) {
        y.global[d] = global[d];
        y.local[d] = local[d];
    }
    return y;
}

void grade_timed_check(grade_yardstick y, const char *what, double gold, double silver, double bronze)
{
    if (cur_ < 0) return;
    timed_.armed = 1;
    timed_.y = y;
    snprintf(timed_.what, sizeof timed_.what, "%s", what);
    timed_.line[0] = gold;
    timed_.line[1] = silver;
    timed_.line[2] = bronze;
}

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* One run of K on the timing queue, in microseconds; -1 when it cannot be
 * launched. Counters that cannot be times (zero, end not after start,
 * starting before the run before it ended on this in-order queue, as a
 * plain counter does: Mesa's rusticl) are noted once in untrusted_, and from
 * then on every run is timed by this process's own clock, from the enqueue
 * to the end of the wait (the student's kernel and the one it is compared
 * with alike, so the launch's cost is in both). */
static double time_once(cl_kernel k, cl_uint dims, const size_t *global, const size_t *local)
{
    static cl_ulong last_end;
    cl_event ev;
    const double h0 = mono_now();
    cl_int err = clEnqueueNDRangeKernel(timing_queue_, k, dims, NULL, global, local, 0, NULL, &ev);
    if (err != CL_SUCCESS) return -1;
    clWaitForEvents(1, &ev);
    const double host_us = (mono_now() - h0) * 1e6;
    cl_ulong t0 = 0, t1 = 0;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    clReleaseEvent(ev);
    if (!untrusted_[0] && (t0 == 0 || t1 <= t0 || t0 < last_end || t1 - t0 < 50))
        snprintf(untrusted_, sizeof untrusted_,
                 "the device's profiling timestamps are not times (a run from %llu to %llu ns%s)",
                 (unsigned long long)t0, (unsigned long long)t1, t0 < last_end ? ", before the run before it ended" : "");
    last_end = t1;
    return untrusted_[0] ? host_us : (double)(t1 - t0) / 1000.0;
}

static const char *yard_src =
    "__kernel void yard_copy(__global const float4 *a, __global float4 *b)\n"
    "{ size_t i = get_global_id(0); b[i] = a[i]; }\n"
    "__kernel void yard_local(__global const float *in, __global float *out, __local float *t,\n"
    "                         const int steps, const int per_item)\n"
    "{\n"
    "    int lid = get_local_id(0), L = get_local_size(0);\n"
    "    t[lid] = in[get_global_id(0)];\n"
    "    float v = 0.0f;\n"
    "    for (int s = 0; s < steps; s++) {\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "        v += t[(lid + s + 1) % L];\n"
    "    }\n"
    "    if (per_item) out[get_global_id(0)] = v;\n"
    "    else if (lid == 0) out[get_group_id(0)] = v;\n"
    "}\n"
    "__kernel void yard_gemm(__global const float *A, __global const float *B, __global float *C,\n"
    "                        const int M, const int N, const int K)\n"
    "{\n"
    "    int j = get_global_id(0), i = get_global_id(1);\n"
    "    if (i >= M || j >= N) return;\n"
    "    float s = 0.0f;\n"
    "    for (int k = 0; k < K; k++) s += A[i * K + k] * B[k * N + j];\n"
    "    C[i * N + j] = s;\n"
    "}\n"
    "__kernel void yard_fma(__global float *out, const int iters, const float s)\n"
    "{\n"
    "    float x0 = get_global_id(0), x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3;\n"
    "    float x4 = x0 + 4, x5 = x0 + 5, x6 = x0 + 6, x7 = x0 + 7;\n"
    "    for (int i = 0; i < iters; i++) {\n"
    "        x0 = fma(x0, s, x1); x1 = fma(x1, s, x2); x2 = fma(x2, s, x3); x3 = fma(x3, s, x4);\n"
    "        x4 = fma(x4, s, x5); x5 = fma(x5, s, x6); x6 = fma(x6, s, x7); x7 = fma(x7, s, x0);\n"
    "    }\n"
    "    out[get_global_id(0)] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;\n"
    "}\n";

static cl_program yard_program(clu_env *env)
{
    static cl_program p;
    if (!p) {
        cl_int err;
        p = clCreateProgramWithSource(env->context, 1, &yard_src, NULL, &err);
        CLU_CHECK_ERR(err, "clCreateProgramWithSource");
        CLU_CHECK(clBuildProgram(p, 1, &env->device, "", NULL, NULL));
    }
    return p;
}

/* A yardstick made ready to run: its kernel, its own buffers, its NDRange,
 * and the factor that scales its time to exactly the work asked for. */
typedef struct { cl_kernel k; cl_mem mem[3]; cl_uint dims; size_t g[2], l[2]; double scale; } yard_run;

static cl_mem yard_buffer(clu_env *env, size_t bytes, float value)
{
    cl_int err;
    cl_mem m = clCreateBuffer(env->context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    CLU_CHECK(clEnqueueFillBuffer(env->queue, m, &value, sizeof value, 0, bytes, 0, NULL, NULL));
    return m;
}

static void yard_make(clu_env *env, const grade_yardstick *y, yard_run *r)
{
    memset(r, 0, sizeof *r);
    r->dims = 1;
    r->scale = 1.0;
    const char *name = y->kind == GRADE_YARD_COPY ? "yard_copy" : y->kind == GRADE_YARD_FMA ? "yard_fma"
                       : y->kind == GRADE_YARD_LOCAL ? "yard_local" : "yard_gemm";
    cl_int err;
    if (y->kind == GRADE_YARD_KERNEL) {
        clRetainKernel(y->k);
        r->k = y->k;
        r->dims = y->dims;
        for (cl_uint d = 0; d < y->dims && d < 2; d++) r->g[d] = y->global[d], r->l[d] = y->local[d];
        return;
    }
    r->k = clCreateKernel(yard_program(env), name, &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    if (y->kind == GRADE_YARD_COPY) {
        size_t n4 = clu_round_up(((size_t)y->amount + 15) / 16, 256);
        r->mem[0] = yard_buffer(env, n4 * 16, 0.0f);
        r->mem[1] = yard_buffer(env, n4 * 16, 0.0f);
        r->g[0] = n4, r->l[0] = 256;
    } else if (y->kind == GRADE_YARD_FMA) {
        cl_uint units = (cl_uint)clu_device_ulong(env->device, CL_DEVICE_MAX_COMPUTE_UNITS);
        size_t global = clu_round_up((size_t)units * 2048, 256);
        int iters = (int)(y->amount / 8.0 / (double)global);
        if (iters < 16) iters = 16;
        float s = 0.999f;
        r->mem[0] = yard_buffer(env, global * sizeof(float), 0.0f);
        CLU_CHECK(clSetKernelArg(r->k, 1, sizeof iters, &iters));
        CLU_CHECK(clSetKernelArg(r->k, 2, sizeof s, &s));
        r->g[0] = global, r->l[0] = 256;
        r->scale = y->amount / (8.0 * (double)iters * (double)global); /* exactly that many multiply-adds */
    } else if (y->kind == GRADE_YARD_LOCAL) {
        size_t n = clu_round_up((size_t)y->amount, y->L);
        r->mem[0] = yard_buffer(env, n * 4, 0.0f);
        r->mem[1] = yard_buffer(env, n * 4, 0.0f);
        CLU_CHECK(clSetKernelArg(r->k, 2, y->L * 4, NULL));
        CLU_CHECK(clSetKernelArg(r->k, 3, sizeof y->steps, &y->steps));
        CLU_CHECK(clSetKernelArg(r->k, 4, sizeof y->per_item, &y->per_item));
        r->g[0] = n, r->l[0] = y->L;
    } else { /* lesson 05's naive kernel, one work-item per element of C */
        const int n = (int)y->amount;
        const size_t bytes = (size_t)n * (size_t)n * sizeof(float);
        for (int m = 0; m < 3; m++) r->mem[m] = yard_buffer(env, bytes, 1.0f);
        CLU_CHECK(clSetKernelArg(r->k, 3, sizeof n, &n));
        CLU_CHECK(clSetKernelArg(r->k, 4, sizeof n, &n));
        CLU_CHECK(clSetKernelArg(r->k, 5, sizeof n, &n));
        r->dims = 2;
        r->g[0] = r->g[1] = clu_round_up((size_t)n, 16);
        r->l[0] = r->l[1] = 16;
    }
    for (int m = 0; m < 3; m++)
        if (r->mem[m]) CLU_CHECK(clSetKernelArg(r->k, (cl_uint)m, sizeof r->mem[m], &r->mem[m]));
    CLU_CHECK(clFinish(env->queue));
}

static void yard_release(yard_run *r)
{
    clReleaseKernel(r->k);
    for (int m = 0; m < 3; m++)
        if (r->mem[m]) clReleaseMemObject(r->mem[m]);
}

/* Every output of the running check back to what it held before the check:
 * the "never written" marker, or the data of a buffer read and written. */
static void reset_outputs(void)
{
    for (gbuf *b = bufs_; b; b = b->next)
        if (b->output)
            CLU_CHECK(clEnqueueWriteBuffer(timing_queue_, b->mem, CL_FALSE, 0, b->n * 4, b->init, 0, NULL, NULL));
}

/* The outputs read back and compared again as the check compared them;
 * 0 (and the check failed, naming timed run RUN) when one is wrong. */
static int compare_again(int run)
{
    for (gbuf *b = bufs_; b; b = b->next)
        if (b->output) {
            CLU_CHECK(clEnqueueReadBuffer(timing_queue_, b->whole, CL_TRUE, 0, (b->n + 2 * b->guard) * 4, b->host, 0,
                                          NULL, NULL));
            b->fetched = 1;
        }
    replaying_ = 1;
    int ok = 1;
    for (int c = 0; c < ncompared_ && ok; c++)
        ok = compared_[c].iref ? gb_check_i(compared_[c].b, compared_[c].iref, compared_[c].n)
                               : gb_check_f(compared_[c].b, compared_[c].ref, compared_[c].tol, compared_[c].n);
    replaying_ = 0;
    if (!ok) {
        char was[sizeof reason_];
        snprintf(was, sizeof was, "%s", reason_);
        snprintf(reason_, sizeof reason_,
                 "timed run %d at this size gave a wrong output, though the first run was right: %.700s (the speed "
                 "tier is timed only on runs whose output is checked: a kernel must be right in every run)", run, was);
    }
    return ok;
}

/* The median of N ratios and an interval that holds the true median with
 * about 95% confidence: the order statistics j and n+1-j, with j from the
 * binomial distribution. Never narrower than TIER_SPREAD on either side of
 * the median: what one grade cannot see (the machine's load changing from
 * one grade to the next) moves a ratio about that much. */
#define TIER_SPREAD 0.15

static void ratio_interval(double *r, int n, double *median, double *lo, double *hi)
{
    qsort(r, (size_t)n, sizeof *r, by_value);
    *median = n % 2 ? r[n / 2] : 0.5 * (r[n / 2 - 1] + r[n / 2]);
    double p = 1.0, below = 0.0; /* P(Bin(n, 1/2) <= j - 1) */
    int j = 1;
    for (int i = 0; i < n; i++) p *= 0.5;
    for (int i = 0; i < n / 2; i++) {
        below += p; /* + P(X = i) */
        p = p * (double)(n - i) / (double)(i + 1);
        if (2.0 * below > 0.05) break;
        j = i + 1;
    }
    *lo = r[j - 1];
    *hi = r[n - j];
    if (*lo > *median / (1.0 + TIER_SPREAD)) *lo = *median / (1.0 + TIER_SPREAD);
    if (*hi < *median * (1.0 + TIER_SPREAD)) *hi = *median * (1.0 + TIER_SPREAD);
}

/* The tier: the highest line the whole interval reaches; *undecided: the
 * line above it when the interval reaches across it (else -1). */
static int tier_of(double lo, double hi, const double *line, int *undecided)
{
    int t = 0;
    while (t < 3 && lo < line[t]) t++;
    *undecided = t > 0 && hi >= line[t - 1] ? t - 1 : -1;
    return t;
}

enum { TURNS_MAX = 31 };

/* Instructor mode (tools/grade.sh sets GRADE_SOLUTION_DIR to a folder with
 * the official solution's kernel files, which hold the starter too behind
 * #if SOLUTION): the yardstick is the official solution's kernel, built from
 * the same file name with the same options and -DSOLUTION=1, given the
 * same arguments and NDRange as the student's timed launch, on the same
 * buffers (their outputs reset before each run of either). Its lines are
 * ratios to the solution's time: silver is "as fast as ours" within the
 * measurement's spread on any device. NULL when it cannot be made (then the
 * grader's own yardstick counts, and the record says why). */
static const double solution_line[3] = {1.3, 0.75, 0.4};
static char solution_why_[200];

static cl_kernel solution_kernel(clu_env *env)
{
    const char *dir = getenv("GRADE_SOLUTION_DIR");
    solution_why_[0] = '\0';
    if (!dir || !dir[0]) return NULL;
    if (!kernel_file_[0] || args_.k != launch_.k || args_.bad) {
        snprintf(solution_why_, sizeof solution_why_, "the timed launch's arguments were not all seen");
        return NULL;
    }
    for (int i = 0; i < args_.n; i++)
        if (!args_.set[i]) {
            snprintf(solution_why_, sizeof solution_why_, "argument %d of the timed launch was not seen", i);
            return NULL;
        }
    char name[256] = "", path[4096];
    if (clGetKernelInfo(launch_.k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL) != CL_SUCCESS) {
        snprintf(solution_why_, sizeof solution_why_, "the timed kernel's name could not be read");
        return NULL;
    }
    snprintf(path, sizeof path, "%s/%s", dir, kernel_file_);
    size_t len;
    char *text = read_whole(path, &len);
    if (!text) {
        snprintf(solution_why_, sizeof solution_why_, "no %s in the instructor's folder", kernel_file_);
        return NULL;
    }
    char opts[700];
    snprintf(opts, sizeof opts, "%s%s-DSOLUTION=1", build_options_, build_options_[0] ? " " : "");
    cl_int err;
    const char *srcs[1] = {text};
    cl_program p = clCreateProgramWithSource(env->context, 1, srcs, NULL, &err);
    free(text);
    if (err != CL_SUCCESS) {
        snprintf(solution_why_, sizeof solution_why_, "clCreateProgramWithSource: %s", clu_error_name(err));
        return NULL;
    }
    cl_kernel k = NULL;
    if (clBuildProgram(p, 1, &env->device, opts, NULL, NULL) == CL_SUCCESS) k = clCreateKernel(p, name, &err);
    clReleaseProgram(p); /* the kernel keeps it */
    if (!k) {
        snprintf(solution_why_, sizeof solution_why_, "the official solution's %s does not build here", kernel_file_);
        return NULL;
    }
    for (int i = 0; i < args_.n; i++)
        if (clSetKernelArg(k, (cl_uint)i, args_.size[i], args_.null[i] ? NULL : args_.value[i]) != CL_SUCCESS) {
            snprintf(solution_why_, sizeof solution_why_, "argument %d does not fit the official solution's kernel", i);
            clReleaseKernel(k);
            return NULL;
        }
    return k;
}

static void time_the_check(clu_env *env)
{
    static const char *names[4] = {"gold", "silver", "bronze", "none"};
    yard_run y;
    const double *line = timed_.line;
    char what[sizeof timed_.what + 200];
    snprintf(what, sizeof what, "%s", timed_.what);
    cl_kernel sol = solution_kernel(env);
    if (sol) { /* the official solution, on the student's launch */
        memset(&y, 0, sizeof y);
        y.k = sol;
        y.dims = launch_.dims;
        for (cl_uint d = 0; d < launch_.dims && d < 2; d++) y.g[d] = launch_.g[d], y.l[d] = launch_.l[d];
        y.scale = 1.0;
        line = solution_line;
        snprintf(what, sizeof what, "the official solution, built and timed beside yours on the same launch");
    } else
        yard_make(env, &timed_.y, &y);
    if (solution_why_[0]) record("solutionless %s", solution_why_);
    const size_t *yl = sol ? (launch_.has_local ? y.l : NULL) : y.l;
    const int trace = getenv("GRADE_SPEED_TRACE") != NULL;
    double ratio[TURNS_MAX], work[TURNS_MAX], ts_all[TURNS_MAX], ty_all[TURNS_MAX];
    int n = 0, runs = 0, ok = 1, stop = 0, host_clock = untrusted_[0] != 0;
    /* The timed runs have a limit of their own: up to TURNS_MAX of each. */
    watch(grade_case_seconds() + 90);
    time_once(y.k, y.dims, y.g, yl); /* warm-up */
    host_clock = untrusted_[0] != 0;
    const double start = mono_now();
    while (!stop && runs < TURNS_MAX) {
        double ty = 0;
        if (sol) { /* on the check's own buffers: before the student's run, which is compared */
            reset_outputs();
            ty = time_once(y.k, y.dims, y.g, yl);
        }
        reset_outputs();
        const double ts = time_once(launch_.k, launch_.dims, launch_.g, launch_.has_local ? launch_.l : NULL);
        if (!sol) ty = time_once(y.k, y.dims, y.g, yl) * y.scale;
        runs++;
        if (!(ok = compare_again(runs))) break;
        if (untrusted_[0] && !host_clock) { /* the counters failed in this turn: start again on the host clock */
            host_clock = 1, n = 0;
            continue;
        }
        if (trace)
            fprintf(stderr, "timed run %d: kernel %.1f us, yardstick %.1f us, at %.2f s\n", runs, ts, ty,
                    mono_now() - start);
        if (ts > 0 && ty > 0) {
            ts_all[n] = ts, ty_all[n] = ty;
            ratio[n++] = ty / ts;
        }
        if (n == 9 || n == 15 || n == 21) { /* a few looks only: each look is another chance to decide wrongly */
            double m, lo, hi;
            int undecided;
            memcpy(work, ratio, (size_t)n * sizeof *work);
            ratio_interval(work, n, &m, &lo, &hi);
            tier_of(lo, hi, line, &undecided);
            /* decided, or out of the time a tier may cost (a class is graded in one go) */
            stop = undecided < 0 || mono_now() - start > 4.0;
        }
    }
    yard_release(&y);
    if (!ok || n == 0) return;
    if (sol) record("yardstick solution");
    if (untrusted_[0]) record("clock %s: every run was timed by the grader's own clock instead", untrusted_);
    double m, lo, hi, mt, my;
    int undecided;
    memcpy(work, ratio, (size_t)n * sizeof *work);
    ratio_interval(work, n, &m, &lo, &hi);
    qsort(ts_all, (size_t)n, sizeof *ts_all, by_value);
    qsort(ty_all, (size_t)n, sizeof *ty_all, by_value);
    mt = ts_all[n / 2], my = ty_all[n / 2];
    const int t = tier_of(lo, hi, line, &undecided);
    char why[300] = "";
    if (undecided >= 0)
        snprintf(why, sizeof why, "; between %s and %s: the measurement could not decide (the %s line at %.0f%% lies "
                 "inside %.0f%%-%.0f%%), so the lower tier counts",
                 names[t], names[undecided], names[undecided], 100 * line[undecided], 100 * lo, 100 * hi);
    record("ratio %.3f", m);
    record("tier %s %.0f%% of the yardstick (%s) on this check's size, median of %d timed runs in turns with it, "
           "each output checked: your kernel %.1f us, the yardstick %.1f us; with 95%% confidence %.0f%%-%.0f%% (and "
           "never less than %.0f%% either side; gold >= %.0f%%, silver >= %.0f%%, bronze >= %.0f%%: a line counts "
           "when the whole range reaches it)%s",
           names[t], 100 * m, what, n, mt, my, 100 * lo, 100 * hi, 100 * TIER_SPREAD, 100 * line[0],
           100 * line[1], 100 * line[2], why);
}

int grade_finish(clu_env *env)
{
    record("done");
    forget_check();
    if (timing_queue_) clReleaseCommandQueue(timing_queue_);
    clu_teardown(env);
    return failed_any_ ? 1 : 0;
}

/* ---- data ---------------------------------------------------------------------------- */

void *grade_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) clu_die("out of memory (%zu bytes)", bytes);
    return p;
}

void grade_fill_f(float *data, size_t n, unsigned seed, float lo, float hi)
{
    clu_fill_random(data, n, seed, lo, hi);
}

void grade_fill_i(int *data, size_t n, unsigned seed, int lo, int hi)
{
    clu_fill_random_int(data, n, seed, lo, hi);
}

double grade_sum_tol(size_t terms, double abs_sum)
{
    return (double)(terms + 2) * abs_sum / 16777216.0 + 1e-30;
}

/* ---- lesson 05: matrix products ------------------------------------------------------ */

static void gemm_args(cl_kernel k, cl_mem A, cl_mem B, cl_mem C, int M, int N, int K, const float *ab)
{
    grade_arg(k, 0, sizeof A, &A);
    grade_arg(k, 1, sizeof B, &B);
    grade_arg(k, 2, sizeof C, &C);
    grade_arg(k, 3, sizeof M, &M);
    grade_arg(k, 4, sizeof N, &N);
    grade_arg(k, 5, sizeof K, &K);
    if (ab) {
        grade_arg(k, 6, sizeof(float), &ab[0]);
        grade_arg(k, 7, sizeof(float), &ab[1]);
    }
}

void grade_gemm_case(clu_env *env, cl_kernel k, int M, int N, int K, const float *alpha_beta,
                     const size_t global[2], const size_t local[2], unsigned seed)
{
    const size_t na = (size_t)M * K, nb = (size_t)K * N, nc = (size_t)M * N;
    float *h_A = grade_alloc(na * sizeof(float)), *h_B = grade_alloc(nb * sizeof(float));
    float *h_C0 = grade_alloc(nc * sizeof(float));
    double *ref = grade_alloc(nc * sizeof(double)), *tol = grade_alloc(nc * sizeof(double));
    grade_fill_f(h_A, na, seed, -1.0f, 1.0f);
    grade_fill_f(h_B, nb, seed + 1, -1.0f, 1.0f);
    grade_fill_f(h_C0, nc, seed + 2, -1.0f, 1.0f);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double r = 0.0, a = 0.0;
            for (int kk = 0; kk < K; kk++) {
                double p = (double)h_A[(size_t)i * K + kk] * h_B[(size_t)kk * N + j];
                r += p;
                a += fabs(p);
            }
            if (alpha_beta) {
                const double c0 = h_C0[(size_t)i * N + j];
                r = alpha_beta[0] * r + alpha_beta[1] * c0;
                a = fabs(alpha_beta[0]) * a + fabs(alpha_beta[1] * c0);
            }
            ref[(size_t)i * N + j] = r;
            tol[(size_t)i * N + j] = grade_sum_tol((size_t)K + 2, a);
        }
    gbuf *A = gb_in(env, "A", GB_FLOAT, h_A, na);
    gbuf *B = gb_in(env, "B", GB_FLOAT, h_B, nb);
    gbuf *C = alpha_beta ? gb_inout(env, "C", GB_FLOAT, h_C0, nc) : gb_out(env, "C", GB_FLOAT, nc);
    A->cols = (size_t)K;
    B->cols = (size_t)N;
    C->cols = (size_t)N;
    gemm_args(k, A->mem, B->mem, C->mem, M, N, K, alpha_beta);
    grade_run(env, k, 2, global, local);
    gb_fetch(env, C);
    gb_check_f(C, ref, tol, nc);
    grade_case_end(env);
    free(h_A);
    free(h_B);
    free(h_C0);
    free(ref);
    free(tol);
}

/* ---- what the statement allows ----------------------------------------------- */

size_t grade_widest_group(clu_env *env, cl_kernel k, size_t cap, int pow2)
{
    size_t widest = clu_device_size(env->device, CL_DEVICE_MAX_WORK_GROUP_SIZE), kernel_max = 0, items[3] = {0, 0, 0};
    if (clGetKernelWorkGroupInfo(k, env->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kernel_max, &kernel_max, NULL) ==
            CL_SUCCESS && kernel_max > 0 && kernel_max < widest)
        widest = kernel_max;
    if (clGetDeviceInfo(env->device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL) == CL_SUCCESS &&
        items[0] > 0 && items[0] < widest)
        widest = items[0];
    if (cap > 0 && widest > cap) widest = cap;
    if (widest < 1) widest = 1;
    if (pow2)
        while (widest & (widest - 1)) widest &= widest - 1; /* the highest power of two in it */
    return widest;
}

/* What a statement requires of the kernel's code (a vector type, say):
 * regexes that must each match the kernel with comments removed. */
#define REQUIRE_MAX 4
static const char *require_re_[REQUIRE_MAX], *require_msg_[REQUIRE_MAX];
static int requires_;

void grade_require(const char *regex, const char *message)
{
    if (requires_ < REQUIRE_MAX) {
        require_re_[requires_] = regex;
        require_msg_[requires_++] = message;
    }
}

static void lint_required(const char *code, const char *name)
{
    for (int r = 0; r < requires_ && !lint_[0]; r++) {
        regex_t re;
        if (regcomp(&re, require_re_[r], REG_EXTENDED | REG_NOSUB) != 0) continue;
        if (regexec(&re, code, 0, NULL, 0) != 0) snprintf(lint_, sizeof lint_, "%s: %s", name, require_msg_[r]);
        regfree(&re);
    }
}

void grade_oclgrind_unoptimised(void) { oclgrind_o0_ = 1; }
