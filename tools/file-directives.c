/* file-directives.c -- find what in a student's C or OpenCL C file would
 * make the compiler read another file, as the compiler's preprocessor sees
 * it, so that tools/grade.sh can refuse it whether or not the sandbox runs.
 *
 *     file-directives kernel FILE   every #include, #import, #include_next,
 *                                   #embed, __has_include... is refused
 *     file-directives host FILE     #include <a/b.h> and #include "b.h" (a
 *                                   plain name) only
 *
 * The file is read the way translation phases 1 to 3 read it: \r\n and a
 * lone \r end lines, a UTF-8 byte-order mark is skipped, trigraphs (??= is #,
 * ??/ is \) are replaced in one of two scans (compilers differ on them; a
 * refusal in either counts), a backslash before a newline (spaces between
 * allowed, as gcc and clang allow) joins the lines, comments are spaces and
 * string and character literals are skipped whole. A directive is a # or %:
 * that comes first on its line. Also refused everywhere: _Pragma (a pragma
 * made from a string), #pragma ... dependency (it opens a file), and asm
 * (the assembler's .incbin and .include read files).
 * Prints "LINE: what" for the first refusal and exits 1; exits 0 when there
 * is none, 2 when FILE cannot be read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *text;  /* the file after phases 1 and 2 */
static int *lineof; /* the line of the file each of its characters came from */
static size_t len;
static int host;
static char why[512];
static int why_line;

static int refuse(size_t at, const char *fmt, const char *what)
{
    if (!why_line) {
        why_line = at < len ? lineof[at] : (len ? lineof[len - 1] : 1);
        snprintf(why, sizeof why, fmt, what);
    }
    return 1;
}

/* Phases 1 and 2 of RAW (N bytes) into text/lineof. */
static void prepare(const unsigned char *raw, size_t n, int trigraphs)
{
    static const char tri_from[] = "=/'()!<>-", tri_to[] = "#\\^[]|{}~";
    char *t = malloc(n + 1);
    int *l = malloc((n + 1) * sizeof *l);
    if (!t || !l) { fputs("error: out of memory\n", stderr); exit(2); }
    size_t i = 0, o = 0;
    int line = 1;
    if (n >= 3 && raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF) i = 3;
    while (i < n) {
        unsigned char c = raw[i];
        int here = line;
        if (c == '\r') { /* \r\n or a lone \r: one newline */
            i += (i + 1 < n && raw[i + 1] == '\n') ? 2 : 1;
            c = '\n';
        } else if (trigraphs && c == '?' && i + 2 < n && raw[i + 1] == '?' && strchr(tri_from, raw[i + 2]) && raw[i + 2]) {
            c = (unsigned char)tri_to[strchr(tri_from, raw[i + 2]) - tri_from];
            i += 3;
        } else {
            i++;
        }
        if (c == '\n') line++;
        t[o] = (char)c;
        l[o++] = here;
    }
    /* backslash, blanks, newline: the lines are joined */
    size_t w = 0;
    for (size_t r = 0; r < o;) {
        if (t[r] == '\\') {
            size_t s = r + 1;
            while (s < o && (t[s] == ' ' || t[s] == '\t' || t[s] == '\f' || t[s] == '\v')) s++;
            if (s < o && t[s] == '\n') { r = s + 1; continue; }
        }
        t[w] = t[r];
        l[w++] = l[r++];
    }
    t[w] = '\0';
    l[w] = w ? l[w - 1] : 1;
    free(text);
    free(lineof);
    text = t, lineof = l, len = w;
}

static int blank(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\0'; }
static int ident_char(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' || c >= 0x80; }

/* Past blanks and comments on this line (never past a newline). */
static size_t skip_blank(size_t i)
{
    for (;;) {
        if (i < len && blank(text[i])) i++;
        else if (i + 1 < len && text[i] == '/' && text[i + 1] == '*') {
            const char *e = strstr(text + i + 2, "*/");
            i = e ? (size_t)(e - text) + 2 : len;
        } else if (i + 1 < len && text[i] == '/' && text[i + 1] == '/') {
            while (i < len && text[i] != '\n') i++;
        } else return i;
    }
}

static size_t ident_end(size_t i)
{
    while (i < len && (ident_char((unsigned char)text[i]) || (text[i] == '\\' && i + 1 < len && (text[i + 1] == 'u' || text[i + 1] == 'U'))))
        i += text[i] == '\\' ? 2 : 1;
    return i;
}

/* A header name host code may include: "name.h" or <dir/name.h>, no "..". */
static int header_ok(const char *name, int angle)
{
    size_t n = strlen(name);
    if (n < 3 || strcmp(name + n - 2, ".h") != 0) return 0;
    if (!angle && strchr(name, '/')) return 0;
    for (const char *p = name; *p;) { /* each part: a letter, digit or _ first */
        const char *e = strchr(p, '/');
        size_t k = e ? (size_t)(e - p) : strlen(p);
        if (k == 0 || !(ident_char((unsigned char)p[0]) && (unsigned char)p[0] < 0x80 && p[0] != '$')) return 0;
        for (size_t j = 0; j < k; j++)
            if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-", p[j])) return 0;
        p += k + (e ? 1 : 0);
        if (e && !*p) return 0;
    }
    return strstr(name, "..") == NULL;
}

/* The directive whose name starts at i (after # and blanks). */
static void directive(size_t i)
{
    size_t e = ident_end(i);
    char name[64] = "";
    if (e - i < sizeof name) memcpy(name, text + i, e - i), name[e - i] = '\0';
    if (!strcmp(name, "include") || !strcmp(name, "import") || !strcmp(name, "include_next") || !strcmp(name, "embed")) {
        if (!host || strcmp(name, "include") != 0) {
            refuse(i, host ? "#%s is not allowed: only #include <header.h> and #include \"header.h\""
                           : "#%s is not allowed in a kernel: the grader builds your file alone, so write what you need into it", name);
            return;
        }
        size_t h = skip_blank(e);
        char close = h < len && text[h] == '<' ? '>' : h < len && text[h] == '"' ? '"' : 0;
        if (!close) { refuse(i, "#include of a %s is not allowed: only #include <header.h> and #include \"header.h\"", "macro or other name"); return; }
        size_t s = h + 1, k = s;
        while (k < len && text[k] != close && text[k] != '\n') k++;
        char hdr[256];
        if (k >= len || text[k] != close || k - s >= sizeof hdr) { refuse(i, "#include %s: a header name that does not end", ""); return; }
        memcpy(hdr, text + s, k - s);
        hdr[k - s] = '\0';
        if (!header_ok(hdr, close == '>'))
            refuse(i, "#include of \"%s\" is not allowed: only a header by its plain name (\"launch.h\", <stdio.h>), no path",
                   hdr);
    } else if (!strcmp(name, "pragma")) {
        for (size_t k = e; k < len && text[k] != '\n';) {
            k = skip_blank(k);
            if (k < len && ident_char((unsigned char)text[k])) {
                size_t ke = ident_end(k);
                if (ke - k == 10 && !strncmp(text + k, "dependency", 10)) { refuse(k, "#pragma %s is not allowed (it opens a file)", "dependency"); return; }
                k = ke;
            } else if (k < len && text[k] != '\n') k++;
        }
    }
}

static void scan(void)
{
    int line_start = 1;
    for (size_t i = 0; i < len && !why_line;) {
        const char c = text[i];
        if (c == '\n') { line_start = 1; i++; continue; }
        if (blank(c) || (c == '/' && i + 1 < len && (text[i + 1] == '*' || text[i + 1] == '/'))) { i = skip_blank(i); continue; }
        if (line_start && (c == '#' || (c == '%' && i + 1 < len && text[i + 1] == ':'))) {
            line_start = 0;
            directive(skip_blank(i + (c == '#' ? 1 : 2)));
            i += c == '#' ? 1 : 2;
            continue;
        }
        line_start = 0;
        if (c == '"' || c == '\'') { /* a literal, to its end or the line's */
            for (i++; i < len && text[i] != c && text[i] != '\n'; i++)
                if (text[i] == '\\' && i + 1 < len && text[i + 1] != '\n') i++;
            if (i < len && text[i] == c) i++;
        } else if (c >= '0' && c <= '9') { /* a number: its letters are no names */
            for (i++; i < len && (ident_char((unsigned char)text[i]) || text[i] == '.' ||
                                  ((text[i] == '+' || text[i] == '-') && strchr("eEpP", text[i - 1])));) i++;
        } else if (ident_char((unsigned char)c) || (c == '\\' && i + 1 < len && (text[i + 1] == 'u' || text[i + 1] == 'U'))) {
            size_t e = ident_end(i);
            static const char *const banned[] = {"__has_include", "__has_include_next", "__has_embed", "_Pragma",
                                                 "asm", "__asm", "__asm__", NULL};
            for (int b = 0; banned[b]; b++)
                if (e - i == strlen(banned[b]) && !strncmp(text + i, banned[b], e - i))
                    refuse(i, "%s is not allowed in a submitted file (it can read other files)", banned[b]);
            i = e;
        } else {
            i++;
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "kernel") && strcmp(argv[1], "host"))) {
        fputs("usage: file-directives kernel|host FILE\n", stderr);
        return 2;
    }
    host = !strcmp(argv[1], "host");
    FILE *f = fopen(argv[2], "rb");
    if (!f) { fprintf(stderr, "error: cannot read %s\n", argv[2]); return 2; }
    size_t cap = 1 << 16, n = 0, got;
    unsigned char *raw = malloc(cap);
    while (raw && (got = fread(raw + n, 1, cap - n, f)) > 0)
        if ((n += got) == cap) raw = realloc(raw, cap *= 2);
    fclose(f);
    if (!raw) { fputs("error: out of memory\n", stderr); return 2; }
    for (int trigraphs = 0; trigraphs < 2 && !why_line; trigraphs++) {
        prepare(raw, n, trigraphs);
        scan();
    }
    if (why_line) { printf("%d: %s\n", why_line, why); return 1; }
    return 0;
}
