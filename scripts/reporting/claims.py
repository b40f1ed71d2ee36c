"""The report's quantitative claims, as data, and the referee that checks them.

A claim is one sentence (or table cell) of REPORT.md, of the README (its
results block and its table of what each technique is worth) or of a doc,
and the relation it states between cells of the run's CSV files.  CLAIMS
lists them: `key` names the claim; `where` the file (REPORT.md is the
run's, every other path is the repository's); `text` a regular expression
the sentence must match, whose named groups are the figures it quotes; and
`relation`, with its `args`, the function of RELATIONS that recomputes
those figures from the CSVs and tests what the sentence says of them
(`>`, `<`, an interval entirely above or below 1, a figure equal to the
data's at the digits quoted, a count within a bound).

check(res, texts) runs every claim on a run (a results.Results) and the
texts of the files ({where: text}; a claim whose file is not given is
skipped) and returns the failures as (key, why).  tests/check_claims.py runs
it on the committed run, and on copies with one cell altered to show that a
claim whose relation no longer holds fails by its key; scripts/report.py
runs it after every regeneration and names the claims that do not hold.

The claims are those of the committed run: a new run whose data no longer
bear a sentence out fails here until the sentence (or its generator) and
its claim are brought in line.
"""
import collections
import re

from . import peers
from .common import col, compare, geomean_time_ratio, num, ratio, summed_time_ratio
from .strength import interval as elo_interval
from . import copy_undo, techniques
from .techniques import ladder
from . import threads
import studies

Claim = collections.namedtuple("Claim", "key where text relation args")

NUMBER = r"[\d,]+(?:\.\d+)?"
X_CI = r"(?P<median>[\d.]+)x \(95% CI (?P<lo>[\d.]+)x-(?P<hi>[\d.]+)x"   # '1.80x (95% CI 1.71x-1.86x'
X_CELL = r"(?P<median>[\d.]+)x \((?P<lo>[\d.]+)-(?P<hi>[\d.]+)\)"
IN_BULLET = r"(?:(?!\n- )[\s\S])*?"   # any text up to the next list item
X_CI_SHORT = r"(?P<median>[\d.]+)x\s+\((?P<lo>[\d.]+)x-(?P<hi>[\d.]+)x\)"   # '1.24x (1.18x-1.30x)'
       # '1.80x (1.71-1.86)'


class Fails(Exception):
    """A claim's relation does not hold; the message says how."""


def same(quoted, value, what):
    """The quoted figure is the data's at the digits quoted (thousands separators and a % sign allowed)."""
    text = quoted.replace(",", "")
    digits = len(text.split(".")[1]) if "." in text else 0
    if value is None or f"{value:.{digits}f}" != text:
        raise Fails(f"{what}: quoted {quoted}, the data give {value if value is None else f'{value:.{digits}f}'}")


def quoted_interval(m, summary, what):
    """The quoted median and interval (groups median, lo, hi) are the summary's."""
    if not summary:
        raise Fails(f"{what}: no pairs in the data")
    for group in ("median", "lo", "hi"):
        if m.groupdict().get(group) is not None:
            same(m[group], summary[group], f"{what} {group}")


def direction(summary, side, what):
    """The paired interval lies entirely above (side '>') or below ('<') 1."""
    if side == ">" and not (summary["lo"] is not None and summary["lo"] > 1):
        raise Fails(f"{what}: its 95% interval ({summary['lo']}-{summary['hi']}) does not lie above 1")
    if side == "<" and not (summary["hi"] is not None and summary["hi"] < 1):
        raise Fails(f"{what}: its 95% interval ({summary['lo']}-{summary['hi']}) does not lie below 1")


# --- the technique ladder: "Where a technique costs more than it saves" -------------------------------------

def rungs(res, game, config):
    spec, by_config, _ = ladder(res)[game]
    return by_config[config], by_config[spec["below"][config]]


def more_nodes(res, m, game, config, then=None):
    """The rung needs more nodes than the rung below (the counts quoted as a → b), and what the rest of the
    sentence says (then: a relation of the last iteration or the counters)."""
    r, b = rungs(res, game, config)
    same(m["a"], b["nodes"], "the rung below's nodes")
    same(m["b"], r["nodes"], "the rung's nodes")
    if not r["nodes"] > b["nodes"]:
        raise Fails(f"{config} needs {r['nodes']:.0f} nodes, not more than the rung below's {b['nodes']:.0f}")
    if then:
        THEN[then](r, b, m)


def last_grows(r, b, m):
    last_below = b["last_iteration_nodes"] or b["nodes"]
    same(m["last_below"], last_below, "the rung below's last iteration")
    same(m["last"], r["last_iteration_nodes"], "the rung's last iteration")
    if not r["last_iteration_nodes"] > last_below:
        raise Fails(f"the last iteration does not grow: {last_below:.0f} -> {r['last_iteration_nodes']:.0f}")


def last_shrinks(r, b, m):
    last_below, last = b["last_iteration_nodes"], r["last_iteration_nodes"]
    same(m["last_below"], last_below, "the rung below's last iteration")
    same(m["last"], last, "the rung's last iteration")
    same(m["shallow_below"], b["nodes"] - last_below, "the rung below's shallower iterations")
    same(m["shallow"], r["nodes"] - last, "the rung's shallower iterations")
    if not (last < last_below and r["nodes"] - last - (b["nodes"] - last_below) > last_below - last):
        raise Fails("the last iteration does not shrink, or the shallower ones do not outweigh it")


def shallow_outweighs(r, b, m):
    """Iterative deepening: its shallow passes cost more nodes than its last iteration saves."""
    shallow, last, last_below = r["nodes"] - r["last_iteration_nodes"], r["last_iteration_nodes"], b["nodes"]
    same(m["shallow"], shallow, "the shallow passes")
    same(m["last"], last, "the last iteration")
    if not (last < last_below and shallow > last_below - last):
        raise Fails(f"the shallow passes ({shallow:.0f}) do not cost more than the last iteration saves "
                    f"({last_below - last:.0f})")


def researches(r, b, m):
    same(m["researches"], r["researches"], "re-searches")


def misses_bound(r, b, m):
    """Aspiration: the re-search counter exceeds the most misses a window can have (one an iteration after
    the first), so it counts more than the misses; both quoted."""
    bound = sum(max(0, col(row, "id_iterations") - 1) for row in r.rows)
    same(m["researches"], r["researches"], "the rung's re-searches")
    same(m["below_researches"], b["researches"], "the rung below's re-searches")
    same(m["bound"], bound, "the bound on the window's misses")
    if not r["researches"] > bound:
        raise Fails(f"the counter ({r['researches']:.0f}) is within the misses' bound ({bound}): it could be "
                    f"misses alone")


THEN = {"last_grows": last_grows, "last_shrinks": last_shrinks, "shallow_outweighs": shallow_outweighs,
        "researches": researches, "misses_bound": misses_bound}


def fewer_nodes_slower(res, m, game, config):
    """The rung needs fewer nodes than the rung below but more time: its paired time gain's interval lies
    below 1."""
    r, b = rungs(res, game, config)
    same(m["a"], b["nodes"], "the rung below's nodes")
    same(m["b"], r["nodes"], "the rung's nodes")
    if not r["nodes"] < b["nodes"]:
        raise Fails(f"{config} does not save nodes: {b['nodes']:.0f} -> {r['nodes']:.0f}")
    gain = summed_time_ratio(b.rows, r.rows)
    quoted_interval(m, gain, "the time gain")
    direction(gain, "<", "the time gain")


def gains_both(res, m, game, config):
    """The rung needs fewer nodes than the rung below and less time (interval above 1)."""
    r, b = rungs(res, game, config)
    if not r["nodes"] < b["nodes"]:
        raise Fails(f"{config} does not save nodes on {game}: {b['nodes']:.0f} -> {r['nodes']:.0f}")
    direction(summed_time_ratio(b.rows, r.rows), ">", f"{config}'s time gain on {game}")


def rung_time(res, m, game, config):
    """The rung's paired time gain over the rung below, quoted with its interval, and (group inv) the time
    it takes as a multiple of the rung below's, the gain's inverse."""
    r, b = rungs(res, game, config)
    gain = summed_time_ratio(b.rows, r.rows)
    quoted_interval(m, gain, "the time gain")
    if m.groupdict().get("inv") is not None:
        same(m["inv"], 1 / gain["median"], "the rung's time over the rung below's")


def row_value(res, m, game, spec, column, scale=1):
    """One cell of a measured row of studies.csv (the game's row of spec = (study, config, depth, moves,
    state)), times scale, is the quoted figure (group value) at the digits quoted."""
    study, config, depth, moves, state = spec
    found = res.index.get(studies.case_key(study, game, moves, config, state, depth))
    if not found:
        raise Fails(f"no measured row {game} {spec}")
    same(m["value"], col(found, column) * scale, f"{game} {spec} {column}")


def table_share(res, m, game, limit=0.30):
    """ladder-tt's nodes per second as a share of negamax-ab's (the node ratio times the paired time ratio),
    quoted with its interval, within the limit issue 11 allows."""
    spec, by_config, _ = ladder(res)[game]
    base = spec["rungs"][0]
    tt = next(c for c in spec["rungs"] if spec["below"][c] == base and c != base)
    paired = summed_time_ratio(by_config[base].rows, by_config[tt].rows)
    nodes = by_config[tt]["nodes"] / by_config[base]["nodes"]
    share = {k: None if paired[k] is None else 100 * nodes * paired[k] for k in ("median", "lo", "hi")}
    quoted_interval(m, share, "the table's share")
    if share["median"] < 100 * (1 - limit):
        raise Fails(f"the share {share['median']:.0f}% is beyond the {limit:.0%} allowed")


# --- the studies' paired ratios -------------------------------------------------------------------------------

def row(res, spec):
    """A measured row of studies.csv: spec = (study, config, depth[, moves[, state]])."""
    found = res.get(*spec)
    if not found:
        raise Fails(f"no measured row {spec}")
    return found


def paired(res, m, a, b, side=">"):
    """a's time over b's, paired, is the quoted figure, and lies on the stated side of 1."""
    summary = compare(row(res, a), row(res, b))[0]
    quoted_interval(m, summary, f"{a[1]} over {b[1]}")
    direction(summary, side, f"{a[1]} over {b[1]}")


def node_ratio(res, m, a, b):
    same(m["nodes"], ratio(col(row(res, a), "nodes"), col(row(res, b), "nodes")), "the node ratio")


def copy_undo_geomean(res, m, game, side):
    """A game's geometric mean of copy-make over do-undo, paired per repetition."""
    pairs = [(r, u) for r, u in res.copy_undo() if u and r["game"] == game and r["study"] != "tictactoe-rounds"]
    summary = geomean_time_ratio(pairs)
    quoted_interval(m, summary, f"{game}'s geometric mean")
    if side:
        direction(summary, side, f"{game}'s geometric mean")


def tree_undo_slower(res, m):
    """Every tree config's do-undo row is slower than copy-make (interval below 1), the count quoted."""
    tree = [compare(r, u)[0] for r, u in res.copy_undo() if u and r["family"] == "tree"]
    same(m["slower"], sum(1 for s in tree if s and s["hi"] is not None and s["hi"] < 1), "rows slower")
    same(m["rows"], len(tree), "tree rows")
    if m["slower"] != m["rows"]:
        raise Fails("not every tree row is slower with do-undo")


# --- peers ----------------------------------------------------------------------------------------------------

def peer_row(res, name, where):
    rows = res.csv(f"peer_{name}.csv")
    matches = [(r, s) for r, s in zip(rows, peers.search_shares(rows)) if all(r[k] == v for k, v in where.items())]
    if len(matches) != 1:
        raise Fails(f"peer_{name}.csv: {len(matches)} rows match {where}")
    return matches[0]


def peer_speedup(res, m, name, where):
    """A peer row quoted as a speedup: the CSV's median and interval, and search at least the headline
    share of both sides' time."""
    r, shares = peer_row(res, name, where)
    quoted_interval(m, {k: num(r[f"speedup_{k}"]) for k in ("median", "lo", "hi")}, f"{name} {where}")
    if peers.dominated(shares):
        raise Fails(f"{name} {where}: search is under {peers.HEADLINE_SHARE:.0%} of a side's time "
                    f"({peers.share_cell(shares)}): not a headline")


def apart_speedup(res, m, name, where, verdict, prefix="speedup"):
    """A row of a peer measured apart (results/apart/peer_NAME.csv) quoted with its interval (the whole
    processes', or with prefix search_speedup the programs' own timers'), and who is ahead as the sentence
    says (peers.verdict: 'prune ahead', 'prune behind' or 'not resolved')."""
    rows = res.csv(peers.APART.format(name), comments=True)
    matches = [r for r in rows if all(r[k] == v for k, v in where.items())]
    if len(matches) != 1:
        raise Fails(f"{peers.APART.format(name)}: {len(matches)} rows match {where}")
    summary = {k: num(matches[0][f"{prefix}_{k}"]) for k in ("median", "lo", "hi")}
    quoted_interval(m, summary, f"{name} apart {where}")
    if None in (summary["lo"], summary["hi"]) or peers.verdict(summary["lo"], summary["hi"]) != verdict:
        raise Fails(f"{name} apart {where}: the sentence says {verdict}, the interval "
                    f"({summary['lo']}-{summary['hi']}) does not")


def peer_dropped(res, m, name, where):
    """A peer row left out of the README: search is under the headline share of a side's time."""
    r, shares = peer_row(res, name, where)
    if not peers.dominated(shares):
        raise Fails(f"{name} {where}: search dominates both sides ({peers.share_cell(shares)}): a headline")


def minimaxer_windows(res, m, config, depth):
    """prune against minimaxer in paired windows (peer_ab.csv): the quoted median and interval."""
    r = next((w for w in res.peer_ab if w["config"] == config and w["depth"] == str(depth)), None)
    if not r:
        raise Fails(f"peer_ab.csv has no {config} depth {depth}")
    quoted_interval(m, {k: num(r[f"ratio_{k}"]) for k in ("median", "lo", "hi")}, f"{config} depth {depth}")
    direction({k: num(r[f"ratio_{k}"]) for k in ("lo", "hi")}, ">", f"{config} depth {depth}")


def library_bubble(res, m):
    """The library run here at depth 6 with the same counts as prune's: the sentence's word (faster or
    slower with the bubble sort) is what its separate medians say, and the rates it quotes are theirs."""
    rate = {r["config"]: r for r in res.peer if r["depth"] == "6"}
    gen, bubble = "tree-ab-presort-gen", "tree-ab-presort-gen-bubble"
    same(m["bubble"], num(rate[bubble]["minimaxer_ops_per_second"]), "the library's bubble-sort rate")
    same(m["gen"], num(rate[gen]["minimaxer_ops_per_second"]), "the library's stable-sort rate")
    faster = num(rate[bubble]["minimaxer_ops_per_second"]) > num(rate[gen]["minimaxer_ops_per_second"])
    if m["dir"] != ("faster" if faster else "slower"):
        raise Fails(f"the sentence says {m['dir']}, the medians say {'faster' if faster else 'slower'}")
    if not all(rate[c]["counts_equal"] == "yes" for c in (gen, bubble)):
        raise Fails("the library's counts differ from prune's")


def python_per_call(res, m):
    """His tic-tac-toe code run here: an alpha-beta call's time over a plain call's, from the means of its
    timed runs, well under the 1.96x the post's figures give."""
    rows = {r["config"]: r for r in res.csv("peer_ttt-python.csv")}
    a, p = rows["alphabeta"], rows["minimax"]
    per_call = ratio(num(a["peer_mean_s"]) / num(a["peer_nodes"]), num(p["peer_mean_s"]) / num(p["peer_nodes"]))
    same(m["per_call"], per_call, "his alpha-beta call over a plain one")
    if not per_call < 1.5:
        raise Fails(f"an alpha-beta call of his costs {per_call:.2f}x a plain one here")


# --- published figures (studies/published.csv) -------------------------------------------------------------

def published_ratio(res, m, study, metric, a, b, over=False):
    """A ratio of two published figures (a's over b's: each a dict of Results.pub's where-arguments): the
    quoted figure (group ratio) is it at the digits quoted, or, with over, lies below it ("over 100x")."""
    x, y = res.pubnum(study, metric, **a), res.pubnum(study, metric, **b)
    if x is None or y is None:
        raise Fails(f"studies/published.csv has no {study} {metric} {a} and {b}")
    if over:
        if not x / y > float(m["ratio"].replace(",", "")):
            raise Fails(f"the published ratio {x / y:.2f} is not over {m['ratio']}")
    else:
        same(m["ratio"], x / y, f"the published {study} ratio")


# --- strength ---------------------------------------------------------------------------------------------------

# docs/strength.md's first reading: each game's row of Elo against the rung below, in this order.
STRENGTH_RUNGS = (("ladder-tt", "negamax-ab"), ("ladder-id", "ladder-tt"), ("ladder-killers", "ladder-id"),
                  ("ladder-history", "ladder-killers"), ("ladder-pvs", "ladder-history"),
                  ("ladder-mtdf", "ladder-history"), ("ladder-aspiration", "ladder-pvs"))


def strength_row(res, m, game, limit):
    """A game's row of docs/strength.md's table: every cell is the committed run's Elo ± half its
    interval for that match (bold or not)."""
    cells = [c.strip().strip("*").replace("\u2212", "-") for c in m["cells"].split("|")]
    rows = {(r["a"], r["b"]): r for r in res.csv("strength.csv") if r["game"] == game and r["limit"] == limit}
    for (a, b), cell in zip(STRENGTH_RUNGS, cells):
        if (a, b) not in rows:
            raise Fails(f"strength.csv has no {game} {a} vs {b} at {limit}")
        same_text = elo_interval(rows[(a, b)], "elo")
        if cell != same_text:
            raise Fails(f"{game} {a} vs {b}: quoted {cell}, the run gives {same_text}")
    if len(cells) != len(STRENGTH_RUNGS):
        raise Fails(f"{game}: {len(cells)} cells, expected {len(STRENGTH_RUNGS)}")


STRENGTH_ROW = r"\| (?P<game>[\w-]+) \| (?P<cells>(?:[^|]*±[^|]*\|){6}[^|]*±[^|]*?) \|"


def strength_games(res, limit):
    """The games of the run's strength.csv that play every rung against the one below at the limit."""
    rows = [r for r in res.csv("strength.csv") if r["limit"] == limit]
    games = list(dict.fromkeys(r["game"] for r in rows))
    return [g for g in games if all(any((r["game"], r["a"], r["b"]) == (g, a, b) for r in rows)
                                    for a, b in STRENGTH_RUNGS)]


def lent_threads(res, m):
    """docs/connect4.md's 16-core sentence: prune's and c4's speedups from 1 to 16 threads and their node
    ratios, as scripts/reporting/threads.py computes them from the lent machine's rows."""
    rows = {int(r["prune_threads"]): r for r in res.csv(threads.LENT, comments=True)
            if r["mode"] == "strong" and r["position"] == "start" and threads.default_table(r)}
    if 1 not in rows or 16 not in rows:
        raise Fails(f"{threads.LENT} has no 1- and 16-thread strong rows")
    one, many = rows[1], rows[16]
    same(m["prune"], num(one["prune_mean_s"]) / num(many["prune_mean_s"]), "prune's speedup")
    same(m["c4"], num(one["peer_mean_s"]) / num(many["peer_mean_s"]), "c4's speedup")
    same(m["prune_nodes"], num(many["prune_nodes"]) / num(one["prune_nodes"]), "prune's node ratio")
    same(m["c4_nodes"], num(many["peer_nodes"]) / num(one["peer_nodes"]), "c4's node ratio")


RELATIONS = {f.__name__: f for f in (row_value, rung_time, published_ratio,
                                     lent_threads, strength_row, more_nodes, fewer_nodes_slower, gains_both, table_share, paired, node_ratio,
                                     copy_undo_geomean, tree_undo_slower, peer_speedup, peer_dropped, apart_speedup,
                                     minimaxer_windows, library_bubble, python_per_call)}


# --- the claims -----------------------------------------------------------------------------------------------

def costs_more(game, config, then, detail):
    """A line of "Where a technique costs more than it saves": more nodes than the rung below."""
    return Claim(f"techniques.{game}.{config}.more-nodes", "REPORT.md",
                 rf"- `{config}` on {game} \((?P<a>{NUMBER}) → (?P<b>{NUMBER}) nodes\): {detail}", "more_nodes",
                 {"game": game, "config": config, "then": then})


def saves_not_time(game, config):
    return Claim(f"techniques.{game}.{config}.slower", "REPORT.md",
                 rf"- `{config}` on {game} saves nodes \((?P<a>{NUMBER}) → (?P<b>{NUMBER}), [\d.]+x fewer\) but not "
                 rf"time: {X_CI}", "fewer_nodes_slower", {"game": game, "config": config})


LAST_GROWS = rf".* the last iteration grows from (?P<last_below>{NUMBER}) to (?P<last>{NUMBER}) nodes"
SHALLOW = rf"iterations 1..D-1 cost (?P<shallow>{NUMBER}) nodes .* needs (?P<last>{NUMBER}) against"

CLAIMS = [
    costs_more("ttt", "ladder-id", "shallow_outweighs", SHALLOW),
    costs_more("ttt", "ladder-history", "last_grows", LAST_GROWS),
    costs_more("kalah", "ladder-killers", "last_grows", LAST_GROWS),
    costs_more("kalah", "ladder-history", "last_shrinks",
               rf".* the last iteration shrinks from (?P<last_below>{NUMBER}) to (?P<last>{NUMBER}) nodes .*, but the "
               rf"shallower iterations grow from (?P<shallow_below>{NUMBER}) to (?P<shallow>{NUMBER}) and outweigh it"),
    saves_not_time("kalah", "ladder-tt"),
    costs_more("dots", "ladder-id", "shallow_outweighs", SHALLOW),
    costs_more("dots", "ladder-history", "last_grows", LAST_GROWS),
    costs_more("minichess", "ladder-killers", "last_grows", LAST_GROWS),
    costs_more("minichess", "ladder-history", "last_grows", LAST_GROWS),
    costs_more("ardri", "ladder-pvs", "researches", rf"(?P<researches>{NUMBER}) null-window searches failed high"),
    costs_more("ardri", "ladder-mtdf", None, r"[\d,]+ null-window passes"),
    saves_not_time("ardri", "ladder-history"),
    costs_more("connect4", "ladder-id", "shallow_outweighs", SHALLOW),
    costs_more("connect4", "ladder-aspiration", "misses_bound",
               rf"its re-search counter reads (?P<researches>{NUMBER}) against `ladder-pvs`'s "
               rf"(?P<below_researches>{NUMBER}).* (?P<bound>{NUMBER}) times over these positions"),
    saves_not_time("connect4", "ladder-killers"),
    saves_not_time("connect4", "ladder-history"),
    # docs/techniques.md's table of what each technique is worth: aspiration is a cost in its one instruction
    # count, and at the techniques study's depth a gain in nodes and time.
    Claim("worth.aspiration.minichess", "docs/techniques.md",
          r"\| aspiration windows \(a cost in this one search; at the techniques study's depth 9 on minichess it "
          r"saves nodes and time", "gains_both", {"game": "minichess", "config": "ladder-aspiration"}),
    Claim("docs.techniques.kalah.tt-time", "docs/techniques.md",
          r"`ladder-tt` takes (?P<inv>[\d.]+)x `negamax-ab`'s time on Kalah \(REPORT.md: its gain (?P<median>[\d.]+)x, "
          r"95% CI (?P<lo>[\d.]+)x-(?P<hi>[\d.]+)x\)", "rung_time", {"game": "kalah", "config": "ladder-tt"}),
    Claim("docs.techniques.ttt.tt-search", "docs/techniques.md",
          r"a whole tic-tac-toe `ladder-tt` search from the start takes (?P<value>[\d.]+) µs in the committed run",
          "row_value", {"game": "ttt", "spec": ("techniques", "ladder-tt", 9, "", "copy"), "column": "seconds_per_op",
                        "scale": 1e6}),
] + [
    # docs/techniques.md's table of the table's cost: the committed run's share of negamax-ab's nodes/s, for
    # each game of the table's header (each_game below: a claim a game, keyed by it).
    Claim("docs.techniques.table-share", "docs/techniques.md",
          r"\| nodes/s share, wall time \(committed run, 17b53c4\) \| (?P<shares>\d+%(?: \| \d+%)*) \|",
          "each_game", {"header": r"\| game \| (?P<games>[\w-]+(?: \| [\w-]+)*) \| \|(?:-+\|)+ \| nodes/s share, "
                                  r"wall time \(committed run", "cells": "shares", "relation": "table_share"})
] + [
    # docs/README.md's index of the studies: the write-ups' own ratios, from studies/published.csv.
    Claim("docs.index.minimaxer.depth5", "docs/README.md", r"one specialised function: (?P<ratio>\d+)x and over \d+x "
          r"over the standard", "published_ratio", {"study": "minimaxer", "metric": "ops_per_second",
                                                   "a": {"config": "tree-optimal", "depth": 5},
                                                   "b": {"config": "tree-standard", "depth": 5}}),
    Claim("docs.index.minimaxer.depth6", "docs/README.md", r"one specialised function: \d+x and over (?P<ratio>\d+)x "
          r"over the standard", "published_ratio", {"study": "minimaxer", "metric": "ops_per_second",
                                                   "a": {"config": "tree-optimal", "depth": 6},
                                                   "b": {"config": "tree-standard", "depth": 6}, "over": True}),
    Claim("docs.index.tictactoe", "docs/README.md", r"alpha-beta (?P<ratio>[\d.]+)x faster than minimax",
          "published_ratio", {"study": "tictactoe", "metric": "round_ms",
                              "a": {"config": "minimax", "note": "computer first, round 1,"},
                              "b": {"config": "alphabeta", "note": "computer first, round 1,"}}),
    # The README's results block, ratio by ratio.
    Claim("readme.minimaxer.depth5", "README.md", rf"\| minimaxer \(mancala\) \| [^|]* \| {X_CI}", "paired",
          {"a": ("minimaxer", "tree-standard", 5), "b": ("minimaxer", "tree-optimal", 5)}),
    Claim("readme.minimaxer.depth6", "README.md", rf"\| minimaxer \(mancala\) \| [^|]* \| [^|]*?pairs\), {X_CI}",
          "paired", {"a": ("minimaxer", "tree-standard", 6), "b": ("minimaxer", "tree-optimal", 6)}),
    Claim("readme.minimaxer.bubble", "README.md", rf"\| minimaxer, bubble sort \| [^|]* \| {X_CI}", "paired",
          {"a": ("minimaxer", "tree-ab-presort-gen", 6), "b": ("minimaxer", "tree-ab-presort-gen-bubble", 6),
           "side": "<"}),
    Claim("readme.minimaxer.peer", "README.md", rf"\| prune against minimaxer 3.2.3 \| [^|]* \| tree-optimal depth 6: "
          rf"(?P<median>[\d.]+)x \(95% CI (?P<lo>[\d.]+)x-(?P<hi>[\d.]+)x", "minimaxer_windows",
          {"config": "tree-optimal", "depth": 6}),
    Claim("readme.scala.time", "README.md", rf"\| scala \(Dots and Boxes\) \| [^|]* \| {X_CI}", "paired",
          {"a": ("scala", "minimax", 4), "b": ("scala", "alphabeta-scala", 4)}),
    Claim("readme.scala.nodes", "README.md", r"\| scala \(Dots and Boxes\) \| [^|]* \| [^|]*\(node ratio "
          r"(?P<nodes>[\d.]+)x\)", "node_ratio", {"a": ("scala", "minimax", 4), "b": ("scala", "alphabeta-scala", 4)}),
    Claim("readme.doundo.negamax", "README.md", rf"\| doundo \(Mini-Chess\) \| [^|]* \| {X_CI}, \d+ pairs\) "
          r"\(negamax depth 5\)", "paired",
          {"a": ("doundo", "negamax", 5, "", "copy"), "b": ("doundo", "negamax", 5, "", "undo")}),
    Claim("readme.doundo.negamax-ab", "README.md", rf"\| doundo \(Mini-Chess\) \| [^|]* \| [^|]*, {X_CI}, \d+ pairs\) "
          r"\(negamax-ab depth 7\)", "paired",
          {"a": ("doundo", "negamax-ab", 7, "", "copy"), "b": ("doundo", "negamax-ab", 7, "", "undo")}),
    Claim("readme.tictactoe.time", "README.md", rf"\| tictactoe \| [^|]* \| {X_CI}", "paired",
          {"a": ("tictactoe", "minimax", 9), "b": ("tictactoe", "alphabeta", 9)}),
    Claim("readme.tictactoe.nodes", "README.md", r"\| tictactoe \| [^|]* \| [^|]* time, (?P<nodes>[\d.]+)x nodes",
          "node_ratio", {"a": ("tictactoe", "minimax", 9), "b": ("tictactoe", "alphabeta", 9)}),
] + [
    # The README's rows of every game: a claim for each game the row quotes, and the row quotes each game
    # the generator writes for this run (each_game below).
    Claim("readme.techniques.table-share", "README.md",
          r"\| techniques \(the ladder, every game\) \| [^|]* \| ladder-tt nodes/s as a share of negamax-ab's: "
          r"(?P<cells>[^|]*) \|", "each_game",
          {"within": "cells", "entry": r"(?P<game>[\w-]+) (?P<median>\d+)% \((?P<lo>\d+)%-(?P<hi>\d+)%\)",
           "relation": "table_share",
           "generated": lambda res: techniques.summary(res)[0][2] if techniques.summary(res) else ""}),
    Claim("readme.copy-undo", "README.md", r"\| copy-make against do-undo, every game \| [^|]* \| (?P<cells>[^|]*) \|",
          "each_game", {"within": "cells", "entry": rf"(?P<game>[\w-]+) {X_CI}", "relation": "copy_undo_geomean",
                        "args": {"side": None},
                        "generated": copy_undo.geomeans}),
] + [
    Claim(f"readme.peer.{name}.{label}", "README.md", rf"\| prune against {name} \| [^|]* \| [^|]*{label}: {X_CELL}",
          "peer_speedup", {"name": name, "where": where})
    for name, label, where in (
        ("tafl-rust", "P0", {"position": "P0"}), ("tafl-rust", "P1 c3c2", {"position": "P1"}),
        ("tafl-rust", "P2 c3c2,e1e2", {"position": "P2"}), ("tafl-rust", "P3 c3c2,e1e2,c2c3", {"position": "P3"}),
        ("tafl-rust", "P4 c3c2,e1e2,c2c3,c1c2", {"position": "P4"}),
        ("tafl-rust", "line c3c2,e1e2,c2c3,c1c2", {"position": "line"}),
        ("ttt-python", "minimax 92694af", {"config": "minimax"}),
        ("ttt-python", "alphabeta bdc086c", {"config": "alphabeta"}),
        ("pons", "Middle-Medium strong", {"name": "Middle-Medium", "mode": "strong"}),
        ("pons", "Middle-Medium weak", {"name": "Middle-Medium", "mode": "weak"}),
        ("pons", "Begin-Easy weak", {"name": "Begin-Easy", "mode": "weak"}),
        ("pons", "Begin-Medium strong", {"name": "Begin-Medium", "mode": "strong"}),
        ("pons", "Begin-Medium weak", {"name": "Begin-Medium", "mode": "weak"}),
        ("pons", "Begin-Hard strong", {"name": "Begin-Hard", "mode": "strong"}),
        ("pons", "Begin-Hard weak", {"name": "Begin-Hard", "mode": "weak"}),
        ("fhourstones", "35333571 8", {"position": "35333571"}),
        ("fhourstones", "13333111 8", {"position": "13333111"}),
        ("fhourstones", "3 positions", {"position": "3 positions"}),
        ("fhourstones", "start 0", {"position": "start"}))
] + [
    Claim(f"readme.peer.{name}.{label}.left-out", "README.md",
          rf"\| prune against {name} \| [^|]* \| [^|]*not quoted, search under [^|]*{label}", "peer_dropped",
          {"name": name, "where": where})
    for name, label, where in (("pons", "Begin-Easy strong", {"name": "Begin-Easy", "mode": "strong"}),
                               ("fhourstones", "45461667 8", {"position": "45461667"}))
] + [
    # docs/connect4.md's "On equal terms": c4 against prune measured apart (results/apart/peer_c4.csv).
    Claim(f"docs.connect4.c4-equal.{key}", "docs/connect4.md", head + rf"{IN_BULLET}{label}\s+{X_CI_SHORT}",
          "apart_speedup", {"name": "c4", "where": where, "verdict": verdict, **extra})
    for key, head, label, where, verdict, extra in (
        ("start-strong-64", "One thread, the empty board", r"strong at 64 MiB",
         {"position": "start", "mode": "strong", "setup": "equal-64", "prune_threads": "1"}, "prune ahead", {}),
        ("start-strong-1024", "One thread, the empty board", r"and at 1 GiB",
         {"position": "start", "mode": "strong", "setup": "equal-1024", "prune_threads": "1"}, "prune ahead", {}),
        ("start-weak-64", "One thread, the empty board", r"weak at 64 MiB",
         {"position": "start", "mode": "weak", "setup": "equal-64", "prune_threads": "1"}, "prune ahead", {}),
        ("start-weak-1024", "One thread, the empty board", rf"weak at 64 MiB {IN_BULLET}and at 1 GiB",
         {"position": "start", "mode": "weak", "setup": "equal-1024", "prune_threads": "1"}, "prune ahead", {}),
        ("start-strong-defaults", "One thread, the empty board", r"defaults[^:]*: strong",
         {"position": "start", "mode": "strong", "setup": "defaults", "prune_threads": "1"}, "prune ahead", {}),
        ("start-weak-defaults", "One thread, the empty board", r"defaults[^:]*: strong [^,]*, weak",
         {"position": "start", "mode": "weak", "setup": "defaults", "prune_threads": "1"}, "prune ahead", {}),
        ("start-strong-64-t2", "Both cores", r"strong at 64\s+MiB",
         {"position": "start", "mode": "strong", "setup": "equal-64", "prune_threads": "2"}, "not resolved", {}),
        ("start-strong-1024-t2", "Both cores", rf"strong at 64\s+MiB {IN_BULLET}and at 1 GiB",
         {"position": "start", "mode": "strong", "setup": "equal-1024", "prune_threads": "2"}, "not resolved", {}),
        ("start-weak-64-t2", "Both cores", r"weak at 64\s+MiB",
         {"position": "start", "mode": "weak", "setup": "equal-64", "prune_threads": "2"}, "not resolved", {}),
        ("start-weak-1024-t2", "Both cores", rf"weak at 64\s+MiB {IN_BULLET}and at 1 GiB",
         {"position": "start", "mode": "weak", "setup": "equal-1024", "prune_threads": "2"}, "not resolved", {}),
        ("4444-strong", "Shorter solves", r"`4444` strong",
         {"position": "4444", "mode": "strong", "setup": "equal-64", "prune_threads": "1"}, "prune ahead", {}),
        ("4444-weak", "Shorter solves", r"and weak",
         {"position": "4444", "mode": "weak", "setup": "equal-64", "prune_threads": "1"}, "prune ahead", {}),
        ("444444-strong", "Shorter solves", r"strong not resolved,",
         {"position": "444444", "mode": "strong", "setup": "equal-64", "prune_threads": "1"}, "not resolved", {}),
        ("opening_L3", "c4's own test sets", r"`opening_L3` strong",
         {"position": "c4:opening_L3", "mode": "strong"}, "prune ahead", {}),
        ("opening_L2", "c4's own test sets", r"`opening_L2` strong",
         {"position": "c4:opening_L2", "mode": "strong"}, "prune ahead", {}),
        ("midgame_L2", "c4's own test sets", r"`midgame_L2` strong",
         {"position": "c4:midgame_L2", "mode": "strong"}, "prune ahead", {}),
    )
] + [
    # REPORT.md and the docs: sentences whose verb rests on a comparison of the data.
    Claim("report.minimaxer.bubble.library", "REPORT.md",
          rf"The library itself, run here with the same counts \(peer below\), runs (?P<dir>faster|slower) with the "
          rf"bubble sort: (?P<bubble>{NUMBER}) against (?P<gen>{NUMBER}) searches per second", "library_bubble", {}),
    Claim("docs.kalah.bubble.library", "docs/kalah.md", rf"the library itself, run here with the same counts, "
          rf"is (?P<dir>faster|slower) with the bubble sort at depth 6 in the committed run \(commit \w+, [^;]*; "
          rf"[^:]*: (?P<bubble>{NUMBER}) against (?P<gen>{NUMBER}) searches a second", "library_bubble", {}),
    Claim("report.tictactoe.per-call", "REPORT.md",
          r"plain ones, (?P<per_call>[\d.]+)x as long a call", "python_per_call", {}),
    Claim("docs.connect4.threads.16", "docs/connect4.md",
          r"on 16 threads prune's solve\s+is (?P<prune>[\d.]+)x faster than on one and c4's (?P<c4>[\d.]+)x .*?"
          r"prune's threads searched (?P<prune_nodes>[\d.]+) times the nodes of one\s+thread, c4's "
          r"(?P<c4_nodes>[\d.]+) times", "lent_threads", {}),
    Claim("docs.ttt.per-call", "docs/ttt.md", r"(?P<per_call>[\d.]+)x as long as a plain one", "python_per_call", {}),
    # docs/strength.md's table: a row for each game the run plays the full design on (each_game below).
    Claim("docs.strength.table", "docs/strength.md", STRENGTH_ROW, "each_game",
          {"entry": STRENGTH_ROW, "relation": "strength_row", "args": {"limit": "nodes=2000"},
           "games": lambda res: strength_games(res, "nodes=2000")}),
] + [
    Claim("report.copy-undo.tree", "REPORT.md", r"do-undo is slower on (?P<slower>\d+) of their (?P<rows>\d+) rows",
          "tree_undo_slower", {}),
]


class Quote(dict):
    """A figure quoted in a table's column, in the form of a regex match (m["median"], m.groupdict())."""
    def groupdict(self):
        return self


def each_game(res, claim, m, text):
    """[(key, why)] of a claim made once for each game, keyed `KEY.GAME`: its quotes are the `entry` regex's
    matches within the group `within` names (or within the whole page when it names none), or one a
    column of a table (`header`: a regex whose group `games` is the table's header, the page searched;
    `cells`: the group of the row's cells); each is checked by
    `relation` with game= and `args`.  `generated` (the text the report's generator writes for the run) or
    `games` (a function of the run) names the games that must be quoted, so a game the run measured cannot
    go unquoted."""
    a = claim.args
    if "header" in a:
        found = re.search(a["header"], text)
        if not found:
            return [(claim.key, f"no table header in {claim.where} matches {a['header']!r}")]
        header, cells = ([c.strip() for c in part.split("|")] for part in (found["games"], m[a["cells"]]))
        if len(header) != len(cells):
            return [(claim.key, f"{len(header)} games in the header, {len(cells)} cells")]
        quotes = [Quote(game=g, median=c.rstrip("%")) for g, c in zip(header, cells)]
    else:
        within = m[a["within"]] if "within" in a else text
        quotes = list(re.finditer(a["entry"], within))
    failures = []
    for q in quotes:
        try:
            RELATIONS[a["relation"]](res, q, game=q["game"], **a.get("args", {}))
        except Fails as why:
            failures.append((f"{claim.key}.{q['game']}", str(why)))
        except (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError, StopIteration) as error:
            failures.append((f"{claim.key}.{q['game']}", f"the data do not give its cells ({type(error).__name__}: "
                                                         f"{error})"))
    quoted = [q["game"] for q in quotes]
    if "generated" in a:
        wanted = [g["game"] for g in re.finditer(a["entry"], a["generated"](res))]
    else:
        wanted = a["games"](res) if "games" in a else quoted
    failures += [(f"{claim.key}.{g}", f"{claim.where} quotes no figure of {g}, which the run measured")
                 for g in wanted if g not in quoted]
    if not quotes:
        failures.append((claim.key, f"{claim.where}: no game quoted"))
    return failures


def played(res, claim):
    """Whether the run has the cells a peer row's claim rests on (a full run has no --long rows)."""
    if claim.relation not in ("peer_speedup", "peer_dropped"):
        return True
    rows = res.csv(f"peer_{claim.args['name']}.csv")
    return any(all(r[k] == v for k, v in claim.args["where"].items()) for r in rows)


def check(res, texts):
    """[(key, why)] for every claim of CLAIMS whose sentence is missing from its file or whose relation does not
    hold in the run res; claims whose file is not in texts are skipped."""
    failures = []
    for claim in CLAIMS:
        if claim.where not in texts:
            continue
        text = texts[claim.where]
        if claim.where.startswith(("docs/", "peers/")):
            text = " ".join(text.split())  # a doc's sentence runs over lines
        m = re.search(claim.text, text)
        if not m and not played(res, claim):
            continue  # a row this run did not play (--long's), and no sentence quoting it
        if not m:
            failures.append((claim.key, f"no sentence in {claim.where} matches {claim.text!r}"))
            continue
        if claim.relation == "each_game":
            failures += each_game(res, claim, m, text)
            continue
        try:
            RELATIONS[claim.relation](res, m, **claim.args)
        except Fails as why:
            failures.append((claim.key, str(why)))
        except (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError, StopIteration) as error:
            failures.append((claim.key, f"the data do not give its cells ({type(error).__name__}: {error})"))
    return failures
