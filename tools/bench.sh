#!/usr/bin/env bash
# bench.sh RESULTS -- run every lesson's benchmark (lessons/NN-*/bench.sh) on
# the chosen device (CLU_PLATFORM / CLU_DEVICE) and save CSV files and
# figures in RESULTS. Each bench.sh gets RESULTS and BIN in its environment,
# prints its figures as it goes, and writes RESULTS/NN-*.csv whose first
# lines are "# device: ...", "# driver: ...", "# date: ...".
set -u
cd "$(dirname "$0")/.." || exit 2
export RESULTS=${1:-results/pocl} BIN=build
mkdir -p "$RESULTS" 2>/dev/null && [ -w "$RESULTS" ] || { echo "error: cannot write results to $RESULTS" >&2; exit 2; }
status=0
for b in lessons/[0-9][0-9]-*/bench.sh; do
    [ -x "$b" ] || continue
    echo "==== bench: $b -> $RESULTS"
    "$b" || { echo "bench: $b failed" >&2; status=1; }
done
exit $status
