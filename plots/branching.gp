# branching.gp: nodes against depth on a log scale for every config on every
# game, from the start position: the slope is the effective branching factor.
# Reads DATADIR/branching_GAME.csv (depth, then one column per config; written
# by scripts/report.py from depth_sweep.csv); writes OUTDIR/branching_GAME.svg
# and .png.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'" plots/branching.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("noisy")) noisy = ""   # " (noisy run)": the run failed the noise gate (scripts/reproduce.py)
if (!exists("outdir")) outdir = "results/plots"
files = system("ls ".datadir."/branching_*.csv 2>/dev/null")
do for [f in files] {
    game = system("basename ".f." .csv | sed 's/^branching_//'")
    columns = int(system("head -n 1 ".f." | tr ',' '\\n' | wc -l"))
    reset
    set datafile separator comma
    set datafile missing "NaN"
    set title sprintf("%s: nodes against depth from the start (log scale: the slope is the effective branching factor)", game).noisy noenhanced
    set logscale y 10
    set format y "10^{%L}"
    set xlabel "depth (plies)"
    set ylabel "nodes (search calls, root included)"
    set grid
    set key outside right noenhanced
    set xtics 1
    set terminal svg size 1000,560 dynamic enhanced font "sans,12" background "#ffffff"
    set output outdir."/branching_".game.".svg"
    plot for [i=2:columns] f using 1:i with linespoints lt (i - 1) dt 1 + int((i - 2) / 6) pt (i - 1) pointsize 0.6 lw 1.5 title columnhead(i)
    set terminal pngcairo size 1000,560 enhanced font "sans,10" background "#ffffff"
    set output outdir."/branching_".game.".png"
    replot
    unset output
}
