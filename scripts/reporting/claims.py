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

The relations live in claim_relations.py; this module is the claims
themselves and their check.

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

from . import copy_undo, techniques
from .claim_relations import (IN_BULLET, NUMBER, PARADIGM_ROW, RELATIONS, STRENGTH_ROW, X_CELL, X_CI, X_CI_SHORT, Fails,
                              paradigm_games, strength_games)

Claim = collections.namedtuple("Claim", "key where text relation args")

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
    # Othello's lines come from its rows measured apart (results/apart/studies.csv; techniques.shown).
    costs_more("othello", "ladder-killers", "last_grows", LAST_GROWS),
    costs_more("othello", "ladder-history", "last_grows", LAST_GROWS),
    costs_more("othello", "ladder-mtdf", None, r"[\d,]+ null-window passes"),
    costs_more("othello", "ladder-aspiration", "misses_bound",
               rf"its re-search counter reads (?P<researches>{NUMBER}) against `ladder-pvs`'s "
               rf"(?P<below_researches>{NUMBER}).* (?P<bound>{NUMBER}) times over these positions"),
    # docs/techniques.md's table of what each technique is worth: aspiration is a cost in its one instruction
    # count, and at the techniques study's depth a gain in nodes and time.
    Claim("worth.aspiration.minichess", "docs/techniques.md",
          r"\| aspiration windows \(a cost in this one search; at the techniques study's depth 9 on minichess it "
          r"saves nodes and time", "gains_both", {"game": "minichess", "config": "ladder-aspiration"}),
    Claim("docs.techniques.kalah.tt-time", "docs/techniques.md",
          r"`ladder-tt` takes (?P<inv>[\d.]+)x `negamax-ab`'s time on Kalah \(REPORT.md: its gain (?P<median>[\d.]+)x, "
          r"95% CI (?P<lo>[\d.]+)x-(?P<hi>[\d.]+)x\)", "rung_time", {"game": "kalah", "config": "ladder-tt"}),
    Claim("docs.othello.pvs-time", "docs/othello.md",
          r"`ladder-pvs` takes (?P<inv>[\d.]+)x `ladder-history`'s time on Othello \(REPORT.md: its gain "
          r"(?P<median>[\d.]+)x, 95% CI (?P<lo>[\d.]+)x-(?P<hi>[\d.]+)x\)", "rung_time",
          {"game": "othello", "config": "ladder-pvs"}),
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
    # docs/mcts.md's paradigm table: a row for each game of results/apart/mcts_paradigm.csv, a cell a clock.
    Claim("docs.mcts.paradigm", "docs/mcts.md", r"\| game \| 10\+0\.1 \|.*?(?P<table>(?:\| [\w-]+ \|(?: [^|]* \|){4} )+)",
          "each_game", {"within": "table", "entry": PARADIGM_ROW, "relation": "paradigm_row", "args": {},
                        "games": paradigm_games}),
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
