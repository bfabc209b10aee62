"""Every AI level of every game against the greedy yardstick, and the search against the heuristic.

    nice -n 5 .venv/bin/python bench/levels.py [GAME ...] [--only NAME ...] [--scale 1] [--jobs 1]

Each match-up is a paired arena (`python -m games arena … --paired`: every deal once per seating, the same
deals for every level), printed as a Markdown row as soon as it is done: the level's win rate with its
95 % Wilson interval, the fair share (what an equal player would get: 1 / players, ties counted as wins
for everyone who shares them, so a little more in games with ties; in durak a win is not being the durak,
(players − 1) / players), the CPU a decision of the level (mean
and 99th percentile, in the thread that thinks), and the arena command that plays the same games. The
greedy players are `bench/greedy.py`; `bench/reference.py` is the search of main 0b1d6d9 at 0.5 s of CPU a
decision, what tables got before. Levels: `random` is *easy*, `heuristic` *normal*, `search` *strong*.
`--scale` multiplies the number of deals (0.1 for a quick look); the full run takes hours of CPU.
For the pairs in `KEPT` (the same opponents, the same deals) it also prints how much of the second's
margin the first keeps: the ratio of the mean margins, paired by deal, with its 95 % Fieller interval.
Dvorovoy's search against the former one is played round by round (`rounds`: each deal's first round, won
by the fewer points), 15 times cheaper than whole matches.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import games  # noqa: E402
from games import arena  # noqa: E402

GREEDY = {
    "durak": "bench.greedy:Durak",
    "rozpysnyi": "bench.greedy:Rozpysnyi",
    "most": "bench.greedy:Most",
    "dvorovoy": "bench.greedy:Dvorovoy",
}


@dataclass
class Match:
    name: str
    game: str
    seats: list[str]
    deals: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    rounds: bool = False  # dvorovoy: each deal's first round only, scored by its points (not the match)


# deals a match-up, by how dear its games are: the heuristics are cheap, searches and long matches are not
DEALS = {
    "durak": {"random": 100, "heuristic": 250, "search": 150},
    "rozpysnyi": {"random": 30, "heuristic": 100, "search": 40},
    "most": {"random": 100, "heuristic": 250, "search": 150},
    "dvorovoy": {"random": 100, "heuristic": 500, "search": 60},
}
OPTIONS: dict[str, dict[str, Any]] = {"most": {"target": 0}, "rozpysnyi": {"schedule": "short"}}


def matches() -> list[Match]:
    out = []
    for game, greedy in GREEDY.items():
        options = OPTIONS.get(game, {})
        small = 3 if game == "rozpysnyi" else 2  # rozpysnyi is a game of 3 or 4
        deals = DEALS[game]
        for level in ("random", "heuristic", "search"):
            out.append(
                Match(
                    f"{game}-{level}-greedy-{small}",
                    game,
                    [level] + [greedy] * (small - 1),
                    deals[level],
                    options,
                )
            )
            out.append(
                Match(f"{game}-{level}-greedy-4", game, [level] + [greedy] * 3, deals[level] // 4, options)
            )
        seats = ["search"] + ["heuristic"] * (small - 1)
        out.append(Match(f"{game}-search-heuristic-{small}", game, seats, deals["search"], options))
    article = ["search", "article"]
    out += [
        Match("durak-search-article-2", "durak", article, 200),
        Match("durak-search-article-perevodnoy", "durak", article, 50, {"variant": "perevodnoy"}),
        Match("durak-search-article-4", "durak", ["search", "article", "article", "article"], 25),
        Match("rozpysnyi-search-heuristic-full", "rozpysnyi", ["search"] + ["heuristic"] * 3, 25),
        Match(
            "rozpysnyi-reference-heuristic-full",
            "rozpysnyi",
            ["bench.reference:rozpysnyi"] + ["heuristic"] * 3,
            25,
        ),
        Match("most-search-reference-2", "most", ["search", "bench.reference:most"], 150, {"target": 0}),
        Match(
            "dvorovoy-search-reference-rounds",
            "dvorovoy",
            ["search", "bench.reference:dvorovoy"],
            150,
            rounds=True,
        ),
        Match(
            "dvorovoy-reference-heuristic-greedy-2",
            "dvorovoy",
            ["bench.reference:dvorovoy_heuristic", GREEDY["dvorovoy"]],
            250,
        ),
    ]
    return out


# pairs of match-ups against the same opponents on the same deals: how much of the second's margin the first
# keeps (issue 32: rozpysnyi's search keeps ≥ 80 % of the former search's margin over the heuristics)
KEPT = [("rozpysnyi-search-heuristic-full", "rozpysnyi-reference-heuristic-full")]


def kept(a: dict[int, float], b: dict[int, float]) -> tuple[float, float, float]:
    """The ratio of a's mean margin to b's over their common deals, with its 95 % Fieller interval (paired by
    deal: the luck of a deal, shared by both, cancels out); the interval is unbounded (inf) when b's mean
    margin is not clearly away from 0."""
    deals = sorted(set(a) & set(b))
    n = len(deals)
    x, y = [a[d] for d in deals], [b[d] for d in deals]
    mx, my = statistics.fmean(x), statistics.fmean(y)
    if n < 2 or my == 0:
        return (mx / my if my else math.nan), -math.inf, math.inf
    q = arena.student_t(n - 1) ** 2 / n
    sxx, syy, sxy = statistics.variance(x), statistics.variance(y), statistics.covariance(x, y)
    # the ratios ρ with (mx − ρ·my)² ≤ q·(sxx − 2ρ·sxy + ρ²·syy)
    qa, qb, qc = my * my - q * syy, mx * my - q * sxy, mx * mx - q * sxx
    disc = qb * qb - qa * qc
    if qa <= 0 or disc < 0:
        return mx / my, -math.inf, math.inf
    return mx / my, (qb - math.sqrt(disc)) / qa, (qb + math.sqrt(disc)) / qa


def one_round(args: tuple[str, list[str], dict[str, Any], int, int]) -> arena.Result:
    """Deal `seed`'s first round with slot j in seat (j + rot) % n, like `arena._one` for a whole game."""
    key, seats, options, seed, rot = args
    game = games.get(key)
    n = len(seats)
    bots = [arena.make_bot(game, seats[(s - rot) % n]) for s in range(n)]
    times: list[list[float]] = [[] for _ in range(n)]
    scored: list[list[int]] = []

    def round_scored(events: list[Any]) -> bool:
        scored.extend(e.data["points"] for e in events if e.kind == "round_scored")
        return bool(scored)

    arena.play_game(game, bots, options, seed, times=times, until=round_scored)
    points = scored[0]
    slot_seat = [(j + rot) % n for j in range(n)]
    return arena.Result(
        scores=[-float(points[s]) for s in slot_seat],
        wins=[points[s] == min(points) for s in slot_seat],
        moves=0,
        seconds=[sum(times[s]) for s in slot_seat],
        decisions=[len(times[s]) for s in slot_seat],
        deal=seed,
        times=[times[s] for s in slot_seat],
    )


def play(m: Match, deals: int, jobs: int) -> list[arena.Result]:
    if not m.rounds:
        return arena.run(m.game, m.seats, deals, m.options, None, m.seed, jobs, paired=True)
    tasks = [
        (m.game, m.seats, m.options, m.seed + d, rot) for d in range(deals) for rot in range(len(m.seats))
    ]
    if jobs <= 1:
        return [one_round(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(one_round, tasks, chunksize=4))


def command(m: Match, deals: int) -> str:
    if m.rounds:
        return f"bench/levels.py --only {m.name} --scale {deals / m.deals:g}"
    options = f" --options '{json.dumps(m.options)}'" if m.options else ""
    return f"python -m games arena {m.game} --seats {','.join(m.seats)} --games {deals} --paired{options}"


def row(m: Match, deals: int, results: list[arena.Result], seconds: float) -> str:
    level = m.seats[0]
    n = len(results)
    k = sum(r.wins[0] for r in results)
    lo, hi = arena.wilson(k, n)
    spent = sorted(x for r in results for x in r.times[0])
    mean = statistics.fmean(spent) * 1000 if spent else 0.0
    p99 = spent[int(0.99 * (len(spent) - 1))] * 1000 if spent else 0.0
    n_seats = len(m.seats)
    fair = (n_seats - 1) / n_seats if m.game == "durak" else 1 / n_seats  # durak: not the durak
    others = sorted({s for s in m.seats[1:]})
    margin = (
        arena.score_margin(m.seats, results, level, others[0]).split(": ", 1)[1] if len(others) == 1 else ""
    )
    return (
        f"| {m.game} | {len(m.seats)} | {level} | {', '.join(others)} | {n}"
        f" | {k / n:.1%} [{lo:.1%}, {hi:.1%}]"
        f" | {fair:.0%} | {mean:.1f} ms ({p99:.0f}) | {margin} | `{command(m, deals)}` | {seconds:.0f} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="only these games")
    parser.add_argument("--only", nargs="*", help="only these match-ups (names as listed by --list)")
    parser.add_argument("--scale", type=float, default=1.0, help="deals × this")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--list", action="store_true", help="list the match-ups and stop")
    args = parser.parse_args()
    chosen = [
        m
        for m in matches()
        if (not args.games or m.game in args.games) and (not args.only or m.name in args.only)
    ]
    if args.list:
        for m in chosen:
            print(f"{m.name}: {command(m, m.deals)}")
        return
    print(
        "| game | players | level | against | games | win rate [95 %] | fair share | CPU/decision (p99) |"
        " score margin | command | wall |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    played = {}
    for m in chosen:
        deals = max(1, round(m.deals * args.scale))
        t0 = time.perf_counter()
        results = play(m, deals, args.jobs)
        print(row(m, deals, results, time.perf_counter() - t0), flush=True)
        played[m.name] = arena.deal_margins(m.seats, results, m.seats[0], m.seats[1])
    for a, b in KEPT:
        if a in played and b in played:
            ratio, lo, hi = kept(played[a], played[b])
            n = len(set(played[a]) & set(played[b]))
            print(f"\n{a} keeps {ratio:.1%} [{lo:.1%}, {hi:.1%}] of the margin of {b} (95 %, {n} deals)")


if __name__ == "__main__":
    main()
