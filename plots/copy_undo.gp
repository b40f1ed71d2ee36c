# copy_undo.gp: copy-make against do-undo on every study search of every game
# (speedup = copy time / undo time; above 1 do-undo is faster).
# Reads DATADIR/copy_undo.csv (label,speedup; written by scripts/report.py);
# writes OUTDIR/copy_undo.svg and .png.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'" plots/copy_undo.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("noisy")) noisy = ""   # " (noisy run)": the run failed the noise gate (scripts/reproduce.py)
if (!exists("outdir")) outdir = "results/plots"
f = datadir."/copy_undo.csv"
if (int(system("test -f ".f." && echo 1 || echo 0")) == 0) { print "copy_undo.gp: no ".f; exit }
set datafile separator comma
set datafile missing "NaN"
set title "copy-make against do-undo: copy time / undo time (same search, same node count)".noisy
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.8
# The range is 1/4x to 4x, widened to the data: no bar is clipped.
stats f skip 1 using 2 nooutput
set logscale y 2
set yrange [(STATS_min < 0.25 ? STATS_min / 1.25 : 0.25):(STATS_max > 4 ? STATS_max * 1.25 : 4)]
set ylabel "do-undo speedup (x, log scale)"
set grid ytics
set xtics rotate by -45 left noenhanced font ",9"
set key off
set bmargin 14
set rmargin 8
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#444444"
set terminal svg size 1200,600 dynamic font "sans,12" background "#ffffff"
set output outdir."/copy_undo.svg"
plot f skip 1 using 2:xtic(1) lc rgb "#2ca02c"
set terminal pngcairo size 1200,600 font "sans,10" background "#ffffff"
set output outdir."/copy_undo.png"
replot
unset output
