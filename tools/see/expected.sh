#!/usr/bin/env bash
# expected.sh [--check] -- write tools/see/expected.txt: the global reads and
# writes (segments per warp, the worst line) of each listed exercise's own
# solution, which tools/see/feedback.sh quotes to students. Run by
# `make see-expected`; --check only compares (tests/88-see.sh), exit 1 when
# the file is stale. The exercises whose feedback quotes access patterns:
exercises="04-3-add-block-sums 06-3-local-index"
set -u
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
    echo "# written by 'make see-expected' (tools/see/expected.sh): EX load=SEGMENTS store=SEGMENTS"
    for ex in $exercises; do
        mkdir -p "$tmp/$ex"
        for f in solutions/"$ex"/*; do [ -f "$f" ] || continue; unifdef -x2 -DSOLUTION=1 "$f" >"$tmp/$ex/$(basename "$f")"; done
        tools/see/feedback.sh --expected "$ex" "$tmp/$ex" || exit 2
    done
} >"$tmp/expected.txt" || exit 2
if [ "${1:-}" = --check ]; then
    diff -u tools/see/expected.txt "$tmp/expected.txt" && exit 0
    echo "error: tools/see/expected.txt is stale: make see-expected" >&2
    exit 1
fi
cp "$tmp/expected.txt" tools/see/expected.txt && echo "see-expected: tools/see/expected.txt"
