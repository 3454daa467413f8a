#!/usr/bin/env bash
# feedback.sh EX DIR -- one line for a grader's message on an exercise that
# teaches access patterns: the attempt's global reads and writes, in 128-byte
# segments per simulated warp (the worst line of each), against the expected
# kernel's figures in tools/see/expected.txt. Prints nothing for an exercise
# that file does not list. Exit 0 (the line is advice, not a mark), 2 when
# it cannot run.
#   feedback.sh --expected EX SOLUTION_DIR   the line expected.txt holds
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
mode=feedback
if [ "${1:-}" = --expected ]; then mode=expected; shift; fi
[ $# -eq 2 ] || { echo "error: usage: tools/see/feedback.sh [--expected] EX DIR" >&2; exit 2; }
ex=$1 dir=$2
full=$(cd "$root/exercises" && ls -d "$ex"*/ 2>/dev/null | tr -d / | head -n 1)
want=""
if [ $mode = feedback ]; then
    want=$(awk -v e="$full" '$1 == e' "$root/tools/see/expected.txt" 2>/dev/null)
    [ -n "$full" ] && [ -n "$want" ] || exit 0
fi
brief=$(SEE_BRIEF=1 "$root/tools/see/see-exercise.sh" "$ex" "$dir" 2>/dev/null) || {
    echo "error: see could not run exercise $ex on $dir (try make see EX=$ex DIR=$dir)" >&2
    exit 2
}
# op -> "segments line" of the worst line
worst() { echo "$brief" | awk -v op="op=$1" '$0 ~ op" " { for (i = 1; i <= NF; i++) { if ($i ~ /^segments=/) s = substr($i, 10); if ($i ~ /^line=/) l = substr($i, 6) } print s, l }'; }
read -r ls ll <<<"$(worst load)"
read -r ss sl <<<"$(worst store)"
if [ $mode = expected ]; then
    echo "$full load=${ls:--} store=${ss:--}"
    exit 0
fi
shown=$dir
case "$dir" in *[[:space:]]*) shown="'$dir'" ;; esac
el=$(echo "$want" | sed -n 's/.* load=\([^ ]*\).*/\1/p') es=$(echo "$want" | sed -n 's/.* store=\([^ ]*\).*/\1/p')
file=$(cd "$root/exercises/$full" && ls *.cl | head -n 1)
echo "see: your writes touch ${ss:--} segments of 128 bytes per warp of 32${sl:+ ($file:$sl)}, the expected kernel's $es;" \
    "your reads ${ls:--}${ll:+ ($file:$ll)}, the expected kernel's $el. Every line: make see EX=${full%%-[a-z]*} DIR=$shown"
