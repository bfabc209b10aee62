import random

import pytest

import games
from games.base import GameError
from games.cards import make_deck

G = games.get("tricks")


def play_random(seed: int, target: int = 5) -> None:
    state = G.new(4, {"target": target}, seed=seed)
    rng = random.Random(seed)
    while not G.is_over(state):
        (seat,) = G.to_act(state)
        state, _ = G.apply(state, seat, rng.choice(G.legal_actions(state, seat)))
    assert max(state.points) == target


def test_registry_finds_by_alias() -> None:
    assert games.get("TRICKS") is G
    assert games.get("взятки") is G
    with pytest.raises(GameError) as e:
        games.get("chess")
    assert e.value.code == "unknown_game"


def test_explicit_deal_and_follow_suit() -> None:
    deck = make_deck(52)  # seat i gets every 4th card from the first player
    state = G.new(4, deals=[deck])
    assert state.hands[0][:3] == ["2S", "6S", "TS"]
    state, _ = G.apply(state, 0, "play:6S")
    with pytest.raises(GameError) as e:
        G.apply(state, 1, "play:2H")
    assert e.value.code == "must_follow_suit"
    with pytest.raises(GameError) as e:
        G.apply(state, 2, "play:4S")
    assert e.value.code == "not_your_turn"
    for seat, card in [(1, "7S"), (2, "4S"), (3, "5S")]:
        state, events = G.apply(state, seat, f"play:{card}")
    assert events[-1].kind == "trick_won" and events[-1].seat == 1
    assert G.to_act(state) == [1]


def test_apply_leaves_state_untouched() -> None:
    state = G.new(4, seed=3)
    before = state.model_dump_json()
    seat = G.to_act(state)[0]
    G.apply(state, seat, G.legal_actions(state, seat)[0])
    assert state.model_dump_json() == before


@pytest.mark.parametrize("seed", range(5))
def test_random_games_end_at_target(seed: int) -> None:
    play_random(seed)
