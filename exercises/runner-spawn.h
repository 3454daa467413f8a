/* spawn.h -- for checkers of exercises whose student files are host C
 * (07-3, 08-1, 08-2): the student's C is built by tools/grade.sh into a
 * separate program, the exercise's runner.c, and never runs in the checker's
 * address space. spawn_runner() starts it for one check, in the same sandbox
 * as exercise 01-2 (a user namespace: no network, the project read-only, an
 * empty /tmp), with a time limit, and under Oclgrind (--check-api) in the
 * Oclgrind pass when asked. Descriptors the runner sees:
 *     6  the input the checker wrote (read only)
 *     4  what the runner measured before the student's code ran; the runner
 *        closes it before calling the student (its path is outside the
 *        sandbox), so student code cannot write there
 *     7  what the student's code returned
 *     5  Oclgrind's log
 * A crash, a non-zero exit or a time-out fails the current check with a
 * reason; the checker judges the two outputs itself. */
#ifndef RUNNER_SPAWN_H
#define RUNNER_SPAWN_H
#define _POSIX_C_SOURCE 200809L
#include "grading.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

typedef struct {
    char dir[64];
    char in[128], before[128], out[128], err[128], log[128];
} spawn_files;

static void spawn_init(spawn_files *f, const char *ex)
{
    snprintf(f->dir, sizeof f->dir, "/tmp/grade-%s-XXXXXX", ex);
    if (!mkdtemp(f->dir)) clu_die("cannot make a temporary folder");
    snprintf(f->in, sizeof f->in, "%s/in.bin", f->dir);
    snprintf(f->before, sizeof f->before, "%s/before.txt", f->dir);
    snprintf(f->out, sizeof f->out, "%s/out.txt", f->dir);
    snprintf(f->err, sizeof f->err, "%s/runner.err", f->dir);
    snprintf(f->log, sizeof f->log, "%s/runner.oclgrind", f->dir);
    FILE *in = fopen(f->in, "wb"); /* an empty input until a checker writes one */
    if (!in || fclose(in) != 0) clu_die("cannot write %s", f->in);
}

static void spawn_cleanup(spawn_files *f)
{
    unlink(f->in);
    unlink(f->before);
    unlink(f->out);
    unlink(f->err);
    unlink(f->log);
    rmdir(f->dir);
}

static int spawn_sandbox_ok(void)
{
    static int known = -1;
    if (known < 0) {
        const char *off = getenv("GRADE_SANDBOX");
        known = !(off && strcmp(off, "0") == 0) &&
                system("unshare --user --map-root-user --mount --pid --fork --net true >/dev/null 2>&1") == 0;
        if (!known) printf("note: no user namespaces here, so your C runs without a sandbox\n");
    }
    return known;
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

/* Run the runner with the arguments ARGS (NULL-ended) on the input in f->in.
 * Returns 1 when it ended normally; otherwise the check has failed. `what`
 * names the student's function in messages. */
static int spawn_runner(spawn_files *f, const char *const *args, int oclgrind, const char *what)
{
    alarm(0); /* the runner has its own time limit below */
    const char *runner = getenv("GRADE_RUNNER");
    if (!runner) clu_die("GRADE_RUNNER is not set: run this checker through tools/grade.sh");
    unlink(f->before);
    unlink(f->out);
    unlink(f->log);
    char *argv_run[48];
    int a = 0;
    if (spawn_sandbox_ok()) {
        static const char *script =
            "set -e; mount --bind \"$GRADE_RUNNER_DIR\" /mnt; mount -t tmpfs none /tmp;"
            " for d in \"$GRADE_ROOT\" \"$HOME\" /var/tmp /dev/shm; do"
            " [ -d \"$d\" ] && [ \"$d\" != / ] && mount --bind -o ro \"$d\" \"$d\"; done;"
            " export POCL_CACHE_DIR=/mnt/pocl HOME=/tmp; exec \"$@\"";
        const char *pre[] = {"unshare", "--user", "--map-root-user", "--mount", "--pid", "--fork", "--mount-proc",
                             "--net", "sh", "-c", script, "sh"};
        for (size_t p = 0; p < sizeof pre / sizeof pre[0]; p++) argv_run[a++] = (char *)pre[p];
    }
    if (oclgrind) {
        const char *o[] = {"oclgrind", "--check-api", "--data-races", "--uninitialized", "--log", "/dev/fd/5"};
        for (size_t p = 0; p < sizeof o / sizeof o[0]; p++) argv_run[a++] = (char *)o[p];
    }
    argv_run[a++] = spawn_sandbox_ok() ? "/mnt/runner" : (char *)runner;
    for (int i = 0; args[i] && a < 46; i++) argv_run[a++] = (char *)args[i];
    argv_run[a] = NULL;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 2, f->err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 4, f->before, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 5, f->log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 6, f->in, O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 7, f->out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    pid_t pid;
    if (posix_spawnp(&pid, argv_run[0], &fa, NULL, argv_run, environ) != 0) clu_die("cannot start %s", argv_run[0]);
    posix_spawn_file_actions_destroy(&fa);
    int status = 0, waited = 0;
    const int limit_ms = (int)grade_case_seconds() * 1000;
    while (waitpid(pid, &status, WNOHANG) == 0) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
        if ((waited += 10) > limit_ms) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            grade_fail("timed out after %d s: does %s wait for something that never happens (a blocking call, or "
                       "clFinish, while a queue is held back)?", limit_ms / 1000, what);
            return 0;
        }
    }
    char said[512];
    spawn_last_line(f->err, said, sizeof said);
    if (WIFSIGNALED(status)) {
        grade_fail("the program crashed (signal %d, %s) inside or after %s: a pointer past the end of an array, or "
                   "freed memory?%s%s", WTERMSIG(status), strsignal(WTERMSIG(status)), what,
                   said[0] ? " Its last words: " : "", said);
        return 0;
    }
    if (WEXITSTATUS(status) != 0) {
        grade_fail("the program stopped with exit status %d inside or after %s: %s", WEXITSTATUS(status), what,
                   said[0] ? said : "(it said nothing)");
        return 0;
    }
    if (oclgrind) grade_oclgrind_log(f->log);
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

#endif
