#!/usr/bin/env python3
"""pons_sets.py: prune's own Connect Four test sets, for the "pons" study
when the series' files are absent (docs/connect4.md, "The test sets").

    scripts/pons_sets.py --prune build/prune [--out studies/connect4]
        [--seed N] [--count SET=N ...] [--jobs N] [--check N]

Positions come from random games: candidate i draws from a splitmix64
generator seeded from the seed and i (the seed defaults to 20261123) a
target set, a number of stones n inside that set's range, and n random
columns among those that neither overflow nor complete four in a row.  A
candidate whose side to move can win at once is dropped.  The rest are
scored by prune's strong solver (`prune solve connect4 --moves M --config
solve-lowerbound --json`) and classified by n and the stones r left to the
end, which the score gives (scripts/pons_study.py, SETS); a position goes
to its set while that set still wants lines, in candidate order, so the
same seed always writes the same files whatever --jobs is.

Files: OUT/prune_L3_R1 ... prune_L1_R3, one `moves score` line each, as
the series' files; a set given --count SET=0 keeps its file as it is.
--check N regenerates only the first N lines of every file and exits 1 if
any differs from what is in OUT (the determinism test).
"""
import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomic_file import write_text_atomically  # noqa: E402
from pons_study import ROOT, SETS, own_set_path  # noqa: E402

MASK64 = (1 << 64) - 1
DEFAULT_SEED = 20261123
# Fewest stones of a candidate.  The series' Begin sets start at one stone,
# but labelling a position of fewer than ten stones costs prune minutes to
# hours: prune's Begin sets hold positions of 10 to 14 stones.
MIN_STONES = 10
# Lines per set.  The Begin sets cost seconds to minutes per candidate
# (every n <= 14 candidate must be solved to be classified), so they are
# smaller than the series' 1000.
DEFAULT_COUNTS = {"Test_L3_R1": 1000, "Test_L2_R1": 1000, "Test_L2_R2": 1000,
                  "Test_L1_R1": 200, "Test_L1_R2": 100, "Test_L1_R3": 10}


def splitmix64(state):
    """One step: (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def moves_to_end(n, score):
    """r: the stones still to be played after n, under perfect play, from
    the score (docs/connect4.md, Score: a win with one's own k-th stone
    scores 22 - k, a loss to the opponent's k-th stone k - 22, a draw 0)."""
    first_to_move = n % 2 == 0
    if score == 0:
        return 42 - n
    k = 22 - abs(score)
    winner_is_first = first_to_move if score > 0 else not first_to_move
    return (2 * k - 1 if winner_is_first else 2 * k) - n


def classify(n, score):
    """The set file a position belongs to, or None."""
    r = moves_to_end(n, score)
    for set_file, _, n_min, n_max, r_min, r_max in SETS:
        if n_min < n <= n_max and r_min <= r < r_max:
            return set_file
    return None


def completes_four(board):
    """Whether a bitboard (7 bits per column, the top one a sentinel) holds
    four in a row; rules as docs/connect4.md."""
    for shift in (1, 7, 6, 8):
        pairs = board & (board >> shift)
        if pairs & (pairs >> (2 * shift)):
            return True
    return False


def candidate(seed, index):
    """(target set file, moves) of candidate `index`, or None when the random
    game cannot reach its n (no legal non-winning move) or ends with a win
    at once for the side to move."""
    state = (seed + index * 0x632BE59BD9B4E019) & MASK64
    state, draw = splitmix64(state)
    target, _, n_min, n_max, _, _ = SETS[draw % len(SETS)]
    low = max(n_min + 1, MIN_STONES)
    state, draw = splitmix64(state)
    n = low + draw % (n_max - low + 1)
    stones, heights, moves = [0, 0], [0] * 7, ""

    def winning(column):  # would the side to move complete four by playing column?
        return completes_four(stones[len(moves) % 2] | 1 << (column * 7 + heights[column]))

    for _ in range(n):
        options = [c for c in range(7) if heights[c] < 6 and not winning(c)]
        if not options:
            return None
        state, draw = splitmix64(state)
        column = options[draw % len(options)]
        stones[len(moves) % 2] |= 1 << (column * 7 + heights[column])
        heights[column] += 1
        moves += str(column + 1)
    if n == 42 or any(heights[c] < 6 and winning(c) for c in range(7)):
        return None  # a full board is a finished game, as is one won at once
    return target, moves


def solve(prune, moves):
    done = subprocess.run([prune, "solve", "connect4", "--moves", moves, "--config", "solve-lowerbound",
                           "--json"], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"prune solve --moves {moves}: {done.stderr.strip() or done.returncode}")
    return json.loads(done.stdout)["score"]


def generate(prune, seed, counts, jobs, progress=None):
    """{set file: [(moves, score)]} with counts[set] lines each."""
    sets = {s[0]: [] for s in SETS}
    index = 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        while any(len(sets[s]) < counts[s] for s in sets):
            batch = []
            while len(batch) < 4 * jobs:
                found = candidate(seed, index)
                index += 1
                if found and len(sets[found[0]]) < counts[found[0]]:
                    batch.append(found)
            scores = pool.map(lambda c: solve(prune, c[1]), batch)
            for (target, moves), score in zip(batch, scores):
                accept(sets[target], counts[target], target, moves, score)
            if progress:
                progress(index, {s: len(v) for s, v in sets.items()})
    return sets


def accept(lines, count, target, moves, score):
    """A candidate joins only the set it was drawn for, so that every set's
    lines depend on the seed alone, not on how many lines the others want."""
    if len(lines) < count and classify(len(moves), score) == target \
            and all(moves != m for m, _ in lines):
        lines.append((moves, score))


def check(out, generated, count):
    """0 when the first `count` lines of every file are what was generated."""
    status = 0
    for set_file, lines in generated.items():
        if not lines:
            continue  # a set given --count SET=0 is not checked
        with open(own_set_path(set_file, out), encoding="utf-8") as f:
            stored = [tuple(line.split()) for line in f][:count]
        fresh = [(m, str(s)) for m, s in lines]
        if stored != fresh:
            print(f"pons_sets.py: {own_set_path(set_file, out)} differs from seed's lines", file=sys.stderr)
            status = 1
        else:
            print(f"ok {set_file}: first {len(fresh)} lines regenerated identically")
    return status


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prune", default=os.path.join(ROOT, "build", "prune"))
    parser.add_argument("--out", default=os.path.join(ROOT, "studies", "connect4"))
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--count", action="append", default=[], metavar="SET=N")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--check", type=int, metavar="N")
    args = parser.parse_args(argv)
    counts = dict(DEFAULT_COUNTS)
    for item in args.count:
        name, _, value = item.partition("=")
        if name not in counts or not value.isdigit():
            parser.error(f"--count takes SET=N with SET one of {', '.join(counts)}, not '{item}'")
        counts[name] = int(value)
    if args.check is not None:
        if args.check < 1:
            parser.error("--check takes a number of lines, 1 or more")
        counts = {s: min(c, args.check) for s, c in counts.items()}
    if not os.access(args.prune, os.X_OK):
        parser.error(f"no prune executable at {args.prune}")
    return args, counts


def main(argv):
    args, counts = parse(argv)

    def progress(index, sizes):
        print(f"pons_sets: {index} candidates: " + " ".join(f"{s}={n}" for s, n in sizes.items()),
              file=sys.stderr, flush=True)

    generated = generate(args.prune, args.seed, counts, args.jobs, None if args.check else progress)
    if args.check is not None:
        return check(args.out, generated, args.check)
    os.makedirs(args.out, exist_ok=True)
    for set_file, lines in generated.items():
        if counts[set_file]:  # --count SET=0 leaves that file as it is
            write_text_atomically(own_set_path(set_file, args.out), "".join(f"{m} {s}\n" for m, s in lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
