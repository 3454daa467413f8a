#!/usr/bin/env bash
# grade.sh [--result FILE] EX DIR -- grade a student's attempt at exercise EX
# (01-1, 01-1-squared-distance, or its folder) whose files are in DIR.
#
# The student's files are the starter files of exercises/EX/ (all but
# check.c, runner.c, headers and README.md): grading needs no solutions/ and
# works in the handout. The checker (check.c with exercises/grading.c and
# common/) is the grader's own program; it reads the student's kernel as
# data and runs it in two passes at once:
#   device    the default device, every check, NaN guard zones around every
#             buffer, inputs that must not change;
#   oclgrind  Oclgrind with --data-races --uninitialized on the small checks,
#             buffers of exactly the size the kernel may touch.
# A check scores when it passes both. The verdict comes back on file
# descriptor 3 (never stdout, which kernel printf shares). Student C (exercise
# 01-2) is built into a separate program whose only output, the result
# buffer, the checker verifies itself.
#
# GRADE_OCLGRIND=all runs every check under Oclgrind too and prints its whole
# log: the command to see where a crash happens. --result FILE writes
# status=, score=, max=, tier=, reason= lines for grade-all.sh.
# Exit: 0 full score, 1 marks lost, 2 usage error, 3 missing file or does not build.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
result=""
if [ "${1:-}" = --result ]; then result=${2:-}; shift 2; fi
EX=${1:-} DIR=${2:-}
list=$(cd "$root/exercises" && ls -d [0-9]*/ | tr -d / | tr '\n' ' ')
if [ -z "$EX" ] || [ -z "$DIR" ]; then
    echo "usage: make grade EX=01-1 DIR=path/to/attempt   (exercises: $list)" >&2
    exit 2
fi
EX=${EX%/}
EX=${EX##*/} # a path such as exercises/01-1-squared-distance/ names its exercise
case "$EX" in *[!A-Za-z0-9-]*) matches="" ;; *) matches=$(cd "$root/exercises" && ls -d "$EX"*/ 2>/dev/null | tr -d /) ;; esac
if [ -d "$root/exercises/$EX" ]; then matches=$EX; fi
if [ -z "$matches" ] || [ "$(echo "$matches" | grep -c .)" -ne 1 ]; then
    echo "error: EX=$EX matches ${matches:-no exercise}; choose one of: $list" >&2
    exit 2
fi
ex=$matches
exdir=$root/exercises/$ex
[ -d "$DIR" ] || { echo "error: DIR=$DIR is not a folder" >&2; exit 2; }
shown_dir=${DIR%/}
shown_sed=$(printf '%s' "$shown_dir" | sed 's/[&|\\]/\\&/g') # for the right side of sed's s|||
DIR=$(cd "$DIR" && pwd)
command -v oclgrind >/dev/null || { echo "error: grading needs Oclgrind: install it with make deps-test" >&2; exit 2; }
t_start=$(date +%s.%N)

write_result() { # status score max tier reason
    [ -n "$result" ] || return 0
    printf 'status=%s\nscore=%s\nmax=%s\ntier=%s\nreason=%s\ndevice=%s\n' "$1" "$2" "$3" "$4" \
        "$(printf '%s' "$5" | tr '\n\r' '  ')" "$(sed -n 's/^device //p' "$tmp/device.v" 2>/dev/null | head -n 1)" >"$result"
}
finish() { # status score max tier reason exit-code
    write_result "$1" "$2" "$3" "$4" "$5"
    echo "exercise $ex: score $2/$3"
    [ -n "$4" ] && [ "$4" != "-" ] && echo "speed tier: $4"
    echo "status: $1 (graded in $(awk -v a="$t_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s)"
    exit "$6"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/student"
missing=""
for f in "$exdir"/*; do
    name=$(basename "$f")
    case "$name" in check.c | runner.c | *.h | README.md) continue ;; esac
    if [ -f "$DIR/$name" ]; then cp "$DIR/$name" "$tmp/student/"
    elif [ "$name" != answer.txt ]; then missing="$missing $name"; fi # a missing answer costs its check only
done
if [ -n "$missing" ]; then
    for m in $missing; do echo "error: $shown_dir/$m is missing"; done
    finish missing 0 0 - "$(for m in $missing; do printf '%s/%s is missing; ' "$shown_dir" "$m"; done)" 3
fi

# ---- build: the checker is cached in build/grader/, student C never is ----------
CCMD=(${CC:-cc} -std=c11 -O1 -g -I"$root/common" -I"$root/exercises" -I"$exdir"
      -DCLU_KERNEL_DIR="\"$root/kernels\"")
# One cache per compiler command: a checker built with the sanitizers (tests)
# must never be the one a plain grade runs, nor the other way round.
cache=$root/build/grader/$(printf '%s' "${CC:-cc}" | md5sum | cut -c1-8)/$ex
checker=$cache/check
srcs=("$exdir/check.c" "$root/exercises/grading.c" "$root"/common/*.c)
stale=1
if [ -x "$checker" ]; then
    stale=0
    for s in "${srcs[@]}" "$root"/exercises/*.h "$root"/common/*.h "$exdir"/*.h; do
        [ -e "$s" ] && [ "$s" -nt "$checker" ] && stale=1
    done
fi
if [ $stale -eq 1 ]; then
    if ! mkdir -p "$cache" 2>/dev/null || [ ! -w "$cache" ]; then cache=$tmp; checker=$tmp/check; fi
    if ! "${CCMD[@]}" -o "$checker.$$" "${srcs[@]}" -lOpenCL -lm 2>"$tmp/checker.log"; then
        echo "error: the grader's checker for $ex does not build (not your fault):" >&2
        cat "$tmp/checker.log" >&2
        exit 2
    fi
    mv -f "$checker.$$" "$checker"
fi
if [ -f "$exdir/runner.c" ]; then
    # The student's C goes into its own program; its warnings are shown, and
    # it is compiled from the student's folder so messages name their files.
    mkdir -p "$tmp/rbin"
    if ! (cd "$DIR" && "${CCMD[@]}" -Wall -Wextra -o "$tmp/rbin/runner" "$exdir/runner.c" \
            $(cd "$tmp/student" && ls *.c) "$root"/common/*.c -lOpenCL -lm) >"$tmp/cc.log" 2>&1; then
        echo "  your C does not compile:"
        sed "s|^\([A-Za-z0-9_.-]*\.[ch]:[0-9]\)|$shown_sed/\1|" "$tmp/cc.log" | sed 's/^/    /' | head -n 40
        finish does-not-build 0 0 - "C does not compile: $(grep -m1 'error' "$tmp/cc.log" | sed "s|^\([A-Za-z0-9_.-]*\.[ch]:[0-9]\)|$shown_sed/\1|")" 3
    fi
    [ -s "$tmp/cc.log" ] && { echo "  compiler warnings:"; sed 's/^/    /' "$tmp/cc.log" | head -n 20; }
    export GRADE_RUNNER=$tmp/rbin/runner GRADE_RUNNER_DIR=$tmp/rbin GRADE_ROOT=$root
fi

# ---- the two passes, at the same time -----------------------------------------------
# pass MODE: run the checker until every check has a verdict; a crash costs
# the check that was running and the rest run in a fresh process; a time-out
# ends the pass.
pass() {
    local mode=$1 v=$tmp/$1.v first=0 st runs=0 wrap=()
    : >"$v"
    if [ "$mode" = oclgrind ] && [ ! -f "$exdir/runner.c" ]; then
        local flags
        flags=$(sed -n 's/.*grade.sh: oclgrind-flags \([-a-z ]*\).*/\1/p' "$exdir/check.c" | head -n 1)
        wrap=(oclgrind ${flags:---data-races --uninitialized} --max-errors 200 --log "$tmp/oclgrind.log")
    fi
    while :; do
        runs=$((runs + 1))
        (cd "$tmp/student" && GRADE_OCLGRIND_LOG=$tmp/oclgrind.log timeout -k 5 "${GRADE_PASS_SECONDS:-300}" \
            "${wrap[@]}" "$checker" "$tmp/student" --mode "$mode" --first "$first" \
            3>>"$v" >>"$tmp/$mode.out" 2>>"$tmp/$mode.err") 2>/dev/null
        st=$?
        grep -q '^done$' "$v" && return
        grep -q '^nobuild ' "$v" && return
        if [ "$(tail -n 1 "$v" | cut -d' ' -f1)" = restart ]; then # Oclgrind's error limit: go on afresh
            first=$(tail -n 1 "$v" | cut -d' ' -f2)
            : >"$tmp/oclgrind.log"
            continue
        fi
        local open
        open=$(awk '$1 == "begin" { b = $2 } $1 == "end" && $2 == b { b = "" } END { print b }' "$v")
        if [ -z "$open" ]; then
            echo "stopped $st" >>"$v"
            return
        fi
        if grep -q "^timeout $open\$" "$v" || [ $st -eq 124 ] || [ $st -eq 137 ]; then
            grep -q "^timeout $open\$" "$v" || echo "timeout $open" >>"$v"
            return
        fi
        echo "crash $open $st" >>"$v"
        first=$((open + 1))
        [ $runs -lt 30 ] || return
    done
}
pass device &
pass oclgrind &
wait

# ---- the verdict ----------------------------------------------------------------
dev=$tmp/device.v ocl=$tmp/oclgrind.v
device=$(sed -n 's/^device //p' "$dev" | head -n 1)
echo "exercise $ex, files from $shown_dir, device: ${device:-?} (and Oclgrind for the small checks)"
if grep -q '^nobuild ' "$dev" "$ocl"; then
    f=$dev; grep -q '^nobuild ' "$dev" || f=$ocl
    line=$(sed -n 's/^nobuild //p' "$f" | head -n 1)
    echo "  $line:"
    sed -n 's/^log //p' "$f" | sed "s|^\(error: \)\{0,1\}\([A-Za-z0-9_.-]*\.cl:[0-9]\)|\1$shown_sed/\2|" | head -n 40 | sed 's/^/    /'
    plan=$(sed -n 's/^plan //p' "$f" | head -n 1)
    first_err=$(sed -n 's/^log //p' "$f" | grep -m1 -i 'error' | sed "s|^\(error: \)\{0,1\}\([A-Za-z0-9_.-]*\.cl:[0-9]\)|\1$shown_sed/\2|" || true)
    finish does-not-build 0 "${plan:-0}" - "$shown_dir/$line${first_err:+: $first_err}" 3
fi
if grep -q '^missing ' "$dev"; then
    finish missing 0 0 - "$(sed -n 's/^missing //p' "$dev" | head -n 1) is missing" 3
fi
plan=$(sed -n 's/^plan //p' "$dev" | head -n 1)
if [ -z "$plan" ]; then
    echo "  the checker could not start on this device; what it said:"
    cat "$tmp/device.err" "$tmp/device.out" | tail -n 15 | sed 's/^/    /'
    [ -s "$tmp/device.err" ] || echo "    (nothing; run make doctor)"
    finish crashed 0 0 - "the checker could not start: $(head -n 1 "$tmp/device.err")" 1
fi

awkprog='
$1 == "begin" { small[$2] = $3 }
$1 == "begin" || $1 == "skip" { i = $2; what[i] = $0; sub(/^(begin [0-9]+ [01]|skip [0-9]+) /, "", what[i]); state[i] = ($1 == "skip") ? "skip" : "open" }
$1 == "end" { i = $2; state[i] = ($3 == 1) ? "ok" : "fail"; r = $0; sub(/^end [0-9]+ [01] ?/, "", r); why[i] = r }
$1 == "crash" { state[$2] = "crash"; sig[$2] = $3 }
$1 == "timeout" { state[$2] = "timeout" }
END { for (i = 0; i < plan; i++) printf "%s\037%s\037%s\037%s\037%s\n", i, (i in state) ? state[i] : "notrun", what[i], why[i] "" (sig[i] != "" ? "#" sig[i] : ""), small[i] + 0 }'
awk -v plan="$plan" "$awkprog" "$dev" >"$tmp/dev.tab"
awk -v plan="$plan" "$awkprog" "$ocl" >"$tmp/ocl.tab"

crashmsg() { # exit status of the checker -> words
    local s=$1 name="exit status $1"
    [ "$s" -gt 128 ] && name="signal $((s - 128)), $(kill -l $((s - 128)) 2>/dev/null)"
    case $s in 139) name="a segmentation fault" ;; 135) name="a bus error" ;; 134) name="an abort" ;; esac
    echo "crashed with $name while this check ran: probably an out-of-bounds access, e.g. a work-item past the end of a buffer (a missing bound check) or an index far outside it; to see where, run: GRADE_OCLGRIND=all make grade EX=${ex%%-[a-z]*} DIR=$shown_dir"
}

score=0 status=passed reasons="" timed=0 crashed=0
while IFS=$'\037' read -r i dstate what dwhy small && IFS=$'\037' read -r _ ostate _ owhy _ <&4; do
    [ -n "$what" ] || what="check $((i + 1))"
    ok=0 why=""
    case $dstate in
    ok) ;;
    fail) why=$dwhy ;;
    crash) why=$(crashmsg "${dwhy##*#}"); crashed=1 ;;
    timeout) why="timed out after ${GRADE_CASE_SECONDS:-10} s on the device: a kernel that never ends? (a loop whose condition never turns false, or a barrier inside a loop only some work-items run)"; timed=1 ;;
    *) why="not run: an earlier check timed out or the checker stopped" ;;
    esac
    if [ "$dstate" = fail ] && [ "$ostate" = fail ]; then
        why="under Oclgrind: $owhy; on the device: $dwhy" # Oclgrind names the cause
    elif [ -z "$why" ]; then
        case $ostate in
        ok | skip) ok=1 ;;
        fail) why="under Oclgrind: $owhy" ;;
        crash) why="under Oclgrind: $(crashmsg "${owhy##*#}")"; crashed=1 ;;
        timeout) why="under Oclgrind: timed out (a kernel that never ends?)"; timed=1 ;;
        *) if [ "$small" = 0 ]; then ok=1; else why="under Oclgrind: not run (an earlier check timed out or crashed)"; fi ;;
        esac
    fi
    if [ $ok -eq 1 ]; then
        score=$((score + 1))
        echo "  PASS $what"
    else
        echo "  FAIL $what: $why"
        [ -n "$reasons" ] || reasons="$what: $why"
    fi
done <"$tmp/dev.tab" 4<"$tmp/ocl.tab"

# What the checker and the kernel printed: shown, never read for marks.
if grep -qv -e '^platform:' -e '^device:' "$tmp/device.out" 2>/dev/null; then
    echo "  the kernel printed (shown only, never read for marks):"
    grep -v -e '^platform:' -e '^device:' "$tmp/device.out" | head -n 8 | sed 's/^/    | /'
fi
if [ "${GRADE_OCLGRIND:-}" = all ] && [ -s "$tmp/oclgrind.log" ]; then
    echo "  Oclgrind's log:"
    sed 's/^/    /' "$tmp/oclgrind.log" | head -n 200
fi

tier=-
if grep -q '^tier ' "$dev"; then
    if [ "$score" -eq "$plan" ]; then
        tier=$(sed -n 's/^tier \([a-z]*\).*/\1/p' "$dev" | head -n 1)
        echo "  speed: $(sed -n 's/^tier [a-z]* //p' "$dev" | head -n 1)"
    fi
elif grep -q '^## Speed tier' "$exdir/README.md" 2>/dev/null; then
    tier=none
fi
[ "$score" -lt "$plan" ] && [ "$tier" != - ] && tier=none
[ $timed -eq 1 ] && status=timed-out
[ $timed -eq 0 ] && [ $crashed -eq 1 ] && status=crashed
[ $timed -eq 0 ] && [ $crashed -eq 0 ] && [ "$score" -lt "$plan" ] && status=failed
[ "$plan" -gt 0 ] || status=failed
code=1
[ "$status" = passed ] && code=0
finish "$status" "$score" "$plan" "$tier" "$reasons" $code
