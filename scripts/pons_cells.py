"""pons_cells.py: the cells of the "pons" study (docs/connect4.md) and the
rules that judge them, as pure functions so that tests can feed them fixed
input.

A cell is one step (part) x one test set x strong/weak.  The cells are not
listed anywhere: they are the (part, set, mode) triples that have a row of
study `pons` in studies/published.csv, the one place published figures live.
The part is read from the row's `source` ("Pons part 7", "PascalPons/connect4
tag part7"); Fhourstones (part 2) is a yardstick prune does not implement and
has no cell.
"""
import csv
import math
import re
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

# The six test sets of the series, in the order of its tables: file name,
# display name, and the bounds on stones played n and on the stones r still
# to be played until the game ends under perfect play (n_min < n <= n_max,
# r_min <= r < r_max; r = 1 when the side to move wins at once).  Counted
# that way, the series' files put r = 14 and r = 28 in the easier class:
# these bounds classify all 6000 of their lines into their own file.
SETS = (
    ("Test_L3_R1", "End-Easy", 28, 42, 0, 15),
    ("Test_L2_R1", "Middle-Easy", 14, 28, 0, 15),
    ("Test_L2_R2", "Middle-Medium", 14, 28, 15, 29),
    ("Test_L1_R1", "Begin-Easy", -1, 14, 0, 15),
    ("Test_L1_R2", "Begin-Medium", -1, 14, 15, 29),
    ("Test_L1_R3", "Begin-Hard", -1, 14, 29, 43),
)


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
SET_NAMES = {s[0]: s[1] for s in SETS}
SET_ORDER = {s[0]: i for i, s in enumerate(SETS)}

# Part -> config.  Part 6 is not a config but a representation: part 5's
# search on a bitboard; parts 3-5 are timed on the plain grid, as the series
# ran them, so that part 6's gain is the representation's alone.
CONFIGS = {3: "solve-minmax", 4: "solve-alphabeta", 5: "solve-order", 6: "solve-order",
           7: "solve-tt", 8: "solve-id", 9: "solve-nonlosing", 10: "solve-sorted",
           11: "solve-tt32", 12: "solve-lowerbound"}


def board_of(part):
    return "grid" if part <= 5 else "bitboard"


# Printed figures that do not follow "rounded at the last non-zero digit"
# (docs/connect4.md, "Published figures"): how to compare them instead.
PRINTED_EXCEPTIONS = {
    (3, "Test_L3_R1", "strong"): "truncated",  # 11,024 printed for 11,024.541
    (8, "Test_L3_R1", "weak"): "typo",         # 74.40 printed for 74.479
}


class Cell:
    """One step x set x mode with its published figures (strings as printed,
    or None)."""

    def __init__(self, part, set_file, mode):
        self.part, self.set_file, self.mode = part, set_file, mode
        self.config, self.board = CONFIGS[part], board_of(part)
        self.published_nodes = self.reference_nodes = self.published_us = None

    @property
    def key(self):
        return (self.part, self.set_file, self.mode)

    @property
    def set_name(self):
        return SET_NAMES[self.set_file]

    @property
    def name(self):
        return f"part{self.part}_{self.config}_{self.board}_{self.set_file}_{self.mode}"

    def expected_mean(self):
        """The best known mean node count: the reference, else the printed one."""
        for text in (self.reference_nodes, self.published_nodes):
            if text is not None:
                return float(text)
        return None


def part_of(source):
    found = re.search(r"part ?(\d+)", source)
    if not found:
        raise ValueError(f"source '{source}' names no part")
    return int(found.group(1))


def read_cells(published_path):
    """The study's cells from studies/published.csv, in table order (part,
    then set, strong before weak)."""
    cells = {}
    with open(published_path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["study"] != "pons" or row["config"] not in CONFIGS.values():
                continue
            part = part_of(row["source"])
            quantity, mode = row["metric"].split("_")[1:3]
            cell = cells.setdefault((part, row["moves"], mode), Cell(part, row["moves"], mode))
            field = ("reference" if row["kind"] == "reference" else "published") + "_" + quantity
            setattr(cell, field, row["value"])
    for cell in cells.values():  # part 6 explores part 5's positions (docs/connect4.md)
        twin = cells.get((5, cell.set_file, cell.mode))
        if cell.part == 6 and cell.published_nodes is None and twin is not None:
            cell.published_nodes = twin.published_nodes
    return sorted(cells.values(), key=lambda c: (c.part, SET_ORDER[c.set_file], c.mode != "strong"))


# ---- match rules ----

def last_nonzero_exponent(printed):
    """The power of ten of the printed value's last non-zero digit:
    '207900' -> 2, '92.84' -> -2, '74.40' -> -1."""
    digits = Decimal(printed).normalize()
    return digits.as_tuple().exponent


def rounded_match(mean, printed, rule="rounded"):
    """True when `mean` shown as printed equals `printed`: rounded (half up)
    at the printed value's last non-zero digit, or truncated there."""
    exponent = last_nonzero_exponent(printed)
    quantum = Decimal(1).scaleb(exponent)
    how = ROUND_DOWN if rule == "truncated" else ROUND_HALF_UP
    ours = Decimal(str(mean)).quantize(quantum, rounding=how)
    return ours == Decimal(printed).quantize(quantum)


def exact_match(total_nodes, positions, reference):
    """The mean over the whole set, to three decimals, equals the reference."""
    mean = Decimal(total_nodes) / Decimal(positions)
    return mean.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP) == Decimal(reference)


def match(cell, total_nodes, positions, full, comparable=True):
    """exact / rounded / no / n-a for a cell's measured mean.  A sample, or a
    run on prune's own sets, is never compared (n-a)."""
    if not full or not comparable or positions == 0:
        return "n-a"
    if cell.reference_nodes is not None:
        return "exact" if exact_match(total_nodes, positions, cell.reference_nodes) else "no"
    if cell.published_nodes is not None:
        rule = PRINTED_EXCEPTIONS.get(cell.key, "rounded")
        if rule == "typo":
            return "n-a"
        mean = Decimal(total_nodes) / Decimal(positions)
        return "rounded" if rounded_match(mean, cell.published_nodes, rule) else "no"
    return "n-a"


# ---- the budget decision ----

def decide(expected_mean, positions, nodes_per_second, jobs, budget):
    """How much of a set of `positions` lines to run within `budget` wall
    seconds, solving with `jobs` processes at `nodes_per_second` each.

    Returns (kind, step, estimate): kind 'full' (every line, step 1),
    'sample' (every step-th line from the first) or 'skip' (not even one
    position fits); estimate is the full set's expected wall seconds."""
    estimate = expected_mean * positions / (nodes_per_second * jobs)
    if estimate <= budget:
        return "full", 1, estimate
    affordable = int(budget * nodes_per_second * jobs / expected_mean) if expected_mean > 0 else positions
    if affordable < 1:
        return "skip", 0, estimate
    return "sample", math.ceil(positions / affordable), estimate


def sample_size(positions, step):
    return 0 if step == 0 else (positions + step - 1) // step
