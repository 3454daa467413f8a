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

/* What the events of a public case add up to, as the instructor's reference
 * computes them (the reference is not in the handout:
 * solutions/08-2-bound/instructor/): the right sums (ms), the bound, the
 * shortest stage, and alt[v], the sums of the usual mistake v: 1 nanoseconds;
 * 2 only x's upload; 3 the longest command of a stage, not the sum; 4 from
 * QUEUED; 5 from SUBMIT. */
typedef struct { double want[3], bound, least, alt[6][3]; } known_sums;

static const known_sums known[] = {
    {{0.063351999999999992, 0.43822, 0.015764999999999998}, 0.43822, 0.015764999999999998, {{0, 0, 0}, {63352, 438220, 15765}, {0.030171999999999997, 0.43822, 0.015764999999999998}, {0.033180000000000001, 0.43822, 0.015764999999999998}, {0.14297299999999999, 0.475601, 0.072061}, {0.11346799999999999, 0.45886399999999999, 0.050164999999999994}}},
    {{4.2488509999999993, 0.125004, 0.118641}, 4.2488509999999993, 0.118641, {{0, 0, 0}, {4248851, 125004, 118641}, {2.0993059999999999, 0.125004, 0.118641}, {0.44014499999999995, 0.029713, 0.042129}, {4.6033150000000003, 0.26986200000000005, 0.26913499999999996}, {4.4337340000000003, 0.20269499999999996, 0.179845}}},
    {{0.80056099999999997, 6.8493869999999983, 0.38679899999999995}, 6.8493869999999983, 0.38679899999999995, {{0, 0, 0}, {800561, 6849387, 386799}, {0.41513600000000001, 6.8493869999999983, 0.38679899999999995}, {0.041489999999999999, 0.44069999999999998, 0.040050999999999996}, {1.916142, 7.3694379999999997, 0.97325300000000003}, {1.4372829999999999, 7.1014650000000001, 0.64540500000000001}}},
    {{0.28802499999999998, 0.20732699999999998, 2.9844520000000001}, 2.9844520000000001, 0.20732699999999998, {{0, 0, 0}, {288025, 207327, 2984452}, {0.146761, 0.20732699999999998, 2.9844520000000001}, {0.039697999999999997, 0.042451999999999997, 0.44124599999999997}, {0.86137999999999981, 0.49993599999999994, 3.2675449999999997}, {0.55205700000000002, 0.34653099999999998, 3.1258810000000001}}},
    {{11.062079999999998, 0.34899899999999995, 0.37759899999999996}, 11.062079999999998, 0.34899899999999995, {{0, 0, 0}, {11062080, 348999, 377599}, {5.5777229999999998, 0.34899899999999995, 0.37759899999999996}, {0.44034099999999998, 0.042530999999999999, 0.040747999999999999}, {12.056943, 0.76864999999999994, 0.77189799999999997}, {11.577075000000001, 0.54504399999999986, 0.56611600000000006}}},
    {{0.24014399999999997, 6001.7336300000006, 0.14915}, 6001.7336300000006, 0.14915, {{0, 0, 0}, {240144, 6001733630, 149150}, {0.10338699999999999, 6001.7336300000006, 0.14915}, {0.041473999999999997, 1500.442106, 0.040361999999999995}, {0.55192300000000005, 6001.920047999999, 0.27697099999999997}, {0.41655399999999998, 6001.8517759999995, 0.23148499999999997}}},
};

#ifdef GRADE_HIDDEN /* the instructor's reference and hidden cases, never in the handout */
#include GRADE_HIDDEN
#endif

/* The counters' noise: the same numbers on every machine. */
static unsigned next_noise(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (*state >> 16) & 0x7fff;
}

static int near(double a, double b) { return fabs(a - b) <= 1e-9 * fabs(b) + 1e-12; }

static void try_case(spawn_files *f, int chunks, int longest, unsigned seed, unsigned long long stretch_ns, int i,
                     known_sums *k)
{
    const size_t used = (size_t)chunks;
    stamps *s = grade_alloc(used * 4 * sizeof *s);
    /* Counters as a device gives them: queued <= submit <= start <= end, the
     * commands of the stage `longest` longer than the others. */
    unsigned long long t = 5000000000ULL + seed; /* past 2^32 ns */
    unsigned noise = seed;
    static const int stage_of[4] = {0, 0, 1, 2}; /* x's and y's uploads, the kernel, the download */
    for (size_t e = 0; e < used * 4; e++) {
        s[e].t[0] = t;
        s[e].t[1] = t + 1000 + (unsigned long long)(next_noise(&noise) % 50000);
        s[e].t[2] = s[e].t[1] + 2000 + (unsigned long long)(next_noise(&noise) % 90000);
        s[e].t[3] = s[e].t[2] + 10000 + (unsigned long long)(next_noise(&noise) % 200000) + (stage_of[e % 4] == longest ? 400000 + stretch_ns : 0);
        t = s[e].t[3] + (unsigned long long)(next_noise(&noise) % 3000);
    }
#ifdef HIDDEN_KNOWN /* the instructor's checker: every sum from the reference, the public table checked */
    HIDDEN_KNOWN(s, used, k);
    if (getenv("GRADE_PRINT_KNOWN")) {
        printf("    {{%.17g, %.17g, %.17g}, %.17g, %.17g, {", k->want[0], k->want[1], k->want[2], k->bound, k->least);
        for (int v = 0; v < 6; v++) printf("%s{%.17g, %.17g, %.17g}", v ? ", " : "", k->alt[v][0], k->alt[v][1], k->alt[v][2]);
        printf("}},\n");
        free(s);
        return;
    } else if (i < (int)(sizeof known / sizeof known[0]) && memcmp(k, &known[i], sizeof *k) != 0)
        clu_die("the public table known[] of 08-2's checker is stale at case %d: write it again (see "
                "solutions/08-2-bound/instructor/hidden.h)", i);
#endif
    (void)i;
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
            const double *want = k->want, want_bound = k->bound;
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
                    for (int v = 1; v < 6 && !named[0]; v++)
                        if (near(got[st], k->alt[v][st]) && !near(k->alt[v][st], want[st])) named = why[v];
                    grade_fail("sums[%d] (the %s) is %.6g ms, the events say %.6g ms%s%s", st, stage[st], got[st],
                               want[st], named[0] ? ": " : "", named);
                }
            if (grade_ok() && !near(bound, want_bound)) {
                double least = k->least;
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
#ifdef HIDDEN_CASES
        HIDDEN_CASES
#endif
    };
    const int nc = sizeof cases / sizeof cases[0], nknown = (int)(sizeof known / sizeof known[0]);
#ifndef HIDDEN_NCASES
#define HIDDEN_NCASES 0
#endif
    if (nc - HIDDEN_NCASES != nknown && !getenv("GRADE_PRINT_KNOWN"))
        clu_die("08-2's checker: %d public cases, %d known sums (a stale table?)", nc - HIDDEN_NCASES, nknown);
#ifdef HIDDEN_KNOWN
    if (getenv("GRADE_PRINT_KNOWN")) {
        for (int i = 0; i < nc - HIDDEN_NCASES; i++) {
            known_sums k;
            try_case(NULL, cases[i].chunks, cases[i].longest, cases[i].seed, cases[i].stretch, i, &k);
        }
        return 0;
    }
#endif
    clu_env env;
    grade_start(argc, argv, nc, &env);
    spawn_files f;
    spawn_init(&f, "08-2");
    for (int i = 0; i < nc; i++)
        if (grade_case(i, 0, "%d chunk%s, the %s the longest stage%s, seed %u", cases[i].chunks,
                       cases[i].chunks > 1 ? "s" : "", stage[cases[i].longest],
                       cases[i].stretch ? " (seconds long: its sum passes 2^32 ns)" : "", cases[i].seed))
        {
            known_sums k = i < nknown ? known[i] : (known_sums){{0}};
            try_case(&f, cases[i].chunks, cases[i].longest, cases[i].seed, cases[i].stretch, i, &k);
        }
    spawn_cleanup(&f);
    return grade_finish(&env);
}
