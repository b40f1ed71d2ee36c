#!/usr/bin/env python3
"""`prune games --json` and `prune configs --json` list exactly what the
plain listings list, one JSON object per line, with the fields the scripts
read (scripts/report.py, peers/minimaxer/peer_ab.py, peers/minimaxer/bench.mjs).

    check_listings.py PRUNE
"""
import json
import subprocess
import sys


def lines(*args):
    return subprocess.run(list(args), check=True, capture_output=True, text=True).stdout.splitlines()


def main():
    prune = sys.argv[1]
    failures = []
    games = [json.loads(line) for line in lines(prune, "games", "--json")]
    if [g["name"] for g in games] != lines(prune, "games"):
        failures.append("games --json names differ from prune games")
    for g in games:
        if set(g) != {"name", "description", "max_depth", "test_depth", "adjudication"}:
            failures.append(f"game {g['name']}: fields {sorted(g)}")
        elif not 1 <= g["test_depth"] <= g["max_depth"]:
            failures.append(f"game {g['name']}: test_depth {g['test_depth']} max_depth {g['max_depth']}")
    rules = {g["name"]: g.get("adjudication") for g in games if g.get("adjudication")}
    if rules != {"ardri": {"margin": 3, "plies": 16}}:
        failures.append(f"adjudication rules {rules}, expected Ard Ri's alone (margin 3, 16 plies)")
    ttt = next((g for g in games if g["name"] == "ttt"), None)
    if ttt and (ttt["max_depth"], ttt["test_depth"]) != (9, 9):
        failures.append(f"ttt depths {ttt['max_depth']}/{ttt['test_depth']}, expected 9/9")
    configs = [json.loads(line) for line in lines(prune, "configs", "--json")]
    plain = [line.split()[0] for line in lines(prune, "configs")]
    if [c["name"] for c in configs] != plain:
        failures.append("configs --json names differ from prune configs")
    families = {c["name"]: c["family"] for c in configs}
    expected = {"minimax": "recursive", "alphabeta-scala": "recursive", "negamax-ab": "recursive",
                "tree-standard": "tree", "tree-optimal": "tree", "tree-ab-depth": "tree", "mcts-uct": "mcts",
                "mcts-solver": "mcts"}
    for name, family in expected.items():
        if families.get(name) != family:
            failures.append(f"config {name}: family {families.get(name)}, expected {family}")
    if set(families.values()) != {"recursive", "tree", "mcts"}:
        failures.append(f"families {sorted(set(families.values()))}")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(games)} games, {len(configs)} configs, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
