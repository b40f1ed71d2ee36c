"""Nodes against depth from the depth sweep: the effective branching factor."""
from .common import Section, PlotTable, fint, num, ratio, table


def render(res, plots):
    out = ["## Nodes against depth: the effective branching factor\n",
           "From each game's start position, every config, copy-make, depth 1, 2, ... until a search takes more "
           "than the sweep's time budget (scripts/reproduce.sh) or hits the node budget. b_eff = N(d) / N(d-1) at "
           "the deepest depth reached; for tree configs N counts negamax calls over all deepening passes.\n"]
    if not res.sweep:
        return Section("\n".join(out + ["No sweep in this run.\n"]), [])
    data = {}
    for r in res.sweep:
        data.setdefault(r["game"], {}).setdefault(r["config"], {})[int(r["depth"])] = num(r["nodes"])
    rows = []
    for game, configs in data.items():
        for config, series in configs.items():
            d = max(series)
            b = ratio(series[d], series.get(d - 1))
            rows.append([game, f"`{config}`", d, fint(series[d]), f"{b:.2f}" if b else "–",
                         f"{series[d] ** (1 / d):.2f}" if series[d] else "–"])
    out += [table(["game", "config", "deepest depth", "nodes", "b_eff = N(d)/N(d-1)", "N(d)^(1/d)"], rows, "llrrrr"),
            "\n" + " ".join(f"![{g}]({plots}/branching_{g}.svg)" for g in data) + "\n"]
    return Section("\n".join(out) + "\n", [plot_table(game, configs) for game, configs in data.items()])


def plot_table(game, configs):
    """Nodes against depth, one column per config."""
    depths = sorted({d for series in configs.values() for d in series})
    return PlotTable(f"branching_{game}", ["depth"] + list(configs),
                     [[d] + [series.get(d) for series in configs.values()] for d in depths], True)
