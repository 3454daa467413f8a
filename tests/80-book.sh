# The book: the snippet filter against its golden file, its errors, and the
# whole HTML book built from the real chapters.
expect 0 "snippet filter matches its golden output" -- \
    bash -c 'pandoc --lua-filter book/snippets.lua -t native book/tests/input.md | diff -u book/tests/expected.native -'
MISS=$(mktemp)
printf '```{.c include=book/tests/fixture.c snippet=nope}\n```\n' >"$MISS"
expect_out 83 "no snippet 'nope'" "snippet filter: a missing snippet stops the build" -- \
    pandoc --lua-filter book/snippets.lua -t native "$MISS"
printf '```{.c include=book/tests/no-such-file.c}\n```\n' >"$MISS"
expect_out 83 "cannot open" "snippet filter: a missing file stops the build" -- \
    pandoc --lua-filter book/snippets.lua -t native "$MISS"
BADM=$(mktemp --suffix=.c)
printf '// snippet: outer\nint a;\n// end snippet inner\n' >"$BADM"
printf '```{.c include=%s snippet=outer}\n```\n' "$BADM" >"$MISS"
expect_out 83 "names 'inner' but the open snippet is 'outer'" "snippet filter: an end marker naming another snippet stops the build" -- \
    env BOOK_ROOT=/ pandoc --lua-filter book/snippets.lua -t native "$MISS"
printf '// snippet: outer\nint a;\n// end snippet\n' >"$BADM"
expect_out 83 "names '' but the open snippet is 'outer'" "snippet filter: an unnamed end marker stops the build" -- \
    env BOOK_ROOT=/ pandoc --lua-filter book/snippets.lua -t native "$MISS"
rm -f "$MISS" "$BADM"
expect_out 0 'book: build/book/index.html' "the HTML book builds" -- tools/book.sh html
expect_out 0 'CL_INVALID_WORK_GROUP_SIZE' "the book's error reference is generated" -- cat build/book/appendix-b-errors.md
expect_out 0 ' 0 problems' "every link and image of the HTML book resolves" -- python3 tools/check-links.py build/book/index.html
expect 1 "no snippet marker reaches the book" -- grep -q 'snippet:' build/book/index.html
