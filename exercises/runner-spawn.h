/* runner-spawn.h -- for checkers of exercises whose student files are host
 * C (01-2, 07-3, 08-1, 08-2, 10-1): the student's C is built by tools/grade.sh into
 * a separate program (the exercise's runner.c, the student's files, and
 * tools/grader/opencl-recorder.c in place of OpenCL), and never runs in the
 * checker's address space. spawn_runner() starts it for one check in the
 * grader's sandbox (tools/sandbox.sh bare: nothing of the project, no device,
 * no network, limits, the whole process tree killed on a time-out).
 * Descriptors the runner sees:
 *     6  the input the checker wrote (read only)
 *     7  its output: what the student's code returned, and (opencl-recorder)
 *        one line per OpenCL command it asked for; a socket, read by the
 *        checker while the program runs (then kept in f->out): nothing the
 *        program does later (a seek, a truncation, a reopen through /proc)
 *        can take back a line once it was written
 * The checker judges that output itself; rec_load() parses the commands,
 * which the checker then carries out on the real device. */
#ifndef RUNNER_SPAWN_H
#define RUNNER_SPAWN_H
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* posix_spawn_file_actions_addclosefrom_np */
#include "grading.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

typedef struct {
    char dir[64];
    char in[128], out[128], err[128], started[128];
} spawn_files;

static void spawn_init(spawn_files *f, const char *ex)
{
    /* under the grade's own folder (tools/grade.sh), which goes whatever happens */
    const char *tmpdir = getenv("GRADE_TMP");
    if (!tmpdir || !tmpdir[0] || strlen(tmpdir) > 40) tmpdir = "/tmp";
    snprintf(f->dir, sizeof f->dir, "%s/grade-%s-XXXXXX", tmpdir, ex);
    if (!mkdtemp(f->dir)) clu_die("cannot make a temporary folder");
    snprintf(f->in, sizeof f->in, "%s/in.bin", f->dir);
    snprintf(f->out, sizeof f->out, "%s/out.txt", f->dir);
    snprintf(f->err, sizeof f->err, "%s/runner.err", f->dir);
    snprintf(f->started, sizeof f->started, "%s/started", f->dir);
    FILE *in = fopen(f->in, "wb"); /* an empty input until a checker writes one */
    if (!in || fclose(in) != 0) clu_die("cannot write %s", f->in);
}

static void spawn_cleanup(spawn_files *f)
{
    unlink(f->in);
    unlink(f->out);
    unlink(f->err);
    unlink(f->started);
    rmdir(f->dir);
}

/* The last line of a file that says something (with the line before it
 * when the last one is only a hint), for a message. */
static void spawn_last_line(const char *path, char *out, size_t len)
{
    out[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f) return;
    char line[512], prev[512] = "", last[512] = "";
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        const char *t = line + strspn(line, " \t");
        if (!t[0] || !strncmp(t, "platform:", 9) || !strncmp(t, "device:", 7)) continue;
        snprintf(prev, sizeof prev, "%s", last);
        snprintf(last, sizeof last, "%s", t);
    }
    fclose(f);
    if (!strncmp(last, "hint:", 5) && prev[0]) snprintf(out, len, "%s (%s)", prev, last);
    else snprintf(out, len, "%s", last);
}

static char *spawn_read(const char *path);

/* Run the runner with the arguments ARGS (NULL-ended) on the input in f->in.
 * Returns 1 when it ended normally; otherwise the check has failed. `what`
 * names the student's function in messages. */
static int spawn_runner_timed(spawn_files *f, const char *const *args, const char *what, int limit_ms);
/* How many of this checker's runs of the program ran out of time. */
static int spawn_timeouts_;
static int spawn_runner(spawn_files *f, const char *const *args, const char *what)
{
    /* The program only calls the student's function on data it was given:
     * 3 s is plenty (less if the grade asks for less). The check's clock
     * stops meanwhile; the watchdog still keeps this limit, 2 s over. As
     * for a kernel that never ends (tools/grade.sh), a program that ran
     * out of time once gets 2 s in the checks after it, and after a second
     * time-out it is not run again: one that never ends costs about one
     * limit, not one for every check. */
    if (spawn_timeouts_ >= 2) {
        grade_fail_timeout("not run: the program timed out in two earlier checks: does %s wait for something "
                           "that never happens, or loop forever?", what);
        return 0;
    }
    unsigned limit_s = grade_case_seconds() < 3 ? grade_case_seconds() : 3;
    if (spawn_timeouts_ == 1 && limit_s > 2) limit_s = 2;
    const int limit_ms = (int)limit_s * 1000;
    const unsigned left = grade_clock(limit_s + 2);
    const int ok = spawn_runner_timed(f, args, what, limit_ms);
    grade_clock(left); /* what the checker does next counts against the check again */
    return ok;
}
static int spawn_runner_timed(spawn_files *f, const char *const *args, const char *what, int limit_ms)
{
    const char *runner = getenv("GRADE_RUNNER"), *root = getenv("GRADE_ROOT");
    if (!runner || !root) clu_die("GRADE_RUNNER is not set: run this checker through tools/grade.sh");
    unlink(f->out);
    char sandbox[4200];
    snprintf(sandbox, sizeof sandbox, "%s/tools/sandbox.sh", root);
    char cpu[48];
    snprintf(cpu, sizeof cpu, "GRADE_LIMIT_CPU=%u", 5u);
    /* A shell inside the sandbox says "started" on descriptor 8 and closes it
     * before it becomes the student's program: only the grader's own words
     * ever reach that file, so a program that prints "bwrap: ..." or exits
     * with 125 cannot pass for a sandbox that did not start. */
    const char *argv_run[52] = {"env", "-u", "LD_PRELOAD", cpu, sandbox, "bare", "--ro", runner, "/grader/runner", "--",
                                "/bin/sh", "-c", "echo started >&8 && exec 8>&- && exec \"$0\" \"$@\"", "/grader/runner"};
    int a = 14;
    const char *off = getenv("GRADE_SANDBOX");
    const int sandboxed = !(off && strcmp(off, "0") == 0);
    if (!sandboxed) argv_run[13] = runner; /* no sandbox here: the runner where it is */
    for (int i = 0; args[i] && a < 50; i++) argv_run[a++] = args[i];
    argv_run[a] = NULL;
    /* The report: a stream socket, which has no position to seek back to
     * and no length to cut; the checker drains it as the program writes. */
    int report[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, report) != 0) clu_die("cannot make a socket pair");
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, report[1], 7); /* first: a later close may hit its number */
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0); /* a read of the terminal would stop its group */
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, f->err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addclose(&fa, 3); /* the verdict: never the runner's */
    posix_spawn_file_actions_addopen(&fa, 6, f->in, O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 8, f->started, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addclose(&fa, 4);
    posix_spawn_file_actions_addclose(&fa, 5);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    posix_spawn_file_actions_addclosefrom_np(&fa, 9); /* nothing else of the checker's (the runtime's files) */
#endif
    /* A process group of its own: without the sandbox (GRADE_SANDBOX=0) the
     * time-out ends the program's children too, unless they leave the group
     * (setsid); in the sandbox its PID namespace ends them all. */
    posix_spawnattr_t at;
    posix_spawnattr_init(&at);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&at, 0);
    pid_t pid;
    if (posix_spawnp(&pid, argv_run[0], &fa, &at, (char *const *)argv_run, environ) != 0)
        clu_die("cannot start %s", sandbox);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(report[1]);
    FILE *kept = fopen(f->out, "wb");
    if (!kept) clu_die("cannot write %s", f->out);
    size_t got_bytes = 0;
    int status = 0, too_much = 0;
    struct timespec t0, now;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int ended = 0;;) {
        /* what the program wrote so far (all of it, once it has ended) */
        struct pollfd pf = {report[0], POLLIN, 0};
        const int ready = ended ? 1 : poll(&pf, 1, 5);
        if (ready > 0) {
            char chunk[65536];
            for (;;) {
                const ssize_t n = recv(report[0], chunk, sizeof chunk, MSG_DONTWAIT);
                if (n < 0 && errno == EINTR) continue;
                if (n <= 0) break;
                if (got_bytes + (size_t)n > ((size_t)64 << 20)) too_much = 1;
                else if (fwrite(chunk, 1, (size_t)n, kept) != (size_t)n) clu_die("cannot write %s", f->out);
                else got_bytes += (size_t)n;
                if (too_much || !ended) break;
            }
        }
        if (ended) break;
        if (waitpid(pid, &status, WNOHANG) != 0) {
            ended = 1; /* one more round: what is left in the socket */
            continue;
        }
        clock_gettime(CLOCK_MONOTONIC, &now);
        const long waited = (now.tv_sec - t0.tv_sec) * 1000L + (now.tv_nsec - t0.tv_nsec) / 1000000L;
        if (waited > limit_ms || too_much) {
            kill(-pid, SIGKILL); /* the sandbox's processes die with it */
            waitpid(pid, &status, 0);
            close(report[0]);
            fclose(kept);
            if (too_much)
                grade_fail("the program wrote more than 64 MiB of report inside or after %s", what);
            else {
                spawn_timeouts_++;
                grade_fail_timeout("timed out after %d s: does %s wait for something that never happens, or loop "
                                   "forever?", limit_ms / 1000, what);
            }
            return 0;
        }
    }
    close(report[0]);
    if (fclose(kept) != 0) clu_die("cannot write %s", f->out);
    char said[512];
    spawn_last_line(f->err, said, sizeof said);
    if (WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) > 128)) {
        int sig = WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status) - 128;
        grade_fail("the program crashed (signal %d, %s) inside or after %s: a pointer past the end of an array, or "
                   "freed memory?%s%s", sig, strsignal(sig), what, said[0] ? " Its last words: " : "", said);
        return 0;
    }
    char *started = spawn_read(f->started);
    const int began = started && !strcmp(started, "started\n");
    free(started);
    if (!began) {
        grade_fail("%s could not start the program (not your fault): %s", sandboxed ? "the sandbox" : "the grader",
                   said[0] ? said : "(no message)");
        return 0;
    }
    if (WEXITSTATUS(status) == 96) {
        char *out = spawn_read(f->out);
        const char *fb = out ? strstr(out, "forbidden ") : NULL;
        char name[64] = "";
        if (fb) sscanf(fb + 10, "%63s", name);
        grade_fail("%s called %s, which this exercise's program does not offer: it needs only the OpenCL calls its "
                   "statement names", what, name[0] ? name : "an OpenCL function");
        free(out);
        return 0;
    }
    /* the stand-in OpenCL counts references: an event used after its
     * release, or kept and never released (opencl-recorder.c) */
    char *rec = spawn_read(f->out);
    const char *fault = !rec ? NULL : strncmp(rec, "fault ", 6) == 0 ? rec : strstr(rec, "\nfault ");
    if (fault) {
        fault += fault[0] == '\n' ? 7 : 6;
        const size_t len = strcspn(fault, "\n");
        grade_fail("%s: %.*s", what, (int)(len < 400 ? len : 400), fault);
        free(rec);
        return 0;
    }
    free(rec);
    if (WEXITSTATUS(status) != 0) {
        grade_fail("the program stopped with exit status %d inside or after %s: %s", WEXITSTATUS(status), what,
                   said[0] ? said : "(it said nothing)");
        return 0;
    }
    return grade_ok();
}

/* The whole text of a file, or NULL. */
static char *spawn_read(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *s = grade_alloc(cap);
    while ((got = fread(s + n, 1, cap - n - 1, fp)) > 0) {
        n += got;
        if (cap - n < 2) {
            char *t = realloc(s, cap *= 2);
            if (!t) clu_die("out of memory");
            s = t;
        }
    }
    fclose(fp);
    s[n] = '\0';
    return s;
}

/* ---- the commands the student's program asked for (opencl-recorder.h) ---- */

/* Split LINE (changed in place) into at most MAX words; returns how many. */
static int rec_words(char *line, char **w, int max)
{
    int n = 0;
    for (char *t = strtok(line, " \t\n"); t && n < max; t = strtok(NULL, " \t\n")) w[n++] = t;
    return n;
}

/* The lines of the runner's output, one string each (the text is changed in
 * place); returns how many. */
static int rec_lines(char *text, char **lines, int max)
{
    int n = 0;
    for (char *p = text; p && *p && n < max;) {
        char *end = strchr(p, '\n');
        if (end) *end = '\0';
        lines[n++] = p;
        p = end ? end + 1 : NULL;
    }
    return n;
}

/* The bytes of an "arg" line's value (hex) into out; returns the count, or
 * -1 for a local-memory argument. */
static long rec_hex(const char *hex, unsigned char *out, size_t max)
{
    if (strcmp(hex, "local") == 0) return -1;
    size_t n = 0;
    for (; hex[0] && hex[1] && n < max; hex += 2) {
        unsigned v;
        if (sscanf(hex, "%2x", &v) != 1) break;
        out[n++] = (unsigned char)v;
    }
    return (long)n;
}

/* 1 when S is a whole decimal number from LO to HI (into *V), else 0: a
 * report line is the student's program's words, read as data only. */
static int rec_num(const char *s, long lo, long hi, long *v)
{
    if (!s || !*s || strlen(s) > 19) return 0;
    for (const char *p = s + (s[0] == '-'); ; p++) {
        if (!*p) { if (p == s + (s[0] == '-')) return 0; break; }
        if (*p < '0' || *p > '9') return 0;
    }
    const long n = strtol(s, NULL, 10);
    if (n < lo || n > hi) return 0;
    *v = n;
    return 1;
}

/* A stand-in handle's number, or -1 (opencl-recorder.h) */
static long rec_handle(const unsigned char *b, long n, unsigned base)
{
    if (n != (long)sizeof(void *)) return -1;
    uintptr_t v;
    memcpy(&v, b, sizeof v);
    return v >= base && v < base + 0x1000u ? (long)(v - base) : -1;
}

#endif
