/* bank-model.c -- lesson 04's model of the bank conflicts of Blelloch's
 * up-sweep in local memory: for each offset of the up-sweep, the worst
 * number of passes one warp's access takes, plain and padded (one word of
 * padding per 32). Arithmetic on the kernel's index formulas; `make see-04`
 * measures the kernels themselves. */
#include "bank-model.h"

#include <stdio.h>

// snippet: bank-model
/* How many cycles one warp of 32 work-items needs for one local-memory
 * access of the up-sweep, on 32 banks of 4 bytes: the largest number of
 * distinct words that fall into the same bank (equal words are broadcast). */
static int conflict_degree(size_t offset, size_t lane0, size_t active, int right, int pad)
{
    size_t words[32];
    int count = 0, worst = 0;
    for (size_t t = lane0; t < lane0 + 32 && t < active; t++) {
        size_t w = offset * (2 * t + (right ? 2 : 1)) - 1;
        words[count++] = pad ? w + (w >> 5) : w;
    }
    for (int b = 0; b < 32; b++) {
        int in_bank = 0;
        for (int i = 0; i < count; i++) {
            int first = 1; /* count each distinct word once */
            for (int j = 0; j < i; j++) if (words[j] == words[i]) first = 0;
            if (first && words[i] % 32 == (size_t)b) in_bank++;
        }
        if (in_bank > worst) worst = in_bank;
    }
    return worst;
}
// end snippet bank-model

void print_bank_model(size_t wg)
{
    printf("bank model (32 banks of 4 bytes), up-sweep of %zu values, worst access per warp:\n  offset:      ", 2 * wg);
    for (size_t o = 1; o < 2 * wg; o <<= 1) printf(" %4zu", o);
    for (int pad = 0; pad <= 1; pad++) {
        printf("\n  %-12s ", pad ? "padded:" : "plain:");
        for (size_t o = 1; o < 2 * wg; o <<= 1) {
            int worst = 0;
            for (size_t lane0 = 0; lane0 < wg / o; lane0 += 32)
                for (int right = 0; right <= 1; right++) {
                    int d = conflict_degree(o, lane0, wg / o, right, pad);
                    worst = d > worst ? d : worst;
                }
            printf(" %3dx", worst);
        }
    }
    printf("\n");
}

