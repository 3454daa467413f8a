# Lesson 07's figure, from dir/07-subset-sum.csv (make bench):
# time against n for every variant, the random case above the worst case,
# log scale (the times span decades). The book's plot style (tools/book-plot.py):
# its colours, dfs (the headline) thick in orange, text 15 units in a
# 720-unit-wide picture (at least 8 pt at print size), the key beside the
# plots where it covers no line.
# Run: gnuplot -e "dir='results/pocl'" lessons/07-subset-sum/plot.gp
if (!exists("dir")) dir = 'results/pocl'
csv = dir.'/07-subset-sum.csv'
set terminal svg size 720,780 font "DejaVu Sans,15" dynamic
set output dir.'/07-subset-sum.svg'
set datafile separator ","
set datafile columnheaders
set logscale y
set format y "%g"
set xlabel "n (items)"
set ylabel "ms (best of the runs)"
set grid ytics
set key outside right top font ",14" spacing 1.1 samplen 2
variants = "serial omp dfs hybrid bits rounds mitm"
colors = "#0072B2 #7f7f7f #D55E00 #E69F00 #009E73 #CC79A7 #56B4E9"
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
set multiplot layout 2,1
do for [c in "random worst"] {
    set title sprintf("%s case", c)
    cmd = "plot "
    do for [i=1:words(variants)] {
        v = word(variants, i)
        cmd = cmd.sprintf("$%s_%s using 1:2 with linespoints lw %g lc rgb '%s' pt 7 ps 0.6 title '%s'%s", v, c, i == 3 ? 3.5 : 2, word(colors, i), v, i < words(variants) ? ", " : "")
    }
    eval cmd
}
unset multiplot
