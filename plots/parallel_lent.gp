# parallel_lent.gp: the parallel study on the machine of many cores lent once: each game's time-to-depth
# speedup against the thread count, Lazy SMP and ABDADA in two panels, beside Hyatt's DTS (chess) and
# the ideal N.  Medians of the pairs; REPORT.md's table beside it has their 95% intervals.
# Reads DATADIR/parallel_lent.csv (threads, a column per game and scheme, games in the same order
# under each scheme, then DTS; written by scripts/report.py from results/lent/xeon16_parallel.csv);
# writes OUTDIR/parallel_lent.svg and .png.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'" plots/parallel_lent.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("noisy")) noisy = ""   # " (noisy run)": the run failed the noise gate (scripts/reproduce.py)
if (!exists("outdir")) outdir = "results/plots"
f = datadir."/parallel_lent.csv"
if (int(system("test -f ".f." && echo 1 || echo 0")) == 0) { print "parallel_lent.gp: no ".f; exit }
set datafile separator comma
set datafile missing ""
stats f skip 1 nooutput
columns = STATS_columns          # threads, 2 x games, DTS
stats f skip 1 using 1 nooutput
cores = int(STATS_max)           # the most threads the lent machine ran: its cores
games = (columns - 2) / 2
set logscale xy 2
set xrange [0.9:cores * 1.1]
set yrange [0.45:cores * 1.1]
set xtics 2
set mxtics 1
set ytics 2
set mytics 1
set xlabel "threads"
set ylabel "speedup (x)"
set grid
set key top left font ",9" noenhanced
set terminal svg size 1100,500 dynamic font "sans,12" background "#ffffff"
set output outdir."/parallel_lent.svg"
set multiplot layout 1,2 title sprintf("The ladder on %d cores: time to depth against one thread (medians)", cores).noisy
set title "Lazy SMP"
plot for [g=1:games] f using 1:(column(2 * g)) with linespoints title columnhead(2 * g), \
     '' using 1:columns with lines dt 2 lw 2 lc rgb "#444444" title "DTS (Hyatt, chess)", \
     x with lines dt 3 lc rgb "#888888" title "N"
set title "ABDADA"
plot for [g=1:games] f using 1:(column(2 * g + 1)) with linespoints title columnhead(2 * g + 1), \
     '' using 1:columns with lines dt 2 lw 2 lc rgb "#444444" title "DTS (Hyatt, chess)", \
     x with lines dt 3 lc rgb "#888888" title "N"
unset multiplot
set terminal pngcairo size 1100,500 font "sans,10" background "#ffffff"
set output outdir."/parallel_lent.png"
set multiplot layout 1,2 title sprintf("The ladder on %d cores: time to depth against one thread (medians)", cores).noisy
set title "Lazy SMP"
plot for [g=1:games] f using 1:(column(2 * g)) with linespoints title columnhead(2 * g), \
     '' using 1:columns with lines dt 2 lw 2 lc rgb "#444444" title "DTS (Hyatt, chess)", \
     x with lines dt 3 lc rgb "#888888" title "N"
set title "ABDADA"
plot for [g=1:games] f using 1:(column(2 * g + 1)) with linespoints title columnhead(2 * g + 1), \
     '' using 1:columns with lines dt 2 lw 2 lc rgb "#444444" title "DTS (Hyatt, chess)", \
     x with lines dt 3 lc rgb "#888888" title "N"
unset multiplot
unset output
