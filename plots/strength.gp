# strength.gp: each ladder rung's Elo against negamax-ab at a fixed node
# budget per move, one series per game, with its 95% interval as error bars.
# Reads DATADIR/strength.csv (rung, then for each game GAME, GAME_low,
# GAME_high; written by scripts/report.py from the strength study's matches,
# scripts/reporting/strength.py); writes OUTDIR/strength.svg and .png.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'" plots/strength.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("outdir")) outdir = "results/plots"
f = datadir."/strength.csv"
if (system("test -f ".f." && echo yes") eq "yes") {
    columns = int(system("head -n 1 ".f." | tr ',' '\\n' | wc -l"))
    games = (columns - 1) / 3
    set datafile separator comma
    set datafile missing "NaN"
    set key autotitle columnhead   # the header line is never a data line
    set title "Elo of each rung against negamax-ab at a fixed node budget per move (95% intervals)" noenhanced
    set ylabel "Elo (positive: the rung is stronger)"
    set yrange [-600:900]
    set grid ytics
    set key outside right noenhanced
    set xtics rotate by -30 noenhanced
    set xrange [-0.5:*]
    set arrow from graph 0, first 0 to graph 1, first 0 nohead dt 2
    # Each game's points are shifted a little sideways so the intervals do not overlap.
    set terminal svg size 1000,560 dynamic enhanced font "sans,12" background "#ffffff"
    set output outdir."/strength.svg"
    # The first plot only names the rungs on the x axis (once), drawing nothing.
    plot f using 0:(NaN):xtic(1) notitle, \
        for [i=0:games-1] f using ($0 - 0.3 + 0.6 * i / (games - 1)):(column(2 + 3 * i)):(column(3 + 3 * i)):(column(4 + 3 * i)) \
        with yerrorbars pointtype 7 title columnhead(2 + 3 * i)
    set terminal pngcairo size 1000,560 enhanced font "sans,10" background "#ffffff"
    set output outdir."/strength.png"
    replot
    unset output
}
