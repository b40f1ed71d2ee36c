# peer_minimaxer.gp: prune against the Minimaxer library (minimaxer 3.2.3 on
# Node.js), operations per second for every tree config at depth 5 and 6,
# same machine, same session, identical trees.
# Reads DATADIR/peer_minimaxer.csv (label,minimaxer,prune; written by
# scripts/report.py); writes OUTDIR/peer_minimaxer.svg and .png.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'" plots/peer_minimaxer.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("noisy")) noisy = ""   # " (noisy run)": the run failed the noise gate (scripts/reproduce.py)
if (!exists("outdir")) outdir = "results/plots"
f = datadir."/peer_minimaxer.csv"
if (int(system("test -f ".f." && echo 1 || echo 0")) == 0) { print "peer_minimaxer.gp: no ".f; exit }
set datafile separator comma
set datafile missing "NaN"
set title "prune against minimaxer: whole searches per second (kalah, start position)".noisy
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
# From 1 operation a second, or lower when a bar is: no bar is clipped.
stats f skip 1 using (valid(2) && $2 < $3 ? $2 : $3) nooutput
set logscale y 10
set format y "10^{%L}"
set yrange [(STATS_min < 1 ? STATS_min / 2 : 1):*]
set ylabel "operations per second (log scale)"
set grid ytics
set xtics rotate by -35 left noenhanced
set key outside top center horizontal
set bmargin 9
set terminal svg size 1000,540 dynamic enhanced font "sans,12" background "#ffffff"
set output outdir."/peer_minimaxer.svg"
plot f skip 1 using 2:xtic(1) title "minimaxer 3.2.3 (Node.js)" lc rgb "#ff7f0e", f skip 1 using 3 title "prune (C, copy-make)" lc rgb "#1f77b4"
set terminal pngcairo size 1000,540 enhanced font "sans,10" background "#ffffff"
set output outdir."/peer_minimaxer.png"
replot
unset output
