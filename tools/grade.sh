#!/usr/bin/env bash
# grade.sh EX DIR -- grade a student's attempt at exercise EX (a prefix such
# as 01-1 is enough) whose files are in DIR.
#
# The student's files are the exercise's starter files: everything in
# exercises/EX/ except check.c, headers and README.md (so grading needs no
# solutions/, and works in the students' handout). They are copied with the
# checker and headers into a scratch folder, built with common/ and run.
# Prints the score and what failed.
# Exit: 0 full score, 1 some checks failed, 2 usage error, 3 does not build.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
EX=${1:-} DIR=${2:-}
if [ -z "$EX" ] || [ -z "$DIR" ]; then
    echo "usage: make grade EX=01-1 DIR=path/to/attempt   (exercises: $(cd "$root/exercises" && ls -d [0-9]*/ | tr -d / | tr '\n' ' '))" >&2
    exit 2
fi
matches=$(cd "$root/exercises" && ls -d "$EX"*/ 2>/dev/null | tr -d /)
if [ "$(echo "$matches" | grep -c .)" -ne 1 ]; then
    echo "error: EX=$EX matches ${matches:-no exercise}; choose one of: $(cd "$root/exercises" && ls -d [0-9]*/ | tr -d / | tr '\n' ' ')" >&2
    exit 2
fi
ex=$matches
[ -d "$DIR" ] || { echo "error: DIR=$DIR is not a folder" >&2; exit 2; }
DIR=$(cd "$DIR" && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$root/exercises/$ex/check.c" "$tmp/"
cp "$root/exercises/$ex/"*.h "$tmp/" 2>/dev/null
missing=0
for f in "$root/exercises/$ex/"*; do
    name=$(basename "$f")
    case "$name" in check.c|*.h|README.md) continue ;; esac
    if [ -f "$DIR/$name" ]; then cp "$DIR/$name" "$tmp/"
    else echo "error: $DIR/$name is missing"; missing=1; fi
done
[ $missing -eq 0 ] || { echo "exercise $ex: score 0 (files missing)"; exit 3; }

# The student's C gets warnings but not -Werror: a starter must compile.
if ! ${CC:-cc} -std=c11 -O1 -g -Wall -Wextra -I"$root/common" -I"$root/exercises" -I"$tmp" \
        -DCLU_KERNEL_DIR="\"$root/kernels\"" -o "$tmp/check" "$tmp"/*.c \
        "$root/exercises/grading.c" "$root/common/clu.c" "$root/common/peak.c" -lOpenCL -lm 2>"$tmp/cc.log"; then
    echo "exercise $ex: does not compile:"
    sed 's/^/  /' "$tmp/cc.log"
    echo "exercise $ex: score 0"
    exit 3
fi
[ -s "$tmp/cc.log" ] && { echo "compiler warnings:"; sed 's/^/  /' "$tmp/cc.log"; }

( cd "$tmp" && timeout -k 5 "${GRADE_TIMEOUT:-120}" ./check "$tmp" >"$tmp/out" 2>"$tmp/err" )
st=$?
plan=$(sed -n 's/^plan \([0-9]*\)$/\1/p' "$tmp/out")
passed=$(grep -c '^PASS ' "$tmp/out")
[ -n "$plan" ] || plan=$passed
grep -E '^(PASS|FAIL) ' "$tmp/out" | sed 's/^/  /'
if [ $st -ne 0 ] && [ $st -ne 1 ]; then
    [ $st -eq 124 ] && echo "  the checker timed out (a kernel that never ends?)"
    echo "  the checker stopped early (exit $st); its last messages:"
    tail -n 15 "$tmp/err" | sed 's/^/    /'
fi
echo "exercise $ex: score $passed/$plan"
[ "$passed" -eq "$plan" ] && [ "$plan" -gt 0 ] && [ $st -eq 0 ] && exit 0
exit 1
