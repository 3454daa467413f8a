#!/usr/bin/env bash
# tests/tap.sh FILE -- one test file as TAP, for prove (tests/run.sh and make
# test run `prove --exec tests/tap.sh`). FILE is a fragment in the style of
# tests/NN-*.sh: sourced after tests/lib.sh, it calls expect, expect_out, ...
# Each check prints "ok N - name" or "not ok N - name" (then the file, the
# case, the command and its output as "#" lines); the plan "1..N" comes last.
# Where TAP_RESULTS names a folder, FILE's counts go there too, as
# TAP_RESULTS/<file>.counts ("PASSED FAILED") and <file>.failed (a line for
# each failed case), for tests/run.sh's closing "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
if [ $# -ne 1 ] || [ ! -f "$1" ]; then
    echo "usage: tests/tap.sh tests/NN-name.sh" >&2
    exit 2
fi
TAP_FILE=${1#./}
# shellcheck source=tests/lib.sh
. tests/lib.sh
BIN=build
# A file that stops before its end (an exit, a shell error) still leaves a
# plan and a failed case that says so.
tap_close() {
    local st=$?
    if [ -z "${TAP_DONE:-}" ]; then
        failed "$TAP_FILE did not run to its end" "it stopped with status $st"
        echo "1..$((PASSED + FAILED))"
    fi
    if [ -n "${TAP_RESULTS:-}" ] && [ -d "$TAP_RESULTS" ]; then
        local out=$TAP_RESULTS/${TAP_FILE//\//_}
        echo "$PASSED $FAILED" >"$out.counts"
        local n
        for n in "${FAILED_NAMES[@]}"; do printf '%s: %s\n' "$TAP_FILE" "$n"; done >"$out.failed"
    fi
    rm -f "$LOG" "$ERR"
    [ "$FAILED" -eq 0 ] && exit 0
    exit 1
}
trap tap_close EXIT
# shellcheck disable=SC1090
. "$TAP_FILE"
TAP_DONE=1
summary
