"""The durak search: play-outs per second, worlds per decision, and its decisions on seeded positions.

    PYTHONPATH=. .venv/bin/python bench/durak.py [--positions 60] [--budget 0.5] [--save decisions.json]

Positions are met in seeded games the heuristic plays (2–5 players, podkidnoy and perevodnoy, teams,
throwing in by neighbours), where the seat has a real choice the search looks at (more than one candidate,
no solved endgame). It prints:
- play-outs per second: every candidate played out in 40 worlds per position (no early stop, no clock),
  so a figure of the simulator and the search's per-world work, not of how soon it settles;
- worlds per decision at `--budget` with the default stopping rule, and the time per decision;
- with `--save`, the decisions of a clock-free search (at most 100 worlds, the default early stop: the same
  on any machine) on the same positions, written as JSON to compare two versions of the code.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)

from games.base import Bot  # noqa: E402
from games.durak import GAME, DurakState, DurakView, ai  # noqa: E402

SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"variant": "perevodnoy"}),
    (3, {}),
    (3, {"variant": "perevodnoy", "transfer_by_trump": True}),
    (4, {"teams": True}),
    (5, {"deck": 52, "throw_in": "neighbours"}),
]


Position = tuple[DurakView, int, list[str]]  # a seat's view, the seat, the candidates the search weighs


Game = tuple[DurakState, Callable[[int], Bot], Callable[[int, list[str]], bool]]  # who moves, what to keep


def collect(count: int, games: Iterator[Game], rng: random.Random) -> list[Position]:
    """The first `count` decisions kept in `games` where the search has a real choice (more than one
    candidate, no solved endgame). Each game is played to its end by its bots, a random seat of those
    the game waits on deciding; `keep(seat, legal)` picks the decisions to look at."""
    found: list[Position] = []
    for state, bot_for, keep in games:
        while not GAME.is_over(state) and len(found) < count:
            seat = rng.choice(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            assert isinstance(view, DurakView)
            if keep(seat, legal):
                _, searched = ai.searched(view, legal)
                if searched:
                    found.append((view, seat, searched))
            state, _ = GAME.apply(state, seat, bot_for(seat).choose(view, legal, rng))
        if len(found) >= count:
            break
    return found


def positions(count: int) -> list[Position]:
    """(view, seat, candidates) where the search has a real choice, from heuristic games."""
    heuristic = GAME.bot("heuristic")
    rng = random.Random(7)

    def games() -> Iterator[Game]:
        for game in itertools.count():
            players, options = SETUPS[game % len(SETUPS)]
            state = GAME.new(players, {**options, "undo": False}, seed=game)
            yield state, lambda _: heuristic, lambda _, legal: len(legal) > 1 and rng.random() < 0.15

    return collect(count, games(), rng)


def playout_rate(found: list[tuple[DurakView, int, list[str]]], worlds: int) -> None:
    bot = ai.SearchBot(budget=1e9, max_samples=worlds, adaptive=False)
    t0 = time.perf_counter()
    runs = 0
    for i, (view, seat, options) in enumerate(found):
        bot.evaluate(view, seat, options, random.Random(i))
        runs += bot.samples * len(options)
    elapsed = time.perf_counter() - t0
    print(
        f"durak play-outs: {runs / elapsed:.0f}/s ({runs} over {len(found)} positions × {worlds} worlds,"
        f" {len(found) * worlds / elapsed:.0f} worlds/s with every candidate)"
    )


def per_decision(found: list[tuple[DurakView, int, list[str]]], budget: float) -> None:
    samples, times = [], []
    for i, (view, seat, options) in enumerate(found):
        bot = ai.SearchBot(budget=budget)
        t0 = time.perf_counter()
        bot.evaluate(view, seat, options, random.Random(i))
        times.append(time.perf_counter() - t0)
        samples.append(bot.samples)
    samples.sort()
    times.sort()
    k = len(samples)
    print(
        f"durak search at {budget:g} s (default early stop), {k} decisions: worlds p10 {samples[k // 10]}"
        f" p50 {samples[k // 2]} p90 {samples[9 * k // 10]} max {samples[-1]};"
        f" time p50 {times[k // 2] * 1000:.0f} ms p90 {times[9 * k // 10] * 1000:.0f} ms"
    )


def decisions(found: list[tuple[DurakView, int, list[str]]], path: str) -> None:
    out = []
    t0 = time.perf_counter()
    for i, (view, seat, options) in enumerate(found):
        bot = ai.SearchBot(budget=1e9, max_samples=100)
        wins = bot.evaluate(view, seat, options, random.Random(i))
        pick = max(options, key=lambda a: (wins[a], a == options[0]))
        out.append({"pick": pick, "worlds": bot.samples, "wins": wins})
    Path(path).write_text(json.dumps(out, indent=0))
    elapsed = time.perf_counter() - t0
    print(f"decisions of a clock-free search on {len(out)} positions: {elapsed:.1f} s → {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--save", help="write the clock-free search's decisions here (JSON)")
    args = parser.parse_args()
    found = positions(args.positions)
    if args.save:
        decisions(found, args.save)
        return
    playout_rate(found, 40)
    per_decision(found, args.budget)


if __name__ == "__main__":
    main()
