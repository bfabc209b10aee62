"""Kozyr as a Blue Chip table manager: bridge robots written from docs/protocol.md alone play whole matches.

The robot (`clients/bluechip_robot.py`) imports nothing of Kozyr; its faults are violations, never crashes.
"""

from __future__ import annotations

import json
import socket
import subprocess
from pathlib import Path

import pytest

import games
from games.contest import entrants_from
from games.protocol import bluechip, launch
from games.protocol.jsonlines import JsonLines, dumps
from games.protocol.match import Entrant, contest_options, play_match
from games.protocol.process import Limits
from tests.contest.conftest import CLIENTS, PY

G = games.get("bridge")
ROBOT = f"{PY} {CLIENTS / 'bluechip_robot.py'}"


def robot(name: str, mode: str = "") -> Entrant:
    return Entrant(name, command=f"bluechip:{ROBOT} {{host}} {{port}} {mode}".rstrip())


def test_four_robots_play_a_contest_match(tmp_path: Path) -> None:
    entrants = [robot(n) for n in ("north", "east", "south", "west")]
    log = tmp_path / "t.txt"
    with log.open("w") as transcript:
        result = play_match(G, entrants, seed=1, limits=Limits(time=2.0), transcript=transcript)
    assert result.deals == 1
    for s in result.seats:
        assert s.violations == [] and s.ai_moves == 0 and s.decisions >= 1
    ns, ew, *_ = result.scores
    assert result.scores == [ns, ew, ns, ew] and max(ns, ew) > 0
    # the robots made every call and card: at least 4 calls and 52 cards
    answers = [line for line in log.read_text().splitlines() if line.startswith("< ")]
    assert len(answers) == result.moves >= 4 + 52
    # a robot connected for one decision (as at a chat table) is dealt the board so far, makes its own
    # earlier calls and cards again, and answers as the robot that played the whole board did
    moves = [
        (result.names.index(a[2:].split("\t")[0]), json.loads(a.split("\t")[1])["action"])
        for a in answers
    ]
    state = G.new(4, contest_options(G, G.contest, None), seed=1)
    for k, (seat, action) in enumerate(moves):
        if k in (1, len(moves) // 2, len(moves) - 1):
            assert once(robot("again").command, state, seat) == action, k
        state, _ = G.apply(state, seat, action)


def once(command: str | None, state: object, seat: int) -> str:
    """The action of a robot started for this one decision, as `bot/core/programs.py` asks it."""
    assert command is not None
    speaker = JsonLines(G, [f"seat {i + 1}" for i in range(4)], 2.0, {})
    player = launch.start("again", command, Limits(time=2.0))
    try:
        player.send(dumps(speaker.hello(seat, once=True)))
        player.send(dumps(speaker.act(state, seat)))
        answer = player.read_line(5.0)
    finally:
        player.close()
    assert answer is not None
    return json.loads(answer)["action"]


def test_a_robot_started_by_its_operator_connects_to_a_port(tmp_path: Path) -> None:
    with socket.socket() as s:  # a free port for the table manager to listen on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    runner = subprocess.Popen([PY, str(CLIENTS / "bluechip_robot.py"), "127.0.0.1", str(port)], cwd=tmp_path)
    try:
        entrants = [Entrant("wbridge", command=f"bluechip:{port}")]
        entrants += [Entrant(n, level="random") for n in ("e", "s", "w")]
        result = play_match(G, entrants, seed=4, limits=Limits(time=2.0))
    finally:
        runner.wait(timeout=10)
    north = result.seats[0]
    assert north.violations == [] and north.ai_moves == 0 and north.decisions > 0
    assert runner.returncode == 0  # it heard `End of session` and stopped


def test_faulty_robots_break_the_rules_once_and_play_the_next_board() -> None:
    # each fault is a violation; the contest's rule: the AI plays the seat for the rest of the board, the pair
    # pays 10 a move; at the next board the robot is started again and plays (it breaks a rule only once)
    modes = {"noise": "garbage:2", "eager": "outofturn", "slow": "late:3", "liar": "wrongseat"}
    entrants = [robot(name, mode) for name, mode in modes.items()]
    result = play_match(G, entrants, seed=1, options={"boards": 2}, limits=Limits(time=1.0), budget=0.01)
    reasons = {s.name: s.violations for s in result.seats}
    assert reasons == {"noise": ["garbage"], "eager": ["garbage"], "slow": ["timeout"], "liar": ["garbage"]}
    for s in result.seats:
        assert s.ai_moves > 0 and s.penalty == 10 * s.ai_moves and s.replaced is None
    assert sum(s.decisions for s in result.seats) > result.moves / 2  # the robots came back for board 2
    side_penalty = [result.seats[i].penalty + result.seats[(i + 2) % 4].penalty for i in range(4)]
    assert [s.score for s in result.seats] == [
        s.game_score - p for s, p in zip(result.seats, side_penalty, strict=True)
    ]
    assert [s.note()["paid"] for s in result.seats] == side_penalty  # its side's; its own is `penalty`


def test_the_protocol_texts() -> None:
    assert bluechip.hand_text(["AS", "3S", "KS", "QD", "2C", "TD"]) == "S A K 3. H -. D Q T. C 2."
    assert bluechip.action_of("north PASSES") == (0, "pass")
    assert bluechip.action_of("WEST bids 3NT Alert. 25-27") == (3, "bid:3N")
    assert bluechip.action_of("east  bids 1c") == (1, "bid:1C")
    assert bluechip.action_of("SOUTH plays tc") == (2, "play:TC")
    assert bluechip.action_of("SOUTH plays 10H") == (2, "play:TH")
    for garbage in ("SOUTH bids 8S", "SOUTH plays 1X", "NORTHWEST passes", "passes", "SOUTH plays AS AH", ""):
        assert bluechip.action_of(garbage) is None, garbage
    assert bluechip.parse("bluechip:2000") == bluechip.Target("127.0.0.1", 2000)
    assert bluechip.parse("bluechip:0.0.0.0:2001") == bluechip.Target("0.0.0.0", 2001)
    assert bluechip.parse("bluechip:wbridge5 {port}").command == "wbridge5 {port}"
    for bad in ("bluechip:", "bluechip:70000"):
        with pytest.raises(ValueError):
            bluechip.parse(bad)
    with pytest.raises(ValueError, match="bridge"):
        entrants_from(games.get("tricks"), ["a=bluechip:2000", "b=ai:random", "c=ai:random", "d=ai:random"])
