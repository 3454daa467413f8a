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
# One table per variant and case, the rows picked by the columns' names
# (points of one series are not adjacent in the CSV, so they are gathered
# first and then joined by lines).
do for [c in "random worst"] {
    do for [i=1:words(variants)] {
        v = word(variants, i)
        eval sprintf('set table $%s_%s', v, c)
        plot csv using (column("n")):(column("ms")) with table if (strcol("variant") eq v && strcol("case") eq c)
        unset table
    }
}
set datafile separator whitespace # the tables: plain columns, no header
set datafile nocolumnheaders
set multiplot layout 1,2
do for [c in "random worst"] {
    set title sprintf("%s case", c)
    cmd = "plot "
    do for [i=1:words(variants)] {
        v = word(variants, i)
        cmd = cmd.sprintf("$%s_%s using 1:2 with linespoints lw %g lc rgb '%s' pt 7 ps 0.5 title '%s'%s", v, c, i == 3 ? 3 : 1.5, word(colors, i), v, i < words(variants) ? ", " : "")
    }
    eval cmd
}
unset multiplot
