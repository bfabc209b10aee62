"""Rozpysnyi poker: every rule of the spec on hand-made deals, and the spec's worked examples."""

from __future__ import annotations

import pytest

from games.base import GameError
from games.rozpysnyi import round_points
from games.rozpysnyi.schedule import build
from tests.games.rozpysnyi_deals import GAME, deck_for, play, position

# The spec's example: 4 players, 5 cards, seat 0 (P1) deals, spades are trumps.
EXAMPLE = {
    0: ["QH", "9H", "7D", "8D", "7C"],
    1: ["TH", "KH", "9D", "8C", "9C"],
    2: ["8S", "TS", "JS", "TD", "TC"],
    3: ["AD", "KD", "QD", "JD", "AC"],
}


def unchanged_after(state, seat: int, action: str) -> GameError:
    before = state.model_dump()
    with pytest.raises(GameError) as err:
        GAME.apply(state, seat, action)
    assert state.model_dump() == before
    return err.value


def test_the_dealer_hook_from_the_spec() -> None:
    state = GAME.new(4, {"schedule": "5"}, seed=0, deals=[deck_for(EXAMPLE, "9S", 0, 4)])
    for seat, bid in ((1, 2), (2, 0), (3, 1)):
        state, _ = GAME.apply(state, seat, f"bid:{bid}")
    assert GAME.to_act(state) == [0]
    assert "bid:2" not in GAME.legal_actions(state, 0)
    assert {f"bid:{n}" for n in (0, 1, 3, 4, 5)} == set(GAME.legal_actions(state, 0))
    err = unchanged_after(state, 0, "bid:2")
    assert err.code == "hook" and err.params["forbidden"] == 2
    state, events = GAME.apply(state, 0, "bid:1")
    assert events[0].kind == "bid" and events[0].data == {"n": 1}


def test_the_dealer_leads_and_must_trump_from_the_spec() -> None:
    state = position(EXAMPLE, "9S", bids=[1, 2, 0, 1])
    assert state.trump == "S" and GAME.to_act(state) == [0]
    state = play(state, "play:QH")
    assert set(GAME.legal_actions(state, 1)) == {"play:TH", "play:KH"}
    state = play(state, "play:KH")
    assert set(GAME.legal_actions(state, 2)) == {"play:8S", "play:TS", "play:JS"}  # no hearts: must trump
    assert unchanged_after(state, 2, "play:TD").code == "must_trump"
    state = play(state, "play:8S")
    assert len(GAME.legal_actions(state, 3)) == 5  # no hearts, no trumps: anything
    state, events = GAME.apply(state, 3, "play:AD")
    assert events[-1].kind == "trick_won" and events[-1].seat == 2


def test_the_scoring_examples_from_the_spec() -> None:
    assert round_points(1, 1, False) == 10
    assert round_points(2, 1, False) == -10
    assert round_points(0, 0, False) == 5
    assert round_points(1, 3, False) == 3
    assert round_points(3, 3, False) == 30
    assert round_points(3, 0, True) == -60
    assert round_points(0, 0, True) == 10


def test_must_follow_suit_and_a_card_not_held() -> None:
    state = position(EXAMPLE, "9S", bids=[1, 2, 0, 1])
    state = play(state, "play:QH")
    assert unchanged_after(state, 1, "play:9D").code == "must_follow_suit"
    assert unchanged_after(state, 1, "play:AS").code == "card_not_in_hand"
    assert unchanged_after(state, 2, "play:8S").code == "not_your_turn"


# -- the poker card ----------------------------------------------------------------------------------


def test_poker_card_as_highest_beats_the_trump_ace_even_when_holding_the_led_suit() -> None:
    hands = {0: ["AS", "8D"], 1: ["7S", "9S"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = position(hands, "JS")
    state = play(state, "play:AS")
    assert {"play:7S:high", "play:7S:low", "play:9S"} == set(GAME.legal_actions(state, 1))
    state = play(state, "play:7S:high", "play:8C")
    state, events = GAME.apply(state, 3, "play:TC")
    assert events[-1].kind == "trick_won" and events[-1].seat == 1


def test_poker_card_as_lowest_never_wins() -> None:
    hands = {0: ["8D", "AS"], 1: ["7S", "9H"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = position(hands, "JS")
    state = play(state, "play:8D", "play:7S:low", "play:8C")
    state, events = GAME.apply(state, 3, "play:TC")
    assert events[-1].seat == 0  # the led diamond wins; the poker card counted as nothing


def test_leading_the_poker_card_needs_a_call() -> None:
    hands = {0: ["7S", "8D"], 1: ["KH", "9H"], 2: ["8C", "TS"], 3: ["AC", "9C"]}
    state = position(hands, "JS")
    legal = GAME.legal_actions(state, 0)
    assert "play:7S" not in legal and "lead:7S:top:H" in legal and "lead:7S:dump:S" in legal
    assert unchanged_after(state, 0, "play:7S").code == "poker_call_required"


def test_by_the_highest_forces_the_highest_card_and_a_trump_wins() -> None:
    hands = {0: ["7S", "8D"], 1: ["KH", "9H"], 2: ["8C", "TS"], 3: ["AC", "9C"]}
    state = play(position(hands, "JS"), "lead:7S:top:H")
    assert GAME.legal_actions(state, 1) == ["play:KH"]
    assert unchanged_after(state, 1, "play:9H").code == "must_play_highest"
    state = play(state, "play:KH")
    assert GAME.legal_actions(state, 2) == ["play:TS"]  # no hearts: a trump
    state = play(state, "play:TS")
    assert set(GAME.legal_actions(state, 3)) == {"play:AC", "play:9C"}
    state, events = GAME.apply(state, 3, "play:AC")
    assert events[-1].seat == 2


def test_by_the_highest_wins_when_nobody_trumps() -> None:
    hands = {0: ["7S", "8D"], 1: ["KH", "9H"], 2: ["8C", "9C"], 3: ["AC", "TC"]}
    state = play(position(hands, "JS"), "lead:7S:top:H", "play:KH", "play:8C")
    state, events = GAME.apply(state, 3, "play:AC")
    assert events[-1].seat == 0


def test_by_the_highest_trump_cannot_be_beaten() -> None:
    hands = {0: ["7S", "8D"], 1: ["AS", "8S"], 2: ["KS", "9C"], 3: ["AC", "TC"]}
    state = play(position(hands, "JS"), "lead:7S:top:S")
    assert GAME.legal_actions(state, 1) == ["play:AS"]
    state = play(state, "play:AS", "play:KS")
    state, events = GAME.apply(state, 3, "play:AC")
    assert events[-1].seat == 0


def _h(*others: list[str]) -> dict[int, list[str]]:
    return {0: ["7S", "8D"], **{i + 1: h for i, h in enumerate(others)}}


@pytest.mark.parametrize(
    ("hands", "plays", "winner"),
    [
        # somebody plays hearts: the highest heart wins
        (_h(["KH", "9H"], ["8C", "9C"], ["AC", "TC"]), ["play:9H", "play:8C", "play:AC"], 1),
        # somebody trumps: the trump wins
        (_h(["KH", "9H"], ["8C", "TS"], ["AC", "TC"]), ["play:KH", "play:TS", "play:AC"], 2),
        # nobody has hearts or trumps: the poker card wins
        (_h(["KD", "9D"], ["8C", "9C"], ["AC", "TC"]), ["play:KD", "play:8C", "play:AC"], 0),
    ],
)
def test_dump_as_the_lowest(hands, plays, winner) -> None:
    state = play(position(hands, "JS"), "lead:7S:dump:H")
    if "KH" in hands[1]:
        assert set(GAME.legal_actions(state, 1)) == {"play:KH", "play:9H"}  # any heart, not only the highest
    state = play(state, *plays[:-1])
    state, events = GAME.apply(state, 3, plays[-1])
    assert events[-1].kind == "trick_won" and events[-1].seat == winner


def test_the_poker_card_belongs_to_no_suit() -> None:
    hands = {0: ["8S", "8D"], 1: ["7S", "9D"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = play(position(hands, "JH"), "play:8S")  # spades led; the 7S is not a spade to follow with
    assert set(GAME.legal_actions(state, 1)) == {"play:7S:high", "play:7S:low", "play:9D"}


# -- trump, dealing, dark and no-trump rounds ----------------------------------------------------------


def test_whole_deck_shows_the_dealers_last_card_as_trump_and_it_stays() -> None:
    state = GAME.new(4, {"schedule": "8"}, seed=0)
    last = state.deals  # no explicit deal: seeded; check through the state
    assert not last
    assert state.trump_card in state.hands[state.dealer] and state.trump_in_hand
    assert state.trump == state.trump_card[1]
    view = GAME.view(state, state.dealer)
    assert state.trump_card in (view.hand or []) and view.trump_shown


def test_turned_up_poker_card_makes_a_no_trump_round() -> None:
    hands = {0: ["8S", "8D"], 1: ["AS", "9D"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = GAME.new(4, {"schedule": "2"}, seed=0, deals=[deck_for(hands, "7S", 0, 4)])
    assert state.trump is None and state.trump_card == "7S"
    assert GAME.view(state, None).kind == "no_trump"


def test_no_trump_round_highest_of_the_led_suit_wins() -> None:
    hands = {0: ["7D", "8D"], 1: ["AS", "9S"], 2: ["AC", "9C"], 3: ["AH", "JH"]}
    state = position(hands, "7S")  # the turned-up poker card: a two-card round without trumps
    state = play(state, "play:7D", "play:AS", "play:AC")
    state, events = GAME.apply(state, 3, "play:AH")
    assert events[-1].seat == 0  # a seven of the led suit beats three aces of other suits


def test_n_round_deals_everything_and_has_no_trump() -> None:
    state = GAME.new(3, {"schedule": "N"}, seed=3)
    assert state.trump is None and state.trump_card is None
    assert all(len(h) == 12 for h in state.hands)


def test_dark_round_hides_every_card_until_the_bids_are_in_and_doubles_the_score() -> None:
    state = GAME.new(4, {"schedule": "D"}, seed=0)
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view.hand == [] and view.trump is None and view.trump_card is None and view.dark_hidden
    for _ in range(4):
        seat = GAME.to_act(state)[0]
        state, events = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert any(e.kind in ("trump", "no_trump") for e in events)
    assert len(GAME.view(state, 1).hand or []) == 8
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    expected = [round_points(b or 0, t, True) for b, t in zip(state.bids, state.tricks, strict=True)]
    assert state.history[-1] == expected


def test_dealer_rotates_and_totals_accumulate() -> None:
    state = GAME.new(3, {"schedule": "1 1 2"}, seed=5)
    dealers = [state.dealer]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
        if state.dealer != dealers[-1] and not GAME.is_over(state):
            dealers.append(state.dealer)
    assert dealers == [dealers[0], (dealers[0] + 1) % 3, (dealers[0] + 2) % 3]
    assert state.totals == [sum(r[i] for r in state.history) for i in range(3)]
    assert GAME.winners(state) == [i for i, v in enumerate(state.totals) if v == max(state.totals)]


# -- schedules and options ----------------------------------------------------------------------------


def test_schedules() -> None:
    full3 = build("full", 3, True, True)
    full4 = build("full", 4, True, True)
    assert len(full3) == 32 and full3[:4] == ["1", "1", "1", "2"] and full3[-6:] == ["D"] * 3 + ["N"] * 3
    assert len(full4) == 28 and full4.count("8") == 4 and full4[-8:] == ["D"] * 4 + ["N"] * 4
    short4 = build("short", 4, True, True)
    assert short4 == [str(n) for n in [1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1]] + ["D"] * 4 + ["N"] * 4
    assert "D" not in build("full", 4, False, True) and "N" not in build("short", 3, True, False)
    assert build("1 5 D N", 4, False, False) == ["1", "5", "D", "N"]


def test_bad_options_are_refused() -> None:
    with pytest.raises(GameError) as err:
        GAME.new(4, {"schedule": "1 9"})  # four players hold at most 8
    assert err.value.code == "bad_schedule"
    with pytest.raises(GameError):
        GAME.new(4, {"poker_card_id": "6S"})  # no sixes in the 32-card deck
    with pytest.raises(GameError):
        GAME.new(5)
    with pytest.raises(ValueError):
        GAME.options({"schedule": "1 X"})


def test_poker_card_off_makes_the_seven_an_ordinary_spade() -> None:
    hands = {0: ["8S", "8D"], 1: ["7S", "9D"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = play(position(hands, "JH", options={"poker_card": False}), "play:8S")
    assert GAME.legal_actions(state, 1) == ["play:7S"]


def test_normalize_accepts_what_people_type() -> None:
    assert GAME.normalize("play:10h") == "play:TH"
    assert GAME.normalize("LEAD:7s:TOP:h") == "lead:7S:top:H"
    assert GAME.normalize("bid:2") == "bid:2"
