"""Durak: every rule of the spec on hand-made positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from games.base import Event, GameError
from games.cards import make_deck
from games.durak import DurakState, DurakView

GAME = games.get("durak")


def deal(
    hands: dict[int, list[str]],
    turned: str,
    stock: list[str] | None = None,
    deck: int = 36,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> DurakState:
    """Deal `hands` (the dealer is `seed % players`; cards go one at a time from the dealer's left).

    `turned` is the trump card under the stock. With `stock`, the stock holds only those cards (then the
    trump) and the rest of the deck counts as discarded by earlier bouts (so it is not the first bout).
    """
    players = len(hands)
    queues = {s: list(h) for s, h in hands.items()}
    order = [queues[(seed + 1 + i) % players].pop(0) for i in range(6 * players)]
    middle = stock if stock is not None else [c for c in make_deck(deck) if c not in {*order, turned}]
    full = [*order, turned, *middle]
    full += [c for c in make_deck(deck) if c not in set(full)]
    state = GAME.new(players, {"deck": deck, **(options or {})}, seed=seed, deals=[full])
    if stock is not None:
        state.stock = [*stock, turned]
        state.discarded = [c for c in make_deck(deck) if c not in {*order, *state.stock}]
        state.first_bout = False
    return state


def act(state: DurakState, seat: int, *actions: str) -> DurakState:
    for a in actions:
        state, _ = GAME.apply(state, seat, a)
    return state


def events_of(state: DurakState, seat: int, action: str) -> tuple[DurakState, list[Event]]:
    return GAME.apply(state, seat, action)


def refused(state: DurakState, seat: int, action: str) -> GameError:
    before = state.model_dump()
    with pytest.raises(GameError) as err:
        GAME.apply(state, seat, action)
    assert state.model_dump() == before
    return err.value


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


# Trump spades (9S turned); seat 1 holds the lowest trump, 6S.
TWO = {0: ["6H", "6D", "9C", "TS", "QH", "KD"], 1: ["7H", "8H", "JC", "QC", "AD", "6S"]}


# -- deal, trump, first attacker ----------------------------------------------------------------------


def test_trump_lies_under_the_stock_and_the_lowest_trump_attacks_first() -> None:
    state = deal(TWO, "9S")
    assert state.trump == "S" and state.stock[-1] == "9S" and len(state.stock) == 36 - 12
    assert state.attacker == 1 and state.defender == 0
    assert state.opening == "6S" and state.known[1] == ["6S"]  # the lowest trump is shown to all
    assert GAME.to_act(state) == [1]
    view = GAME.view(state, 0)
    assert view.trump_card == "9S" and view.opening == "6S" and view.stock_size == 24
    assert ("durak.status.opening", {"attacker": 1, "card": "6S"}) in GAME.status_lines(view)


def test_without_trumps_in_hand_the_player_after_the_dealer_attacks() -> None:
    hands = {0: ["6H", "7H", "8H", "9H", "TH", "JH"], 1: ["6D", "7D", "8D", "9D", "TD", "JD"]}
    for seed, first in ((0, 1), (1, 0)):
        state = deal(hands, "6S", seed=seed)
        assert state.dealer == seed and state.opening is None
        assert state.attacker == first and state.defender == 1 - first


def test_six_players_with_no_stock_show_the_dealers_last_card() -> None:
    state = GAME.new(6, seed=0)
    assert state.stock == [] and state.trump_in_hand
    assert state.trump_card in state.hands[state.dealer] and state.trump_card in state.known[state.dealer]
    assert GAME.view(state, None).trump_card == state.trump_card
    trumps = [(c, s) for s, h in enumerate(state.hands) for c in h if c[1] == state.trump]
    assert state.attacker == min(trumps, key=lambda cs: "23456789TJQKA".index(cs[0][0]))[1]


@pytest.mark.parametrize(
    ("deck", "players", "ok"),
    [(24, 2, True), (24, 4, True), (24, 5, False), (36, 6, True), (52, 6, True), (52, 2, True)],
)
def test_deck_sizes(deck: int, players: int, ok: bool) -> None:
    if not ok:
        with pytest.raises(GameError) as err:
            GAME.new(players, {"deck": deck})
        assert err.value.code == "too_many_players" and err.value.params["max"] == 4
        return
    state = GAME.new(players, {"deck": deck}, seed=1)
    assert sorted([c for h in state.hands for c in h] + state.stock) == sorted(make_deck(deck))
    assert all(len(h) == 6 for h in state.hands) and len(state.stock) == deck - 6 * players
    low = {24: "9", 36: "6", 52: "2"}[deck]
    assert any(c[0] == low for h in state.hands for c in h) or any(c[0] == low for c in state.stock)


def test_a_24_card_game_and_a_52_card_game_play_to_the_end() -> None:
    for deck, players in ((24, 4), (52, 5)):
        state = GAME.new(players, {"deck": deck}, seed=deck)
        rng = random.Random(deck)
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        table = [c for p in state.table for c in (p.attack, p.beat) if c]
        held = [c for h in state.hands for c in h]
        assert sorted(held + state.discarded + state.stock + table) == sorted(make_deck(deck))


# -- attacking and beating ----------------------------------------------------------------------------


def test_attack_with_several_cards_of_one_rank() -> None:
    hands = {0: ["6H", "6D", "9C", "TS", "QH", "KD"], 1: ["7H", "7D", "JC", "QC", "AD", "6S"]}
    state = deal(hands, "9S")
    legal = GAME.legal_actions(state, 1)
    assert {"attack:7H", "attack:7D", "attack:7H7D"} <= set(legal) and "attack:7D7H" not in legal
    assert refused(state, 1, "attack:7HJC").code == "one_rank"
    state, events = events_of(state, 1, "attack:7d7h")  # typed in any order and case
    assert [p.attack for p in state.table] == ["7H", "7D"]
    assert events[0].kind == "attack" and events[0].data == {"cards": ["7H", "7D"], "defender": 0}


def test_beat_with_a_higher_card_of_the_suit_or_a_trump() -> None:
    state = act(deal(TWO, "9S"), 1, "attack:7H")
    assert GAME.legal_actions(state, 0) == ["beat:7H:QH", "beat:7H:TS", "take"]
    err = refused(state, 0, "beat:7H:6H")
    assert err.code == "cannot_beat" and err.params == {"card": "7H", "by": "6H"}


def test_a_trump_is_beaten_only_by_a_higher_trump() -> None:
    state = act(deal(TWO, "9S"), 1, "attack:6S")
    assert GAME.legal_actions(state, 0) == ["beat:6S:TS", "take"]
    assert refused(state, 0, "beat:6S:KD").code == "cannot_beat"


# -- limits -------------------------------------------------------------------------------------------

# Trump spades (AS turned): seat 0 holds 6S, the lowest trump; seat 1 holds no trump.
LIMIT = {0: ["6H", "6D", "6C", "6S", "7S", "7C"], 1: ["7H", "7D", "8C", "QH", "KH", "AH"]}


@pytest.mark.parametrize(
    ("limit", "first", "sixth_allowed"), [(5, True, False), (6, True, True), (5, False, True)]
)
def test_five_cards_in_the_first_bout_six_after(limit: int, first: bool, sixth_allowed: bool) -> None:
    stock = None if first else ["9D", "9C"]
    state = deal(LIMIT, "AS", stock=stock, options={"first_bout_limit": limit})
    assert state.attacker == 0 and state.first_bout is first
    state = act(state, 0, "attack:6H6D6C")
    state = act(state, 1, "beat:6H:7H", "beat:6D:7D", "beat:6C:8C")
    state = act(state, 0, "throw:7S", "throw:7C")  # the 7s are on the table from the defence
    assert len(state.table) == 5 and len(state.hands[1]) == 3
    assert ("throw:6S" in GAME.legal_actions(state, 0)) is sixth_allowed
    if not sixth_allowed:
        err = refused(state, 0, "throw:6S")
        assert err.code == "limit_reached" and err.params == {"limit": 5}
    else:
        state = act(state, 0, "throw:6S")
        assert len(state.table) == 6 and "throw" not in " ".join(GAME.legal_actions(state, 0))


def test_never_more_unbeaten_cards_than_the_defender_holds() -> None:
    state = deal(LIMIT, "AS")
    state.hands[1] = ["QH", "KH"]
    attacks = [a for a in GAME.legal_actions(state, 0) if a.startswith("attack:")]
    assert max(len(a) - len("attack:") for a in attacks) == 4  # two cards at most
    err = refused(state, 0, "attack:6H6D6C")
    assert err.code == "too_many_for_defender" and err.params == {"n": 2}
    state = act(state, 0, "attack:6H6D")
    assert GAME.legal_actions(state, 0) == ["undo"]  # 6C would be a third unbeaten card
    assert refused(state, 0, "throw:6C").code == "too_many_for_defender"
    state = act(state, 1, "beat:6H:QH")  # one unbeaten card, one card in hand: still no room
    assert refused(state, 0, "throw:6C").code == "too_many_for_defender"


# -- throwing in --------------------------------------------------------------------------------------


def test_throw_in_ranks_come_from_attack_and_defence_cards() -> None:
    hands = {0: ["6H", "9D", "JC", "KS", "8H", "8C"], 1: ["9H", "TD", "JD", "QC", "AH", "7C"]}
    state = deal(hands, "AS")
    assert state.attacker == 0
    state = act(state, 0, "attack:6H")
    assert GAME.legal_actions(state, 0) == ["undo"]  # no other 6 to add
    state = act(state, 1, "beat:6H:9H")  # a new rank: the attacker holds a 9
    legal = GAME.legal_actions(state, 0)
    assert legal == ["throw:9D", "done"]
    err = refused(state, 0, "throw:8H")
    assert err.code == "rank_not_on_table" and err.params == {"card": "8H"}
    assert refused(state, 1, "throw:TD").code == "defender_cannot_throw"


def test_cards_may_be_thrown_in_before_earlier_ones_are_beaten() -> None:
    hands = {0: ["6H", "9D", "JC", "KS", "8H", "8C"], 1: ["9H", "TD", "JD", "QC", "AH", "7C"]}
    state = act(deal(hands, "AS"), 0, "attack:8H")
    assert "throw:8C" in GAME.legal_actions(state, 0)
    state = act(state, 0, "throw:8C")
    assert [p.attack for p in state.table] == ["8H", "8C"] and GAME.to_act(state) == [1]


# Trump spades (AS turned): seat 0 holds KS, the only trump dealt.
THREE = {
    0: ["6H", "6D", "JC", "KS", "8H", "8C"],
    1: ["9H", "TD", "JD", "QC", "AH", "7C"],
    2: ["6C", "TH", "QD", "KH", "AC", "9D"],
}


def test_everyone_but_the_defender_throws_in_and_done_is_rethought_only_on_a_new_rank() -> None:
    state = act(deal(THREE, "AS"), 0, "attack:6H")
    assert GAME.to_act(state) == [1, 0, 2]  # the defender first, then the throwers clockwise
    state = act(state, 0, "done")
    state = act(state, 2, "done")
    assert GAME.to_act(state) == [1]
    assert refused(state, 2, "throw:6C").code == "said_done"
    state = act(state, 1, "beat:6H:9H")  # seat 2 holds a 9, seat 0 does not
    assert GAME.to_act(state) == [2] and GAME.legal_actions(state, 0) == []
    state, events = events_of(state, 2, "done")
    assert "beaten_off" in kinds(events)


def test_neighbours_only() -> None:
    hands = {**THREE, 3: ["6S", "7D", "9S", "TS", "JH", "QH"]}
    state = deal(hands, "AS", options={"throw_in": "neighbours"})
    assert state.attacker == 3 and state.defender == 0  # 6S is the lowest trump
    state = act(state, 3, "attack:QH")
    assert GAME.throwers(state) == [3, 1]  # seat 2 does not sit beside seat 0
    assert "throw:QC" in GAME.legal_actions(state, 1) and GAME.legal_actions(state, 2) == []
    assert refused(state, 2, "throw:QD").code == "not_a_neighbour"


# -- taking -------------------------------------------------------------------------------------------


def test_take_with_throw_ins_then_the_player_after_the_defender_attacks() -> None:
    state = act(deal(THREE, "AS"), 0, "attack:6H", "done")
    state, events = events_of(state, 1, "take")
    assert events[0].kind == "take" and state.taking
    assert 1 not in GAME.to_act(state) and GAME.to_act(state) == [0, 2]  # "done" is withdrawn on take
    assert refused(state, 1, "beat:6H:9H").code == "already_taking"
    state = act(state, 2, "throw:6C")
    state, events = events_of(state, 0, "throw:6D")  # nobody can add more: the bout closes by itself
    took = next(e for e in events if e.kind == "took")
    assert took.seat == 1 and took.data == {"cards": ["6H", "6C", "6D"], "n": 3}
    assert {"6H", "6C", "6D"} <= set(state.hands[1]) and {"6H", "6C", "6D"} <= set(state.known[1])
    assert state.attacker == 2 and state.defender == 0  # the turn passes over the taker
    view = GAME.view(state, 2)
    assert {"6H", "6C", "6D"} <= set(view.known[1])


def test_take_is_only_for_unbeaten_cards() -> None:
    hands = {0: ["6H", "9D", "JC", "KS", "8H", "8C"], 1: ["9H", "TD", "JD", "QC", "AH", "7C"]}
    state = act(deal(hands, "AS"), 0, "attack:8H")
    state = act(state, 1, "beat:8H:AH")
    assert "take" not in GAME.legal_actions(state, 1)
    assert refused(state, 1, "take").code == "nothing_to_take"


# -- closing a bout -----------------------------------------------------------------------------------


def test_beaten_off_closes_by_done_and_the_defender_attacks_next() -> None:
    state = act(deal(TWO, "9S"), 1, "attack:7H")
    state = act(state, 0, "beat:7H:QH")
    assert GAME.legal_actions(state, 1) == ["throw:QC", "done"]
    state, events = events_of(state, 1, "done")
    assert kinds(events) == ["done", "beaten_off", "drew", "drew"]
    assert [(e.seat, e.data) for e in events if e.kind == "drew"] == [(1, {"n": 1}), (0, {"n": 1})]
    assert not state.table and state.discarded == ["7H", "QH"] and not state.first_bout
    assert state.attacker == 0 and state.defender == 1 and state.opening is None


def test_a_bout_closes_by_itself_when_nobody_can_add() -> None:
    hands = {0: ["6H", "7D", "9C", "TS", "QH", "KD"], 1: ["8H", "8D", "JC", "QC", "AD", "6S"]}
    state = act(deal(hands, "9S"), 1, "attack:6S")
    state, events = events_of(state, 0, "beat:6S:TS")
    assert kinds(events)[:2] == ["beat", "beaten_off"]  # seat 1 holds no 6 or 10


def test_drawing_order_attacker_then_others_then_defender_and_the_trump_card_is_seen() -> None:
    state = deal(THREE, "AS", stock=["9C", "7S"])  # two cards and the turned-up trump left
    state = act(state, 0, "attack:6H")
    state = act(state, 1, "beat:6H:9H")
    state = act(state, 2, "throw:6C")
    state = act(state, 1, "take")
    state = act(state, 2, "throw:9D")
    state, events = events_of(state, 0, "throw:6D")
    drew = [(e.seat, e.data) for e in events if e.kind == "drew"]
    assert drew == [(0, {"n": 2}), (2, {"n": 1, "trump": "AS"})]  # the stock ran out before the defender
    assert state.hands[0].count("9C") == 1 and "AS" in state.known[2]
    assert state.attacker == 2 and state.defender == 0


def test_several_throwers_draw_clockwise_from_the_attacker() -> None:
    hands = {
        0: ["6H", "7H", "JC", "KS", "8H", "8C"],
        1: ["9H", "TD", "JD", "QC", "AH", "7C"],
        2: ["6C", "TH", "QD", "KH", "AC", "9D"],
        3: ["6D", "8D", "JH", "QH", "KD", "AD"],
    }
    state = deal(hands, "AS")
    assert (state.attacker, state.defender) == (0, 1)
    state = act(state, 0, "attack:6H")
    state = act(state, 3, "throw:6D")
    state = act(state, 2, "throw:6C")
    state, events = events_of(state, 1, "take")  # nobody holds another 6: closed at once
    assert kinds(events)[:2] == ["take", "took"]
    assert [e.seat for e in events if e.kind == "drew"] == [0, 2, 3]  # the taker has enough cards


# -- leaving, the durak, the draw ---------------------------------------------------------------------


def test_players_leave_when_out_of_cards_and_the_last_is_the_durak() -> None:
    state = deal(TWO, "9S", stock=[])
    state.stock = []
    state.hands, state.known = [["AS"], ["6S", "7S"]], [[], []]
    state.attacker, state.defender = 0, 1
    state = act(state, 0, "attack:AS")
    state, events = events_of(state, 1, "take")
    assert kinds(events) == ["take", "took", "out", "durak", "game_over"]
    assert state.over and state.durak == 1 and state.out == [0]
    assert events[-1].data == {"durak": 1, "losers": [1], "order": [0], "game": 1}
    assert GAME.scores(state) == [1.0, 0.0] and GAME.winners(state) == [0]
    assert GAME.to_act(state) == [] and refused(state, 1, "take").code == "game_over"


def test_a_draw_when_the_last_two_run_out_together() -> None:
    state = deal(TWO, "9S", stock=[])
    state.stock = []
    state.hands, state.known = [["7H"], ["8H"]], [[], []]
    state.attacker, state.defender = 0, 1
    state = act(state, 0, "attack:7H")
    state, events = events_of(state, 1, "beat:7H:8H")
    assert state.over and state.durak is None and kinds(events)[-2:] == ["draw", "game_over"]
    assert GAME.scores(state) == [1.0, 1.0] and GAME.winners(state) == [0, 1]


def test_three_players_leave_in_order() -> None:
    state = deal(THREE, "AS", stock=[])
    state.stock = []
    state.hands, state.known = [["7H"], ["8H", "9C"], ["6D", "JD"]], [[], [], []]
    state.attacker, state.defender = 0, 1
    state = act(state, 0, "attack:7H")
    state, events = events_of(state, 1, "beat:7H:8H")
    assert [(e.seat, e.data) for e in events if e.kind == "out"] == [(0, {"place": 1})]
    assert (state.attacker, state.defender) == (1, 2)
    state = act(state, 1, "attack:9C")
    state, events = events_of(state, 2, "take")
    assert state.out == [0, 1] and state.durak == 2 and GAME.scores(state) == [1.0, 1.0, 0.0]


def test_a_defender_out_of_cards_passes_the_attack_on() -> None:
    state = deal(THREE, "AS", stock=[])
    state.stock = []
    state.hands, state.known = [["7H", "9C"], ["8H"], ["6D", "JD"]], [[], [], []]
    state.attacker, state.defender = 0, 1
    state = act(state, 0, "attack:7H")
    state = act(state, 1, "beat:7H:8H")
    assert state.out == [1] and (state.attacker, state.defender) == (2, 0)


# -- perevodnoy ---------------------------------------------------------------------------------------

# Trump diamonds (AD turned): seat 0 holds 7D, the lowest trump.
PER = {
    0: ["6H", "7D", "JC", "8S", "8H", "8C"],
    1: ["6C", "TD", "JD", "QC", "AH", "7C"],
    2: ["9H", "TH", "QD", "KH", "AC", "6S"],
}


def test_transfer_passes_the_attack_on_and_can_be_chained() -> None:
    state = deal(PER, "AD", options={"variant": "perevodnoy"})
    assert (state.attacker, state.defender) == (0, 1)
    state = act(state, 0, "attack:6H")
    assert GAME.legal_actions(state, 1)[-2:] == ["transfer:6C", "take"]
    state, events = events_of(state, 1, "transfer:6C")
    assert state.defender == 2 and events[0].data == {"card": "6C", "defender": 2}
    assert GAME.throwers(state) == [0, 1]  # the one who passed it on may throw in now
    assert "transfer:6S" in GAME.legal_actions(state, 2)
    state = act(state, 2, "transfer:6S")
    assert state.defender == 0 and len(state.table) == 3 and state.attacker == 0
    assert not [a for a in GAME.legal_actions(state, 0) if a.startswith("transfer")]  # no 6 left


def test_transfer_back_to_the_attacker_in_a_two_player_game() -> None:
    hands = {0: ["6H", "7D", "9C", "TS", "QH", "KD"], 1: ["7H", "8H", "JC", "QC", "AD", "6S"]}
    state = act(deal(hands, "9S", options={"variant": "perevodnoy"}), 1, "attack:7H")
    state = act(state, 0, "transfer:7D")
    assert state.defender == 1 and GAME.throwers(state) == [0]


def bout_line(state: DurakState) -> dict[str, Any]:
    view = GAME.view(state, None)
    return next(params for key, params in GAME.status_lines(view) if key == "durak.status.bout")


def test_after_a_transfer_the_table_names_who_passed_it_on_as_the_attacker() -> None:
    state = act(deal(PER, "AD", options={"variant": "perevodnoy"}), 0, "attack:6H")
    assert (bout_line(state)["attacker"], bout_line(state)["defender"]) == (0, 1)
    state = act(state, 1, "transfer:6C")
    assert (bout_line(state)["attacker"], bout_line(state)["defender"]) == (1, 2)
    view = GAME.view(state, None)
    assert GAME.seat_status(view, 1) == ("durak.seat.attacker", {}) and GAME.seat_status(view, 0) is None
    state = act(state, 2, "transfer:6S")
    assert (bout_line(state)["attacker"], bout_line(state)["defender"]) == (2, 0)
    hands = {0: ["6H", "7D", "9C", "TS", "QH", "KD"], 1: ["7H", "8H", "JC", "QC", "AD", "6S"]}
    two = act(deal(hands, "9S", options={"variant": "perevodnoy"}), 1, "attack:7H")
    two = act(two, 0, "transfer:7D")  # back to the one who attacked: "0 attacks 1", not "1 attacks 1"
    assert (bout_line(two)["attacker"], bout_line(two)["defender"]) == (0, 1)
    two = act(two, 1, "take")
    assert GAME.view(two, None).passer is None and not two.table  # a new bout: its attacker attacks


def test_transfer_refused_when_the_next_player_cannot_hold_all_cards() -> None:
    state = deal(PER, "AD", options={"variant": "perevodnoy"})
    state.hands[2] = ["9H"]  # the next defender would face 2 cards with 1 in hand
    state = act(state, 0, "attack:6H")
    assert GAME.legal_actions(state, 1) == ["beat:6H:AH", "beat:6H:TD", "beat:6H:JD", "take"]
    err = refused(state, 1, "transfer:6C")
    assert err.code == "transfer_too_many" and err.params == {"n": 2, "held": 1}


def test_no_transfer_after_a_beat_with_another_rank_or_in_podkidnoy() -> None:
    state = act(deal(PER, "AD"), 0, "attack:6H")
    assert refused(state, 1, "transfer:6C").code == "no_transfer_in_podkidnoy"
    state = act(deal(PER, "AD", options={"variant": "perevodnoy"}), 0, "attack:8H8C")
    err = refused(state, 1, "transfer:7C")
    assert err.code == "transfer_rank" and err.params == {"card": "7C", "attack": "8H"}
    state = act(state, 1, "beat:8H:AH")
    assert refused(state, 1, "transfer:7C").code == "transfer_after_beat"


# Trump diamonds (AD turned): seat 0 holds 7D, the lowest trump; seat 1 holds 9D.
SHOW = {0: ["9H", "9C", "JC", "KS", "8H", "7D"], 1: ["9D", "TS", "JS", "QC", "AH", "7C"]}


def test_transfer_by_showing_a_trump_once_per_bout() -> None:
    options = {"variant": "perevodnoy", "transfer_by_trump": True}
    state = act(deal(SHOW, "AD", options=options), 0, "attack:9H")
    assert {"transfer:9D", "show:9D"} <= set(GAME.legal_actions(state, 1))
    state, events = events_of(state, 1, "show:9D")
    assert events[0].kind == "show" and events[0].data == {"card": "9D", "defender": 0}
    assert state.defender == 0 and "9D" in state.hands[1] and "9D" in state.known[1] and len(state.table) == 1
    state = act(state, 0, "transfer:9C")
    assert state.defender == 1 and "show:9D" not in GAME.legal_actions(state, 1)
    assert refused(state, 1, "show:9D").code == "already_shown"
    assert "transfer:9D" in GAME.legal_actions(state, 1)
    off = act(deal(SHOW, "AD", options={"variant": "perevodnoy"}), 0, "attack:9H")
    assert refused(off, 1, "show:9D").code == "show_off"


def test_show_needs_the_trump_of_the_rank() -> None:
    options = {"variant": "perevodnoy", "transfer_by_trump": True}
    hands = {0: ["9H", "9S", "JC", "KS", "8H", "7D"], 1: ["9C", "TS", "JS", "QC", "AH", "8D"]}
    state = act(deal(hands, "AD", options=options), 0, "attack:9H")
    err = refused(state, 1, "show:9C")
    assert err.code == "show_needs_trump" and err.params == {"suit": "D"}


# -- teams --------------------------------------------------------------------------------------------

# Trump spades (AS turned): seat 0 holds KS, the only trump dealt.
FOUR = {
    0: ["6H", "7D", "JC", "KS", "8H", "8C"],
    1: ["9H", "TD", "JD", "QC", "AH", "7C"],
    2: ["6C", "TH", "QD", "KH", "AC", "7H"],
    3: ["6D", "9C", "QH", "KD", "AD", "TC"],
}


def test_teams_partners_do_not_throw_in_against_each_other() -> None:
    state = deal(FOUR, "AS", options={"teams": True})
    assert (state.attacker, state.defender) == (0, 1)
    state = act(state, 0, "attack:6H")
    assert GAME.legal_actions(state, 3) == [] and "throw:6C" in GAME.legal_actions(state, 2)
    assert refused(state, 3, "throw:6D").code == "partner_defends"
    with pytest.raises(GameError) as err:
        GAME.new(3, {"teams": True})
    assert err.value.code == "teams_need_four"


def test_teams_attack_the_next_opponent_and_lose_together() -> None:
    state = deal(FOUR, "AS", stock=[], options={"teams": True})
    state.stock, state.out = [], [1]
    state.hands = [["7D", "8H"], [], ["6C", "TH", "QD"], ["9H"]]
    state.known = [[], [], [], []]
    state.attacker, state.defender = 0, 3  # seat 1 is out, seat 2 is 0's partner
    assert GAME._defender_after(state, 0) == 3 and GAME._defender_after(state, 2) == 3
    state = act(state, 0, "attack:8H")
    state, events = events_of(state, 3, "beat:8H:9H")  # seat 3 is out: the whole team is safe
    assert state.over and sorted(state.losers) == [0, 2] and state.durak == 2  # the one with more cards
    assert kinds(events)[-2:] == ["team_lost", "game_over"]
    assert GAME.scores(state) == [0.0, 1.0, 0.0, 1.0] and GAME.winners(state) == [1, 3]


# -- views --------------------------------------------------------------------------------------------


def test_open_cards_show_every_hand_and_normal_views_hide_them() -> None:
    state = deal(TWO, "9S", options={"open_cards": True})
    assert GAME.view(state, None).hands == state.hands and GAME.view(state, 0).hands == state.hands
    assert any(k == "durak.status.open_hand" for k, _ in GAME.status_lines(GAME.view(state, None)))
    closed = deal(TWO, "9S")
    view = GAME.view(closed, 0)
    assert view.hands is None and view.hand == closed.hands[0] and view.stock is None
    text = view.model_dump_json()
    hidden = set(closed.hands[1]) - {"6S"} | set(closed.stock) - {"9S"}
    assert not [c for c in hidden if f'"{c}"' in text]
    spectator = GAME.view(closed, None)
    assert spectator.hand is None and "7H" not in spectator.model_dump_json()


def test_open_cards_tell_which_cards_were_drawn() -> None:
    state = act(deal(TWO, "9S", options={"open_cards": True}), 1, "attack:7H")
    state = act(state, 0, "beat:7H:QH")
    _, events = events_of(state, 1, "done")
    assert all("cards" in e.data for e in events if e.kind == "drew")


def test_look_through_the_stock_shows_its_cards_not_their_order() -> None:
    state = deal(TWO, "9S", options={"look_stock": True})
    view = GAME.view(state, 0)
    assert view.stock is not None and sorted(view.stock) == sorted(state.stock) and view.stock != state.stock


# -- undo ---------------------------------------------------------------------------------------------


def strip_undo(state: DurakState) -> dict[str, Any]:
    return state.model_dump(exclude={"undo"})


def test_undo_takes_back_the_last_card_until_someone_acts() -> None:
    state = deal(TWO, "9S")
    before = strip_undo(state)
    state = act(state, 1, "attack:7H")
    assert GAME.legal_actions(state, 1) == ["undo"] and GAME.to_act(state) == [0]  # not waited on
    restored, events = events_of(state, 1, "undo")
    assert restored.known[1] == ["6S", "7H"]  # everyone saw the card taken back
    restored.known[1] = ["6S"]
    assert strip_undo(restored) == before and restored.undo is None
    assert events == [Event(kind="undo", seat=1, data={"cards": ["7H"]})]
    state = act(state, 0, "beat:7H:QH")
    assert "undo" not in GAME.legal_actions(state, 1) and "undo" in GAME.legal_actions(state, 0)
    assert refused(state, 1, "undo").code == "nothing_to_undo"
    state = act(state, 0, "undo")
    assert state.table[0].beat is None and "QH" in state.hands[0]


def test_undo_a_transfer_and_a_throw() -> None:
    state = act(deal(PER, "AD", options={"variant": "perevodnoy"}), 0, "attack:6H")
    state = act(state, 1, "transfer:6C")
    state = act(state, 1, "undo")
    assert state.defender == 1 and "6C" in state.hands[1] and len(state.table) == 1
    state = act(deal(THREE, "AS"), 0, "attack:6H")
    state = act(state, 2, "throw:6C", "undo")
    assert len(state.table) == 1 and "6C" in state.hands[2]


def test_no_undo_once_the_card_closed_the_bout_or_with_the_option_off() -> None:
    hands = {0: ["6H", "7D", "9C", "TS", "QH", "KD"], 1: ["8H", "8D", "JC", "QC", "AD", "6S"]}
    state = act(deal(hands, "9S"), 1, "attack:6S")
    state = act(state, 0, "beat:6S:TS")  # closed the bout
    assert "undo" not in GAME.legal_actions(state, 0)
    off = act(deal(TWO, "9S", options={"undo": False}), 1, "attack:7H")
    assert "undo" not in GAME.legal_actions(off, 1) and refused(off, 1, "undo").code == "undo_off"


# -- matches ------------------------------------------------------------------------------------------


def test_a_match_counts_the_durak_of_each_game_and_the_durak_deals_next() -> None:
    state = GAME.new(3, {"match_games": 3}, seed=4)
    rng = random.Random(4)
    all_events: list[Event] = []
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        all_events += events
    assert state.games_played == 3 and sum(state.durak_counts) + state.draws == 3
    assert GAME.scores(state) == [3.0 - n for n in state.durak_counts]
    ends = [e for e in all_events if e.kind == "game_over"]
    deals = [e for e in all_events if e.kind == "dealt"]
    assert len(ends) == 3 and len(deals) == 2
    for end, dealt in zip(ends, deals, strict=False):
        if end.data["durak"] is not None:
            assert dealt.seat == end.data["durak"]


# -- texts and errors ---------------------------------------------------------------------------------


def test_normalize() -> None:
    assert GAME.normalize("attack:7h7s") == "attack:7S7H"
    assert GAME.normalize("Attack: 10h 10s") == "attack:TSTH"
    assert GAME.normalize("beat:10h:js") == "beat:TH:JS"
    assert GAME.normalize("throw:7♠") == "throw:7S"
    assert GAME.normalize("TAKE") == "take"
    assert GAME.normalize("беру") == "take" and GAME.normalize("Бито") == "done"
    assert GAME.normalize("fly:away") == "fly:away"


def test_precise_errors() -> None:
    state = deal(TWO, "9S")
    assert refused(state, 0, "attack:6H").code == "not_attacker"
    assert refused(state, 1, "throw:7H").code == "no_bout"
    assert refused(state, 1, "attack:KD").params == {"card": "KD"}
    assert refused(state, 1, "fly").code == "unknown_action"
    assert refused(state, 1, "beat:7H").code == "unknown_action"
    state = act(state, 1, "attack:7H")
    assert refused(state, 1, "attack:8H").code == "bout_open"
    assert refused(state, 1, "beat:7H:8H").code == "not_defender"
    assert refused(state, 0, "beat:7S:TS").code == "not_on_table"
    assert refused(state, 1, "done").code == "nothing_to_add"
    state = act(state, 0, "beat:7H:QH")
    err = refused(state, 0, "beat:7H:KD")
    assert err.code == "already_beaten" and err.params == {"card": "7H", "by": "QH"}
    assert refused(state, 0, "take").code == "nothing_to_take"
    assert refused(state, 0, "transfer:6H").code == "no_transfer_in_podkidnoy"


def test_labels_and_status_lines() -> None:
    assert GAME.describe_action("attack:7S7H") == ("durak.action.attack", {"card": "7S7H"})
    assert GAME.describe_action("beat:7S:8S") == ("durak.action.beat", {"card": "7S", "by": "8S"})
    assert GAME.describe_action("take") == ("durak.action.take", {})
    state = act(deal(THREE, "AS"), 0, "attack:6H")
    state = act(state, 1, "take")
    view = GAME.view(state, None)
    assert isinstance(view, DurakView)
    lines = GAME.status_lines(view)
    assert ("durak.status.unbeaten", {"card": "6H"}) in lines
    assert ("durak.status.taking", {"defender": 1}) in lines
    assert GAME.seat_status(view, 1) == ("durak.seat.taking", {})


def test_an_alias_that_names_the_variant_sets_it() -> None:
    assert games.lookup("perevodnoy") == (GAME, "perevodnoy", {})
    assert games.lookup(" Переводной ", "short") == (GAME, "short", {"variant": "perevodnoy"})
    assert games.lookup("durak") == (GAME, None, {}) and games.lookup("дурак", "long") == (GAME, "long", {})
    assert games.lookup("подкидной") == (GAME, "podkidnoy", {})
    for game in games.all_games():  # every alias preset is a preset of its game
        assert set(game.alias_presets) <= {a.casefold() for a in game.aliases}
        assert set(game.alias_presets.values()) <= set(game.presets)
