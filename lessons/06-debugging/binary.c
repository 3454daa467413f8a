/* Lesson 06's binaries, beside main.c: what -o dump does with the bytes of
 * CL_PROGRAM_BINARIES once it has them: their size, the file -w names, and
 * the first bytes, which tell the format. */
#include "helpers.h"

#include <ctype.h>
#include <stdio.h>

void show_binary(const unsigned char *bin, size_t size, const char *file, const char *save)
{
    printf("CL_PROGRAM_BINARIES: %zu bytes for %s\n", size, file);
    if (save) {
        FILE *f = fopen(save, "wb");
        if (!f || fwrite(bin, 1, size, f) != size || fclose(f) != 0)
            clu_die("cannot write the binary to '%s'", save);
        printf("written to %s\n", save);
    }
    /* Its first bytes tell the format: text starting with "//" is PTX. */
    printf("the first bytes:");
    for (size_t i = 0; i < size && i < 16; i++) printf(" %02x", bin[i]);
    printf("  (\"");
    for (size_t i = 0; i < size && i < 16; i++) putchar(isprint(bin[i]) ? bin[i] : '.');
    printf("\")\n");
}
