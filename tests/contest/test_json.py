"""The JSON-lines protocol for every registered game, with random-action clients in Python and node."""

from __future__ import annotations

import io
import json
import random

import pytest

import games
from games.protocol.jsonlines import JsonLines
from games.protocol.match import Entrant, play_match
from games.protocol.process import Limits
from tests.contest.conftest import EXAMPLES, py
from tests.core.test_picks import PutGame

SHORT = {"tricks": {"target": 3}, "rozpysnyi": {"schedule": "short"}, "most": {"target": 0}}


def test_act_is_exactly_the_view_and_the_legal_actions() -> None:
    for game in games.all_games():
        state = game.new(game.min_players, seed=5)
        seat = game.to_act(state)[0]
        speaker = JsonLines(game, [f"p{i}" for i in range(game.min_players)], 1.0, {})
        [(to, text)] = speaker.query(state, seat)
        msg = json.loads(text)
        assert to == seat and set(msg) == {"type", "view", "legal"}
        assert msg["view"] == json.loads(game.view(state, seat).model_dump_json())
        assert msg["legal"] == game.legal_actions(state, seat)


@pytest.mark.parametrize("key", sorted(g.key for g in games.all_games()))
def test_every_game_plays_with_random_programs(key: str) -> None:
    game = games.get(key)
    n = game.min_players
    entrants = [Entrant(f"p{i}", command=py(EXAMPLES / "json_client.py")) for i in range(min(2, n))]
    entrants += [Entrant(f"ai{i}", level=game.default_bot) for i in range(n - len(entrants))]
    out = io.StringIO()
    result = play_match(
        game,
        entrants,
        seed=3,
        options=SHORT.get(key),
        protocol="json",
        limits=Limits(time=3.0),
        transcript=out,
        budget=0.02,  # the default level may be a search: it thinks briefly here
    )
    assert all(not s.violations and s.ai_moves == 0 for s in result.seats[:2])
    assert result.moves > 0 and result.winners
    lines = out.getvalue().splitlines()
    first = json.loads(lines[0].split("\t")[1])
    assert first["type"] == "start" and first["game"] == key and first["seat"] == 0
    events = [json.loads(x.split("\t")[1]) for x in lines if x.startswith("> *\t")]
    assert events[-1]["type"] == "end" and events[-1]["scores"] == result.scores
    assert all(e["type"] == "event" for e in events[:-1])
    answers = [x for x in lines if x.startswith("< ")]
    assert len(answers) == sum(s.decisions for s in result.seats)


def test_node_client_plays_tricks_over_json(node: str) -> None:
    game = games.get("tricks")
    entrants = [Entrant(f"js{i}", command=f"{node} {EXAMPLES / 'json_client.js'}") for i in range(2)]
    entrants += [Entrant("a", level="random"), Entrant("b", level="random")]
    result = play_match(
        game, entrants, seed=2, options={"target": 4}, protocol="json", limits=Limits(time=3.0)
    )
    assert max(s.game_score for s in result.seats) == 4
    assert all(s.decisions > 0 and not s.violations for s in result.seats[:2])


def test_an_action_only_is_legal_accepts_is_taken(tmp_path) -> None:
    """A meld of the whole hand at once: `legal_actions` lists single cards only, `is_legal` allows it."""
    client = tmp_path / "meld.py"
    client.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'act':\n"
        "        hand = ','.join(m['view']['hand'])\n"
        "        print(json.dumps({'action': f'put:{hand}:in_order'}), flush=True)\n"
    )
    game = PutGame()
    result = play_match(
        game,
        [Entrant("m", command=py(client)), Entrant("b", level="random")],
        seed=1,
        protocol="json",
        limits=Limits(time=3.0),
    )
    assert result.moves == 1 and result.winners == [0] and not result.seats[0].violations


@pytest.mark.parametrize(
    ("answer", "reason"),
    [("not json", "garbage"), ('{"act": 1}', "garbage"), ('{"action": "play:ZZ"}', "illegal")],
)
def test_a_bad_answer_hands_the_seat_to_the_ai(tmp_path, answer: str, reason: str) -> None:
    client = tmp_path / "bad.py"
    client.write_text(
        "import sys\n"
        "for line in sys.stdin:\n"
        "    if '\"act\"' in line:\n"
        f"        print({answer!r}, flush=True)\n"
    )
    game = games.get("durak")
    out = io.StringIO()
    result = play_match(
        game,
        [Entrant("x", command=py(client)), Entrant("y", level="random")],
        seed=4,
        limits=Limits(time=2.0),
        transcript=out,
        budget=0.02,  # the AI that takes the seat over may be a search: it thinks briefly here
    )
    x = result.seats[0]
    assert x.violations == [reason] and x.replaced == reason and x.ai_moves > 0 and x.decisions == 1
    assert f'"reason":"{reason}"' in out.getvalue()  # the program was told why


def test_board_fallback_returns_the_seat_at_the_next_deal_with_a_penalty(tmp_path) -> None:
    """Rule `board`: the AI plays until the next deal, 10 points off per move, shared with the partner."""
    from games.base import ContestRules

    client = tmp_path / "once.py"  # answers nonsense once, then plays the first legal action
    client.write_text(
        "import json, sys\n"
        "first = True\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'act':\n"
        "        action = 'play:nonsense' if first else m['legal'][0]\n"
        "        first = False\n"
        "        print(json.dumps({'action': action}), flush=True)\n"
    )
    game = games.get("tricks")
    rules = ContestRules(time_limit=2.0, fallback="board", penalty=10, sides=((0, 2), (1, 3)))
    entrants = [Entrant("p", command=py(client))] + [Entrant(f"b{i}", level="random") for i in range(3)]
    result = play_match(
        game, entrants, seed=6, options={"target": 20}, rules=rules, protocol="json", limits=Limits(time=2.0)
    )
    p, b0, b1, b2 = result.seats
    assert p.violations == ["illegal"] and p.replaced is None
    assert 1 <= p.ai_moves <= 13 and p.penalty == 10 * p.ai_moves  # the rest of the first hand only
    assert p.decisions > 1  # it played again after the deal
    assert p.score == p.game_score - p.penalty and b1.score == b1.game_score - p.penalty
    assert b0.score == b0.game_score and b2.score == b2.game_score


def test_random_seed_is_reproducible() -> None:
    game = games.get("durak")
    entrants = [Entrant("a", level="random"), Entrant("b", level="heuristic")]
    runs = [play_match(game, entrants, seed=s).scores for s in (7, 7, 8)]
    assert runs[0] == runs[1]
    random.Random(0)  # keep the import honest for readers: seeds, not global randomness, decide games
