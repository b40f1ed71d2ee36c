"""The scala study: Implementing Minimax in Scala (Dots and Boxes)."""
import studies

from .common import col, compare, fci, fci_text, fint, ftime, fx, median_or, ratio, study_section, table

STUDY = "scala"
SLIP = "alphabeta-scala"  # the post's own alpha-beta, with its slip
TITLE = "Implementing Minimax in Scala (Dots and Boxes, naive and alpha-beta)"


def study_rows(res):
    """From the study's rows (studies.csv of the report's studies directory): its one depth, its baseline."""
    return studies.depths(STUDY, directory=res.studies_dir)[0], studies.baseline(STUDY, res.studies_dir)


@study_section(STUDY, TITLE, lambda res: res.get(STUDY, *reversed(study_rows(res))), "alpha-beta over naive")
def render(res, plots):
    depth, base = study_rows(res)
    out = ["Empty 4x4-dot board, the Scala code's `maxDepth = 3` below each root child (depth 4 here), "
           "copy-make. The post gives no number beyond \"an order of magnitude faster\".\n"]
    header = ["config", "reference nodes", "our nodes", "node ratio vs naive", "published time ratio",
              "our time", "our time ratio (95% interval)", "best", "value"]
    rows, plot_rows = [], []
    naive = res.get(STUDY, base, depth)
    for config in studies.configs(STUDY, res.studies_dir):
        r = res.get(STUDY, config, depth)
        node_ratio = ratio(col(naive, "nodes"), col(r, "nodes"))
        published = res.pub(STUDY, "speedup", config=config)  # in words: "order of magnitude"
        rows.append([f"`{config}`", fint(res.pubnum(STUDY, "nodes", config=config, depth=depth)),
                     fint(col(r, "nodes")), fx(node_ratio), f'"{published}"' if published else "–",
                     ftime(col(r, "seconds_per_op")), fci(*compare(naive, r)), r["best"] if r else "–",
                     fint(col(r, "value"))])
        if config != base:
            plot_rows.append([config, 10.0 if config == SLIP else None, median_or(*compare(naive, r)), node_ratio])
    out.append(table(header, rows, "l" + "r" * 6 + "lr"))
    slip = res.get(STUDY, SLIP, depth)
    if slip and naive and col(naive, "seconds_per_op"):
        same = slip["best"] == naive["best"] and slip["value"] == naive["value"]
        out.append(f"\nReading: the published alpha-beta is {fci_text(*compare(naive, slip))} faster here against a "
                   f"node ratio of {fx(ratio(col(naive, 'nodes'), col(slip, 'nodes')))}, which is the post's "
                   f"\"order of magnitude\". Its slip {'does not change' if same else 'changes'} the root's choice "
                   f"here (best {slip['best']}, value {slip['value']}; naive best {naive['best']}, value "
                   f"{naive['value']}); a correct alpha-beta (`alphabeta`) visits far fewer nodes.")
    return out, plot_rows


def summary(res):
    """The README row: the published alpha-beta against the naive search."""
    depth, base = study_rows(res)
    naive, slip = res.get(STUDY, base, depth), res.get(STUDY, SLIP, depth)
    row = ["scala (Dots and Boxes)", "alpha-beta \"an order of magnitude faster\"", "–", "–"]
    if naive and slip:
        nodes = col(naive, "nodes"), col(slip, "nodes")
        row[2:] = [f"{fci_text(*compare(naive, slip))} (node ratio {fx(ratio(*nodes))}), move {slip['best']}",
                   f"{fint(nodes[0])} and {fint(nodes[1])}"]
    return [row]
