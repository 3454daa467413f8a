# plot.gp -- lesson 05's roofline from DIR/05-matrix-multiplication.csv (the
# result: lines of bench.args, make bench): DIR/05-roofline.svg, every kernel
# of the `-o all` runs at the largest n, at the FLOP per byte it requests
# (its `intensity`), under the measured FMA peak and copy bandwidth. (The
# book draws GFLOP/s against n from the same CSV itself.)
# Usage: gnuplot -e "dir='results/pocl'" lessons/05-matrix-multiplication/plot.gp
csv = dir.'/05-matrix-multiplication.csv'
set datafile separator ','
set datafile commentschars '#'
set datafile columnheaders
set terminal svg size 640,440 font 'sans,13' background rgb 'white'
set grid
set logscale xy

# Roofline at the largest n of the `-o all` runs.
stats csv using (strcol('mode') eq 'all' && strcol('intensity') ne '' ? column('n') : NaN) nooutput name 'N'
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
         with labels point pt 7 ps 0.8 lc rgb 'dark-blue' offset char 0,0.8 font ',11' notitle
