"""A registered program at a Discord table: the manager seats it from ⚙ Settings and it plays."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.core import programs
from tests.discord.harness import ANN, Harness
from tests.discord.test_game import moves_in

PLAYER = Path(__file__).resolve().parents[1] / "contest" / "clients" / "logging_player.py"


@pytest.fixture
def registered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    log = tmp_path / "moves.log"
    spec = {"name": "first", "command": f"{sys.executable} {PLAYER} {log}", "games": ["dvorovoy"]}
    monkeypatch.setenv("PROGRAMS", json.dumps([spec]))
    programs.registry.cache_clear()
    yield log
    programs.close_all()
    programs.registry.cache_clear()


async def test_a_program_is_seated_from_settings_and_plays(h: Harness, registered: Path) -> None:
    await h.run(ANN, "new", game="dvorovoy", options="burn=no")
    await h.press_label(ANN, h.table(), "Add AI")
    await h.press_label(ANN, h.table(), "Settings")
    for _ in range(4):  # strong → the first program registered for dvorovoy, after the built-in levels
        level = next(label for label in h.table().labels() if "AI 2:" in label)
        if "program first" in level:
            break
        await h.press_label(ANN, h.table(), "AI 2:")
    assert "program first" in level
    await h.press_label(ANN, h.table(), "Done")
    await h.press_label(ANN, h.table(), "Start")
    for _ in range(40):  # Ann plays her first offered move until the program has made a few
        if registered.exists() and registered.read_text().count("\n") >= 4:
            break
        hand = h.dm_hand(ANN)
        if not moves_in(hand):
            break
        assert hand is not None
        await h.press(ANN, hand, moves_in(hand)[0])
    lines = registered.read_text().splitlines()
    assert 'options {"burn": false, "cards": 5}' in lines and len(lines) >= 4  # its moves, the options played
