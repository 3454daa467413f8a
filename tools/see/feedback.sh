#!/usr/bin/env bash
# feedback.sh EX DIR -- one line for a grader's message on an exercise that
# teaches access patterns: the attempt's global reads and writes, in 128-byte
# segments per simulated warp (the worst line of each), against the expected
# kernel's figures in tools/see/expected.txt. Prints nothing for an exercise
# that file does not list. Exit 0 (the line is advice, not a mark), 2 when
# it cannot run.
#   feedback.sh --expected EX SOLUTION_DIR   the line expected.txt holds
#   feedback.sh --report EX REPORT           the line from a report see.py
#       wrote (tools/grade.sh makes it in the sandbox, where the student's
#       kernel ran): only numbers are taken from it, the words are this
#       script's, so nothing a kernel prints or does can put words into it.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
mode=feedback
case "${1:-}" in --expected) mode=expected; shift ;; --report) mode=report; shift ;; esac
[ $# -eq 2 ] || { echo "error: usage: tools/see/feedback.sh [--expected|--report] EX DIR|REPORT" >&2; exit 2; }
ex=$1 dir=$2
case "$ex" in *[!A-Za-z0-9-]* | "") full="" ;; *) full=$(cd "$root/exercises" && ls -d "$ex"*/ 2>/dev/null | tr -d / | head -n 1) ;; esac
want=""
if [ $mode != expected ]; then
    want=$(awk -v e="$full" '$1 == e' "$root/tools/see/expected.txt" 2>/dev/null)
    [ -n "$full" ] && [ -n "$want" ] || exit 0
fi
if [ $mode = report ]; then
    [ -f "$dir" ] || { echo "error: no report at $dir" >&2; exit 2; }
    report=$(cat "$dir")
    dir="" # the grader's message names the student's folder itself
else
    report=$(SEE_BRIEF=1 "$root/tools/see/see-exercise.sh" "$ex" "$dir" 2>/dev/null) || {
        echo "error: see could not run exercise $ex on $dir (try make see EX=$ex DIR=$dir)" >&2
        exit 2
    }
fi
# op -> "segments line" of the worst line (the most segments per warp) of
# the global accesses; a value that is not a plain number counts as none.
worst() {
    echo "$report" | awk -v op="op=$1" '
        /^access: / && / space=global / && $0 ~ " " op " " {
            s = ""; l = ""
            for (i = 1; i <= NF; i++) {
                if ($i ~ /^segments=[0-9]+(\.[0-9]+)?$/) s = substr($i, 10)
                if ($i ~ /^line=[0-9]+$/) l = substr($i, 6)
            }
            if (s != "" && (best == "" || s + 0 > best + 0)) { best = s; at = l }
        }
        END { if (best != "") print best, at }'
}
read -r ls ll <<<"$(worst load)"
read -r ss sl <<<"$(worst store)"
if [ $mode = expected ]; then
    echo "$full load=${ls:--} store=${ss:--}"
    exit 0
fi
el=$(echo "$want" | sed -n 's/.* load=\([^ ]*\).*/\1/p') es=$(echo "$want" | sed -n 's/.* store=\([^ ]*\).*/\1/p')
file=$(cd "$root/exercises/$full" && ls *.cl | head -n 1)
if [ $mode = report ]; then
    [ -n "$ls$ss" ] || exit 0 # no kernel's access was measured: no advice
    echo "see: your writes touch ${ss:--} segments of 128 bytes per warp of 32${sl:+ ($file:$sl)}, the expected kernel's $es;" \
        "your reads ${ls:--}${ll:+ ($file:$ll)}, the expected kernel's $el."
    exit 0
fi
shown=$dir
case "$dir" in *[[:space:]]*) shown="'$dir'" ;; esac
echo "see: your writes touch ${ss:--} segments of 128 bytes per warp of 32${sl:+ ($file:$sl)}, the expected kernel's $es;" \
    "your reads ${ls:--}${ll:+ ($file:$ll)}, the expected kernel's $el. Every line: make see EX=${full%%-[a-z]*} DIR=$shown"
