"""measure_stats.py: the one place the harness turns timings into figures a
user can quote.  Standard library only; no randomness (every interval here
is exact and deterministic, so two reports of the same numbers agree).

`ratio_summary` gives the median of paired ratios and its 95% interval from
order statistics (distribution-free; benchmarks/README.md, "Ratios carry
their interval", says how the pairs are taken), `spread` a timed row's
coefficient of variation (the noise check's gauge), `machine_state` the CPU
and load a figure was taken under, `pairs_path` where the pairs behind a
CSV's figures are kept.
"""
import math
import os
import statistics

CONFIDENCE = 0.95
PAIRS_SUFFIX = ".pairs.csv"


def pairs_path(output):
    """The pairs file beside the CSV `output` (its `.csv` replaced by PAIRS_SUFFIX): one line a pair,
    from which scripts/recompute_intervals.py recomputes the CSV's medians and intervals."""
    return (output[:-len(".csv")] if output.endswith(".csv") else output) + PAIRS_SUFFIX


def median_interval_ranks(n, confidence=CONFIDENCE):
    """(lo, hi), 1-based ranks of the sorted sample that bound its median
    with at least `confidence` coverage, or None when n is too small for any
    (n < 6 at 95%).  The interval [x_(k), x_(n+1-k)] misses the median with
    probability 2 * P(X <= k - 1), X ~ Binomial(n, 1/2); k is the largest
    rank that keeps that at most 1 - confidence."""
    def tail(k):   # P(X <= k)
        return sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    k = 0
    while k + 1 <= n // 2 and 2 * tail(k) <= 1 - confidence:
        k += 1
    return (k, n + 1 - k) if k >= 1 else None


def ratio_summary(pairs, confidence=CONFIDENCE):
    """pairs: [(a, b)] of paired measurements of the same work (times, or
    rates: the ratio is a / b either way).  Returns a dict: pairs, median,
    lo, hi (the interval of the median at `confidence`, None when too few
    pairs), min and max.  No pairs: a ValueError."""
    ratios = sorted(a / b for a, b in pairs)
    ranks = median_interval_ranks(len(ratios), confidence)
    lo, hi = (ratios[ranks[0] - 1], ratios[ranks[1] - 1]) if ranks else (None, None)
    return {"pairs": len(ratios), "median": statistics.median(ratios), "lo": lo, "hi": hi,
            "min": ratios[0], "max": ratios[-1]}


def format_ratio(summary, digits=2, suffix="x"):
    """'1.80x (95% CI 1.71x-1.86x, 8 pairs)', or without the interval when
    there were too few pairs for one."""
    def number(x):
        return f"{x:.{digits}f}{suffix}"
    count = f"{summary['pairs']} {summary.get('of', 'pairs')}"   # 'of': what the ratios were taken over
    if summary["lo"] is None:
        return f"{number(summary['median'])} ({count}, too few for a 95% interval)"
    return f"{number(summary['median'])} (95% CI {number(summary['lo'])}-{number(summary['hi'])}, {count})"


def format_ratio_cell(summary, digits=2, suffix="x"):
    """The short form for a table cell: '1.80x (1.71-1.86)' ('1.80x (n=4)'
    when too few pairs for an interval); the table says what it is."""
    median = f"{summary['median']:.{digits}f}{suffix}"
    if summary["lo"] is None:
        return f"{median} (n={summary['pairs']})"
    return f"{median} ({summary['lo']:.{digits}f}-{summary['hi']:.{digits}f})"


def repetition_pairs(times_a, times_b):
    """[(a_i, b_i)]: repetition i of one timed row with repetition i of
    another.  When the run interleaved the repetitions of all rows into one
    random order, the i-th of each fall at about the same point of it.
    [] when the two rows have different numbers of repetitions."""
    return list(zip(times_a, times_b)) if len(times_a) == len(times_b) else []


def geometric_pairs(pair_lists):
    """The pairs of a geometric mean of several ratios: for each repetition
    index i, (geometric mean of the a_i, geometric mean of the b_i) over
    the lists, whose ratio is the geometric mean of the ratios a_i / b_i.
    Each ratio is of a matched pair, so lists from different runs combine;
    the longer lists are cut to the shortest one.  [] when there are none."""
    n = min((len(p) for p in pair_lists), default=0)
    def geomean(values):
        return math.exp(sum(math.log(v) for v in values) / len(values))
    return [(geomean([p[i][0] for p in pair_lists]), geomean([p[i][1] for p in pair_lists])) for i in range(n)]


def spread(values):
    """Coefficient of variation (standard deviation over mean) of repeated
    timings of one thing; 0 for fewer than two values."""
    if len(values) < 2:
        return 0.0
    mean = statistics.fmean(values)
    return statistics.stdev(values) / mean if mean else 0.0


def cpuinfo(field):
    """The values of one field of /proc/cpuinfo, one a CPU; [] when unreadable."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            return [line.split(":", 1)[1].strip() for line in f if line.startswith(field)]
    except OSError:
        return []


def cpu_name():
    """The CPU's model name and, where the kernel gives them, its family,
    model and stepping: 'AMD EPYC (family 26, model 2, stepping 1)'.  A
    virtual machine's name can be as bare as 'AMD EPYC' on hosts of
    different generations, which the numbers tell apart.  'unknown' when
    unreadable."""
    name = (cpuinfo("model name") or ["unknown"])[0]
    numbers = [(word, (cpuinfo(field) or [""])[0]) for word, field in
               (("family", "cpu family"), ("model", "model\t"), ("stepping", "stepping"))]
    shown = ", ".join(f"{word} {value}" for word, value in numbers if value.isdigit())
    return f"{name} ({shown})" if shown else name


def cpu_mhz():
    """The current frequency of each CPU in MHz where the kernel shows it
    (cpufreq, else /proc/cpuinfo), [] when it does not."""
    found = []
    for cpu in range(os.cpu_count() or 0):
        try:
            with open(f"/sys/devices/system/cpu/cpu{cpu}/cpufreq/scaling_cur_freq", encoding="utf-8") as f:
                found.append(int(f.read()) / 1000)
        except (OSError, ValueError):
            break
    try:
        return found or [float(mhz) for mhz in cpuinfo("cpu MHz")]
    except ValueError:
        return []


def machine_state():
    """What a figure must carry about where it was taken: CPU, cores, load
    averages (1, 5, 15 min) and frequencies."""
    try:
        load = list(os.getloadavg())
    except OSError:
        load = []
    return {"cpu": cpu_name(), "cores": os.cpu_count(), "load": load, "mhz": cpu_mhz()}
