"""Play seeded games between bots, without any chat, and report how each bot did.

    python -m games arena rozpysnyi --games 200 --seats search,heuristic,heuristic,random

Seat assignments rotate from game to game so that no bot keeps the dealer's or first attacker's chair.
Each bot is judged by its mean score (with a 95 % confidence interval) and its win rate (95 % Wilson
interval); a win is being among `game.winners(state)` at the end.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import games
from games.base import Bot, Game


@dataclass
class Result:
    """One finished game, per bot slot (the position in the `--seats` list)."""

    scores: list[float]
    wins: list[bool]
    moves: int
    seconds: list[float] = field(default_factory=list)


def play_game(
    game: Game,
    bots: Sequence[Bot],
    options: dict[str, Any],
    seed: int,
    max_moves: int = 100_000,
) -> tuple[Any, int, list[float]]:
    """Play one game with `bots[i]` in seat i; return the final state, move count, think time per seat."""
    rng = random.Random(seed)
    state = game.new(len(bots), options, seed=seed)
    think = [0.0] * len(bots)
    moves = 0
    while not game.is_over(state):
        if moves >= max_moves:
            raise RuntimeError(f"{game.key}: no end after {max_moves} moves (seed {seed})")
        seat = rng.choice(game.to_act(state))
        legal = game.legal_actions(state, seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(game.view(state, seat), legal, random.Random(rng.random()))
        think[seat] += time.perf_counter() - t0
        state, _ = game.apply(state, seat, action)
        moves += 1
    return state, moves, think


def _one(args: tuple[str, list[str], dict[str, Any], dict[str, Any], int]) -> Result:
    key, seats, options, bot_kwargs, i = args
    game = games.get(key)
    n = len(seats)
    rot = i % n  # slot j sits in seat (j + rot) % n
    order = [seats[(s - rot) % n] for s in range(n)]
    bots = [game.bot(level, **bot_kwargs.get(level, {})) for level in order]
    state, moves, think = play_game(game, bots, options, seed=i)
    scores, winners = game.scores(state), set(game.winners(state))
    slot_seat = [(j + rot) % n for j in range(n)]
    return Result(
        scores=[scores[s] for s in slot_seat],
        wins=[s in winners for s in slot_seat],
        moves=moves,
        seconds=[think[s] for s in slot_seat],
    )


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % normal confidence interval."""
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval for k successes out of n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def run(
    key: str,
    seats: list[str],
    n_games: int,
    options: dict[str, Any] | None = None,
    bot_kwargs: dict[str, dict[str, Any]] | None = None,
    first_seed: int = 0,
    jobs: int = 1,
) -> list[Result]:
    tasks = [(key, seats, options or {}, bot_kwargs or {}, first_seed + i) for i in range(n_games)]
    if jobs <= 1:
        return [_one(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_one, tasks, chunksize=max(1, n_games // (jobs * 8))))


def report(seats: list[str], results: list[Result]) -> str:
    n = len(results)
    lines = [f"{n} games, {sum(r.moves for r in results) / n:.0f} moves per game", ""]
    lines.append(f"{'slot':<4} {'bot':<12} {'mean score':>20} {'win rate':>24} {'think/game':>11}")
    for j, level in enumerate(seats):
        m, h = mean_ci([r.scores[j] for r in results])
        k = sum(r.wins[j] for r in results)
        lo, hi = wilson(k, n)
        t = statistics.fmean(r.seconds[j] for r in results)
        lines.append(
            f"{j:<4} {level:<12} {m:>11.2f} ± {h:<6.2f} {k / n:>9.1%} [{lo:.1%}, {hi:.1%}] {t:>10.2f}s"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m games arena", description=__doc__.split("\n")[0])
    p.add_argument("game")
    p.add_argument("--seats", required=True, help="bot level per seat, comma-separated")
    p.add_argument("--players", type=int, help="check: the number of seats")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--options", default="{}", help="game options as JSON")
    p.add_argument("--budget", type=float, help="seconds per decision for search bots")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    a = p.parse_args(argv)
    seats = [s.strip() for s in a.seats.split(",")]
    if a.players is not None and a.players != len(seats):
        p.error(f"--players {a.players} but {len(seats)} seats")
    bot_kwargs = {"search": {"budget": a.budget}} if a.budget is not None else {}
    t0 = time.perf_counter()
    results = run(a.game, seats, a.games, json.loads(a.options), bot_kwargs, a.seed, a.jobs)
    print(f"{games.get(a.game).key}: {' vs '.join(seats)}, options {a.options}")
    print(report(seats, results))
    print(f"\n{time.perf_counter() - t0:.1f}s wall")
