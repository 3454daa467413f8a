# plot.gp -- lesson 04's figures, drawn by `make bench` from the CSV it wrote:
#   gnuplot -e "dir='results/DEVICE'" lessons/04-prefix-scan/plot.gp
# DIR/04-prefix-scan.svg: GB/s of every scan against n (log axes: both span
# decades), the float4 copy kernel as the ceiling, the single pass emphasised.
# DIR/04-prefix-scan-tiles.svg: % of the copy kernel of the two fast paths at
# the largest n by values per work-item, one line per work-group size.
if (!exists("dir")) dir = 'results/pocl'
if (!exists("csv")) csv = dir.'/04-prefix-scan.csv'
device = system("sed -n 's/^# device: //p' '".csv."' | head -n 1")
set datafile separator ","
set datafile columnheaders
# The rows whose columns `variant`, `wg` and `items` are v, w and i (0: any),
# with the header line; columns are found by name.
rows(v, w, i) = sprintf("< awk -F, '/^#/ { next } !h { h = 1; for (k = 1; k <= NF; k++) c[$k] = k; print; next } $c[\"variant\"] == \"%s\" && (%d == 0 || $c[\"wg\"] == %d) && (%d == 0 || $c[\"items\"] == %d)' '%s'", v, w, w, i, i, csv)

set terminal svg size 760,460 font "sans,12" background rgb "white"
set output dir.'/04-prefix-scan.svg'
set title "Prefix scan of n floats on ".device
set xlabel "n (values)"
set ylabel "GB/s (2n values moved; n for the reduction)"
set logscale x 2
set format x "2^{%L}"
set logscale y
set key outside right
set grid
plot rows("lookback", 256, 16) using "n":"copy_gbps" with lines lw 3 dt 2 lc rgb "gray50" title "float4 copy (ceiling)", \
     for [v in "multiblock-hs multiblock-blelloch multiblock reduce reduce-then-scan"] rows(v, 256, 16) \
     using "n":"gbps" with linespoints lw 1.5 pt 7 ps 0.6 title v, \
     rows("lookback", 256, 16) using "n":"gbps" with linespoints lw 3 pt 7 lc rgb "black" title "lookback"

set output dir.'/04-prefix-scan-tiles.svg'
stats csv using "n" nooutput
big = STATS_max
set title sprintf("Tile shapes of the fast paths at n = %.0f\n%s", big, device)
set xlabel "values per work-item (-v)"
set ylabel "% of the copy kernel"
unset logscale
set format x "%g"
set logscale x 2
set xrange [6:40]
set yrange [0:100]
# The rows at the largest n only.
at_big(v, w) = rows(v, w, 0)." | awk -F, 'NR == 1 { for (k = 1; k <= NF; k++) if ($k == \"n\") c = k; print; next } $c == ".sprintf("%.0f", big)."'"
plot for [w in "64 128 256"] at_big("lookback", w + 0) using "items":"pct_copy" with linespoints \
     lw (w eq "256" ? 3 : 1.5) pt 7 title "lookback, ".w." work-items", \
     at_big("reduce-then-scan", 256) using "items":"pct_copy" with linespoints lw 1.5 dt 2 pt 6 \
     title "reduce-then-scan, 256 work-items"
