"""Programs of every kind at chat tables: the options as played, a courtyard program kept for its move,
a Blue Chip robot dealt the board so far; each asked the way a table asks (`bot/core/programs.py`)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import games
from bot.core import programs
from tests.contest.conftest import CLIENTS, PY

DVOROVOY = games.get("dvorovoy")
ECHO = """\
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "start":
        open(sys.argv[1], "w").write(json.dumps(m["options"]))
    elif m["type"] == "act":
        print(json.dumps({"action": m["legal"][0]}), flush=True)
"""


@pytest.fixture
def register(monkeypatch: pytest.MonkeyPatch):
    def setup(*specs: dict) -> None:
        monkeypatch.setenv("PROGRAMS", json.dumps(list(specs)))
        programs.registry.cache_clear()

    yield setup
    programs.close_all()
    programs.registry.cache_clear()


def test_a_program_gets_the_options_as_played(register, tmp_path: Path) -> None:
    (tmp_path / "echo.py").write_text(ECHO)
    seen = tmp_path / "options.json"
    register({"name": "echo", "command": f"{PY} {tmp_path / 'echo.py'} {seen}", "games": ["dvorovoy"]})
    state = DVOROVOY.new(3, {"cards": 7, "burn": False}, seed=2)
    seat = DVOROVOY.to_act(state)[0]
    assert programs.choose(DVOROVOY, state, seat, "program:echo") == DVOROVOY.legal_actions(state, seat)[0]
    assert json.loads(seen.read_text()) == {"cards": 7, "burn": False}


def test_the_levels_of_a_game_end_with_its_programs(register) -> None:
    register(
        {"name": "yard", "command": "courtyard:x.js", "games": ["dvorovoy"]},
        {"name": "any", "command": "x", "games": ["dvorovoy", "durak"]},
    )
    assert programs.levels(DVOROVOY) == [*DVOROVOY.bot_levels, "program:any", "program:yard"]
    assert programs.levels(games.get("durak"))[-1] == "program:any"


def test_the_courtyard_demo_plays_a_chat_tables_game(register, node: str, demo: str) -> None:
    register({"name": "demo", "command": demo, "games": ["dvorovoy"]})
    state = DVOROVOY.new(2, seed=7)
    other = DVOROVOY.bot("heuristic")
    rng = random.Random(7)
    asked = 0
    while not DVOROVOY.is_over(state):
        seat = DVOROVOY.to_act(state)[0]
        if seat == 0:
            action = programs.choose(DVOROVOY, state, seat, "program:demo")
            assert action is not None, "the demo failed at a chat table"
            asked += 1
        else:
            action = other.choose(DVOROVOY.view(state, seat), DVOROVOY.legal_actions(state, seat), rng)
        state, _ = DVOROVOY.apply(state, seat, action)
    assert asked > 10 and len(programs._kept) == 1  # one program played the game, kept between decisions


def test_a_blue_chip_robot_takes_a_decision_at_a_chat_table(register) -> None:
    robot = f"bluechip:{PY} {CLIENTS / 'bluechip_robot.py'} {{host}} {{port}}"
    register({"name": "robot", "command": robot, "games": ["bridge"], "time_limit": 5})
    bridge = games.get("bridge")
    state = bridge.new(4, bridge.presets["contest"], seed=1)
    state, _ = bridge.apply(state, bridge.to_act(state)[0], "pass")
    seat = bridge.to_act(state)[0]
    action = programs.choose(bridge, state, seat, "program:robot")
    assert action in ("pass", "bid:1C", "bid:1D", "bid:1H", "bid:1S")  # its own call, not the AI's
