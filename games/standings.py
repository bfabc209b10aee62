"""A tournament's standings: each player's mean score, win rate and OpenSkill rating over its games.

Shared by `games.contest` (several games of one table) and `games.tournament`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from games.arena import mean_ci, wilson
from games.protocol.match import MatchResult


@dataclass
class Standing:
    name: str
    games: int
    mean: float
    ci: float
    wins: int
    win_rate: float
    win_lo: float
    win_hi: float
    violations: int
    ai_moves: int
    rating: float  # OpenSkill ordinal: mu − 3 sigma
    mu: float
    sigma: float


def standings(names: Sequence[str], results: Sequence[MatchResult]) -> list[Standing]:
    """One line per player, best rating first; ratings are updated in the order of `results`."""
    model = PlackettLuce()
    ratings = {n: model.rating(name=n) for n in names}
    scores: dict[str, list[float]] = {n: [] for n in names}
    wins = dict.fromkeys(names, 0)
    violations = dict.fromkeys(names, 0)
    ai_moves = dict.fromkeys(names, 0)
    for r in results:
        for s in r.seats:
            scores[s.name].append(s.score)
            wins[s.name] += s.seat in r.winners
            violations[s.name] += len(s.violations)
            ai_moves[s.name] += s.ai_moves
        teams = [[ratings[n]] for n in r.names]
        rated = model.rate(teams, scores=r.scores)
        for n, [new] in zip(r.names, rated, strict=True):
            ratings[n] = new
    out = []
    for n in names:
        k = len(scores[n])
        m, h = mean_ci(scores[n]) if k else (0.0, 0.0)
        lo, hi = wilson(wins[n], k)
        out.append(
            Standing(
                n,
                k,
                m,
                h if k > 1 else 0.0,
                wins[n],
                wins[n] / k if k else 0.0,
                lo,
                hi,
                violations[n],
                ai_moves[n],
                ratings[n].ordinal(),
                ratings[n].mu,
                ratings[n].sigma,
            )
        )
    return sorted(out, key=lambda s: (-s.rating, -s.mean, s.name))


def table(rows: Sequence[Standing]) -> str:
    cols = ("mean score", 18), ("win rate", 24), ("rating", 15), ("viol.", 5)
    head = f"{'#':>2} {'player':<16} {'games':>5} " + " ".join(f"{c:>{w}}" for c, w in cols)
    lines = [head]
    for i, s in enumerate(rows, 1):
        lines.append(
            f"{i:>2} {s.name:<16} {s.games:>5} {s.mean:>9.2f} ± {s.ci:<6.2f} "
            f"{s.win_rate:>7.1%} [{s.win_lo:.1%}, {s.win_hi:.1%}] "
            f"{s.rating:>6.2f} ({s.mu:.1f}±{s.sigma:.1f}) {s.violations:>5}"
        )
    return "\n".join(lines)
