"""The ardri study: Ard Ri in Rust, parts 2 and 3 (positions named by
studies/positions.csv)."""
import studies

from .common import (Section, fci, fint, fops, ftime, fx, median_or, num, ratio, section_head, speedup_plot, table,
                     time_ratio)

STUDY = "ardri"
# From the study's rows (studies/studies.csv): alpha-beta along the line at
# the deep depth, minimax (the baseline) against it at the shallow one.
BASE = studies.baseline(STUDY)
ALPHA = next(c for c in studies.configs(STUDY) if c != BASE)
DEEP, SHALLOW = max(studies.depths(STUDY)), min(studies.depths(STUDY))
TITLE = "Ard Ri in Rust, parts 2 and 3 (minimax and alpha-beta)"


def render(res, plots):
    out, stop = section_head(res, STUDY, TITLE, res.get("ardri", "", ALPHA, "copy", DEEP))
    if stop:
        return Section("\n".join(out), [])
    out.append(f"Part 3, alpha-beta at depth {DEEP} along the line the post plays (copy-make; times are medians of our "
               "repetitions; the author's machine and build are unstated, so compare rates and ratios).\n")
    out.append(part3_table(res))
    part2, plot_rows, readings = part2_table(res)
    out.append(f"\nPart 2, plain minimax against alpha-beta at depth {SHALLOW}:\n")
    out.append(part2)
    if readings:
        out.append("\nReading:\n\n" + "\n".join(readings))
    out.append(f"\n![alpha-beta over minimax]({plots}/speedup_ardri.svg)\n")
    return Section("\n".join(out) + "\n", [speedup_plot(STUDY, plot_rows)])


def part3_table(res):
    """Part 3: alpha-beta at depth 8 at each position of the post's line."""
    header = ["position", "best (published / ours)", "nodes (published)", "nodes (ours)", "time (published)",
              "time (ours)", "published nodes/s", "our nodes/s", "our speed / published"]
    rows = []
    for label, moves in res.positions_of("ardri", STUDY):
        pn = res.pubnum("ardri", "nodes", moves=moves, config=ALPHA, depth=DEEP)
        pt = res.pubnum("ardri", "seconds", moves=moves, config=ALPHA, depth=DEEP)
        pb = res.pub("ardri", "best", moves=moves, config=ALPHA, depth=DEEP)
        r = res.get("ardri", moves, ALPHA, "copy", DEEP)
        on = num(r["nodes"]) if r else None
        ot = num(r["seconds_per_op"]) if r else None
        rows.append([label, f"{pb or '–'} / {r['best'] if r else '–'}", fint(pn), fint(on), ftime(pt, True),
                     ftime(ot),
                     fops(ratio(pn, pt), True), fops(ratio(on, ot)), fx(ratio(ratio(on, ot), ratio(pn, pt)))])
    return table(header, rows, ["---", "---"] + ["---:"] * 7)


def part2_table(res):
    """Part 2: plain minimax against alpha-beta at depth 6, first two positions."""
    header = ["position", "minimax nodes (pub / ours)", "alpha-beta nodes (pub / ours)", "node ratio",
              "published time ratio", "our time ratio (95% interval)", "minimax time (pub / ours)",
              "alpha-beta time (pub / ours)"]
    rows, plot_rows, readings = [], [], []
    for label, moves in res.positions_of("ardri", STUDY)[:2]:
        pm = res.pubnum("ardri", "nodes", moves=moves, config=BASE, depth=SHALLOW)
        pa = res.pubnum("ardri", "nodes", moves=moves, config=ALPHA, depth=SHALLOW)
        tm = res.pubnum("ardri", "seconds", moves=moves, config=BASE, depth=SHALLOW)
        ta = res.pubnum("ardri", "seconds", moves=moves, config=ALPHA, depth=SHALLOW)
        om = res.value("ardri", moves, BASE, "copy", SHALLOW, "nodes")
        oa = res.value("ardri", moves, ALPHA, "copy", SHALLOW, "nodes")
        sm = res.value("ardri", moves, BASE, "copy", SHALLOW, "seconds_per_op")
        sa = res.value("ardri", moves, ALPHA, "copy", SHALLOW, "seconds_per_op")
        rows.append([label, f"{fint(pm)} / {fint(om)}", f"{fint(pa)} / {fint(oa)}", fx(ratio(om, oa)),
                     fx(ratio(tm, ta)), fci(time_ratio(res.get("ardri", moves, BASE, "copy", SHALLOW),
                                                   res.get("ardri", moves, ALPHA, "copy", SHALLOW)), ratio(sm, sa), 1),
                     f"{ftime(tm, True)} / {ftime(sm)}", f"{ftime(ta, True)} / {ftime(sa)}"])
        paired = time_ratio(res.get("ardri", moves, BASE, "copy", SHALLOW),
                            res.get("ardri", moves, ALPHA, "copy", SHALLOW))
        plot_rows.append([f"{ALPHA} d{SHALLOW} {label}", ratio(tm, ta), median_or(paired, ratio(sm, sa)), ratio(om, oa)])
        if ratio(tm, ta) and ratio(sm, sa) and ratio(om, oa):
            readings.append(
                f"- {label}: the published time ratio {fx(ratio(tm, ta))} against a node ratio of "
                f"{fx(ratio(om, oa))} means the author's alpha-beta node cost {fx(ratio(om, oa) / ratio(tm, ta), 2)}"
                f" of a minimax node; ours costs {fx(ratio(om, oa) / ratio(sm, sa), 2)}.")
    return table(header, rows, ["---"] + ["---:"] * 7), plot_rows, readings


def summary(res):
    """The README row: part 3 at the start position, and how many positions matched."""
    positions = res.positions_of(STUDY, STUDY)
    exact = sum(1 for _, moves in positions
                if res.pubnum(STUDY, "nodes", moves=moves, config=ALPHA, depth=DEEP) is not None
                and res.pubnum(STUDY, "nodes", moves=moves, config=ALPHA, depth=DEEP)
                == res.value(STUDY, moves, ALPHA, "copy", DEEP, "nodes"))
    pn = res.pubnum(STUDY, "nodes", moves="", config=ALPHA, depth=DEEP)
    pt = res.pubnum(STUDY, "seconds", moves="", config=ALPHA, depth=DEEP)
    r = res.get(STUDY, "", ALPHA, "copy", DEEP)
    measured = "–"
    if r:
        seconds = num(r["seconds_per_op"])
        measured = f"{ftime(seconds)} ({fops(ratio(num(r['nodes']), seconds))} nodes/s), best {r['best']}"
    return [["ardri (Ard Ri)", f"alpha-beta depth {DEEP}: {ftime(pt, True)} for {fint(pn)} nodes", measured,
             f"{exact} of {len(positions)} positions exact"]]
