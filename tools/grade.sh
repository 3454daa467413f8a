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
# Each check has a time limit (GRADE_CASE_SECONDS, 10 s; 20 under Oclgrind),
# kept by the checker's SIGALRM and by a watchdog process beside it that the
# OpenCL runtime cannot hold up (exercises/grading.c); a student's program
# has its own (3 s; 2 s after it ran out of time once, and after twice it
# is not run again: exercises/runner-spawn.h), and the whole pass
# GRADE_PASS_SECONDS (300). Compiling
# a kernel has a limit of its own (GRADE_COMPILE_SECONDS, 120 s): past it the
# submission does not build; so has building student C (GRADE_BUILD_SECONDS,
# 120 s, wall clock). After a check times out, the checks after it in that
# pass get 2 s each (5 under Oclgrind), and a second time-out ends the pass:
# a kernel that never ends costs about one check's limit, not every check's.
# For the exercises tools/see/expected.txt or required.txt lists, a last run
# under Oclgrind with make see's plugin, in the sandbox, measures the
# kernel's global reads and writes (segments of 128 bytes per warp of 32):
# what the statement requires of them (tools/see/required.txt) is one more
# check, counted only where Oclgrind and the plugin run (elsewhere the grade
# says it could not be made and is provisional), and one line of advice
# compares them with the solution's (tools/see/feedback.sh), never a mark.
#
# GRADE_OCLGRIND=all runs every check under Oclgrind too and prints its whole
# log: the command to see where a crash happens. --result FILE writes
# status=, score=, max=, tier=, reason= lines for grade-all.sh, then a
# check=pass|fail line per check (name and reason after tabs).
# Exit: 0 full score, 1 marks lost, 2 usage error, 3 missing file or does not build.
set -u
here=${0%/*}; [ "$here" != "$0" ] || here=.
root=$(cd "$here/.." && pwd)
result=""
if [ "${1:-}" = --result ]; then result=${2:-}; shift 2; fi
# From make, EX and DIR come in the environment (make exports the variables
# of its command line), never through a shell line.
max_only=0
if [ "${1:-}" = --from-make ]; then EX=${EX:-} DIR=${DIR:-}
elif [ "${1:-}" = --max ]; then max_only=1 EX=${2:-} DIR=. # how many checks EX has (grade-all)
else EX=${1:-} DIR=${2:-}; fi
exercise_list() { (cd "$root/exercises" && ls -d [0-9]*/ | tr -d / | tr '\n' ' '); }
if [ -z "$EX" ] || [ -z "$DIR" ]; then
    echo "usage: make grade EX=01-1 DIR=path/to/attempt   (exercises: $(exercise_list))" >&2
    exit 2
fi
EX=${EX%/}
EX=${EX##*/} # a path such as exercises/01-1-squared-distance/ names its exercise
case "$EX" in *[!A-Za-z0-9-]*) matches="" ;; *) matches=$(cd "$root/exercises" && ls -d "$EX"*/ 2>/dev/null | tr -d /) ;; esac
if [ -d "$root/exercises/$EX" ]; then matches=$EX; fi
if [ -z "$matches" ] || [ "$(echo "$matches" | grep -c .)" -ne 1 ]; then
    echo "error: EX=$EX matches ${matches:-no exercise}; choose one of: $(exercise_list)" >&2
    exit 2
fi
ex=$matches
exdir=$root/exercises/$ex
[ -d "$DIR" ] || { echo "error: DIR=$DIR is not a folder" >&2; exit 2; }
shown_dir=${DIR%/}
# A solutions/ folder holds the starter too, behind #if SOLUTION: graded as
# it is, it would be the starter's 0 blamed on the kernel.
holds_both() {
    local f
    [ "$(cd "$DIR" && pwd -P)" = "$(cd "$root" && pwd -P)/solutions/$ex" ] && return 0
    for f in "$DIR"/*; do # plain files only: a FIFO would never answer
        [ -f "$f" ] && [ ! -L "$f" ] || continue
        head -c 1048576 "$f" | grep -qE '^[[:space:]]*#[[:space:]]*if[[:space:]]+SOLUTION' && return 0
    done
    return 1
}
if [ $max_only -eq 0 ] && holds_both; then
    echo "error: $shown_dir holds the starter and the answer behind #if SOLUTION; to grade the official solution: tools/starters.sh solve $ex /tmp/$ex && make grade EX=${ex%%-[a-z]*} DIR=/tmp/$ex" >&2
    exit 2
fi
shown_sed=$(printf '%s' "$shown_dir" | sed 's/[&|#\\]/\\&/g') # for the right side of sed's s|||
DIR=$(cd "$DIR" && pwd)
t_start=${EPOCHREALTIME/[.,]/} # microseconds
host_code=0 nested=no
[ -f "$exdir/runner.c" ] && host_code=1

# The sandbox (tools/sandbox.sh) for everything the student wrote; where
# bubblewrap cannot work the grade goes on without it and says so.
if [ $max_only -eq 1 ]; then sandbox=- hazards=-
elif sb=$("$root/tools/sandbox.sh" probe); then
    export GRADE_SANDBOX_AS=$sb
    sandbox=bubblewrap
else
    echo "note: no sandbox: $sb; your files run without one"
    export GRADE_SANDBOX=0
    sandbox="none ($sb)"
fi
# Oclgrind finds the hazards no device shows; without it the grade goes on
# and says which checks it could not make.
hazards=run
oclgrind=${OCLGRIND-oclgrind} # OCLGRIND= (empty) grades as if it were not installed
[ "$oclgrind" = : ] && oclgrind="" # (a colon would find the shell's builtin)
provisional=no
if [ $max_only -eq 0 ] && { [ -z "$oclgrind" ] || ! command -v "$oclgrind" >/dev/null 2>&1; }; then
    echo "note: Oclgrind is not installed, so the hazard checks (data races, uninitialized reads, barrier divergence, exact bounds) are not run and this grade is provisional: make deps-grade installs it (Debian's oclgrind), or on a machine with no package registry tools/grading-tools.sh brings it"
    hazards="not run (no Oclgrind)"
    provisional=yes
fi
provisional_why="the hazard checks did not run"
# What the statement requires of the kernel's memory access
# (tools/see/required.txt): one more check each, measured under Oclgrind
# with make see's access plugin. Counted in the max only where both run;
# elsewhere the grade says it could not be made and is provisional.
see_plugin=${SEE_PLUGIN:-$root/build/see/access-plugin.so}
required=$(awk -v e="$ex" '$1 == e' "$root/tools/see/required.txt" 2>/dev/null)
required_n=$(printf '%s' "$required" | grep -c .)
required_counted=0 required_missing=""
if [ "$required_n" -gt 0 ]; then
    if [ -z "$oclgrind" ] || ! command -v "$oclgrind" >/dev/null 2>&1; then required_missing="it needs Oclgrind"
    elif [ ! -f "$see_plugin" ]; then required_missing="it needs make see's access plugin: make grade-plugin"
    elif ! command -v python3 >/dev/null 2>&1; then required_missing="it needs python3 for make see's report"
    else required_counted=$required_n; fi
    if [ -n "$required_missing" ] && [ $max_only -eq 0 ]; then
        echo "note: the statement's requirement on memory access cannot be checked here ($required_missing), so it is not counted and this grade is provisional"
        [ "$provisional" = yes ] && provisional_why="$provisional_why, nor the access check" || provisional_why="the access check did not run"
        provisional=yes
    fi
fi

write_result() { # status score max tier reason
    [ -n "$result" ] || return 0
    # An exercise with a speed tier has one in every row, "none" where the
    # attempt failed or never ran, so a gradebook column never mixes "-"
    # and "none" for the same thing.
    set -- "$1" "$2" "$3" "$(if [ "$4" = - ] && grep -q '^## Speed tier' "$exdir/README.md" 2>/dev/null; then echo none; else echo "$4"; fi)" "$5"
    printf 'status=%s\nscore=%s\nmax=%s\ntier=%s\nreason=%s\ndevice=%s\nratio=%s\nsandbox=%s\nhazards=%s\ngraded=%s\nprovisional=%s\n' "$1" "$2" "$3" "$4" \
        "$(printf '%s' "$5" | tr '\n\r' '  ')" "$(sed -n 's/^device //p' "$tmp/device.v" 2>/dev/null | head -n 1)" \
        "${ratio:-}" "$sandbox" "$hazards" "$graded" "$provisional" >"$result"
    # one line per check after them: check=pass|fail<TAB>name<TAB>reason
    [ -s "$tmp/checks" ] && cat "$tmp/checks" >>"$result"
    return 0
}
finish() { # status score max tier reason exit-code
    # a file:line in a reason names the student's own file, folder and all
    write_result "$1" "$2" "$3" "$4" "$(printf '%s' "$5" | sed -E "s#(^|[^/A-Za-z0-9_.-])([A-Za-z0-9_.-]+\.(cl|c|h):[0-9]+)#\1$shown_sed/\2#g")"
    echo "exercise $ex: score $2/$3"
    if [ "$graded" = public ]; then
        echo "graded here: the public checks only; your instructor's grade adds hidden checks (other sizes and seeds) and the values of your answers"
    fi
    [ -n "$4" ] && [ "$4" != "-" ] && echo "speed tier: $4"
    echo "status: $1$([ "$provisional" = yes ] && echo ", provisional: $provisional_why") (graded in $(tenths=$(((${EPOCHREALTIME/[.,]/} - t_start + 50000) / 100000)); echo "$((tenths / 10)).$((tenths % 10))") s)"
    exit "$6"
}
# The number of checks, from the checker's own table, for a grade that
# stops before the checker runs (the CSV's max is never 0).
# (and the access checks of tools/see/required.txt where they count)
plan_of() { "$checker" --plan 3>&1 >/dev/null 2>&1 | sed -n 's/^plan //p' | head -n 1 | awk -v r="$required_counted" '{ print $1 + r }'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 711 "$tmp"
mkdir -p "$tmp/student" "$tmp/ocl" "$tmp/rbin" "$tmp/pocl"
chmod 755 "$tmp/student"
chmod 777 "$tmp/ocl" "$tmp/rbin" "$tmp/pocl"
# ---- public or instructor: what this grade covers -------------------------------
# The handout's checkers hold public cases and check an answer's form only.
# The instructor's folder (solutions/ where it is present, or GRADE_HIDDEN=DIR
# laid out as solutions/ is) adds, for exercise EX, EX/instructor/hidden.h
# (hidden cases, built into the checker) and EX/instructor/answer (the
# answer's values, compared here, in the grader's process, never in one
# that runs student code). tools/handout.sh never packs them.
hidden_dir=${GRADE_HIDDEN:-}
if [ -z "$hidden_dir" ] && [ -d "$root/solutions" ]; then hidden_dir=$root/solutions; fi
if [ -n "$hidden_dir" ] && [ ! -d "$hidden_dir" ]; then
    echo "error: GRADE_HIDDEN=$hidden_dir is not a folder (an instructor folder laid out as solutions/ is)" >&2
    exit 2
fi
hidden_cases="" answer_key="" graded=public
if [ -n "$hidden_dir" ]; then
    graded=instructor
    hidden_dir=$(cd "$hidden_dir" && pwd)
    [ -f "$hidden_dir/$ex/instructor/hidden.h" ] && hidden_cases=$hidden_dir/$ex/instructor/hidden.h
    [ -f "$hidden_dir/$ex/instructor/answer" ] && answer_key=$hidden_dir/$ex/instructor/answer
fi
# The speed tier in instructor mode: the official solution's kernel, built
# and timed beside the student's on the same launch, is the yardstick, so
# that silver means "as fast as ours" on any device (GRADE_TIER_BY=yardstick
# keeps the grader's own yardstick, as public mode has it). Only its kernel
# files go to the checker (which builds them with -DSOLUTION=1).
unset GRADE_SOLUTION_DIR
solution_dir=""
if [ -n "$hidden_dir" ] && [ $host_code -eq 0 ] && [ "${GRADE_TIER_BY:-solution}" = solution ] &&
        grep -q '^## Speed tier' "$exdir/README.md" 2>/dev/null; then
    for f in "$exdir"/*.cl; do
        [ -f "$hidden_dir/$ex/${f##*/}" ] || continue
        mkdir -p "$tmp/solution" && cp "$hidden_dir/$ex/${f##*/}" "$tmp/solution/" && solution_dir=$tmp/solution
    done
    [ -n "$solution_dir" ] && chmod -R a+rX "$solution_dir"
fi
# ---- build: the checker is cached in build/grader/, student C never is ----------
CCMD=(${CC:-cc} -std=c11 -O1 -g -I"$root/common" -I"$root/exercises" -I"$root/tools/grader" -I"$exdir"
      -DCLU_KERNEL_DIR="\"$root/kernels\"")
[ -n "$hidden_cases" ] && CCMD+=(-DGRADE_HIDDEN="\"$hidden_cases\"")
# One cache per compiler command: a checker built with the sanitizers (tests)
# must never be the one a plain grade runs, nor the other way round; one
# with hidden cases never the public one.
cache=$root/build/grader/$(printf '%s %s' "${CC:-cc}" "$hidden_cases" | md5sum | cut -c1-8)/$ex
checker=$cache/check
srcs=("$exdir/check.c" "$root/exercises/grading.c" "$root"/common/*.c)
stale=1
if [ -x "$checker" ]; then
    stale=0
    for s in "${srcs[@]}" "$root"/exercises/*.h "$root"/tools/grader/*.h "$root"/common/*.h "$exdir"/*.h $hidden_cases; do
        [ -e "$s" ] && [ "$s" -nt "$checker" ] && stale=1
    done
fi
# grading.c and common/ are the same in every checker built with one
# compiler command: compiled once into build/grader/<hash>-objects/, each
# object again when its source or a header is newer, and linked with each
# exercise's check.c (where that folder cannot be written, all in one go).
shared_objects() { # prints the objects, or fails
    local dir=$1 s o h fresh
    local OCMD=(${CC:-cc} -std=c11 -O1 -g -I"$root/common" -I"$root/exercises" -DCLU_KERNEL_DIR="\"$root/kernels\"")
    mkdir -p "$dir" 2>/dev/null && [ -w "$dir" ] || return 1
    for s in "$root/exercises/grading.c" "$root"/common/*.c; do
        o=${s##*/}; o=$dir/${o%.c}.o
        fresh=0
        if [ -f "$o" ]; then
            fresh=1
            for h in "$s" "$root"/exercises/*.h "$root"/common/*.h; do [ "$h" -nt "$o" ] && fresh=0; done
        fi
        if [ $fresh -eq 0 ]; then
            if ! "${OCMD[@]}" -c -o "$o.$$" "$s" 2>>"$tmp/checker.log"; then rm -f "$o.$$"; return 1; fi
            mv -f "$o.$$" "$o" || return 1
        fi
        echo "$o"
    done
}
if [ $stale -eq 1 ]; then
    if ! mkdir -p "$cache" 2>/dev/null || [ ! -w "$cache" ]; then cache=$tmp; checker=$tmp/check; fi
    objects=()
    [ "$cache" != "$tmp" ] && mapfile -t objects < <(shared_objects "$root/build/grader/$(printf '%s' "${CC:-cc}" | md5sum | cut -c1-8)-objects")
    [ ${#objects[@]} -eq $((${#srcs[@]} - 1)) ] && srcs=("$exdir/check.c" "${objects[@]}")
    if ! "${CCMD[@]}" -o "$checker.$$" "${srcs[@]}" -lOpenCL -lm 2>"$tmp/checker.log"; then
        echo "error: the grader's checker for $ex does not build (not your fault):" >&2
        cat "$tmp/checker.log" >&2
        exit 2
    fi
    mv -f "$checker.$$" "$checker"
fi
if [ $max_only -eq 1 ]; then plan_of; exit 0; fi
# The scanner of directives that read files, cached beside the checker.
scanner=$cache/file-directives
[ -w "$cache" ] || scanner=$tmp/file-directives
if [ ! -x "$scanner" ] || [ "$root/tools/file-directives.c" -nt "$scanner" ]; then
    if ! "${CCMD[@]}" -o "$scanner.$$" "$root/tools/file-directives.c" 2>"$tmp/scanner.log"; then
        echo "error: the grader's tools/file-directives.c does not build (not your fault):" >&2
        cat "$tmp/scanner.log" >&2
        exit 2
    fi
    mv -f "$scanner.$$" "$scanner"
fi
missing="" refused=""
for f in "$exdir"/*; do
    name=${f##*/}
    case "$name" in check.c | runner.c | *.h | README.md) continue ;; esac
    if [ -L "$DIR/$name" ] || { [ -e "$DIR/$name" ] && [ ! -f "$DIR/$name" ]; }; then
        refused="$shown_dir/$name is not a plain file (a link?): hand in the file itself"
    elif [ -f "$DIR/$name" ]; then
        if [ "$(wc -c <"$DIR/$name")" -gt 1048576 ]; then refused="$shown_dir/$name is larger than 1 MiB"; continue; fi
        cp "$DIR/$name" "$tmp/student/" && chmod 644 "$tmp/student/$name"
    elif [ "$name" != answer.txt ]; then missing="$missing $name"; fi # a missing answer costs its check only
done
if [ -n "$missing" ]; then
    for m in $missing; do echo "error: $shown_dir/$m is missing"; done
    finish missing 0 "$(plan_of)" - "$(for m in $missing; do printf '%s/%s is missing; ' "$shown_dir" "$m"; done)" 3
fi
# A kernel is built alone: an #include could only reach outside the
# submission (the grader's files, another student's), so it is refused;
# student C may include headers by their plain names only. The refusal holds
# without the sandbox: tools/file-directives.c reads the file as the
# compiler's preprocessor does (comments, literals, continuations, %: and ??=).
for f in "$tmp/student"/*.cl "$tmp/student"/*.c; do
    [ -f "$f" ] || continue
    kind=kernel
    case "$f" in *.c) kind=host ;; esac
    said=$("$scanner" "$kind" "$f" 2>&1)
    case $? in
    0) ;;
    1) refused="$shown_dir/${f##*/}:$said" ;;
    *) refused="$shown_dir/${f##*/} could not be read for its directives: $said" ;;
    esac
done
if [ -n "$refused" ]; then
    echo "error: $refused"
    finish does-not-build 0 "$(plan_of)" - "$refused" 3
fi

case "${CC:-}" in *sanitize=address*) export GRADE_LIMIT_MEM=unlimited ;; esac
# What the sandbox binds comes from this grade's own folder, which the
# sandbox's user (nobody, when grading as root) can reach wherever the
# project lives.
mkdir -p "$tmp/src"
cp "$checker" "$tmp/check"
cp -r "$exdir" "$tmp/src/exercise"
cp -r "$root/common" "$tmp/src/common"
cp "$root/tools/grader/opencl-recorder.c" "$root/tools/grader/opencl-recorder.h" "$tmp/src/"
chmod -R a+rX "$tmp/src" "$tmp/check"
if [ $host_code -eq 1 ]; then
    # The student's C becomes a program of its own, built and run in the
    # sandbox, linked against the stand-in OpenCL of opencl-recorder.c: it
    # never touches a device, the checker carries out what it asks for. An
    # OpenCL call the recorder does not offer becomes a stub that says so.
    # Compiled from the student's folder, so that messages name their files.
    build_script='set -e
cc=$1 ex=$2 common=$3 grader=$4 out=$5
mkdir -p "$out/o"
for f in *.c; do $cc -std=c11 -O1 -g -Wall -Wextra -I"$ex" -I"$common" -I"$grader" -c -o "$out/o/student-${f%.c}.o" "$f"; done
[ -f "$out/o/runner.o" ] || $cc -std=c11 -O1 -g -I"$ex" -I"$common" -I"$grader" -c -o "$out/o/runner.o" "$ex/runner.c"
[ -f "$out/o/recorder.o" ] || $cc -std=c11 -O1 -g -I"$grader" -c -o "$out/o/recorder.o" "$grader/opencl-recorder.c"
for f in "$common"/*.c; do o=$out/o/common-$(basename "${f%.c}").o; [ -f "$o" ] || $cc -std=c11 -O1 -g -I"$common" -DCLU_KERNEL_DIR="\"/nowhere\"" -c -o "$o" "$f"; done
nm --defined-only "$out/o/recorder.o" | awk "{ print \$3 }" | sort >"$out/o/offered"
nm -u "$out"/o/*.o | awk "\$2 ~ /^cl[A-Z]/ { print \$2 }" | sort -u | comm -23 - "$out/o/offered" |
  awk "{ printf \"#include <unistd.h>\\nvoid %s(void) { static const char m[] = \\\"forbidden %s\\\\n\\\"; if (write(7, m, sizeof m - 1)) {} _exit(96); }\\n\", \$1, \$1 }" >"$out/o/stubs.c"
$cc -c -o "$out/o/stubs.o" "$out/o/stubs.c"
$cc -o "$out/runner" "$out"/o/*.o -lm'
    if [ "$sandbox" = bubblewrap ]; then paths=(/exercise /common /grader /out); cd_to=/submission
    else paths=("$tmp/src/exercise" "$tmp/src/common" "$tmp/src" "$tmp/rbin"); cd_to=$tmp/student; fi
    # The grader's own objects (runner.c, the recorder, common/) are the
    # same for every student: compiled once per checker cache, from the same
    # copies and with the same commands as the script above, and copied in
    # (it compiles what is not there, as it does where the cache cannot be
    # written).
    host_objects() { # DIR: fresh objects in DIR, or fail
        local dir=$1 s n=$1.$$ stale=0 f
        mkdir -p "$dir" 2>/dev/null && [ -w "$dir" ] || return 1
        [ -f "$dir/stamp" ] || stale=1
        for s in "$exdir"/runner.c "$exdir"/*.h "$root"/tools/grader/opencl-recorder.[ch] "$root"/common/*.[ch]; do
            [ -e "$s" ] && [ "$s" -nt "$dir/stamp" ] && stale=1
        done
        [ $stale -eq 0 ] && return 0
        rm -rf "$n" && mkdir -p "$n" || return 1
        (cd "$tmp/src" && ${CC:-cc} -std=c11 -O1 -g -Iexercise -Icommon -I. -c -o "$n/runner.o" exercise/runner.c &&
            ${CC:-cc} -std=c11 -O1 -g -I. -c -o "$n/recorder.o" opencl-recorder.c &&
            for f in common/*.c; do ${CC:-cc} -std=c11 -O1 -g -Icommon -DCLU_KERNEL_DIR="\"/nowhere\"" -c -o "$n/common-$(basename "${f%.c}").o" "$f" || exit 1; done
        ) >/dev/null 2>&1 || { rm -rf "$n"; return 1; }
        for f in "$n"/*.o; do mv -f "$f" "$dir/"; done
        rm -rf "$n"
        touch "$dir/stamp"
    }
    mkdir -p "$tmp/rbin/o" && chmod 777 "$tmp/rbin/o"
    if [ "$cache" != "$tmp" ] && host_objects "$cache/host-objects"; then
        cp "$cache"/host-objects/*.o "$tmp/rbin/o/" && chmod a+r "$tmp"/rbin/o/*.o
    fi
    # A wall-clock limit too: a compiler blocked on a read uses no CPU.
    timeout -k 2 "${GRADE_BUILD_SECONDS:-120}" "$root/tools/sandbox.sh" bare --ro "$tmp/student" /submission --ro "$tmp/src/exercise" /exercise \
            --ro "$tmp/src/common" /common --ro "$tmp/src/opencl-recorder.c" /grader/opencl-recorder.c \
            --ro "$tmp/src/opencl-recorder.h" /grader/opencl-recorder.h --rw "$tmp/rbin" /out \
            --chdir "$cd_to" -- sh -c "$build_script" sh "${CC:-cc}" "${paths[@]}" >"$tmp/cc.log" 2>&1
    built=$?
    if [ $built -ne 0 ]; then
        if [ $built -eq 124 ] || [ $built -eq 137 ]; then
            { echo "error: the build did not end within ${GRADE_BUILD_SECONDS:-120} s (a file it waits to read, or a macro that never ends?)"
              cat "$tmp/cc.log"; } >"$tmp/cc.log2" && mv -f "$tmp/cc.log2" "$tmp/cc.log"
        fi
        echo "  your C does not compile:"
        sed "s|^\([A-Za-z0-9_.-]*\.[ch]:[0-9]\)|$shown_sed/\1|" "$tmp/cc.log" | sed 's/^/    /' | head -n 40
        finish does-not-build 0 "$(plan_of)" - "C does not compile: $(grep -m1 'error' "$tmp/cc.log" | sed "s|^\([A-Za-z0-9_.-]*\.[ch]:[0-9]\)|$shown_sed/\1|")" 3
    fi
    [ -s "$tmp/cc.log" ] && { echo "  compiler warnings:"; sed 's/^/    /' "$tmp/cc.log" | head -n 20; }
    export GRADE_RUNNER=$tmp/rbin/runner GRADE_ROOT=$root GRADE_TMP=$tmp
    # The checker runs in the sandbox too where a sandbox can start inside
    # one (tools/sandbox.sh in tools/sandbox.sh); else outside, as before.
    if [ "$sandbox" = bubblewrap ] && "$root/tools/sandbox.sh" device --ro "$root/tools/sandbox.sh" /grader-root/tools/sandbox.sh \
            -- /grader-root/tools/sandbox.sh bare -- true >/dev/null 2>&1; then
        nested=yes
    fi
fi

# ---- the two passes, at the same time -----------------------------------------------
# pass MODE: run the checker until every check has a verdict; a crash or a
# time-out costs the check that was running and the rest run in a fresh
# process. Kernels run inside the checker: for those exercises the checker
# runs in the sandbox with the student's files and nothing else of the
# project. (For host code the checker runs no student code: the student's
# program runs in a sandbox of its own.)
pass() {
    local mode=$1 v=$tmp/$1.v first=0 st runs=0 wrap=() sb=() logsize hurry=0
    local chk=$checker dir=$tmp/student logpath=$tmp/ocl/oclgrind.log
    : >"$v"
    local soln=()
    # PoCL's kernel cache: this grade's own ($tmp/pocl), so that a checker
    # started again after a crash or a time-out does not compile the same
    # kernels again, and nothing one grade compiled is seen by another. The
    # test suite only (tests/run.sh) shares one among its grades, and keeps
    # it from run to run, GRADE_TEST_POCL_CACHE, so that a kernel graded
    # again (the solution, the starter, a corpus attempt) is compiled once;
    # grade-all.sh never passes it on (a student's kernel runs as native code on PoCL, and one
    # could write what the next one loads).
    # One folder of it per identity the sandbox runs as (nobody, or root
    # where nobody cannot run this bwrap: a packed one under a folder only
    # root may read): PoCL's entries are readable by their owner only, and
    # root in the sandbox's user namespace may not read nobody's.
    local pocl_cache=$tmp/pocl
    if [ -n "${GRADE_TEST_POCL_CACHE:-}" ] && [ -d "$GRADE_TEST_POCL_CACHE" ] && [ -w "$GRADE_TEST_POCL_CACHE" ]; then
        pocl_cache=$GRADE_TEST_POCL_CACHE/${GRADE_SANDBOX_AS:-self}
        mkdir -p "$pocl_cache" 2>/dev/null && chmod 1777 "$pocl_cache" 2>/dev/null || pocl_cache=$tmp/pocl
    fi
    local pocl=(--rw "$pocl_cache" /tmp/pocl --setenv POCL_CACHE_DIR /tmp/pocl)
    if [ $host_code -eq 0 ] && [ "$sandbox" = bubblewrap ]; then
        chk=/grader/check dir=/submission logpath=/grader-log/oclgrind.log
        [ -n "$solution_dir" ] && [ "$mode" = device ] &&
            soln=(--ro "$solution_dir" /grader/solution --setenv GRADE_SOLUTION_DIR /grader/solution)
        sb=("$root/tools/sandbox.sh" device --ro "$tmp/student" /submission --ro "$tmp/check" /grader/check
            --rw "$tmp/ocl" /grader-log "${pocl[@]}" --setenv GRADE_OCLGRIND_LOG "$logpath"
            "${soln[@]}" --chdir /submission --)
    elif [ "$nested" = yes ]; then
        # A host-code checker parses what the student's program wrote: it
        # runs in the device sandbox too, with only what it needs, and starts
        # the program in a sandbox of its own inside that one; its temporary
        # folder is the sandbox's own /tmp.
        chk=/grader/check dir=/submission logpath=/grader-log/oclgrind.log
        sb=("$root/tools/sandbox.sh" device --ro "$tmp/student" /submission --ro "$tmp/check" /grader/check
            --ro "$root/tools/sandbox.sh" /grader-root/tools/sandbox.sh --ro "$tmp/rbin/runner" /grader-bin/runner
            --rw "$tmp/ocl" /grader-log "${pocl[@]}" --setenv GRADE_OCLGRIND_LOG "$logpath"
            --setenv GRADE_ROOT /grader-root --setenv GRADE_RUNNER /grader-bin/runner --setenv GRADE_TMP /tmp
            --chdir /submission --)
    fi
    if [ "$mode" = oclgrind ]; then
        local flags
        flags=$(sed -n 's/.*grade.sh: oclgrind-flags \([-a-z ]*\).*/\1/p' "$exdir/check.c" | head -n 1)
        wrap=("$oclgrind" ${flags:---data-races --uninitialized} --uniform-writes --max-errors 200 --log "$logpath")
    fi
    local pass_start=$SECONDS
    while :; do
        runs=$((runs + 1))
        logsize=$(stat -c %s "$tmp/ocl/oclgrind.log" 2>/dev/null || echo 0)
        # After a time-out the checks left are not waited out: a kernel that
        # never ends costs one check's limit, not every check's.
        (cd "$tmp/student" && { [ $hurry -eq 0 ] || export GRADE_CASE_SECONDS=$hurry; } &&
            { [ -z "$solution_dir" ] || [ "$mode" != device ] || [ ${#soln[@]} -gt 0 ] || export GRADE_SOLUTION_DIR=$solution_dir; } &&
            GRADE_OCLGRIND_LOG=$logpath timeout -k 5 "${GRADE_PASS_SECONDS:-300}" \
            "${sb[@]}" "${wrap[@]}" "$chk" "$dir" --mode "$mode" --first "$first" \
            3>>"$v" >>"$tmp/$mode.out" 2>>"$tmp/$mode.err") 2>/dev/null
        st=$?
        grep -q '^done$' "$v" && return
        grep -q '^nobuild ' "$v" && return
        # Out of time while the compiler ran (the checker's compile limit, or
        # this pass's): the kernel does not compile, whatever check was open.
        local compiling
        compiling=$(awk '$1 == "compiling" { c = $2 " " $3 } $1 == "compiled" { c = "" } END { print c }' "$v")
        if [ -n "$compiling" ] && { [ $st -eq 124 ] || [ $st -eq 137 ] || grep -q '^timeout ' "$v"; }; then
            echo "nobuild ${compiling% *} did not compile within ${compiling##* } s (a kernel too large for the compiler?)" >>"$v"
            return
        fi
        if [ "$(tail -n 1 "$v" | cut -d' ' -f1)" = restart ]; then # Oclgrind's error limit: go on afresh
            first=$(tail -n 1 "$v" | cut -d' ' -f2)
            : >"$tmp/ocl/oclgrind.log"
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
            if [ $hurry -gt 0 ]; then echo "gaveup $open" >>"$v"; return; fi
            hurry=2
            [ "$mode" = oclgrind ] && hurry=5
            echo "hurried $((open + 1)) $hurry" >>"$v"
        else
            echo "crash $open $st" >>"$v"
            # What Oclgrind saw before the crash names it better than a guess.
            if [ "$mode" = oclgrind ] && [ "$(stat -c %s "$tmp/ocl/oclgrind.log" 2>/dev/null || echo 0)" -gt "$logsize" ]; then
                local seen
                seen=$(tail -c +"$((logsize + 1))" "$tmp/ocl/oclgrind.log" | grep -m1 -E '^(Work-group divergence|Work-item divergence|Invalid (read|write)|.*data race|Uninitialized)' || true)
                [ -n "$seen" ] && echo "crashwhy $open $seen" >>"$v"
            fi
        fi
        first=$((open + 1))
        [ $runs -lt 30 ] && [ $((SECONDS - pass_start)) -lt "${GRADE_PASS_SECONDS:-300}" ] || return
    done
}
pass device &
[ "$hazards" = run ] && pass oclgrind &
wait
[ -f "$tmp/oclgrind.v" ] || : >"$tmp/oclgrind.v"

# ---- the verdict ----------------------------------------------------------------
dev=$tmp/device.v ocl=$tmp/oclgrind.v
device=$(sed -n 's/^device //p' "$dev" | head -n 1)
case $hazards in
run) echo "exercise $ex, files from $shown_dir, device: ${device:-?} (and Oclgrind for the hazard checks)" ;;
*) echo "exercise $ex, files from $shown_dir, device: ${device:-?} (hazard checks $hazards)" ;;
esac
if grep -q '^nobuild ' "$dev" "$ocl"; then
    f=$dev; grep -q '^nobuild ' "$dev" || f=$ocl
    line=$(sed -n 's/^nobuild //p' "$f" | head -n 1)
    echo "  $line:"
    sed -n 's/^log //p' "$f" | sed "s|^\(error: \)\{0,1\}\([A-Za-z0-9_.-]*\.cl:[0-9]\)|\1$shown_sed/\2|" | head -n 40 | sed 's/^/    /'
    plan=$(sed -n 's/^plan //p' "$f" | head -n 1)
    first_err=$(sed -n 's/^log //p' "$f" | grep -m1 -i 'error' | sed "s|^\(error: \)\{0,1\}\([A-Za-z0-9_.-]*\.cl:[0-9]\)|\1$shown_sed/\2|" || true)
    finish does-not-build 0 "$(( ${plan:-0} + required_counted ))" - "$shown_dir/$line${first_err:+: $first_err}" 3
fi
if grep -q '^missing ' "$dev"; then
    finish missing 0 "$(( $(sed -n 's/^plan //p' "$dev" | head -n 1) + required_counted ))" - "$shown_dir/$(sed -n 's/^missing //p' "$dev" | head -n 1) is missing" 3
fi
plan=$(sed -n 's/^plan //p' "$dev" | head -n 1)
if [ -z "$plan" ]; then
    echo "  the checker could not start on this device; what it said:"
    cat "$tmp/device.err" "$tmp/device.out" | tail -n 15 | sed 's/^/    /'
    [ -s "$tmp/device.err" ] || echo "    (nothing; run make doctor)"
    finish crashed 0 "$(plan_of)" - "the checker could not start: $(head -n 1 "$tmp/device.err")" 1
fi

awkprog='
$1 == "begin" { small[$2] = $3 }
$1 == "begin" || $1 == "skip" { i = $2; what[i] = $0; sub(/^(begin [0-9]+ [01]|skip [0-9]+) /, "", what[i]); state[i] = ($1 == "skip") ? "skip" : "open" }
$1 == "end" { i = $2; state[i] = ($3 == 1) ? "ok" : "fail"; r = $0; sub(/^end [0-9]+ [01] ?/, "", r); why[i] = r }
$1 == "crash" { state[$2] = "crash"; sig[$2] = $3 }
$1 == "timeout" { state[$2] = "timeout" }
$1 == "late" { late[$2] = 1 }
$1 == "hurried" { hurried = $2 + 0; hurry = $3 }
$1 == "gaveup" { gaveup = 1 }
$1 == "crashwhy" { i = $2; r = $0; sub(/^crashwhy [0-9]+ /, "", r); if (!(i in seen)) seen[i] = r }
END { for (i = 0; i < plan; i++) {
        if (!(i in state)) { if (gaveup) state[i] = "gaveup"; continue }
        if (state[i] == "timeout" && hurry != "" && i >= hurried) { state[i] = "hurried"; why[i] = hurry }
      }
      for (i = 0; i < plan; i++) printf "%s\037%s\037%s\037%s\037%s\037%s\037%s\n", i, (i in state) ? state[i] : "notrun", what[i], why[i] "" (sig[i] != "" ? "#" sig[i] : ""), small[i] + 0, seen[i], late[i] + 0 }'
awk -v plan="$plan" "$awkprog" "$dev" >"$tmp/dev.tab"
# The answer to the lesson's question: the checker checked its form; its
# values are compared here with the instructor's key, or left to the
# instructor. (The record names the check; its count comes from the key.)
answer_at=$(sed -n 's/^answer \([0-9]*\) .*/\1/p' "$dev" | head -n 1)
if [ -n "$answer_at" ]; then
    answer_n=$(sed -n "s/^answer $answer_at \([0-9]*\) .*/\1/p" "$dev" | head -n 1)
    answer_hint=$(sed -n "s/^answer $answer_at [0-9]* //p" "$dev" | head -n 1)
    verdict=""
    if [ -n "$answer_key" ]; then
        verdict=$("$checker" --answer-values "$tmp/student/answer.txt" "$answer_key" 2>/dev/null </dev/null)
        [ "$verdict" = right ] || verdict=wrong
    fi
    awk -F '\037' -v OFS='\037' -v at="$answer_at" -v n="$answer_n" -v v="$verdict" -v hint="$answer_hint" '
        $1 == at && $2 == "ok" && v == "" { $3 = $3 " (its form: " n " number" (n == 1 ? "" : "s") ", ok; its values are graded by your instructor)" }
        $1 == at && $2 == "ok" && v == "wrong" { $2 = "fail"; $4 = "the answer in answer.txt is not right (" hint ")" }
        { print }' "$tmp/dev.tab" >"$tmp/dev.tab2" && mv "$tmp/dev.tab2" "$tmp/dev.tab"
fi
awk -v plan="$plan" "$awkprog" "$ocl" >"$tmp/ocl.tab"

crashmsg() { # exit status of the checker [what Oclgrind saw] -> words
    local s=$1 name="exit status $1"
    [ "$s" -gt 128 ] && name="signal $((s - 128)), $(kill -l $((s - 128)) 2>/dev/null)"
    case $s in 139) name="a segmentation fault" ;; 135) name="a bus error" ;; 134) name="an abort" ;; esac
    if [ -n "${2:-}" ]; then
        echo "crashed with $name while this check ran, after Oclgrind saw: $2"
        return
    fi
    echo "crashed with $name while this check ran: an access far outside a buffer (a missing bound check, an index far off) or a barrier not every work-item reaches; to see where, run: GRADE_OCLGRIND=all make grade EX=${ex%%-[a-z]*} DIR=$(printf '%q' "$shown_dir")"
}
# Oclgrind's words for a crash, as a bug class first.
seenmsg() {
    case "$1" in
    *divergence*) echo "barrier divergence (a barrier that not every work-item of the group reaches; Oclgrind: $1)" ;;
    *"Invalid read"*) echo "out-of-bounds read (Oclgrind: $1)" ;;
    *"Invalid write"*) echo "out-of-bounds write (Oclgrind: $1)" ;;
    *race*) echo "data race (Oclgrind: $1)" ;;
    *) echo "$1" ;;
    esac
}

score=0 status=passed reasons="" timed=0 crashed=0
# Where the student wrote host code, the checker runs none of it on the
# device: what timed out there is the commands it asked for.
timeout_hint="a kernel that never ends? (a loop whose condition never turns false, or a barrier inside a loop only some work-items run)"
[ $host_code -eq 1 ] && timeout_hint="the device did not finish the commands your program asked for (a command that waits for one that never ends?)"
# A barrier only part of a group reaches is the likely cause of what the
# device shows in the checks Oclgrind does not run: say so there.
divergence=$(grep -m1 -o 'barrier divergence[^;]*at [^ ]*:[0-9]*' "$tmp/ocl.tab" || true)
while IFS=$'\037' read -r i dstate what dwhy small _ dlate && IFS=$'\037' read -r _ ostate _ owhy _ oseen olate <&4; do
    [ -n "$what" ] || what="check $((i + 1))"
    ok=0 why="" note=""
    oclsaid=""
    [ -n "$oseen" ] && oclsaid=$(seenmsg "$oseen")
    [ "$ostate" = fail ] && oclsaid=$owhy
    case $dstate in
    ok) ;;
    fail) why=$dwhy ;;
    crash) why="on the device: $(crashmsg "${dwhy##*#}" "$oclsaid")"; crashed=1 ;;
    timeout) why="timed out after $(( ${GRADE_CASE_SECONDS:-10} )) s on the device: $timeout_hint"; timed=1 ;;
    hurried) why="not waited out (${dwhy%%#*} s): an earlier check timed out on the device ($timeout_hint)"; timed=1 ;;
    gaveup) why="not run: an earlier check timed out on the device ($timeout_hint)"; timed=1 ;;
    *) why="not run: the checker stopped before this check" ;;
    esac
    if [ "$dstate" = fail ] && [ "$ostate" = fail ] && [ "$owhy" = "$dwhy" ]; then
        why=$dwhy
    elif [ "$dstate" = fail ] && [ "$ostate" = fail ]; then
        why="under Oclgrind: $owhy; on the device: $dwhy" # Oclgrind names the cause
    elif [ "$dstate" = crash ] && [ -n "$oclsaid" ]; then
        why="under Oclgrind: $oclsaid; on the device it crashed"
    elif [ -z "$why" ]; then
        case $ostate in
        ok | skip) ok=1 ;;
        fail) why="under Oclgrind: $owhy" ;;
        crash) if [ -n "$oseen" ]; then why="under Oclgrind: $(seenmsg "$oseen"), then it crashed"
               else why="under Oclgrind: $(crashmsg "${owhy##*#}")"; fi; crashed=1 ;;
        timeout) why="under Oclgrind: timed out (a kernel that never ends?)"; timed=1 ;;
        hurried | gaveup) if [ "$small" = 0 ] && [ "$ostate" = gaveup ]; then ok=1
           else why="under Oclgrind: not run to its end: an earlier check timed out (a kernel that never ends?)"; timed=1; fi ;;
        *) if [ "$small" = 0 ]; then ok=1
           elif [ "$hazards" != run ]; then ok=1; note=" (hazard check not run: no Oclgrind)"
           else why="under Oclgrind: not run (the checker stopped before this check)"; fi ;;
        esac
    fi
    if [ $ok -eq 0 ] && [ -n "$divergence" ] && [ "$ostate" != fail ] && [ -z "$oseen" ]; then
        why="$why (Oclgrind saw $divergence in another check: the likely cause)"
    fi
    # a check whose student program ran out of its own time (the checker said late)
    if [ $ok -eq 0 ] && { [ "$dstate$dlate" = fail1 ] || [ "$ostate$olate" = fail1 ]; }; then timed=1; fi
    if [ $ok -eq 1 ]; then
        score=$((score + 1))
        echo "  PASS $what$note"
        printf 'check=pass\t%s\t%s\n' "${what//[$'\t\n\r']/ }" "${note# }" >>"$tmp/checks"
    else
        echo "  FAIL $what: $why"
        printf 'check=fail\t%s\t%s\n' "${what//[$'\t\n\r']/ }" "${why//[$'\t\n\r']/ }" >>"$tmp/checks"
        [ -n "$reasons" ] || reasons="$what: $why"
    fi
done <"$tmp/dev.tab" 4<"$tmp/ocl.tab"

# ---- access patterns (tools/see/): the statement's requirements, and advice ----
# For the exercises tools/see/expected.txt or required.txt lists, the
# checker's small checks run once more under Oclgrind with the access plugin
# of tools/see/, in the sandbox and with the limits of the passes; see.py
# turns what the plugin measured into a report there too. That report comes
# back as a file, and only numbers are taken from it (tools/see/feedback.sh
# for the advice, worst_access for the checks): the words are the grader's.
# After a time-out nothing more runs (a kernel that never ends costs one
# limit, not one more pass).
see_state="" # empty: measured; else why not
measure_access() {
    local sb=() args
    if [ "$hazards" != run ]; then see_state="it needs Oclgrind"; return 0; fi
    if [ ! -f "$see_plugin" ]; then see_state="no plugin: make build/see/access-plugin.so"; return 0; fi
    if [ $timed -eq 1 ]; then see_state="an earlier check timed out"; return 0; fi
    mkdir -p "$tmp/see" && chmod 777 "$tmp/see"
    cp "$see_plugin" "$tmp/src/access-plugin.so" && cp "$root/tools/see/see.py" "$tmp/src/see.py"
    chmod a+r "$tmp/src/access-plugin.so" "$tmp/src/see.py"
    # oclgrind plugin checker folder see.py: the kernel's output goes nowhere,
    # the checker's exit 1 (marks lost) still leaves a report.
    local script='SEE_OUT=$5 "$1" --plugins "$2" "$3" "$4" --mode oclgrind 3>/dev/null >/dev/null 2>&1
st=$?
[ $st -le 1 ] && [ -s "$5" ] || exit 3
exec python3 "$6" "$5" --adjacent'
    if [ "$sandbox" = bubblewrap ]; then
        sb=("$root/tools/sandbox.sh" device --ro "$tmp/student" /submission --ro "$tmp/check" /grader/check
            --ro "$tmp/src/access-plugin.so" /grader/access-plugin.so --ro "$tmp/src/see.py" /grader/see.py
            --rw "$tmp/see" /grader-see --chdir /submission --)
        args=("$oclgrind" /grader/access-plugin.so /grader/check /submission /grader-see/raw /grader/see.py)
    else
        sb=("$root/tools/sandbox.sh" device --chdir "$tmp/student" --)
        args=("$oclgrind" "$tmp/src/access-plugin.so" "$checker" "$tmp/student" "$tmp/see/raw" "$tmp/src/see.py")
    fi
    (cd "$tmp/student" && timeout -k 5 "${GRADE_PASS_SECONDS:-300}" "${sb[@]}" sh -c "$script" sh "${args[@]}" \
        3>/dev/null >"$tmp/see/report" 2>/dev/null) 2>/dev/null
    [ -s "$tmp/see/report" ] || see_state="the small checks did not run to the end under Oclgrind"
}
# worst_access OP: "SEGMENTS LINE" of the global accesses of kind OP (load,
# store) with the most segments per warp; only plain numbers are taken.
worst_access() {
    [ -z "$see_state" ] || return 0
    awk -v op="op=$1" '
        /^access: / && / space=global / && $0 ~ " " op " " {
            s = ""; l = ""
            for (i = 1; i <= NF; i++) {
                if ($i ~ /^segments=[0-9]+(\.[0-9]+)?$/) s = substr($i, 10)
                if ($i ~ /^line=[0-9]+$/) l = substr($i, 6)
            }
            if (s != "" && (best == "" || s + 0 > best + 0)) { best = s; at = l }
        }
        END { if (best != "") print best, at }' "$tmp/see/report"
}
# worst_neighbours OP: "PERCENT LINE" of the global accesses of kind OP with
# the smallest share of neighbouring work-items (local x, x + 1) at adjacent
# addresses, over the lines where such pairs met (see.py --adjacent).
worst_neighbours() {
    [ -z "$see_state" ] || return 0
    awk -v op="op=$1" '
        /^adjacent: / && / space=global / && $0 ~ " " op " " {
            s = ""; l = ""
            for (i = 1; i <= NF; i++) {
                if ($i ~ /^neighbours=[0-9]+%$/) s = substr($i, 12, length($i) - 12)
                if ($i ~ /^line=[0-9]+$/) l = substr($i, 6)
            }
            if (s != "" && (best == "" || s + 0 < best + 0)) { best = s; at = l }
        }
        END { if (best != "") print best, at }' "$tmp/see/report"
}
listed=0
awk -v e="$ex" '$1 == e { f = 1 } END { exit !f }' "$root/tools/see/expected.txt" 2>/dev/null && listed=1
[ "$required_n" -gt 0 ] && listed=1
[ $listed -eq 1 ] && measure_access
# The statement's requirements: a check each, after the checker's. It
# scores only for a kernel that passed every other check (an access pattern
# is a requirement on a right kernel; the starter's must not score).
checked=$score required_added=0
measure_words() { # the figure of a requirement, in words
    if [ $rmap -eq 1 ]; then echo "$rseg% of neighbouring work-items at adjacent elements, at least $rmost%"
    else echo "$rseg segments per warp of 32, at most $rmost"; fi
}
while IFS= read -r req; do
    [ -n "$req" ] || continue
    read -r _ rop rmost rtext <<<"$req"
    IFS='|' read -r rname rwhat rstmt <<<"$rtext"
    case $rop in load*) rkind=reads ;; *) rkind=writes ;; esac
    # OP-neighbours: MOST is the least share (%) of neighbouring work-items
    # whose accesses are adjacent; else the most segments per warp
    rmap=0
    case $rop in *-neighbours) rmap=1 rop=${rop%-neighbours} ;; esac
    rfile=$(cd "$exdir" && ls *.cl 2>/dev/null | head -n 1)
    rsol=$(awk -v e="$ex" -v op="$rop" '$1 == e { for (i = 2; i <= NF; i++) if (index($i, op "=") == 1) print substr($i, length(op) + 2) }' "$root/tools/see/expected.txt" 2>/dev/null | head -n 1)
    if [ $required_counted -eq 0 ]; then
        echo "  NOT CHECKED $rname: $required_missing (not counted; this grade is provisional)"
        printf 'check=unchecked\t%s\t%s\n' "$rname" "not checked: $required_missing" >>"$tmp/checks"
        continue
    fi
    if [ $rmap -eq 1 ]; then read -r rseg rline <<<"$(worst_neighbours "$rop")"
    else read -r rseg rline <<<"$(worst_access "$rop")"; fi
    if [ -n "$see_state" ] && [ "$checked" -ge "$plan" ]; then
        # a right kernel whose access could not be measured: the grader's
        # trouble, not the student's (not counted, and the grade says so)
        echo "  NOT CHECKED $rname: not measured: $see_state (not your fault; not counted, this grade is provisional)"
        printf 'check=unchecked\t%s\t%s\n' "$rname" "not measured: $see_state" >>"$tmp/checks"
        [ "$provisional" = yes ] && provisional_why="$provisional_why, nor the access check" || provisional_why="the access check could not be made"
        provisional=yes
        continue
    fi
    required_added=$((required_added + 1))
    ok=0
    if [ -n "$see_state" ]; then why="not measured: $see_state"
    elif [ -z "$rseg" ]; then why="not measured: no global $rkind of the kernel were seen under Oclgrind"
    elif [ $rmap -eq 1 ] && awk -v a="$rseg" -v b="$rmost" 'BEGIN { exit !(a + 0 < b + 0) }'; then
        why="$rwhat: of the work-items side by side in a row of a work-group, $rseg% ${rkind%s} adjacent elements${rline:+ ($rfile:$rline)} where $rstmt gives 100% (at least $rmost% pass)"
    elif [ $rmap -eq 0 ] && awk -v a="$rseg" -v b="$rmost" 'BEGIN { exit !(a + 0 > b + 0) }'; then
        why="$rwhat: $rseg memory segments per warp of 32${rline:+ ($rfile:$rline)} where $rstmt take about ${rsol:-?} (at most $rmost pass)"
    elif [ "$checked" -lt "$plan" ]; then
        why="not scored: the $rkind ($(measure_words)) count only for a kernel that passes every other check"
    else ok=1; fi
    if [ $ok -eq 1 ]; then
        score=$((score + 1))
        echo "  PASS $rname ($rkind: $(measure_words))"
        printf 'check=pass\t%s\t\n' "$rname" >>"$tmp/checks"
    else
        echo "  FAIL $rname: $why"
        printf 'check=fail\t%s\t%s\n' "$rname" "$why" >>"$tmp/checks"
        [ -n "$reasons" ] || reasons="$rname: $why"
    fi
done <<<"$required"
plan=$((plan + required_added))

# What the checker and the kernel printed: shown, never read for marks,
# each line behind a bar and with its control characters (a carriage return
# or an escape sequence that would move the cursor over the bar) shown as ?.
if grep -qv -e '^platform:' -e '^device:' "$tmp/device.out" 2>/dev/null; then
    echo "  the kernel printed (shown only, never read for marks):"
    grep -av -e '^platform:' -e '^device:' "$tmp/device.out" | head -n 8 | tr '\t' ' ' |
        LC_ALL=C sed 's/[[:cntrl:]]/?/g' | cut -c 1-200 | sed 's/^/    | /'
fi

advice() { # one line of advice, never a mark
    awk -v e="$ex" '$1 == e { f = 1 } END { exit !f }' "$root/tools/see/expected.txt" 2>/dev/null || return 0
    local line=""
    [ -z "$see_state" ] && line=$("$root/tools/see/feedback.sh" --report "$ex" "$tmp/see/report" 2>/dev/null)
    if [ -n "$line" ]; then
        echo "  advice (not marked): $line Every line: make see EX=${ex%%-[a-z]*} DIR=$(printf '%q' "$shown_dir")"
    else
        echo "  advice on access patterns: not given (${see_state:-no global access of the kernel was measured})"
    fi
}
advice
if [ "${GRADE_OCLGRIND:-}" = all ] && [ -s "$tmp/oclgrind.log" ]; then
    echo "  Oclgrind's log:"
    sed 's/^/    /' "$tmp/oclgrind.log" | head -n 200
fi

tier=-
ratio=$(sed -n 's/^ratio //p' "$dev" | head -n 1)
if grep -q '^tier ' "$dev"; then
    if [ "$score" -eq "$plan" ] && grep -q '^solutionless ' "$dev"; then
        echo "  note: the official solution could not be timed beside your kernel ($(sed -n 's/^solutionless //p' "$dev" | head -n 1)), so the grader's own yardstick gives the tier"
    fi
    if [ "$score" -eq "$plan" ]; then
        tier=$(sed -n 's/^tier \([a-z]*\).*/\1/p' "$dev" | head -n 1)
        echo "  speed: $(sed -n 's/^tier [a-z]* //p' "$dev" | head -n 1)"
        grep -q '^clock ' "$dev" && echo "  timer: $(sed -n 's/^clock //p' "$dev" | head -n 1)"
    fi
elif grep -q '^## Speed tier' "$exdir/README.md" 2>/dev/null; then
    tier=none
fi
[ "$score" -lt "$plan" ] && [ "$tier" != - ] && tier=none ratio=""
[ $timed -eq 1 ] && status=timed-out
[ $timed -eq 0 ] && [ $crashed -eq 1 ] && status=crashed
[ $timed -eq 0 ] && [ $crashed -eq 0 ] && [ "$score" -lt "$plan" ] && status=failed
[ "$plan" -gt 0 ] || status=failed
code=1
[ "$status" = passed ] && code=0
finish "$status" "$score" "$plan" "$tier" "$reasons" $code
