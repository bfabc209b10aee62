"""The durak search's early stop: what its choices cost against a long measure, and how many worlds it uses.

    PYTHONPATH=. .venv/bin/python bench/durak_regret.py [--positions 60] [--oracle 1500] [--repeats 4]

Positions are the heuristic's searched decisions (more than one candidate, no solved endgame) in seeded
two-player games against the article's AI (`article`). For each, every candidate's not-losing chance is
measured on `--oracle` worlds (no early stop); a setting's *regret* is the best candidate's measure less the
measure of the candidate it picks, averaged over the positions and `--repeats` searches with other seeds
(no clock: only the results and the sample cap stop it). The search's worlds are not the measure's, so a
difference of two settings' regrets is an unbiased estimate of how much better one chooses, in the
play-outs' own not-losing chance; the measure's noise only adds the same constant to both. It prints each
setting's regret and mean worlds, and the paired difference with its 95 % interval over the positions.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.durak import Game, Position, collect  # noqa: E402
from games.durak import GAME, ai  # noqa: E402

SETTINGS: dict[str, dict[str, Any]] = {  # name: SearchBot keywords
    "before (1 %, 300 worlds, prior 0.5)": {"loss": 0.01, "max_samples": 300, "prior": 0.5},
    f"default ({ai.LOSS:.1%}, {ai.MAX_SAMPLES} worlds, prior {ai.PRIOR})": {},
}


def positions(count: int) -> list[Position]:
    """Every fourth searched decision of the heuristic (seats alternating) in games against `article`."""
    heuristic, article = GAME.bot("heuristic"), GAME.bot("article")
    rng = random.Random(11)

    def games() -> Iterator[Game]:
        for game in itertools.count():
            ours = game % 2
            yield (
                GAME.new(2, {"undo": False}, seed=1000 + game),
                lambda s, ours=ours: heuristic if s == ours else article,
                lambda s, legal, ours=ours: s == ours and len(legal) > 1 and rng.random() < 0.25,
            )

    return collect(count, games(), rng)


def measure(found: list[Position], worlds: int) -> list[dict[str, float]]:
    bot = ai.SearchBot(budget=1e9, max_samples=worlds, adaptive=False)
    return [
        {a: w / worlds for a, w in bot.evaluate(view, seat, options, random.Random(i)).items()}
        for i, (view, seat, options) in enumerate(found)
    ]


def regrets(
    found: list[Position], truth: list[dict[str, float]], repeats: int, **kw: float
) -> tuple[list, float]:
    """Per position, the mean regret of the search with `kw`; and the mean worlds it used."""
    per, worlds = [], []
    for i, ((view, seat, options), value) in enumerate(zip(found, truth, strict=True)):
        best, cost = max(value.values()), []
        for r in range(repeats):
            bot = ai.SearchBot(budget=1e9, **kw)
            wins = bot.evaluate(view, seat, options, random.Random(10_000 + 100 * i + r))
            pick = max(options, key=lambda a: (wins[a], a == options[0]))
            cost.append(best - value[pick])
            worlds.append(bot.samples)
        per.append(statistics.fmean(cost))
    return per, statistics.fmean(worlds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--oracle", type=int, default=1500, help="worlds of the measure")
    parser.add_argument("--repeats", type=int, default=4)
    args = parser.parse_args()
    t0 = time.perf_counter()
    found = positions(args.positions)
    truth = measure(found, args.oracle)
    heuristic = [max(v.values()) - v[options[0]] for (_, _, options), v in zip(found, truth, strict=True)]
    print(f"{len(found)} positions, measured on {args.oracle} worlds ({time.perf_counter() - t0:.0f} s)")
    print(f"  heuristic's choice: regret {statistics.fmean(heuristic):.4f} a decision")
    results = {}
    for name, kw in SETTINGS.items():
        per, worlds = regrets(found, truth, args.repeats, **kw)
        results[name] = per
        print(f"  search, {name}: regret {statistics.fmean(per):.4f} a decision, {worlds:.0f} worlds")
    (a, pa), (b, pb) = results.items()
    diff = [x - y for x, y in zip(pa, pb, strict=True)]
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
    better, worse = sum(d > 0 for d in diff), sum(d < 0 for d in diff)
    print(
        f"  {a} − {b}: {statistics.fmean(diff):+.4f} ± {half:.4f} a decision (95 %);"
        f" the default chose better at {better} positions, worse at {worse}"
    )
    print(f"{time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
