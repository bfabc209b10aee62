"""Dvorovoy bridge: the AI levels against each other in seeded matches, with 95 % intervals.

    .venv/bin/python bench/dvorovoy.py [--seats search,heuristic] [--matches 300] [--samples 8] [--jobs 1]

Seats rotate from match to match (slot j sits in seat (j + i) % n in match i, seed i), as in
`python -m games arena`. The search level deals `--samples` worlds a decision (a cap reached long before
its 1 s budget, so the figures are reproducible). Prints, per slot: mean score (the negated total) ± its
95 % interval, win rate (a win: the lowest total when the match ends) with its Wilson interval, and the
slowest decision; with two slots, also the paired difference of their scores.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

# this script's own name would hide the `games` package: look from the project root instead
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import games  # noqa: E402
from games.arena import mean_ci, wilson  # noqa: E402


def one(args: tuple[list[str], int, int, float]) -> tuple[list[float], list[bool], list[float], int]:
    """Match `i`: per slot its score, whether it won, its slowest decision; and the number of moves."""
    seats, i, samples, budget = args
    game = games.get("dvorovoy")
    n = len(seats)
    order = [seats[(s - i) % n] for s in range(n)]  # slot j sits in seat (j + i) % n
    kwargs = {"search": {"budget": budget, "max_samples": samples}}
    bots = [game.bot(level, **kwargs.get(level, {})) for level in order]
    rng = random.Random(i)
    state = game.new(n, {}, seed=i)
    slowest = [0.0] * n
    moves = 0
    while not game.is_over(state):
        seat = state.mover
        legal = game.legal_actions(state, seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(game.view(state, seat), legal, random.Random(rng.random()))
        slowest[seat] = max(slowest[seat], time.perf_counter() - t0)
        state, _ = game.apply(state, seat, action)
        moves += 1
    scores, winners = game.scores(state), set(game.winners(state))
    slot_seat = [(j + i) % n for j in range(n)]
    return (
        [scores[s] for s in slot_seat],
        [s in winners for s in slot_seat],
        [slowest[s] for s in slot_seat],
        moves,
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seats", default="search,heuristic")
    p.add_argument("--matches", type=int, default=300)
    p.add_argument("--first", type=int, default=0, help="seed of the first match")
    p.add_argument("--samples", type=int, default=8, help="worlds the search deals a decision")
    p.add_argument("--budget", type=float, default=1.0, help="seconds a search decision may take at most")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", help="also write each match's figures to this file (JSON lines)")
    a = p.parse_args()
    seats = [s.strip() for s in a.seats.split(",")]
    tasks = [(seats, i, a.samples, a.budget) for i in range(a.first, a.first + a.matches)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(a.jobs) as pool:
        results = list(pool.map(one, tasks, chunksize=4))
    n = len(results)
    print(
        f"dvorovoy: {' vs '.join(seats)}, {n} matches (seeds {a.first}…{a.first + n - 1}), "
        f"search {a.samples} worlds a decision"
    )
    print(f"{statistics.fmean(r[3] for r in results):.0f} moves a match\n")
    print(f"{'slot':<4} {'bot':<10} {'mean score':>18} {'win rate':>26} {'slowest decision':>17}")
    for j, level in enumerate(seats):
        m, h = mean_ci([r[0][j] for r in results])
        k = sum(r[1][j] for r in results)
        lo, hi = wilson(k, n)
        worst = max(r[2][j] for r in results)
        print(f"{j:<4} {level:<10} {m:>9.2f} ± {h:<6.2f} {k / n:>9.1%} [{lo:.1%}, {hi:.1%}] {worst:>15.3f}s")
    if len(seats) == 2:  # both in every match: the paired difference is the sharper comparison
        m, h = mean_ci([r[0][0] - r[0][1] for r in results])
        print(f"\nscore of slot 0 minus slot 1, match by match: {m:.2f} ± {h:.2f}")
    if a.out:
        with open(a.out, "w") as f:
            for r in results:
                f.write(json.dumps({"scores": r[0], "wins": r[1], "slowest": r[2], "moves": r[3]}) + "\n")
    print(f"\n{time.perf_counter() - t0:.0f}s wall")


if __name__ == "__main__":
    main()
