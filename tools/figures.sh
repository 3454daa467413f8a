#!/usr/bin/env bash
# figures.sh RESULTS [LESSON...] -- draw the figures of lessons/LESSON/plot.gp
# from the CSV files in RESULTS (gnuplot, SVG). make bench calls it; after
# tools/gpu-capture.sh (the GPU machine has no gnuplot) run
# `make figures RESULTS=results/gpu` on your own machine.
set -u
cd "$(dirname "$0")/.." || exit 2
res=${1:?usage: figures.sh RESULTS [LESSON...]}; shift
if [ $# -eq 0 ]; then set -- $(ls lessons/*/plot.gp | xargs -n1 dirname | xargs -n1 basename); fi
command -v gnuplot >/dev/null || { echo "figures: gnuplot is not installed (make deps-bench)" >&2; exit 2; }
status=0
for l in "$@"; do
    [ -f "$res/$l.csv" ] || { echo "figures: no $res/$l.csv (run make bench first)" >&2; status=1; continue; }
    gnuplot -e "dir='$res'" "lessons/$l/plot.gp" || { echo "figures: lessons/$l/plot.gp failed" >&2; status=1; }
done
exit $status
