"""Rules speed and AI thinking time, without any chat.

    .venv/bin/python bench/games.py [--seconds 5] [--decisions 60] [--budget 0.2]

Prints, for every registered game, full games per second with random legal play, and for each AI level
the time per decision (p50 / p90 / p99) over positions from seeded games.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

# this script's own name would hide the `games` package: look from the project root instead
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import games  # noqa: E402
from games.base import Game  # noqa: E402

PLAYERS = {"rozpysnyi": 4, "durak": 2, "tricks": 4}


def random_game(game: Game, players: int, seed: int) -> int:
    rng = random.Random(seed)
    state = game.new(players, seed=seed)
    moves = 0
    while not game.is_over(state):
        seat = rng.choice(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        moves += 1
    return moves


def positions(game: Game, players: int, count: int, seed: int = 1) -> list[tuple[object, int]]:
    """Positions met in random games: (state, seat to move)."""
    rng = random.Random(seed)
    found: list[tuple[object, int]] = []
    while len(found) < count:
        state = game.new(players, seed=rng.randrange(2**32))
        while not game.is_over(state) and len(found) < count:
            seat = rng.choice(game.to_act(state))
            legal = game.legal_actions(state, seat)
            if len(legal) > 1 and rng.random() < 0.2:
                found.append((state, seat))
            state, _ = game.apply(state, seat, rng.choice(legal))
    return found


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=4.0, help="random play per game")
    parser.add_argument("--decisions", type=int, default=40, help="AI decisions timed per level")
    parser.add_argument("--budget", type=float, default=0.2, help="search budget per decision (s)")
    args = parser.parse_args()
    for game in games.all_games():
        players = PLAYERS.get(game.key, game.min_players)
        start, n, moves = time.perf_counter(), 0, 0
        while time.perf_counter() - start < args.seconds:
            moves += random_game(game, players, n)
            n += 1
        elapsed = time.perf_counter() - start
        print(
            f"{game.key} ({players} players): {n / elapsed:.2f} random full games/s, "
            f"{moves / elapsed:.0f} moves/s"
        )
        sample = positions(game, players, args.decisions)
        for level in game.bot_levels:
            kwargs = {"budget": args.budget} if level == "search" else {}
            bot = game.bot(level, **kwargs)
            times = []
            for i, (state, seat) in enumerate(sample):
                legal = game.legal_actions(state, seat)
                t0 = time.perf_counter()
                bot.choose(game.view(state, seat), legal, random.Random(i))
                times.append(time.perf_counter() - t0)
            print(
                f"  AI {level:<9} decision: p50 {pct(times, 0.5) * 1000:8.2f} ms"
                f"  p90 {pct(times, 0.9) * 1000:8.2f} ms  p99 {pct(times, 0.99) * 1000:8.2f} ms"
            )


if __name__ == "__main__":
    main()
