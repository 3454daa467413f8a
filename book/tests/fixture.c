/* fixture.c -- input of the golden test of book/snippets.lua. */
int outside;
// snippet: outer
static int f(int x)
{
    // snippet: inner
    int y = x * 2;
    // end snippet inner
    return y;
}
// end snippet outer

/* The macro the golden test takes with define=TWICE. */
#define TWICE(x) ((x) * 2)

// snippet: uses-macro
int four = TWICE(2);
// end snippet uses-macro
