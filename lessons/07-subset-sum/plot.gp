# Lesson 07's figure, from dir/07-subset-sum.csv (make bench):
# time against n for every variant, the random case and the worst case side
# by side, log scale (the times span decades).
# Run: gnuplot -e "dir='results/pocl'" lessons/07-subset-sum/plot.gp
if (!exists("dir")) dir = 'results/pocl'
csv = dir.'/07-subset-sum.csv'
set terminal svg size 900,420 font "sans,11" dynamic
set output dir.'/07-subset-sum.svg'
set datafile separator ","
set datafile columnheaders
set logscale y
set format y "%g"
set xlabel "n (items)"
set ylabel "ms (best of the runs)"
set grid ytics
set key top left font ",9"
variants = "serial omp dfs hybrid bits rounds mitm"
colors = "#444444 #888888 #d62728 #ff7f0e #1f77b4 #9467bd #2ca02c"
sel(v, c) = (strcol("variant") eq v && strcol("case") eq c) ? column("ms") : NaN
set multiplot layout 1,2
do for [c in "random worst"] {
    set title c." case"
    plot for [i=1:words(variants)] csv using (column("n")):(sel(word(variants, i), c)) smooth unique \
        with linespoints lw (word(variants, i) eq "dfs" ? 3 : 1.5) lc rgb word(colors, i) pt 7 ps 0.5 \
        title word(variants, i)
}
unset multiplot
