"""Operator-registered programs at a chat table: seated like an AI level, falling back to the AI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import games
from bot.core import lobby, play, programs
from bot.core.api import AddBot, NewTable, Start
from bot.core.table import Table
from games.base import GameError
from tests.contest.conftest import PY, misbehave
from tests.core.hosting import CHAT, make_host, press_first_until_over, user

A = user(1)
G = games.get("tricks")

CLIENT = """\
import json, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "start":
        assert m["once"] and sys.argv[2] == "first"
    elif m["type"] == "act":
        log.write(m["legal"][0] + "\\n")
        log.flush()
        print(json.dumps({"action": m["legal"][0]}), flush=True)
"""


@pytest.fixture
def registered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "client.py").write_text(CLIENT)
    log = tmp_path / "moves.log"
    specs = [
        {"name": "first", "command": f"{PY} {tmp_path / 'client.py'} {log}", "games": ["tricks"]},
        {"name": "crasher", "command": misbehave("json-crash"), "games": ["tricks", "durak"]},
    ]
    monkeypatch.setenv("PROGRAMS", json.dumps(specs))
    programs.registry.cache_clear()
    yield log
    programs.registry.cache_clear()


def test_a_registered_program_is_seated_like_an_ai_level(registered: Path) -> None:
    table = Table.model_validate(
        {"id": "t", "chat": CHAT.model_dump(), "creator": A.model_dump(), "game": "tricks", "seats": []}
    )
    lobby.add_bot(table, G, "program:first")
    assert table.seats[-1].bot == "program:first"
    for level in ("program:nobody", "program:../first"):
        with pytest.raises(GameError):
            lobby.add_bot(table, G, level)
    with pytest.raises(GameError):  # registered, but not for this game
        lobby.add_bot(table, games.get("rozpysnyi"), "program:first")


def test_a_program_chooses_and_a_failing_one_falls_back_to_the_ai(registered: Path) -> None:
    state = G.new(4, seed=2)
    seat = G.to_act(state)[0]
    action = play.choose(G, state, seat, "program:first", "s", 0.1)
    assert action == G.legal_actions(state, seat)[0]
    assert registered.read_text() == action + "\n"
    fallback = play.choose(G, state, seat, "program:crasher", "s", 0.1)
    assert fallback in G.legal_actions(state, seat)
    assert registered.read_text() == action + "\n"  # nothing more was asked of the good program


async def test_a_table_plays_to_the_end_with_program_seats(store, registered: Path) -> None:
    host, rec = make_host(store)
    table = (await host.handle(NewTable(user=A, chat=CHAT, game="tricks", options={"target": 2}))).table
    for level in ("program:first", "program:first", "program:crasher"):
        out = await host.handle(AddBot(user=A, chat=CHAT, level=level))
        assert out.reply is None or not out.reply.alert, out.reply
    await host.handle(Start(user=A, chat=CHAT))
    await press_first_until_over(host, rec, A)
    found = await store.load(table)
    assert found and '"status":"over"' in found[0]
    assert len(registered.read_text().splitlines()) >= 2  # the program made moves at the table
