/* dump.c -- lesson 06's dump mode: the compiled program as the driver keeps
 * it, from CL_PROGRAM_BINARIES. On NVIDIA that is PTX, NVIDIA's assembly
 * language, as text; this file counts its memory and arithmetic
 * instructions per kernel. Other drivers keep their own formats.
 */
#define _POSIX_C_SOURCE 200809L
#include "lesson06.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Count the loads, stores and multiply-adds of each .entry in PTX text. */
static void ptx_summary(const char *ptx)
{
    const char *entry = strstr(ptx, ".entry ");
    while (entry) {
        const char *next = strstr(entry + 1, ".entry ");
        const char *end = next ? next : ptx + strlen(ptx);
        const char *name = entry + strlen(".entry ");
        int namelen = (int)strcspn(name, "( \n");
        struct { char op[48]; int n; } ops[32];
        int nops = 0;
        for (const char *line = entry; line && line < end; line = strchr(line, '\n')) {
            while (line < end && isspace((unsigned char)*line)) line++;
            size_t len = strcspn(line, " \t\n;");
            if (len == 0 || len >= sizeof ops[0].op) continue;
            if (strncmp(line, "ld.global", 9) && strncmp(line, "st.global", 9) &&
                strncmp(line, "fma.", 4))
                continue;
            int i = 0;
            while (i < nops && (strlen(ops[i].op) != len || strncmp(ops[i].op, line, len))) i++;
            if (i == nops) {
                if (nops == 32) continue;
                memcpy(ops[i].op, line, len);
                ops[i].op[len] = '\0';
                ops[i].n = 0;
                nops++;
            }
            ops[i].n++;
        }
        printf("  %.*s:", namelen, name);
        for (int i = 0; i < nops; i++) printf("%s %d x %s", i ? "," : "", ops[i].n, ops[i].op);
        printf("\n");
        entry = next;
    }
}

int mode_dump(clu_env *env, const lesson_args *a)
{
    cl_program prog = clu_build(env, "06-debugging-variants.cl", a->options);
    // snippet: binaries
    /* One binary per device of the program; we built for one. */
    size_t size = 0;
    CLU_CHECK(clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
    unsigned char *bin = clu_malloc(size + 1, "host memory");
    unsigned char *bins[1] = {bin};
    CLU_CHECK(clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL));
    bin[size] = '\0';
    // end snippet binaries
    printf("CL_PROGRAM_BINARIES: %zu bytes for kernels/06-debugging-variants.cl\n", size);
    if (a->dump) {
        FILE *f = fopen(a->dump, "wb");
        if (!f || fwrite(bin, 1, size, f) != size || fclose(f) != 0)
            clu_die("cannot write the binary to '%s'", a->dump);
        printf("written to %s\n", a->dump);
    }
    /* Text, perhaps ending in a '\0' (NVIDIA's PTX does), is shown as text. */
    size_t end = size, text = 0;
    while (end > 0 && bin[end - 1] == '\0') end--;
    while (text < end && (isprint(bin[text]) || isspace(bin[text]))) text++;
    if (end > 0 && text == end && strstr((char *)bin, ".entry ")) {
        printf("it is PTX text; per kernel, its global loads and stores and fused multiply-adds:\n");
        ptx_summary((char *)bin);
    } else {
        printf("it is not text: the first bytes are");
        for (size_t i = 0; i < size && i < 16; i++) printf(" %02x", bin[i]);
        printf("  (\"");
        for (size_t i = 0; i < size && i < 16; i++) putchar(isprint(bin[i]) ? bin[i] : '.');
        printf("\")\n");
    }
    free(bin);
    clReleaseProgram(prog);
    return 0;
}
