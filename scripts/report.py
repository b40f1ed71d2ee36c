#!/usr/bin/env python3
"""Regenerates REPORT.md and the plots' data from a results directory.

    scripts/report.py --results DIR [--plots-link PATH] [--published studies/published.csv]

DIR holds what scripts/reproduce.sh collected: studies.csv (tidy Google
Benchmark results, scripts/gbench_to_csv.py), tictactoe_games.csv,
depth_sweep.csv, peer_minimaxer.csv (scripts/peer_compare.py),
hyperfine/STUDY.{csv,md}, run.json (the run's machine and tools).  Writes
DIR/REPORT.md, one section per study in the shape of its post's table
(published figure, our figure, published ratio, our ratio, node counts, and a
one-line reading of the difference), and DIR/plotdata/*.csv, the tables the
gnuplot scripts of plots/ draw.  Every file is written to a temporary file
and renamed.  Standard library only.
"""
import argparse
import csv
import glob
import json
import math
import os
import re
import statistics
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREE_CONFIGS = ["tree-standard", "tree-ab", "tree-ab-presort", "tree-ab-presort-gen", "tree-ab-presort-gen-bubble",
                "tree-optimal", "tree-ab-depth"]
BLOG_NAMES = {
    "tree-standard": "Standard",
    "tree-ab": "(alpha-beta deepening, no presort)",
    "tree-ab-presort": "Alpha-beta deepening with presort",
    "tree-ab-presort-gen": "Alpha-beta deepening with presort + generator",
    "tree-ab-presort-gen-bubble": "As above + bubble sort",
    "tree-optimal": "Optimal function",
    "tree-ab-depth": "(alpha-beta, single pass at depth D)",
}
ARDRI_POSITIONS = ["", "c3c2", "c3c2,e1e2", "c3c2,e1e2,c2c3", "c3c2,e1e2,c2c3,c1c2"]
OPPONENTS = {
    "perfect": "plays the move plain minimax plays (first best move, full depth): every game is a draw",
    "blocker-centre": "wins if it can, else blocks the computer's open line, else takes the centre, then the "
                      "first free corner (0, 2, 6, 8), then the first free edge",
    "blocker-lowest": "wins if it can, else blocks, else plays the lowest free square",
    "blocker-random": "wins if it can, else blocks, else plays a free square chosen by a seeded splitmix64 "
                      "generator (fixed seeds)",
}
STUDY_TITLES = {
    "minimaxer": "Minimaxer Part 4 (mancala, persistent-tree negamax)",
    "ardri": "Ard Ri in Rust, parts 2 and 3 (minimax and alpha-beta)",
    "scala": "Implementing Minimax in Scala (Dots and Boxes, naive and alpha-beta)",
    "doundo": "Do Do-Undo (Mini-Chess, copy-make against do-undo)",
    "tictactoe": "Understanding Game Trees, part 3 (tic-tac-toe in Python)",
}


# ---------------------------------------------------------------- helpers

def read_csv(path, comments=False):
    if not os.path.exists(path):
        return []
    with open(path, newline="", encoding="utf-8") as f:
        lines = [line for line in f if not (comments and line.startswith("#"))]
    return list(csv.DictReader(lines))


def num(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(value) else value


def ratio(a, b):
    return a / b if a is not None and b not in (None, 0) else None


def fx(value, digits=1):
    """A ratio as '12.3x'."""
    if value is None:
        return "–"
    if value >= 100:
        return f"{value:,.0f}x"
    return f"{value:.{digits}f}x"


def fops(value):
    if value is None:
        return "–"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def fint(value):
    return "–" if value is None else f"{int(value):,}"


def ftime(seconds):
    """Seconds in a readable unit."""
    if seconds is None:
        return "–"
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def fms(milliseconds):
    return "–" if milliseconds is None else f"{milliseconds:.4g}"


def geomean(values):
    values = [v for v in values if v]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def position_label(game, moves):
    if game == "ardri" and moves in ARDRI_POSITIONS:
        return f"P{ARDRI_POSITIONS.index(moves)}"
    return moves or "start"


def table(header, rows, align=None):
    align = align or ["---"] + ["---:"] * (len(header) - 1)
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def write_atomically(path, text):
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".tmp-", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def write_plot_csv(path, header, rows):
    """A plot table: plain comma-separated cells without quotes, NaN for missing."""
    def cell(value):
        if value is None:
            return "NaN"
        if isinstance(value, float):
            return f"{value:.6g}"
        return str(value).replace(",", "+")
    write_atomically(path, "\n".join([",".join(header)] + [",".join(cell(v) for v in row) for row in rows]) + "\n")


# ---------------------------------------------------------------- the data

class Results:
    def __init__(self, directory, published_path):
        self.dir = directory
        self.rows = read_csv(os.path.join(directory, "studies.csv"))
        self.published = read_csv(published_path)
        self.games = read_csv(os.path.join(directory, "tictactoe_games.csv"))
        self.sweep = read_csv(os.path.join(directory, "depth_sweep.csv"))
        self.peer = read_csv(os.path.join(directory, "peer_minimaxer.csv"))
        self.peer_ab = read_csv(os.path.join(directory, "peer_ab.csv"))
        run_path = os.path.join(directory, "run.json")
        self.run = json.load(open(run_path, encoding="utf-8")) if os.path.exists(run_path) else {}
        self.index = {}
        for r in self.rows:
            if r["status"] == "ok":
                self.index[(r["study"], r["moves"], r["config"], r["state"], r["depth"])] = r

    def get(self, study, moves, config, state, depth):
        return self.index.get((study, moves, config, state, str(depth)))

    def value(self, study, moves, config, state, depth, column):
        row = self.get(study, moves, config, state, depth)
        return num(row[column]) if row else None

    def pub(self, study, metric, moves=None, config=None, depth=None, note=None):
        for p in self.published:
            if p["study"] != study or p["metric"] != metric:
                continue
            if moves is not None and p["moves"] != moves:
                continue
            if config is not None and p["config"] != config:
                continue
            if depth is not None and p["depth"] != str(depth):
                continue
            if note is not None and not re.search(note, p["note"]):
                continue
            return p["value"]
        return None

    def pubnum(self, *args, **kwargs):
        return num(self.pub(*args, **kwargs))

    def status(self, study):
        rows = [r for r in self.rows if r["study"] == study]
        if not rows:
            return "missing", "no results for this study in this run"
        skipped = [r for r in rows if r["status"] == "skipped"]
        if skipped and len(skipped) == len(rows):
            return "skipped", skipped[0]["error"]
        errors = [r for r in rows if r["status"] == "error"]
        if errors:
            return "error", "; ".join(f"{r['benchmark']}: {r['error']}" for r in errors)
        return "ok", ""


# ---------------------------------------------------------------- sections

def status_block(res, study):
    status, why = res.status(study)
    if status == "skipped":
        return f"**Skipped in this run:** {why}. Rerun `scripts/reproduce.sh` once the game is compiled in.\n"
    if status == "missing":
        return f"**Not measured in this run:** {why}.\n"
    if status == "error":
        return f"**COUNT CHECK FAILED (reported as errors, not timings):** {why}\n"
    return None


def section_head(res, study, has_data):
    """A study section's title, then why the study did not run cleanly, if
    so; `stop` is true when there is then nothing to show."""
    out = [f"## {study}: {STUDY_TITLES[study]}\n"]
    blocked = status_block(res, study)
    if blocked:
        out.append(blocked)
    return out, bool(blocked) and not has_data


def section_minimaxer(res, plots):
    out, stop = section_head(res, "minimaxer", res.get("minimaxer", "", "tree-standard", "copy", 5))
    if stop:
        return "\n".join(out), []
    out.append("Operations per second, one operation = one whole search from the start position, tree building "
               "included (copy-make, as the library: every node holds its position). Ratios are against "
               "Standard at the same depth. The counts are prune's; every one equals minimaxer 3.2.3's "
               "(checked against studies/published.csv and against the peer below).\n")
    header = ["configuration", "prune config", "depth", "published op/s", "our op/s", "published ratio",
              "our ratio", "created", "evals", "our op/s (undo)"]
    rows, plot_rows = [], []
    for depth in (5, 6):
        pub_base = res.pubnum("minimaxer", "ops_per_second", config="tree-standard", depth=depth)
        our_base = res.value("minimaxer", "", "tree-standard", "copy", depth, "ops_per_second")
        for config in TREE_CONFIGS:
            p = res.pubnum("minimaxer", "ops_per_second", config=config, depth=depth)
            o = res.value("minimaxer", "", config, "copy", depth, "ops_per_second")
            u = res.value("minimaxer", "", config, "undo", depth, "ops_per_second")
            created = res.value("minimaxer", "", config, "copy", depth, "created")
            evals = res.value("minimaxer", "", config, "copy", depth, "evals")
            base_created = res.value("minimaxer", "", "tree-standard", "copy", depth, "created")
            rows.append([BLOG_NAMES[config], f"`{config}`", depth, fops(p), fops(o), fx(ratio(p, pub_base)),
                         fx(ratio(o, our_base)), fint(created), fint(evals), fops(u)])
            if config != "tree-standard":
                plot_rows.append([f"{config.replace('tree-', '')} d{depth}", ratio(p, pub_base), ratio(o, our_base),
                                  ratio(base_created, created)])
    out.append(table(header, rows, ["---", "---", "---:"] + ["---:"] * 7))
    # Readings.
    readings = []
    for depth in (5, 6):
        p_std = res.pubnum("minimaxer", "ops_per_second", config="tree-standard", depth=depth)
        p_opt = res.pubnum("minimaxer", "ops_per_second", config="tree-optimal", depth=depth)
        o_std = res.value("minimaxer", "", "tree-standard", "copy", depth, "ops_per_second")
        o_opt = res.value("minimaxer", "", "tree-optimal", "copy", depth, "ops_per_second")
        c_std = res.value("minimaxer", "", "tree-standard", "copy", depth, "created")
        c_opt = res.value("minimaxer", "", "tree-optimal", "copy", depth, "created")
        node_ratio = ratio(c_std, c_opt)
        peer = next((r for r in res.peer if r["config"] == "tree-standard" and r["depth"] == str(depth)), None)
        peer_opt = next((r for r in res.peer if r["config"] == "tree-optimal" and r["depth"] == str(depth)), None)
        peer_ratio = ratio(num(peer_opt["minimaxer_ops_per_second"]), num(peer["minimaxer_ops_per_second"])) \
            if peer and peer_opt else None
        pr, orr = ratio(p_opt, p_std), ratio(o_opt, o_std)
        if pr and orr and node_ratio:
            line = (f"- Depth {depth}: optimal over standard is {fx(pr)} published and {fx(orr)} here, against a "
                    f"created-node ratio of {fx(node_ratio)}. ")
            factor_blog, factor_ours = pr / node_ratio, orr / node_ratio
            line += (f"Per created node, a standard search costs {fx(factor_blog)} an optimal one in the blog's "
                     f"JavaScript (a cost that grows with the tree, likely allocation and garbage collection of "
                     f"{fint(c_std)} node objects) and {fx(factor_ours)} in prune's C, where a node is a few dozen "
                     f"bytes in an arena")
            if factor_ours < 1:
                line += (", so there the standard search's nodes are the cheaper ones (no sorting, no lazy "
                         "creation) and our ratio stays below the node ratio.")
            else:
                line += ", so our ratio stays close to the node ratio."
            if peer_ratio:
                line += f" The library itself, run here (peer below), gives {fx(peer_ratio)}."
            readings.append(line)
    for depth in (6,):
        pg = res.pubnum("minimaxer", "ops_per_second", config="tree-ab-presort-gen", depth=depth)
        pb = res.pubnum("minimaxer", "ops_per_second", config="tree-ab-presort-gen-bubble", depth=depth)
        og = res.value("minimaxer", "", "tree-ab-presort-gen", "copy", depth, "ops_per_second")
        ob = res.value("minimaxer", "", "tree-ab-presort-gen-bubble", "copy", depth, "ops_per_second")
        cg = res.value("minimaxer", "", "tree-ab-presort-gen", "copy", depth, "created")
        cb = res.value("minimaxer", "", "tree-ab-presort-gen-bubble", "copy", depth, "created")
        if pg and pb and og and ob:
            readings.append(
                f"- Depth 6, bubble sort against the stable sort: {fx(ratio(pb, pg), 2)} published, "
                f"{fx(ratio(ob, og), 2)} here. The early-exit bubble sort leaves children in a worse order, so the "
                f"search creates {fint(cb)} nodes instead of {fint(cg)}; the slowdown the blog saw is that count, "
                f"and prune shows it too.")
    if readings:
        out.append("\nReading:\n\n" + "\n".join(readings))
    out.append(f"\n![speedup over Standard]({plots}/speedup_minimaxer.svg)\n")
    return "\n".join(out) + "\n", plot_rows


def section_peer(res, plots):
    out = ["## prune against minimaxer 3.2.3 (same machine, same session)\n"]
    if not res.peer:
        return "\n".join(out + ["**Not measured in this run** (the peer did not run).\n"]), []
    first = res.peer[0]
    out.append(f"The Minimaxer library {first['minimaxer_version']} (pinned in peers/minimaxer/package.json) on "
               f"Node.js {first['node_version']}, with a mancala written from specs/kalah.md "
               f"(peers/minimaxer/mancala.mjs), runs the same searches right after prune's minimaxer study. One "
               f"operation builds a fresh root and tree and searches it. Counts must be equal, and are checked.\n")
    header = ["config", "depth", "created (minimaxer / prune)", "evals (minimaxer / prune)", "equal",
              "minimaxer op/s", "prune op/s (copy)", "prune / minimaxer", "prune op/s (undo)"]
    rows, plot_rows = [], []
    for r in sorted(res.peer, key=lambda r: (int(r["depth"]), TREE_CONFIGS.index(r["config"]))):
        rows.append([f"`{r['config']}`", r["depth"], f"{fint(num(r['minimaxer_created']))} / {fint(num(r['prune_created']))}",
                     f"{fint(num(r['minimaxer_evals']))} / {fint(num(r['prune_evals']))}", r["counts_equal"],
                     fops(num(r["minimaxer_ops_per_second"])), fops(num(r["prune_ops_per_second"])),
                     fx(num(r["ratio"])), fops(num(r["prune_undo_ops_per_second"]))])
        plot_rows.append([f"{r['config'].replace('tree-', '')} d{r['depth']}", num(r["minimaxer_ops_per_second"]),
                          num(r["prune_ops_per_second"])])
    out.append(table(header, rows, ["---", "---:", "---:", "---:", "---", "---:", "---:", "---:", "---:"]))
    out.append(headline_peer(res))
    ratios = [num(r["ratio"]) for r in res.peer if num(r["ratio"])]
    if ratios:
        out.append(f"Across all {len(ratios)} searches prune is {fx(min(ratios))} to {fx(max(ratios))} faster "
                   f"(geometric mean {fx(geomean(ratios))}), with identical trees: the difference is the cost per "
                   f"node, not the search.")
    out.append(section_peer_ab(res))
    out.append(f"\n![prune against minimaxer]({plots}/peer_minimaxer.svg)\n")
    return "\n".join(out) + "\n", plot_rows


def headline_peer(res):
    """tree-optimal at depth 6 against minimaxer: the paired-window median
    when scripts/peer_ab.py ran (it is the steadier figure on a shared
    machine), else the ratio of the two separate medians above."""
    paired = next((r for r in res.peer_ab or [] if r["config"] == "tree-optimal" and r["depth"] == "6"), None)
    opt6 = next((r for r in res.peer if r["config"] == "tree-optimal" and r["depth"] == "6"), None)
    separate = f"{fx(num(opt6['ratio']))} from the separate medians above" if opt6 and num(opt6["ratio"]) else ""
    if paired:
        return (f"\nHeadline: `tree-optimal` at depth 6 is {fx(num(paired['ratio_median']))} minimaxer's speed, the "
                f"median of {paired['pairs']} paired windows (range {fx(num(paired['ratio_min']))} to "
                f"{fx(num(paired['ratio_max']))}; prune {fops(num(paired['prune_ops_per_second']))} and minimaxer "
                f"{fops(num(paired['minimaxer_ops_per_second']))} searches per second)"
                + (f"; {separate}." if separate else "."))
    if separate:
        return (f"\nHeadline: `tree-optimal` at depth 6 runs {fops(num(opt6['prune_ops_per_second']))} searches "
                f"per second in prune and {fops(num(opt6['minimaxer_ops_per_second']))} in minimaxer: "
                f"{fx(num(opt6['ratio']))}.")
    return ""


def section_peer_ab(res):
    """The paired-window measurement of scripts/peer_ab.py, when it ran."""
    if not res.peer_ab:
        return ""
    out = ["\nMeasured in paired windows (scripts/peer_ab.py): a warmed-up minimaxer process and prune time the "
           "same search for one short window each, one right after the other, so that the machine's drift "
           "hits both; the pairs are spread over several node processes (each one draw of the JIT). The figure "
           "is the median of the pairs' ratios, and the range shows how noisy the machine was.\n"]
    header = ["config", "depth", "pairs", "prune op/s (median)", "minimaxer op/s (median)",
              "ratio (median of pairs)", "ratio range"]
    rows = [[f"`{r['config']}`", r["depth"], r["pairs"], fops(num(r["prune_ops_per_second"])),
             fops(num(r["minimaxer_ops_per_second"])), fx(num(r["ratio_median"])),
             f"{fx(num(r['ratio_min']))} to {fx(num(r['ratio_max']))}"] for r in res.peer_ab]
    out.append(table(header, rows, ["---", "---:", "---:", "---:", "---:", "---:", "---:"]))
    return "\n".join(out)


def section_ardri(res, plots):
    out, stop = section_head(res, "ardri", res.get("ardri", "", "alphabeta", "copy", 8))
    if stop:
        return "\n".join(out), []
    out.append("Part 3, alpha-beta at depth 8 along the line the post plays (copy-make; times are medians of our "
               "repetitions; the author's machine and build are unstated, so compare rates and ratios).\n")
    header = ["position", "best (published / ours)", "nodes (published)", "nodes (ours)", "time (published)",
              "time (ours)", "published nodes/s", "our nodes/s", "our speed / published"]
    rows = []
    for i, moves in enumerate(ARDRI_POSITIONS):
        pn = res.pubnum("ardri", "nodes", moves=moves, config="alphabeta", depth=8)
        pt = res.pubnum("ardri", "seconds", moves=moves, config="alphabeta", depth=8)
        pb = res.pub("ardri", "best", moves=moves, config="alphabeta", depth=8)
        r = res.get("ardri", moves, "alphabeta", "copy", 8)
        on = num(r["nodes"]) if r else None
        ot = num(r["seconds_per_op"]) if r else None
        rows.append([f"P{i}", f"{pb or '–'} / {r['best'] if r else '–'}", fint(pn), fint(on), ftime(pt), ftime(ot),
                     fops(ratio(pn, pt)), fops(ratio(on, ot)), fx(ratio(ratio(on, ot), ratio(pn, pt)))])
    out.append(table(header, rows, ["---", "---"] + ["---:"] * 7))
    out.append("\nPart 2, plain minimax against alpha-beta at depth 6:\n")
    header = ["position", "minimax nodes (pub / ours)", "alpha-beta nodes (pub / ours)", "node ratio",
              "published time ratio", "our time ratio", "minimax time (pub / ours)", "alpha-beta time (pub / ours)"]
    rows, plot_rows, readings = [], [], []
    for moves in ARDRI_POSITIONS[:2]:
        label = position_label("ardri", moves)
        pm = res.pubnum("ardri", "nodes", moves=moves, config="minimax", depth=6)
        pa = res.pubnum("ardri", "nodes", moves=moves, config="alphabeta", depth=6)
        tm = res.pubnum("ardri", "seconds", moves=moves, config="minimax", depth=6)
        ta = res.pubnum("ardri", "seconds", moves=moves, config="alphabeta", depth=6)
        om = res.value("ardri", moves, "minimax", "copy", 6, "nodes")
        oa = res.value("ardri", moves, "alphabeta", "copy", 6, "nodes")
        sm = res.value("ardri", moves, "minimax", "copy", 6, "seconds_per_op")
        sa = res.value("ardri", moves, "alphabeta", "copy", 6, "seconds_per_op")
        rows.append([label, f"{fint(pm)} / {fint(om)}", f"{fint(pa)} / {fint(oa)}", fx(ratio(om, oa)),
                     fx(ratio(tm, ta)), fx(ratio(sm, sa)), f"{ftime(tm)} / {ftime(sm)}", f"{ftime(ta)} / {ftime(sa)}"])
        plot_rows.append([f"alphabeta d6 {label}", ratio(tm, ta), ratio(sm, sa), ratio(om, oa)])
        if ratio(tm, ta) and ratio(sm, sa) and ratio(om, oa):
            readings.append(
                f"- {label}: the published time ratio {fx(ratio(tm, ta))} against a node ratio of "
                f"{fx(ratio(om, oa))} means the author's alpha-beta node cost {fx(ratio(om, oa) / ratio(tm, ta), 2)}"
                f" of a minimax node; ours costs {fx(ratio(om, oa) / ratio(sm, sa), 2)}.")
    out.append(table(header, rows, ["---"] + ["---:"] * 7))
    if readings:
        out.append("\nReading:\n\n" + "\n".join(readings))
    out.append(f"\n![alpha-beta over minimax]({plots}/speedup_ardri.svg)\n")
    return "\n".join(out) + "\n", plot_rows


def section_scala(res, plots):
    out, stop = section_head(res, "scala", res.get("scala", "", "minimax", "copy", 4))
    if stop:
        return "\n".join(out), []
    out.append("Empty 4x4-dot board, the Scala code's `maxDepth = 3` below each root child (depth 4 here), "
               "copy-make. The post gives no number beyond \"an order of magnitude faster\".\n")
    header = ["config", "reference nodes", "our nodes", "node ratio vs naive", "published time ratio",
              "our time", "our time ratio", "best", "value"]
    rows, plot_rows = [], []
    base_n = res.value("scala", "", "minimax", "copy", 4, "nodes")
    base_t = res.value("scala", "", "minimax", "copy", 4, "seconds_per_op")
    for config in ("minimax", "alphabeta-scala", "alphabeta"):
        r = res.get("scala", "", config, "copy", 4)
        ref = res.pubnum("scala", "nodes", config=config, depth=4)
        n = num(r["nodes"]) if r else None
        t = num(r["seconds_per_op"]) if r else None
        published = "\"order of magnitude\"" if config == "alphabeta-scala" else "–"
        rows.append([f"`{config}`", fint(ref), fint(n), fx(ratio(base_n, n)), published, ftime(t),
                     fx(ratio(base_t, t)), r["best"] if r else "–", fint(num(r["value"])) if r else "–"])
        if config != "minimax":
            plot_rows.append([config, 10.0 if config == "alphabeta-scala" else None, ratio(base_t, t),
                              ratio(base_n, n)])
    out.append(table(header, rows, ["---"] + ["---:"] * 6 + ["---", "---:"]))
    slip = res.get("scala", "", "alphabeta-scala", "copy", 4)
    naive = res.get("scala", "", "minimax", "copy", 4)
    if slip and naive and base_t:
        t_slip = num(slip["seconds_per_op"])
        same = slip["best"] == naive["best"] and slip["value"] == naive["value"]
        out.append(f"\nReading: the published alpha-beta is {fx(ratio(base_t, t_slip))} faster here against a node "
                   f"ratio of {fx(ratio(base_n, num(slip['nodes'])))}, which is the post's \"order of magnitude\". "
                   f"Its slip {'does not change' if same else 'changes'} the root's choice here "
                   f"(best {slip['best']}, value {slip['value']}; naive best {naive['best']}, value "
                   f"{naive['value']}); a correct alpha-beta (`alphabeta`) visits far fewer nodes.")
    out.append(f"\n![alpha-beta over naive]({plots}/speedup_scala.svg)\n")
    return "\n".join(out) + "\n", plot_rows


def section_doundo(res, plots):
    out, stop = section_head(res, "doundo", any(r["study"] == "doundo" and r["status"] == "ok" for r in res.rows))
    if stop:
        return "\n".join(out), []
    out.append("The same search in both state modes (the node counts are checked equal). The post's figure is "
               "qualitative: do-undo is \"only a linear speedup, but it will be a big linear speedup\".\n")
    header = ["config", "depth", "nodes", "copy-make", "do-undo", "undo speedup", "copy nodes/s", "undo nodes/s"]
    rows, plot_rows = [], []
    for r in (r for r in res.rows if r["study"] == "doundo" and r["state"] == "copy" and r["status"] == "ok"):
        u = res.get("doundo", r["moves"], r["config"], "undo", r["depth"])
        tc, tu = num(r["seconds_per_op"]), num(u["seconds_per_op"]) if u else None
        rows.append([f"`{r['config']}`", r["depth"], fint(num(r["nodes"])), ftime(tc), ftime(tu), fx(ratio(tc, tu), 2),
                     fops(num(r["nodes_per_second"])), fops(num(u["nodes_per_second"])) if u else "–"])
        plot_rows.append([f"{r['config']} d{r['depth']}", None, ratio(tc, tu), 1.0])
    out.append(table(header, rows, ["---", "---:"] + ["---:"] * 6))
    speedups = [ratio(num(r["seconds_per_op"]), res.value("doundo", r["moves"], r["config"], "undo", r["depth"],
                                                        "seconds_per_op"))
                for r in res.rows if r["study"] == "doundo" and r["state"] == "copy" and r["status"] == "ok"]
    speedups = [s for s in speedups if s]
    if speedups:
        out.append(f"\nReading: do-undo is {fx(min(speedups), 2)} to {fx(max(speedups), 2)} the speed of copy-make "
                   f"on Mini-Chess here: a linear factor, as the post says; how big it is depends on how much a "
                   f"copy and a recount of the material cost against the rest of the node's work. The comparison on "
                   f"every game is in the copy-against-undo section below.")
    out.append(f"\n![do-undo over copy-make]({plots}/speedup_doundo.svg)\n")
    return "\n".join(out) + "\n", plot_rows


def ttt_rounds(res):
    """round -> {(computer, config): (published ms, our mean ms, games, mean nodes)}"""
    by_name = {r["benchmark"]: r for r in res.rows if r["status"] == "ok"}
    table_rows = {}
    for round_number in range(1, 6):
        for computer in ("first", "second"):
            for config in ("minimax", "alphabeta"):
                published = res.pubnum("tictactoe", "round_ms", config=config,
                                       note=f"computer {computer}, round {round_number},")
                decisions = [g for g in res.games if g["computer"] == computer and g["config"] == config
                             and g["round"] == str(round_number)]
                times = [num(by_name[g["benchmark"]]["seconds_per_op"]) for g in decisions if g["benchmark"] in by_name]
                nodes = [num(g["nodes"]) for g in decisions]
                ours = statistics.mean(times) * 1e3 if times and len(times) == len(decisions) else None
                table_rows.setdefault(round_number, {})[(computer, config)] = (
                    published, ours, len(decisions), statistics.mean(nodes) if nodes else None)
    return table_rows


def section_tictactoe(res, plots):
    out, stop = section_head(res, "tictactoe", res.get("tictactoe", "", "minimax", "copy", 9))
    if stop:
        return "\n".join(out), [], []
    pm = res.pubnum("tictactoe", "round_ms", config="minimax", note="computer first, round 1,")
    pa = res.pubnum("tictactoe", "round_ms", config="alphabeta", note="computer first, round 1,")
    sp = res.pubnum("tictactoe", "speedup_round1")
    nm = res.value("tictactoe", "", "minimax", "copy", 9, "nodes")
    na = res.value("tictactoe", "", "alphabeta", "copy", 9, "nodes")
    tm = res.value("tictactoe", "", "minimax", "copy", 9, "seconds_per_op")
    ta = res.value("tictactoe", "", "alphabeta", "copy", 9, "seconds_per_op")
    out.append("The first move from the empty board (computer first, full depth), copy-make:\n")
    out.append(table(["config", "published", "ours", "reference nodes", "our nodes", "our time per node"], [
        ["`minimax`", f"{fms(pm)} ms", ftime(tm), fint(res.pubnum('tictactoe', 'nodes', config='minimax', depth=9)),
         fint(nm), ftime(ratio(tm, nm))],
        ["`alphabeta`", f"{fms(pa)} ms", ftime(ta), fint(res.pubnum('tictactoe', 'nodes', config='alphabeta', depth=9)),
         fint(na), ftime(ratio(ta, na))],
        ["ratio", fx(sp, 2) + " (time)", fx(ratio(tm, ta), 2) + " (time)", "", fx(ratio(nm, na), 2) + " (nodes)",
         fx(ratio(ratio(ta, na), ratio(tm, nm)), 2) + " (alpha-beta node / minimax node)"],
    ], ["---", "---:", "---:", "---:", "---:", "---:"]))
    if sp and nm and na and tm and ta:
        out.append(f"\nReading: alpha-beta visits {fx(ratio(nm, na), 2)} fewer nodes, but the published speedup is "
                   f"a time ratio, {fx(sp, 2)}: in the Python code an alpha-beta call costs "
                   f"{fx(ratio(nm, na) / sp, 2)} as much as a plain call. In prune the per-node cost ratio is "
                   f"{fx(ratio(ratio(ta, na), ratio(tm, nm)), 2)}, so our time ratio is {fx(ratio(tm, ta), 2)}.")
    rounds = ttt_rounds(res)
    out.append("\nDecision time per round in the blog's shape: milliseconds per decision, published (Python, the "
               "author's M1, mean of 4 games against a human) and ours (prune, the median of our repetitions of "
               "each decision, mean over the 4 scripted opponents' games; n = games that reached the round). Round "
               "r is the computer's r-th move; the computer searches at full depth (depth = empty squares).\n")
    header = ["round", "first, plain (pub / ours)", "second, plain (pub / ours)", "first, alpha-beta (pub / ours)",
              "second, alpha-beta (pub / ours)"]
    rows, plot_rows = [], []
    for round_number, cells in sorted(rounds.items()):
        row = [round_number]
        plot_row = [round_number]
        for computer, config in (("first", "minimax"), ("second", "minimax"), ("first", "alphabeta"),
                                 ("second", "alphabeta")):
            published, ours, n, _ = cells[(computer, config)]
            if published is None and ours is None:
                row.append("")
            else:
                row.append(f"{fms(published)} / {fms(ours)}" + (f" (n={n})" if n and n != 4 else ""))
            plot_row += [published, ours]
        rows.append(row)
        plot_rows.append(plot_row)
    out.append(table(header, rows))
    node_rows = []
    for round_number, cells in sorted(rounds.items()):
        node_rows.append([round_number] + [fint(cells[key][3]) for key in (("first", "minimax"), ("second", "minimax"),
                                                                          ("first", "alphabeta"),
                                                                          ("second", "alphabeta"))])
    out.append("\nMean nodes per decision (ours; the time per round follows them):\n")
    out.append(table(["round", "first, plain", "second, plain", "first, alpha-beta", "second, alpha-beta"], node_rows))
    out.append("\nThe scripted opponents (the post does not say what the human played):\n")
    out.append("\n".join(f"- `{name}`: {text}." for name, text in OPPONENTS.items()))
    out.append("\nThe games, decision by decision, are in `tictactoe_games.csv`.")
    r1 = rounds.get(1, {})
    if r1:
        fp, fo = r1[("first", "minimax")][:2]
        sp2, so = r1[("second", "minimax")][:2]
        if fp and fo and sp2 and so:
            fp2, fo2 = rounds.get(2, {}).get(("first", "minimax"), (None, None))[:2]
            line = "\nReading: the shape is the blog's: round 1 dominates"
            if fp2 and fo2:
                line += (f" (computer first, plain: round 2 is {fx(fp / fp2)} cheaper than round 1 published and "
                         f"{fx(fo / fo2)} here)")
            line += (f"; computer second starts one ply deeper, so its round 1 is {fx(fp / sp2)} cheaper than "
                     f"computer first's published and {fx(fo / so)} here. Absolute times differ by the factor "
                     f"between CPython on the author's laptop and C here ({fx(fp / fo)} on round 1, plain). Late "
                     f"rounds search a handful of nodes, so their times are mostly the fixed cost of a search call.")
            out.append(line)
    out.append(f"\n![decision time per round]({plots}/ttt_rounds.svg)\n")
    speed_rows = [["alphabeta d9", sp, ratio(tm, ta), ratio(nm, na)]]
    return "\n".join(out) + "\n", speed_rows, plot_rows


def section_copy_undo(res, plots):
    out = ["## Copy-make against do-undo on every game\n",
           "Every study row is run in both state modes; the node counts are checked equal (a change of state "
           "mode keeps the search order). Speedup = copy-make time / do-undo time; above 1, do-undo is faster.\n"]
    rows, plot_rows, per_game = [], [], {}
    for r in res.rows:
        if r["status"] != "ok" or r["state"] != "copy" or r["study"] == "tictactoe-rounds":
            continue
        u = res.get(r["study"], r["moves"], r["config"], "undo", r["depth"])
        if not u:
            continue
        s = ratio(num(r["seconds_per_op"]), num(u["seconds_per_op"]))
        per_game.setdefault(r["game"], []).append(s)
        position = position_label(r["game"], r["moves"])
        label = f"{r['game']} {r['config']}{'' if position == 'start' else ' ' + position} d{r['depth']}"
        rows.append([r["game"], f"`{r['config']}`", position_label(r["game"], r["moves"]), r["depth"],
                     fint(num(r["nodes"])), ftime(num(r["seconds_per_op"])), ftime(num(u["seconds_per_op"])),
                     fx(s, 2)])
        plot_rows.append([label, s])
    if not rows:
        return "\n".join(out + ["No results.\n"]), []
    out.append(table(["game", "config", "position", "depth", "nodes", "copy-make", "do-undo", "speedup"], rows,
                     ["---", "---", "---", "---:", "---:", "---:", "---:", "---:"]))
    out.append("\nGeometric mean per game: " + ", ".join(f"{g} {fx(geomean(v), 2)}" for g, v in per_game.items()) +
               ". Tree configs keep one position per node in copy-make mode and replay moves down the tree in "
               "do-undo mode, so do-undo saves memory there but not always time.")
    out.append(f"\n![copy against undo]({plots}/copy_undo.svg)\n")
    return "\n".join(out) + "\n", plot_rows


def section_branching(res, plots):
    out = ["## Nodes against depth: the effective branching factor\n",
           "From each game's start position, every config, copy-make, depth 1, 2, ... until a search takes more "
           "than the sweep's time budget (scripts/reproduce.sh) or hits the node budget. b_eff = N(d) / N(d-1) at "
           "the deepest depth reached; for tree configs N counts negamax calls over all deepening passes.\n"]
    if not res.sweep:
        return "\n".join(out + ["No sweep in this run.\n"]), {}
    data = {}
    for r in res.sweep:
        data.setdefault(r["game"], {}).setdefault(r["config"], {})[int(r["depth"])] = num(r["nodes"])
    rows = []
    for game, configs in data.items():
        for config, series in configs.items():
            depths = sorted(series)
            d = depths[-1]
            b = ratio(series[d], series.get(d - 1)) if d - 1 in series else None
            rows.append([game, f"`{config}`", d, fint(series[d]), f"{b:.2f}" if b else "–",
                         f"{series[d] ** (1 / d):.2f}" if series[d] else "–"])
    out.append(table(["game", "config", "deepest depth", "nodes", "b_eff = N(d)/N(d-1)", "N(d)^(1/d)"], rows,
                     ["---", "---", "---:", "---:", "---:", "---:"]))
    out.append("\n" + " ".join(f"![{g}]({plots}/branching_{g}.svg)" for g in data) + "\n")
    return "\n".join(out) + "\n", data


def section_hyperfine(res):
    out = ["## Whole-process timings (hyperfine)\n",
           "`prune search` as a process, per study, with warm-up runs (hyperfine 1.15, no shell). These include "
           "process start-up (about a millisecond), so they compare configs only where a search takes well over "
           "that; the Google Benchmark figures above are the in-process measurements. Relative = against the "
           "fastest command of the study.\n"]
    skipped_path = os.path.join(res.dir, "hyperfine", "skipped.txt")
    skipped = open(skipped_path, encoding="utf-8").read().split("\n") if os.path.exists(skipped_path) else []
    for study in STUDY_TITLES:
        md = os.path.join(res.dir, "hyperfine", f"{study}.md")
        if os.path.exists(md):
            out.append(f"### {study}\n\n" + open(md, encoding="utf-8").read().strip() + "\n")
        else:
            why = next((s for s in skipped if s.startswith(study + ":")), f"{study}: not run")
            out.append(f"### {study}\n\nSkipped: {why}.\n")
    return "\n".join(out) + "\n"


def caches(directory):
    """The CPU caches from a Google Benchmark JSON context, as ', L1d 48 KiB, ...'."""
    for path in sorted(glob.glob(os.path.join(directory, "raw", "*.json"))):
        try:
            context = json.load(open(path, encoding="utf-8")).get("context", {})
        except (OSError, ValueError):
            continue
        if not context.get("caches"):
            continue
        parts = []
        for c in context["caches"]:
            kind = {"Data": "d", "Instruction": "i"}.get(c["type"], "")
            size = c["size"] / 1024
            text = f"{size / 1024:.0f} MiB" if size >= 1024 else f"{size:.0f} KiB"
            parts.append(f"L{c['level']}{kind} {text}" + (f" (shared by {c['num_sharing']})"
                                                           if c.get("num_sharing", 1) > 1 else ""))
        return "; caches " + ", ".join(parts)
    return ""


def section_run(res):
    run = res.run
    rows = [r for r in res.rows if r["status"] == "ok"]
    errors = [r for r in res.rows if r["status"] == "error"]
    skipped = [r for r in res.rows if r["status"] == "skipped"]
    verified = sum(1 for r in rows if num(r["verified"]) == 1)
    checked = sum(1 for r in rows if num(r["copy_checked"]) == 1)
    first = rows[0] if rows else (res.rows[0] if res.rows else {})
    out = ["## This run\n"]
    facts = [
        ("mode", run.get("mode", "?")),
        ("date", run.get("date", first.get("date", "?"))),
        ("commit", run.get("commit", first.get("commit", "?"))),
        ("machine", first.get("machine", "?") + caches(res.dir)),
        ("memory", run.get("memory", "?")),
        ("compiler", first.get("compiler", "?")),
        ("Google Benchmark", run.get("gbench", "?") + " (repetitions "
         + str(run.get("repetitions", "?")) + ", min time " + str(run.get("min_time", "?")) + " s per repetition, "
         "medians reported)"),
        ("Node.js / minimaxer", f"{run.get('node', '?')} / {res.peer[0]['minimaxer_version'] if res.peer else '?'}"),
        ("hyperfine / gnuplot", f"{run.get('hyperfine', '?')} / {run.get('gnuplot', '?')}"),
        ("load average before / after", f"{run.get('load_before', '?')} / {run.get('load_after', '?')}"),
        ("wall time", run.get("wall_time", "?")),
    ]
    out.append(table(["", ""], [[k, v] for k, v in facts], ["---", "---"]))
    out.append(f"\n{len(rows)} measurements; {verified} matched reference counts of studies/published.csv exactly, "
               f"{checked} do-undo searches matched their copy-make search. "
               + (f"**{len(errors)} count mismatches, reported as errors:** "
                  + "; ".join(f"{r['benchmark']} ({r['error']})" for r in errors) + ". " if errors else
                  "No count mismatch. ")
               + ("Skipped: " + "; ".join(r["error"] for r in skipped) + "." if skipped else ""))
    out.append("\nThe machine is a shared 2-core virtual machine: other jobs (compilers, tests) ran beside this "
               "run, which the load average shows; each figure is the median of the repetitions, and the tidy "
               "CSV gives their coefficient of variation (cv). Debian's Google Benchmark library is a debug build "
               "(it warns so); that affects only its own bookkeeping between iterations.")
    if run.get("notes"):
        out.append("\n" + run["notes"])
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", required=True, help="the results directory")
    parser.add_argument("--published", default=os.path.join(ROOT, "studies", "published.csv"))
    parser.add_argument("--plots-link", default="../plots/out", help="the plots' directory, relative to REPORT.md")
    args = parser.parse_args()
    import run_id  # scripts/run_id.py: exits 2 unless every input is of one run
    run_id.require_one_run(args.results)
    res = Results(args.results, args.published)
    plots = args.plots_link
    plotdata = os.path.join(args.results, "plotdata")

    minimaxer, minimaxer_plot = section_minimaxer(res, plots)
    peer, peer_plot = section_peer(res, plots)
    ardri, ardri_plot = section_ardri(res, plots)
    scala, scala_plot = section_scala(res, plots)
    doundo, doundo_plot = section_doundo(res, plots)
    ttt, ttt_speed, ttt_rounds_plot = section_tictactoe(res, plots)
    copy_undo, copy_undo_plot = section_copy_undo(res, plots)
    branching, branching_data = section_branching(res, plots)

    speed_header = ["label", "published", "measured", "nodes"]
    for study, rows in (("minimaxer", minimaxer_plot), ("ardri", ardri_plot), ("scala", scala_plot),
                        ("doundo", doundo_plot), ("tictactoe", ttt_speed)):
        path = os.path.join(plotdata, f"speedup_{study}.csv")
        if rows and any(r[2] for r in rows):
            write_plot_csv(path, speed_header, rows)
        elif os.path.exists(path):
            os.unlink(path)
    if peer_plot:
        write_plot_csv(os.path.join(plotdata, "peer_minimaxer.csv"), ["label", "minimaxer", "prune"], peer_plot)
    if ttt_rounds_plot:
        header = ["round"] + [f"{side}_{config}_{who}" for side, config in
                              (("first", "minimax"), ("second", "minimax"), ("first", "alphabeta"),
                               ("second", "alphabeta")) for who in ("published", "ours")]
        write_plot_csv(os.path.join(plotdata, "ttt_rounds.csv"), header, ttt_rounds_plot)
    if copy_undo_plot:
        write_plot_csv(os.path.join(plotdata, "copy_undo.csv"), ["label", "speedup"], copy_undo_plot)
    for path in glob.glob(os.path.join(plotdata, "branching_*.csv")):
        os.unlink(path)
    for game, configs in branching_data.items():
        names = list(configs)
        depths = sorted({d for series in configs.values() for d in series})
        write_plot_csv(os.path.join(plotdata, f"branching_{game}.csv"), ["depth"] + names,
                       [[d] + [configs[c].get(d) for c in names] for d in depths])

    intro = ("# prune: the studies reproduced\n\n"
             "Generated by `scripts/report.py` from the CSV files beside this report; rerun "
             "`scripts/reproduce.sh` to regenerate everything (benchmarks/README.md describes the harness). "
             "Node counts are exact and checked; times are medians on the machine below, which was shared with "
             "other work, so small differences between configs are within noise (see the cv column of "
             "studies.csv).\n\n"
             "Published figures come from studies/published.csv; \"ours\" is prune, copy-make unless a column says "
             "otherwise.\n")
    text = "\n".join([intro, section_run(res), minimaxer, peer, ardri, scala, doundo, ttt, copy_undo, branching,
                      section_hyperfine(res)])
    write_atomically(os.path.join(args.results, "REPORT.md"), text.rstrip() + "\n")
    print(f"report: {os.path.join(args.results, 'REPORT.md')}")


if __name__ == "__main__":
    main()
