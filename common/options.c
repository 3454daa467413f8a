/* options.c -- strict command-line options from one table per program
 * (see clu.h). Anything it cannot use exits 2 with one line. */
#define _XOPEN_SOURCE 700 /* sigaltstack */
#include "clu.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the time budget and the watchdog --------------------------------------- */

/* The step in progress and the watchdog's limit, kept where the signal
 * handler can reach them: the one piece of state in common/, so that a
 * program that hangs can still say where. `set` NULL only reads. */
static const char *step_now(const char *set, unsigned *limit_s)
{
    static const char *volatile step = "the program";
    static volatile unsigned limit = 0;
    if (set) step = set;
    if (limit_s && *limit_s) limit = *limit_s;
    if (limit_s) *limit_s = limit;
    return step;
}

/* What the limit comes from, for the watchdog's line: 0 while it is ten
 * times --budget, else the estimate (budget.c) in seconds. SET: a new one. */
static double estimate_now(const double *set)
{
    static volatile double estimate = 0.0;
    if (set) estimate = *set;
    return estimate;
}

static void watchdog(int sig)
{
    (void)sig;
    unsigned limit = 0;
    const char *step = step_now(NULL, &limit);
    /* Only async-signal-safe calls here: write() and _exit(). */
    char msg[512];
    int n = estimate_now(NULL) > 0
              ? snprintf(msg, sizeof msg, "error: %s did not finish within %u s (the watchdog: 4 times this "
                         "device's estimate of %.1f s, 10 s at least); a kernel that never ends?\n", step, limit,
                         estimate_now(NULL))
              : snprintf(msg, sizeof msg, "error: %s did not finish within %u s (the watchdog: ten "
                         "times --budget); choose smaller sizes or raise --budget\n", step, limit);
    if (n > 0) (void)!write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
    _exit(2);
}

/* A crash (a kernel on a CPU device writing far outside its buffer, say):
 * one line naming the step, as the watchdog's, instead of a bare "exit 139".
 * Only async-signal-safe calls: write() and _exit(). */
static void crashed(int sig)
{
    const char *step = step_now(NULL, NULL);
    const char *what = sig == SIGBUS ? "a bus error" : sig == SIGILL ? "an illegal instruction"
                                                                       : "a segmentation fault";
    const char *parts[] = {"error: the program crashed (", what, ") during ", step,
                           ": a kernel (or the host) read or wrote far outside a buffer; "
                           "Oclgrind names the access\n"};
    char msg[640];
    size_t n = 0;
    for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++)
        for (const char *c = parts[p]; *c && n < sizeof msg - 1; c++) msg[n++] = *c;
    if (n == sizeof msg - 1) msg[n - 1] = '\n';
    (void)!write(2, msg, n);
    _exit(2);
}

/* Catch crashes, unless something (a sanitizer) already does. */
static void catch_crashes(void)
{
    static char alt_stack[1 << 16]; /* a stack overflow still gets its line */
    stack_t ss = {.ss_sp = alt_stack, .ss_size = sizeof alt_stack};
    (void)sigaltstack(&ss, NULL);
    const int sigs[] = {SIGSEGV, SIGBUS, SIGILL};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old, sa;
        if (sigaction(sigs[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL) continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = crashed;
        sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
}

void clu_watchdog(unsigned limit_s, double estimate_s)
{
    estimate_now(&estimate_s);
    step_now(NULL, &limit_s);
    alarm(limit_s);
}

/* Each step gets the whole limit again: the estimate covers the whole run. */
void clu_step(const char *what)
{
    unsigned limit = 0;
    step_now(what, &limit);
    if (limit) alarm(limit);
}

const char *clu_step_kernel(cl_kernel kernel, const char *what)
{
    const char *was = step_now(NULL, NULL);
    if (!what) what = was;
    static char names[2][200]; /* the one not in use: the handler may be reading the other */
    static int which;
    char fn[96] = "?";
    if (clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, sizeof fn, fn, NULL) != CL_SUCCESS) fn[0] = '?', fn[1] = 0;
    which ^= 1;
    snprintf(names[which], sizeof names[which], "the kernel %s (%s)", fn, what);
    clu_step(names[which]);
    return was;
}

/* Build no watchdog into the compiler: a build may take long on a busy CPU. */
unsigned clu_watchdog_pause(void)
{
    return alarm(0);
}

size_t clu_parse_size(const char *flag, const char *text, size_t min, size_t max)
{
    if (*text == '\0') clu_die("%s needs a number, got an empty string", flag);
    for (const char *p = text; *p; p++)
        if (*p < '0' || *p > '9') clu_die("%s: '%s' is not a whole number >= 0 (digits only)", flag, text);
    errno = 0;
    unsigned long long v = strtoull(text, NULL, 10);
    if (errno == ERANGE || v > (unsigned long long)SIZE_MAX || (size_t)v > max)
        clu_die("%s: %s is too large (at most %zu)", flag, text, max);
    if ((size_t)v < min) clu_die("%s: %s is too small (at least %zu)", flag, text, min);
    return (size_t)v;
}

/* The name and the one line of why that begin every variant table entry. */
static const char *variant_field(const clu_option *o, size_t i, int field)
{
    const char *entry = (const char *)o->table + i * o->stride;
    const char *s;
    memcpy(&s, entry + (size_t)field * sizeof s, sizeof s);
    return s;
}

static int parse_variant(const clu_option *o, const char *v)
{
    if (!strcmp(v, "all")) return -1;
    for (size_t i = 0; i < o->count; i++)
        if (!strcmp(v, variant_field(o, i, 0))) return (int)i;
    fprintf(stderr, "error: %s: unknown variant '%s'; one of: all", o->flag, v);
    for (size_t i = 0; i < o->count; i++) fprintf(stderr, ", %s", variant_field(o, i, 0));
    fputc('\n', stderr);
    exit(2);
}

static void usage(const char *prog, const char *purpose, const clu_option *opts, size_t nopts)
{
    printf("%s -- %s\n\nusage: %s [options]\n\n", prog, purpose, prog);
    for (size_t i = 0; i < nopts; i++) {
        const clu_option *o = &opts[i];
        char left[40];
        snprintf(left, sizeof left, "%s %s", o->flag, o->metavar ? o->metavar : "");
        printf("  %-14s %s", left, o->help);
        if (o->kind == CLU_OPT_SIZE && *(size_t *)o->dest < o->min) /* 0: chosen by the program */
            printf(" (%zu..%zu)", o->min, o->max);
        else if (o->kind == CLU_OPT_SIZE)
            printf(" (default %zu, %zu..%zu)", *(size_t *)o->dest, o->min, o->max);
        else if (o->kind == CLU_OPT_STRING && *(const char **)o->dest)
            printf(" (default %s)", *(const char **)o->dest);
        else if (o->kind == CLU_OPT_VARIANT) {
            int d = *(int *)o->dest;
            printf(" (default %s):\n", d == -1 ? "all" : d < 0 ? "chosen by device" : variant_field(o, (size_t)d, 0));
            printf("  %16s%-14s every variant below\n", "", "all");
            for (size_t v = 0; v < o->count; v++)
                printf("  %16s%-14s %s\n", "", variant_field(o, v, 0), variant_field(o, v, 1));
            continue;
        }
        putchar('\n');
    }
    printf("  %-14s %s\n", "-p PLATFORM", "platform by index or name part (env CLU_PLATFORM)");
    printf("  %-14s %s\n", "-d DEVICE", "device by index or name part (env CLU_DEVICE)");
    printf("  %-14s %s\n", "--list", "list platforms and devices, then exit");
    printf("  %-14s %s\n", "--build-log", "print the kernel build log even on success");
    printf("  %-14s %s\n", "--budget S", "seconds a run of the sizes you type may take on this device (default 300)");
    printf("  %-14s %s\n", "-h, --help", "this help");
    printf("\nexit status: 0 verified, 1 wrong result, 2 could not run\n");
}

void clu_parse_args(int argc, char **argv, const char *purpose, const clu_option *opts,
                    size_t nopts, clu_common *common)
{
    const char *prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    const char *p = getenv("CLU_PLATFORM"), *d = getenv("CLU_DEVICE");
    common->platform = p && *p ? p : NULL; /* set but empty counts as unset */
    common->device = d && *d ? d : NULL;
    common->build_log = 0;
    common->budget = 300;
    common->typed[0] = '\0';
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(prog, purpose, opts, nopts);
            exit(clu_exit_status(0));
        }
        if (!strcmp(a, "--list")) {
            clu_list_devices();
            exit(clu_exit_status(0));
        }
        if (!strcmp(a, "--build-log")) {
            common->build_log = 1;
            continue;
        }
        if (!strcmp(a, "--budget")) {
            if (i + 1 >= argc) clu_die("--budget needs a value: --budget SECONDS");
            common->budget = clu_parse_size(a, argv[++i], 1, 7 * 24 * 3600);
            continue;
        }
        if (!strcmp(a, "-p") || !strcmp(a, "-d")) {
            if (i + 1 >= argc) clu_die("%s needs a value (try --list)", a);
            if (a[1] == 'p') common->platform = argv[++i];
            else common->device = argv[++i];
            continue;
        }
        size_t k = 0;
        while (k < nopts && strcmp(a, opts[k].flag) != 0) k++;
        if (k == nopts) clu_die("unknown option '%s' (see %s --help)", a, prog);
        const clu_option *o = &opts[k];
        /* What the user typed, for the budget (budget.c): it refuses only these. */
        size_t used = strlen(common->typed);
        snprintf(common->typed + used, sizeof common->typed - used, "%s%s%s%s", used ? " " : "", a,
                 o->kind == CLU_OPT_FLAG || i + 1 >= argc ? "" : " ", o->kind == CLU_OPT_FLAG || i + 1 >= argc ? "" : argv[i + 1]);
        if (o->kind == CLU_OPT_FLAG) {
            *(int *)o->dest = 1;
            continue;
        }
        if (i + 1 >= argc) clu_die("%s needs a value: %s %s", a, a, o->metavar);
        const char *v = argv[++i];
        if (o->kind == CLU_OPT_SIZE) *(size_t *)o->dest = clu_parse_size(a, v, o->min, o->max);
        else if (o->kind == CLU_OPT_VARIANT) *(int *)o->dest = parse_variant(o, v);
        else *(const char **)o->dest = v;
    }
    unsigned limit = (unsigned)(10 * common->budget);
    step_now(NULL, &limit);
    signal(SIGALRM, watchdog);
    alarm(limit);
    catch_crashes();
}
