"""A game never outlives its contest's cap on moves and time; durak contests offer no undo."""

from __future__ import annotations

import games
from games.base import ContestRules
from games.protocol.match import Entrant, play_match

DURAK = games.get("durak")


def randoms(n: int) -> list[Entrant]:
    return [Entrant(f"r{i}", level="random") for i in range(n)]


def test_a_durak_contest_offers_no_undo() -> None:
    rules = DURAK.contest
    assert rules.preset == "contest" and DURAK.presets["contest"]["undo"] is False
    options = DURAK.options(DURAK.presets["contest"])
    state = DURAK.new(2, options, seed=4)
    seen = 0
    while not DURAK.is_over(state):
        seat = DURAK.to_act(state)[0]
        legal = DURAK.legal_actions(state, seat)
        assert "undo" not in legal
        state, _ = DURAK.apply(state, seat, legal[seen % len(legal)])
        seen += 1
    assert seen > 10


def test_the_cap_on_moves_ends_a_durak_game_by_its_adjudication() -> None:
    capped = ContestRules(preset="contest", max_moves=12)
    result = play_match(DURAK, randoms(3), seed=2, rules=capped)
    assert result.capped == "moves" and result.moves == 12
    state = result.state
    assert not DURAK.is_over(state)
    held = [len(state.hands[s]) for s in range(3)]
    most = [s for s in range(3) if held[s] == max(held)]
    expected = [0.0 if most == [s] else 1.0 for s in range(3)]
    assert [s.game_score for s in result.seats] == expected == DURAK.adjudicate(state)
    assert result.winners == [s for s in range(3) if expected[s] == 1.0]


def test_the_cap_on_time_ends_a_game_between_moves() -> None:
    tricks = games.get("tricks")
    rules = ContestRules(preset="contest", time_limit=2.0, fallback="rule", max_seconds=0.05)
    result = play_match(tricks, randoms(4), seed=1, rules=rules)  # to 1000: it would take minutes
    assert result.capped == "time" and 0 < result.moves < 4000
    assert [s.game_score for s in result.seats] == tricks.scores(result.state)
