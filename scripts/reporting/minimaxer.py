"""The minimaxer study: Minimaxer Part 4's operations per second (section
of REPORT.md, speedup_minimaxer plot, README row)."""
import studies

from .common import (col, compare, fci, fci_text, fint, fops, ftime, fx, median_or, num, ratio, scaled,
                     study_section, table)

STUDY = "minimaxer"
OPTIMAL, GEN, BUBBLE = "tree-optimal", "tree-ab-presort-gen", "tree-ab-presort-gen-bubble"
TITLE = "Minimaxer Part 4 (mancala, persistent-tree negamax)"
# The blog's names of the configs it did not time, in parentheses; those it
# timed are named by the note of their published rate (studies/published.csv).
UNTIMED = {"tree-ab": "(alpha-beta deepening, no presort)", "tree-ab-depth": "(alpha-beta, single pass at depth D)"}


def study_rows(res):
    """From the study's rows (studies.csv of the report's studies directory): its baseline (tree-standard)
    and its depths."""
    return studies.baseline(STUDY, res.studies_dir), studies.depths(STUDY, directory=res.studies_dir)


HEADER = ["configuration", "prune config", "depth", "published op/s", "our op/s", "published ratio",
          "our ratio (95% interval)", "created", "evals", "our op/s (undo)"]


@study_section(STUDY, TITLE, lambda res: res.get(STUDY, study_rows(res)[0], study_rows(res)[1][0]),
               "speedup over Standard")
def render(res, plots):
    base, depths = study_rows(res)
    out = ["Operations per second, one operation = one whole search from the start position, tree building "
           "included (copy-make, as the library: every node holds its position). Ratios are against "
           "Standard at the same depth. The counts are prune's; every one equals minimaxer 3.2.3's "
           "(checked against studies/published.csv and against the peer below).\n"]
    rows, plot_rows = speed_table(res)
    out.append(table(HEADER, rows, "llr" + "r" * 7))
    readings = [optimal_reading(res, depth) for depth in depths] + [bubble_reading(res)]
    if any(readings):
        out.append("\nReading:\n\n" + "\n".join(r for r in readings if r))
    return out, plot_rows


def figures(res, config, depth):
    """One search's published op/s, our op/s, our created nodes."""
    return (res.pubnum(STUDY, "ops_per_second", config=config, depth=depth),
            res.value(STUDY, config, depth, "ops_per_second"), res.value(STUDY, config, depth, "created"))


def speedup(res, base, config, depth):
    """base's time over config's, paired (as compare), the fallback the
    ratio of the op/s medians."""
    a, b = res.get(STUDY, base, depth), res.get(STUDY, config, depth)
    return compare(a, b)[0], ratio(col(b, "ops_per_second"), col(a, "ops_per_second"))


def speed_table(res):
    """The blog's table: published and our rates and ratios per config and depth."""
    base, depths = study_rows(res)
    rows, plot_rows = [], []
    for depth in depths:
        pub_base, _, base_created = figures(res, base, depth)
        for config in res.tree_configs(STUDY):
            p, o, created = figures(res, config, depth)
            name = res.pub(STUDY, "ops_per_second", config=config, field="note") or UNTIMED.get(config, config)
            rows.append([name, f"`{config}`", depth, fops(p, True), fops(o),
                         fx(ratio(p, pub_base)), fci(*speedup(res, base, config, depth), 1), fint(created),
                         fint(res.value(STUDY, config, depth, "evals")),
                         fops(res.value(STUDY, config, depth, "ops_per_second", state="undo"))])
            if config != base:
                plot_rows.append([f"{config.replace('tree-', '')} d{depth}", ratio(p, pub_base),
                                  median_or(*speedup(res, base, config, depth)), ratio(base_created, created)])
    return rows, plot_rows


def peer_rate(res, config, depth):
    return col(next((r for r in res.peer if r["config"] == config and r["depth"] == str(depth)), None),
               "minimaxer_ops_per_second")


def optimal_reading(res, depth):
    """Optimal over standard, against the created-node ratio and the ratio of negamax calls."""
    base, depths = study_rows(res)
    (p_std, o_std, c_std), (p_opt, o_opt, c_opt) = figures(res, base, depth), figures(res, OPTIMAL, depth)
    node_ratio, pr, orr = ratio(c_std, c_opt), ratio(p_opt, p_std), ratio(o_opt, o_std)
    n_std, n_opt = res.value(STUDY, base, depth, "nodes"), res.value(STUDY, OPTIMAL, depth, "nodes")
    t_std, t_opt = res.value(STUDY, base, depth, "seconds_per_op"), res.value(STUDY, OPTIMAL, depth, "seconds_per_op")
    if not (pr and orr and node_ratio and n_std and n_opt):
        return None
    calls = ratio(n_std, n_opt)
    # Per negamax call, a standard search's cost over an optimal one's: the time ratio over the call ratio.
    per_call = scaled(speedup(res, base, OPTIMAL, depth)[0], 1 / calls)
    line = (f"- Depth {depth}: optimal over standard is {fx(pr)} published and "
            f"{fci_text(*speedup(res, base, OPTIMAL, depth), 1)} here, against a created-node ratio of "
            f"{fx(node_ratio)}. Per created node, a standard search costs {fx(pr / node_ratio)} an optimal one in "
            f"the blog's JavaScript.")
    # The peer's two rates were measured apart, unpaired: their ratio is marked so.
    peer_std, peer_opt = peer_rate(res, base, depth), peer_rate(res, OPTIMAL, depth)
    if peer_std and peer_opt:
        line += (f" The library itself, run here (peer below), runs standard at {fops(peer_std)} and optimal at "
                 f"{fops(peer_opt)} searches per second, {fci_text(None, peer_opt / peer_std, 1)}: "
                 f"{fci_text(None, peer_opt / peer_std / node_ratio, 2)} per created node.")
    line += (f" What the JavaScript spends per node is not measured here (allocating and collecting "
             f"{fint(c_std)} node objects may be part of it). In prune's C a negamax call costs "
             f"{ftime(ratio(t_std, n_std))} in standard and {ftime(ratio(t_opt, n_opt))} in optimal "
             f"(standard over optimal per call: {fci_text(per_call, orr / calls)}), and optimal's deepening passes "
             f"make {fint(n_opt)} calls for its {fint(c_opt)} created nodes against standard's {fint(n_std)} for "
             f"{fint(c_std)}: our time ratio follows the ratio of calls, {fx(calls)}, not that of created nodes.")
    return line


def bubble_reading(res):
    """The bubble sort against the stable sort at depth 6, in prune and in the library run here."""
    (pg, og, cg), (pb, ob, cb) = figures(res, GEN, 6), figures(res, BUBBLE, 6)
    if not (pg and pb and og and ob):
        return None
    line = (f"- Depth 6, bubble sort against the stable sort: {fx(ratio(pb, pg), 2)} published, "
            f"{fci_text(*speedup(res, GEN, BUBBLE, 6))} here. The early-exit bubble sort leaves children in a "
            f"worse order, so the search creates {fint(cb)} nodes instead of {fint(cg)} "
            f"({fx(ratio(cb, cg), 2)}).")
    peer_gen, peer_bubble = peer_rate(res, GEN, 6), peer_rate(res, BUBBLE, 6)
    if peer_gen and peer_bubble:
        windows = {r["config"]: r for r in res.peer_ab if r["depth"] == "6"}
        faster = peer_bubble > peer_gen
        line += (f" The library itself, run here with the same counts (peer below), runs "
                 f"{'faster' if faster else 'slower'} with the bubble sort: {fops(peer_bubble)} against "
                 f"{fops(peer_gen)} searches per second")
        if GEN in windows and BUBBLE in windows:
            line += (f" ({fops(num(windows[BUBBLE]['minimaxer_ops_per_second']))} against "
                     f"{fops(num(windows[GEN]['minimaxer_ops_per_second']))} in the paired windows)")
        line += (": the count does not decide its time here, and what made the blog's row slower is not "
                 "established." if faster else ", as the count would have it.")
    return line


def summary(res):
    """The README rows: optimal over standard, and the bubble sort's cost."""
    base, depths = study_rows(res)
    std = {d: figures(res, base, d) for d in (5, 6)}
    opt = {d: figures(res, OPTIMAL, d) for d in (5, 6)}
    (pg, _, cg), (pb, _, cb) = figures(res, GEN, 6), figures(res, BUBBLE, 6)
    return [
        ["minimaxer (mancala)", f"optimal over standard: {fx(ratio(opt[5][0], std[5][0]), 0)} (depth 5), "
         f"{fx(ratio(opt[6][0], std[6][0]), 0)} (depth 6)",
         ", ".join(fci_text(*speedup(res, base, OPTIMAL, d), 1) for d in (5, 6)),
         f"created {fint(opt[5][2])} / {fint(std[5][2])} and {fint(opt[6][2])} / {fint(std[6][2])}"],
        ["minimaxer, bubble sort", f"{fx(ratio(pb, pg), 2)} of presort + generator at depth 6",
         fci_text(*speedup(res, GEN, BUBBLE, 6)), f"{fint(cb)} against {fint(cg)} created"],
    ]
