"""The statistics of a match's row (strength.csv and the studies that share its columns: the
pentanomial, the p-value of Elo = 0 that agrees with prune's 95% interval, the exact sign test on a
short line's informative pairs, and Holm's step-down correction over a family), apart from how
any study prints them: the strength study, the killers' placement, the Monte Carlo steps and the
paradigm study each ask here.
"""
import math

ALPHA = 0.05
REGULARISED = 0.001   # an empty pentanomial count, as match/elo.c reads it (fishtest's)
SCORES = (0, 0.25, 0.5, 0.75, 1)
# The pair counts from which each 95% interval holds its coverage: simulated under the null (two equal
# sides) over the study's draw shapes and pair counts, tests/check_elo_coverage.py finds the Elo interval
# holding 0 in at least 93% of matches from 50 pairs on, and the nElo interval from 135 on (the
# smallest such counts: below them some shape falls short, nElo's far short at 15 to 30 pairs of
# mostly draws).  Below its count an interval is printed with a mark (strength.py's COVERAGE_MARK), never bare; the test checks
# these constants against its simulation.
COVERED_FROM = {"elo": 50, "nelo": 135}
# Fewer pairs than this are not tested (p = 1, still counted in the family): the test is the Elo
# interval, which does not hold its coverage below them (and with one or two pairs the regularised
# empty counts make any one-sided match look decisive: a --quick run's matches).
MIN_PAIRS = COVERED_FROM["elo"]


def pentanomial(row):
    """The five pair counts (LL LD DD WD WW), or None."""
    cells = (row.get("pentanomial") or "").split()
    return [int(c) for c in cells] if len(cells) == 5 else None


def p_value(row):
    """The two-sided p-value of Elo = 0 for the match: z = (mu - 1/2) / sqrt(var / pairs) on the
    regularised pentanomial (match/elo.c's mu, var and pairs), so that p < 0.05 exactly when the
    95% interval excludes 0.  1 without counts, and for a match of fewer than MIN_PAIRS pairs."""
    counts = pentanomial(row)
    if not counts or sum(counts) < MIN_PAIRS:
        return 1.0
    n = [c if c else REGULARISED for c in counts]
    pairs = sum(n)
    mu = sum(c * a for c, a in zip(n, SCORES)) / pairs
    var = sum(c * (a - mu) ** 2 for c, a in zip(n, SCORES)) / pairs
    if var <= 0:
        return 1.0
    return math.erfc(abs(mu - 0.5) / math.sqrt(var / pairs) / math.sqrt(2))


def holm(p_values, alpha=ALPHA):
    """Holm's step-down over a family: (survives, adjusted p) for each p-value, in the given order.
    The i-th smallest p (from 0) is compared with alpha / (m - i), stopping at the first that is
    above; the adjusted p is the running maximum of (m - i) p, at most 1."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    out, running, rejecting = [None] * m, 0.0, True
    for rank, i in enumerate(order):
        rejecting = rejecting and p_values[i] <= alpha / (m - rank)
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        out[i] = (rejecting, running)
    return out


def holm_tests(rows):
    """Holm's correction over rows as one family, each tested for Elo = 0: {id(row): (survives, adjusted p)}."""
    return {id(r): t for r, t in zip(rows, holm([p_value(r) for r in rows]))}


def sign_test(row):
    """(informative pairs, those side A won, the exact two-sided p) of the sign test on a match's pairs that
    did not score ½ (LL and LD against WD and WW): a null test that needs no interval, for the lines too
    short for one (issue 48)."""
    counts = pentanomial(row) or [0] * 5
    lost, won = counts[0] + counts[1], counts[3] + counts[4]
    n = lost + won
    if n == 0:
        return 0, 0, 1.0
    tail = sum(math.comb(n, i) for i in range(min(won, lost) + 1))
    return n, won, min(1.0, 2 * tail / 2 ** n)
