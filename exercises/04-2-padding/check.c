/* Checker for exercise 04-2: reads the student's CONFLICT_FREE_OFFSET back
 * from the device, counts bank conflicts of the up-sweep with the lesson's
 * model (32 banks of 4 bytes, 32 work-items at a time), and runs the padded
 * Blelloch scan. */
#include "grading.h"

#include <stdio.h>
#include <stdlib.h>

#define WG 256
#define M (2 * WG)

/* Worst number of distinct words in one bank, over every group of 32
 * work-items reading the left operand of the up-sweep step at `offset`. */
static int worst_conflict(const int *off, size_t offset)
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

int main(int argc, char **argv)
{
    clu_env env;
    grade_begin(argc, argv, 6, &env);
    cl_program prog = clu_build(&env, grade_path("padding.cl"), "");
    cl_kernel k_off = clu_kernel(prog, "offsets");
    cl_kernel k_scan = clu_kernel(prog, "scan_padded");
    cl_int err, count = M;
    int *off = malloc(M * sizeof(int));
    cl_mem d_off = clCreateBuffer(env.context, CL_MEM_WRITE_ONLY, M * sizeof(int), NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    size_t global = M, local = 64;
    CLU_CHECK(clSetKernelArg(k_off, 0, sizeof d_off, &d_off));
    CLU_CHECK(clSetKernelArg(k_off, 1, sizeof count, &count));
    CLU_CHECK(clEnqueueNDRangeKernel(env.queue, k_off, 1, NULL, &global, &local, 0, NULL, NULL));
    grade_read(&env, d_off, off, M * sizeof(int));

    /* Offsets must be sane before anything else is judged. */
    int sane = 1, padded = 0;
    for (int i = 0; i < M; i++) {
        if (off[i] < 0 || off[i] > M || (i > 0 && off[i] < off[i - 1])) sane = 0;
        if (off[i] != 0) padded = 1;
    }
    for (size_t o = 1; o <= 16; o <<= 1) {
        int worst = sane ? worst_conflict(off, o) : 99;
        char what[80];
        snprintf(what, sizeof what, "up-sweep step at offset %zu is free of bank conflicts", o);
        grade(sane && worst == 1, what, sane ? "%d-way conflict" : "offsets negative, too large or decreasing (%d)",
              worst);
    }

    /* The padded scan. */
    int h_in[M], h_out[M], ok = sane && padded;
    clu_fill_random_int(h_in, M, 42, -50, 50);
    size_t words = (size_t)(M - 1 + (sane ? off[M - 1] : 0)) + 1;
    cl_mem d_in = grade_buffer(&env, h_in, sizeof h_in);
    cl_mem d_out = clCreateBuffer(env.context, CL_MEM_WRITE_ONLY, sizeof h_out, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateBuffer");
    char why[160] = "the offsets are all 0: nothing is padded";
    if (ok) {
        size_t g = WG;
        CLU_CHECK(clSetKernelArg(k_scan, 0, sizeof d_in, &d_in));
        CLU_CHECK(clSetKernelArg(k_scan, 1, sizeof d_out, &d_out));
        CLU_CHECK(clSetKernelArg(k_scan, 2, words * sizeof(int), NULL));
        CLU_CHECK(clEnqueueNDRangeKernel(env.queue, k_scan, 1, NULL, &g, &g, 0, NULL, NULL));
        grade_read(&env, d_out, h_out, sizeof h_out);
        int sum = 0;
        for (int i = 0; i < M && ok; i++) {
            if (h_out[i] != sum) {
                snprintf(why, sizeof why, "out[%d] is %d, expected %d", i, h_out[i], sum);
                ok = 0;
            }
            sum += h_in[i];
        }
    }
    grade(ok, "the padded scan of 512 ints is right and padded", "%s", why);
    clReleaseMemObject(d_in);
    clReleaseMemObject(d_out);
    clReleaseMemObject(d_off);
    clReleaseKernel(k_off);
    clReleaseKernel(k_scan);
    clReleaseProgram(prog);
    free(off);
    return grade_end(&env);
}
