"""The minimaxer study: Minimaxer Part 4's operations per second (section
of REPORT.md, speedup_minimaxer plot, README row)."""
import studies

from .common import col, compare, fci, fci_text, fint, fops, fx, median_or, ratio, scaled, study_section, table

STUDY = "minimaxer"
BASE = studies.baseline(STUDY)        # tree-standard (studies/studies.csv)
DEPTHS = studies.depths(STUDY)
OPTIMAL, GEN, BUBBLE = "tree-optimal", "tree-ab-presort-gen", "tree-ab-presort-gen-bubble"
TITLE = "Minimaxer Part 4 (mancala, persistent-tree negamax)"
# The blog's names of the configs it did not time, in parentheses; those it
# timed are named by the note of their published rate (studies/published.csv).
UNTIMED = {"tree-ab": "(alpha-beta deepening, no presort)", "tree-ab-depth": "(alpha-beta, single pass at depth D)"}
HEADER = ["configuration", "prune config", "depth", "published op/s", "our op/s", "published ratio",
          "our ratio (95% interval)", "created", "evals", "our op/s (undo)"]


@study_section(STUDY, TITLE, lambda res: res.get(STUDY, BASE, DEPTHS[0]), "speedup over Standard")
def render(res, plots):
    out = ["Operations per second, one operation = one whole search from the start position, tree building "
           "included (copy-make, as the library: every node holds its position). Ratios are against "
           "Standard at the same depth. The counts are prune's; every one equals minimaxer 3.2.3's "
           "(checked against studies/published.csv and against the peer below).\n"]
    rows, plot_rows = speed_table(res)
    out.append(table(HEADER, rows, "llr" + "r" * 7))
    readings = [optimal_reading(res, depth) for depth in DEPTHS] + [bubble_reading(res)]
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
    rows, plot_rows = [], []
    for depth in DEPTHS:
        pub_base, _, base_created = figures(res, BASE, depth)
        for config in res.tree_configs(STUDY):
            p, o, created = figures(res, config, depth)
            name = res.pub(STUDY, "ops_per_second", config=config, field="note") or UNTIMED.get(config, config)
            rows.append([name, f"`{config}`", depth, fops(p, True), fops(o),
                         fx(ratio(p, pub_base)), fci(*speedup(res, BASE, config, depth), 1), fint(created),
                         fint(res.value(STUDY, config, depth, "evals")),
                         fops(res.value(STUDY, config, depth, "ops_per_second", state="undo"))])
            if config != BASE:
                plot_rows.append([f"{config.replace('tree-', '')} d{depth}", ratio(p, pub_base),
                                  median_or(*speedup(res, BASE, config, depth)), ratio(base_created, created)])
    return rows, plot_rows


def peer_rate(res, config, depth):
    return col(next((r for r in res.peer if r["config"] == config and r["depth"] == str(depth)), None),
               "minimaxer_ops_per_second")


def optimal_reading(res, depth):
    """Optimal over standard, against the created-node ratio."""
    (p_std, o_std, c_std), (p_opt, o_opt, c_opt) = figures(res, BASE, depth), figures(res, OPTIMAL, depth)
    node_ratio, pr, orr = ratio(c_std, c_opt), ratio(p_opt, p_std), ratio(o_opt, o_std)
    if not (pr and orr and node_ratio):
        return None
    # Per created node, a standard search's cost over an optimal one's: the time ratio over the node ratio.
    factor_blog, factor_ours = pr / node_ratio, orr / node_ratio
    paired = scaled(speedup(res, BASE, OPTIMAL, depth)[0], 1 / node_ratio)
    line = (f"- Depth {depth}: optimal over standard is {fx(pr)} published and "
            f"{fci_text(*speedup(res, BASE, OPTIMAL, depth), 1)} here, against a created-node ratio of "
            f"{fx(node_ratio)}. Per created node, a standard search costs {fx(factor_blog)} an optimal one in the "
            f"blog's JavaScript (a cost that grows with the tree, likely allocation and garbage collection of "
            f"{fint(c_std)} node objects) and {fci_text(paired, factor_ours)} in prune's C, where a node is a few "
            f"dozen bytes in an arena")
    if (paired["median"] if paired else factor_ours) < 1:
        line += (", so there the standard search's nodes are the cheaper ones (no sorting, no lazy "
                 "creation) and our ratio stays below the node ratio.")
    else:
        line += ", so our ratio stays close to the node ratio."
    # The peer's two rates were measured apart, unpaired: given as rates, not as their ratio.
    peer_std, peer_opt = peer_rate(res, BASE, depth), peer_rate(res, OPTIMAL, depth)
    if peer_std and peer_opt:
        line += (f" The library itself, run here (peer below), runs standard at {fops(peer_std)} and optimal at "
                 f"{fops(peer_opt)} searches per second.")
    return line


def bubble_reading(res):
    """The bubble sort against the stable sort at depth 6."""
    (pg, og, cg), (pb, ob, cb) = figures(res, GEN, 6), figures(res, BUBBLE, 6)
    if not (pg and pb and og and ob):
        return None
    return (f"- Depth 6, bubble sort against the stable sort: {fx(ratio(pb, pg), 2)} published, "
            f"{fci_text(*speedup(res, GEN, BUBBLE, 6))} here. The early-exit bubble sort leaves children in a "
            f"worse order, so the search creates {fint(cb)} nodes instead of {fint(cg)}; the slowdown the blog "
            f"saw is that count, and prune shows it too.")


def summary(res):
    """The README rows: optimal over standard, and the bubble sort's cost."""
    std = {d: figures(res, BASE, d) for d in (5, 6)}
    opt = {d: figures(res, OPTIMAL, d) for d in (5, 6)}
    (pg, _, cg), (pb, _, cb) = figures(res, GEN, 6), figures(res, BUBBLE, 6)
    return [
        ["minimaxer (mancala)", f"optimal over standard: {fx(ratio(opt[5][0], std[5][0]), 0)} (depth 5), "
         f"{fx(ratio(opt[6][0], std[6][0]), 0)} (depth 6)",
         ", ".join(fci_text(*speedup(res, BASE, OPTIMAL, d), 1) for d in (5, 6)),
         f"created {fint(opt[5][2])} / {fint(std[5][2])} and {fint(opt[6][2])} / {fint(std[6][2])}"],
        ["minimaxer, bubble sort", f"{fx(ratio(pb, pg), 2)} of presort + generator at depth 6",
         fci_text(*speedup(res, GEN, BUBBLE, 6)), f"{fint(cb)} against {fint(cg)} created"],
    ]
