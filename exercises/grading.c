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
static char lint_[512];
static const char *forbid_re_, *forbid_msg_;
static int oclgrind_, first_, checks_, verdict_ok_;
static int cur_ = -1, cur_failed_, failed_any_;
static char reason_[1024];
static const char *log_path_;
static long log_offset_;
static gbuf *bufs_;
static cl_command_queue timing_queue_;
static volatile sig_atomic_t alarm_case_;

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
    if (all && strcmp(all, "all") == 0 && !strstr(what, "answer in")) small = 1; /* to see where a crash is */
    if (oclgrind_ && !small) {
        record("skip %d %s", i, what);
        return 0;
    }
    cur_ = i;
    cur_failed_ = 0;
    reason_[0] = '\0';
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

void grade_arg(cl_kernel k, cl_uint i, size_t size, const void *value)
{
    CLU_CHECK(clSetKernelArg(k, i, size, value));
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
    cur_ = -1;
}

/* ---- the lesson's question ------------------------------------------------------ */

void grade_answer(int i, const char *name, int count, const double *want, const char *hint)
{
    if (!grade_case(i, 0, "the answer in %s to the question in the README", name)) return;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir_, name);
    char *text = read_whole(path, NULL);
    if (!text) {
        grade_fail("%s is missing: write your answer there", name);
    } else {
        int found = 0, right = 0;
        for (char *p = text; *p && found < count;) {
            if (!(*p == '-' || *p == '.' || (*p >= '0' && *p <= '9'))) { p++; continue; }
            char *end;
            double v = strtod(p, &end);
            if (end == p) { p++; continue; }
            /* thousands separators: 1,024 and 1,048,576 (a comma and then
             * exactly three digits) */
            while (*end == ',' && end[1] >= '0' && end[1] <= '9' && end[2] >= '0' && end[2] <= '9' && end[3] >= '0' &&
                   end[3] <= '9' && !(end[4] >= '0' && end[4] <= '9') &&
                   (size_t)(end - p) < 20) {
                char joined[64];
                size_t len = 0;
                for (const char *q = p; q < end + 4 && len < sizeof joined - 1; q++)
                    if (*q != ',') joined[len++] = *q;
                joined[len] = '\0';
                v = strtod(joined, NULL);
                end += 4;
            }
            /* a fraction: 1/8, 1 / 8 */
            char *slash = end;
            while (*slash == ' ' || *slash == '\t') slash++;
            if (*slash == '/') {
                char *end2;
                double d = strtod(slash + 1, &end2);
                if (end2 != slash + 1 && d != 0) { v /= d; end = end2; }
            }
            if (fabs(v - want[found]) <= 1e-3 * fabs(want[found]) + 1e-9) right++;
            found++;
            p = end;
        }
        if (found < count)
            grade_fail("%s holds %d number%s; the question asks for %d", name, found, found == 1 ? "" : "s", count);
        else if (right < count)
            grade_fail("the answer in %s is not right (%s)", name, hint);
        free(text);
    }
    cur_failed_ ? (failed_any_ = 1) : 0;
    record("end %d %d %s", cur_, !cur_failed_, cur_failed_ ? reason_ : "");
    watch(0);
    cur_ = -1;
}

/* ---- speed -------------------------------------------------------------------------- */

int grade_want_speed(void)
{
    return !oclgrind_ && first_ == 0 && !failed_any_ && timing_queue_ && !getenv("GRADE_NO_SPEED");
}

/* The student's timed kernel, kept so that a yardstick can be timed in
 * turns with it; the median ratio of those turns; whether the device's
 * profiling counters can be trusted at all. */
static struct { cl_kernel k; cl_uint dims; size_t g[3], l[3]; int has_local; } timed_;
static double ratio_;
static char untrusted_[200];

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* One run of K on the timing queue, in microseconds; -1 when it cannot be
 * launched. Counters that cannot be times (zero, end not after start,
 * starting before the run before it ended on this in-order queue, as a
 * plain counter does) are noted once in untrusted_. */
static double time_once(cl_kernel k, cl_uint dims, const size_t *global, const size_t *local)
{
    static cl_ulong last_end;
    cl_event ev;
    cl_int err = clEnqueueNDRangeKernel(timing_queue_, k, dims, NULL, global, local, 0, NULL, &ev);
    if (err != CL_SUCCESS) return -1;
    clWaitForEvents(1, &ev);
    cl_ulong t0 = 0, t1 = 0;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    clReleaseEvent(ev);
    if (!untrusted_[0] && (t0 == 0 || t1 <= t0 || t0 < last_end || t1 - t0 < 50))
        snprintf(untrusted_, sizeof untrusted_,
                 "the device's profiling timestamps are not times (a run from %llu to %llu ns%s)",
                 (unsigned long long)t0, (unsigned long long)t1, t0 < last_end ? ", before the run before it ended" : "");
    last_end = t1;
    return (double)(t1 - t0) / 1000.0;
}

double grade_time_us(clu_env *env, cl_kernel k, cl_uint dims, const size_t *global, const size_t *local, int reps)
{
    (void)env;
    double v[64];
    int n = 0;
    watch(60);
    if (reps > 63) reps = 63;
    for (int r = 0; r <= reps; r++) { /* the first run warms up */
        double us = time_once(k, dims, global, local);
        if (us < 0) { watch(0); return -1; }
        if (r > 0) v[n++] = us;
    }
    watch(0);
    if (timed_.k) clReleaseKernel(timed_.k);
    clRetainKernel(k);
    timed_.k = k;
    timed_.dims = dims;
    timed_.has_local = local != NULL;
    for (cl_uint d = 0; d < dims && d < 3; d++) {
        timed_.g[d] = global[d];
        timed_.l[d] = local ? local[d] : 0;
    }
    return median(v, n);
}

/* Time the yardstick YK in turns with the student's kernel last timed by
 * grade_time_us (a busy machine then slows both alike): the median of the
 * ratios goes to ratio_, the median yardstick time is returned. */
static double time_in_turns(cl_kernel yk, cl_uint dims, const size_t *global, const size_t *local)
{
    enum { TURNS = 7 };
    double ratio[TURNS], yard[TURNS];
    int n = 0;
    watch(90);
    time_once(yk, dims, global, local); /* warm-up */
    for (int r = 0; r < TURNS; r++) {
        double ts = timed_.k ? time_once(timed_.k, timed_.dims, timed_.g, timed_.has_local ? timed_.l : NULL) : 1;
        double ty = time_once(yk, dims, global, local);
        if (ts <= 0 || ty <= 0) continue;
        ratio[n] = ty / ts;
        yard[n++] = ty;
    }
    watch(0);
    if (n == 0) return -1;
    if (timed_.k) ratio_ = median(ratio, n);
    return median(yard, n);
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

double grade_yard_copy_us(clu_env *env, size_t bytes)
{
    size_t n4 = (bytes + 15) / 16;
    n4 = clu_round_up(n4, 256);
    cl_int err;
    cl_mem a = clCreateBuffer(env->context, CL_MEM_READ_WRITE, n4 * 16, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    cl_mem b = clCreateBuffer(env->context, CL_MEM_READ_WRITE, n4 * 16, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    float zero = 0.0f;
    CLU_CHECK(clEnqueueFillBuffer(env->queue, a, &zero, sizeof zero, 0, n4 * 16, 0, NULL, NULL));
    CLU_CHECK(clFinish(env->queue));
    cl_kernel k = clCreateKernel(yard_program(env), "yard_copy", &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    CLU_CHECK(clSetKernelArg(k, 0, sizeof a, &a));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof b, &b));
    size_t local = 256;
    double us = time_in_turns(k, 1, &n4, &local);
    clReleaseKernel(k);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    return us;
}

double grade_yard_fma_us(clu_env *env, double fmas)
{
    cl_uint units = (cl_uint)clu_device_ulong(env->device, CL_DEVICE_MAX_COMPUTE_UNITS);
    size_t global = clu_round_up((size_t)units * 2048, 256), local = 256;
    int iters = (int)(fmas / 8.0 / (double)global);
    if (iters < 16) iters = 16;
    cl_int err;
    cl_mem out = clCreateBuffer(env->context, CL_MEM_READ_WRITE, global * sizeof(float), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    cl_kernel k = clCreateKernel(yard_program(env), "yard_fma", &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    float s = 0.999f;
    CLU_CHECK(clSetKernelArg(k, 0, sizeof out, &out));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof iters, &iters));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof s, &s));
    double us = time_in_turns(k, 1, &global, &local);
    clReleaseKernel(k);
    clReleaseMemObject(out);
    /* scaled to exactly `fmas` multiply-adds */
    return us * fmas / (8.0 * (double)iters * (double)global);
}

double grade_yard_local_us(clu_env *env, size_t n, size_t L, int steps, int per_item)
{
    n = clu_round_up(n, L);
    cl_int err;
    cl_mem a = clCreateBuffer(env->context, CL_MEM_READ_WRITE, n * 4, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    cl_mem b = clCreateBuffer(env->context, CL_MEM_READ_WRITE, n * 4, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    float zero = 0.0f;
    CLU_CHECK(clEnqueueFillBuffer(env->queue, a, &zero, sizeof zero, 0, n * 4, 0, NULL, NULL));
    CLU_CHECK(clFinish(env->queue));
    cl_kernel k = clCreateKernel(yard_program(env), "yard_local", &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    CLU_CHECK(clSetKernelArg(k, 0, sizeof a, &a));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof b, &b));
    CLU_CHECK(clSetKernelArg(k, 2, L * 4, NULL));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof steps, &steps));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof per_item, &per_item));
    double us = time_in_turns(k, 1, &n, &L);
    clReleaseKernel(k);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    return us;
}

/* A tier line counts as crossed only this far past it, so that the noise
 * of one run does not move a kernel that sits on the line. */
#define TIER_MARGIN 0.10

void grade_tier(double time_us, double yard_us, const char *yardstick, double gold, double silver, double bronze)
{
    if (untrusted_[0]) {
        record("untimed %s: no speed tier", untrusted_);
        return;
    }
    if (time_us <= 0 || yard_us <= 0) return;
    double r = ratio_ > 0 ? ratio_ : yard_us / time_us;
    const int turns = ratio_ > 0;
    ratio_ = 0;
    const double m = 1.0 + TIER_MARGIN;
    const char *tier = r >= gold * m ? "gold" : r >= silver * m ? "silver" : r >= bronze * m ? "bronze" : "none";
    record("ratio %.3f", r);
    record("tier %s %.0f%% of the yardstick (%s): your kernel %.1f us, %s %.1f us (gold >= %.0f%%, silver >= %.0f%%, "
           "bronze >= %.0f%%, each line crossed only %.0f%% past it)",
           tier, 100 * r, turns ? "median of 7 runs in turns with it" : "best runs", time_us, yardstick, yard_us,
           100 * gold, 100 * silver, 100 * bronze, 100 * TIER_MARGIN);
}

int grade_finish(clu_env *env)
{
    record("done");
    if (timed_.k) clReleaseKernel(timed_.k);
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
    CLU_CHECK(clSetKernelArg(k, 0, sizeof A, &A));
    CLU_CHECK(clSetKernelArg(k, 1, sizeof B, &B));
    CLU_CHECK(clSetKernelArg(k, 2, sizeof C, &C));
    CLU_CHECK(clSetKernelArg(k, 3, sizeof M, &M));
    CLU_CHECK(clSetKernelArg(k, 4, sizeof N, &N));
    CLU_CHECK(clSetKernelArg(k, 5, sizeof K, &K));
    if (ab) {
        CLU_CHECK(clSetKernelArg(k, 6, sizeof(float), &ab[0]));
        CLU_CHECK(clSetKernelArg(k, 7, sizeof(float), &ab[1]));
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

void grade_gemm_speed(clu_env *env, cl_kernel k, int n, const float *alpha_beta, const size_t global[2],
                      const size_t local[2], double gold, double silver, double bronze)
{
    const size_t bytes = (size_t)n * n * sizeof(float);
    cl_int err;
    cl_mem A = clCreateBuffer(env->context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    cl_mem B = clCreateBuffer(env->context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    cl_mem C = clCreateBuffer(env->context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    float one = 1.0f;
    CLU_CHECK(clEnqueueFillBuffer(env->queue, A, &one, sizeof one, 0, bytes, 0, NULL, NULL));
    CLU_CHECK(clEnqueueFillBuffer(env->queue, B, &one, sizeof one, 0, bytes, 0, NULL, NULL));
    CLU_CHECK(clEnqueueFillBuffer(env->queue, C, &one, sizeof one, 0, bytes, 0, NULL, NULL));
    gemm_args(k, A, B, C, n, n, n, alpha_beta);
    double t = grade_time_us(env, k, 2, global, local, 3);
    /* the yardstick: lesson 05's naive kernel, one work-item per element */
    cl_kernel y = clCreateKernel(yard_program(env), "yard_gemm", &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    gemm_args(y, A, B, C, n, n, n, NULL);
    const size_t yg[2] = {clu_round_up((size_t)n, 16), clu_round_up((size_t)n, 16)}, yl[2] = {16, 16};
    double ty = time_in_turns(y, 2, yg, yl);
    clReleaseKernel(y);
    char what[96];
    snprintf(what, sizeof what, "lesson 05's naive kernel on %d x %d x %d", n, n, n);
    grade_tier(t, ty, what, gold, silver, bronze);
    clReleaseMemObject(A);
    clReleaseMemObject(B);
    clReleaseMemObject(C);
}
