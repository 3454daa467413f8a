/* Checker for exercise 01-2. The student's launch.c is built into a separate
 * program (runner.c); this checker never runs student C in its own address
 * space. For each case it starts the runner (under Oclgrind with
 * --check-api in the Oclgrind pass), with a time limit, and compares the C it
 * wrote with plain C in double computed here from the same seed. */
#define _POSIX_C_SOURCE 200809L
#include "grading.h"

#include <fcntl.h>
#include <stdlib.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* The last non-empty line of a file, for a message. */
static void last_line(const char *path, char *out, size_t len)
{
    out[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] && strncmp(line, "platform:", 9) && strncmp(line, "device:", 7)) snprintf(out, len, "%s", line);
    }
    fclose(f);
}

/* 1 when unprivileged user namespaces work here (GRADE_SANDBOX=0 turns
 * the sandbox off). */
static int sandbox_ok(void)
{
    static int known = -1;
    if (known < 0) {
        const char *off = getenv("GRADE_SANDBOX");
        known = !(off && strcmp(off, "0") == 0) &&
                system("unshare --user --map-root-user --mount --pid --fork --net true >/dev/null 2>&1") == 0;
        if (!known) printf("note: no user namespaces here, so launch.c runs without a sandbox\n");
    }
    return known;
}

static void try_case(const char *tmp, int X, int Y, size_t wg, unsigned seed)
{
    alarm(0); /* the runner has its own time limit below */
    const char *runner = getenv("GRADE_RUNNER");
    if (!runner) clu_die("GRADE_RUNNER is not set: run this checker through tools/grade.sh");
    char xs[16], ys[16], ws[16], ss[16], out[4200], err_path[4200], log[4200];
    snprintf(xs, sizeof xs, "%d", X);
    snprintf(ys, sizeof ys, "%d", Y);
    snprintf(ws, sizeof ws, "%zu", wg);
    snprintf(ss, sizeof ss, "%u", seed);
    snprintf(out, sizeof out, "%s/C.bin", tmp);
    snprintf(err_path, sizeof err_path, "%s/runner.err", tmp);
    snprintf(log, sizeof log, "%s/runner.oclgrind", tmp);
    unlink(out);
    unlink(log);
    /* The runner writes C to descriptor 4 and Oclgrind its log to 5: inside
     * the sandbox it cannot see this checker's files at all. */
    char *argv_run[32];
    int a = 0;
    if (sandbox_ok()) {
        /* A user namespace (no privileges needed): its own PID space, no
         * network, an empty /tmp, the project and $HOME read-only; the
         * runner and a PoCL cache of this grade's own at /mnt. */
        static const char *script =
            "set -e; mount --bind \"$GRADE_RUNNER_DIR\" /mnt; mount -t tmpfs none /tmp;"
            " for d in \"$GRADE_ROOT\" \"$HOME\" /var/tmp /dev/shm; do"
            " [ -d \"$d\" ] && [ \"$d\" != / ] && mount --bind -o ro \"$d\" \"$d\"; done;"
            " export POCL_CACHE_DIR=/mnt/pocl HOME=/tmp; exec \"$@\"";
        const char *pre[] = {"unshare", "--user", "--map-root-user", "--mount", "--pid", "--fork", "--mount-proc",
                             "--net", "sh", "-c", script, "sh"};
        for (size_t p = 0; p < sizeof pre / sizeof pre[0]; p++) argv_run[a++] = (char *)pre[p];
    }
    if (grade_oclgrind()) {
        const char *o[] = {"oclgrind", "--check-api", "--data-races", "--uninitialized", "--log", "/dev/fd/5"};
        for (size_t p = 0; p < sizeof o / sizeof o[0]; p++) argv_run[a++] = (char *)o[p];
    }
    argv_run[a++] = sandbox_ok() ? "/mnt/runner" : (char *)runner;
    argv_run[a++] = xs;
    argv_run[a++] = ys;
    argv_run[a++] = ws;
    argv_run[a++] = ss;
    argv_run[a++] = "/dev/fd/4";
    argv_run[a] = NULL;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 4, out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 5, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    pid_t pid;
    if (posix_spawnp(&pid, argv_run[0], &fa, NULL, argv_run, environ) != 0) clu_die("cannot start %s", argv_run[0]);
    posix_spawn_file_actions_destroy(&fa);
    int status = 0, waited = 0;
    const int limit_ms = (int)grade_case_seconds() * 1000;
    while (waitpid(pid, &status, WNOHANG) == 0) {
        struct timespec ts = {0, 20 * 1000 * 1000};
        nanosleep(&ts, NULL);
        if ((waited += 20) > limit_ms) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            grade_fail("timed out after %d s: does launch_outer_sum wait for something that never happens?",
                       limit_ms / 1000);
            grade_case_end(NULL);
            return;
        }
    }
    char said[512];
    last_line(err_path, said, sizeof said);
    if (WIFSIGNALED(status)) {
        grade_fail("the program crashed (signal %d, %s) inside or after launch_outer_sum: a bad pointer passed to "
                   "clSetKernelArg (the address of the cl_mem, not the cl_mem; sizeof(cl_mem))?%s%s",
                   WTERMSIG(status), strsignal(WTERMSIG(status)), said[0] ? " Its last words: " : "", said);
    } else if (WEXITSTATUS(status) != 0) {
        grade_fail("the program stopped with exit status %d: %s", WEXITSTATUS(status),
                   said[0] ? said : "(it said nothing)");
    } else {
        float *got = grade_alloc((size_t)X * sizeof(float));
        FILE *f = fopen(out, "rb");
        size_t n = f ? fread(got, 4, (size_t)X, f) : 0;
        if (f) fclose(f);
        if (n != (size_t)X) {
            grade_fail("the program wrote %zu of the %d values of C", n, X);
        } else {
            float *h_A = grade_alloc((size_t)X * sizeof(float)), *h_B = grade_alloc((size_t)Y * sizeof(float));
            double *ref = grade_alloc((size_t)X * sizeof(double)), *tol = grade_alloc((size_t)X * sizeof(double));
            grade_fill_f(h_A, (size_t)X, seed, -1.0f, 1.0f);
            grade_fill_f(h_B, (size_t)Y, seed + 100, -1.0f, 1.0f);
            double sb = 0, sab = 0;
            for (int y = 0; y < Y; y++) sb += h_B[y], sab += fabs((double)h_B[y]);
            for (int x = 0; x < X; x++) {
                ref[x] = h_A[x] * sb;
                tol[x] = grade_sum_tol((size_t)Y, fabs((double)h_A[x]) * sab);
            }
            grade_check_floats("C", got, ref, tol, (size_t)X);
            free(h_A);
            free(h_B);
            free(ref);
            free(tol);
        }
        free(got);
    }
    if (grade_oclgrind()) grade_oclgrind_log(log);
    grade_case_end(NULL);
}

int main(int argc, char **argv)
{
    static const struct { int X, Y; size_t wg; unsigned seed; int small; } cases[] = {
        {1, 5, 32, 21, 1}, {63, 4, 64, 22, 1}, {65, 3, 64, 23, 1}, {256, 10, 64, 24, 1}, {1000, 17, 64, 25, 0},
        {65537, 3, 128, 26, 0},
    };
    const int n = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, n, &env);
    char tmp[] = "/tmp/grade-01-2-XXXXXX";
    if (!mkdtemp(tmp)) clu_die("cannot make a temporary folder");
    for (int i = 0; i < n; i++)
        if (grade_case(i, cases[i].small, "X=%d Y=%d, work-groups of %zu, seed %u", cases[i].X, cases[i].Y,
                       cases[i].wg, cases[i].seed))
            try_case(tmp, cases[i].X, cases[i].Y, cases[i].wg, cases[i].seed);
    char path[4200];
    const char *files[] = {"C.bin", "runner.err", "runner.oclgrind"};
    for (int f = 0; f < 3; f++) {
        snprintf(path, sizeof path, "%s/%s", tmp, files[f]);
        unlink(path);
    }
    rmdir(tmp);
    return grade_finish(&env);
}
