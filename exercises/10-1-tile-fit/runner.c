/* runner.c -- the program exercise 10-1 builds around the student's
 * tile_fit.c. Descriptor 6: the number of problems (int32), then for each
 * the limits (local_mem as uint64, max_group, registers, double_buffer as
 * int32), the number of candidates (int32) and each candidate's bm, bn,
 * bk, tm, tn (int32). It writes "pick P I" to descriptor 7 for problem P,
 * I what tile_fit returned. The checker knows the right answers before it
 * starts this program. */
#define _POSIX_C_SOURCE 200809L
#include "opencl-recorder.h"
#include "tile_fit.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    FILE *in = fdopen(6, "rb");
    int32_t problems = 0;
    if (!in || fread(&problems, 4, 1, in) != 1 || problems <= 0 || problems > 10000) return 2;
    for (int32_t p = 0; p < problems; p++) {
        uint64_t local_mem;
        int32_t lim[3], count;
        if (fread(&local_mem, 8, 1, in) != 1 || fread(lim, 4, 3, in) != 3 || fread(&count, 4, 1, in) != 1 ||
            count <= 0 || count > 1000)
            return 2;
        gemm_tile *cand = malloc((size_t)count * sizeof *cand);
        if (!cand) return 2;
        for (int32_t i = 0; i < count; i++) {
            int32_t v[5];
            if (fread(v, 4, 5, in) != 5) return 2;
            cand[i] = (gemm_tile){v[0], v[1], v[2], v[3], v[4]};
        }
        const device_limits dev = {(unsigned long)local_mem, lim[0], lim[1], lim[2]};
        const int got = tile_fit(cand, count, &dev);
        recorder_say("pick %d %d", (int)p, got);
        free(cand);
    }
    fclose(in);
    return 0;
}
