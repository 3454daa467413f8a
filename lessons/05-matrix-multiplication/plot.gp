# plot.gp -- lesson 05's figures from DIR/05-matrix-multiplication.csv (the
# result: lines of bench.args and of the libraries, make bench-05):
#   DIR/05-gemm.svg      GFLOP/s against n, the `-o all` runs and the libraries
#   DIR/05-roofline.svg  every kernel at the largest n against the measured
#                        FMA peak and copy bandwidth
# Usage: gnuplot -e "dir='results/pocl'" lessons/05-matrix-multiplication/plot.gp
csv = dir.'/05-matrix-multiplication.csv'
set datafile separator ','
set datafile commentschars '#'
set datafile columnheaders
set terminal svg size 860,540 font 'sans,11' background rgb 'white'
set grid
set logscale xy

# The lesson's steps, its headline kernel (thick) and the libraries (dashed),
# each series first copied into a datablock of its own rows ($S1, $S2 ...).
series = "naive tiled-pad 1d fast cpu clblast openblas cublas"
is_lib(v) = v eq 'clblast' || v eq 'openblas' || v eq 'cublas'
do for [i = 1:words(series)] {
    eval sprintf('set print $S%d', i)  # a series may have no rows: the block exists anyway
    print ''
    unset print
    eval sprintf('set table $S%d append', i)
    plot csv using (column('n')):(column('gflops')) with table \
        if (strcol('mode') eq 'all' && strcol('variant') eq word(series, i))
    unset table
}
set datafile separator whitespace
set datafile nocolumnheaders
set output dir.'/05-gemm.svg'
set title 'C = A·B, n × n floats'
set xlabel 'n (M = N = K)'
set ylabel 'GFLOP/s'
set key outside right
plot for [i = 1:words(series)] sprintf('$S%d', i) using 1:2 with linespoints \
     lw (word(series, i) eq "fast" ? 4 : 1.5) dashtype 1+is_lib(word(series, i)) \
     pointtype 7 pointsize 0.6 title word(series, i)

# Roofline at the largest n of the `-o all` runs.
set datafile separator ','
set datafile columnheaders
stats csv using (strcol('mode') eq 'all' ? column('n') : NaN) nooutput name 'N'
stats csv using (strcol('mode') eq 'all' ? column('peak_gflops') : NaN) nooutput name 'P'
stats csv using (strcol('mode') eq 'all' ? column('copy_gbps') : NaN) nooutput name 'B'
peak = P_max
bw = B_max
nmax = N_max
roof(x) = bw * x < peak ? bw * x : peak
at_nmax(col) = (strcol('mode') eq 'all' && column('n') == nmax && strcol('intensity') ne '') ? column(col) : NaN
set output dir.'/05-roofline.svg'
set title sprintf('Roofline at n = %d', nmax)
set xlabel 'FLOP per byte requested from global memory'
set ylabel 'GFLOP/s'
set key inside top left
set xrange [0.1:100]
plot roof(x) with lines lw 2 title sprintf('min(peak %.0f GFLOP/s, copy %.0f GB/s × FLOP/B)', peak, bw), \
     csv using (at_nmax('intensity')):(at_nmax('gflops')):(strcol('variant')) \
         with labels point pt 7 ps 0.8 lc rgb 'dark-blue' offset char 0,0.8 font ',9' notitle
