#!/usr/bin/env bash
# bench.sh -- lesson 03's benchmark, run by `make bench` with RESULTS and BIN
# set: every variant at work-group sizes 32..1024, best of 3 runs each, with
# the FMA peak measured in the same run. Writes RESULTS/03-sweep.csv, the
# printed table RESULTS/03-sweep.txt and the figure RESULTS/03-sweep.svg.
# PLOT_ONLY=1 redraws the figure from an existing CSV.
# SWEEP_ARGS sets the sizes (default: small enough for a 2-core CPU; a GPU
# needs millions of work-items to fill it, e.g. "-x 16777216 -y 4096").
set -u
cd "$(dirname "$0")/../.." || exit 2
RESULTS=${RESULTS:-results/pocl} BIN=${BIN:-build}
args=${SWEEP_ARGS:--x 262144 -y 1024}
mkdir -p "$RESULTS"
csv=$RESULTS/03-sweep.csv
if [ -z "${PLOT_ONLY:-}" ]; then # PLOT_ONLY=1: only redraw the figure from the CSV
    echo "bench 03: $BIN/03-vector-types $args --sweep (the table follows the verified runs)"
    # shellcheck disable=SC2086
    "$BIN/03-vector-types" $args --sweep --csv "$csv" | tee "$RESULTS/03-sweep.txt"
    st=${PIPESTATUS[0]}
    [ "$st" -eq 0 ] || { echo "bench 03: the sweep failed (exit $st)" >&2; exit 1; }
fi

device=$(sed -n 's/^# device: //p' "$csv")
peak=$(sed -n 's/^# peak_gflops: //p' "$csv")
command -v gnuplot >/dev/null || { echo "bench 03: no gnuplot, no figure" >&2; exit 0; }
gnuplot <<GP
set terminal svg size 720,420 font "sans,12"
set output "$RESULTS/03-sweep.svg"
set datafile separator ","
set title "Outer sum variants on $device"
set xlabel "work-group size"
set ylabel "GFLOP/s"
set logscale x 2
set xrange [24:1400]
set yrange [0:*]
set key outside right
set grid ytics
peak = $peak
plot for [v in "scalar float4 float8 float8b float8local float8acc float16local"] \
     "$csv" using 2:(strcol(1) eq v ? \$4 : 1/0) with linespoints lw 2 title v, \
     peak with lines dt 2 lc rgb "black" title sprintf("measured peak %.0f", peak)
GP
echo "bench 03: $csv, $RESULTS/03-sweep.svg"
