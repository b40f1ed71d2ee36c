#!/usr/bin/env python3
"""check_measure_stats.py REPO: the harness's interval arithmetic
(scripts/measure_stats.py) against figures computed independently: the
ranks of the distribution-free 95% interval of a median as statistics
tables give them (n = 6: 1st and 6th; n = 10: 2nd and 9th; n = 20: 6th and
15th; n = 5: none reaches 95%), and ratio summaries worked by hand: of
pairs, and of a published figure over our repetitions (the report's
common.published_ratio)."""
import os
import sys

sys.path.insert(0, os.path.join(sys.argv[1], "scripts"))
import measure_stats  # noqa: E402
from reporting.common import published_ratio  # noqa: E402

failures = []
checked = 0


def expect(label, got, want):
    global checked
    checked += 1
    if got != want:
        failures.append(f"{label}: got {got!r}, expected {want!r}")


expect("ranks n=5", measure_stats.median_interval_ranks(5), None)
expect("ranks n=6", measure_stats.median_interval_ranks(6), (1, 6))
expect("ranks n=8", measure_stats.median_interval_ranks(8), (1, 8))
expect("ranks n=10", measure_stats.median_interval_ranks(10), (2, 9))
expect("ranks n=20", measure_stats.median_interval_ranks(20), (6, 15))
expect("ranks n=32", measure_stats.median_interval_ranks(32), (10, 23))
# Ten pairs whose ratios are 1.0 .. 1.9 in scrambled order: the median is
# 1.45, the interval the 2nd and 9th smallest, 1.1 and 1.8.
pairs = [(r / 10, 1.0) for r in (13, 10, 19, 11, 17, 12, 18, 14, 16, 15)]
summary = measure_stats.ratio_summary(pairs)
expect("summary", {k: round(v, 6) for k, v in summary.items()},
       {"pairs": 10, "median": 1.45, "lo": 1.1, "hi": 1.8, "min": 1.0, "max": 1.9})
expect("format", measure_stats.format_ratio(summary), "1.45x (95% CI 1.10x-1.80x, 10 pairs)")
expect("format, too few", measure_stats.format_ratio(measure_stats.ratio_summary(pairs[:4])),
       "1.20x (4 pairs, too few for a 95% interval)")
expect("cell", measure_stats.format_ratio_cell(summary), "1.45x (1.10-1.80)")
expect("cell, too few", measure_stats.format_ratio_cell(measure_stats.ratio_summary(pairs[:4])), "1.20x (n=4)")
expect("repetition pairs", measure_stats.repetition_pairs([1, 2, 3], [4, 5, 6]), [(1, 4), (2, 5), (3, 6)])
expect("repetition pairs, unequal", measure_stats.repetition_pairs([1, 2], [4, 5, 6]), [])
# Two ratios' pairs, 2/1 and 8/1 at repetition 0, 1/1 and 4/1 at 1: the
# geometric means are 4/1 (a: sqrt(2*8) = 4) and 2/1 (sqrt(1*4) = 2).
expect("geometric pairs", [tuple(round(x, 9) for x in p) for p in
                           measure_stats.geometric_pairs([[(2, 1), (1, 1)], [(8, 1), (4, 1)]])], [(4, 1), (2, 1)])
expect("geometric pairs, cut to the shortest",
       [tuple(round(x, 9) for x in p) for p in measure_stats.geometric_pairs([[(2, 1)], [(8, 1), (4, 1)]])],
       [(4, 1)])
expect("geometric pairs, none", measure_stats.geometric_pairs([]), [])
# A published 12 over two rows whose i-th repetitions sum to 1.0 .. 1.9,
# times 0.5: 12/s is 6.32 .. 12 over the ten; its median (8 + 8.571) / 2,
# its interval the 2nd and 9th, 12/1.8 and 12/1.1; each halved.
halves = [s / 20 for s in (13, 10, 19, 11, 17, 12, 18, 14, 16, 15)]
rows = [{"repetition_seconds": ";".join(str(h) for h in halves)}] * 2
mine = published_ratio(12, rows, 0.5)
expect("published ratio", {k: round(v, 6) for k, v in mine.items() if k != "of"},
       {"pairs": 10, "median": 4.142857, "lo": 3.333333, "hi": 5.454545, "min": 3.157895, "max": 6.0})
expect("published ratio, format", measure_stats.format_ratio(mine), "4.14x (95% CI 3.33x-5.45x, 10 of our repetitions)")
expect("published ratio, a row without repetitions", published_ratio(12, rows + [{}]), None)
expect("spread", round(measure_stats.spread([9.0, 10.0, 11.0]), 6), 0.1)
expect("spread of one", measure_stats.spread([5.0]), 0.0)

for failure in failures:
    print(failure)
print(f"{checked - len(failures)} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
