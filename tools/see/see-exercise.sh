#!/usr/bin/env bash
# see-exercise.sh EX DIR -- `make see EX=06-3 DIR=path`: run the grader's
# checker for exercise EX on the student's kernel in DIR under Oclgrind (its
# small checks only) with the access plugin, and print tools/see/see.sh's
# report; pictures go to build/see/EX/. Kernel lines are the student's own
# (the checker prepends #line 1 "FILE").
# SEE_BRIEF=1 prints only the summary lines and the worst global access of
# each kind: what a grader's message can quote.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
EX=${1:-} DIR=${2:-}
list=$(cd "$root/exercises" && ls -d [0-9]*/ | tr -d / | tr '\n' ' ')
if [ -z "$EX" ] || [ -z "$DIR" ]; then
    echo "error: usage: make see EX=06-3 DIR=path/to/attempt (exercises: $list)" >&2
    exit 2
fi
EX=${EX%/}
EX=${EX##*/}
case "$EX" in *[!A-Za-z0-9-]*) matches="" ;; *) matches=$(cd "$root/exercises" && ls -d "$EX"*/ 2>/dev/null | tr -d /) ;; esac
[ -d "$root/exercises/$EX" ] && matches=$EX
if [ -z "$matches" ] || [ "$(echo "$matches" | grep -c .)" -ne 1 ]; then
    echo "error: EX=$EX matches ${matches:-no exercise}; choose one of: $list" >&2
    exit 2
fi
ex=$matches exdir=$root/exercises/$matches
[ -d "$DIR" ] || { echo "error: DIR=$DIR is not a folder" >&2; exit 2; }
if [ -f "$exdir/runner.c" ]; then
    echo "error: exercise $ex is host C: see runs kernels the checker launches itself (try make see-NN on its lesson)" >&2
    exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/student"
for f in "$exdir"/*; do
    name=$(basename "$f")
    case "$name" in check.c | *.h | README.md | answer.txt) continue ;; esac
    [ -f "$DIR/$name" ] || { echo "error: $DIR/$name is missing" >&2; exit 2; }
    cp "$DIR/$name" "$tmp/student/"
done
# The checker: built as the grader builds it, cached apart from the grader's.
checker=$root/build/see/checker/$ex/check
mkdir -p "$(dirname "$checker")" || exit 2
srcs=("$exdir/check.c" "$root/exercises/grading.c" "$root"/common/*.c)
stale=1
if [ -x "$checker" ]; then
    stale=0
    for s in "${srcs[@]}" "$root"/exercises/*.h "$root"/common/*.h; do [ "$s" -nt "$checker" ] && stale=1; done
fi
if [ $stale -eq 1 ]; then
    ${CC:-cc} -std=c11 -O1 -g -I"$root/common" -I"$root/exercises" -I"$exdir" \
        -DCLU_KERNEL_DIR="\"$root/kernels\"" -o "$checker" "${srcs[@]}" -lOpenCL -lm 2>"$tmp/cc.log" || {
        echo "error: the checker of $ex does not build: $(head -n 1 "$tmp/cc.log")" >&2
        exit 2
    }
fi
# The verdict (fd 3) is the grader's business, not ours: it goes to a file.
export SEE_SHOWN="the checker of $ex on $DIR (its checks small enough for Oclgrind)"
cd "$tmp/student" || exit 2
if [ "${SEE_BRIEF:-}" = 1 ]; then
    "$root/tools/see/see.sh" "$root/build/see/$ex" "$checker" "$tmp/student" --mode oclgrind 3>"$tmp/verdict" >"$tmp/report" || exit 2
    grep '^summary:' "$tmp/report"
    # the worst line of each global op: the most segments per warp
    grep '^access: .*space=global' "$tmp/report" | awk '{
        op = ""; s = 0
        for (i = 1; i <= NF; i++) { if ($i ~ /^op=/) op = $i; if ($i ~ /^segments=/) { s = substr($i, 10) + 0 } }
        if (!(op in best) || s > worst[op]) { best[op] = $0; worst[op] = s } }
        END { for (o in best) print best[o] }' | sort
else
    "$root/tools/see/see.sh" "$root/build/see/$ex" "$checker" "$tmp/student" --mode oclgrind \
        3>"$tmp/verdict" 2>"$tmp/err"
    st=$?
    if grep -q '^nobuild ' "$tmp/verdict"; then # say why in one line, as make grade would
        echo "error: $(sed -n 's/^nobuild //p' "$tmp/verdict" | head -n 1): $(sed -n 's/^log //p' "$tmp/verdict" | grep -m1 -i error)" >&2
        exit 2
    fi
    cat "$tmp/err" >&2
    exit $st
fi
