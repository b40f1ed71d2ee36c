# pons.gp: the "pons" study (docs/connect4.md): for strong and weak solving,
# the mean positions explored per step on each test set (log scale; full
# cells only, as a sample's mean is not its set's) and the thousands of
# positions per second per step.
# Reads DATADIR/pons_plot_MODE.csv (written by scripts/report.py from pons.csv; columns
# part (empty for prune's own steps), step, nodes_<set> x 6, kpos_<set> x 6, NaN where a
# cell was not run);
# writes OUTDIR/pons_nodes_MODE and pons_kpos_MODE (.svg and .png).  Nothing
# is drawn when the study was not run.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'" plots/pons.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("noisy")) noisy = ""   # " (noisy run)": the run failed the noise gate (scripts/reproduce.py)
if (!exists("outdir")) outdir = "results/plots"
sets = "End-Easy Middle-Easy Middle-Medium Begin-Easy Begin-Medium Begin-Hard"
do for [mode in "strong weak"] {
    f = datadir."/pons_plot_".mode.".csv"
    if (system("test -f '".f."' && echo yes") eq "yes") {
        do for [what in "nodes kpos"] {
            reset
            set datafile separator comma
            set datafile missing "NaN"
            first = (what eq "nodes") ? 3 : 9
            if (what eq "nodes") {
                set title sprintf("Connect Four, %s solver: mean positions explored per step", mode).noisy noenhanced
                set ylabel "positions per position solved (log scale)"
                set logscale y 10
            } else {
                set title sprintf("Connect Four, %s solver: thousands of positions per second", mode).noisy noenhanced
                set ylabel "K pos/s (log scale)"
                set logscale y 10
            }
            set xlabel "step (the series' parts, then prune's own steps)"
            set grid ytics
            set key outside right noenhanced
            set xtics rotate by -30 left noenhanced
            set bmargin 8
            set terminal svg size 900,520 dynamic font "sans,12" background "#ffffff"
            set output outdir."/pons_".what."_".mode.".svg"
            plot for [i=0:5] f skip 1 using 0:(column(first+i)):xtic(2) with linespoints title word(sets, i+1)
            set terminal pngcairo size 900,520 font "sans,10" background "#ffffff"
            set output outdir."/pons_".what."_".mode.".png"
            replot
            unset output
        }
    }
}
