#!/usr/bin/env python3
"""check_play_out.py: prune match --play-out, the check of a game's
adjudication rule (issue 48: Ard Ri's rule had never been held against
games played to the end).

    check_play_out.py PRUNE

Under a node budget a match plays the same games with and without
--play-out up to the rule's verdict, so the two runs must agree exactly:
every game the rule ended without --play-out is a game judged with it, at
the same ply and with the same verdict, played on from the same moves;
the pentanomial the verdicts give with --play-out is the adjudicated
match's; every other game is the same game.  The played-on results are
counted from the game lines, shards merge to the whole, and a game with no
rule, or a merge of a played-out match with an adjudicated one, is
refused."""
import json
import os
import subprocess
import sys
import tempfile

from checks import Tally

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOK = os.path.join(REPO, "studies", "openings", "ardri.txt")
MATCH = ["ardri", "--a", "ladder-pvs", "--b", "negamax-ab", "--nodes", "2000", "--pairs", "20", "--openings", BOOK]
TIMING = ("a_seconds", "b_seconds", "a_ms_max", "b_ms_max", "move_ms", "move_ms_sum", "move_ms_mean", "move_ms_max")
PLAY_OUT_ONLY = ("play_out", "adjudged", "adjudged_held", "adjudged_drawn", "adjudged_overturned",
                 "adjudged_pentanomial", "adjudged_elo", "adjudged_elo_low", "adjudged_elo_high")


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=300)


def match(tally, prune, label, args):
    """The JSON lines of a match, without their times (which differ run to run)."""
    done = run([prune, "match"] + args + ["--json"])
    tally.record(done.returncode == 0 and done.stderr == "", f"{label}: status", f"{done.returncode} {done.stderr}")
    return [{k: v for k, v in json.loads(line).items() if k not in TIMING} for line in done.stdout.splitlines()]


def check_same_games(tally, judged, played):
    """Each game adjudicated without --play-out is judged alike with it, from the same moves."""
    mismatched = []
    for a, b in zip(judged, played):
        if a["end"] == "adjudicated":
            same = (b.get("adjudged") == a["result"] and b.get("adjudged_ply") == a["plies"]
                    and b["moves"].startswith(a["moves"] + ",") and b["end"] in ("over", "ply-cap"))
        else:
            same = a == b and "adjudged" not in b
        if not same:
            mismatched.append((a["pair"], a["a_plays"]))
    tally.record(len(judged) == len(played) == 40 and not mismatched,
                 "every adjudicated game is judged alike under --play-out and played on from its moves; "
                 "every other game is the same", mismatched[:3])


def check_counts(tally, whole, judged_summary, games):
    adjudicated = [g for g in games if "adjudged" in g]
    held = sum(g["result"] == g["adjudged"] for g in adjudicated)
    drawn = sum(g["result"] == "draw" for g in adjudicated)
    counts = [whole.get(k) for k in ("adjudged", "adjudged_held", "adjudged_drawn", "adjudged_overturned")]
    tally.record(counts == [len(adjudicated), held, drawn, len(adjudicated) - held - drawn] and len(adjudicated) > 0,
                 "the summary counts the judged games and how their ends compare (from the game lines)", counts)
    tally.record(whole.get("adjudicated") == 0 and judged_summary.get("adjudicated") == len(adjudicated),
                 "with --play-out no game ends adjudicated; without it the judged games do",
                 (whole.get("adjudicated"), judged_summary.get("adjudicated")))
    tally.record(whole.get("adjudged_pentanomial") == judged_summary.get("pentanomial")
                 and [whole.get(k) for k in ("adjudged_elo", "adjudged_elo_low", "adjudged_elo_high")]
                 == [judged_summary.get(k) for k in ("elo", "elo_low", "elo_high")],
                 "the verdicts' pentanomial and Elo are the adjudicated match's",
                 (whole.get("adjudged_pentanomial"), judged_summary.get("pentanomial")))
    points = {"loss": 0, "draw": 1, "win": 2}
    pentanomial = [0] * 5
    for first, second in zip(games[0::2], games[1::2]):
        pentanomial[points[first["result"]] + points[second["result"]]] += 1
    tally.record(whole.get("pentanomial") == pentanomial, "the pentanomial counts the played-on results",
                 (whole.get("pentanomial"), pentanomial))


def check_text(tally, prune):
    text = run([prune, "match"] + MATCH + ["--play-out"]).stdout
    line = next((l for l in text.splitlines() if l.startswith("play-out ")), "")
    tally.record(line.startswith("play-out the rule judged ") and "; as judged: elo " in line,
                 "the text summary has its play-out line", line)


def check_shards(tally, prune, whole):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "shards.jsonl")
        with open(path, "w") as out:
            for shard in ("1/2", "2/2"):
                out.write(run([prune, "match"] + MATCH + ["--play-out", "--shard", shard, "--json"]).stdout)
        done = run([prune, "match-merge", path, "--json"])
        merged = json.loads(done.stdout) if done.returncode == 0 else {}
        tally.record(all(merged.get(k) == whole.get(k) for k in PLAY_OUT_ONLY),
                     "two shards merged: the play-out counts of the whole match",
                     {k: merged.get(k) for k in PLAY_OUT_ONLY[:5]})
        # a played-out shard and an adjudicated one are two matches
        with open(path, "w") as out:
            out.write(run([prune, "match"] + MATCH + ["--play-out", "--shard", "1/2", "--json"]).stdout)
            out.write(run([prune, "match"] + MATCH + ["--shard", "2/2", "--json"]).stdout)
        done = run([prune, "match-merge", path, "--json"])
        tally.record(done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1
                     and "(its play_out differs)" in done.stderr,
                     "a played-out shard merged with an adjudicated one is refused", done.stderr.strip())
        # a summary whose counts do not add up
        summary = json.loads(run([prune, "match"] + MATCH + ["--play-out", "--json"]).stdout.splitlines()[-1])
        summary["adjudged_held"] += 1
        with open(path, "w") as out:
            out.write(json.dumps(summary, separators=(",", ":")) + "\n")
        done = run([prune, "match-merge", path])
        tally.record(done.returncode == 2 and "adjudged is not adjudged_held + adjudged_drawn + adjudged_overturned"
                     in done.stderr, "a summary whose play-out counts do not add up is refused", done.stderr.strip())


def check_refusal(tally, prune):
    done = run([prune, "match", "kalah", "--a", "ladder-pvs", "--b", "negamax-ab", "--nodes", "2000", "--play-out"])
    want = ("prune: --play-out checks a game's adjudication rule, and kalah has none: its games are played to the "
            "end\n")
    tally.record(done.returncode == 2 and done.stdout == "" and done.stderr == want,
                 "--play-out on a game without a rule: status 2, one line", f"{done.returncode} {done.stderr!r}")


def main():
    prune = sys.argv[1]
    tally = Tally()
    judged = match(tally, prune, "adjudicated", MATCH)
    played = match(tally, prune, "played out", MATCH + ["--play-out"])
    if judged and played:
        check_same_games(tally, judged[:-1], played[:-1])
        check_counts(tally, played[-1], judged[-1], played[:-1])
        check_shards(tally, prune, played[-1])
    check_text(tally, prune)
    check_refusal(tally, prune)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
