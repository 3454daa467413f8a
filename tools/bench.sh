#!/usr/bin/env bash
# bench.sh RESULTS [LESSON...] -- the benchmarks, on the chosen device
# (CLU_PLATFORM / CLU_DEVICE), saved in RESULTS.
#
# For every lesson with a lessons/LESSON/bench.args: each line is one run of
# the lesson's program with those options (a line that starts with `!` is a
# command of its own, run from the project root: a comparison program such as
# build/10-compare-openblas). A line that starts with `gpu:` or `cpu:` runs
# only when the chosen device is (or is not) a GPU, so one file holds runs
# sized for both. All output goes to RESULTS/LESSON.bench.txt;
# every `result:` line of it becomes one row of RESULTS/LESSON.csv
# (tools/results.py: device, vendor, driver, OpenCL version and date on top).
# The book draws most tables and figures from these CSVs when it is built;
# lessons/LESSON/plot.gp draws the ones it cannot (tools/figures.sh).
# At the end tools/scoreboard.py prints every headline ratio in one table and
# saves it as RESULTS/scoreboard.md.
set -u
cd "$(dirname "$0")/.." || exit 2
res=${1:-results/pocl}; shift
mkdir -p "$res" 2>/dev/null && [ -w "$res" ] || { echo "error: cannot write results to $res" >&2; exit 2; }
if [ $# -eq 0 ]; then set -- $(ls -d lessons/[0-9][0-9]-*/ | xargs -n1 basename); fi
# The kind of the device the lessons choose: lesson 01 prints it.
if ./build/01-hello-world -x 1 -y 1 -r 1 2>/dev/null | grep -q '^device: .*(GPU,'; then kind=gpu; else kind=cpu; fi
echo "bench: the device is a ${kind^^} (lines marked for the other kind are skipped)"
status=0
for l in "$@"; do
    args="lessons/$l/bench.args"
    [ -f "$args" ] || continue
    log="$res/$l.bench.txt"
    echo "==== bench: $l -> $res/$l.csv"
    : >"$log"
    while IFS= read -r line; do
        case "$line" in ''|'#'*) continue ;; esac
        case "$line" in
        gpu:*|cpu:*) [ "${line%%:*}" = "$kind" ] || continue; line=${line#*:}; line=${line# } ;;
        esac
        case "$line" in
        '!'*) cmd=${line#!} ;;
        *) cmd="./build/$l $line" ;;
        esac
        echo "\$ $cmd" | tee -a "$log"
        if ! bash -c "$cmd" >>"$log" 2>&1; then echo "bench: '$cmd' failed" >&2; status=1; fi
        grep '^result: ' "$log" | tail -n 3
    done <"$args"
    tools/results.py "$log" >"$res/$l.csv" || status=1
    # Figures the book cannot draw from the CSV itself (a timeline, panels).
    if [ -f "lessons/$l/plot.gp" ]; then
        tools/figures.sh "$res" "$l" || status=1
    fi
done
tools/scoreboard.py "$res" | tee "$res/scoreboard.md"
exit $status
