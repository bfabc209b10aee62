"""The host's layout: every command has exactly one handler, and no module of the core grows past reading."""

from __future__ import annotations

import typing
from pathlib import Path

from bot.core.api import AnyCommand
from bot.core.host import ROUTERS, ROUTES

CORE = Path(__file__).resolve().parents[2] / "bot" / "core"


def test_every_command_is_routed_to_exactly_one_handler() -> None:
    commands = set(typing.get_args(typing.get_args(AnyCommand)[0]))
    claimed = [kind for routes in ROUTERS for kind in routes]
    assert sorted(k.__name__ for k in claimed) == sorted({k.__name__ for k in claimed})  # no kind owned twice
    assert set(ROUTES) == commands


def test_the_core_stays_in_small_modules() -> None:
    sizes = {p.relative_to(CORE).as_posix(): len(p.read_text().splitlines()) for p in CORE.rglob("*.py")}
    assert sizes["host.py"] <= 400
    assert {name: n for name, n in sizes.items() if n > 450} == {}
