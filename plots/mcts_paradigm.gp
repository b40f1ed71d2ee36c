# mcts_paradigm.gp: Elo against time for the two paradigms (issue 50): the
# best MCTS config's Elo against ladder-pvs (0, the dashed line: alpha-beta)
# at each clock of the paradigm study, one series per game, with its 95%
# interval as error bars (DATADIR/mcts_paradigm.csv -> mcts_paradigm.svg).
# The table: base_ms (the clock's base, its x on a log scale), then for each
# game GAME, GAME_low, GAME_high (scripts/reporting/mcts_paradigm.py).  The y
# range is the data's, the bars' ends included; a side with no finite bound
# is drawn at the figure.  Each game has its own colour, dash pattern and
# point shape, and is shifted a little sideways so that the bars do not overlap.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'" plots/mcts_paradigm.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("noisy")) noisy = ""   # " (noisy run)": the run failed the noise gate (scripts/reproduce.py)
if (!exists("outdir")) outdir = "results/plots"
f = datadir."/mcts_paradigm.csv"
if (system("test -f ".f." && echo yes") eq "yes") {
    set datafile separator comma
    set datafile missing "NaN"
    columns = int(system("head -n 1 ".f." | tr ',' '\\n' | wc -l"))
    games = (columns - 1) / 3
    low = 0; high = 0
    do for [i=0:games-1] {
        stats f using (column(3 + 3 * i)) nooutput
        if (STATS_min < low) { low = STATS_min }
        stats f using (column(4 + 3 * i)) nooutput
        if (STATS_max > high) { high = STATS_max }
    }
    stats f using 1 nooutput
    xmin = STATS_min; xmax = STATS_max
    pad = (high - low) * 0.08 + 1
    set key autotitle columnhead
    set title "Elo of mcts-implicit against ladder-pvs, by clock (95% intervals)".noisy noenhanced
    set xlabel "the clock's base, ms a side (the increment a hundredth of it)"
    set ylabel "Elo (positive: MCTS is stronger)"
    set logscale x
    set xrange [xmin / 1.6:xmax * 1.6]
    set yrange [low - pad:high + pad]
    set grid ytics
    set key outside right noenhanced
    set arrow from graph 0, first 0 to graph 1, first 0 nohead dt 2 lc rgb "#808080"
    set terminal svg size 1000,560 dynamic enhanced font "sans,12" background "#ffffff"
    set output outdir."/mcts_paradigm.svg"
    plot for [i=0:games-1] f using ($1 * (0.92 + 0.16 * i / (games > 1 ? games - 1 : 1))):(column(2 + 3 * i)):(column(3 + 3 * i)):(column(4 + 3 * i)) \
        with yerrorlines linecolor i + 1 dashtype i + 1 pointtype i + 4 linewidth 1.5 title columnhead(2 + 3 * i)
    set terminal pngcairo size 1000,560 enhanced font "sans,10" background "#ffffff"
    set output outdir."/mcts_paradigm.png"
    replot
    unset output
}
