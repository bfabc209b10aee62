"""Programs play a game: `python -m games contest GAME --player NAME=COMMAND … [--games N] [--seed S]`.

Each program is started with its name as the only argument and spoken to on stdin/stdout: the tricks
line protocol of seed 002 for `tricks` (`--protocol json` for the JSON one), the JSON-lines protocol
(`docs/protocol.md`) for every other game. `NAME=ai:LEVEL` enters a built-in AI instead. The game's
contest preset applies (tricks: to 1000, 2 s a card, a bad card costs 100 and a redeal); `--options`
overrides its options. With `--games N` the seats rotate from game to game and each game has its own
seed (S, S+1, …); a standings table follows, and `--workdirs DIR` keeps each game's in `DIR/gameN/`.

    python -m games contest tricks --player A="python3 examples/tricks_client.py" \\
        --player B=./tricks_client --player C=ai:random --player D=ai:random

(`./tricks_client`: `examples/tricks_client.c` built by `cc -O2 -o tricks_client examples/tricks_client.c`.)
A player is also `NAME=courtyard:FILE.js` (a program of the dvorovoy JavaScript contest) or `NAME=bluechip:…`
(a Blue Chip bridge robot): see `docs/protocol.md`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, replace
from typing import Any

import games
from games.base import Game
from games.protocol import launch
from games.protocol.match import SPEAKERS, Entrant, MatchResult, play_match
from games.protocol.process import Limits, MiB
from games.standings import standings, table


def add_common(p: argparse.ArgumentParser, players_required: bool = True) -> None:
    """Options shared by `contest` and `tournament`."""
    p.add_argument("game")
    p.add_argument(
        "--player",
        action="append",
        required=players_required,
        metavar="NAME=COMMAND",
        help="a program (started as COMMAND NAME) or NAME=ai:LEVEL; repeat per player",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    p.add_argument("--options", default="{}", help="game options as JSON, over the contest preset")
    p.add_argument("--protocol", choices=sorted(SPEAKERS), help="default: line for tricks, else json")
    p.add_argument(
        "--time-limit", type=float, help="seconds per decision (default: the game's contest preset)"
    )
    p.add_argument(
        "--startup", type=float, default=Limits.startup, help="seconds to start, besides the first decision's"
    )
    p.add_argument("--cpu", type=int, default=Limits.cpu, help="CPU seconds a program may use in a game")
    p.add_argument("--memory", type=int, default=Limits.memory // MiB, help="MiB of memory (0: no limit)")
    p.add_argument("--processes", type=int, default=Limits.processes, help="processes and threads at once")
    p.add_argument("--budget", type=float, help="seconds per decision for the search AI")
    p.add_argument("--workdirs", help="run each program in DIR/NAME and keep it (its logs, stderr.log)")


def limits_from(game: Game, a: argparse.Namespace) -> Limits:
    return replace(
        Limits(),
        time=a.time_limit if a.time_limit is not None else game.contest.time_limit,
        startup=a.startup,
        cpu=a.cpu,
        memory=a.memory * MiB,
        processes=a.processes,
    )


def entrants_from(game: Game, specs: Sequence[str], protocol: str | None = None) -> list[Entrant]:
    if protocol == "line" and game.key != "tricks":
        raise ValueError("the line protocol is the tricks game's; other games speak json")
    entrants = [Entrant.parse(s) for s in specs]
    for e in entrants:
        if e.level is not None and e.level not in game.bot_levels:
            raise ValueError(f"{game.key} has no AI level {e.level!r} ({', '.join(game.bot_levels)})")
        if e.command is not None:
            launch.check(game, e.command)
    return entrants


def rotated(entrants: Sequence[Entrant], r: int) -> list[Entrant]:
    """Seat s gets the entrant `(s - r) mod n`: entrant j sits in seat `(j + r) mod n`."""
    n = len(entrants)
    return [entrants[(s - r) % n] for s in range(n)]


def summary(result: MatchResult) -> str:
    parts = []
    for s in result.seats:
        extra = []
        if s.violations:
            counts: dict[str, int] = {}
            for v in s.violations:
                counts[v] = counts.get(v, 0) + 1
            extra.append(", ".join(f"{k}×{n}" for k, n in counts.items()))
        if s.penalty:
            extra.append(f"−{s.penalty:g} for {s.ai_moves} AI moves")
        elif s.ai_moves:
            extra.append(f"{s.ai_moves} moves by the AI")
        if s.replaced:
            extra.append(f"AI took the seat: {s.replaced}")
        note = f" ({'; '.join(extra)})" if extra else ""
        parts.append(f"{s.name} {s.score:g}{note}")
    winners = ", ".join(result.names[i] for i in result.winners)
    return f"seed {result.seed}: {' | '.join(parts)} — won by {winners} ({result.moves} moves)"


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m games contest", description=__doc__.split("\n")[0])
    add_common(p)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--transcript", help="write every line sent and received to this file")
    a = p.parse_args(argv)
    try:
        game = games.get(a.game)
        entrants = entrants_from(game, a.player, a.protocol)
        game.check_players(len(entrants), game.options(game.presets.get(game.contest.preset or "", {})))
        options: dict[str, Any] = json.loads(a.options)
    except (ValueError, games.GameError) as e:
        p.error(str(e))
    limits = limits_from(game, a)
    results = []
    with contextlib.ExitStack() as stack:
        transcript = stack.enter_context(open(a.transcript, "w")) if a.transcript else None
        for i in range(a.games):
            if transcript is not None:
                transcript.write(f"## game {i + 1}, seed {a.seed + i}\n")
            result = play_match(
                game,
                rotated(entrants, i),
                seed=a.seed + i,
                options=options,
                protocol=a.protocol,
                limits=limits,
                transcript=transcript,
                budget=a.budget,
                workdirs=a.workdirs and (f"{a.workdirs}/game{i + 1}" if a.games > 1 else a.workdirs),
            )
            results.append({"key": f"0.0.{i}.0", "seats": [asdict(s) for s in result.seats]})
            print(summary(result), flush=True)
    if a.games > 1:
        print()
        print(table(standings(list(dict.fromkeys(e.name for e in entrants)), results)))


if __name__ == "__main__":
    main(sys.argv[1:])
