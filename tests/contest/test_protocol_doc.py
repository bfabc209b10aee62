"""docs/protocol.md is enough: its game tables are the code's, its C example plays, its rules hold."""

from __future__ import annotations

from pathlib import Path

import games
from games.protocol import document
from games.protocol.match import Entrant, play_match
from tests.contest.conftest import py


def test_the_documents_game_tables_are_the_codes() -> None:
    text = document.DOC.read_text(encoding="utf-8")
    assert document.current(text) == document.section(), (
        "docs/protocol.md differs from the code: run `python -m games.protocol.document --write`"
    )
    for game in games.all_games():  # every game, its actions and its fields
        part = document.game_section(game)
        assert part.count("`") > 20 and "Actions" in part and "| `" in part, game.key


def test_the_c_example_plays_the_bridge_contest_preset(bridge_client: str) -> None:
    entrants = [Entrant(n, command=bridge_client) for n in ("north", "east", "south", "west")]
    result = play_match(games.get("bridge"), entrants, seed=3)
    assert result.moves >= 4 + 52
    for s in result.seats:
        assert s.violations == [] and s.ai_moves == 0
    # it answered every question itself: the declarer also played dummy's cards
    assert sum(s.decisions for s in result.seats) == result.moves


def test_an_extra_line_is_a_violation(tmp_path: Path) -> None:
    # answers its second question twice, in one write: both lines are in the pipe before the next question
    # (two writes may reach the server on either side of it: docs/protocol.md, "One line answers one
    # question")
    chatty = tmp_path / "chatty.py"
    chatty.write_text(
        "import json, sys\n"
        "n = 0\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'act':\n"
        "        n += 1\n"
        "        answer = json.dumps({'action': m['legal'][0]}) + '\\n'\n"
        "        sys.stdout.write(answer * (2 if n == 2 else 1))\n"
        "        sys.stdout.flush()\n"
    )
    entrants = [Entrant("chatty", command=py(chatty)), Entrant("r", level="random")]
    result = play_match(games.get("durak"), entrants, seed=1, options={"deck": 24})
    chatty = result.seats[0]
    assert chatty.violations == ["extra"] and chatty.decisions == 2 and chatty.replaced == "extra"
