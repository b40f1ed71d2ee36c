#!/usr/bin/env python3
"""check_measure_stats.py REPO: the harness's interval arithmetic
(scripts/measure_stats.py) against figures computed independently: the
ranks of the distribution-free 95% interval of a median as statistics
tables give them (n = 6: 1st and 6th; n = 10: 2nd and 9th; n = 20: 6th and
15th; n = 5: none reaches 95%), and a ratio summary worked by hand."""
import os
import sys

sys.path.insert(0, os.path.join(sys.argv[1], "scripts"))
import measure_stats  # noqa: E402

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
expect("spread", round(measure_stats.spread([9.0, 10.0, 11.0]), 6), 0.1)
expect("spread of one", measure_stats.spread([5.0]), 0.0)

for failure in failures:
    print(failure)
print(f"{checked - len(failures)} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
