#!/usr/bin/env bash
# check-book.sh -- build the book and look at it as a reader would:
#   - every in-page link and image of the HTML resolves (tools/check-links.py);
#   - headless Chromium loads the HTML and takes a screenshot of each chapter
#     (build/book/shots/*.png);
#   - the PDF is rendered to PNG pages (build/book/pages/*.png).
# Look at the PNG files: that is the point of this target.
set -u
cd "$(dirname "$0")/.." || exit 2
tools/book.sh html pdf || exit 1
python3 tools/check-links.py build/book/index.html || exit 1
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
[ -n "$chrome" ] || { echo "check-book: no chromium (apt-get install chromium)" >&2; exit 2; }
shots=build/book/shots pages=build/book/pages
rm -rf "$shots" "$pages" && mkdir -p "$shots" "$pages"
url="file://$PWD/build/book/index.html"
dom=$("$chrome" --headless --no-sandbox --disable-gpu --dump-dom "$url" 2>/dev/null)
echo "$dom" | grep -q 'OpenCL in C' || { echo "check-book: Chromium did not load the book" >&2; exit 1; }
# One screenshot per chapter and appendix. Headless Chromium does not scroll
# to a #fragment before its screenshot, so each shot is of a copy of the book
# that shows only that section.
ids=$(grep -o '<section id="[^"]*" class="level1' build/book/index.html | sed 's/<section id="\([^"]*\)".*/\1/')
n=0
for id in $ids; do
    n=$((n + 1))
    view="$shots/view-$id.html"
    sed "s|</head>|<style>header#title-block-header, nav#TOC, section.level1 { display: none; } section#$id { display: block; } body { margin-left: auto; }</style></head>|" \
        build/book/index.html >"$view"
    "$chrome" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,1000 \
        --screenshot="$shots/$(printf '%02d' $n)-$id.png" "file://$PWD/$view" >/dev/null 2>&1 \
        || { echo "check-book: screenshot of #$id failed" >&2; exit 1; }
    rm -f "$view"
done
pdftoppm -r 50 -png build/book/workbook.pdf "$pages/page"
echo "check-book: $n chapter screenshots in $shots, $(ls "$pages" | wc -l) PDF pages in $pages"
