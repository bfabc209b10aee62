"""Play seeded games between bots, without any chat, and report how each bot did.

    python -m games arena rozpysnyi --games 200 --seats search,heuristic,heuristic,random

Seat assignments rotate from game to game so that no bot keeps the dealer's or first attacker's chair.
Each bot is judged by its mean score (with a 95 % confidence interval) and its win rate (95 % Wilson
interval); a win is being among `game.winners(state)` at the end (in durak: not the durak, nor on the
losing team).

`--paired` plays every deal once per seating (the same cards, the bots rotated through the seats: with two
players, the same deal with the bots swapped), so luck of the deal cancels out; `--games` then counts deals.
It adds a table per level (all its seats together: win rate, CPU a decision, mean and 99th percentile)
and, for two levels, how the deals compare.

A seat is a level of the game (`game.bot(level)`) or `module:Name`, a bot class importable from the project
(the greedy yardsticks: `bench.greedy:Durak`). Thinking is measured in CPU time of the thread that thinks.

    python -m games arena durak --seats heuristic,article --games 500 --paired
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
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
    decisions: list[int] = field(default_factory=list)
    deal: int = 0
    times: list[list[float]] = field(default_factory=list)  # per slot, the CPU of each real decision


def play_game(
    game: Game,
    bots: Sequence[Bot],
    options: dict[str, Any],
    seed: int,
    max_moves: int = 100_000,
    decisions: list[int] | None = None,
    times: list[list[float]] | None = None,
    until: Callable[[list[Any]], bool] | None = None,
) -> tuple[Any, int, list[float]]:
    """Play one game with `bots[i]` in seat i; return the final state, move count, CPU time per seat.

    `decisions`, if given, counts each seat's decisions (moves with more than one legal action); `times`
    gets the CPU time of each of them, per seat; `until`, if given, ends the play early on the first move
    whose events it accepts (a bench that plays one round)."""
    rng = random.Random(seed)
    state = game.new(len(bots), options, seed=seed)
    think = [0.0] * len(bots)
    moves = 0
    while not game.is_over(state):
        if moves >= max_moves:
            raise RuntimeError(f"{game.key}: no end after {max_moves} moves (seed {seed})")
        seat = rng.choice(game.to_act(state))
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        sub = random.Random(rng.random())
        t0 = time.thread_time()
        action = bots[seat].choose(view, legal, sub)
        spent = time.thread_time() - t0
        think[seat] += spent
        if decisions is not None and len(legal) > 1:
            decisions[seat] += 1
        if times is not None and len(legal) > 1:
            times[seat].append(spent)
        state, events = game.apply(state, seat, action)
        moves += 1
        if until is not None and until(events):
            break
    return state, moves, think


def make_bot(game: Game, level: str, **kwargs: Any) -> Bot:
    """The game's bot of that level, or the class `module:Name` (a yardstick kept outside the game)."""
    if ":" in level:
        module, _, name = level.partition(":")
        return getattr(importlib.import_module(module), name)(**kwargs)
    return game.bot(level, **kwargs)


def _one(args: tuple[str, list[str], dict[str, Any], dict[str, Any], int, int]) -> Result:
    key, seats, options, bot_kwargs, i, rot = args
    game = games.get(key)
    n = len(seats)
    # slot j sits in seat (j + rot) % n
    order = [seats[(s - rot) % n] for s in range(n)]
    bots = [make_bot(game, level, **bot_kwargs.get(level, {})) for level in order]
    count = [0] * n
    times: list[list[float]] = [[] for _ in range(n)]
    state, moves, think = play_game(game, bots, options, seed=i, decisions=count, times=times)
    scores, winners = game.scores(state), set(game.winners(state))
    slot_seat = [(j + rot) % n for j in range(n)]
    return Result(
        scores=[scores[s] for s in slot_seat],
        wins=[s in winners for s in slot_seat],
        moves=moves,
        seconds=[think[s] for s in slot_seat],
        decisions=[count[s] for s in slot_seat],
        deal=i,
        times=[times[s] for s in slot_seat],
    )


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % confidence interval (Student's t: honest for few samples)."""
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, student_t(len(xs) - 1) * statistics.stdev(xs) / math.sqrt(len(xs))


@functools.lru_cache(maxsize=512)
def student_t(df: int, level: float = 0.95) -> float:
    """The two-sided `level` quantile of Student's t with `df` degrees of freedom (12.71 for 1, 1.96 at ∞)."""

    def inside(t: float) -> float:  # P(|T| ≤ t): Abramowitz & Stegun 26.7.3–4, exact for whole df
        theta = math.atan(t / math.sqrt(df))
        c2, term, total = math.cos(theta) ** 2, 1.0, 1.0
        if df % 2:
            for k in range(3, df - 1, 2):
                term *= c2 * (k - 1) / k
                total += term
            return 2 / math.pi * (theta + (math.sin(theta) * math.cos(theta) * total if df > 1 else 0.0))
        for k in range(2, df - 1, 2):
            term *= c2 * (k - 1) / k
            total += term
        return math.sin(theta) * total

    if df > 10_000:
        return statistics.NormalDist().inv_cdf((1 + level) / 2)
    lo, hi = 0.0, 1000.0
    for _ in range(80):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if inside(mid) < level else (lo, mid)
    return (lo + hi) / 2


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
    paired: bool = False,
) -> list[Result]:
    """Play `n_games` seeded games (`paired`: `n_games` deals, each once per seating)."""
    n = len(seats)
    base = (key, seats, options or {}, bot_kwargs or {})
    if paired:
        tasks = [(*base, first_seed + d, rot) for d in range(n_games) for rot in range(n)]
    else:
        tasks = [(*base, first_seed + i, (first_seed + i) % n) for i in range(n_games)]
    if jobs <= 1:
        return [_one(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_one, tasks, chunksize=max(1, len(tasks) // (jobs * 8))))


def report(seats: list[str], results: list[Result]) -> str:
    n = len(results)
    lines = [f"{n} games, {sum(r.moves for r in results) / n:.0f} moves per game", ""]
    lines.append(f"{'slot':<4} {'bot':<16} {'mean score':>20} {'win rate':>24} {'CPU/game':>11}")
    for j, level in enumerate(seats):
        m, h = mean_ci([r.scores[j] for r in results])
        k = sum(r.wins[j] for r in results)
        lo, hi = wilson(k, n)
        t = statistics.fmean(r.seconds[j] for r in results)
        lines.append(
            f"{j:<4} {level:<16} {m:>11.2f} ± {h:<6.2f} {k / n:>9.1%} [{lo:.1%}, {hi:.1%}] {t:>10.2f}s"
        )
    return "\n".join(lines)


def report_levels(seats: list[str], results: list[Result]) -> str:
    """Per level, all its seats together: win rate with its Wilson interval, and CPU per decision (the
    mean, and the 99th percentile of the decisions).

    With exactly two levels and paired deals, also how each deal went for one level against the other:
    the deals where it won more of the seatings, fewer, or as many."""
    levels = list(dict.fromkeys(seats))
    lines = [f"{'level':<16} {'seats':>5} {'games':>6} {'win rate':>26} {'CPU/decision':>13} {'p99':>8}"]
    for level in levels:
        slots = [j for j, s in enumerate(seats) if s == level]
        k = sum(r.wins[j] for r in results for j in slots)
        n = len(results) * len(slots)
        lo, hi = wilson(k, n)
        t = sum(r.seconds[j] for r in results for j in slots)
        d = sum(r.decisions[j] for r in results for j in slots) if results[0].decisions else 0
        per = f"{t / d * 1000:>10.1f} ms" if d else f"{'-':>13}"
        spent = sorted(x for r in results for j in slots for x in (r.times[j] if r.times else []))
        p99 = f"{spent[int(0.99 * (len(spent) - 1))] * 1000:>5.0f} ms" if spent else f"{'-':>8}"
        lines.append(f"{level:<16} {len(slots):>5} {n:>6} {k / n:>11.1%} [{lo:.1%}, {hi:.1%}] {per} {p99}")
    if len(levels) == 2:
        a, b = levels
        by_deal: dict[int, int] = {}
        na, nb = seats.count(a), seats.count(b)
        for r in results:  # wins per seat of each level (× na·nb), so that one seat against three is fair
            diff = sum(r.wins[j] * (nb if s == a else -na) for j, s in enumerate(seats))
            by_deal[r.deal] = by_deal.get(r.deal, 0) + diff
        better = sum(1 for v in by_deal.values() if v > 0)
        worse = sum(1 for v in by_deal.values() if v < 0)
        lines.append(
            f"deals: {a} did better on {better}, {b} on {worse}, the same on {len(by_deal) - better - worse}"
        )
        lines.append(score_margin(seats, results, a, b))
    return "\n".join(lines)


def deal_margins(seats: list[str], results: list[Result], a: str, b: str) -> dict[int, float]:
    """Per deal, points a game of level `a` over level `b` (the mean score of a's seats less the mean of
    b's), averaged over the deal's games (its seatings, when paired)."""
    by_deal: dict[int, list[float]] = {}
    for r in results:
        sa = statistics.fmean(r.scores[j] for j, s in enumerate(seats) if s == a)
        sb = statistics.fmean(r.scores[j] for j, s in enumerate(seats) if s == b)
        by_deal.setdefault(r.deal, []).append(sa - sb)
    return {d: statistics.fmean(v) for d, v in by_deal.items()}


def score_margin(seats: list[str], results: list[Result], a: str, b: str) -> str:
    """Points a game of level `a` over level `b`, per deal (`deal_margins`), with a 95 % interval over the
    deals."""
    by_deal = deal_margins(seats, results, a, b)
    m, h = mean_ci(list(by_deal.values()))
    return f"score: {a} − {b} = {m:+.2f} ± {h:.2f} points a game (95 %, over {len(by_deal)} deals)"


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m games arena", description=__doc__.split("\n")[0])
    p.add_argument("game")
    p.add_argument("--seats", required=True, help="bot level per seat, comma-separated")
    p.add_argument("--players", type=int, help="check: the number of seats")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--options", default="{}", help="game options as JSON")
    p.add_argument("--budget", type=float, help="CPU seconds a search decision may take at most")
    p.add_argument("--samples", type=int, help="the search's sampled worlds a decision at most")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--paired", action="store_true", help="play each deal once per seating")
    a = p.parse_args(argv)
    seats = [s.strip() for s in a.seats.split(",")]
    if a.players is not None and a.players != len(seats):
        p.error(f"--players {a.players} but {len(seats)} seats")
    search = {"budget": a.budget, "max_samples": a.samples}
    bot_kwargs = {"search": {k: v for k, v in search.items() if v is not None}}
    t0 = time.perf_counter()
    results = run(a.game, seats, a.games, json.loads(a.options), bot_kwargs, a.seed, a.jobs, a.paired)
    print(f"{games.get(a.game).key}: {' vs '.join(seats)}, options {a.options}")
    if a.paired:
        print(f"paired: {a.games} deals × {len(seats)} seatings (seeds {a.seed}–{a.seed + a.games - 1})")
    print(report(seats, results))
    print()
    print(report_levels(seats, results))
    print(f"\n{time.perf_counter() - t0:.1f}s wall")
