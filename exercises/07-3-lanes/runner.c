/* runner.c -- the program exercise 07-3 builds around the student's lanes.c:
 * it reads one case from descriptor 6 (mode as int: 0 busy_lanes,
 * 1 busy_lanes_by_size; simd and items as uint64; the items node counts),
 * calls the student's function and writes to descriptor 7 the double it
 * returned, then the node counts as they are after the call; memory the
 * function allocated and did not free ends it with status 95. The checker
 * (check.c, a separate process) computes the right share itself. */
#define _POSIX_C_SOURCE 200809L
#include "lanes.h"

#include "clu.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
/* Blocks the program holds: malloc, calloc and realloc replaced by ones
 * that count them and call glibc's own (glibc allows the replacement; its
 * qsort and stdio allocate through them too). Elsewhere, and under
 * AddressSanitizer, nothing is counted. */
static long blocks_held;
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RUNNER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define RUNNER_ASAN 1
#endif
#if defined(__GLIBC__) && !defined(RUNNER_ASAN) /* under AddressSanitizer its own allocator counts leaks */
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);
void *malloc(size_t n)
{
    void *p = __libc_malloc(n);
    if (p) blocks_held++;
    return p;
}
void *calloc(size_t n, size_t size)
{
    void *p = __libc_calloc(n, size);
    if (p) blocks_held++;
    return p;
}
void *realloc(void *old, size_t n)
{
    void *p = __libc_realloc(old, n);
    if (!old && p) blocks_held++;
    else if (old && !p && n == 0) blocks_held--;
    return p;
}
void free(void *p)
{
    if (p) blocks_held--;
    __libc_free(p);
}
#endif

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
    /* What the function allocates it must free: the bytes held before and
     * after the call (stdout unbuffered, so that a printf allocates nothing). */
    setvbuf(stdout, NULL, _IONBF, 0);
    const long held_before = blocks_held;
    double share = mode ? busy_lanes_by_size(nodes, (size_t)items, (size_t)simd) : busy_lanes(nodes, (size_t)items, (size_t)simd);
    const long held_after = blocks_held;
    if (held_after > held_before) {
        fprintf(stderr, "%s kept %ld block%s it allocated and never freed: free the copy (and whatever else you "
                "allocate) before returning\n", mode ? "busy_lanes_by_size" : "busy_lanes", held_after - held_before,
                held_after - held_before > 1 ? "s" : "");
        return 95;
    }
    if (fwrite(&share, sizeof share, 1, out) != 1 || (items && fwrite(nodes, 8, (size_t)items, out) != items) ||
        fclose(out) != 0)
        clu_die("runner: cannot write the result");
    free(nodes);
    return 0;
}
