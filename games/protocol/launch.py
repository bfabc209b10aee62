"""A command becomes a running player: a program over stdin/stdout, a courtyard program, a Blue Chip robot.

- `COMMAND` — a program started as `COMMAND NAME`, spoken to on its stdin/stdout (`process.Program`);
- `courtyard:FILE.js` — a program of the dvorovoy JavaScript contest, run by node through Kozyr's adapter
  (`courtyard`), which speaks JSON lines to Kozyr;
- `bluechip:…` — a bridge robot of the Blue Chip table manager protocol over TCP (`bluechip`).

Each is driven the same way (`send` lines, `read_line` with a time limit, `close`), so contests,
tournaments and chat tables seat any of them.
"""

from __future__ import annotations

from typing import Any

from games.base import Game
from games.protocol import bluechip, courtyard
from games.protocol.process import Limits, Program, command_argv


def check(game: Game, command: str) -> None:
    """ValueError when `command` names a kind of program that cannot play `game`."""
    if courtyard.is_courtyard(command) and game.key != courtyard.GAME:
        raise ValueError(f"courtyard programs play {courtyard.GAME}, not {game.key}")
    if bluechip.is_bluechip(command):
        if game.key != bluechip.GAME:
            raise ValueError(f"Blue Chip robots play {bluechip.GAME}, not {game.key}")
        bluechip.parse(command)


def start(name: str, command: str, limits: Limits, workdir: str | None = None) -> Any:
    """The running player for `command` (a `Program`, or a `bluechip.Robot` driven as one)."""
    if bluechip.is_bluechip(command):
        return bluechip.Robot(name, command, limits, workdir)
    if courtyard.is_courtyard(command):
        command = courtyard.command(command)
    return Program(name, command_argv(command, name), limits, workdir)
