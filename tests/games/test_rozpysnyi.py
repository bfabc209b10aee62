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

# A whole round that ends as the spec's round result: tricks 1, 1, 0, 3 against bids 1, 2, 0, 1.
RESULT = {
    0: ["AC", "7H", "TH", "JH", "QH"],
    1: ["9C", "7C", "AD", "8D", "9D"],
    2: ["JC", "8H", "9H", "TD", "JD"],
    3: ["QC", "JS", "AS", "KS", "7D"],
}


def words(text: str) -> list[str]:
    return text.split()


def refused(state, seat: int, action: str) -> GameError:
    """The error for an illegal action, checking that the state is left exactly as it was."""
    before = state.model_dump()
    with pytest.raises(GameError) as err:
        GAME.apply(state, seat, action)
    assert state.model_dump() == before
    return err.value


def winner_of_last(events) -> int:
    won = [e for e in events if e.kind == "trick_won"]
    assert len(won) == 1
    return won[0].seat


def finish(state, pick=lambda legal: legal[0]):
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, pick(GAME.legal_actions(state, seat)))
    return state


# -- the spec's worked examples ------------------------------------------------------------------------


def test_the_dealer_hook_from_the_spec() -> None:
    state = GAME.new(4, {"schedule": "5"}, seed=0, deals=[deck_for(EXAMPLE, "9S", 0, 4)])
    assert GAME.to_act(state) == [1]  # bidding starts after the dealer
    for seat, bid in ((1, 2), (2, 0), (3, 1)):
        assert GAME.view(state, 0).forbidden_bid is None
        state, _ = GAME.apply(state, seat, f"bid:{bid}")
    assert GAME.to_act(state) == [0]
    assert GAME.view(state, 2).forbidden_bid == 2
    assert set(GAME.legal_actions(state, 0)) == {f"bid:{n}" for n in (0, 1, 3, 4, 5)}
    err = refused(state, 0, "bid:2")
    assert err.code == "hook" and err.params == {"forbidden": 2}
    state, events = GAME.apply(state, 0, "bid:1")
    assert events[0].kind == "bid" and events[0].seat == 0 and events[0].data == {"n": 1}
    assert state.phase == "play" and GAME.to_act(state) == [0]  # the dealer leads


def test_the_dealer_leads_and_must_trump_from_the_spec() -> None:
    state = position(EXAMPLE, "9S", bids=[1, 2, 0, 1])
    assert state.trump == "S" and state.trump_card == "9S" and GAME.to_act(state) == [0]
    state = play(state, "play:QH")
    assert set(GAME.legal_actions(state, 1)) == {"play:TH", "play:KH"}
    state = play(state, "play:KH")
    assert set(GAME.legal_actions(state, 2)) == {"play:8S", "play:TS", "play:JS"}  # no hearts: must trump
    err = refused(state, 2, "play:TD")
    assert err.code == "must_trump" and err.params == {"suit": "S"}
    state = play(state, "play:8S")
    assert len(GAME.legal_actions(state, 3)) == 5  # no hearts, no trumps: anything
    state, events = GAME.apply(state, 3, "play:AD")
    assert winner_of_last(events) == 2 and events[-1].data == {"cards": ["QH", "KH", "8S", "AD"]}
    assert state.tricks == [0, 0, 1, 0] and GAME.to_act(state) == [2]  # the winner leads


def test_the_round_result_from_the_spec() -> None:
    state = position(RESULT, "9S", bids=[1, 2, 0, 1])
    tricks = [
        ["play:AC", "play:9C", "play:JC", "play:QC"],
        ["play:7H", "play:7C", "play:8H", "play:JS"],
        ["play:AS", "play:TH", "play:8D", "play:9H"],
        ["play:KS", "play:JH", "play:9D", "play:TD"],
        ["play:7D", "play:QH", "play:AD", "play:JD"],
    ]
    events = []
    for trick in tricks:
        for action in trick:
            (seat,) = GAME.to_act(state)
            state, events = GAME.apply(state, seat, action)
    scored = next(e for e in events if e.kind == "round_scored")
    assert scored.data == {
        "bids": [1, 2, 0, 1],
        "tricks": [1, 1, 0, 3],
        "points": [10, -10, 5, 3],
        "totals": [10, -10, 5, 3],
    }
    assert events[-1].kind == "game_over" and events[-1].data == {"scores": [10, -10, 5, 3]}
    assert GAME.is_over(state) and GAME.scores(state) == [10.0, -10.0, 5.0, 3.0]
    assert GAME.winners(state) == [0]


def test_the_scoring_rules() -> None:
    assert round_points(1, 1, False) == 10
    assert round_points(3, 3, False) == 30
    assert round_points(2, 1, False) == -10
    assert round_points(4, 1, False) == -30
    assert round_points(0, 0, False) == 5
    assert round_points(1, 3, False) == 3
    assert round_points(0, 2, False) == 2
    assert round_points(3, 0, True) == -60
    assert round_points(0, 0, True) == 10
    assert round_points(2, 2, True) == 40
    assert round_points(1, 3, True) == 6


# -- bidding and following -----------------------------------------------------------------------------


def test_bids_range_and_phase_errors() -> None:
    state = GAME.new(4, {"schedule": "5"}, seed=0, deals=[deck_for(EXAMPLE, "9S", 0, 4)])
    assert GAME.legal_actions(state, 1) == [f"bid:{n}" for n in range(6)]
    assert refused(state, 1, "bid:6").code == "bad_bid"
    assert refused(state, 1, "bid:6").params == {"max": 5}
    assert refused(state, 1, "play:TH").code == "bid_first"
    assert refused(state, 2, "bid:1").code == "not_your_turn"
    state = position(EXAMPLE, "9S", bids=[1, 2, 0, 1])
    assert refused(state, 0, "bid:1").code == "bidding_over"


def test_must_follow_suit_and_cards_not_held() -> None:
    state = play(position(EXAMPLE, "9S", bids=[1, 2, 0, 1]), "play:QH")
    err = refused(state, 1, "play:9D")
    assert err.code == "must_follow_suit" and err.params == {"suit": "H"}
    err = refused(state, 1, "play:AS")
    assert err.code == "card_not_in_hand" and err.params == {"card": "AS"}
    assert refused(state, 2, "play:8S").code == "not_your_turn"
    assert refused(state, 1, "play:KH:high").code == "illegal_action"  # calls go with the poker card only


def test_leader_may_lead_anything_including_trumps() -> None:
    hands = {0: ["8S", "9H"], 1: ["TH", "KH"], 2: ["AS", "JC"], 3: ["AD", "KD"]}
    state = position(hands, "QS")
    assert set(GAME.legal_actions(state, 0)) == {"play:8S", "play:9H"}
    state = play(state, "play:8S")  # trumps led: follow trumps, else anything
    assert set(GAME.legal_actions(state, 1)) == {"play:TH", "play:KH"}
    state = play(state, "play:KH")
    assert GAME.legal_actions(state, 2) == ["play:AS"]


def test_voids_are_revealed_by_play() -> None:
    state = play(position(EXAMPLE, "9S", bids=[1, 2, 0, 1]), "play:QH", "play:KH", "play:8S", "play:AD")
    view = GAME.view(state, None)
    assert view.voids == [[], [], ["H"], ["H", "S"]]  # seat 2 trumped; seat 3 could not trump either


# -- the poker card ----------------------------------------------------------------------------------


def test_poker_card_as_highest_beats_the_trump_ace_even_when_holding_the_led_suit() -> None:
    hands = {0: ["AS", "8D"], 1: ["7S", "9S"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = play(position(hands, "JS"), "play:AS")
    assert set(GAME.legal_actions(state, 1)) == {"play:7S:high", "play:7S:low", "play:9S"}
    err = refused(state, 1, "play:7S")
    assert err.code == "poker_high_or_low"
    state, events = GAME.apply(state, 1, "play:7S:high")
    assert [e.kind for e in events] == ["played", "poker_high"]
    assert events[0].data == {"card": "7S", "call": "high"} and state.poker_played
    state = play(state, "play:8C")
    state, events = GAME.apply(state, 3, "play:TC")
    assert winner_of_last(events) == 1
    assert state.last_trick is not None and state.last_trick.plays[1].call == "high"


def test_poker_card_as_lowest_never_wins() -> None:
    hands = {0: ["8D", "AS"], 1: ["7S", "9H"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = play(position(hands, "JS"), "play:8D", "play:7S:low", "play:8C")
    state, events = GAME.apply(state, 3, "play:TC")
    assert winner_of_last(events) == 0  # the led diamond wins; the poker card counted as nothing


def test_dump_a_single_card_of_the_named_suit_beats_the_poker_card() -> None:
    hands = {0: ["7S", "AS"], 1: ["8D", "9H"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = position(hands, "JH", options={"poker_card_id": "7S"})
    state = play(state, "lead:7S:dump:D", "play:8D", "play:8C", "play:TC")  # 8D wins as the only diamond
    assert state.last_trick is not None and state.last_trick.winner == 1


def test_leading_the_poker_card_needs_a_call() -> None:
    hands = {0: ["7S", "8D"], 1: ["KH", "9H"], 2: ["8C", "TS"], 3: ["AC", "9C"]}
    state = position(hands, "JS")
    legal = GAME.legal_actions(state, 0)
    assert {a for a in legal if a.startswith("lead:")} == {
        f"lead:7S:{how}:{s}" for how in ("top", "dump") for s in "SHDC"
    }
    assert "play:7S" not in legal and "play:8D" in legal
    assert refused(state, 0, "play:7S").code == "poker_call_required"
    assert refused(state, 0, "play:7S:high").code == "poker_call_required"
    assert refused(state, 0, "lead:7S:top:X").code == "poker_call_required"
    assert refused(state, 0, "lead:8D:top:H").code == "illegal_action"


def test_by_the_highest_forces_the_highest_card_and_a_trump_wins() -> None:
    hands = {0: ["7S", "8D"], 1: ["KH", "9H"], 2: ["8C", "TS"], 3: ["AC", "9C"]}
    state, events = GAME.apply(position(hands, "JS"), 0, "lead:7S:top:H")
    assert [e.kind for e in events] == ["played", "poker_top"]
    assert events[1].data == {"card": "7S", "suit": "H"}
    assert GAME.legal_actions(state, 1) == ["play:KH"]
    err = refused(state, 1, "play:9H")
    assert err.code == "must_play_highest" and err.params == {"card": "KH"}
    state = play(state, "play:KH")
    assert GAME.legal_actions(state, 2) == ["play:TS"]  # no hearts: a trump
    assert refused(state, 2, "play:8C").code == "must_trump"
    state = play(state, "play:TS")
    assert set(GAME.legal_actions(state, 3)) == {"play:AC", "play:9C"}  # neither: anything
    state, events = GAME.apply(state, 3, "play:AC")
    assert winner_of_last(events) == 2


def test_by_the_highest_any_trump_may_be_chosen() -> None:
    hands = {0: ["7S", "8D"], 1: ["KH", "9H"], 2: ["8S", "TS"], 3: ["AC", "9C"]}
    state = play(position(hands, "JS"), "lead:7S:top:H", "play:KH")
    assert set(GAME.legal_actions(state, 2)) == {"play:8S", "play:TS"}


def test_by_the_highest_wins_when_nobody_trumps() -> None:
    hands = {0: ["7S", "8D"], 1: ["KH", "9H"], 2: ["8C", "9C"], 3: ["AC", "TC"]}
    state = play(position(hands, "JS"), "lead:7S:top:H", "play:KH", "play:8C")
    state, events = GAME.apply(state, 3, "play:AC")
    assert winner_of_last(events) == 0


def test_by_the_highest_trump_cannot_be_beaten() -> None:
    hands = {0: ["7S", "8D"], 1: ["AS", "8S"], 2: ["KS", "9C"], 3: ["AC", "TC"]}
    state = play(position(hands, "JS"), "lead:7S:top:S")
    assert GAME.legal_actions(state, 1) == ["play:AS"]  # the highest trump, even the ace
    state = play(state, "play:AS", "play:KS")
    state, events = GAME.apply(state, 3, "play:AC")
    assert winner_of_last(events) == 0


def test_by_the_highest_in_a_no_trump_round() -> None:
    hands = {
        0: ["7S", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
        1: ["KH", "9H", "8S", "9S", "TS", "JS", "QS", "KS"],
        2: ["AS", "7D", "8C", "9C", "TC", "JC", "QC", "KC"],
        3: ["AC", "7C", "7H", "8H", "TH", "JH", "QH", "AH"],
    }
    state = play(position(hands, None, kind="N"), "lead:7S:top:H")
    assert state.trump is None and GAME.legal_actions(state, 1) == ["play:KH"]
    state = play(state, "play:KH")
    assert len(GAME.legal_actions(state, 2)) == 8  # no hearts and no trumps to be forced to
    state = play(state, "play:AS")
    assert GAME.legal_actions(state, 3) == ["play:AH"]
    state, events = GAME.apply(state, 3, "play:AH")
    assert winner_of_last(events) == 0


def _h(*others: list[str]) -> dict[int, list[str]]:
    return {0: ["7S", "8D"], **{i + 1: h for i, h in enumerate(others)}}


@pytest.mark.parametrize(
    ("hands", "plays", "winner"),
    [
        # somebody plays hearts: the highest heart wins
        (_h(["KH", "9H"], ["8C", "9C"], ["AC", "TC"]), ["play:9H", "play:8C", "play:AC"], 1),
        # somebody trumps: the trump wins, even over a heart
        (_h(["KH", "9H"], ["8C", "TS"], ["AC", "TC"]), ["play:KH", "play:TS", "play:AC"], 2),
        # nobody has hearts or trumps: the poker card wins
        (_h(["KD", "9D"], ["8C", "9C"], ["AC", "TC"]), ["play:KD", "play:8C", "play:AC"], 0),
    ],
)
def test_dump_as_the_lowest(hands, plays, winner) -> None:
    state, events = GAME.apply(position(hands, "JS"), 0, "lead:7S:dump:H")
    assert events[1].kind == "poker_dump"
    if "KH" in hands[1]:
        assert set(GAME.legal_actions(state, 1)) == {"play:KH", "play:9H"}  # any heart, not only the highest
        assert refused(state, 1, "play:AS").code == "card_not_in_hand"
    state = play(state, *plays[:-1])
    state, events = GAME.apply(state, 3, plays[-1])
    assert winner_of_last(events) == winner


def test_dump_in_trumps_the_highest_trump_wins() -> None:
    hands = {0: ["7S", "8D"], 1: ["8S", "9H"], 2: ["9S", "9C"], 3: ["AC", "TC"]}
    state = play(position(hands, "JS"), "lead:7S:dump:S")
    assert GAME.legal_actions(state, 1) == ["play:8S"]
    state = play(state, "play:8S", "play:9S", "play:AC")
    assert state.last_trick is not None and state.last_trick.winner == 2


def test_the_poker_card_belongs_to_no_suit() -> None:
    hands = {0: ["8S", "8D"], 1: ["7S", "9D"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = play(position(hands, "JH"), "play:8S")  # spades led; the 7S is not a spade to follow with
    assert set(GAME.legal_actions(state, 1)) == {"play:7S:high", "play:7S:low", "play:9D"}


def test_the_poker_card_may_be_played_instead_of_following_or_trumping() -> None:
    hands = {0: ["8D", "AH"], 1: ["7S", "9D"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = play(position(hands, "JH"), "play:8D")
    assert set(GAME.legal_actions(state, 1)) == {"play:7S:high", "play:7S:low", "play:9D"}
    hands = {0: ["8D", "AC"], 1: ["7S", "9H"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = play(position(hands, "JH"), "play:8D")  # no diamonds: a trump or the poker card
    assert set(GAME.legal_actions(state, 1)) == {"play:7S:high", "play:7S:low", "play:9H"}


def test_another_poker_card_and_none_at_all() -> None:
    hands = {0: ["8H", "8D"], 1: ["AH", "9D"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = play(position(hands, "JS", options={"poker_card_id": "ah"}), "play:8H")
    assert state.options.poker_card_id == "AH"
    assert set(GAME.legal_actions(state, 1)) == {"play:AH:high", "play:AH:low", "play:9D"}
    hands = {0: ["8S", "8D"], 1: ["7S", "9D"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = play(position(hands, "JH", options={"poker_card": False}), "play:8S")
    assert GAME.legal_actions(state, 1) == ["play:7S"]  # an ordinary spade
    assert GAME.view(state, 1).poker_card is None


# -- dealing, trump, dark and no-trump rounds ----------------------------------------------------------


def test_cards_are_dealt_one_at_a_time_from_the_seat_after_the_dealer() -> None:
    deck = [f"{r}{s}" for s in "HDCS" for r in "789TJQKA"]  # hearts first, spades last
    state = GAME.new(4, {"schedule": "2"}, seed=2, deals=[deck])
    assert state.dealer == 2
    assert state.hands[3] == ["7H", "JH"] and state.hands[0] == ["8H", "QH"]
    assert state.hands[1] == ["9H", "KH"] and state.hands[2] == ["TH", "AH"]  # the dealer gets the last card
    assert state.trump_card == "7D" and state.trump == "D" and not state.trump_in_hand
    assert all("7D" not in h for h in state.hands)


def test_whole_deck_shows_the_dealers_last_card_as_trump_and_it_stays() -> None:
    hands = {
        0: ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "AD"],
        1: ["7H", "KD", "QD", "JD", "TD", "9D", "8D", "7D"],
        2: ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"],
        3: ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"],
    }
    state = position(hands, None)
    assert state.trump_card == "AD" and state.trump == "D" and state.trump_in_hand
    assert "AD" in state.hands[0]
    for seat in (None, 1, 2, 3):  # everyone sees the shown card
        view = GAME.view(state, seat)
        assert view.trump_card == "AD" and view.trump_shown and view.trump == "D"
    assert "play:AD" in GAME.legal_actions(state, 0)


def test_shown_poker_card_makes_no_trump_and_stays_with_the_dealer() -> None:
    hands = {
        0: ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7S"],
        1: ["7H", "KD", "QD", "JD", "TD", "9D", "8D", "7D"],
        2: ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"],
        3: ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "AD"],
    }
    state = position(hands, None)
    assert state.trump is None and state.trump_card == "7S" and "7S" in state.hands[0]
    assert GAME.view(state, 1).kind == "no_trump"


def test_turned_up_poker_card_makes_a_no_trump_round() -> None:
    hands = {0: ["8S", "8D"], 1: ["AS", "9D"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = GAME.new(4, {"schedule": "2"}, seed=0, deals=[deck_for(hands, "7S", 0, 4)])
    assert state.trump is None and state.trump_card == "7S"
    assert all("7S" not in h for h in state.hands)
    assert GAME.view(state, None).kind == "no_trump"


def test_no_trump_round_the_highest_of_the_led_suit_wins() -> None:
    hands = {0: ["7D", "8D"], 1: ["AS", "9S"], 2: ["AC", "9C"], 3: ["AH", "JH"]}
    state = position(hands, "7S")
    assert set(GAME.legal_actions(state, 0)) == {"play:7D", "play:8D"}
    state = play(state, "play:7D")
    assert set(GAME.legal_actions(state, 1)) == {"play:AS", "play:9S"}  # void: anything, nothing to trump
    state = play(state, "play:AS", "play:AC")
    state, events = GAME.apply(state, 3, "play:AH")
    assert winner_of_last(events) == 0  # a seven of the led suit beats three aces of other suits


def test_n_round_deals_everything_has_no_trump_and_scores_normally() -> None:
    state = GAME.new(3, {"schedule": "N"}, seed=3)
    assert state.trump is None and state.trump_card is None
    assert all(len(h) == 12 for h in state.hands) and GAME.view(state, None).kind == "no_trump"
    state = finish(state, lambda legal: legal[-1])
    expected = [round_points(b or 0, t, False) for b, t in zip(state.bids, state.tricks, strict=True)]
    assert state.history == [expected] and sum(state.tricks) == 12


def test_dark_round_deals_only_after_the_bids_and_doubles_the_score() -> None:
    hands = {
        0: ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "AD"],
        1: ["7H", "KD", "QD", "JD", "TD", "9D", "8D", "7D"],
        2: ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"],
        3: ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"],
    }
    state = GAME.new(4, {"schedule": "D"}, seed=0, deals=[deck_for(hands, None, 0, 4)])
    assert state.hands == [[], [], [], []] and state.trump is None and not state.dealt
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(state, seat)
        assert view.hand == ([] if seat is not None else None)
        assert view.trump is None and view.trump_card is None and view.dark_hidden and view.kind == "dark"
    assert ("rozpysnyi.status.dark_bidding", {}) in GAME.status_lines(GAME.view(state, None))
    for seat, bid in ((1, 0), (2, 0), (3, 8)):
        state, _ = GAME.apply(state, seat, f"bid:{bid}")
    assert refused(state, 0, "bid:0").code == "hook"  # the hook holds in the dark
    state, events = GAME.apply(state, 0, "bid:1")
    assert [e.kind for e in events] == ["bid", "dealt", "trump"]
    assert events[1].data == {"no": 1, "cards": 8, "kind": "dark", "dealer": 0}
    assert events[2].data == {"card": "AD", "suit": "D", "shown": True}
    assert sorted(GAME.view(state, 3).hand or []) == sorted(hands[3])
    assert not GAME.view(state, 3).dark_hidden and GAME.to_act(state) == [0]
    state = finish(state)
    expected = [round_points(b or 0, t, True) for b, t in zip(state.bids, state.tricks, strict=True)]
    assert state.history[-1] == expected
    assert state.totals == expected and all(p % 2 == 0 for p in expected)


def test_a_new_dark_round_is_announced_before_its_bids() -> None:
    state = GAME.new(3, {"schedule": "1 D"}, seed=1)
    state, events = GAME.apply(state, GAME.to_act(state)[0], "bid:0")
    while not any(e.kind == "round_scored" for e in events):
        (seat,) = GAME.to_act(state)
        state, events = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    kinds = [e.kind for e in events]
    assert kinds[kinds.index("round_scored") + 1 :] == ["dark_round"]
    assert events[-1].data == {"no": 2, "cards": 12, "dealer": 2}
    assert state.hands == [[], [], []] and GAME.view(state, 0).dark_hidden


def test_dealer_rotates_the_dealer_leads_and_totals_accumulate() -> None:
    state = GAME.new(3, {"schedule": "1 1 2 N"}, seed=5)
    assert state.dealer == 5 % 3
    dealers, leaders = [], []
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        if state.phase == "play" and not state.played:
            dealers.append(state.dealer)
            leaders.append(seat)
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    assert dealers == [2, 0, 1, 2] and leaders == dealers
    assert len(state.history) == 4
    assert state.totals == [sum(r[i] for r in state.history) for i in range(3)]
    assert GAME.winners(state) == [i for i, v in enumerate(state.totals) if v == max(state.totals)]


def test_the_first_dealer_comes_from_the_seed() -> None:
    assert {GAME.new(4, seed=s).dealer for s in range(8)} == {0, 1, 2, 3}
    assert GAME.new(3, seed=7).dealer == GAME.new(3, seed=7).dealer


# -- schedules and options ----------------------------------------------------------------------------


def test_schedules() -> None:
    full3 = build("full", 3, True, True)
    assert full3 == words("1 1 1 2 3 4 5 6 7 8 9 10 11 12 12 12 11 10 9 8 7 6 5 4 3 2 D D D N N N")
    full4 = build("full", 4, True, True)
    assert full4 == words("1 1 1 1 2 3 4 5 6 7 8 8 8 8 7 6 5 4 3 2 D D D D N N N N")
    assert len(full3) == 32 and len(full4) == 28
    short4 = build("short", 4, True, True)
    assert short4 == words("1 2 3 4 5 6 7 8 7 6 5 4 3 2 1 D D D D N N N N")
    short3 = build("short", 3, True, True)
    assert short3 == words("1 2 3 4 5 6 7 8 9 10 11 12 11 10 9 8 7 6 5 4 3 2 1 D D D N N N")
    assert "D" not in build("full", 4, False, True) and "N" not in build("short", 3, True, False)
    assert len(build("full", 4, False, False)) == 20
    assert build("1 5 D N", 4, False, False) == words("1 5 D N")


def test_schedule_options_reach_the_game() -> None:
    assert len(GAME.new(4, seed=1).rounds) == 28
    assert len(GAME.new(3, seed=1).rounds) == 32
    assert GAME.new(4, {"schedule": "short"}, seed=1).rounds == build("short", 4, True, True)
    assert GAME.new(4, GAME.presets["short"], seed=1).rounds == build("short", 4, True, True)
    assert GAME.new(3, GAME.presets["classic"], seed=1).rounds == build("full", 3, True, True)
    state = GAME.new(4, {"schedule": "2, d n"}, seed=1)
    assert state.rounds == words("2 D N") and state.options.schedule == "2 D N"
    assert GAME.new(4, {"dark_rounds": False}, seed=1).rounds.count("D") == 0
    assert GAME.new(4, {"no_trump_rounds": False}, seed=1).rounds.count("N") == 0


def test_three_players_use_36_cards_and_four_use_32() -> None:
    three = GAME.new(3, {"schedule": "N"}, seed=1)
    four = GAME.new(4, {"schedule": "N"}, seed=1)
    assert sorted(c for h in three.hands for c in h) == sorted(f"{r}{s}" for r in "6789TJQKA" for s in "SHDC")
    assert sorted(c for h in four.hands for c in h) == sorted(f"{r}{s}" for r in "789TJQKA" for s in "SHDC")


def test_bad_options_and_player_counts_are_refused() -> None:
    with pytest.raises(GameError) as err:
        GAME.new(4, {"schedule": "1 9"})  # four players hold at most 8
    assert err.value.code == "bad_schedule" and err.value.params == {"round": "9", "max": 8}
    assert GAME.new(3, {"schedule": "1 12"}, seed=0).rounds == words("1 12")
    with pytest.raises(GameError) as err:
        GAME.new(4, {"poker_card_id": "6S"})  # no sixes in the 32-card deck
    assert err.value.code == "bad_option_value"
    GAME.new(3, {"poker_card_id": "6S"}, seed=0)
    for players in (2, 5):
        with pytest.raises(GameError) as err:
            GAME.new(players)
        assert err.value.code == "bad_player_count"
    for bad in (
        {"schedule": "1 X"},
        {"schedule": " "},
        {"schedule": "0"},
        {"poker_card_id": "ZZ"},
        {"poker_card_id": "X1"},
        {"players": 4},
    ):
        with pytest.raises(ValueError):
            GAME.options(bad)


def test_options_have_descriptions_and_defaults() -> None:
    opts = GAME.options({})
    assert (opts.poker_card, opts.poker_card_id, opts.dark_rounds, opts.no_trump_rounds, opts.schedule) == (
        True,
        "7S",
        True,
        True,
        "full",
    )
    assert all(f.description for f in type(opts).model_fields.values())


def test_registry_aliases() -> None:
    import games

    for name in ("rozpysnyi", "poker", "Розписний", "расписной", "rozpisnoy"):
        assert games.get(name) is GAME
    assert GAME.min_players == 3 and GAME.max_players == 4
    assert GAME.bot_levels == ("random", "heuristic", "search") and GAME.default_bot == "search"


def test_normalize_accepts_what_people_type() -> None:
    assert GAME.normalize("play:10h") == "play:TH"
    assert GAME.normalize("PLAY:qh") == "play:QH"
    assert GAME.normalize("play:7♠:HIGH") == "play:7S:high"
    assert GAME.normalize("LEAD:7s:TOP:h") == "lead:7S:top:H"
    assert GAME.normalize("bid:2") == "bid:2" and GAME.normalize("BID: 02") == "bid:2"
    assert GAME.normalize("Pass") == "bid:0"
    assert GAME.normalize("play:zz") == "play:zz"
    state = play(position(EXAMPLE, "9S", bids=[1, 2, 0, 1]), "play:qh")
    assert state.trick is not None and state.trick.cards() == ["QH"]


def test_labels_and_status_lines() -> None:
    assert GAME.describe_action("bid:0") == ("rozpysnyi.action.pass", {})
    assert GAME.describe_action("bid:3") == ("rozpysnyi.action.bid", {"n": 3})
    assert GAME.describe_action("play:QH") == ("rozpysnyi.action.play", {"card": "QH"})
    assert GAME.describe_action("play:7S:low") == ("rozpysnyi.action.poker_low", {"card": "7S"})
    top = GAME.describe_action("lead:7S:top:H")
    assert top == ("rozpysnyi.action.poker_top", {"card": "7S", "suit": "H"})
    state = play(position(EXAMPLE, "9S", bids=[1, 2, 0, 1]), "play:QH")
    lines = dict(GAME.status_lines(GAME.view(state, None)))
    assert lines["rozpysnyi.status.round_ordinary"] == {"no": 1, "of": 1, "n": 5, "dealer": 0}
    assert lines["rozpysnyi.status.trump"] == {"card": "9S", "suit": "S", "dealer": 0}
    assert lines["rozpysnyi.status.bids"] == {"sum": 4, "n": 5}
    assert lines["rozpysnyi.status.trick"] == {"cards": [[0, "QH"]], "leader": 0}  # who played which card
    assert GAME.seat_status(GAME.view(state, None), 1) == ("rozpysnyi.seat.bid", {"bid": 2, "tricks": 0})


def test_views_show_only_the_viewers_hand() -> None:
    state = position(EXAMPLE, "9S", bids=[1, 2, 0, 1])
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view.hand == state.hands[seat] and view.viewer == seat
        assert view.hand_sizes == [5, 5, 5, 5]
    spectator = GAME.view(state, None)
    assert spectator.hand is None
    dumped = spectator.model_dump_json()
    for card in ("KH", "AD", "8S"):
        assert card not in dumped
