# Lesson 08's figures, from dir/08-queues-overlap.csv (make bench):
#   08-chunks.svg    the pipeline on one queue and on three, and its bound,
#                    against the number of chunks (n = 16 M)
#   08-timeline.svg  the profiling events of both pipelines (n = 16 M, 8
#                    chunks): one row per queue, one box per command
# The book's plot style (tools/book-plot.py): its colours, the headline
# thick in orange, text 15 units in a 720-unit-wide picture (at least 8 pt at
# print size), keys where they cover no line.
# Run: gnuplot -e "dir='results/pocl'" lessons/08-queues-overlap/plot.gp
if (!exists("dir")) dir = 'results/pocl'
csv = dir.'/08-queues-overlap.csv'
set datafile separator ","
set datafile columnheaders
big = 16777216

set terminal svg size 720,440 font "DejaVu Sans,15" dynamic
set output dir.'/08-chunks.svg'
set title "z = x·y on 16 M floats, copies included"
set xlabel "chunks"
set ylabel "ms"
set logscale x 2
set grid ytics
set key outside below horizontal font ",14" samplen 2
# Each series gathered into a table first (its rows are not adjacent in the CSV).
set table $one
plot csv using (column("chunks")):(column("ms")) with table if (strcol("variant") eq "chunks1" && column("n") == big)
set table $three
plot csv using (column("chunks")):(column("ms")):(column("bound_ms")) with table if (strcol("variant") eq "chunks3" && column("n") == big)
unset table
set datafile separator whitespace
set datafile nocolumnheaders
plot $one using 1:2 smooth unique with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "one queue", \
     $three using 1:2 smooth unique with linespoints lw 3.5 pt 7 ps 0.7 lc rgb "#D55E00" title "three queues", \
     $three using 1:3 smooth unique with lines dt 2 lw 2 lc rgb "#555555" title "bound"
set datafile separator ","
set datafile columnheaders

set output dir.'/08-timeline.svg'
unset logscale
set title "The pipelines' events, n = 16 M in 8 chunks"
set xlabel "ms since the first upload started"
set ylabel ""
set ytics ("one queue" 4, "upload" 2, "compute" 1, "download" 0)
set yrange [-0.6:4.6]
set key outside below horizontal font ",14" samplen 2
set style fill solid 0.8 border lc rgb "#ffffff"
row(q) = q eq "single" ? 4 : q eq "upload" ? 2 : q eq "compute" ? 1 : 0
ev(cmd) = (strcol("variant") eq "event" && column("n") == big && column("chunks") == 8 && strcol("command") eq cmd) ? 1 : NaN
plot for [cmd in "write-x write-y kernel read-z"] csv \
     using ((column("start_ms") + column("end_ms")) / 2 * ev(cmd)):(row(strcol("queue"))):((column("end_ms") - column("start_ms")) / 2):(0.35) \
     with boxxyerror lc rgb (cmd eq "kernel" ? "#D55E00" : cmd eq "read-z" ? "#0072B2" : cmd eq "write-x" ? "#009E73" : "#56B4E9") title cmd
