# ttt_rounds.gp: tic-tac-toe decision time per round in the blog's shape
# (rounds 1-5; plain against alpha-beta; computer first against second),
# published (Python) beside measured (prune), each on its own log scale.
# Reads DATADIR/ttt_rounds.csv (written by scripts/report.py); writes
# OUTDIR/ttt_rounds.svg and .png.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'" plots/ttt_rounds.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("noisy")) noisy = ""   # " (noisy run)": the run failed the noise gate (scripts/reproduce.py)
if (!exists("outdir")) outdir = "results/plots"
f = datadir."/ttt_rounds.csv"
if (int(system("test -f ".f." && echo 1 || echo 0")) == 0) { print "ttt_rounds.gp: no ".f; exit }
set datafile separator comma
set datafile missing "NaN"
set logscale y 10
set format y "10^{%L}"
set xlabel "round (the computer's r-th move)"
set ylabel "milliseconds per decision"
set xtics 1
set xrange [0.7:5.3]
set grid
set key top right noenhanced
# columns: round, first_minimax (pub, ours), second_minimax, first_alphabeta, second_alphabeta
do for [format in "svg png"] {
    if (format eq "svg") { set terminal svg size 1100,480 dynamic enhanced font "sans,12" background "#ffffff" } \
    else { set terminal pngcairo size 1100,480 enhanced font "sans,10" background "#ffffff" }
    set output outdir."/ttt_rounds.".format
    set multiplot layout 1,2 title "tic-tac-toe: decision time per round, full-depth search"
    set title "published (Python, the author's M1, mean of 4 games)"
    plot f using 1:2 with linespoints lw 2 pt 7 lc rgb "#d62728" title "first, plain", \
         f using 1:4 with linespoints lw 2 pt 5 lc rgb "#ff9896" title "second, plain", \
         f using 1:6 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "first, alpha-beta", \
         f using 1:8 with linespoints lw 2 pt 5 lc rgb "#aec7e8" title "second, alpha-beta"
    set title "measured (prune, mean of 4 scripted opponents)".noisy
    plot f using 1:3 with linespoints lw 2 pt 7 lc rgb "#d62728" title "first, plain", \
         f using 1:5 with linespoints lw 2 pt 5 lc rgb "#ff9896" title "second, plain", \
         f using 1:7 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "first, alpha-beta", \
         f using 1:9 with linespoints lw 2 pt 5 lc rgb "#aec7e8" title "second, alpha-beta"
    unset multiplot
    unset output
}
