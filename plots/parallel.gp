# parallel.gp: the parallel study, the ladder's time-to-depth speedup on N threads against one
# thread, Lazy SMP and ABDADA side by side, each bar with its 95% interval (a bar without one is
# drawn without an error bar: the CSV repeats the median there).
# Reads DATADIR/parallel.csv (label,lazy,lazy_low,lazy_high,abdada,abdada_low,abdada_high; written by
# scripts/report.py from the run's parallel.csv); writes OUTDIR/parallel.svg and .png.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'" plots/parallel.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("noisy")) noisy = ""   # " (noisy run)": the run failed the noise gate (scripts/reproduce.py)
if (!exists("outdir")) outdir = "results/plots"
f = datadir."/parallel.csv"
if (int(system("test -f ".f." && echo 1 || echo 0")) == 0) { print "parallel.gp: no ".f; exit }
set datafile separator comma
set title "The ladder on threads: time to depth against one thread (95% intervals; 1 = no gain)".noisy
set style data histograms
set style histogram errorbars gap 2 lw 1
set style fill solid 0.85 border -1
set boxwidth 0.9
# The range follows the data (the intervals' ends included), from 0: no bar or bar end is clipped.
stats f skip 1 using 7 nooutput
top7 = STATS_max
stats f skip 1 using 4 nooutput
top = (STATS_max > top7 ? STATS_max : top7)
set yrange [0:(top > 2 ? top * 1.15 : 2.3)]
set ylabel "speedup (x)"
set grid ytics
set xtics rotate by -30 left noenhanced font ",10"
set key top left
set bmargin 8
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#444444"
set terminal svg size 1100,600 dynamic font "sans,12" background "#ffffff"
set output outdir."/parallel.svg"
plot f skip 1 using 2:3:4:xtic(1) title "Lazy SMP" lc rgb "#1f77b4", \
     '' skip 1 using 5:6:7 title "ABDADA" lc rgb "#ff7f0e" fs pattern 4
set terminal pngcairo size 1100,600 font "sans,10" background "#ffffff"
set output outdir."/parallel.png"
replot
unset output
