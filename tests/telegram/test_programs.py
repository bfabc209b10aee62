"""A registered program at a Telegram table: seated from ⚙ Settings, it plays; a failing one is told once."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.core import programs
from bot.core.table import Table
from tests.telegram.harness import ANN, Harness

PLAYER = Path(__file__).resolve().parents[1] / "contest" / "clients" / "logging_player.py"


@pytest.fixture
def registered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Two programs for dvorovoy: `first` (plays the first legal action, logging it) and `crasher`."""
    log = tmp_path / "moves.log"
    specs = [
        {"name": "first", "command": f"{sys.executable} {PLAYER} {log}", "games": ["dvorovoy"]},
        {"name": "crasher", "command": f"{sys.executable} -c 'raise SystemExit(3)'", "games": ["dvorovoy"]},
    ]
    monkeypatch.setenv("PROGRAMS", json.dumps(specs))
    programs.registry.cache_clear()
    yield log
    programs.close_all()
    programs.registry.cache_clear()


async def seat_program(h: Harness, name: str) -> None:
    """Ann opens a dvorovoy table, adds an AI and sets its level to the program in ⚙ Settings."""
    await h.say(ANN, "/start", chat_id=ANN.id)  # Ann's hand may reach her privately
    await h.say(ANN, "/new dvorovoy long burn=no")
    await h.press_label(ANN, h.table(), "Add AI")
    await h.press_label(ANN, h.table(), "Settings")
    for _ in range(6):  # the built-in levels come first, then the programs registered for dvorovoy
        level = next(b for b in h.table().buttons() if "AI 2:" in b["text"])
        if f"program {name}" in level["text"]:
            break
        await h.press(ANN, h.table(), level["callback_data"])
    assert f"program {name}" in level["text"]
    await h.press_label(ANN, h.table(), "Done")


async def table_of(h: Harness) -> Table:
    table_id = h.table().buttons()[0]["callback_data"].split("|")[0]  # a button's token names its table
    found = await h.store.load(table_id)
    assert found is not None
    return Table.model_validate_json(found[0])


async def play_until(h: Harness, enough: object, limit: int = 40) -> None:
    """Ann makes her moves (the first button of her hand) until `enough()` or the game is over."""
    for _ in range(limit):
        if enough():
            return
        hand = h.hand(ANN)
        moves = [b for b in (hand.buttons() if hand else []) if "callback_data" in b]
        if not moves:
            return
        await h.press(ANN, hand, moves[0]["callback_data"])


async def test_a_program_is_seated_from_settings_and_plays_with_the_tables_options(
    h: Harness, registered: Path
) -> None:
    await seat_program(h, "first")
    await h.press_label(ANN, h.table(), "Start")
    await play_until(h, lambda: registered.exists() and registered.read_text().count("\n") >= 4)
    lines = registered.read_text().splitlines()
    options = {x for x in lines if x.startswith("options")}
    moves = [x for x in lines if not x.startswith("options")]
    assert options == {'options {"burn": false, "cards": 7}'}  # the table's options as played
    assert len(moves) >= 2 and (await table_of(h)).seats[1].bot == "program:first"
    assert not any(line.key == "host.log.program_failed" for line in (await table_of(h)).log)


async def test_a_failing_program_is_replaced_by_the_ai_and_the_table_says_so_once(
    h: Harness, registered: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(3))  # the deal: seeded
    await seat_program(h, "crasher")
    await h.press_label(ANN, h.table(), "Start")
    await play_until(h, lambda: False, limit=5)  # the crasher's turns come and go: the AI plays them
    table = await table_of(h)
    failed = [line for line in table.log if line.key == "host.log.program_failed"]
    assert table.deal == 1  # the log still holds the whole deal
    assert len(failed) == 1 and table.seats[1].misses > 1  # it failed at each of its turns, said once
    assert table.status in ("playing", "over") and table.logged > 10  # the game went on
