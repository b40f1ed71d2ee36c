#!/usr/bin/env python3
"""Writes tests/elo_vectors.txt: the statistics of match/elo.h for fixed
pentanomial counts, computed here from the published formulas with the
standard library only, by other means than the C code (the secular
equation by Newton's method rather than bisection, the normal law from
statistics.NormalDist, the moments of normalized Elo in exact fractions),
so that tests/elo_test checks the C against an independent reckoning.

Normalized Elo is fishtest's for pentanomial results (server/fishtest/http/
template_helpers.py, _nelo_pentanomial_details): t = (mu - 1/2) / sigma with
sigma the pair score's deviation, nelo = 800 / ln(10) / sqrt(2) * t, and its
95% interval t -+ z * sqrt(var_t / n), var_t = 1 - t * skew + t^2 (exkurt + 2) / 4.

    python3 tests/elo_vectors.py > tests/elo_vectors.txt

Each line: LL LD DD WD WW elo0 elo1 alpha beta | score elo elo_low elo_high los llr lower upper nelo nelo_low nelo_high
"""
import math
from fractions import Fraction
from statistics import NormalDist

CASES = [
    # (counts LL LD DD WD WW, elo0, elo1, alpha, beta)
    ((0, 0, 100, 0, 0), 0, 5, 0.05, 0.05),        # every pair drawn (tic-tac-toe)
    ((10, 20, 40, 20, 10), 0, 5, 0.05, 0.05),     # even
    ((5, 15, 40, 25, 15), 0, 10, 0.05, 0.05),     # A better
    ((30, 25, 30, 10, 5), -10, 0, 0.05, 0.10),    # A worse
    ((0, 1, 3, 10, 86), 0, 50, 0.05, 0.05),       # crippled B: A wins nearly all
    ((3, 2, 1, 0, 0), 0, 5, 0.10, 0.10),          # few pairs, A loses
    ((1234, 4321, 10000, 4400, 1300), 0, 2, 0.05, 0.05),  # a long match
    ((0, 0, 0, 0, 7), 0, 5, 0.05, 0.05),          # all won: finite thanks to the regularisation
    # the same score (0.535, the same Elo) with many and with few drawn pairs: nElo tells them apart
    ((0, 20, 60, 20, 0), 0, 5, 0.05, 0.05),       # even, drawish
    ((2, 18, 50, 24, 6), 0, 5, 0.05, 0.05),       # A better, drawish
    ((16, 11, 40, 9, 24), 0, 5, 0.05, 0.05),      # A better by the same score, few draws
]

EPS = 1e-3
Z = NormalDist().inv_cdf(0.975)


def elo(s):
    return -400 * math.log10(1 / s - 1) if 0 < s < 1 else math.copysign(math.inf, s - 0.5)


def score_of(e):
    return 1 / (1 + 10 ** (-e / 400))


def pdf(counts):
    c = [x if x else EPS for x in counts]
    n = sum(c)
    return n, [(i / 4, x / n) for i, x in enumerate(c)]


def mle_log(p, s):
    """log of the distribution nearest p (maximum likelihood) with mean s."""
    d = [(a - s, q) for a, q in p]
    lo, hi = -1 / d[-1][0], -1 / d[0][0]
    x = 0.0
    for _ in range(100):  # Newton, kept inside (lo, hi)
        f = sum(q * a / (1 + x * a) for a, q in d)
        df = -sum(q * a * a / (1 + x * a) ** 2 for a, q in d)
        nx = x - f / df
        if not lo < nx < hi:
            nx = (x + (lo if nx <= lo else hi)) / 2
        if nx == x:
            break
        x = nx
    return [math.log(q / (1 + x * a)) for a, q in d]


def nelo(counts, exact=True):
    """nElo and its interval, the moments taken exactly over the regularised counts (in floats
    with exact=False: the same formulas, faster, for tests/check_elo_coverage.py's simulation)."""
    kind = Fraction if exact else float
    c = [kind(x) if x else kind(1) / 1000 for x in counts]
    n = sum(c)
    q = [x / n for x in c]
    mu = sum(kind(i) / 4 * x for i, x in enumerate(q))
    m = {k: sum(x * (kind(i) / 4 - mu) ** k for i, x in enumerate(q)) for k in (2, 3, 4)}
    sd = math.sqrt(m[2])
    t = float(mu - kind(1) / 2) / sd
    skew = float(m[3]) / sd ** 3
    exkurt = float(m[4] / (m[2] * m[2])) - 3
    var_t = max(0.0, 1 - t * skew + t * t * (exkurt + 2) / 4)
    half = Z * math.sqrt(var_t / float(n))
    scale = 800 / math.log(10) / math.sqrt(2)
    return [scale * t, scale * (t - half), scale * (t + half)]


def moments(counts):
    """The pairs (regularised), the mean pair score and its standard error."""
    n, p = pdf(counts)
    mu = sum(a * q for a, q in p)
    var = sum(q * (a - mu) ** 2 for a, q in p)
    return n, p, mu, math.sqrt(var / n)


def elo_interval(counts):
    """Elo and its 95% interval, elo(mu -+ z se) (an infinite bound at a score of 0 or 1)."""
    _, _, mu, se = moments(counts)
    return [elo(mu), elo(mu - Z * se), elo(mu + Z * se)]


def line(counts, elo0, elo1, alpha, beta):
    n, p, mu, se = moments(counts)
    los = NormalDist().cdf((mu - 0.5) / se)
    l0, l1 = mle_log(p, score_of(elo0)), mle_log(p, score_of(elo1))
    llr = n * sum(q * (b - a) for (_, q), a, b in zip(p, l0, l1))
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    figures = [mu] + elo_interval(counts) + [los, llr, lower, upper] + nelo(counts)
    head = " ".join(str(c) for c in counts) + f" {elo0} {elo1} {alpha} {beta}"
    return head + " | " + " ".join(repr(float(f)) for f in figures)


if __name__ == "__main__":
    print("# LL LD DD WD WW elo0 elo1 alpha beta | score elo elo_low elo_high los llr lower upper nelo nelo_low nelo_high")
    print("# written by tests/elo_vectors.py (standard library only, independent of match/elo.c)")
    for case in CASES:
        print(line(*case))
