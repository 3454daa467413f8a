/* Checker for exercise 08-2: pipeline_bound on the events of pipelines
 * whose profiling counters this checker chose (1, a prime and several
 * chunks; uploads, kernels or downloads the longest stage; counters past
 * 2^32 ns). The student's bound.c runs in its own program (runner.c, see
 * runner-spawn.h) in the sandbox; its events are stand-ins that answer
 * clGetEventProfilingInfo with these counters, so the right sums are known
 * here before the program starts and nothing it does can change them. The
 * usual mistakes are named when the student's numbers are exactly theirs. */
#include "runner-spawn.h"

#include <math.h>

typedef struct { unsigned long long t[4]; } stamps; /* queued, submit, start, end (ns) */

static const char *stage[3] = {"uploads", "kernels", "downloads"};

/* The sums a variant computes: 0 right; 1 nanoseconds; 2 only x's upload;
 * 3 the longest command of a stage, not the sum; 4 from QUEUED; 5 from
 * SUBMIT. Returns the bound; `least` takes the shortest stage instead. */
static double sums_of(const stamps *s, size_t chunks, int v, double out[3])
{
    static const int st[4] = {0, 0, 1, 2};
    out[0] = out[1] = out[2] = 0.0;
    for (size_t c = 0; c < chunks; c++)
        for (int i = 0; i < 4; i++) {
            if (v == 2 && i == 1) continue;
            const stamps *e = &s[c * 4 + i];
            const unsigned long long from = v == 4 ? e->t[0] : v == 5 ? e->t[1] : e->t[2];
            double d = (double)(e->t[3] - from) * (v == 1 ? 1.0 : 1e-6);
            if (v == 3) out[st[i]] = fmax(out[st[i]], d);
            else out[st[i]] += d;
        }
    return fmax(out[0], fmax(out[1], out[2]));
}

static int near(double a, double b) { return fabs(a - b) <= 1e-9 * fabs(b) + 1e-12; }

static void try_case(spawn_files *f, int chunks, int longest, unsigned seed, unsigned long long stretch_ns)
{
    const size_t used = (size_t)chunks;
    stamps *s = grade_alloc(used * 4 * sizeof *s);
    /* Counters as a device gives them: queued <= submit <= start <= end, the
     * commands of the stage `longest` longer than the others. */
    unsigned long long t = 5000000000ULL + seed; /* past 2^32 ns */
    srand(seed);
    static const int st[4] = {0, 0, 1, 2};
    for (size_t e = 0; e < used * 4; e++) {
        s[e].t[0] = t;
        s[e].t[1] = t + 1000 + (unsigned long long)(rand() % 50000);
        s[e].t[2] = s[e].t[1] + 2000 + (unsigned long long)(rand() % 90000);
        s[e].t[3] = s[e].t[2] + 10000 + (unsigned long long)(rand() % 200000) + (st[e % 4] == longest ? 400000 + stretch_ns : 0);
        t = s[e].t[3] + (unsigned long long)(rand() % 3000);
    }
    FILE *in = fopen(f->in, "wb");
    uint64_t c64 = used;
    if (!in || fwrite(&c64, 8, 1, in) != 1 || fwrite(s, sizeof *s, used * 4, in) != used * 4 || fclose(in) != 0)
        clu_die("cannot write %s", f->in);
    const char *args[] = {NULL};
    if (spawn_runner(f, args, "pipeline_bound")) {
        char *said = spawn_read(f->out);
        const char *res = said ? strstr(said, "result ") : NULL;
        double got[3], bound;
        if (!res || sscanf(res, "result %lg %lg %lg %lg", &got[0], &got[1], &got[2], &bound) != 4) {
            grade_fail("the program wrote no result after pipeline_bound");
        } else {
            double want[3];
            const double want_bound = sums_of(s, used, 0, want);
            static const char *why[] = {
                NULL,
                "those are nanoseconds: the profiling counters count nanoseconds, the sums are in milliseconds",
                "that leaves out the upload of y: every chunk has two uploads",
                "that is the longest single command of the stage, not the sum of all of them",
                "that counts from CL_PROFILING_COMMAND_QUEUED: the time a command waits in its queue is not time "
                "it works (start to end)",
                "that counts from CL_PROFILING_COMMAND_SUBMIT: the time before a command starts is not time it "
                "works (start to end)",
            };
            for (int st = 0; st < 3 && grade_ok(); st++)
                if (!near(got[st], want[st])) {
                    const char *named = "";
                    for (int v = 1; v < 6 && !named[0]; v++) {
                        double alt[3];
                        sums_of(s, used, v, alt);
                        if (near(got[st], alt[st]) && !near(alt[st], want[st])) named = why[v];
                    }
                    grade_fail("sums[%d] (the %s) is %.6g ms, the events say %.6g ms%s%s", st, stage[st], got[st],
                               want[st], named[0] ? ": " : "", named);
                }
            if (grade_ok() && !near(bound, want_bound)) {
                double least = fmin(want[0], fmin(want[1], want[2]));
                grade_fail("pipeline_bound returned %.6g ms; the longest stage took %.6g ms%s", bound, want_bound,
                           near(bound, least) ? ": that is the shortest stage; the pipeline can finish no sooner than "
                                                "its longest one"
                                              : "");
            }
        }
        free(said);
    }
    free(s);
    grade_case_end(NULL);
}

int main(int argc, char **argv)
{
    /* stretch: nanoseconds more for each command of the longest stage; 1.5 s
     * over 4 chunks makes a stage of 6 s, past what 32 bits of ns hold */
    static const struct { int chunks, longest; unsigned seed; unsigned long long stretch; } cases[] = {
        {1, 1, 81, 0}, {5, 0, 82, 0}, {16, 1, 83, 0}, {7, 2, 84, 0}, {13, 0, 85, 0}, {4, 1, 86, 1500000000ULL},
    };
    const int nc = sizeof cases / sizeof cases[0];
    clu_env env;
    grade_start(argc, argv, nc, &env);
    spawn_files f;
    spawn_init(&f, "08-2");
    for (int i = 0; i < nc; i++)
        if (grade_case(i, 0, "%d chunk%s, the %s the longest stage%s, seed %u", cases[i].chunks,
                       cases[i].chunks > 1 ? "s" : "", stage[cases[i].longest],
                       cases[i].stretch ? " (seconds long: its sum passes 2^32 ns)" : "", cases[i].seed))
            try_case(&f, cases[i].chunks, cases[i].longest, cases[i].seed, cases[i].stretch);
    spawn_cleanup(&f);
    return grade_finish(&env);
}
