# strength.gp: each ladder rung's Elo at the strength study's main limit (the
# first of the run's strength.csv), one series per game, with its 95% interval
# as error bars: against the rung it builds on (DATADIR/strength.csv ->
# strength.svg) and against negamax-ab (DATADIR/strength_base.csv ->
# strength_base.svg).  Each table: rung, then for each game GAME, GAME_low,
# GAME_high (scripts/reporting/strength.py).  The y range is the data's, the
# bars' ends included, so no bar is clipped; a side with no finite bound is
# drawn at the figure, and the report names it under the plot.  Each game has
# its own colour, dash pattern and point shape.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'" plots/strength.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("noisy")) noisy = ""   # " (noisy run)": the run failed the noise gate (scripts/reproduce.py)
if (!exists("outdir")) outdir = "results/plots"
set datafile separator comma
set datafile missing "NaN"
do for [name in "strength strength_base"] {
    f = datadir."/".name.".csv"
    if (system("test -f ".f." && echo yes") eq "yes") {
        columns = int(system("head -n 1 ".f." | tr ',' '\\n' | wc -l"))
        games = (columns - 1) / 3
        # The lowest low and the highest high over every game: the y range, with a margin.
        rungs = int(system("tail -n +2 ".f." | wc -l"))
        low = 0; high = 0
        do for [i=0:games-1] {
            stats f using (column(3 + 3 * i)) nooutput
            if (STATS_min < low) { low = STATS_min }
            stats f using (column(4 + 3 * i)) nooutput
            if (STATS_max > high) { high = STATS_max }
        }
        pad = (high - low) * 0.08 + 1
        reset
        set datafile separator comma
        set datafile missing "NaN"
        set key autotitle columnhead
        against = (name eq "strength") ? "the rung it builds on" : "negamax-ab"
        set title "Elo of each rung against ".against." (95% intervals)".noisy noenhanced
        set ylabel "Elo (positive: the rung is stronger)"
        set yrange [low - pad:high + pad]
        set grid ytics
        set key outside right noenhanced
        set xtics rotate by -30 noenhanced
        set xrange [-0.5:rungs - 0.5]
        set arrow from graph 0, first 0 to graph 1, first 0 nohead dt 2 lc rgb "#808080"
        set terminal svg size 1000,560 dynamic enhanced font "sans,12" background "#ffffff"
        set output outdir."/".name.".svg"
        # The first plot names the rungs on the x axis (once), drawing nothing; each game's
        # points are shifted a little sideways so that the bars do not overlap.
        plot f using 0:(NaN):xtic(1) notitle, \
            for [i=0:games-1] f using ($0 - 0.3 + 0.6 * i / (games > 1 ? games - 1 : 1)):(column(2 + 3 * i)):(column(3 + 3 * i)):(column(4 + 3 * i)) \
            with yerrorlines linecolor i + 1 dashtype i + 1 pointtype i + 4 linewidth 1.5 title columnhead(2 + 3 * i)
        set terminal pngcairo size 1000,560 enhanced font "sans,10" background "#ffffff"
        set output outdir."/".name.".png"
        replot
        unset output
    }
}
