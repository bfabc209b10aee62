"""Rules speed and AI thinking time, without any chat.

    .venv/bin/python bench/games.py [--seconds 3] [--decisions 40] [--budget 0.2] [--game rozpysnyi]
    .venv/bin/python bench/games.py --playouts [--seconds 3]
    .venv/bin/python bench/games.py --search [--decisions 40] [--budget 0.5]

`--playouts` compares random play-outs of single rozpysnyi rounds (4 players × 7 cards, 3 × 11) through
the rules, through the fast engine (`games/rozpysnyi/fast.py`) and, when open-spiel is installed
(`pip install -e '.[bench]'`), through OpenSpiel's `oh_hell` from Python on rounds of the same size; the
three run in alternating slices in one process so that a busy machine slows them alike. Rounds/s is the
comparable figure (OpenSpiel also counts its dealing as chance moves); it prints the cost of a state copy
too.

`--search` times the rozpysnyi search in the biggest rounds (3 players × 12 cards, 4 × 8, a dark round)
and prints how many deals it sampled per decision.

Otherwise it prints, for rozpysnyi (4 and 3 players, full schedule) and every other registered game, full
games per second and moves per second with random legal play; then, for each AI level, the time per decision
(p50 / p95 / p99) over the same positions met in seeded random games. The defaults finish in under a
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
        times, samples = [], []
        for i, (state, seat) in enumerate(sample):
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            t0 = time.perf_counter()
            bot.choose(view, legal, random.Random(i))
            times.append(time.perf_counter() - t0)
            if hasattr(bot, "samples"):
                samples.append(bot.samples)
        note = f" (budget {budget:g} s)" if level == "search" else ""
        if samples:
            note += f", deals sampled p50 {pct(samples, 0.5)} p90 {pct(samples, 0.9)}"
        print(
            f"  AI {level:<9} per decision: p50 {pct(times, 0.5) * 1000:8.2f} ms"
            f"  p95 {pct(times, 0.95) * 1000:8.2f} ms  p99 {pct(times, 0.99) * 1000:8.2f} ms"
            f"  over {len(times)} positions{note}"
        )


PLAYOUT_ROUNDS = ((4, 7), (3, 11))  # oh_hell needs a card left to turn up: no whole-deck rounds


def _rules_rounds(players: int, cards: int, rng: random.Random) -> Any:
    """A runner of random single rounds through the rules: (rounds, decisions) in a time slice."""
    from games.rozpysnyi import GAME

    def run(seconds: float) -> tuple[int, int]:
        t0, n, moves = time.perf_counter(), 0, 0
        while time.perf_counter() - t0 < seconds:
            state = GAME.new(players, {"schedule": str(cards)}, seed=rng.randrange(2**32))
            while not GAME.is_over(state):
                (seat,) = GAME.to_act(state)
                state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
                moves += 1
            n += 1
        return n, moves

    return run


def _fast_rounds(players: int, cards: int, rng: random.Random) -> Any:
    from games.rozpysnyi import fast

    deck = fast.cards(fast.deck_mask(players))
    poker = fast.CARD_INT["7S"]
    kind = str(cards)

    def run(seconds: float) -> tuple[int, int]:
        t0, n, moves = time.perf_counter(), 0, 0
        choice, shuffle = rng.choice, rng.shuffle
        while time.perf_counter() - t0 < seconds:
            order = deck[:]
            shuffle(order)
            r = fast.deal(players, kind, n % players, order, poker)
            while r.phase != fast.DONE:
                r.apply(choice(r.legal()))
                moves += 1
            n += 1
        return n, moves

    return run


def _openspiel_rounds(players: int, cards: int, rng: random.Random) -> Any:
    import pyspiel  # type: ignore[import-not-found]

    params = {"players": players, "num_suits": 4, "num_cards_per_suit": 8 if players == 4 else 9}
    game = pyspiel.load_game("oh_hell", {**params, "num_tricks_fixed": cards})

    def run(seconds: float) -> tuple[int, int]:
        t0, n, moves = time.perf_counter(), 0, 0
        choice = rng.choice
        while time.perf_counter() - t0 < seconds:
            s = game.new_initial_state()
            while not s.is_terminal():
                chance = s.is_chance_node()
                s.apply_action(choice(s.legal_actions()))
                moves += not chance  # decisions only, as for the others
            n += 1
        return n, moves

    return run


def _copy_us(players: int, cards: int) -> dict[str, float]:
    """Microseconds per state copy, mid-round, for each engine."""
    import timeit

    from games.rozpysnyi import GAME, fast

    state = GAME.new(players, {"schedule": str(cards)}, seed=1)
    for _ in range(players + 3):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    r = fast.round_from_state(state)
    out = {
        "rules": timeit.timeit(lambda: state.model_copy(deep=True), number=300) / 300 * 1e6,
        "fast": timeit.timeit(r.copy, number=20000) / 20000 * 1e6,
    }
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return out
    s = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": cards}).new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.legal_actions()[0])
    out["openspiel"] = timeit.timeit(s.clone, number=20000) / 20000 * 1e6
    return out


def playouts(seconds: float) -> None:
    """Random rozpysnyi rounds: the rules, the fast engine and OpenSpiel `oh_hell`, side by side."""
    rng = random.Random(1)
    for players, cards in PLAYOUT_ROUNDS:
        runners = {"rules": _rules_rounds(players, cards, rng), "fast": _fast_rounds(players, cards, rng)}
        try:
            runners["openspiel oh_hell"] = _openspiel_rounds(players, cards, rng)
        except ImportError:
            print("open-spiel is not installed (pip install -e '.[bench]'): no OpenSpiel figures")
        totals = {k: [0, 0, 0.0] for k in runners}
        slices = max(1, round(seconds / 0.25))
        for _ in range(slices):  # alternate short slices: load on a shared machine hits all alike
            for name, run in runners.items():
                t0 = time.perf_counter()
                n, moves = run(0.25 if name != "rules" else 0.1)
                totals[name][0] += n
                totals[name][1] += moves
                totals[name][2] += time.perf_counter() - t0
        print(f"rozpysnyi random rounds, {players} players × {cards} cards:")
        rate = {k: v[0] / v[2] for k, v in totals.items()}
        for name, (n, moves, elapsed) in totals.items():
            print(f"  {name:<18} {rate[name]:9.0f} rounds/s {moves / elapsed:10.0f} decisions/s ({n} rounds)")
        if "openspiel oh_hell" in rate:
            print(f"  fast / OpenSpiel: {rate['fast'] / rate['openspiel oh_hell']:.2f}×")
        print(f"  fast / rules:     {rate['fast'] / rate['rules']:.1f}×")
        copies = _copy_us(players, cards)
        print("  state copy: " + ", ".join(f"{k} {v:.1f} µs" for k, v in copies.items()))


def search_rounds(decisions: int, budget: float) -> None:
    """The rozpysnyi search in the biggest rounds (3 × 12 and 4 × 8 cards): deals sampled and time per
    decision, bids and plays apart, with positions met in games the heuristic plays."""
    from games.rozpysnyi import GAME, search

    heuristic = GAME.bot("heuristic")
    bot = search.SearchBot(budget=budget)
    for players, kind in ((3, "12"), (4, "8"), (3, "D")):
        rng = random.Random(players)
        found: dict[str, list[tuple[float, int, float]]] = {"bid": [], "play": []}
        while sum(len(v) for v in found.values()) < decisions:
            state = GAME.new(players, {"schedule": kind}, seed=rng.randrange(2**32))
            while not GAME.is_over(state):
                (seat,) = GAME.to_act(state)
                legal = GAME.legal_actions(state, seat)
                view = GAME.view(state, seat)
                if len(legal) > 1 and rng.random() < 0.3:
                    t0, c0 = time.perf_counter(), time.process_time()
                    bot.choose(view, legal, random.Random(len(found)))
                    cpu = time.process_time() - c0
                    found[state.phase].append((time.perf_counter() - t0, bot.samples, cpu))
                state, _ = GAME.apply(state, seat, heuristic.choose(view, legal, rng))
        for phase, rows in found.items():
            if not rows:
                continue
            times, samples = [t for t, _, _ in rows], [n for _, n, _ in rows]
            # the decisions that ran to the deadline: deals per second of CPU, whatever else the machine ran
            full = [n / c for t, n, c in rows if t >= 0.9 * budget and c > 0]
            rate = f"; to the deadline ({len(full)}): {pct(full or [0], 0.5) * budget:.0f} deals"
            rate += f" a {budget:g} s of CPU"
            print(
                f"rozpysnyi search {players} players, round {kind}, {phase}s ({len(rows)}, {budget:g} s):"
                f" deals sampled p10 {pct(samples, 0.1)} p50 {pct(samples, 0.5)} p90 {pct(samples, 0.9)};"
                f" time p50 {pct(times, 0.5) * 1000:.0f} ms p95 {pct(times, 0.95) * 1000:.0f} ms"
                f" max {max(times) * 1000:.0f} ms" + (rate if full else "")
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="random play per game and table size")
    parser.add_argument("--decisions", type=int, default=40, help="AI decisions timed per level")
    parser.add_argument("--budget", type=float, default=0.2, help="search budget per decision (s)")
    parser.add_argument("--game", help="only this game (key or alias)")
    parser.add_argument("--playouts", action="store_true", help="rozpysnyi play-outs: rules, fast, OpenSpiel")
    parser.add_argument("--search", action="store_true", help="rozpysnyi search in the biggest rounds")
    args = parser.parse_args()
    if args.playouts:
        playouts(args.seconds)
        return
    if args.search:
        search_rounds(args.decisions, args.budget)
        return
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
