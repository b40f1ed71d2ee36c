"""The minimaxer study: Minimaxer Part 4's operations per second (section
of REPORT.md, speedup_minimaxer plot, README row)."""
import studies

from .common import (Section, fci, fci_text, fint, fops, fx, median_or, num, ratio, section_head, speedup_plot, table,
                     time_ratio)

STUDY = "minimaxer"
BASE = studies.baseline(STUDY)        # tree-standard (studies/studies.csv)
DEPTHS = studies.depths(STUDY)
TITLE = "Minimaxer Part 4 (mancala, persistent-tree negamax)"
# The blog's names of the configs (in parentheses: configs the blog did not time).
BLOG_NAMES = {
    "tree-standard": "Standard",
    "tree-ab": "(alpha-beta deepening, no presort)",
    "tree-ab-presort": "Alpha-beta deepening with presort",
    "tree-ab-presort-gen": "Alpha-beta deepening with presort + generator",
    "tree-ab-presort-gen-bubble": "As above + bubble sort",
    "tree-optimal": "Optimal function",
    "tree-ab-depth": "(alpha-beta, single pass at depth D)",
}


def render(res, plots):
    out, stop = section_head(res, STUDY, TITLE, res.get("minimaxer", "", BASE, "copy", DEPTHS[0]))
    if stop:
        return Section("\n".join(out), [])
    out.append("Operations per second, one operation = one whole search from the start position, tree building "
               "included (copy-make, as the library: every node holds its position). Ratios are against "
               "Standard at the same depth. The counts are prune's; every one equals minimaxer 3.2.3's "
               "(checked against studies/published.csv and against the peer below).\n")
    rows, plot_rows = speed_table(res)
    out.append(table(HEADER, rows, ["---", "---", "---:"] + ["---:"] * 7))
    readings = optimal_readings(res) + bubble_readings(res)
    if readings:
        out.append("\nReading:\n\n" + "\n".join(readings))
    out.append(f"\n![speedup over Standard]({plots}/speedup_minimaxer.svg)\n")
    return Section("\n".join(out) + "\n", [speedup_plot(STUDY, plot_rows)])


HEADER = ["configuration", "prune config", "depth", "published op/s", "our op/s", "published ratio",
              "our ratio (95% interval)", "created", "evals", "our op/s (undo)"]


def speed_table(res):
    """The blog's table: published and our rates and ratios per config and depth."""
    rows, plot_rows = [], []
    for depth in DEPTHS:
        pub_base = res.pubnum("minimaxer", "ops_per_second", config=BASE, depth=depth)
        our_base = res.value("minimaxer", "", BASE, "copy", depth, "ops_per_second")
        base_row = res.get("minimaxer", "", BASE, "copy", depth)
        for config in res.tree_configs(STUDY):
            p = res.pubnum("minimaxer", "ops_per_second", config=config, depth=depth)
            o = res.value("minimaxer", "", config, "copy", depth, "ops_per_second")
            u = res.value("minimaxer", "", config, "undo", depth, "ops_per_second")
            created = res.value("minimaxer", "", config, "copy", depth, "created")
            evals = res.value("minimaxer", "", config, "copy", depth, "evals")
            base_created = res.value("minimaxer", "", BASE, "copy", depth, "created")
            rows.append([BLOG_NAMES.get(config, config), f"`{config}`", depth, fops(p, True), fops(o),
                         fx(ratio(p, pub_base)),
                         fci(time_ratio(base_row, res.get("minimaxer", "", config, "copy", depth)),
                             ratio(o, our_base), 1), fint(created), fint(evals), fops(u)])
            if config != BASE:
                paired = time_ratio(base_row, res.get("minimaxer", "", config, "copy", depth))
                plot_rows.append([f"{config.replace('tree-', '')} d{depth}", ratio(p, pub_base),
                                  median_or(paired, ratio(o, our_base)),
                                  ratio(base_created, created)])
    return rows, plot_rows


def optimal_readings(res):
    """Optimal over standard, against the created-node ratio, per depth."""
    readings = []
    for depth in DEPTHS:
        p_std = res.pubnum("minimaxer", "ops_per_second", config=BASE, depth=depth)
        p_opt = res.pubnum("minimaxer", "ops_per_second", config="tree-optimal", depth=depth)
        o_std = res.value("minimaxer", "", BASE, "copy", depth, "ops_per_second")
        o_opt = res.value("minimaxer", "", "tree-optimal", "copy", depth, "ops_per_second")
        c_std = res.value("minimaxer", "", BASE, "copy", depth, "created")
        c_opt = res.value("minimaxer", "", "tree-optimal", "copy", depth, "created")
        node_ratio = ratio(c_std, c_opt)
        peer = next((r for r in res.peer if r["config"] == BASE and r["depth"] == str(depth)), None)
        peer_opt = next((r for r in res.peer if r["config"] == "tree-optimal" and r["depth"] == str(depth)), None)
        peer_ratio = ratio(num(peer_opt["minimaxer_ops_per_second"]), num(peer["minimaxer_ops_per_second"])) \
            if peer and peer_opt else None
        pr, orr = ratio(p_opt, p_std), ratio(o_opt, o_std)
        if pr and orr and node_ratio:
            paired = time_ratio(res.get("minimaxer", "", BASE, "copy", depth),
                                res.get("minimaxer", "", "tree-optimal", "copy", depth))
            line = (f"- Depth {depth}: optimal over standard is {fx(pr)} published and {fci_text(paired, orr, 1)} "
                    f"here, against a "
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
    return readings


def bubble_ratio(res):
    """The bubble sort's rate over the stable sort's at depth 6, paired."""
    return time_ratio(res.get(STUDY, "", "tree-ab-presort-gen", "copy", 6),
                      res.get(STUDY, "", "tree-ab-presort-gen-bubble", "copy", 6))


def bubble_readings(res):
    """The bubble sort against the stable sort at depth 6."""
    readings = []
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
                f"{fci_text(bubble_ratio(res), ratio(ob, og))} here. The early-exit bubble sort leaves children in "
                f"a worse order, so the "
                f"search creates {fint(cb)} nodes instead of {fint(cg)}; the slowdown the blog saw is that count, "
                f"and prune shows it too.")
    return readings


def summary(res):
    """The README rows: optimal over standard, and the bubble sort's cost."""
    def rate(config, depth):
        return (res.pubnum(STUDY, "ops_per_second", config=config, depth=depth),
                res.value(STUDY, "", config, "copy", depth, "ops_per_second"))

    def created(config, depth):
        return fint(res.value(STUDY, "", config, "copy", depth, "created"))

    def paired(base, config, depth):
        return time_ratio(res.get(STUDY, "", base, "copy", depth), res.get(STUDY, "", config, "copy", depth))

    (ps5, os5), (po5, oo5) = rate("tree-standard", 5), rate("tree-optimal", 5)
    (ps6, os6), (po6, oo6) = rate("tree-standard", 6), rate("tree-optimal", 6)
    (pg, og), (pb, ob) = rate("tree-ab-presort-gen", 6), rate("tree-ab-presort-gen-bubble", 6)
    return [
        ["minimaxer (mancala)", f"optimal over standard: {fx(ratio(po5, ps5), 0)} (depth 5), "
         f"{fx(ratio(po6, ps6), 0)} (depth 6)",
         f"{fci_text(paired('tree-standard', 'tree-optimal', 5), ratio(oo5, os5), 1)}, "
         f"{fci_text(paired('tree-standard', 'tree-optimal', 6), ratio(oo6, os6), 1)}",
         f"created {created('tree-optimal', 5)} / {created('tree-standard', 5)} and "
         f"{created('tree-optimal', 6)} / {created('tree-standard', 6)}"],
        ["minimaxer, bubble sort", f"{fx(ratio(pb, pg), 2)} of presort + generator at depth 6",
         fci_text(bubble_ratio(res), ratio(ob, og)), f"{created('tree-ab-presort-gen-bubble', 6)} against "
         f"{created('tree-ab-presort-gen', 6)} created"],
    ]
