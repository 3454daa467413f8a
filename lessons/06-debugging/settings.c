/* settings.c -- lesson 06's command line: every option set here, once, and
 * refused here where the chosen mode would not read it (each mode's `uses`). */
#include "helpers.h"

#include <string.h>

static args parsed = {.X = 1000, .Y = 300, .file = "06-debugging-variants.cl", .options = ""};

// snippet: options
static clu_option opts[] = {
    {.flag = "-o", .metavar = "MODE", .help = "what to do, one mode per run", .kind = CLU_OPT_VARIANT,
     .dest = &parsed.mode}, /* the table of modes: main.c's, set by read_args */
    {.flag = "-x", .metavar = "X", .help = "run modes: elements of the input and output",
     .kind = CLU_OPT_SIZE, .dest = &parsed.X, .min = 1, .max = 1 << 24},
    {.flag = "-y", .metavar = "Y", .help = "run modes: length of B in tiled_sum", .kind = CLU_OPT_SIZE,
     .dest = &parsed.Y, .min = 1, .max = 1 << 20},
    {.flag = "-t", .metavar = "WG",
     .help = "run modes: work-group size (default: the largest power of two up to 64 each kernel allows)",
     .kind = CLU_OPT_SIZE, .dest = &parsed.wg, .min = 1, .max = 1 << 16},
    {.flag = "-f", .metavar = "FILE",
     .help = "build, dump: a file of lessons/06-debugging/broken/ or kernels/, or a path",
     .kind = CLU_OPT_STRING, .dest = &parsed.file},
    {.flag = "-O", .metavar = "OPTIONS", .help = "build, dump: build options, e.g. '-Werror'",
     .kind = CLU_OPT_STRING, .dest = &parsed.options},
    {.flag = "-w", .metavar = "FILE", .help = "dump: write the program binary to FILE",
     .kind = CLU_OPT_STRING, .dest = &parsed.save},
};
// end snippet options
enum { NOPTS = sizeof opts / sizeof opts[0] };

static void refuse_unused(int argc, char **argv, const char *mode, const char *uses);

/* How every row of main.c's table of modes begins. */
typedef struct {
    const char *name, *why, *uses;
} mode_head;

args read_args(int argc, char **argv, clu_option pick, clu_common *common)
{
    opts[0].table = pick.table, opts[0].count = pick.count, opts[0].stride = pick.stride;
    clu_parse_args(argc, argv, "lesson 06: debugging: build logs, error names, binaries, bugs", opts, NOPTS,
                   common);
    if (parsed.mode < 0) clu_die("-o all: this lesson runs one mode at a time (see -h)");
    const mode_head *m = (const mode_head *)((const char *)pick.table + (size_t)parsed.mode * pick.stride);
    refuse_unused(argc, argv, m->name, m->uses);
    if (!*parsed.file) clu_die("-f needs a file name");
    check_build_options(parsed.options); /* mistakes.c */
    return parsed;
}

// snippet: refuse-unused
/* An option that the chosen mode does not read would be ignored without a
 * word: refuse it. Every option of the table takes a value, as do -p, -d. */
static void refuse_unused(int argc, char **argv, const char *mode, const char *uses)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-p") || !strcmp(argv[i], "-d")) i++;
        for (size_t k = 0; k < NOPTS && i < argc; k++) {
            if (strcmp(argv[i], opts[k].flag) != 0) continue;
            if (k > 0 && !strstr(uses, opts[k].flag)) /* opts[0] is -o itself */
                clu_die("%s: -o %s does not use it (it takes %s)", argv[i], mode, *uses ? uses : "no options");
            i++;
            break;
        }
    }
}
// end snippet refuse-unused
