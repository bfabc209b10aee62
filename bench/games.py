"""Rules speed and AI thinking time, without any chat.

    .venv/bin/python bench/games.py [--seconds 3] [--decisions 40] [--budget 0.2] [--game rozpysnyi]

Prints, for rozpysnyi (4 and 3 players, full schedule) and every other registered game, full games per
second and moves per second with random legal play; then, for each AI level, the time per decision
(p50 / p90 / p99) over the same positions met in seeded random games. The defaults finish in under a
minute; a game that fails is reported and skipped, so one broken game does not hide the others' figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

# this script's own name would hide the `games` package: look from the project root instead
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import games  # noqa: E402
from games.base import Game  # noqa: E402

PLAYERS = {"durak": 2, "tricks": 4}


def setups(only: str | None) -> list[tuple[Game, int]]:
    """(game, players) to measure: rozpysnyi at both table sizes first, then every other game."""
    out: list[tuple[Game, int]] = []
    for game in games.all_games():
        if only and game.key != games.get(only).key:
            continue
        if game.key == "rozpysnyi":
            out += [(game, 4), (game, 3)]
        else:
            out.append((game, PLAYERS.get(game.key, game.min_players)))
    return out


def random_game(game: Game, players: int, seed: int) -> int:
    """Play one full game (default options) with random legal moves; the number of moves."""
    rng = random.Random(seed)
    state = game.new(players, seed=seed)
    moves = 0
    while not game.is_over(state):
        seat = rng.choice(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        moves += 1
    return moves


def positions(game: Game, players: int, count: int, seed: int = 1) -> list[tuple[Any, int]]:
    """Positions with a real choice met in random games: (state, seat to move)."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
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


def speed(game: Game, players: int, seconds: float) -> None:
    start, n, moves = time.perf_counter(), 0, 0
    while n == 0 or time.perf_counter() - start < seconds:
        moves += random_game(game, players, n)
        n += 1
    elapsed = time.perf_counter() - start
    print(
        f"{game.key} ({players} players): {n / elapsed:8.2f} random full games/s, "
        f"{moves / elapsed:8.0f} moves/s ({n} games)"
    )


def thinking(game: Game, players: int, decisions: int, budget: float) -> None:
    sample = positions(game, players, decisions)
    for level in game.bot_levels:
        bot = game.bot(level, budget=budget) if level == "search" else game.bot(level)
        times = []
        for i, (state, seat) in enumerate(sample):
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            t0 = time.perf_counter()
            bot.choose(view, legal, random.Random(i))
            times.append(time.perf_counter() - t0)
        note = f" (budget {budget:g} s)" if level == "search" else ""
        print(
            f"  AI {level:<9} per decision: p50 {pct(times, 0.5) * 1000:8.2f} ms"
            f"  p90 {pct(times, 0.9) * 1000:8.2f} ms  p99 {pct(times, 0.99) * 1000:8.2f} ms"
            f"  over {len(times)} positions{note}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="random play per game and table size")
    parser.add_argument("--decisions", type=int, default=40, help="AI decisions timed per level")
    parser.add_argument("--budget", type=float, default=0.2, help="search budget per decision (s)")
    parser.add_argument("--game", help="only this game (key or alias)")
    args = parser.parse_args()
    seen_ai: set[str] = set()
    for game, players in setups(args.game):
        try:
            speed(game, players, args.seconds)
            if game.key not in seen_ai:  # AI timings once per game, at its first table size
                seen_ai.add(game.key)
                thinking(game, players, args.decisions, args.budget)
        except Exception as e:  # a broken game must not hide the others' figures
            print(f"{game.key} ({players} players): FAILED: {type(e).__name__}: {e}")


if __name__ == "__main__":
    main()
