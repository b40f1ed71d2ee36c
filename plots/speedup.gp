# speedup.gp: for each study, the speedup of every config over the study's
# baseline, published beside measured, with the node ratio for reference.
# Reads DATADIR/speedup_STUDY.csv (label,published,measured,nodes; written by
# scripts/report.py); writes OUTDIR/speedup_STUDY.svg and .png.
#   gnuplot -e "datadir='results/plotdata'; outdir='results/plots'; baselines='scala:minimax ...'" plots/speedup.gp
if (!exists("datadir")) datadir = "results/plotdata"
if (!exists("noisy")) noisy = ""   # " (noisy run)": the run failed the noise gate (scripts/reproduce.py)
if (!exists("outdir")) outdir = "results/plots"
set datafile separator comma
set datafile missing "NaN"
# Each study's baseline (its first row's in studies/studies.csv) as the words
# STUDY:BASELINE, passed in by the caller (scripts/reproduce.py, from
# scripts/studies.py's plot_baselines): this script runs no other program.
if (!exists("baselines")) baselines = ""
files = system("ls ".datadir."/speedup_*.csv 2>/dev/null")
do for [f in files] {
    study = system("basename ".f." .csv | sed 's/^speedup_//'")
    baseline = ""
    do for [w in baselines] { if (strstrt(w, study.":") == 1) { baseline = w[strlen(study) + 2:] } }
    reset
    set datafile separator comma
    set datafile missing "NaN"
    set title sprintf("%s: speedup over %s", study, baseline).noisy noenhanced
    set style data histograms
    set style histogram clustered gap 1
    set style fill solid 0.85 border -1
    set boxwidth 0.9
    # From 0.5x, or lower when a bar is (published, measured or node ratio): no bar is clipped.
    stats f skip 1 using (valid(2) && $2 < $3 ? $2 : $3) nooutput
    low = STATS_min
    stats f skip 1 using 4 nooutput
    low = STATS_min < low ? STATS_min : low
    set logscale y 10
    set yrange [(low < 0.5 ? low / 1.5 : 0.5):*]
    set ylabel "speedup (x, log scale)"
    set grid ytics
    set xtics rotate by -35 left noenhanced
    set key top left noenhanced
    set bmargin 9
    set terminal svg size 900,520 dynamic font "sans,12" background "#ffffff"
    set output outdir."/speedup_".study.".svg"
    plot f skip 1 using 2:xtic(1) title "published" lc rgb "#999999", \
         f skip 1 using 3 title "measured (prune)" lc rgb "#1f77b4", \
         f skip 1 using 4 title "node ratio" lc rgb "#ff7f0e"
    set terminal pngcairo size 900,520 font "sans,10" background "#ffffff"
    set output outdir."/speedup_".study.".png"
    replot
    unset output
}
