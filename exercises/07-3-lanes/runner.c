/* runner.c -- the program exercise 07-3 builds around the student's lanes.c:
 * it reads one case from descriptor 6 (mode as int: 0 busy_lanes,
 * 1 busy_lanes_by_size; simd and items as uint64; the items node counts),
 * calls the student's function and writes to descriptor 7 the double it
 * returned, then the node counts as they are after the call. The checker
 * (check.c, a separate process) computes the right share itself. */
#define _POSIX_C_SOURCE 200809L
#include "lanes.h"

#include "clu.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void)
{
    FILE *in = fdopen(6, "rb");
    int mode = 0;
    uint64_t simd = 0, items = 0;
    if (!in || fread(&mode, sizeof mode, 1, in) != 1 || fread(&simd, 8, 1, in) != 1 || fread(&items, 8, 1, in) != 1)
        clu_die("runner: no case on descriptor 6 (the grader runs this)");
    uint64_t *nodes = clu_malloc((size_t)items * 8 + 8, "nodes");
    if (items && fread(nodes, 8, (size_t)items, in) != items) clu_die("runner: a short case");
    fclose(in);
    FILE *out = fdopen(7, "wb");
    if (!out) clu_die("runner: descriptor 7 is not open");
    double share = mode ? busy_lanes_by_size(nodes, (size_t)items, (size_t)simd) : busy_lanes(nodes, (size_t)items, (size_t)simd);
    if (fwrite(&share, sizeof share, 1, out) != 1 || (items && fwrite(nodes, 8, (size_t)items, out) != items) ||
        fclose(out) != 0)
        clu_die("runner: cannot write the result");
    free(nodes);
    return 0;
}
