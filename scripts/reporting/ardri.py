"""The ardri study: Ard Ri in Rust, parts 2 and 3 (positions named by
studies/positions.csv)."""
import studies

from .common import (col, compare, fci, fci_text, fint, fops, ftime, fx, median_or, published_ratio, ratio, scaled,
                     study_section, table)

STUDY = "ardri"
TITLE = "Ard Ri in Rust, parts 2 and 3 (minimax and alpha-beta)"


def study_rows(res):
    """From the study's rows (studies.csv of the report's studies directory): alpha-beta (ab) along the line
    at the deep depth, minimax (the baseline) against it at the shallow one: (base, ab, deep, shallow)."""
    base = studies.baseline(STUDY, res.studies_dir)
    depths = studies.depths(STUDY, directory=res.studies_dir)
    return base, next(c for c in studies.configs(STUDY, res.studies_dir) if c != base), max(depths), min(depths)


@study_section(STUDY, TITLE, lambda res: res.get(STUDY, *study_rows(res)[1:3]), "alpha-beta over minimax")
def render(res, plots):
    base, ab, deep, shallow = study_rows(res)
    part2, plot_rows, readings = part2_table(res)
    out = [f"Part 3, alpha-beta at depth {deep} along the line the post plays (copy-make; times are medians of our "
           "repetitions; the author's machine and build are unstated, so compare rates and ratios).\n",
           part3_table(res), f"\nPart 2, plain minimax against alpha-beta at depth {shallow}:\n", part2]
    if readings:
        out.append("\nReading:\n\n" + "\n".join(readings))
    return out, plot_rows


def published(res, moves, config, depth):
    """The post's nodes and seconds of one search."""
    return [res.pubnum(STUDY, metric, moves=moves, config=config, depth=depth) for metric in ("nodes", "seconds")]


def part3_table(res):
    """Part 3: alpha-beta at the deep depth at each position of the post's line."""
    base, ab, deep, shallow = study_rows(res)
    header = ["position", "best (published / ours)", "nodes (published)", "nodes (ours)", "time (published)",
              "time (ours)", "published nodes/s", "our nodes/s",
              "our speed / published, this machine against the author's (95% interval of our repetitions only)"]
    rows = []
    for label, moves in res.positions_of(STUDY, STUDY):
        pn, pt = published(res, moves, ab, deep)
        pb = res.pub(STUDY, "best", moves=moves, config=ab, depth=deep)
        r = res.get(STUDY, ab, deep, moves)
        on, ot = col(r, "nodes"), col(r, "seconds_per_op")
        rows.append([label, f"{pb or '–'} / {r['best'] if r else '–'}", fint(pn), fint(on), ftime(pt, True),
                     ftime(ot), fops(ratio(pn, pt), True), fops(ratio(on, ot)),
                     fci(published_ratio(pt, [r] if r else [], ratio(on, pn)), ratio(ratio(on, ot), ratio(pn, pt)), 1)])
    return table(header, rows, "ll" + "r" * 7)


def part2_table(res):
    """Part 2: plain minimax against alpha-beta at the shallow depth, first two positions."""
    base, ab, deep, shallow = study_rows(res)
    header = ["position", "minimax nodes (pub / ours)", "alpha-beta nodes (pub / ours)", "node ratio",
              "published time ratio", "our time ratio (95% interval)", "minimax time (pub / ours)",
              "alpha-beta time (pub / ours)"]
    rows, plot_rows, readings = [], [], []
    for label, moves in res.positions_of(STUDY, STUDY)[:2]:
        (pm, tm), (pa, ta) = published(res, moves, base, shallow), published(res, moves, ab, shallow)
        minimax, alpha = res.get(STUDY, base, shallow, moves), res.get(STUDY, ab, shallow, moves)
        om, oa = col(minimax, "nodes"), col(alpha, "nodes")
        sm, sa = col(minimax, "seconds_per_op"), col(alpha, "seconds_per_op")
        node_ratio, pub_ratio, speedup = ratio(om, oa), ratio(tm, ta), compare(minimax, alpha)
        rows.append([label, f"{fint(pm)} / {fint(om)}", f"{fint(pa)} / {fint(oa)}", fx(node_ratio), fx(pub_ratio),
                     fci(*speedup, 1), f"{ftime(tm, True)} / {ftime(sm)}", f"{ftime(ta, True)} / {ftime(sa)}"])
        plot_rows.append([f"{ab} d{shallow} {label}", pub_ratio, median_or(*speedup), node_ratio])
        if pub_ratio and ratio(sm, sa) and node_ratio:
            readings.append(
                f"- {label}: the published time ratio {fx(pub_ratio)} against a node ratio of {fx(node_ratio)} "
                f"means the author's alpha-beta node cost {fx(node_ratio / pub_ratio, 2)} of a minimax node; ours "
                f"costs {fci_text(scaled(speedup[0], node_ratio, invert=True), node_ratio / ratio(sm, sa))}.")
    return table(header, rows), plot_rows, readings


def summary(res):
    """The README row: part 3 at the start position, and how many positions matched."""
    base, ab, deep, shallow = study_rows(res)
    positions = res.positions_of(STUDY, STUDY)
    exact = sum(1 for _, moves in positions if (pn := published(res, moves, ab, deep)[0]) is not None
                and pn == res.value(STUDY, ab, deep, "nodes", moves))
    pn, pt = published(res, "", ab, deep)
    r = res.get(STUDY, ab, deep)
    measured = "–"
    if r:
        seconds = col(r, "seconds_per_op")
        measured = f"{ftime(seconds)} ({fops(ratio(col(r, 'nodes'), seconds))} nodes/s), best {r['best']}"
    return [["ardri (Ard Ri)", f"alpha-beta depth {deep}: {ftime(pt, True)} for {fint(pn)} nodes", measured,
             f"{exact} of {len(positions)} positions exact"]]
