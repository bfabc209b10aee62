"""The university bridge contest (seed 003) end to end: four programs, the contest's rules and penalty."""

from __future__ import annotations

import games
from games.protocol.match import Entrant, play_match
from games.protocol.process import Limits
from tests.contest.conftest import EXAMPLES, py

BRIDGE = games.get("bridge")


def test_the_preset_is_the_contests() -> None:
    rules = BRIDGE.contest
    assert (rules.preset, rules.time_limit, rules.fallback, rules.penalty) == ("contest", 5.0, "board", 10)
    assert rules.sides == ((0, 2), (1, 3))


def test_four_programs_play_a_board_and_a_violators_side_pays_ten_a_move(tmp_path) -> None:
    client = tmp_path / "once.py"  # answers an illegal call once, then its first legal action
    client.write_text(
        "import json, sys\n"
        "first = True\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'act':\n"
        "        action = 'double' if first else m['legal'][0]\n"
        "        first = False\n"
        "        print(json.dumps({'action': action}), flush=True)\n"
    )
    entrants = [Entrant("north", command=py(client))]
    entrants += [Entrant(n, command=py(EXAMPLES / "json_client.py")) for n in ("east", "south", "west")]
    result = play_match(BRIDGE, entrants, seed=11, limits=Limits(time=5.0))
    north, east, south, west = result.seats
    # no doubles in the contest: north's first call is illegal, so the system plays north for the board
    assert north.violations == ["illegal"] and north.ai_moves > 0
    assert north.penalty == 10 * north.ai_moves  # booked to the violator, paid by the whole side
    assert north.score == north.game_score - north.penalty and south.score == south.game_score - north.penalty
    assert east.penalty == west.penalty == 0 and not (east.violations or south.violations or west.violations)
    # each side scores what it earns on the board: the declarers if made, else the defenders +50 a trick down
    ns, ew = north.game_score, east.game_score
    assert (south.game_score, west.game_score) == (ns, ew) and min(ns, ew) == 0 and max(ns, ew) > 0

