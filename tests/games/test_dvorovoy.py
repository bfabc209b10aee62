"""Dvorovoy bridge: every rule of the spec on hand-made positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from games.base import Event, GameError
from games.cards import make_deck
from games.dvorovoy import DvorovoyState, points

GAME = games.get("dvorovoy")


def deal(
    hands: list[list[str]],
    turned: str,
    stock: list[str] | None = None,
    options: dict[str, Any] | None = None,
    dealer: int | None = None,
) -> DvorovoyState:
    """Deal `hands` (seat by seat) with `turned` face up; `stock` on top of the rest of the deck.

    The dealer is the last seat unless given, so seat 0 moves first after a plain turned card.
    """
    p = len(hands)
    dealer = p - 1 if dealer is None else dealer
    n = len(hands[0])
    order = [hands[(dealer + 1 + i) % p][i // p] for i in range(n * p)]
    top = [*order, turned, *(stock or [])]
    full = top + [c for c in make_deck(36) if c not in set(top)]
    return GAME.new(p, {"cards": n, **(options or {})}, seed=dealer, deals=[full])


def position(
    hands: list[list[str]],
    top: str,
    stock: list[str] = (),  # type: ignore[assignment]
    totals: list[int] | None = None,
    options: dict[str, Any] | None = None,
) -> DvorovoyState:
    """Seat 0 to move on `top` with these hands; the stock holds `stock` (top first), and every other
    card lies in the pile under `top` (so a draw past `stock` turns the pile over)."""
    p = len(hands)
    state = GAME.new(p, options or {}, seed=p - 1)
    held = {c for h in hands for c in h}
    assert len(held) == sum(len(h) for h in hands) and top not in held
    state.hands = [list(h) for h in hands]
    state.stock = list(stock)
    state.pile = [c for c in make_deck(36) if c not in held | {top, *stock}] + [top]
    state.mover, state.played, state.named, state.last, state.opening = 0, [], None, [], False
    state.totals = totals or [0] * p
    conserved(state)
    return state


def act(state: DvorovoyState, seat: int, *actions: str) -> DvorovoyState:
    for a in actions:
        state, _ = GAME.apply(state, seat, a)
    return state


def events(state: DvorovoyState, seat: int, action: str) -> tuple[DvorovoyState, list[Event]]:
    return GAME.apply(state, seat, action)


def refused(state: DvorovoyState, seat: int, action: Any) -> GameError:
    before = state.model_dump()
    with pytest.raises(GameError) as err:
        GAME.apply(state, seat, action)
    assert state.model_dump() == before
    return err.value


def kinds(evs: list[Event]) -> list[str]:
    return [e.kind for e in evs]


def conserved(state: DvorovoyState) -> None:
    cards = [c for h in state.hands for c in h] + state.stock + state.pile
    assert sorted(cards) == sorted(make_deck(36))


A = ["9H", "KS", "6C", "QD", "7S"]
B = ["TC", "8D", "JH", "AS", "9C"]
C = ["7D", "8C", "QH", "KC", "TS"]
# the others' hands in hand-made positions
P1 = ["TS", "KH", "AD", "QC", "7D"]
P2 = ["TH", "KC", "8D", "6D", "QH"]
P3 = ["6S", "TD", "JS", "AH", "9D"]


# -- the deal and the turned-up card ------------------------------------------------------------------


def test_five_cards_each_a_turned_card_and_the_stock() -> None:
    state = deal([A, B, C], "TH")
    assert sorted(state.hands[0]) == sorted(A) and sorted(state.hands[2]) == sorted(C)
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert state.pile == ["TH"] and len(state.stock) == 36 - 16
    assert state.dealer == 2 and GAME.to_act(state) == [0]  # the player after the dealer moves first
    conserved(state)


def test_a_turned_seven_makes_the_first_player_draw_one_then_play() -> None:
    state = deal([A, B, C], "7H", stock=["AD"])
    assert "AD" in state.hands[0] and len(state.hands[0]) == 6
    assert GAME.to_act(state) == [0]
    assert [h.model_dump() for h in state.last] == [{"seat": 0, "draw": 1, "skip": False}]


def test_a_turned_eight_makes_the_first_player_draw_two_and_skip() -> None:
    state = deal([A, B, C], "8H", stock=["AD", "AC"])
    assert {"AD", "AC"} <= set(state.hands[0]) and len(state.hands[0]) == 7
    assert GAME.to_act(state) == [1]


def test_a_turned_ace_skips_the_first_player_and_at_two_the_dealer_moves() -> None:
    state = deal([A, B], "AH")
    assert state.dealer == 1 and GAME.to_act(state) == [1]
    assert [len(h) for h in state.hands] == [5, 5]


def test_a_turned_six_must_be_covered_by_the_dealer() -> None:
    state = deal([A, B, C], "6H")
    assert GAME.to_act(state) == [2]
    assert GAME.legal_actions(state, 2) == ["play:QH"]  # only a heart, a 6 or a jack covers
    assert refused(state, 2, "end").code == "cover_six"
    state = act(state, 2, "play:QH")  # no other queen: the move ends by itself
    assert GAME.to_act(state) == [0] and state.pile == ["6H", "QH"]


def test_a_dealer_without_a_cover_for_the_turned_six_draws_until_one_comes() -> None:
    state = deal([A, B, ["7D", "8C", "QC", "KC", "TS"]], "6H", stock=["9D", "TD", "7H"])
    assert state.hands[2].count("7H") == 1 and len(state.hands[2]) == 8
    assert GAME.legal_actions(state, 2) == ["play:7H"]


def test_a_turned_jack_lets_the_dealer_name_the_suit_and_nothing_else() -> None:
    state = deal([A, B, ["7D", "JC", "QH", "KC", "TS"]], "JD")
    assert GAME.legal_actions(state, 2) == ["suit:S", "suit:H", "suit:D", "suit:C"]
    assert refused(state, 2, "add:JC").code == "name_suit"
    state = act(state, 2, "suit:S")
    assert state.named == "S" and GAME.to_act(state) == [0]
    assert sorted(GAME.legal_actions(state, 0)) == ["draw", "play:7S", "play:KS"]


# -- a move -------------------------------------------------------------------------------------------


def test_a_card_matches_by_suit_or_rank_and_a_jack_goes_on_anything() -> None:
    state = deal([A, B, C], "9D")
    assert sorted(GAME.legal_actions(state, 0)) == ["draw", "play:9H", "play:QD"]
    assert refused(state, 0, "play:KS").code == "no_match"
    assert refused(state, 0, "play:TC").code == "card_not_in_hand"
    assert refused(state, 1, "play:9C").code == "not_your_turn"
    state = act(state, 0, "play:QD")
    assert sorted(GAME.legal_actions(state, 1)) == ["draw", "play:8D", "play:JH"]


def test_more_cards_of_the_same_rank_in_one_move_the_last_one_on_top() -> None:
    state = position([["9H", "9S", "9C", "KD", "6H"], P1, P2], "8H")
    state = act(state, 0, "play:9H")
    assert GAME.legal_actions(state, 0) == ["add:9S", "add:9C", "end"]
    assert refused(state, 0, "add:KD").code == "same_rank"
    assert refused(state, 0, "draw").code == "move_started"
    state = act(state, 0, "add:9C")
    assert GAME.legal_actions(state, 0) == ["add:9S", "end"] and GAME.to_act(state) == [0]
    state = act(state, 0, "9s")  # a typed card means whichever fits: here `add`; the last nine ends the move
    assert GAME.to_act(state) == [1] and state.pile[-3:] == ["9H", "9C", "9S"]


def test_one_draw_a_turn_then_play_any_card_that_fits_or_pass() -> None:
    state = position([A, P1, P2], "TC", stock=["KD"])
    state, evs = events(state, 0, "draw")
    assert kinds(evs) == ["drew"] and "KD" in state.hands[0] and state.drew
    legal = GAME.legal_actions(state, 0)
    assert sorted(legal) == ["pass", "play:6C"]
    assert refused(state, 0, "draw").code == "already_drew"
    state = act(state, 0, "pass")
    assert GAME.to_act(state) == [1] and not state.drew
    assert refused(state, 1, "pass").code == "draw_first"


def test_a_drawn_card_that_does_not_fit_ends_the_turn_by_itself() -> None:
    state = position([["9H", "KS", "TD", "QD", "7S"], P1, P2], "8C", stock=["9D"])
    assert GAME.legal_actions(state, 0) == ["draw"]  # no club, no 8, no jack
    state, evs = events(state, 0, "draw")
    assert kinds(evs) == ["drew", "auto_passed"]
    assert "9D" in state.hands[0] and GAME.to_act(state) == [1]


def test_with_nothing_to_draw_a_player_may_pass() -> None:
    state = position([A, P1, P2], "TC")
    state.hands[2] += state.pile[:-1]
    state.pile = ["TC"]
    conserved(state)
    assert GAME.legal_actions(state, 0) == ["play:6C", "pass"]
    state = act(state, 0, "pass")
    assert GAME.to_act(state) == [1]


# -- effects ------------------------------------------------------------------------------------------


def test_a_six_played_must_be_covered_and_cards_are_drawn_until_it_can_be() -> None:
    state = position([["6H", "KS", "6C", "QD", "7S"], P1, P2], "9H", stock=["9D", "TD", "QS", "JD"])
    state = act(state, 0, "play:6H")
    assert GAME.legal_actions(state, 0) == ["play:6C"]
    assert refused(state, 0, "end").code == "cover_six"
    state, evs = events(state, 0, "play:6C")  # a 6 on a 6: to cover again; no club, no 6, no jack left
    assert kinds(evs) == ["played", "covered_draw"] and evs[1].data == {"n": 4}
    assert {"9D", "TD", "QS", "JD"} <= set(state.hands[0])
    assert GAME.legal_actions(state, 0) == ["play:JD"]  # the jack drawn last covers the club 6
    state = act(state, 0, "play:JD", "suit:D")
    assert GAME.to_act(state) == [1] and state.named == "D"


def test_several_sevens_hit_successive_players() -> None:
    state = position([["7H", "7S", "7C", "KD", "QD"], P1, P2, P3], "9H", ["AS", "AC"])
    state = act(state, 0, "play:7H", "add:7S")
    state, evs = events(state, 0, "end")
    assert [(e.kind, e.seat, e.data["n"]) for e in evs] == [("draws", 1, 1), ("draws", 2, 1)]
    assert "AS" in state.hands[1] and "AC" in state.hands[2]
    assert [len(h) for h in state.hands] == [3, 6, 6, 5]
    assert GAME.to_act(state) == [1]  # sevens do not skip


def test_several_eights_cycle_over_the_other_players() -> None:
    state = position([["8H", "8S", "8C", "KD", "QD"], P1, P2], "9H")
    state = act(state, 0, "play:8H", "add:8S")
    state, evs = events(state, 0, "add:8C")  # the last eight: the move ends by itself
    # three eights at a table of three: seat 1, seat 2, seat 1 again (draws 4, loses one turn)
    assert [(e.kind, e.seat, e.data["n"]) for e in evs if e.kind not in ("reshuffled", "added")] == [
        ("draws_skips", 1, 4),
        ("draws_skips", 2, 2),
    ]
    assert [len(h) for h in state.hands] == [2, 9, 7]
    assert GAME.to_act(state) == [0]  # everyone else lost the turn
    conserved(state)


def test_two_eights_two_players_at_a_table_of_four() -> None:
    state = position([["8H", "8S", "KD", "QD", "7C"], P1, P2, P3], "9H")
    state = act(state, 0, "play:8H", "add:8S")
    assert [len(h) for h in state.hands] == [3, 7, 7, 5]
    assert GAME.to_act(state) == [3]


def test_an_ace_skips_the_next_player() -> None:
    state = position([["AH", "KS", "6C", "QD", "7S"], P1, P2], "9H")
    state, evs = events(state, 0, "play:AH")
    assert kinds(evs) == ["played", "skips"] and GAME.to_act(state) == [2]
    assert [len(h) for h in state.hands] == [4, 5, 5]


def test_a_jack_names_the_suit_the_next_player_must_match() -> None:
    state = position([["JH", "KS", "6C", "QD", "7S"], ["TC", "9D", "QS", "AS", "9H"], P2], "9C")
    state = act(state, 0, "play:JH")
    assert GAME.legal_actions(state, 0) == ["suit:S", "suit:H", "suit:D", "suit:C"]
    assert refused(state, 0, "end").code == "name_suit"
    state = act(state, 0, "suit:♦")
    assert state.named == "D"
    assert sorted(GAME.legal_actions(state, 1)) == ["draw", "play:9D"]  # not 9H: the jack's own suit is gone
    assert refused(state, 1, "play:9H").code == "no_match_named"
    view = GAME.view(state, None)
    assert view.named == "D" and view.top == "JH"


# -- the end of a round and the match -----------------------------------------------------------------


def test_a_last_eight_still_loads_the_next_player() -> None:
    state = position([["8H"], ["TC"], ["QH"]], "9H", stock=["AD", "JS"])
    state, evs = events(state, 0, "play:8H")
    assert kinds(evs)[:4] == ["played", "out", "draws_skips", "round_scored"]
    assert evs[3].data["points"] == [0, 45, 10]  # seat 1 was loaded with AD and JS: 10 + 15 + 20
    assert state.totals == [0, 45, 10] and state.round_no == 2
    assert state.dealer == 0  # the deal moves on clockwise
    assert [len(h) for h in state.hands] == [5, 5, 5]
    conserved(state)


def test_a_last_six_must_be_covered_so_the_round_goes_on() -> None:
    state = position([["6H"], ["TC"], ["QS"]], "9H", stock=["KD", "7H"])
    state, evs = events(state, 0, "play:6H")
    assert "out" not in kinds(evs)
    assert state.hands[0] == ["7H", "KD"] and GAME.legal_actions(state, 0) == ["play:7H"]
    state, evs = events(state, 0, "play:7H")
    assert "round_scored" not in kinds(evs)  # KD is still in hand
    assert GAME.to_act(state) == [1] and [e.seat for e in evs if e.kind == "draws"] == [1]


def test_exactly_125_burns_to_zero() -> None:
    state = position([["9H"], ["JC"], ["QS"]], "9D", totals=[0, 105, 30])
    state, evs = events(state, 0, "play:9H")
    assert state.totals == [0, 0, 40] and "burned" in kinds(evs) and not state.over


def test_without_the_burn_125_stays() -> None:
    state = position([["9H"], ["JC"], ["QS"]], "9D", totals=[0, 105, 30], options={"burn": False})
    state = act(state, 0, "play:9H")
    assert state.totals == [0, 125, 40] and not state.over


def test_over_125_loses_the_match_and_the_others_rank_by_lowest_total() -> None:
    state = position([["9H"], ["JC"], ["QS"]], "9D", totals=[50, 110, 30])
    state, evs = events(state, 0, "play:9H")
    assert state.over and state.losers == [1] and state.totals == [50, 130, 40]
    assert kinds(evs)[-2:] == ["bust", "game_over"]
    assert GAME.winners(state) == [2] and GAME.scores(state) == [-50.0, -130.0, -40.0]
    assert GAME.to_act(state) == [] and refused(state, 2, "draw").code == "game_over"


def test_points_by_the_formula() -> None:
    assert points(["TH", "QS", "KD", "AC", "JH", "6S", "7S", "8S", "9S"]) == 10 * 3 + 15 + 20


# -- the stock, texts, privacy ------------------------------------------------------------------------


def test_an_empty_stock_is_rebuilt_from_the_pile_under_its_top() -> None:
    state = position([A, P1, P2], "9D")
    assert not state.stock and len(state.pile) == 36 - 15
    state, evs = events(state, 0, "draw")
    assert kinds(evs)[0] == "reshuffled" and state.pile == ["9D"] and len(state.hands[0]) == 6
    conserved(state)


def test_typed_actions_and_junk() -> None:
    state = deal([["9H", "KS", "6C", "QD", "7S"], B, C], "JD", dealer=2)
    state = act(state, 2, "Suit:hearts")
    assert state.named == "H"
    assert GAME.normalize("беру") == "draw" and GAME.normalize("пас") == "pass"
    assert GAME.normalize("play:10h") == "play:TH" and GAME.normalize(" 9♠ ") == "play:9S"
    for junk in ("", "play", "play:", "play:ZZ", "suit:X", "end:9H", "draw:1", "\x00", "a" * 500, "::"):
        assert refused(state, 0, junk).code in {"unknown_action", "card_not_in_hand", "draw_first"}
    refused(state, 0, None)
    refused(state, 7, "draw")
    state = act(state, 0, "9h")
    assert state.pile[-1] == "9H"


def test_whose_turn_is_public_and_no_view_shows_another_hand() -> None:
    state = deal([A, B, C], "TH")
    public = GAME.view(state, None)
    assert public.to_act == [0] and public.hand is None and public.hand_sizes == [5, 5, 5]
    text = GAME.view(state, 1).model_dump_json()
    for c in A + C:
        assert f'"{c}"' not in text


def test_too_many_cards_for_the_players_is_refused() -> None:
    with pytest.raises(GameError) as err:
        GAME.new(6, {"cards": 7})
    assert err.value.code == "too_many_players"


def test_no_turn_offers_end_as_its_only_choice() -> None:
    """A move whose rank has no more cards in hand ends by itself: nobody is asked to press `end` alone."""
    rng = random.Random(7)
    for seed in range(3):
        state = GAME.new(3, {}, seed=seed)
        for _ in range(3000):
            if state.over:
                break
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            assert legal != ["end"], state.played
            state = act(state, seat, rng.choice(legal))
        assert state.over
