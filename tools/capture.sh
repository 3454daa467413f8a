#!/usr/bin/env bash
# capture.sh RESULTS LESSON... -- run each lesson as the book shows it and
# save what it printed to RESULTS/LESSON.txt, for the chapters to include.
# The runs are listed in lessons/LESSON/capture.args, one per line (an empty
# file or none: one run without options); a line that starts with `!` is a
# command of its own, run from the project root. Each run is wrapped in
# snippet markers `# snippet: runK` (K counts from 1), so a chapter can show
# one run: ```{.text include=results/pocl/02-local-memory.txt snippet=run5}```
# (K is the line's number in capture.args). A line that starts with `gpu:` or
# `cpu:` runs only when the chosen device is (or is not) a GPU.
# A lesson may add lessons/LESSON/capture.sh RESULTS for captures that need
# other tools.
set -u
cd "$(dirname "$0")/.." || exit 2
res=$1; shift
mkdir -p "$res" 2>/dev/null && [ -w "$res" ] || { echo "error: cannot write results to $res" >&2; exit 2; }
# The kind of the device the lessons choose: lesson 01 prints it.
if ./build/01-hello-world -x 1 -y 1 -r 1 2>/dev/null | grep -q '^device: .*(GPU,'; then kind=gpu; else kind=cpu; fi
for l in "$@"; do
    f="$res/$l.txt"
    args_file="lessons/$l/capture.args"
    runs=("")
    if [ -s "$args_file" ]; then mapfile -t runs < <(grep -v '^#' "$args_file"); fi
    {
        echo "# captured $(date -u +%Y-%m-%d) by 'make capture'"
        k=0
        for a in "${runs[@]}"; do
            k=$((k + 1))
            case "$a" in
            gpu:*|cpu:*) [ "${a%%:*}" = "$kind" ] || continue; a=${a#*:}; a=${a# } ;;
            esac
            echo "# snippet: run$k"
            case "$a" in
            '!'*) cmd=${a#!} ;;
            *) cmd="./build/$l $a" ;;
            esac
            echo "\$ $cmd"
            bash -c "$cmd" 2>&1
            echo "(exit status $?)"
            echo "# end snippet run$k"
        done
    } >"$f"
    echo "capture: $f"
    # A lesson whose captures need tools beside the program has a script.
    if [ -x "lessons/$l/capture.sh" ]; then "lessons/$l/capture.sh" "$res"; fi
done
