#!/usr/bin/env python3
"""Writes tests/elo_vectors.txt: the statistics of cli/elo.h for fixed
pentanomial counts, computed here from the published formulas with the
standard library only, by other means than the C code (the secular
equation by Newton's method rather than bisection, the normal law from
statistics.NormalDist), so that tests/elo_test checks the C against an
independent reckoning.

    python3 tests/elo_vectors.py > tests/elo_vectors.txt

Each line: LL LD DD WD WW elo0 elo1 alpha beta | score elo elo_low elo_high los llr lower upper
"""
import math
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


def line(counts, elo0, elo1, alpha, beta):
    n, p = pdf(counts)
    mu = sum(a * q for a, q in p)
    var = sum(q * (a - mu) ** 2 for a, q in p)
    se = math.sqrt(var / n)
    los = NormalDist().cdf((mu - 0.5) / se)
    l0, l1 = mle_log(p, score_of(elo0)), mle_log(p, score_of(elo1))
    llr = n * sum(q * (b - a) for (_, q), a, b in zip(p, l0, l1))
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    figures = [mu, elo(mu), elo(mu - Z * se), elo(mu + Z * se), los, llr, lower, upper]
    head = " ".join(str(c) for c in counts) + f" {elo0} {elo1} {alpha} {beta}"
    return head + " | " + " ".join(repr(float(f)) for f in figures)


if __name__ == "__main__":
    print("# LL LD DD WD WW elo0 elo1 alpha beta | score elo elo_low elo_high los llr lower upper")
    print("# written by tests/elo_vectors.py (standard library only, independent of cli/elo.c)")
    for case in CASES:
        print(line(*case))
