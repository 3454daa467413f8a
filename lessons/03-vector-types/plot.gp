# plot.gp -- lesson 03's figure, drawn by `make bench` from the CSV it wrote:
#   gnuplot -e "dir='results/DEVICE'" lessons/03-vector-types/plot.gp
# GFLOP/s of every variant by work-group size, on a log axis (they span more
# than a decade), the measured FMA peak dashed, into DIR/03-sweep.svg.
if (!exists("dir")) dir = 'results/pocl'
if (!exists("csv")) csv = dir.'/03-vector-types.csv'
device = system("sed -n 's/^# device: //p' '".csv."' | head -n 1")
set datafile separator ","
# The rows of one variant (the first column), with the header line.
rows(v) = sprintf("< awk -F, '/^#/ { next } !h { h = 1; print; next } $1 == \"%s\"' '%s'", v, csv)
set datafile columnheaders
stats csv using "peak_gflops" nooutput
peak = STATS_max
set terminal svg size 760,440 font "sans,12" background rgb "white"
set output dir.'/03-sweep.svg'
set title "Outer sum variants on ".device
set xlabel "work-group size (work-items)"
set ylabel "GFLOP/s"
set logscale x 2
set logscale y
set yrange [*:2 * peak]
set xrange [24:1400]
set key outside right
set grid ytics
# float8 lies between float4 and float8b: left out to keep the figure readable.
plot for [v in "scalar float4 float8b float8local float8acc float16local"] rows(v) \
     using "wg":"gflops" with linespoints lw (v eq "float16local" ? 3 : 1.5) pt 7 title v, \
     rows("openmp") using "wg":"gflops" with linespoints dt 3 lw 1.5 pt 6 lc rgb "gray40" \
     title "OpenMP C (CPU only)", \
     peak with lines dt 2 lw 1.5 lc rgb "black" title sprintf("measured peak %.0f", peak)
