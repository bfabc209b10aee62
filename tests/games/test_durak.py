"""Durak: every rule of the spec on hand-made positions."""

from __future__ import annotations

from typing import Any

import pytest

import games
from games.base import GameError
from games.cards import make_deck
from games.durak import DurakState

GAME = games.get("durak")


def deal(
    hands: dict[int, list[str]],
    turned: str,
    stock: list[str] | None = None,
    deck: int = 36,
    options: dict[str, Any] | None = None,
) -> DurakState:
    """Seed 0: seat 0 deals; hands go one card at a time from seat 1; `turned` is the trump under `stock`."""
    players = len(hands)
    queues = {s: list(h) for s, h in hands.items()}
    order = [queues[(1 + i) % players].pop(0) for i in range(6 * players)]
    used = set(order) | {turned} | set(stock or [])
    rest = [c for c in make_deck(deck) if c not in used] if stock is None else []
    full = [*order, turned, *(stock or []), *rest]
    if stock is not None:  # a short stock: the remaining cards were discarded before (tests only)
        full += [c for c in make_deck(deck) if c not in set(full)]
    state = GAME.new(players, {"deck": deck, **(options or {})}, seed=0, deals=[full])
    if stock is not None:
        state.stock = [*stock, turned]
        state.discarded = [c for c in make_deck(deck) if c not in set(order) | set(state.stock)]
        state.first_bout = False
    return state


def act(state: DurakState, seat: int, *actions: str) -> DurakState:
    for a in actions:
        state, _ = GAME.apply(state, seat, a)
    return state


def refused(state: DurakState, seat: int, action: str) -> str:
    before = state.model_dump()
    with pytest.raises(GameError) as err:
        GAME.apply(state, seat, action)
    assert state.model_dump() == before
    return err.value.code


TWO = {0: ["6H", "6D", "9C", "TS", "QH", "KD"], 1: ["7H", "8H", "JC", "QC", "AD", "6S"]}


def test_trump_lies_under_the_stock_and_the_lowest_trump_attacks_first() -> None:
    state = deal(TWO, "9S")
    assert state.trump == "S" and state.stock[-1] == "9S" and len(state.stock) == 36 - 12
    assert state.attacker == 1 and state.defender == 0  # 6S is the lowest trump
    assert GAME.to_act(state) == [1]


def test_attack_with_several_cards_of_one_rank_and_beat_by_suit_or_trump() -> None:
    hands = {0: ["6H", "6D", "9C", "TS", "QH", "KD"], 1: ["7H", "7D", "JC", "QC", "AD", "6S"]}
    state = deal(hands, "9S")
    assert "attack:7H7D" in GAME.legal_actions(state, 1)
    assert refused(state, 1, "attack:7HJC") == "one_rank"
    state = act(state, 1, "attack:7H7D")
    legal = GAME.legal_actions(state, 0)
    assert "beat:7H:QH" in legal and "beat:7H:TS" in legal and "beat:7D:KD" in legal
    assert "beat:7H:6H" not in legal and "beat:7D:QH" not in legal
    assert refused(state, 0, "beat:7D:6D") == "cannot_beat"


LIMIT = {0: ["6H", "6D", "6C", "6S", "7S", "7C"], 1: ["7H", "7D", "8C", "QH", "KH", "AH"]}


@pytest.mark.parametrize(("limit", "sixth_allowed"), [(5, False), (6, True)])
def test_the_first_bout_limit(limit: int, sixth_allowed: bool) -> None:
    state = deal(LIMIT, "AS", options={"first_bout_limit": limit})
    assert state.attacker == 0  # 6S is the lowest trump
    state = act(state, 0, "attack:6H6D6C")
    state = act(state, 1, "beat:6H:7H", "beat:6D:7D", "beat:6C:8C")
    state = act(state, 0, "throw:7S", "throw:7C")  # 7s came from the defence: five attack cards now
    assert ("throw:6S" in GAME.legal_actions(state, 0)) is sixth_allowed
    if not sixth_allowed:
        assert refused(state, 0, "throw:6S") == "limit_reached"


def test_never_more_unbeaten_cards_than_the_defender_holds() -> None:
    state = deal(LIMIT, "AS")
    state.hands[1] = ["QH", "KH"]
    attacks = [a for a in GAME.legal_actions(state, 0) if a.startswith("attack:6")]
    assert max(len(a) - len("attack:") for a in attacks) == 4  # two cards at most
    state = act(state, 0, "attack:6H6D")
    assert not [a for a in GAME.legal_actions(state, 0) if a.startswith("throw:")]


def test_throw_in_ranks_come_from_attack_and_defence_cards() -> None:
    hands = {0: ["6H", "9D", "JC", "KS", "8H", "8C"], 1: ["9H", "TD", "JD", "QC", "AH", "7C"]}
    state = deal(hands, "AS")
    assert state.attacker == 0  # KS is the only trump... held by 0
    state = act(state, 0, "attack:6H")
    state = act(state, 1, "beat:6H:9H")
    legal = GAME.legal_actions(state, 0)
    assert "throw:9D" in legal and "throw:8H" not in legal  # 9 came from the defence
    assert refused(state, 0, "throw:8H") == "rank_not_on_table"
    assert refused(state, 1, "throw:TD") in ("defender_cannot_throw", "illegal_action", "not_your_turn")


def test_take_with_throw_ins_then_the_next_player_attacks() -> None:
    hands = {
        0: ["6H", "6D", "JC", "KS", "8H", "8C"],
        1: ["9H", "TD", "JD", "QC", "AH", "7C"],
        2: ["6C", "TH", "QD", "KH", "AC", "7D"],
    }
    state = deal(hands, "AS")
    assert state.attacker == 0 and state.defender == 1
    state = act(state, 0, "attack:6H")
    state = act(state, 1, "take")
    assert 1 not in GAME.to_act(state)
    state = act(state, 2, "throw:6C")  # the third player throws in after "take"
    assert "done" in GAME.legal_actions(state, 0)
    state, events = GAME.apply(state, 0, "throw:6D")  # nobody can add more: the bout closes by itself
    assert any(e.kind == "took" for e in events)
    assert {"6H", "6C", "6D"} <= set(state.hands[1]) and {"6H", "6C", "6D"} <= set(state.known[1])
    assert state.attacker == 2 and state.defender == 0  # the turn passes over the taker


def test_beaten_off_closes_by_done_and_the_defender_attacks_next() -> None:
    state = deal(TWO, "9S")
    state = act(
        state,
        1,
        "attack:7H",
    )
    state = act(state, 0, "beat:7H:QH")
    assert GAME.legal_actions(state, 1) == [] or "done" in GAME.legal_actions(state, 1)
    if state.table:  # the attacker holds nothing of rank 7 or Q: closed by itself, else by done
        state = act(state, 1, "done")
    assert not state.table and state.discarded == ["7H", "QH"] and not state.first_bout
    assert state.attacker == 0 and state.defender == 1


def test_a_bout_closes_by_itself_when_nobody_can_add() -> None:
    hands = {0: ["6H", "7D", "9C", "TS", "QH", "KD"], 1: ["8H", "8D", "JC", "QC", "AD", "6S"]}
    state = deal(hands, "9S")
    state = act(state, 1, "attack:6S")
    state, events = GAME.apply(state, 0, "beat:6S:TS")
    assert any(e.kind == "beaten_off" for e in events)  # seat 1 has no 6 or 10 to throw in


def test_drawing_order_attacker_then_others_then_defender() -> None:
    hands = {
        0: ["6H", "6D", "JC", "KS", "8H", "8C"],
        1: ["9H", "TD", "JD", "QC", "AH", "7C"],
        2: ["6C", "TH", "QD", "KH", "AC", "7D"],
    }
    state = deal(hands, "AS", stock=["9D", "9C"])  # two cards and the trump left
    state = act(state, 0, "attack:6H")
    state = act(state, 1, "beat:6H:9H")
    state = act(state, 2, "throw:6C")
    state = act(state, 1, "take")
    state, events = GAME.apply(state, 0, "throw:6D")
    drew = [(e.seat, e.data["n"]) for e in events if e.kind == "drew"]
    assert drew == [(0, 2), (2, 1)]  # the attacker first, then seat 2; the stock ran out before the defender


def test_players_leave_when_out_of_cards_and_the_last_is_the_durak() -> None:
    hands = {0: ["6H", "7D", "9C", "TS", "QH", "KD"], 1: ["8H", "8D", "JC", "QC", "AD", "6S"]}
    state = deal(hands, "9S", stock=[])
    state.hands, state.stock = [["AS"], ["6S", "7S"]], []
    state.attacker, state.defender = 0, 1
    state = act(
        state,
        0,
        "attack:AS",
    )
    state = act(state, 1, "take")
    assert state.over and state.durak == 1
    assert GAME.scores(state) == [1.0, 0.0] and GAME.winners(state) == [0]


def test_a_draw_when_the_last_two_run_out_together() -> None:
    state = deal(TWO, "9S", stock=[])
    state.hands, state.stock = [["7H"], ["8H"]], []
    state.attacker, state.defender = 0, 1
    state = act(state, 0, "attack:7H")
    state, events = GAME.apply(state, 1, "beat:7H:8H")
    assert state.over and state.durak is None and any(e.kind == "draw" for e in events)
    assert GAME.scores(state) == [1.0, 1.0]


# -- perevodnoy ---------------------------------------------------------------------------------------


THREE = {
    0: ["6H", "6D", "JC", "KS", "8H", "8C"],
    1: ["6C", "TD", "JD", "QC", "AH", "7C"],
    2: ["9H", "TH", "QD", "KH", "AC", "6S"],
}


def test_transfer_passes_the_attack_on_and_can_be_chained() -> None:
    state = deal(THREE, "AS", options={"variant": "perevodnoy"})
    state.attacker, state.defender = 0, 1
    state = act(state, 0, "attack:6H")
    assert "transfer:6C" in GAME.legal_actions(state, 1)
    state, events = GAME.apply(state, 1, "transfer:6C")
    assert state.defender == 2 and events[0].kind == "transfer"
    assert "transfer:6S" in GAME.legal_actions(state, 2)  # chained on to seat 0
    state = act(state, 2, "transfer:6S")
    assert state.defender == 0 and len(state.table) == 3


def test_transfer_refused_when_the_next_player_cannot_hold_all_cards() -> None:
    state = deal(THREE, "AS", options={"variant": "perevodnoy"})
    state.attacker, state.defender = 0, 1
    state.hands[2] = ["9H"]  # the next defender would face 2 cards with 1 in hand
    state = act(state, 0, "attack:6H")
    assert "transfer:6C" not in GAME.legal_actions(state, 1)
    assert refused(state, 1, "transfer:6C") == "transfer_refused"


def test_no_transfer_after_something_is_beaten_or_in_podkidnoy() -> None:
    state = deal(THREE, "AS")
    state.attacker, state.defender = 0, 1
    state = act(state, 0, "attack:6H")
    assert refused(state, 1, "transfer:6C") == "no_transfer_in_podkidnoy"
    state = deal(THREE, "AS", options={"variant": "perevodnoy"})
    state.attacker, state.defender = 0, 1
    state = act(state, 0, "attack:6H6D")
    state = act(state, 1, "beat:6H:AH")
    assert not [a for a in GAME.legal_actions(state, 1) if a.startswith("transfer")]


def test_transfer_by_showing_a_trump_once_per_bout() -> None:
    hands = {
        0: ["6H", "7D", "JC", "KS", "8H", "8C"],
        1: ["6S", "TD", "JD", "QC", "AH", "7C"],
        2: ["9H", "TH", "QD", "KH", "AC", "9S"],
    }
    state = deal(hands, "AS", options={"variant": "perevodnoy", "transfer_by_trump": True})
    state.attacker, state.defender = 0, 1
    state = act(state, 0, "attack:6H")
    assert "show:6S" in GAME.legal_actions(state, 1)
    state = act(state, 1, "show:6S")
    assert state.defender == 2 and "6S" in state.hands[1] and "6S" in state.known[1] and len(state.table) == 1


# -- decks, seats, options ----------------------------------------------------------------------------


def test_six_players_with_no_stock_show_the_dealers_last_card() -> None:
    state = GAME.new(6, seed=0)
    assert state.stock == [] and state.trump_in_hand
    assert state.trump_card in state.hands[state.dealer] and state.trump_card in state.known[state.dealer]
    assert GAME.view(state, None).trump_card == state.trump_card


@pytest.mark.parametrize(
    ("deck", "players", "ok"), [(24, 4, True), (24, 5, False), (52, 6, True), (36, 6, True)]
)
def test_deck_sizes(deck: int, players: int, ok: bool) -> None:
    if ok:
        state = GAME.new(players, {"deck": deck}, seed=1)
        assert sum(len(h) for h in state.hands) + len(state.stock) == deck
    else:
        with pytest.raises(GameError) as err:
            GAME.new(players, {"deck": deck})
        assert err.value.code == "too_many_players"


def test_teams_partners_do_not_throw_in_and_lose_together() -> None:
    hands = {
        i: h
        for i, h in enumerate(
            [
                ["6H", "7D", "JC", "KS", "8H", "8C"],
                ["9H", "TD", "JD", "QC", "AH", "7C"],
                ["6C", "TH", "QD", "KH", "AC", "7H"],
                ["6D", "9C", "QH", "KD", "AD", "TC"],
            ]
        )
    }
    state = deal(hands, "AS", options={"teams": True})
    state.attacker, state.defender = 0, 1
    state = act(state, 0, "attack:6H")
    assert not GAME.legal_actions(state, 3)  # seat 3 is the defender's partner
    assert "throw:6C" in GAME.legal_actions(state, 2)
    with pytest.raises(GameError):
        GAME.new(3, {"teams": True})


def test_open_cards_show_every_hand_and_normal_views_hide_them() -> None:
    state = deal(TWO, "9S", options={"open_cards": True})
    assert GAME.view(state, None).hands == state.hands
    closed = deal(TWO, "9S")
    view = GAME.view(closed, 0)
    assert view.hands is None and view.hand == closed.hands[0]
    assert not set(closed.hands[1]) & set(view.model_dump_json().replace('"', " ").split())


def test_undo_takes_back_the_last_card_until_someone_acts() -> None:
    state = deal(TWO, "9S")
    before = state.model_dump()
    state = act(state, 1, "attack:7H")
    assert "undo" in GAME.legal_actions(state, 1)
    restored = act(state, 1, "undo")
    assert {k: v for k, v in restored.model_dump().items() if k not in ("undo_state", "undo_seat")} == {
        k: v for k, v in before.items() if k not in ("undo_state", "undo_seat")
    }
    state = act(state, 0, "beat:7H:QH") if "beat:7H:QH" in GAME.legal_actions(state, 0) else state
    assert "undo" not in GAME.legal_actions(state, 1)
    off = deal(TWO, "9S", options={"undo": False})
    off = act(off, 1, "attack:7H")
    assert "undo" not in GAME.legal_actions(off, 1)


def test_a_match_counts_the_durak_of_each_game() -> None:
    import random

    state = GAME.new(2, {"match_games": 3}, seed=4)
    rng = random.Random(4)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert state.games_played == 3 and sum(state.durak_counts) + state.draws == 3


def test_normalize() -> None:
    assert GAME.normalize("attack:7h7s") == "attack:7S7H"
    assert GAME.normalize("beat:10h:js") == "beat:TH:JS"
    assert GAME.normalize("TAKE") == "take"
