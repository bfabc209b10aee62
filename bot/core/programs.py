"""Operator-registered player programs at chat tables (the `PROGRAMS` setting).

Chat users never upload or run code. The operator lists programs in the configuration, e.g.
`PROGRAMS='[{"name": "lefty", "command": "python3 /srv/bots/lefty.py", "games": ["tricks"]}]'`; a
table's creator seats one like an AI level, `program:lefty`. At each of its decisions the program is
started (its name the only argument), gets the JSON-lines protocol's `start` (with `"once": true`) and
`act` messages — its seat's view and the legal actions, as every AI — and must answer within its time
limit (its own `time_limit`, else the game's contest preset's). It is killed after each decision; on
a timeout, a crash or an answer that is no legal action the built-in AI makes that move instead.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any

from bot.core.config import ProgramSpec, Settings
from games.base import Game, GameError
from games.protocol.jsonlines import JsonLines, dumps
from games.protocol.process import Limits, Program, ProgramGone, command_argv

log = logging.getLogger(__name__)
PREFIX = "program:"


@lru_cache(maxsize=1)
def registry() -> dict[str, ProgramSpec]:
    """The registered programs by name (read once from the settings)."""
    return {p.name: p for p in Settings().programs}


def is_program(level: str) -> bool:
    return level.startswith(PREFIX)


def find(game: Game, level: str) -> ProgramSpec | None:
    """The registered program a level names, if it may play this game."""
    spec = registry().get(level.removeprefix(PREFIX)) if is_program(level) else None
    return spec if spec is not None and game.key in spec.games else None


def choose(game: Game, state: Any, seat: int, level: str) -> str | None:
    """The program's action for `seat`, or None (the caller's AI then moves) if it failed to give one."""
    spec = find(game, level)
    if spec is None:
        log.warning("%s: no registered program for %s", level, game.key)
        return None
    limit = spec.time_limit or game.contest.time_limit
    speaker = JsonLines(game, [f"seat {i + 1}" for i in range(state.players)], limit, {})
    program = Program(spec.name, command_argv(spec.command, spec.name), Limits(time=limit))
    try:
        program.send(dumps(speaker.hello(seat, once=True)))
        program.send(dumps(speaker.act(state, seat)))
        line = program.read_line(limit)
        if line is None:
            log.warning("program %s: no answer in %.1f s", spec.name, limit)
            return None
        action = game.normalize(speaker.answer(line, state, seat))
        if not game.is_legal(state, seat, action):
            raise GameError("illegal_action", action=action)
        return action
    except (ProgramGone, GameError, ValueError) as e:
        log.warning("program %s: %s", spec.name, e)
        return None
    finally:
        program.end_input(0)
        program.close()
