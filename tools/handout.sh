#!/usr/bin/env bash
# handout.sh -- build/handout.tar.gz: the workbook for students, without
# solutions/ and the grader's corpus of wrong attempts. They can build and
# run every lesson, read the chapters, run the tests and grade their own
# attempts (make grade EX=... DIR=...). Works in a git clone (the tracked
# files) and in an unpacked handout, which has no git (every file but build/).
set -u
cd "$(dirname "$0")/.." || exit 2
out=build/handout
rm -rf "$out" && mkdir -p "$out/opencl-workbook" || exit 2
skip() { grep -zv -e '^solutions/' -e '^\.ci/' -e '^tests/grader-corpus/' -e '^build/' -e '^\.git/'; }
if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && [ -n "$(git ls-files | head -n 1)" ]; then
    git ls-files -z | skip >"$out/files"
else
    find . -type f -print0 | sed -z 's|^\./||' | skip >"$out/files"
fi
[ -s "$out/files" ] || { echo "error: handout: no files found to hand out" >&2; exit 2; }
xargs -0 cp --parents -t "$out/opencl-workbook" <"$out/files" || { echo "error: handout: copying failed" >&2; exit 2; }
# The students' README names no solutions/ folder.
[ -f "$out/opencl-workbook/README.md" ] && sed -i '/`solutions\//d' "$out/opencl-workbook/README.md"
tar -C "$out" -czf build/handout.tar.gz opencl-workbook || exit 2
echo "handout: build/handout.tar.gz ($(tar -tzf build/handout.tar.gz | grep -vc '/$') files, no solutions/)"
