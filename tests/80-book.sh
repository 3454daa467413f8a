# The book: the filters against golden input and their errors, the whole HTML
# book built from the real chapters, and the checks of tools/check-book.sh
# that need no Chromium (links, numbers, glyph coverage), each shown failing
# on a broken input first. (Chromium's layout checks run in make check-book.)
F="--lua-filter book/snippets.lua --lua-filter book/tables.lua --lua-filter book/plots.lua --lua-filter book/numbering.lua --lua-filter book/terms.lua"
expect 0 "snippet filter matches its golden output" -- \
    bash -c 'pandoc --lua-filter book/snippets.lua -t native book/tests/input.md | diff -u book/tests/expected.native -'
MISS=$(mktemp)
printf '```{.c include=book/tests/fixture.c snippet=nope}\n```\n' >"$MISS"
expect_out 83 "no snippet 'nope'" "snippet filter: a missing snippet stops the build" -- \
    pandoc --lua-filter book/snippets.lua -t native "$MISS"
printf '```{.c include=book/tests/no-such-file.c}\n```\n' >"$MISS"
expect_out 83 "cannot open" "snippet filter: a missing file stops the build" -- \
    pandoc --lua-filter book/snippets.lua -t native "$MISS"
printf '```{.c include=book/tests/fixture.c define=NOPE}\n```\n' >"$MISS"
expect_out 83 "no '#define NOPE'" "snippet filter: a missing macro stops the build" -- \
    pandoc --lua-filter book/snippets.lua -t native "$MISS"
BADM=$(mktemp --suffix=.c)
printf '// snippet: outer\nint a;\n// end snippet inner\n' >"$BADM"
printf '```{.c include=%s snippet=outer}\n```\n' "$BADM" >"$MISS"
expect_out 83 "names 'inner' but the open snippet is 'outer'" "snippet filter: an end marker naming another snippet stops the build" -- \
    env BOOK_ROOT=/ pandoc --lua-filter book/snippets.lua -t native "$MISS"
printf '// snippet: outer\nint a;\n// end snippet\n' >"$BADM"
expect_out 83 "names '' but the open snippet is 'outer'" "snippet filter: an unnamed end marker stops the build" -- \
    env BOOK_ROOT=/ pandoc --lua-filter book/snippets.lua -t native "$MISS"

# Tables from CSV: the rows asked for, the numbers formatted, a caption with
# the device; a missing file, column or row stops the build.
CSV=$(mktemp --suffix=.csv)
printf '# device: Test GPU (driver 1)\n# date: 2026-01-02T03:04Z\nvariant,n,gbps,copy_gbps\na,1024,50.5,100\nb,1024,25,100\na,2048,12345.6,20000\n' >"$CSV"
printf '```{.table include=%s columns="variant,gbps:GB/s,gbps/copy_gbps%%:of copy" where="n=1024" caption="Cap."}\n```\n' "$CSV" >"$MISS"
expect_out 0 '\| b +\| +25 +\| +25.0 % \|' "table filter: rows, ratios in per cent" -- \
    env BOOK_ROOT=/ pandoc $F -t markdown-simple_tables-multiline_tables-grid_tables "$MISS"
expect_out 0 'Table 0?\.?1: Cap\. \(Test GPU, 2026-01-02' "table filter: numbered caption with the device and date" -- \
    env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '```{.table include=%s pivot="variant,n,gbps" ratio="a" caption="Cap."}\n```\n' "$CSV" >"$MISS"
expect_out 0 '25\.0 \(0\.50\)' "table filter: a pivot with ratios to the yardstick row" -- \
    env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '```{.table include=%s columns="variant,nope" caption="Cap."}\n```\n' "$CSV" >"$MISS"
expect_out 83 "has no column 'nope'" "table filter: a missing column stops the build" -- \
    env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '```{.table include=/no/such.csv columns="variant" caption="Cap."}\n```\n' >"$MISS"
expect_out 83 "cannot open" "table filter: a missing file stops the build" -- pandoc $F -t plain "$MISS"
printf '```{.table include=%s columns="variant" where="n=7" caption="Cap."}\n```\n' "$CSV" >"$MISS"
expect_out 83 "no row matches" "table filter: a where that matches nothing stops the build" -- \
    env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
# A number from a result file inside a sentence: the row asked for, a ratio
# in per cent, a number from a captured output; an ambiguous or missing row
# or pattern stops the build.
printf 'At [ ]{.num include=%s where="variant=b,n=1024" value=gbps format=%%.1f} GB/s, [ ]{.num include=%s where="variant=a n=2048" value=gbps/copy_gbps%% format=%%.2f} %%.\n' "$CSV" "$CSV" >"$MISS"
expect_out 0 '^At 25\.0 GB/s, 61\.73 %\.$' "number filter: a value and a ratio from a CSV row" -- env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '[ ]{.num include=%s where="variant=a" value=gbps}\n' "$CSV" >"$MISS"
expect_out 83 "2 rows of .* match 'variant=a'" "number filter: a where that matches two rows stops the build" -- \
    env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '[ ]{.num include=%s where="variant=a" value=gbps pick=max format=%%.0f}\n' "$CSV" >"$MISS"
expect_out 0 '^12346$' "number filter: pick=max chooses among the rows" -- env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '[ ]{.num include=%s where="variant=a" value=gbps pick=spread vary=n format=%%.1f}\n' "$CSV" >"$MISS"
expect_out 0 '^244\.5$' "number filter: pick=spread is the largest over the smallest of repeated rows" -- env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '[ ]{.num include=%s where="variant=b" value=gbps pick=spread}\n' "$CSV" >"$MISS"
expect_out 83 "pick=spread needs two or more rows" "number filter: a spread of one row stops the build" -- \
    env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '[ ]{.num include=%s where="variant=zz" value=gbps}\n' "$CSV" >"$MISS"
expect_out 83 "no row of .* matches" "number filter: a where that matches nothing stops the build" -- \
    env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '[ ]{.num include=%s where="variant=a n=1024" value=gbps over="variant=b n=1024" format=%%.2f}\n' "$CSV" >"$MISS"
expect_out 0 '^2\.02$' "number filter: over= divides by another row's value" -- env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '[ ]{.num include=%s where="variant=a n=1024" value=gbps over="variant=zz"}\n' "$CSV" >"$MISS"
expect_out 83 "no row of .* matches 'variant=zz'" "number filter: an over= that matches nothing stops the build" -- \
    env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
TXT=$(mktemp --suffix=.txt)
printf 'verified serial C: 1048576 values\nserial C:    741.730 ms      2.90 GFLOP/s\n' >"$TXT"
printf 'It took [ ]{.num include=%s match="serial C: *([%%d.]+) ms" format=%%.1f} ms.\n' "$TXT" >"$MISS"
expect_out 0 '^It took 741\.7 ms\.$' "number filter: a number from a captured output" -- env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '[ ]{.num include=%s match="kernel: *([%%d.]+) ms"}\n' "$TXT" >"$MISS"
expect_out 83 "has no match for" "number filter: a pattern the capture lacks stops the build" -- env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
# as=text: a word of the output (chapter 06's table of what each device did);
# a run whose verdict is no longer "ok" stops the build.
printf '$ ./run -o race\nverified sum: 16 values: ok\n# end snippet run1\n$ ./run -o uninit\nverified sum: 16 values: FAILED\n' >"$TXT"
printf 'Race: [ ]{.num include=%s match="%%-o race[^#]-verified sum[^%%c]-: (ok)" as=text}.\n' "$TXT" >"$MISS"
expect_out 0 '^Race: ok\.$' "number filter: as=text prints a word of a captured run" -- env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf 'Uninit: [ ]{.num include=%s match="%%-o uninit[^#]-verified sum[^%%c]-: (ok)" as=text}.\n' "$TXT" >"$MISS"
expect_out 83 "has no match for" "number filter: as=text stops the build when the run says otherwise" -- env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
rm -f "$TXT"
# A line of code wider than the web book's code column is reported (tools/book.sh
# then stops the build); program output (.text) may be wider.
LONGC=$(mktemp --suffix=.c) LONGREP=$(mktemp)
printf 'int x;\n/* %s */\n' "$(printf 'y%.0s' $(seq 1 120))" >"$LONGC"
printf '```{.c include=%s}\n```\n' "$LONGC" >"$MISS"
env BOOK_ROOT=/ BOOK_LONG_LINES="$LONGREP" pandoc --lua-filter book/snippets.lua -t plain "$MISS" >/dev/null 2>&1
expect_out 0 ':2: 126 characters' "book: a 126-character line of code is reported" -- cat "$LONGREP"
: >"$LONGREP"
# The edge: 115 characters fit (a 1280 px window with a 15 px scroll bar), 116 do not.
printf 'int x;\n/* %s */\n/* %s */\n' "$(printf 'y%.0s' $(seq 1 109))" "$(printf 'y%.0s' $(seq 1 110))" >"$LONGC"
printf '```{.c include=%s}\n```\n' "$LONGC" >"$MISS"
env BOOK_ROOT=/ BOOK_LONG_LINES="$LONGREP" pandoc --lua-filter book/snippets.lua -t plain "$MISS" >/dev/null 2>&1
[ "$(cat "$LONGREP")" = "$LONGC:3: 116 characters" ] && pass "book: 116 characters are reported, 115 are not" ||
    fail "book: 116 characters are reported, 115 are not" "$(cat "$LONGREP")" "book/snippets.lua WIDE"
: >"$LONGREP"
printf '```{.text include=%s}\n```\n' "$LONGC" >"$MISS"
env BOOK_ROOT=/ BOOK_LONG_LINES="$LONGREP" pandoc --lua-filter book/snippets.lua -t plain "$MISS" >/dev/null 2>&1
expect 0 "book: the same line as program output (.text) is not" -- test ! -s "$LONGREP"
rm -f "$LONGC" "$LONGREP"
# A long captured output folds on the web and stays out of the printed edition.
LONGLOG=$(mktemp --suffix=.txt)
seq 1 40 >"$LONGLOG"
printf '```{.text .fold include=%s}\n```\n' "$LONGLOG" >"$MISS"
expect_out 0 '<details class="log">' "a long output folds on the web" -- env BOOK_ROOT=/ BOOK_TARGET=web pandoc $F -t html "$MISS"
expect_out 0 'The full output \(40 lines\) is in the file .* the web edition' "a long output stays out of the printed edition" -- \
    env BOOK_ROOT=/ BOOK_TARGET=print pandoc $F -t plain "$MISS"
rm -f "$LONGLOG"
# Numbers: figures and tables must have captions; references resolve.
printf '| a |\n|---|\n| 1 |\n' >"$MISS"
expect_out 83 "table without a caption" "numbering: a table without a caption stops the build" -- pandoc $F -t plain "$MISS"
printf '![](x.svg)\n\nText.\n' >"$MISS"
expect_out 83 "figure without a caption" "numbering: a figure without a caption stops the build" -- pandoc $F -t plain "$MISS"
printf '# One {#c1}\n\nSee [@](#tbl-x).\n\n| a |\n|---|\n| 1 |\n\n: Cap.\n\n::: {#tbl-x}\n| a |\n|---|\n| 1 |\n\n: Two.\n:::\n' >"$MISS"
expect_out 0 'See Table 1\.2' "numbering: a reference becomes the table's number" -- pandoc $F -t plain "$MISS"
printf 'See [@](#fig-nope).\n' >"$MISS"
expect_out 83 "unknown figure or table" "numbering: a reference to nothing stops the build" -- pandoc $F -t plain "$MISS"
# Plots: drawn from the CSV; a missing series stops the build.
printf '```{.plot include=%s x=n y=gbps series=variant headline=a caption="Cap." #fig-t}\n```\n' "$CSV" >"$MISS"
expect_out 0 'Figure 0?\.?1: Cap' "plot filter: a figure drawn from a CSV" -- env BOOK_ROOT=/ pandoc $F -t plain "$MISS"
printf '```{.plot include=%s x=n y=gbps series=variant show="a,zz" caption="Cap."}\n```\n' "$CSV" >"$MISS"
expect_out 83 "no series 'zz'" "plot filter: a missing series stops the build" -- env BOOK_ROOT=/ pandoc $F -t plain "$MISS"

# Terms: the glossary says where each is taught; a chapter that uses one
# before that chapter stops the build; the first use elsewhere links there.
GLOSS='# Appendix: glossary {#app-glossary .unnumbered}\n\n| term | meaning | taught in |\n|---|---|---|\n| warp, wavefront | 32 lanes | [§](#term-warp) |\n\nTable: G.\n'
printf "# One {#c1}\n\nTwo wavefronts of lanes.\n\n# Two {#c2}\n\n## Sub\n\nA [warp]{#term-warp .def} is 32 lanes.\n\n$GLOSS" >"$MISS"
expect_out 83 "chapter 1 uses 'wavefront' .*Two wavefronts of lanes.*only chapter 2 \(Two\) teaches" \
    "terms: a term used a chapter before it is taught stops the build" -- pandoc --number-sections $F -t plain "$MISS"
printf "# Two {#c2}\n\n## Sub\n\nA [warp]{#term-warp .def} is 32 lanes.\n\n# One {#c1}\n\nTwo warps, then a warp.\n\n$GLOSS" >"$MISS"
expect_out 0 '<a href="#term-warp" class="term">warps</a>, then a warp\.' \
    "terms: the first use in a later chapter links to where the term is taught" -- pandoc --number-sections $F -t html "$MISS"
expect_out 0 '<a href="#term-warp">§1\.1</a>' "terms: the glossary names the section that teaches each term" -- \
    pandoc --number-sections $F -t html "$MISS"

# A [ a paragraph never closes (pandoc 2.17 then reads the rest of the book
# slowly) is named; escaped, in code, or closed on a later line, it is not.
printf 'Text.\n\nRandom floats in\n[−1, 1), then more.\n\nAnd `a[i` and \\[0, 1) and [a\nlink](x) and\n\n```\nb[j\n```\n' >"$MISS"
expect_out 1 "$MISS:3: this paragraph opens a \\[ it never closes" "book: a [ left open in a paragraph is named" -- \
    python3 tools/book-brackets.py "$MISS"
expect 0 "book: a [ escaped, in code or closed on a later line is not" -- \
    bash -c 'sed "3,4d" "$1" | python3 tools/book-brackets.py /dev/stdin' sh "$MISS"

# The whole web book.
expect_out 0 'book: build/book/index.html \([0-9]+ pages' "the HTML book builds" -- tools/book.sh html
expect_out 0 'CL_INVALID_WORK_GROUP_SIZE' "the book's error reference is generated" -- cat build/book/appendix-b-errors.md
expect_out 0 ' 0 problems' "every link, image, figure and table number of the web book is right" -- python3 tools/check-links.py build/book
expect 1 "no snippet marker reaches the book" -- bash -c 'grep -l "snippet:" build/book/*.html'
expect_out 0 'Hillis' "the search index is a script with the chapters' sections" -- cat build/book/search-index.js
expect_out 0 'rel="next" href="ch-local.html"' "a chapter links to the next one" -- cat build/book/ch-hello.html
expect_out 0 '<details class="log">' "long captured outputs fold away" -- cat build/book/ch-scan.html
expect_out 0 '<pre class="text wrap"><code><span class="ol">' "program output wraps on the web, a span a line" -- \
    cat build/book/ch-hello.html
expect_out 0 'id="ex-01-1"' "the exercises are in their chapter" -- cat build/book/ch-hello.html
expect_out 0 '<span class="header-section-number">0</span> How a device runs your kernel' "chapter 0 comes before chapter 1" -- cat build/book/ch-device.html
expect_out 0 'id="term-warp"' "chapter 0 teaches the warp" -- cat build/book/ch-device.html
expect_out 0 'href="ch-device.html#term-warp" class="term"' "a later chapter's first warp links to chapter 0" -- cat build/book/ch-local.html
expect 1 "no table syntax, in the glossary or anywhere, shows as text" -- bash -c 'python3 tools/check-links.py build/book | grep "table syntax"'

# check-links rejects what a reader would trip over.
BAD=$(mktemp -d)
printf '<html><body><a href="#gone">x</a><a href="other.html">y</a><img src="no.png"><figure><img src="data:,"><figcaption>No number</figcaption></figure><table><caption>Plain</caption></table></body></html>' >"$BAD/index.html"
expect_out 1 '5 problems' "check-links: a broken anchor, a missing page and image, an unnumbered figure and table" -- \
    python3 tools/check-links.py "$BAD"
# Table syntax that reaches the page as text is a problem; in code it is not.
printf '<html><body><p>| SIMT | one instruction |\n| lane | a slot |</p><pre>| a | b | c |</pre><p>|x|, the size</p></body></html>' >"$BAD/table.html"
expect_out 1 'table.html: table syntax shown as text: \| SIMT \| one instruction \| \| lane' "check-links: a table broken into text is found" -- \
    python3 tools/check-links.py "$BAD/table.html"
rm -f "$BAD/table.html"
# The glyph check: a character no installed font has is named.
printf '<p>caf\xc3\xa9 \xf0\x93\x80\x80</p>' >"$BAD/print.html"
expect_out 1 'U\+13000' "book-glyphs: a character without a font is reported" -- \
    python3 tools/book-glyphs.py "$BAD/print.html" /dev/null
printf '<p>caf\xc3\xa9</p>' >"$BAD/print.html"
expect_out 0 '0 without a font' "book-glyphs: text with fonts passes" -- python3 tools/book-glyphs.py "$BAD/print.html" /dev/null
rm -rf "$MISS" "$BADM" "$CSV" "$BAD"
