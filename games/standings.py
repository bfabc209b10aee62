"""Standings of a tournament: by the contest's own score, with honest intervals, the rating beside it.

Everything is computed from the games' records (`tournament.record`, one JSON object a game, as the
JSON Lines file keeps them), so standings can always be recomputed from that file alone:

- an entrant's **score** in a game is its seat's score as the game counts it (a partnership's side
  score; a penalty the game's own rule takes, such as the tricks bad card, already in it), less the
  penalties charged to the entrant's own seats — never its partner's: a program pays for its own faults.
  The standings rank by the mean score a game;
- the **interval** is Student's t over deals: a deal's rotations are one sample (the entrant's mean over
  them), since duplicate play makes them depend on each other; with fewer than two deals there is none;
- **penalties** (points taken for the entrant's own violations, by either kind of rule), violations, moves
  the built-in AI played for it and crashes are shown in their own columns;
- **wins**: a game won alone counts 1, a game shared by m entrants 1/m; the rate has a Wilson interval;
- the **rating**, a second column, is OpenSkill's Plackett–Luce ordinal (μ − 3σ) updated game by game in
  the order of the games' keys (round, table, deal, rotation), whatever order they finished in.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from games.arena import mean_ci, wilson

Record = Mapping[str, Any]


@dataclass
class Standing:
    name: str
    games: int
    deals: int
    score: float  # mean contest score a game
    ci: float | None  # half-width of its 95 % interval (Student's t over deals)
    total: float
    penalty: float  # points taken for its own violations
    violations: int
    ai_moves: int
    crashes: int
    wins: float
    win_rate: float
    win_lo: float
    win_hi: float
    rating: float  # OpenSkill ordinal: mu − 3 sigma
    mu: float
    sigma: float
    think: float  # mean seconds a decision
    slowest: float


def key_order(key: str) -> tuple[int, ...]:
    """Games in schedule order: keys `round.table.deal.rotation` compared as numbers."""
    return tuple(int(x) for x in key.split("."))


def entrant_results(record: Record) -> dict[str, dict[str, float]]:
    """Per entrant of one game: its score, penalty and counts over all the seats it held."""
    out: dict[str, dict[str, float]] = {}
    seats_of: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for s in record["seats"]:
        seats_of[s["name"]].append(s)
    for name, seats in seats_of.items():
        own = sum(s["penalty"] for s in seats)
        out[name] = {
            "score": statistics.fmean(s["game_score"] for s in seats) - own,
            "penalty": own + sum(s.get("rule_penalty", 0.0) for s in seats),
            "violations": sum(len(s["violations"]) for s in seats),
            "ai_moves": sum(s["ai_moves"] for s in seats),
            "crashes": sum(any(v.startswith("crash") for v in s["violations"]) for s in seats),
            "decisions": sum(s["decisions"] for s in seats),
            "think": sum(s["think"] for s in seats),
            "slowest": max(s["slowest"] for s in seats),
        }
    return out


def standings(names: Sequence[str], records: Iterable[Record]) -> list[Standing]:
    """One line per entrant, best mean score first (then rating, then name)."""
    model = PlackettLuce()
    ratings = {n: model.rating(name=n) for n in names}
    by_deal: dict[str, dict[tuple[int, ...], list[float]]] = {n: defaultdict(list) for n in names}
    sums: dict[str, dict[str, float]] = {n: defaultdict(float) for n in names}
    slowest = dict.fromkeys(names, 0.0)
    games = dict.fromkeys(names, 0)
    for r in sorted(records, key=lambda r: key_order(r["key"])):
        results = entrant_results(r)
        deal = key_order(r["key"])[:3]
        best = max(x["score"] for x in results.values())
        top = [n for n, x in results.items() if x["score"] == best]
        for n, x in results.items():
            games[n] += 1
            by_deal[n][deal].append(x["score"])
            for k in ("score", "penalty", "violations", "ai_moves", "crashes", "decisions", "think"):
                sums[n][k] += x[k]
            sums[n]["wins"] += 1 / len(top) if n in top else 0.0
            slowest[n] = max(slowest[n], x["slowest"])
        order = list(results)
        rated = model.rate([[ratings[n]] for n in order], scores=[results[n]["score"] for n in order])
        for n, [new] in zip(order, rated, strict=True):
            ratings[n] = new
    out = []
    for n in names:
        k, s = games[n], sums[n]
        deals = [statistics.fmean(v) for v in by_deal[n].values()]
        mean, half = mean_ci(deals) if deals else (0.0, float("inf"))
        lo, hi = wilson(s["wins"], k)
        out.append(
            Standing(
                name=n,
                games=k,
                deals=len(deals),
                score=mean,
                ci=half if len(deals) > 1 else None,
                total=s["score"],
                penalty=s["penalty"],
                violations=int(s["violations"]),
                ai_moves=int(s["ai_moves"]),
                crashes=int(s["crashes"]),
                wins=s["wins"],
                win_rate=s["wins"] / k if k else 0.0,
                win_lo=lo,
                win_hi=hi,
                rating=ratings[n].ordinal(),
                mu=ratings[n].mu,
                sigma=ratings[n].sigma,
                think=s["think"] / s["decisions"] if s["decisions"] else 0.0,
                slowest=slowest[n],
            )
        )
    return sorted(out, key=lambda x: (-x.score, -x.rating, x.name))


def table(rows: Sequence[Standing], limit: int | None = None) -> str:
    """The standings as text: rank, score ± interval, penalties, violations, wins, rating."""
    head = (
        f"{'#':>3} {'entrant':<20} {'games':>6} {'score ± 95 %':>20} {'penalty':>8} {'viol.':>6} "
        f"{'crash':>5} {'won':>7} {'rating':>7}"
    )
    lines = [head]
    for i, s in enumerate(rows[:limit] if limit else rows, 1):
        ci = f"± {s.ci:<8.2f}" if s.ci is not None else f"{'':<10}"
        lines.append(
            f"{i:>3} {s.name:<20} {s.games:>6} {s.score:>9.2f} {ci} {s.penalty:>8g} {s.violations:>6} "
            f"{s.crashes:>5} {s.win_rate:>6.1%} {s.rating:>7.2f}"
        )
    return "\n".join(lines)
