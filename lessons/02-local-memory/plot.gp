# plot.gp -- lesson 02's figure, drawn by `make bench` from the CSV it wrote:
#   gnuplot -e "dir='results/DEVICE'" lessons/02-local-memory/plot.gp
# GFLOP/s of naive, whole and tiled by work-group size (tile = work-group
# size), into DIR/02-local.svg. `csv` names another CSV with the same columns.
if (!exists("dir")) dir = 'results/pocl'
if (!exists("csv")) csv = dir.'/02-local-memory.csv'
device = system("sed -n 's/^# device: //p' '".csv."' | head -n 1")
set terminal svg size 720,400 font "sans,12" background rgb "white"
set output dir.'/02-local.svg'
set datafile separator ","
# The rows of one variant (the first column), with the header line.
rows(v) = sprintf("< awk -F, '/^#/ { next } !h { h = 1; print; next } $1 == \"%s\"' '%s'", v, csv)
set datafile columnheaders
set title "B in local memory on ".device
set xlabel "work-group size (work-items)"
set ylabel "GFLOP/s"
set logscale x 2
set xrange [24:1400]
set yrange [0:*]
set key outside right
set grid ytics
plot for [v in "naive whole tiled"] rows(v) \
     using "wg":"gflops" \
     with linespoints lw (v eq "tiled" ? 3 : 1.5) pt 7 title v
