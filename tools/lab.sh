#!/usr/bin/env bash
# lab.sh OUT -- the whole course on this machine's OpenCL device, in one go,
# as an instructor checks a lab machine before a class (make lab):
#   lessons.csv    every lesson with no flags: verified or not, seconds, the
#                  variant it chose;
#   solutions.csv  the grader over every official solution (solved with
#                  tools/starters.sh solve): score, tier, ratio, seconds, and
#                  whether the sandbox and the hazard checks ran;
#   corpus.csv     the grader over every wrong attempt of tests/grader-corpus
#                  (no speed tier): caught (lost marks with the message its
#                  `expect` names) or not;
#   headlines.txt  the chapters' headline commands, run as printed;
#   sandbox.txt    what a submission can reach from the sandbox on this
#                  machine (solutions/, another student's folder: nothing);
#   summary.txt    device, driver, date and the counts.
# Every CSV starts with # device/# driver/# date lines, as results/*.csv do.
# On NVIDIA's machine: tools/gpu-setup.sh first, and CLU_PLATFORM=NVIDIA.
# A machine with no package registry gets bubblewrap, Oclgrind and unifdef
# from an archive made by tools/grading-tools.sh (GRADE_TOOLS=ARCHIVE).
# LAB_JOBS grades that many wrong attempts at once (default: the cores);
# the solutions are graded one at a time, so that their tiers are timed on a
# quiet device. LAB_ONLY=lessons,solutions,corpus,headlines picks parts;
# LAB_EXERCISES="01-1 02" grades only the exercises whose names start so.
set -u
cd "$(dirname "$0")/.." || exit 2
out=${1:-}
[ -n "$out" ] || { echo "usage: lab.sh OUT (make lab)" >&2; exit 2; }
mkdir -p "$out/logs" || exit 2
out=$(cd "$out" && pwd)
logs=$out/logs
only=${LAB_ONLY:-lessons,sandbox,solutions,corpus,headlines}
part() { case ",$only," in *",$1,"*) return 0 ;; esac; return 1; }
jobs=${LAB_JOBS:-$(nproc 2>/dev/null || echo 2)}
picked() { # exercise folder name: in LAB_EXERCISES (or no list)
    [ -n "${LAB_EXERCISES:-}" ] || return 0
    local e
    for e in $LAB_EXERCISES; do case "$1" in "$e"*) return 0 ;; esac; done
    return 1
}

if [ -n "${GRADE_TOOLS:-}" ]; then
    tools/grading-tools.sh unpack "$GRADE_TOOLS" build/grading-tools >/dev/null || exit 2
    export PATH=$PWD/build/grading-tools/bin:$PATH
    # make see's access plugin, built with the packed Oclgrind: the access
    # checks of tools/see/required.txt run with it (else NOT CHECKED)
    [ -f build/grading-tools/see/access-plugin.so ] && export SEE_PLUGIN=$PWD/build/grading-tools/see/access-plugin.so
fi
for t in unifdef bwrap oclgrind; do
    command -v "$t" >/dev/null || echo "lab: $t is not installed: $( case $t in
        unifdef) echo "the solutions cannot be solved (make deps-test)" ;;
        bwrap) echo "grades run without the sandbox" ;;
        oclgrind) echo "the hazard checks are not run" ;; esac)" >&2
done
if ! command -v unifdef >/dev/null && { part solutions || part corpus; }; then exit 2; fi
make -s -j"$jobs" all >"$logs/build.log" 2>&1 || { tail -n 20 "$logs/build.log" >&2; exit 2; }

# The device, as the first lesson reports it.
info=$(timeout 120 build/01-hello-world -x 64 -y 64 2>/dev/null | sed -n 's/^device: *//p' | head -n 1)
name=${info%% (*}
driver=$(printf '%s' "$info" | sed -n 's/.*driver \([^,]*\),.*/\1/p')
date=$(date -u +%Y-%m-%d)
header() { printf '# device: %s\n# driver: %s\n# date: %s\n' "${name:-unknown}" "${driver:-unknown}" "$date"; }
gpu=1
case "$info" in *"(not a GPU"*) gpu=0 ;; esac
csvq() { local s=${1//\"/\"\"}; printf '"%s"' "$s"; }

# ---- every lesson with no flags ----------------------------------------------
if part lessons; then
    { header; echo "lesson,verified,exit,seconds,variant"; } >"$out/lessons.csv"
    for bin in build/[0-9][0-9]-*; do
        [ -x "$bin" ] && [ -f "lessons/$(basename "$bin")/main.c" ] || continue
        l=$(basename "$bin")
        t0=$(date +%s.%N)
        timeout -k 5 600 "$bin" >"$logs/$l.log" 2>&1
        st=$?
        s=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
        # the variant the lesson chose for this device (default=1), or its only one
        v=$(sed -n 's/^result: variant=\([^ ]*\).* default=1\( .*\)\{0,1\}$/\1/p' "$logs/$l.log" | head -n 1)
        [ -n "$v" ] || [ "$(grep -c '^result: ' "$logs/$l.log")" -ne 1 ] ||
            v=$(sed -n 's/^result: variant=\([^ ]*\).*/\1/p' "$logs/$l.log")
        ok=no; [ $st -eq 0 ] && ok=yes
        echo "$l,$ok,$st,$s,${v:--}" >>"$out/lessons.csv"
        echo "lab: lesson $l: exit $st in $s s"
    done
fi

# ---- what a submission can reach -------------------------------------------------
if part sandbox; then
    header >"$out/sandbox.txt"
    # Each probe exits 10 when it reached what it must not, 11 when it did
    # not: a sandbox that fails to start (exit 1 or 125) is no pass.
    probe() { # WHAT EXPECTED-STATUS CMD...: one line, ok or FAIL
        local what=$1 want=$2; shift 2
        "$@" >/dev/null 2>&1
        local st=$?
        if [ $st -eq "$want" ]; then echo "ok   $what"; else echo "FAIL $what (exit $st)"; fi >>"$out/sandbox.txt"
    }
    other=$(mktemp -d)
    echo secret >"$other/work.c" && chmod -R a+rX "$other"
    probe "a kernel checker's sandbox cannot see solutions/" 11 tools/sandbox.sh device -- sh -c 'test -e "$0/solutions" && exit 10; exit 11' "$PWD"
    probe "a student's program cannot see solutions/" 11 tools/sandbox.sh bare -- sh -c 'test -e "$0/solutions" && exit 10; exit 11' "$PWD"
    probe "a kernel checker's sandbox cannot read another student's folder" 11 tools/sandbox.sh device -- sh -c 'cat "$0" && exit 10; exit 11' "$other/work.c"
    probe "a student's program cannot read another student's folder" 11 tools/sandbox.sh bare -- sh -c 'cat "$0" && exit 10; exit 11' "$other/work.c"
    probe "the compiler runs in the sandbox" 11 tools/sandbox.sh bare -- sh -c 'echo "int main(void){return 11;}" | "$0" -x c -o /tmp/a - && /tmp/a' "${CC:-cc}"
    rm -rf "$other"
    # the whole road: student C, built and run by the grader, tries to read a solution
    w=$(mktemp -d)
    printf '%s\n' '#include "launch.h"' '#include <stdio.h>' '#include <stdlib.h>' \
        'void launch_outer_sum(clu_env *e, cl_kernel k, cl_mem a, cl_mem b, cl_mem c, int X, int Y, size_t wg)' \
        '{ (void)e; (void)k; (void)a; (void)b; (void)c; (void)X; (void)Y; (void)wg;' \
        "  FILE *f = fopen(\"$PWD/solutions/01-2-launch/launch.c\", \"r\");" \
        '  fprintf(stderr, "solutions are %s\n", f ? "READABLE" : "out of reach"); exit(3); }' >"$w/launch.c"
    tools/grade.sh 01-2 "$w" >"$w.log" 2>&1
    if grep -q 'solutions are out of reach' "$w.log"; then echo "ok   student C graded in the sandbox cannot open solutions/"
    else echo "FAIL student C graded in the sandbox: $(grep -m1 -E 'READABLE|error|sandbox' "$w.log")"; fi >>"$out/sandbox.txt"
    rm -rf "$w" "$w.log"
    cat "$out/sandbox.txt"
fi

# ---- the official solutions, one at a time (their tiers are timed) -----------
grade_into() { # EX DIR RESULT LOG [env...]: tools/grade.sh with a result file
    local ex=$1 dir=$2 res=$3 log=$4; shift 4
    env "$@" tools/grade.sh --result "$res" "$ex" "$dir" >"$log" 2>&1
}
get() { sed -n "s/^$1=//p" "$2" 2>/dev/null | head -n 1; }
if part solutions; then
    { header; echo "exercise,score,max,status,tier,ratio,seconds,sandbox,hazards"; } >"$out/solutions.csv"
    for sol in solutions/*/; do
        ex=$(basename "$sol")
        picked "$ex" || continue
        w=$(mktemp -d)
        tools/starters.sh solve "$ex" "$w"
        t0=$(date +%s.%N)
        grade_into "$ex" "$w" "$w.result" "$logs/solution-$ex.log"
        s=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
        r=$w.result
        printf '%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$ex" "$(get score "$r")" "$(get max "$r")" "$(get status "$r")" \
            "$(csvq "$(get tier "$r")")" "$(get ratio "$r")" "$s" "$(csvq "$(get sandbox "$r")")" \
            "$(csvq "$(get hazards "$r")")" >>"$out/solutions.csv"
        echo "lab: solution $ex: $(get score "$r")/$(get max "$r") $(get tier "$r") in $s s"
        rm -rf "$w" "$w.result"
    done
fi

# ---- every wrong attempt, LAB_JOBS at once -----------------------------------
if part corpus; then
    export -f grade_into get
    one() { # ATTEMPT-FOLDER ROWFILE
        local a=$1 row=$2 ex w st score max status caught=no
        ex=$(basename "$(dirname "$a")")
        w=$(mktemp -d)
        tools/starters.sh solve "$ex" "$w"
        find "$a" -maxdepth 1 -type f ! -name expect ! -name graded-in-full -exec cp {} "$w/" \;
        grade_into "$ex" "$w" "$w.result" "$w.log" GRADE_NO_SPEED=1
        st=$?
        score=$(get score "$w.result") max=$(get max "$w.result") status=$(get status "$w.result")
        # caught: marks lost, and the grade names the bug class its expect file holds
        if [ $st -ne 0 ] && [ "${score:-0}" != "${max:-0}" -o "${max:-0}" = 0 ] && grep -Eq -- "$(cat "$a/expect")" "$w.log"; then
            caught=yes
        fi
        printf '%s,%s,%s,%s,%s,%s\n' "$ex" "$(basename "$a")" "$caught" "${score:-}" "${max:-}" "${status:-}" >"$row"
        [ $caught = yes ] || { echo "lab: NOT CAUGHT: $ex/$(basename "$a")"; sed 's/^/    /' "$w.log" | head -n 20; }
        rm -rf "$w" "$w.result" "$w.log"
    }
    export -f one
    rows=$(mktemp -d)
    i=0
    for a in tests/grader-corpus/*/*/; do
        [ -f "$a/expect" ] || continue
        picked "$(basename "$(dirname "$a")")" || continue
        i=$((i + 1))
        printf '%s\0%s\0' "${a%/}" "$rows/$(printf '%05d' $i)"
    done | xargs -0 -n 2 -P "$jobs" bash -c 'one "$1" "$2"' one
    { header; echo "exercise,attempt,caught,score,max,status"; cat "$rows"/* 2>/dev/null; } >"$out/corpus.csv"
    rm -rf "$rows"
fi

# ---- the chapters' headline commands, as printed -------------------------------
if part headlines; then
    header >"$out/headlines.txt"
    while IFS= read -r cmd; do
        case "$cmd" in '' | '#'*) continue ;; gpu:*) [ $gpu -eq 1 ] || continue; cmd=${cmd#gpu:} ;;
        cpu:*) [ $gpu -eq 0 ] || continue; cmd=${cmd#cpu:} ;; esac
        t0=$(date +%s.%N)
        # shellcheck disable=SC2086
        timeout -k 5 600 $cmd >"$logs/headline.log" 2>&1
        st=$?
        s=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
        { echo "\$ $cmd"; echo "exit $st in $s s"; grep -E '^(result:|verified|error:|budget|note:)' "$logs/headline.log" | head -n 12; echo; } >>"$out/headlines.txt"
        echo "lab: headline '$cmd': exit $st in $s s"
    done <tools/lab-headlines.txt
    rm -f "$logs/headline.log"
fi

# ---- the summary ------------------------------------------------------------------
{
    header
    [ -f "$out/lessons.csv" ] && echo "lessons verified with no flags: $(grep -c ',yes,' "$out/lessons.csv") of $(grep -vc '^#\|^lesson,' "$out/lessons.csv")"
    if [ -f "$out/solutions.csv" ]; then
        full=$(awk -F, '!/^#/ && $1 != "exercise" && $2 == $3 && $3 > 0' "$out/solutions.csv" | wc -l)
        echo "solutions with full marks: $full of $(grep -vc '^#\|^exercise,' "$out/solutions.csv")"
    fi
    [ -f "$out/corpus.csv" ] && echo "wrong attempts caught: $(grep -c ',yes,' "$out/corpus.csv") of $(grep -vc '^#\|^exercise,' "$out/corpus.csv")"
    [ -f "$out/headlines.txt" ] && echo "headline commands that ran: $(grep -c '^exit 0 ' "$out/headlines.txt") of $(grep -c '^\$ ' "$out/headlines.txt")"
    [ -f "$out/sandbox.txt" ] && echo "sandbox probes held: $(grep -c '^ok ' "$out/sandbox.txt") of $(grep -c -E '^(ok|FAIL) ' "$out/sandbox.txt")"
    echo "sandbox: $(tools/sandbox.sh probe >/dev/null 2>&1 && echo bubblewrap || echo none)"
    echo "oclgrind: $(command -v oclgrind >/dev/null && echo yes || echo no)"
    echo "access plugin: $([ -f "${SEE_PLUGIN:-build/see/access-plugin.so}" ] && echo "${SEE_PLUGIN:-build/see/access-plugin.so}" || echo "none (the access checks say NOT CHECKED)")"
} >"$out/summary.txt"
cat "$out/summary.txt"
