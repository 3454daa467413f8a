#!/usr/bin/env bash
# book.sh [html] [pdf] -- build the course book into build/book/ from
# book/preface.md, every lessons/NN-*/chapter.md in order, and book/appendix-*.md.
# Code listings and outputs are woven in from the real files by
# book/snippets.lua; snippets that no chapter uses are listed at the end.
set -u
cd "$(dirname "$0")/.." || exit 2
out=build/book
mkdir -p "$out"
chapters=(book/preface.md $(ls lessons/[0-9][0-9]-*/chapter.md 2>/dev/null) $(ls book/appendix-*.md 2>/dev/null))
# Formulas are written in Unicode, not TeX: the PDF engine cannot typeset math.
if grep -nE '\$\$|\\(sum|cdot|frac|sqrt|times|le|ge)\b' "${chapters[@]}"; then
    echo "book: the lines above use TeX math; write formulas in Unicode (Σ, ·, ≤, x²)" >&2
    exit 1
fi
used=$(mktemp)
trap 'rm -f "$used"' EXIT
common=(--from markdown --standalone --toc --toc-depth 2 --number-sections
        --metadata-file book/metadata.yaml --lua-filter book/snippets.lua
        --resource-path . --highlight-style tango)
export BOOK_ROOT=. BOOK_SNIPPETS_USED=$used
status=0
for fmt in "${@:-html}"; do
    case "$fmt" in
    html)
        pandoc "${common[@]}" --self-contained --css book/book.css -o "$out/index.html" "${chapters[@]}" \
            && echo "book: $out/index.html" || status=1 ;;
    pdf)
        pandoc "${common[@]}" --css book/book.css --css book/print.css --pdf-engine weasyprint \
            -o "$out/workbook.pdf" "${chapters[@]}" 2> >(grep -v -e '^WARNING: Ignored' -e 'Anchor defined twice' >&2) \
            && echo "book: $out/workbook.pdf" || status=1 ;;
    *) echo "book.sh: unknown format $fmt" >&2; exit 2 ;;
    esac
done
# Report snippets that no chapter shows (a hint, not an error).
all=$(grep -rHoE '^\s*(//|#)\s*snippet:\s*\S+' lessons kernels common 2>/dev/null \
      | sed -E 's/:\s*(\/\/|#)\s*snippet:\s*/ /' | sort -u)
unused=$(comm -23 <(echo "$all") <(sort -u "$used"))
[ -n "$unused" ] && { echo "book: snippets no chapter uses:"; echo "$unused" | sed 's/^/  /'; }
exit $status
