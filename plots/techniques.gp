# techniques.gp: the technique ladder per game: nodes per rung on a log
# scale, one bar per position searched (start, mid1, mid2).
# Reads DATADIR/techniques_GAME.csv (rung, then one column per position;
# written by scripts/report.py from the techniques study's rows); writes
# OUTDIR/techniques_GAME.svg and .png.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'" plots/techniques.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("noisy")) noisy = ""   # " (noisy run)": the run failed the noise gate (scripts/reproduce.py)
if (!exists("outdir")) outdir = "results/plots"
files = system("ls ".datadir."/techniques_*.csv 2>/dev/null")
do for [f in files] {
    game = system("basename ".f." .csv | sed 's/^techniques_//'")
    columns = int(system("head -n 1 ".f." | tr ',' '\\n' | wc -l"))
    reset
    set datafile separator comma
    set datafile missing "NaN"
    set title sprintf("%s: nodes per rung of the technique ladder (log scale; lower is better)", game).noisy noenhanced
    set style data histogram
    set style histogram clustered gap 1
    set style fill solid 0.8 border -1
    set boxwidth 0.9
    set logscale y 10
    set format y "10^{%L}"
    set autoscale y
    set ylabel "nodes (search calls, root included)"
    set grid ytics
    set key outside right noenhanced
    set xtics rotate by -30 noenhanced
    set terminal svg size 1000,560 dynamic enhanced font "sans,12" background "#ffffff"
    set output outdir."/techniques_".game.".svg"
    plot for [i=2:columns] f using i:xtic(1) title columnhead(i)
    set terminal pngcairo size 1000,560 enhanced font "sans,10" background "#ffffff"
    set output outdir."/techniques_".game.".png"
    replot
    unset output
}
