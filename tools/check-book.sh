#!/usr/bin/env bash
# check-book.sh -- look at the built book as a reader meets it, and fail on
# what a reader would trip over. Reuses build/book/ when it is there and
# newer than its sources (else builds it with tools/book.sh html pdf).
#
#   1. links, images, figure and table numbers of every page
#      (tools/check-links.py);
#   2. headless Chromium at 400, 1100 and 1280 px: no page may scroll
#      sideways, and at 1280 px no code listing inside its box; the search must find something from file://; the menu must
#      open on a phone (tools/book-layout.py). Screenshots of every page and
#      of chosen places go to build/book/shots/;
#   3. the PDF: a font for every character it prints (tools/book-glyphs.py);
#      every page rendered to build/book/pages/ (50 dpi) and the pages with
#      figures and tables again at 80 dpi, for a person to look at.
# Look at the PNG files: that is what this target is for.
set -u
cd "$(dirname "$0")/.." || exit 2
out=build/book
stale=$(find book lessons/*/chapter.md exercises/*/README.md results tools/book*.sh tools/book-*.py \
             -newer "$out/workbook.pdf" -type f 2>/dev/null | head -1)
if [ ! -f "$out/index.html" ] || [ ! -f "$out/workbook.pdf" ] || [ ! -f "$out/print/book.html" ] || [ -n "$stale" ]; then
    echo "check-book: building the book first${stale:+ ($stale changed)}"
    tools/book.sh html pdf || exit 1
fi
status=0
python3 tools/check-links.py "$out" || status=1
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
[ -n "$chrome" ] || { echo "check-book: no chromium (make check-book installs it through tools/deps.sh)" >&2; exit 2; }
rm -rf "$out/shots" "$out/pages" && mkdir -p "$out/shots" "$out/pages"
# First the layout check must reject a page that scrolls sideways (a wide
# table outside a scrolling box), or it proves nothing.
bad=$(mktemp -d)
cp "$out/book.css" "$bad/" && sed 's|<main>|<main><table style="width:900px"><tr><td>wide</td></tr></table>|' "$out/ch-hello.html" >"$bad/wide.html"
if python3 tools/book-layout.py --layout-only "$chrome" "$bad" "$bad" 2>&1 | grep -q 'wide.html at 400 px: the page scrolls sideways'; then
    echo "check-book: the layout check rejects a page that scrolls sideways (self-test)"
else
    echo "check-book: the layout check did not notice a page wider than the screen" >&2; status=1
fi
# And a code listing wider than its column at 1280 px.
long=$(printf 'x%.0s' $(seq 1 200))
sed "s|<main>|<main><div class=\"sourceCode\"><pre class=\"sourceCode c\"><code>$long</code></pre></div>|" "$out/ch-hello.html" >"$bad/wide.html"
if python3 tools/book-layout.py --layout-only "$chrome" "$bad" "$bad" 2>&1 | grep -q 'wide.html at 1280 px: a listing scrolls sideways'; then
    echo "check-book: the layout check rejects a listing that scrolls sideways at 1280 px (self-test)"
else
    echo "check-book: the layout check did not notice a listing wider than the code column" >&2; status=1
fi
rm -rf "$bad"
python3 tools/book-layout.py "$chrome" "$out" "$out/shots" || status=1
python3 tools/book-glyphs.py "$out/print/book.html" "$out/workbook.pdf" || status=1
pdftoppm -r 50 -png "$out/workbook.pdf" "$out/pages/page" || status=1
# The pages that hold a figure or a table, sharper.
n=$(pdfinfo "$out/workbook.pdf" | awk '/^Pages:/ {print $2}')
sharp=0
for i in $(seq 1 "$n"); do
    if pdftotext -f "$i" -l "$i" "$out/workbook.pdf" - 2>/dev/null | grep -qE '^(Figure|Table) [0-9A-Z]+\.[0-9]+:'; then
        pdftoppm -r 80 -png -f "$i" -l "$i" "$out/workbook.pdf" "$out/pages/sharp" && sharp=$((sharp + 1))
    fi
done
echo "check-book: $n PDF pages in $out/pages ($sharp with figures or tables at 80 dpi as sharp-*.png)"
[ $status -eq 0 ] && echo "check-book: ok; now look at $out/shots and $out/pages" || echo "check-book: FAILED (see above)" >&2
exit $status
