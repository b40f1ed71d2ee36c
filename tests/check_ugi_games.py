#!/usr/bin/env python3
"""whole games between two prune ugi processes, played exactly as
cutegames' engine_ugi.cpp speaks (docs/strength.md#an-external-engine):
every move legal and in time, the claimed result that of a replay with
prune show.

    check_ugi_games.py PRUNE
"""
import sys
import time

from checks import Tally
from ugi_driver import CUTEGAMES_BUFFER_MS, closing_check, legal_moves, openings, replay_result, ugi


def cutegames_game(prune, game, engines, fen, opening, movetime, protocol_both=True):
    """One game as cutegames' play_game and UGIEngine speak it: engines[0]
    plays p1.  Returns (moves, result claimed, problems)."""
    history, problems, times = [], [], []

    def position(e):
        e.send(f"position fen {fen}" + (" moves " + " ".join(history) if history else ""))

    def query(e, question):
        position(e)  # UGIGame sends the position before each query
        e.send(f"query {question}")
        got = e.until("response")
        parts = got[-1].split() if got[-1] not in (None, "TIMEOUT") else []
        if len(parts) != 2:
            problems.append(f"query {question}: {got}")
            return ""
        return parts[1]

    for e in engines:
        e.send("isready")
        if e.until("readyok")[-1] != "readyok":
            problems.append("no readyok")
    for e in engines:
        e.send("uginewgame")
    query(engines[0], "p1turn")
    while len(history) < 200:
        p1 = query(engines[0], "p1turn") == "true"  # protocol.ask_turn
        us, them = (engines[0], engines[1]) if p1 else (engines[1], engines[0])
        us.send("isready")
        us.until("readyok")
        position(us)
        if query(us, "gameover") == "true" or (protocol_both and query(them, "gameover") == "true"):
            break
        start = time.monotonic()
        us.send(f"go movetime {movetime}")
        got = us.until("bestmove", 30)
        ms = (time.monotonic() - start) * 1000
        times.append(ms)
        parts = got[-1].split() if got[-1] not in (None, "TIMEOUT") else []
        if len(parts) != 2:
            problems.append(f"go: {got}")
            break
        if int(ms) > movetime + CUTEGAMES_BUFFER_MS:
            problems.append(f"move {len(history) + 1} took {ms:.1f} ms")
        if parts[1] not in (legal_moves(prune, game, opening + history) or []):
            problems.append(f"illegal move {parts[1]} after {history}")
            break
        history.append(parts[1])
    results = []
    for e in engines:
        e.send("isready")
        e.until("readyok")
        position(e)
        results.append((query(e, "gameover"), query(e, "result")))
    if results[0] != results[1]:
        problems.append(f"the engines disagree: {results}")
    return history, results[0][1], problems, times


def check_cutegames(tally, prune):
    """Whole games, two prune ugi processes, as cutegames drives them: each
    opening twice, colours swapped."""
    game, movetime = "connect4", 50
    pairs = openings(prune, game, 2, 11)
    tally.record(len(pairs) == 2, "cutegames: two openings", pairs)
    configs_ = ("ladder-pvs,tt-mb=16", "negamax-ab")
    engines = [ugi(prune, game, c) for c in configs_]
    for e in engines:
        e.send("ugi")
        tally.record(e.until("ugiok")[-1] == "ugiok", "cutegames: init (ugi, ugiok)", "")
    games = set()
    for opening, fen in pairs:
        for order in (engines, engines[::-1]):
            history, result, problems, times = cutegames_game(prune, game, order, fen, opening, movetime)
            replayed = replay_result(prune, game, opening + history)
            label = f"cutegames {fen} {'AB' if order is engines else 'BA'}"
            tally.record(not problems and result == replayed and result != "none",
                         f"{label}: {len(history)} legal plies, {result} (prune show: {replayed}), "
                         f"slowest move {max(times or [0]):.1f} ms", problems)
            games.add(tuple(history))
    tally.record(len(games) == 4, "cutegames: four different games", len(games))
    for e in engines:
        tally.record(e.close() == 0, "cutegames: quit, status 0", e.p.returncode)


def main():
    prune = sys.argv[1]
    tally = Tally()
    check_cutegames(tally, prune)
    closing_check(tally)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
