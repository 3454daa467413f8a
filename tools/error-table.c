/* error-table.c -- print the book's error reference as a markdown table:
 * every OpenCL error code with its name and the helper's hint, straight from
 * common/errors.c, so the appendix cannot disagree with what programs print. */
#include "clu.h"

#include <stdio.h>
#include <string.h>

int main(void)
{
    printf("| code | name | what it usually means |\n| ---: | --- | --- |\n");
    for (int e = 0; e >= -1100; e--) {
        const char *name = clu_error_name(e);
        if (!strcmp(name, "unknown OpenCL error")) continue;
        const char *hint = clu_error_hint(e);
        printf("| %d | `%s` | %s |\n", e, name, hint ? hint : "");
    }
    return 0;
}
