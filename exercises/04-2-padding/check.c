/* Checker for exercise 04-2: reads the student's CONFLICT_FREE_OFFSET back
 * from the device, counts the bank conflicts of the up-sweep with the
 * lesson's model (32 banks of 4 bytes, 32 work-items at a time), runs the
 * padded Blelloch scan in work-groups of 32 to 256 with two seeds, the local
 * array exactly as long as the offsets make it, and asks the lesson's
 * question. A single work-group: no speed tier, the model is the measure. */
#include "grading.h"

#include <stdio.h>

#define WG 256
#define M (2 * WG)

static int off[M], offsets_sane;

/* Worst number of distinct words in one bank, over every group of 32
 * work-items reading the left operand of the up-sweep step at `offset`. */
static int worst_conflict(size_t offset)
{
    size_t active = WG / offset;
    int worst = 0;
    for (size_t lane0 = 0; lane0 < active; lane0 += 32) {
        long words[32];
        int count = 0;
        for (size_t t = lane0; t < lane0 + 32 && t < active; t++) {
            size_t w = offset * (2 * t + 1) - 1;
            words[count++] = (long)w + off[w];
        }
        for (int b = 0; b < 32; b++) {
            int in_bank = 0;
            for (int i = 0; i < count; i++) {
                int first = 1;
                for (int j = 0; j < i; j++) if (words[j] == words[i]) first = 0;
                if (first && ((words[i] % 32) + 32) % 32 == b) in_bank++;
            }
            if (in_bank > worst) worst = in_bank;
        }
    }
    return worst;
}

static void read_offsets(clu_env *env, cl_kernel k_off)
{
    cl_int count = M;
    gbuf *o = gb_out(env, "offsets", GB_INT, M);
    gb_arg(k_off, 0, o);
    grade_arg(k_off, 1, sizeof count, &count);
    size_t global = M, local = 64;
    grade_run(env, k_off, 1, &global, &local);
    const int *got = gb_fetch(env, o);
    offsets_sane = grade_ok();
    int padded = 0;
    for (int i = 0; i < M && offsets_sane; i++) {
        padded |= got[i] != 0;
        off[i] = got[i];
        if (off[i] < 0 || off[i] > M || (i > 0 && off[i] < off[i - 1])) {
            grade_fail("CONFLICT_FREE_OFFSET(%d) is %d: offsets must be between 0 and %d and never decrease", i,
                       off[i], M);
            offsets_sane = 0;
        }
    }
    if (offsets_sane && !padded) grade_fail("every offset is 0: nothing is padded");
    grade_case_end(env);
}

static void try_scan(clu_env *env, cl_kernel k, size_t wg, unsigned seed)
{
    const size_t m = 2 * wg;
    int padded = 0;
    for (size_t i = 0; i < m; i++) padded |= off[i] != 0;
    if (!offsets_sane) grade_fail("the offsets are not usable (see the first check)");
    else if (!padded && off[M - 1] == 0) grade_fail("the offsets are all 0: nothing is padded");
    int *h_in = grade_alloc(m * sizeof(int)), *ref = grade_alloc(m * sizeof(int));
    grade_fill_i(h_in, m, seed, -50, 50);
    int sum = 0;
    for (size_t i = 0; i < m; i++) {
        ref[i] = sum;
        sum += h_in[i];
    }
    if (grade_ok()) {
        size_t words = m - 1 + (size_t)off[m - 1] + 1;
        gbuf *in = gb_in(env, "in", GB_INT, h_in, m);
        gbuf *out = gb_out(env, "out", GB_INT, m);
        gb_arg(k, 0, in);
        gb_arg(k, 1, out);
        grade_arg(k, 2, words * sizeof(int), NULL); /* exactly PADDED(m - 1) + 1 ints */
        grade_run(env, k, 1, &wg, &wg);
        gb_fetch(env, out);
        gb_check_i(out, ref, m);
    }
    grade_case_end(env);
    free(h_in);
    free(ref);
}

int main(int argc, char **argv)
{
    static const struct { size_t wg; unsigned seed; } scans[] = {{16, 91}, {64, 92}, {128, 93}, {256, 94}, {256, 95}};
    const int nscans = sizeof scans / sizeof scans[0];
    const int checks = 1 + 5 + nscans + 1;
    clu_env env;
    grade_start(argc, argv, checks, &env);
    cl_program prog = grade_build(&env, "padding.cl", "");
    cl_kernel k_off = grade_kernel(prog, "offsets");
    cl_kernel k_scan = grade_kernel(prog, "scan_padded");
    int c = 0;
    if (grade_case(c, 1, "CONFLICT_FREE_OFFSET(0..%d), read back from the device: usable and padding", M - 1)) read_offsets(&env, k_off);
    /* The model needs the offsets; a later process (after a crash) reads them again. */
    if (!grade_oclgrind() && !offsets_sane) {
        cl_int count = M;
        cl_int err;
        cl_mem d = clCreateBuffer(env.context, CL_MEM_READ_WRITE, M * sizeof(int), NULL, &err);
        CLU_CHECK_ERR(err, "clCreateBuffer");
        CLU_CHECK(clSetKernelArg(k_off, 0, sizeof d, &d));
        CLU_CHECK(clSetKernelArg(k_off, 1, sizeof count, &count));
        size_t global = M, local = 64;
        CLU_CHECK(clEnqueueNDRangeKernel(env.queue, k_off, 1, NULL, &global, &local, 0, NULL, NULL));
        CLU_CHECK(clEnqueueReadBuffer(env.queue, d, CL_TRUE, 0, sizeof off, off, 0, NULL, NULL));
        clReleaseMemObject(d);
        offsets_sane = 1;
        for (int i = 0; i < M; i++)
            if (off[i] < 0 || off[i] > M || (i > 0 && off[i] < off[i - 1])) offsets_sane = 0;
    }
    for (size_t o = 1; o <= 16; o <<= 1) {
        c++;
        if (!grade_case(c, 0, "the up-sweep step at offset %zu is free of bank conflicts", o)) continue;
        if (!offsets_sane) grade_fail("the offsets are not usable (see the first check)");
        else {
            int worst = worst_conflict(o);
            if (worst != 1)
                grade_fail("a %d-way bank conflict: %d of the 32 work-items that read together hit one bank", worst,
                           worst);
        }
        grade_case_end(&env);
    }
    for (int s = 0; s < nscans; s++) {
        c++;
        if (grade_case(c, scans[s].wg <= 64 || s == 3, "the padded scan of %zu ints in a work-group of %zu, seed %u", 2 * scans[s].wg,
                       scans[s].wg, scans[s].seed))
            try_scan(&env, k_scan, scans[s].wg, scans[s].seed);
    }
    grade_answer(++c, "answer.txt", 1, "count how many of the 32 words t·12 share one bank");
    clReleaseKernel(k_off);
    clReleaseKernel(k_scan);
    clReleaseProgram(prog);
    return grade_finish(&env);
}
