"""Operator-registered player programs at chat tables (the `PROGRAMS` setting).

Chat users never upload or run code. The operator lists programs in the configuration, e.g.
`PROGRAMS='[{"name": "lefty", "command": "python3 /srv/bots/lefty.py", "games": ["tricks"]}]'`; a
table's manager seats one like an AI level, `program:lefty` (⚙ Settings lists the programs registered for
the game after the built-in levels). A command may also name a courtyard program (`courtyard:FILE.js`)
or a Blue Chip robot (`bluechip:…`), as in contests (`games/protocol/launch.py`). At each of its decisions
the program is started (its name the only argument), gets the JSON-lines protocol's `start` (with
`"once": true` and the table's options as played) and `act` messages — its seat's view and the legal
actions, as every AI — and must answer within its time limit (its own `time_limit`, else the game's
contest preset's). It is stopped after each decision, but for a courtyard program, which is kept for the
next decision of its seat for `KEEP` seconds (a dvorovoy move is several decisions, and the contest's
page goes on with its callbacks); on a timeout, a crash or an answer that is no legal action the
built-in AI makes that move instead (`choose` returns None).
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.core.config import ProgramSpec, Settings
from games.base import Game, GameError
from games.protocol import courtyard, launch
from games.protocol.jsonlines import JsonLines, dumps
from games.protocol.process import Limits, ProgramGone

log = logging.getLogger(__name__)
PREFIX = "program:"
KEEP = 30.0  # seconds a courtyard program waits for its seat's next decision


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


def levels(game: Game) -> list[str]:
    """What an AI seat of this game may play as: the built-in levels, then each program registered for it."""
    mine = [PREFIX + name for name, p in sorted(registry().items()) if game.key in p.games]
    return [*game.bot_levels, *mine]


@dataclass
class Session:
    """A started program and the protocol spoken to it."""

    player: Any
    speaker: JsonLines
    used: float = 0.0


_kept: dict[tuple[str, int, int], Session] = {}  # (level, the game's seed, seat) → a courtyard program
_lock = threading.Lock()


def _take(key: tuple[str, int, int]) -> Session | None:
    """The kept session for `key` (a table's seat), closing every one idle too long."""
    now = time.monotonic()
    with _lock:
        found = _kept.pop(key, None)
        stale = [k for k, s in _kept.items() if now - s.used > KEEP]
        old = [_kept.pop(k) for k in stale]
    for s in old:
        s.player.close()
    if found is not None and (now - found.used > KEEP or found.player.gone):
        found.player.close()
        return None
    return found


@atexit.register
def close_all() -> None:
    """Stop every kept program (at exit, and in tests)."""
    with _lock:
        kept = list(_kept.values())
        _kept.clear()
    for s in kept:
        s.player.close()


def choose(game: Game, state: Any, seat: int, level: str) -> str | None:
    """The program's action for `seat`, or None (the caller's AI then moves) if it failed to give one."""
    spec = find(game, level)
    if spec is None:
        log.warning("%s: no registered program for %s", level, game.key)
        return None
    limit = spec.time_limit or game.contest.time_limit
    keep = courtyard.is_courtyard(spec.command)
    key = (level, getattr(state, "seed", 0), seat)
    session = _take(key) if keep else None
    try:
        if session is None:
            options = state.options.model_dump(mode="json") if hasattr(state, "options") else {}
            speaker = JsonLines(game, [f"seat {i + 1}" for i in range(state.players)], limit, options)
            session = Session(launch.start(spec.name, spec.command, Limits(time=limit)), speaker)
            session.player.send(dumps(speaker.hello(seat, once=True)))
        session.player.send(dumps(session.speaker.act(state, seat)))
        line = session.player.read_line(limit)
        if line is None:
            raise GameError("timeout", seconds=limit)
        action = game.normalize(session.speaker.answer(line, state, seat))
        if not game.is_legal(state, seat, action):
            raise GameError("illegal_action", action=action)
    except (ProgramGone, GameError, ValueError, OSError) as e:
        log.warning("program %s: %s", spec.name, e)
        if session is not None:
            session.player.close()
        return None
    if keep:
        session.used = time.monotonic()
        with _lock:
            _kept[key] = session
    else:
        session.player.end_input(0)
        session.player.close()
    return action
