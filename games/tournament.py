"""A round robin with duplicate seating: `python -m games tournament GAME --player NAME=COMMAND …`.

Every group of `--seats` players (all of them when they fit one table) plays `--deals` deals, and each
deal is played once per rotation of the seats: the same cards (the same seed) with every player in
every seat, so the luck of the deal cancels. Games run in parallel over the cores (`--jobs`). The
standings give each player's mean score with a 95 % confidence interval, the win rate with its 95 %
Wilson interval, the violations, and an OpenSkill (Plackett–Luce) rating updated game by game in a
fixed order; they are printed and written to PREFIX.json (with every game) and PREFIX.csv.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import json
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

import games
from games.contest import add_common, entrants_from, limits_from, rotated
from games.protocol.match import Entrant, MatchResult, play_match
from games.protocol.process import Limits
from games.standings import Standing, standings, table


@dataclass(frozen=True)
class Job:
    game: str
    table: int  # which group of players
    deal: int
    rotation: int
    seed: int
    entrants: tuple[Entrant, ...]  # by seat
    options: dict[str, Any]
    protocol: str | None
    limits: Limits
    budget: float | None


def schedule(
    key: str,
    entrants: Sequence[Entrant],
    seats: int,
    deals: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    protocol: str | None = None,
    limits: Limits | None = None,
    budget: float | None = None,
) -> list[Job]:
    """Every group of `seats` players × every deal × every rotation of the seats."""
    jobs = []
    for t, group in enumerate(itertools.combinations(entrants, seats)):
        for d in range(deals):
            for r in range(seats):
                jobs.append(
                    Job(
                        key,
                        t,
                        d,
                        r,
                        seed + d,
                        tuple(rotated(group, r)),
                        options or {},
                        protocol,
                        limits or Limits(),
                        budget,
                    )
                )
    return jobs


def run_job(job: Job) -> MatchResult:
    return play_match(
        games.get(job.game),
        job.entrants,
        seed=job.seed,
        options=job.options,
        protocol=job.protocol,
        limits=job.limits,
        budget=job.budget,
    )


def run(jobs: Sequence[Job], workers: int = 1) -> list[MatchResult]:
    if workers <= 1:
        return [run_job(j) for j in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(run_job, jobs))


def game_record(job: Job, result: MatchResult) -> dict[str, Any]:
    return {
        "table": job.table,
        "deal": job.deal,
        "seed": job.seed,
        "rotation": job.rotation,
        "seats": [asdict(s) for s in result.seats],
        "winners": result.winners,
        "moves": result.moves,
    }


def write(
    prefix: str, key: str, jobs: Sequence[Job], results: Sequence[MatchResult], rows: Sequence[Standing]
) -> None:
    with open(f"{prefix}.json", "w") as f:
        json.dump(
            {
                "game": key,
                "standings": [asdict(s) for s in rows],
                "games": [game_record(j, r) for j, r in zip(jobs, results, strict=True)],
            },
            f,
            indent=1,
        )
    with open(f"{prefix}.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(asdict(rows[0])))
        w.writeheader()
        for s in rows:
            w.writerow(asdict(s))


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m games tournament", description=__doc__.split("\n")[0])
    add_common(p)
    p.add_argument("--seats", type=int, help="players per table (default: all, or the game's most)")
    p.add_argument("--deals", type=int, default=1, help="deals per table, each played in every rotation")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="games at once (default: cores)")
    p.add_argument("--out", help="PREFIX of PREFIX.json and PREFIX.csv (default: tournament-GAME)")
    a = p.parse_args(argv)
    try:
        game = games.get(a.game)
        entrants = entrants_from(game, a.player, a.protocol)
        names = [e.name for e in entrants]
        if len(set(names)) != len(names):
            raise ValueError("two players have the same name")
        seats = a.seats or min(len(entrants), game.max_players)
        game.check_players(seats, game.options(game.presets.get(game.contest.preset or "", {})))
        if seats > len(entrants):
            raise ValueError(f"{seats} seats but {len(entrants)} players")
        options = json.loads(a.options)
    except (ValueError, games.GameError) as e:
        p.error(str(e))
    jobs = schedule(
        game.key,
        entrants,
        seats,
        a.deals,
        a.seed,
        options=options,
        protocol=a.protocol,
        limits=limits_from(game, a),
        budget=a.budget,
    )
    t0 = time.perf_counter()
    results = run(jobs, a.jobs)
    rows = standings(names, results)
    prefix = a.out or f"tournament-{game.key}"
    write(prefix, game.key, jobs, results, rows)
    groups = len({j.table for j in jobs})
    print(
        f"{game.key}: {len(jobs)} games ({groups} tables × {a.deals} deals × {seats} rotations), "
        f"{time.perf_counter() - t0:.1f}s wall, {a.jobs} jobs"
    )
    print(table(rows))
    print(f"\nwritten: {prefix}.json, {prefix}.csv")


if __name__ == "__main__":
    main(sys.argv[1:])
