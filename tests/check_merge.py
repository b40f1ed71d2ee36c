#!/usr/bin/env python3
"""prune match-merge (docs/strength.md#spreading-a-long-match-over-cores-and-hosts)
on hand-written summary lines: exact merged counts and statistics, the SPRT
decided once on the merged counts, missing shards named, and every refusal
(a shard twice, overlapping shards, another match, a summary that
contradicts itself) as exit 2, one line on stderr and nothing on stdout.
Past the book (--reuse) shards go by opening, every pair of a replayed
opening in one shard, so the merged `repeated` is the match's.

    check_merge.py PRUNE

The expected statistics come from tests/elo_vectors.py, which computes them
independently of match/elo.c.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

from checks import Tally
from elo_vectors import Z, elo, mle_log, nelo, pdf, score_of


def shard_pairs(shard, total, openings):
    """The pairs of shard "K/N": those whose opening (pair index modulo the
    openings' count) is K - 1 modulo N, written here from the rule, not from
    prune's arithmetic."""
    k, n = (int(x) for x in shard.split("/"))
    return [i for i in range(total) if i % openings % n == k - 1]


def summary(shard, total, counts, colour=0, moves=(40, 41), ms_sum=(12.5, 20.25), ms_max=(1.5, 2.75), sprt=None,
            book=100, **changes):
    """A consistent --json summary of shard "K/N" of a match of `total`
    pairs over `book` openings (--reuse past them), with `counts` its
    pentanomial and `colour` of its DD/WL pairs won by the same colour (a
    win and a loss for A)."""
    k, n = (int(x) for x in shard.split("/"))
    size = len(shard_pairs(shard, total, book))
    assert sum(counts) == size and colour <= counts[2]
    wins = 2 * counts[4] + counts[3] + colour
    losses = 2 * counts[0] + counts[1] + colour
    draws = counts[1] + counts[3] + 2 * (counts[2] - colour)
    s = {"summary": True, "game": "kalah", "a": "ladder-pvs", "b": "negamax-ab", "limit": "nodes",
         "limit_value": 2000, "margin_ms": 25, "seed": 1, "ply_cap": 200, "reproducible": True, "shard": shard,
         "pairs_total": total, "pair_first": k - 1, "pair_step": n, "openings": "studies/openings/kalah.txt",
         "openings_hash": "0123456789abcdef", "openings_count": book, "reuse": total > book,
         "pairs_past_book": max(0, total - book), "pairs_per_opening_max": -(-total // book), "games": 2 * size,
         "wins": wins, "draws": draws, "losses": losses, "pentanomial": list(counts), "colour_decided": colour,
         "capped": 1, "adjudicated": 0, "repeated": 0, "time_losses": [0, 0], "overruns": [1, 0],
         "moves": list(moves), "move_ms_sum": list(ms_sum),
         "move_ms_mean": [round(x / m, 3) if m else 0 for x, m in zip(ms_sum, moves)], "move_ms_max": list(ms_max)}
    if sprt:
        s["sprt"] = sprt
        s["llr_lower"] = round(math.log(sprt[3] / (1 - sprt[2])), 4)
        s["llr_upper"] = round(math.log((1 - sprt[3]) / sprt[2]), 4)
    s["stopped_early"] = False
    s.update(changes)
    return s


def text(line):
    return json.dumps(line, separators=(",", ":")) if isinstance(line, dict) else line


def merge(prune, lines, json_output=True):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "shards.jsonl")
        with open(path, "w") as f:
            f.write("".join(text(line) + "\n" for line in lines))
        done = subprocess.run([prune, "match-merge", path] + (["--json"] if json_output else []), capture_output=True,
                              text=True, timeout=60)
    return done


def llr(counts, elo0, elo1):
    n, p = pdf(counts)
    l0, l1 = mle_log(p, score_of(elo0)), mle_log(p, score_of(elo1))
    return n * sum(q * (b - a) for (_, q), a, b in zip(p, l0, l1))


def two(x):
    return float(f"{x:.2f}")


def check_merged(tally, prune):
    # Three shards of 60 pairs, in the file out of order, with game lines between.
    sprt = [0, 40, 0.05, 0.05]
    shards = {"1/3": [1, 3, 8, 4, 4], "2/3": [0, 3, 9, 4, 4], "3/3": [1, 2, 8, 5, 4]}
    lines = [summary("3/3", 60, shards["3/3"], colour=2, sprt=sprt, moves=(400, 410), ms_sum=(500.5, 300.25),
                     ms_max=(9.5, 4.25), time_losses=[1, 0], capped=3, adjudicated=2, repeated=1),
             '{"game":"kalah","pair":0,"opening":"4,4","moves":"4,4,5","result":"win"}',
             summary("1/3", 60, shards["1/3"], colour=1, sprt=sprt, moves=(390, 380), ms_sum=(480.125, 310.5),
                     ms_max=(12.75, 3.5), overruns=[2, 1]),
             summary("2/3", 60, shards["2/3"], colour=0, sprt=sprt, moves=(401, 399), ms_sum=(499.0, 290.0),
                     ms_max=(8.0, 5.0))]
    done = merge(prune, lines)
    got = json.loads(done.stdout) if done.returncode == 0 and done.stdout else {}
    tally.record(done.returncode == 0 and done.stderr == "", "merge of 3 shards: status", done.stderr.strip())
    counts = [sum(c[i] for c in shards.values()) for i in range(5)]
    n, p = pdf(counts)
    mu = sum(a * q for a, q in p)
    se = math.sqrt(sum(q * (a - mu) ** 2 for a, q in p) / n)
    nl = nelo(counts)
    want = {"shard": "1/1", "pair_first": 0, "pair_step": 1, "pairs_total": 60,
            "shards_merged": ["1/3", "2/3", "3/3"], "missing_shards": [], "missing_pairs": 0,
            "games": 120, "pentanomial": counts, "colour_decided": 3, "capped": 1 + 1 + 3, "adjudicated": 2, "repeated": 1, "time_losses": [1, 0],
            "overruns": [1 + 2 + 1, 0 + 1 + 0], "moves": [1191, 1189], "move_ms_sum": [1479.625, 900.75],
            "move_ms_mean": [float(f"{1479.625 / 1191:.3f}"), float(f"{900.75 / 1189:.3f}")],
            "move_ms_max": [12.75, 5.0], "elo": two(elo(mu)), "elo_low": two(elo(mu - Z * se)),
            "elo_high": two(elo(mu + Z * se)), "nelo": two(nl[0]), "nelo_low": two(nl[1]), "nelo_high": two(nl[2]),
            "sprt": sprt, "llr": float(f"{llr(counts, 0, 40):.4f}"), "verdict": "H1", "stopped_early": False,
            "openings": "studies/openings/kalah.txt", "openings_hash": "0123456789abcdef", "margin_ms": 25}
    for key in ("wins", "draws", "losses"):
        want[key] = sum(line[key] for line in lines if isinstance(line, dict))
    bad = {k: (got.get(k), v) for k, v in want.items() if got.get(k) != v}
    tally.record(not bad, "merged counts, Elo, nElo, LLR and verdict exact", bad or counts)
    # The SPRT is decided once: each shard alone (merged by itself) continues.
    for shard, c in shards.items():
        done = merge(prune, [summary(shard, 60, c, sprt=sprt)])
        alone = json.loads(done.stdout) if done.returncode == 0 else {}
        tally.record(alone.get("verdict") == "continue" and alone.get("missing_pairs") == 40
                     and alone.get("shard") is None and len(done.stderr.splitlines()) == 1,
                     f"shard {shard} alone: continue, 40 pairs missing", (alone.get("verdict"), done.stderr.strip()))
    # The text summary names the shards merged.
    done = merge(prune, lines, json_output=False)
    tally.record(done.returncode == 0 and "shards   1,2,3 of 3: complete\n" in done.stdout
                 and "H1" in done.stdout and f"nelo     {nl[0]:.1f} +- " in done.stdout,
                 "text: shards 1,2,3 of 3: complete, nelo, H1", done.stdout)


def check_missing(tally, prune):
    lines = [summary("4/4", 10, [0, 0, 2, 0, 0]), summary("1/4", 10, [0, 1, 1, 1, 0]),
             summary("2/4", 10, [0, 0, 3, 0, 0])]
    done = merge(prune, lines, json_output=False)
    tally.record(done.returncode == 0 and "shards   1,2,4 of 4: missing 3\n" in done.stdout
                 and len(done.stderr.splitlines()) == 1 and "shards 1,2,4 of 4: missing 3" in done.stderr,
                 "shards 1,2,4 of 4: missing 3 (text, and a warning on stderr)", done.stderr.strip())
    done = merge(prune, lines)
    got = json.loads(done.stdout) if done.returncode == 0 else {}
    want = {"shards_merged": ["1/4", "2/4", "4/4"], "missing_shards": ["3/4"], "missing_pairs": 2, "shard": None,
            "games": 16, "pentanomial": [0, 1, 6, 1, 0]}
    tally.record(all(got.get(k) == v for k, v in want.items()), "missing_shards in JSON",
                 {k: got.get(k) for k in want})
    # Shards of different N that do not overlap make one match: 1/2 (even
    # pairs), 2/4 (1 modulo 4), 4/4 (3 modulo 4).
    lines = [summary("1/2", 10, [0, 1, 3, 1, 0]), summary("2/4", 10, [0, 0, 3, 0, 0]),
             summary("4/4", 10, [0, 0, 2, 0, 0])]
    done = merge(prune, lines)
    got = json.loads(done.stdout) if done.returncode == 0 else {}
    tally.record(got.get("missing_pairs") == 0 and got.get("shards_merged") == ["1/2", "2/4", "4/4"]
                 and got.get("shard") == "1/1" and done.stderr == "", "1/2 + 2/4 + 4/4: complete",
                 (done.stderr.strip(), got.get("shards_merged")))
    # 2/3 (1 modulo 3) and 1/5 (0 modulo 5) first share pair 10: disjoint
    # below 10 pairs, overlapping below 11.
    done = merge(prune, [summary("2/3", 10, [0, 0, 3, 0, 0]), summary("1/5", 10, [0, 0, 2, 0, 0])])
    got = json.loads(done.stdout) if done.returncode == 0 else {}
    tally.record(got.get("missing_pairs") == 5 and got.get("missing_shards") == [f"{r + 1}/15" for r in (2, 3, 6, 8, 9)],
                 "2/3 + 1/5 of 10 pairs: disjoint; missing named modulo 15", got.get("missing_shards"))
    # Lines of any length are read whole.
    path = "studies/" + "long/" * 4000 + "kalah.txt"
    lines = ['{"game":"kalah","moves":"' + "4," * 50000 + '4"}', summary("1/1", 3, [0, 1, 1, 1, 0], openings=path)]
    done = merge(prune, lines)
    got = json.loads(done.stdout) if done.returncode == 0 else {}
    tally.record(got.get("openings") == path and got.get("games") == 6, "lines of 100 KB and 20 KB read whole",
                 done.stderr.strip())
    # Escaped names come back as they were written.
    name = "caf\u00e9 \"x\"\\y"
    done = merge(prune, [summary("1/2", 4, [0, 0, 2, 0, 0], a=name), summary("2/2", 4, [0, 0, 2, 0, 0], a=name)])
    got = json.loads(done.stdout) if done.returncode == 0 else {}
    tally.record(got.get("a") == name and '"a":"caf\\u00e9 \\"x\\"\\\\y"' in done.stdout, "escaped names round-trip",
                 done.stdout[:120])


def check_reuse(tally, prune):
    """Past the book (7 pairs over 3 openings, --reuse) a shard holds every
    pair of its openings, so its `repeated` counts every replay of them and
    the merged count is the match's (issue 48: by pair index, pair i and
    pair i + 3 fell in different shards and merge saw no repeat)."""
    none = dict(moves=(0, 0), ms_sum=(0, 0), ms_max=(0, 0), capped=0, overruns=[0, 0])   # an empty shard
    tally.record(shard_pairs("1/2", 7, 3) == [0, 2, 3, 5, 6] and shard_pairs("2/2", 7, 3) == [1, 4]
                 and shard_pairs("4/4", 7, 3) == [], "shards by opening: 1/2 holds openings 0 and 2, 2/2 opening 1",
                 (shard_pairs("1/2", 7, 3), shard_pairs("2/2", 7, 3)))
    halves = [summary("1/2", 7, [0, 1, 3, 1, 0], book=3, repeated=4),
              summary("2/2", 7, [0, 0, 2, 0, 0], book=3, repeated=2)]
    done = merge(prune, halves)
    got = json.loads(done.stdout) if done.returncode == 0 else {}
    want = {"shard": "1/1", "missing_pairs": 0, "missing_shards": [], "games": 14, "pentanomial": [0, 1, 5, 1, 0],
            "repeated": 6, "reuse": True, "openings_count": 3, "pairs_total": 7, "pairs_past_book": 4,
            "pairs_per_opening_max": 3}
    tally.record(done.stderr == "" and all(got.get(k) == v for k, v in want.items()),
                 "1/2 + 2/2 over 3 openings: complete, repeated 4 + 2", (done.stderr.strip(), {k: got.get(k) for k in want}))
    # Summaries from before pairs_past_book and pairs_per_opening_max merge, and the merge says them.
    book_fields = ("pairs_past_book", "pairs_per_opening_max")
    done = merge(prune, [{k: v for k, v in h.items() if k not in book_fields} for h in halves])
    got = json.loads(done.stdout) if done.returncode == 0 else {}
    tally.record(done.stderr == "" and [got.get(k) for k in ("repeated",) + book_fields] == [6, 4, 3],
                 "summaries without the book's fields: merged, 4 pairs past the book", (done.stderr.strip(), got))
    # 1/2 with 2/3 (opening 1) and 4/4 (no opening below 3: empty) make the match; by
    # pair index 1/2 and 2/3 would both hold pair 4.
    done = merge(prune, [halves[0], summary("2/3", 7, [0, 0, 2, 0, 0], book=3, repeated=2),
                         summary("4/4", 7, [0, 0, 0, 0, 0], book=3, **none)])
    got = json.loads(done.stdout) if done.returncode == 0 else {}
    tally.record(done.stderr == "" and got.get("missing_pairs") == 0 and got.get("repeated") == 6
                 and got.get("shards_merged") == ["1/2", "2/3", "4/4"], "1/2 + 2/3 + 4/4 over 3 openings: complete",
                 (done.stderr.strip(), got.get("shards_merged"), got.get("missing_pairs")))
    # A missing shard is missing all its openings' pairs.
    done = merge(prune, halves[1:])
    got = json.loads(done.stdout) if done.returncode == 0 else {}
    tally.record(got.get("missing_shards") == ["1/2"] and got.get("missing_pairs") == 5,
                 "2/2 alone over 3 openings: 1/2 and its 5 pairs missing", (got.get("missing_shards"),
                                                                            got.get("missing_pairs")))
    # The text summary says the match is longer than its book.
    done = merge(prune, halves, json_output=False)
    tally.record("3 lines, FNV-1a 0123456789abcdef, replayed past the last (--reuse): 7 pairs, each opening in up "
                 "to 3 of them\n" in done.stdout, "text: replayed past the last, 7 pairs", done.stdout[:400])


def refusals(prune):
    """(label, lines, a fragment of the message)."""
    base = lambda shard, **kw: summary(shard, 10, {"1/2": [0, 1, 3, 1, 0], "2/2": [0, 0, 5, 0, 0]}[shard], **kw)
    s12, s22 = base("1/2"), base("2/2")
    clock = dict(limit="clock", limit_value=10000, increment_ms=100)
    cases = [
        ("the same shard twice", [s12, s22, s12], "shard 1/2 again (also at"),
        ("1/2 with 1/3", [s12, summary("1/3", 10, [0, 0, 4, 0, 0])], "overlaps shard 1/2 at"),
        ("1/2 with 3/4", [summary("3/4", 10, [0, 0, 2, 0, 0]), s12], "(both hold pair 2)"),
        ("2/3 with 1/5 below 11", [summary("2/3", 11, [0, 0, 4, 0, 0]), summary("1/5", 11, [0, 0, 3, 0, 0])],
         "(both hold pair 10)"),
        ("another game", [s12, base("2/2", game="dots")], "(its game differs)"),
        ("another side", [s12, base("2/2", b="negamax")], "(its side b differs)"),
        ("another seed", [s12, base("2/2", seed=2)], "(its seed differs)"),
        ("another openings hash", [s12, base("2/2", openings_hash="0123456789abcdee")], "(its openings_hash differs)"),
        ("another margin", [s12, base("2/2", margin_ms=50)], "(its margin_ms differs)"),
        ("another increment", [base("1/2", **clock), base("2/2", **dict(clock, increment_ms=200))],
         "(its increment_ms differs)"),
        ("another pairs_total", [s12, summary("2/2", 12, [0, 0, 6, 0, 0])], "(its pairs_total differs)"),
        ("another sprt", [base("1/2", sprt=[0, 5, 0.05, 0.05]), base("2/2", sprt=[0, 5, 0.05, 0.1])],
         "(its sprt differs)"),
        ("sprt in one only", [base("1/2", sprt=[0, 5, 0.05, 0.05]), s22], "(its sprt differs)"),
        ("wins + draws + losses != 2 pairs", [dict(s12, draws=s12["draws"] + 2, games=12)],
         "wins + draws + losses is not twice the pentanomial's pairs"),
        ("games != wins + draws + losses", [dict(s12, games=11)], "games is not wins + draws + losses"),
        ("points != the pentanomial's", [dict(s12, wins=s12["wins"] + 1, draws=s12["draws"] - 1)],
         "2 wins + draws is not the pentanomial's points"),
        ("colour_decided > pairs", [dict(s12, colour_decided=6)], "more colour-decided pairs than pairs"),
        ("colour_decided > WL pairs", [dict(s12, colour_decided=1)], "colour-decided pairs than pairs of a win and a loss"),
        ("a shard with a verdict", [dict(base("1/2", sprt=[0, 5, 0.05, 0.05]), llr=0.1, verdict="continue")],
         "a shard with an SPRT verdict"),
        ("a shard stopped early", [dict(base("1/2", sprt=[0, 5, 0.05, 0.05]), stopped_early=True)],
         "a shard that stopped early"),
        ("fewer pairs than the shard", [dict(s12, pairs_total=12)], "fewer pairs than its shard holds"),
        ("more pairs than the shard", [dict(s12, pairs_total=8)], "more pairs than its shard holds"),
        ("pair_first not the shard's", [dict(s12, pair_first=1)], "pair_first and pair_step are not those of its shard"),
        ("more pairs than openings without --reuse", [dict(s12, openings_count=5)],
         "more pairs than openings without --reuse"),
        ("no opening", [dict(s12, openings_count=0)], "\"openings_count\" must be at least 1"),
        ("pairs_past_book not pairs_total less the book", [dict(summary("1/2", 7, [0, 0, 5, 0, 0], book=3),
                                                                pairs_past_book=0)],
         "pairs_past_book is not pairs_total less openings_count"),
        ("pairs_per_opening_max wrong", [dict(s12, pairs_per_opening_max=2)],
         "pairs_per_opening_max is not the most pairs an opening plays in"),
        # 3 pairs of 6 by pair index (0, 2, 4), but shard 1/2 by opening over 3 holds 4 (0, 2, 3, 5)
        ("a shard by pair index past the book", [dict(summary("1/2", 6, [0, 0, 3, 0, 0], book=6), openings_count=3,
                                                      reuse=True)], "fewer pairs than its shard holds"),
        ("1/2 with 3/3 over 3 openings", [summary("1/2", 7, [0, 0, 5, 0, 0], book=3),
                                          summary("3/3", 7, [0, 0, 2, 0, 0], book=3)], "(both hold pair 2)"),
        ("more overruns than moves", [dict(s12, overruns=[41, 0])], "more overruns than moves"),
        ("time losses above losses", [dict(s12, time_losses=[0, 5])], "more games lost on time than lost"),
        ("capped above games", [dict(s12, capped=11)], "more capped and adjudicated games than games"),
        ("shard 3/2", [dict(s12, shard="3/2")], "\"shard\" must be K/N with 1 <= K <= N"),
        ("a count that is not a whole number", [dict(s12, wins=2.5)], "\"wins\" must be a whole number"),
        ("a key missing", [{k: v for k, v in s12.items() if k != "openings_hash"}], "\"openings_hash\" is missing"),
        ("not JSON", ['{"summary":true,"game":"kalah",'], "not one JSON object"),
        ("a repeated key", [text(s12)[:-1] + ',"wins":3}'], "not one JSON object"),
        ("no summary", ['{"game":"kalah"}'], "no prune match --json summary line"),
    ]
    return cases


def check_refusals(tally, prune):
    for label, lines, fragment in refusals(prune):
        done = merge(prune, lines)
        err = done.stderr.splitlines()
        tally.record(done.returncode == 2 and done.stdout == "" and len(err) == 1 and err[0].startswith("prune: ")
                     and fragment in err[0], f"refused: {label}", done.stderr.strip() or done.stdout[:100])


def check_live_shard(tally, prune):
    """A shard that prune match prints carries the sprt but no verdict.  From
    the start position alone (one opening) shard 1/2 holds both pairs."""
    done = subprocess.run([prune, "match", "ttt", "--a", "negamax-ab", "--b", "negamax-ab", "--depth", "1",
                           "--pairs", "2", "--reuse", "--shard", "1/2", "--sprt", "0,5", "--json"],
                          capture_output=True, text=True, timeout=60)
    last = json.loads(done.stdout.splitlines()[-1]) if done.returncode == 0 and done.stdout else {}
    tally.record(last.get("shard") == "1/2" and last.get("sprt") == [0, 5, 0.05, 0.05] and "verdict" not in last
                 and "llr" not in last and last.get("stopped_early") is False and last.get("games") == 4,
                 "prune match --shard 1/2 --sprt: its 4 games, parameters, no verdict", done.stderr.strip() or last)


def check_first_player(tally, prune):
    """first_points adds up across shards; a shard from before the count (no first_points) makes the
    merged count unknown, null in JSON and said in text, never a sum that leaves its games out."""
    one = summary("1/2", 10, [1, 1, 1, 1, 1], first_points=11)
    two = summary("2/2", 10, [0, 2, 1, 1, 1], first_points=9)
    got = json.loads(merge(prune, [one, two]).stdout or "{}")
    tally.record(got.get("first_points") == 20 and got.get("first_score") == 0.5, "first_points merged: 11 + 9 of 40",
                 (got.get("first_points"), got.get("first_score")))
    old = {k: v for k, v in two.items() if k != "first_points"}
    done = merge(prune, [one, old])
    got = json.loads(done.stdout or "{}")
    tally.record(done.returncode == 0 and "first_points" in got and got["first_points"] is None
                 and got.get("first_score") is None, "a shard without first_points: the merged count is null",
                 (done.returncode, got.get("first_points"), got.get("first_score")))
    said = merge(prune, [one, old], json_output=False).stdout
    tally.record("bias     first player's score unknown (a shard predates its count); colour decided" in said,
                 "the text says the first player's score is unknown", said[-400:])
    done = merge(prune, [summary("1/1", 5, [1, 1, 1, 1, 1], first_points=21)])
    tally.record(done.returncode == 2 and "first_points above 2 a game" in done.stderr,
                 "first_points above 2 a game refused", done.stderr.strip())


def main():
    prune = sys.argv[1]
    tally = Tally()
    check_first_player(tally, prune)
    check_merged(tally, prune)
    check_missing(tally, prune)
    check_reuse(tally, prune)
    check_refusals(tally, prune)
    check_live_shard(tally, prune)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
