"""The relations of the report's claims (scripts/reporting/claims.py): each
recomputes, from the run's CSV files, the figures a sentence quotes and
tests what it says of them.

claims.py lists the claims as data (CLAIMS) and checks them; this module
holds what they call by name, RELATIONS (the functions below, grouped by
the part of the report they read), with the patterns their sentences share
(NUMBER, X_CI ...).  A relation takes the run (a results.Results), the
sentence's match and the claim's args, and raises Fails, naming what does
not hold, or returns.
"""
import re

from . import peers
from .common import col, compare, geomean_time_ratio, num, ratio, summed_time_ratio
from .strength import interval as elo_interval
from .strength_rows import rows_of as strength_rows
from . import copy_undo, techniques
from . import mcts_paradigm, threads
import studies

NUMBER = r"[\d,]+(?:\.\d+)?"
X_CI = r"(?P<median>[\d.]+)x \(95% CI (?P<lo>[\d.]+)x-(?P<hi>[\d.]+)x"   # '1.80x (95% CI 1.71x-1.86x'
X_CELL = r"(?P<median>[\d.]+)x \((?P<lo>[\d.]+)-(?P<hi>[\d.]+)\)"   # '1.80x (1.71-1.86)'
IN_BULLET = r"(?:(?!\n- )[\s\S])*?"   # any text up to the next list item
X_CI_SHORT = r"(?P<median>[\d.]+)x\s+\((?P<lo>[\d.]+)x-(?P<hi>[\d.]+)x\)"   # '1.24x (1.18x-1.30x)'


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
    """A rung and the rung below, of a game the report tables (the run's, or measured apart)."""
    run, apart, _ = techniques.shown(res)
    spec, by_config, _ = {**run, **apart}[game]
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
    run, apart, _ = techniques.shown(res)
    spec, by_config, _ = {**run, **apart}[game]
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
    rows = {(r["a"], r["b"]): r for r in strength_rows(res) if r["game"] == game and r["limit"] == limit}
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
    rows = [r for r in strength_rows(res) if r["limit"] == limit]
    games = list(dict.fromkeys(r["game"] for r in rows))
    return [g for g in games if all(any((r["game"], r["a"], r["b"]) == (g, a, b) for r in rows)
                                    for a, b in STRENGTH_RUNGS)]


PARADIGM_ROW = r"\| (?P<game>[\w-]+) \| (?P<cells>(?:[^|]*±[^|]*\|){3}[^|]*±[^|]*?) \|"


def paradigm_games(res):
    """The games of the paradigm study's file (results/apart/mcts_paradigm.csv), in its order."""
    return list(dict.fromkeys(r["game"] for r in res.csv(mcts_paradigm.MATCHES, comments=True)))


def paradigm_row(res, m, game):
    """A game's row of docs/mcts.md's paradigm table: every cell is the file's Elo ± half its interval
    at that clock, the clocks in the order of their base times (the table's columns)."""
    cells = [c.strip().replace("\u2212", "-") for c in m["cells"].split("|")]
    rows = sorted((r for r in res.csv(mcts_paradigm.MATCHES, comments=True) if r["game"] == game),
                  key=lambda r: mcts_paradigm.base_ms(r["limit"]))
    if len(cells) != len(rows):
        raise Fails(f"{game}: {len(cells)} cells, the file has {len(rows)} clocks")
    for r, cell in zip(rows, cells):
        quoted = elo_interval(r, "elo").replace("\u2212", "-")
        if cell != quoted:
            raise Fails(f"{game} at {r['limit']}: quoted {cell}, the file gives {quoted}")


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
                                     lent_threads, strength_row, paradigm_row, more_nodes, fewer_nodes_slower, gains_both, table_share, paired, node_ratio,
                                     copy_undo_geomean, tree_undo_slower, peer_speedup, peer_dropped, apart_speedup,
                                     minimaxer_windows, library_bubble, python_per_call)}
