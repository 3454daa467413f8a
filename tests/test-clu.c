/* test-clu.c -- unit tests of the helper in common/. Prints one PASS or FAIL
 * line per check; tests/00-helper.sh counts them. */
#include "clu.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures;

static void check(int ok, const char *name)
{
    printf("%s %s\n", ok ? "PASS" : "FAIL", name);
    if (!ok) failures++;
}

int main(void)
{
    check(!strcmp(clu_error_name(CL_SUCCESS), "CL_SUCCESS"), "error name of 0");
    check(!strcmp(clu_error_name(-54), "CL_INVALID_WORK_GROUP_SIZE"), "error name of -54");
    check(!strcmp(clu_error_name(-36), "CL_INVALID_COMMAND_QUEUE"), "error name of -36");
    check(!strcmp(clu_error_name(-72), "CL_MAX_SIZE_RESTRICTION_EXCEEDED"), "error name of -72 (OpenCL 2.2)");
    check(!strcmp(clu_error_name(-1001), "CL_PLATFORM_NOT_FOUND_KHR"), "error name of -1001");
    check(!strcmp(clu_error_name(-999), "unknown OpenCL error"), "unknown code");
    int named = 0;
    for (int e = -72; e <= 0; e++) named += strcmp(clu_error_name(e), "unknown OpenCL error") != 0;
    /* 0..-19 and -30..-72 are assigned in OpenCL 3.0, -20..-29 are not. */
    check(named == 63, "every assigned code from 0 to -72 has a name");

    check(clu_round_up(1, 64) == 64 && clu_round_up(64, 64) == 64 && clu_round_up(65, 64) == 128,
          "round up to a multiple");
    check(clu_parse_size("-x", "1048577", 1, 1u << 30) == 1048577, "parse a size");
    check(clu_parse_size("-x", "0", 0, 10) == 0, "parse zero where allowed");

    float a[1000], b[1000];
    clu_fill_random(a, 1000, 42, -1.0f, 1.0f);
    clu_fill_random(b, 1000, 42, -1.0f, 1.0f);
    int same = !memcmp(a, b, sizeof a), inrange = 1;
    for (int i = 0; i < 1000; i++) inrange &= a[i] >= -1.0f && a[i] < 1.0f;
    check(same && inrange, "seeded random data repeats and stays in range");
    clu_fill_random(b, 1000, 43, -1.0f, 1.0f);
    check(memcmp(a, b, sizeof a) != 0, "another seed gives other data");
    check(a[0] != a[1], "consecutive values differ");

    /* A float sum of n terms must pass; one wrong by a whole term must not. */
    enum { N = 100 };
    float terms[N], sum = 0.0f;
    double ref = 0.0, absref = 0.0;
    clu_fill_random(terms, N, 7, -1.0f, 1.0f);
    for (int i = 0; i < N; i++) {
        sum += terms[i];
        ref += terms[i];
        absref += fabs(terms[i]);
    }
    check(clu_verify("a float sum", &sum, &ref, &absref, 1, N) == 0, "verify accepts a float sum");
    float wrong = sum - terms[N - 1];
    check(clu_verify("a sum missing a term", &wrong, &ref, &absref, 1, N) == 1,
          "verify rejects a sum missing a term");
    /* Sequential float sums of a million random terms stay inside the bound. */
    enum { M = 1000000 };
    static float big[M];
    clu_fill_random(big, M, 9, -1.0f, 1.0f);
    float bsum = 0.0f;
    double bref = 0.0, babs = 0.0;
    for (int i = 0; i < M; i++) {
        bsum += big[i];
        bref += big[i];
        babs += fabs(big[i]);
    }
    check(clu_verify("a long float sum", &bsum, &bref, &babs, 1, M) == 0,
          "verify accepts a sequential float sum of 10^6 terms");
    /* Whole numbers: exact at any length, so a missing term always shows. */
    clu_fill_exact(big, M, 11, 3);
    int nonzero = 1, small = 1;
    float esum = 0.0f;
    double eref = 0.0;
    for (int i = 0; i < M; i++) {
        nonzero &= big[i] != 0.0f;
        small &= fabsf(big[i]) <= 3.0f && big[i] == (float)(int)big[i];
        esum += big[i];
        eref += big[i];
    }
    check(nonzero && small, "exact data: whole numbers in [-3, 3], never 0");
    check(clu_verify("an exact sum", &esum, &eref, NULL, 1, M) == 0, "verify accepts an exact sum of 10^6 terms");
    float emiss = esum - big[M - 1];
    check(clu_verify("an exact sum missing its last term", &emiss, &eref, NULL, 1, M) == 1,
          "verify rejects an exact sum of 10^6 terms missing one");
    float nan = NAN;
    check(clu_verify("NaN", &nan, &ref, &absref, 1, N) == 1 && clu_verify("NaN", &nan, &ref, NULL, 1, N) == 1,
          "verify rejects NaN, with a bound and exact");
    int gi[3] = {1, 2, 3}, ri[3] = {1, 2, 4};
    check(clu_verify_int("ints", gi, gi, 3) == 0 && clu_verify_int("ints", gi, ri, 3) == 1,
          "integers must match exactly");
    /* The yardsticks run and give positive, finite figures. */
    clu_common common = {0};
    clu_env env;
    clu_setup(&env, &common);
    double peak = clu_peak_gflops(&env), bw = clu_copy_gbps(&env, 1 << 24);
    printf("peak %.1f GFLOP/s, copy %.1f GB/s\n", peak, bw);
    check(peak > 0.1 && peak < 1e6, "the FMA peak measures a plausible GFLOP/s");
    check(bw > 0.1 && bw < 1e5, "the copy kernel measures a plausible GB/s");
    clu_teardown(&env);
    return failures ? 1 : clu_exit_status(0);
}
