/* Exercise 10-1, the instructor's part of the checker (never in the handout):
 * the reference tile_fit and the usual mistakes, the generator of the
 * public problems, and the hidden limit sets. tools/grade.sh builds it into
 * exercises/10-1-tile-fit/check.c where solutions/ is present (or
 * GRADE_HIDDEN names an instructor folder laid out as solutions/ is). The
 * public checker holds only its problems and their answers
 * (tile_fit_known.h): after changing a list or a generator, write it again
 * with
 *     GRADE_PRINT_KNOWN=1 build/grader/<hash>/10-1-tile-fit/check \
 *         >exercises/10-1-tile-fit/tile_fit_known.h
 * (the instructor's checker refuses to grade while the table is stale). */

/* The choice of variant v: 0 right; 1 ignores local memory; 2 needs must
 * be below their limits (<); 3 A's tile without padding; 4 the first that
 * fits; 5 ignores double buffering; 6 ignores registers; 7 bm * bn
 * work-items; 8 the last of equals; 9 area only, no tm * tn; 10 ignores the
 * work-group size. */
static int ref_choose(const gemm_tile *c, int count, unsigned long long lm, int mg, int regs, int dbuf, int v)
{
    int best = -1;
    for (int i = 0; i < count; i++) {
        const gemm_tile *t = &c[i];
        const unsigned long long bytes = (unsigned long long)(1 + (v == 5 ? 0 : dbuf)) * (unsigned long long)t->bk *
                                         (unsigned long long)(t->bm + (v == 3 ? 0 : TILE_APAD) + t->bn) * 4ull;
        const long items = v == 7 ? (long)t->bm * t->bn : (long)(t->bm / t->tm) * (t->bn / t->tn);
        const long need_regs = (long)t->tm * t->tn + t->tm + t->tn + 16;
        int fits;
        if (v == 2) fits = bytes < lm && items < mg && need_regs < regs;
        else fits = (v == 1 || bytes <= lm) && (v == 10 || items <= mg) && (v == 6 || need_regs <= regs);
        if (!fits) continue;
        if (v == 4) return i;
        if (best >= 0) {
            const gemm_tile *b = &c[best];
            const long a = (long)t->bm * t->bn, ba = (long)b->bm * b->bn;
            const long r = v == 9 ? 0 : (long)t->tm * t->tn, br = v == 9 ? 0 : (long)b->tm * b->tn;
            if (a < ba || (a == ba && r < br)) continue;
            if (a == ba && r == br && v != 8) continue;
        }
        best = i;
    }
    return best;
}

static void ref_answers(problem *p)
{
    for (int v = 0; v < NV; v++)
        p->pick[v] = ref_choose(lists[p->list], list_len[p->list], p->local_mem, p->max_group, p->registers,
                                p->double_buffer, v);
}

static int hidden_matches(const problem *k)
{
    problem p = *k;
    ref_answers(&p);
    return memcmp(&p, k, sizeof p) == 0;
}

static unsigned hidden_rand(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (unsigned)((*s >> 16) & 0x7fffu); /* the same steps as the checkers' own */
}

/* The needs of tile i of list l: bytes (single copy), work-items, registers. */
static void ref_needs(int l, int i, unsigned long long *bytes, int *items, int *regs)
{
    const gemm_tile *t = &lists[l][i];
    *bytes = (unsigned long long)t->bk * (unsigned long long)(t->bm + TILE_APAD + t->bn) * 4ull;
    *items = (t->bm / t->tm) * (t->bn / t->tn);
    *regs = t->tm * t->tn + t->tm + t->tn + 16;
}

/* Problem j of group g, from the seed: one limit set to a need of some tile
 * (exactly, or a little more), the others generous, so that it decides. */
static problem make_problem(int g, int j, unsigned seed)
{
    unsigned s = seed + 7919u * (unsigned)g + 104729u * (unsigned)j;
    for (int w = 0; w < 3; w++) hidden_rand(&s);
    problem p = {.group = g, .list = (int)(hidden_rand(&s) % 3)};
    if (g == 6) p.list = 1;
    const int n = list_len[p.list], i = (int)(hidden_rand(&s) % (unsigned)n);
    unsigned long long bytes;
    int items, regs;
    ref_needs(p.list, i, &bytes, &items, &regs);
    const int exact = hidden_rand(&s) % 2, slack = (int)(hidden_rand(&s) % 4);
    p.local_mem = 1ull << 20;
    p.max_group = 1024;
    p.registers = 255;
    p.double_buffer = (int)(hidden_rand(&s) % 2);
    switch (g) {
    case 0: p.local_mem = bytes * (1 + p.double_buffer) + (exact ? 0 : 4ull * slack); break;
    case 1: p.max_group = items + (exact ? 0 : slack); break;
    case 2: p.registers = regs + (exact ? 0 : slack); break;
    case 3:
        p.local_mem = bytes * (1 + p.double_buffer);
        p.max_group = items;
        p.registers = regs;
        break;
    case 4:
        p.double_buffer = 1;
        p.local_mem = bytes + (bytes * (unsigned long long)(hidden_rand(&s) % 100)) / 100;
        break;
    case 5: {
        unsigned long long least = ~0ull;
        for (int k = 0; k < n; k++) {
            unsigned long long b;
            int it, r;
            ref_needs(p.list, k, &b, &it, &r);
            if (b < least) least = b;
        }
        p.local_mem = least * (1 + p.double_buffer) - 4 - 4ull * (hidden_rand(&s) % 8);
        if (j % 2) p.registers = 16 + (int)(hidden_rand(&s) % 16); /* below any tile's 16 + 24 */
        break;
    }
    case 6: p.local_mem = 16384ull + 1024ull * (hidden_rand(&s) % 100); break;
    default: {
        static const unsigned long long lms[] = {16384, 32768, 49152, 65536, 101376, 167936, 233472};
        static const int mgs[] = {32, 64, 128, 256, 512, 1024, 4096};
        p.local_mem = lms[hidden_rand(&s) % 7];
        p.max_group = mgs[hidden_rand(&s) % 7];
        p.registers = 32 + (int)(hidden_rand(&s) % 224);
    }
    }
    ref_answers(&p);
    return p;
}

#define PUBLIC_PER_GROUP 12
static void hidden_print_public(void)
{
    printf("/* The public problems of exercise 10-1 and their answers: group, list, local_mem, max_group,\n"
           " * registers, double_buffer, then the right index and what each usual mistake returns. Written\n"
           " * by the instructor's checker (GRADE_PRINT_KNOWN=1); do not edit. */\n");
    for (int g = 0; g < PUBLIC_GROUPS; g++)
        for (int j = 0; j < PUBLIC_PER_GROUP; j++) {
            const problem p = make_problem(g, j, 1001u);
            printf("{%d, %d, %llu, %d, %d, %d, {", p.group, p.list, p.local_mem, p.max_group, p.registers,
                   p.double_buffer);
            for (int v = 0; v < NV; v++) printf("%s%d", v ? ", " : "", p.pick[v]);
            printf("}},\n");
        }
}

/* The hidden check: every kind of problem again, from another seed. */
static problem *hidden_problems(int *count)
{
    const int per = 6;
    problem *ps = grade_alloc(sizeof *ps * PUBLIC_GROUPS * per);
    for (int g = 0; g < PUBLIC_GROUPS; g++)
        for (int j = 0; j < per; j++) {
            ps[g * per + j] = make_problem(g, j, 4242u);
            ps[g * per + j].group = PUBLIC_GROUPS;
        }
    *count = PUBLIC_GROUPS * per;
    return ps;
}

#define HIDDEN_KNOWN 1
