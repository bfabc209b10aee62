"""Most («Мост»): the meld validator, turns, the bridge take, jokers, scoring, whole random games."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.base import GameError
from games.cards import JOKERS, RANKS, SUITS, make_deck
from games.most import GAME, Meld, MostState
from games.most.melds import classify, extend, hand_penalty, physical, value
from games.most.rules import MAX_GAMES, table_points

REAL = make_deck(52)


# -- the validator ------------------------------------------------------------------------------


def is_run(cards: Sequence[str]) -> bool:
    """Brute force: one suit, and the ranks are `n` steps of the cycle from some start."""
    if len({c[1] for c in cards}) != 1 or len(set(cards)) != len(cards):
        return False
    ranks = {RANKS.index(c[0]) for c in cards}
    return any({(s + i) % 13 for i in range(len(cards))} == ranks for s in range(13))


def is_set(cards: Sequence[str]) -> bool:
    return len({c[0] for c in cards}) == 1 and len(set(cards)) == len(cards)


def test_every_three_card_combination_is_judged_like_the_brute_force() -> None:
    runs = sets = 0
    for combo in combinations(REAL, 3):
        expected = "run" if is_run(combo) else "set" if is_set(combo) else None
        try:
            kind, _ = classify(list(combo))
        except GameError as e:
            assert expected is None, combo
            assert e.code in ("not_a_meld", "run_gap")
            continue
        assert kind == expected, combo
        runs += kind == "run"
        sets += kind == "set"
    assert (runs, sets) == (52, 52)  # 13 windows in each suit (wrapping), 4 sets of 3 in each rank


def test_every_run_with_wrap_around_is_ordered_along_the_cycle() -> None:
    for s in SUITS:
        for start in range(13):
            for n in range(3, 14):
                run = [RANKS[(start + i) % 13] + s for i in range(n)]
                shuffled = random.Random(f"{s}{start}{n}").sample(run, n)
                kind, order = classify(shuffled)
                assert kind == "run"
                if n < 13:
                    assert order == run
                else:
                    assert sorted(order) == sorted(run) and order[0][0] == "2"


def test_every_set_is_a_meld_and_sets_never_hold_two_cards_of_a_suit() -> None:
    for r in RANKS:
        for k in (3, 4):
            for suits in combinations(SUITS, k):
                kind, order = classify([r + s for s in reversed(suits)])
                assert kind == "set" and [c[1] for c in order] == list(suits)


def test_every_joker_substitution_in_small_melds() -> None:
    """Any card of a run or set of 3–4 may be a joker standing for it; one or two jokers."""
    melds = [
        [RANKS[(st_ + i) % 13] + s for i in range(n)] for s in SUITS for st_ in range(13) for n in (3, 4)
    ]
    melds += [[r + s for s in suits] for r in RANKS for k in (3, 4) for suits in combinations(SUITS, k)]
    for meld in melds:
        for k in (1, 2):
            for spots in combinations(range(len(meld)), k):
                entries = list(meld)
                for joker, i in zip(JOKERS, spots, strict=False):
                    entries[i] = f"{joker}={meld[i]}"
                kind, order = classify(entries)
                assert sorted(order) == sorted(entries)
                assert kind == ("set" if is_set(meld) else "run")


def test_bad_melds_say_why() -> None:
    cases = {
        ("7H", "8H"): "meld_too_short",
        ("7H", "8S", "9H"): "not_a_meld",
        ("7H", "8H", "TH"): "run_gap",
        ("QH", "KH", "2H"): "run_gap",  # the ace is missing between K and 2
        ("7H", "X1=7H", "8H"): "duplicate_card",
        ("KS", "AS", "2S", "4S"): "run_gap",
    }
    for cards, code in cases.items():
        with pytest.raises(GameError) as e:
            classify(list(cards))
        assert e.value.code == code, cards


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(REAL), min_size=3, max_size=13, unique=True))
def test_random_card_lists_are_melds_exactly_when_the_brute_force_says(cards: list[str]) -> None:
    expected = is_run(cards) or is_set(cards)
    try:
        kind, order = classify(cards)
    except GameError:
        assert not expected
        return
    assert expected and sorted(order) == sorted(cards)
    if kind == "run":  # consecutive along the cycle, in the returned order
        steps = [(RANKS.index(b[0]) - RANKS.index(a[0])) % 13 for a, b in pairwise(order)]
        assert set(steps) <= {1}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(REAL), min_size=3, max_size=12, unique=True), st.sampled_from(REAL))
def test_a_lay_off_fits_exactly_when_the_longer_meld_is_a_meld(cards: list[str], extra: str) -> None:
    try:
        kind, order = classify(cards)
    except GameError:
        return
    longer = extend(kind, order, extra)
    grown = [*cards, extra]
    assert (longer is not None) == ((is_run(grown) and kind == "run") or (is_set(grown) and kind == "set"))
    if longer is not None:
        assert classify(longer) == (kind, longer)


def test_card_values() -> None:
    assert [value(r + "S") for r in RANKS] == [5] * 8 + [10] * 4 + [15]
    assert value("X1") == 0 and hand_penalty(["X2", "AS", "2C"]) == 120


# -- positions ------------------------------------------------------------------------------------


def position(
    hands: Sequence[Sequence[str]],
    melds: Sequence[tuple[int, Sequence[str]]] = (),
    bridge: Sequence[str] = ("5C",),
    turn: int = 0,
    phase: str = "play",
    target: int = 500,
    deck: Sequence[str] | None = None,
) -> MostState:
    """A hand-made position: the rest of the 54 cards form the deck (unless given)."""
    state = GAME.new(len(hands), {"target": target}, seed=1)
    laid = [
        Meld(owner=o, kind=classify(list(c))[0], cards=classify(list(c))[1], by=[o] * len(c))
        for o, c in melds
    ]
    used = {physical(e) for m in laid for e in m.cards} | set(bridge) | {c for h in hands for c in h}
    state.hands = [list(h) for h in hands]
    state.melds = laid
    state.bridge = list(bridge)
    state.deck = [c for c in make_deck(54) if c not in used] if deck is None else list(deck)
    state.turn, state.phase = turn, phase  # type: ignore[assignment]
    state.known = [[] for _ in hands]
    return state


def refused(state: MostState, seat: int, action: str, code: str) -> None:
    before = state.model_dump_json()
    with pytest.raises(GameError) as e:
        GAME.apply(state, seat, action)
    assert e.value.code == code, (action, e.value)
    assert state.model_dump_json() == before


def test_the_source_example() -> None:
    """A has 2D 2C 2S, B has KH AH 2H 3H: 4H (then 5H) and QH (then JH) fit B's run; 2H never A's set."""
    a_hand, b_hand = ["4H", "5H", "QH", "JH", "9S"], ["4H", "QH", "9S"]
    for seat, hand in ((0, a_hand), (1, b_hand)):
        hands = [["7C"], ["7D"]]
        hands[seat] = list(hand)
        state = position(hands, [(0, ["2D", "2C", "2S"]), (1, ["KH", "AH", "2H", "3H"])], turn=seat)
        legal = GAME.legal_actions(state, seat)
        assert "lay:4H:2" in legal and "lay:QH:2" in legal
        assert not any(a.startswith("lay:") and a.endswith(":1") for a in legal)  # 2H is in B's run
        state, _ = GAME.apply(state, seat, "lay:4H:2")
        if seat == 0:
            state, _ = GAME.apply(state, seat, "lay:5H:2")
            state, _ = GAME.apply(state, seat, "lay:QH:2")
            state, _ = GAME.apply(state, seat, "lay:JH:2")
            assert [c for c in state.melds[1].cards] == ["JH", "QH", "KH", "AH", "2H", "3H", "4H", "5H"]
            assert table_points(state.melds, 2) == [15 + 30, 35]  # lay-offs score for who laid them
    # with a joker for 2H in B's run, the real 2H still may not join A's set: it is on the table as a joker
    state = position(
        [["2H", "9S", "9D"], ["7D"]], [(0, ["2D", "2C", "2S"]), (1, ["KH", "AH", "X1=2H", "3H"])]
    )
    refused(state, 0, "lay:2H:1", "joker_stands")
    refused(state, 0, "meld:2H,3H,4H", "card_not_in_hand")
    refused(state, 0, "discard:2H", "joker_stands")
    assert "swap:2H" in GAME.legal_actions(state, 0)


def test_taking_from_the_bridge_needs_a_meld_and_the_taken_card_is_melded_first() -> None:
    state = position([["7H", "8H", "KC"], ["2D", "3D"]], bridge=["5C", "9H", "QS", "4D"], phase="draw")
    assert GAME.legal_actions(state, 0) == ["draw", "take:2"]  # 9H fits 7H 8H; 5C, QS, 4D fit nothing
    refused(state, 0, "take:1", "take_no_meld")
    refused(state, 0, "take:5", "no_such_position")
    refused(state, 0, "discard:KC", "draw_first")
    state, events = GAME.apply(state, 0, "take:2")
    assert events[0].data == {"cards": ["9H", "QS", "4D"], "pos": 2}
    assert state.bridge == ["5C"] and state.pending == "9H" and sorted(state.known[0]) == ["4D", "9H", "QS"]
    assert all(a.startswith("meld:") and "9H" in a for a in GAME.legal_actions(state, 0))
    refused(state, 0, "discard:KC", "must_meld_taken")
    refused(state, 0, "draw", "already_drew")
    state, _ = GAME.apply(state, 0, "meld:9h 7h 8h")
    assert state.pending is None and state.melds[0].cards == ["7H", "8H", "9H"]
    assert sorted(state.known[0]) == ["4D", "QS"]
    state, _ = GAME.apply(state, 0, "discard:QS")
    assert state.bridge == ["5C", "QS"] and state.turn == 1 and state.phase == "draw"


def test_a_take_must_leave_a_card_to_discard() -> None:
    state = position([["7H"], ["2D", "3D"]], bridge=["5C", "8H", "9H"], phase="draw")
    assert not GAME.can_take(state, 0, 2)  # 7H 8H 9H is the whole hand: nothing left to discard
    refused(state, 0, "take:2", "take_no_meld")
    state = position([["7H", "KC"], ["2D", "3D"]], bridge=["5C", "8H", "9H"], phase="draw")
    assert "take:2" in GAME.legal_actions(state, 0)


def test_a_taken_joker_goes_into_a_meld_as_a_joker() -> None:
    state = position([["7H", "8H", "KC"], ["2D"]], bridge=["5C", "X1"], phase="draw")
    state, _ = GAME.apply(state, 0, "take:2")
    assert state.pending == "X1"
    legal = GAME.legal_actions(state, 0)
    assert "meld:X1=6H,7H,8H" in legal and "meld:7H,8H,X1=9H" in legal
    refused(state, 0, "meld:7H,8H,X1", "joker_needs_card")
    state, _ = GAME.apply(state, 0, "meld:7H,8H,X1=9H")
    assert state.melds[0].cards == ["7H", "8H", "X1=9H"]


def test_joker_declarations_and_swaps() -> None:
    melds = [(1, ["QS", "QD", "QC"]), (1, ["8C", "X1=9C", "TC"])]
    state = position([["JC", "X2", "KC", "9C", "QH"], ["2D"]], melds)
    refused(state, 0, "meld:JC,X2=QC,KC", "on_table")  # the source's own example
    refused(state, 0, "meld:X2=9C,9S,9D", "card_not_in_hand")
    refused(state, 0, "meld:X2=9C,JC,KC", "on_table_as_joker")
    refused(state, 0, "swap:QH", "no_joker_for")
    refused(state, 0, "lay:JC:2", "no_meld_yet")
    state, events = GAME.apply(state, 0, "swap:9C")
    assert events[0].data == {"card": "9C", "meld": 2}
    assert state.melds[1].cards == ["8C", "9C", "TC"] and state.melds[1].by == [1, 0, 1]
    assert "X1" in state.hands[0] and "X1" in state.known[0] and "9C" not in state.hands[0]
    assert table_points(state.melds, 2) == [5, 30 + 15]
    state, _ = GAME.apply(state, 0, "meld:X1=AC,KC,X2=2C")
    assert state.melds[2].cards == ["KC", "X1=AC", "X2=2C"]
    state, _ = GAME.apply(state, 0, "lay:JC:2")
    assert state.melds[1].cards == ["8C", "9C", "TC", "JC"]
    refused(state, 0, "lay:QH:1", "keep_one")


def test_junk_is_refused_and_typed_forms_are_normalized() -> None:
    state = position([["7H", "8H", "9H", "KC"], ["2D"]])
    for junk in (
        "",
        "meld",
        "meld:",
        "lay:7H",
        "lay:7H:x",
        "take:²",
        "swap:ZZ",
        "discard",
        "fly",
        "meld:X1=X2",
    ):
        refused(state, 0, junk, "unknown_action")
    refused(state, 1, "discard:2D", "not_your_turn")
    assert GAME.normalize("meld: 9h, 7♥ 8h") == "meld:7H,8H,9H"
    assert GAME.normalize("Lay:x2=10h:3") == "lay:X2=TH:3"


def test_meld_refusals_name_the_rule() -> None:
    state = position([["7H", "8S", "9H", "TH", "X1", "KC"], ["2D"]], bridge=["5C", "JH"])
    refused(state, 0, "meld:7H,8S,9H", "not_a_meld")
    refused(state, 0, "meld:7H,9H", "meld_too_short")
    refused(state, 0, "meld:9H,TH,X1=JH", "on_table")  # JH lies in the bridge
    refused(state, 0, "meld:7H,9H,TH,X1=8H,8S,KC", "not_a_meld")
    refused(state, 0, "meld:AS,2S,3S", "card_not_in_hand")
    state = position([["7H", "8H", "9H"], ["2D"]])
    refused(state, 0, "meld:7H,8H,9H", "keep_one")


def test_scoring_a_finished_game_by_hand() -> None:
    """B discards the last card: each scores laid cards minus the hand (a joker in hand −100)."""
    melds = [(0, ["AS", "AH", "AD"]), (1, ["X1=TD", "JD", "QD"]), (2, ["2C", "3C", "4C"])]
    state = position([["KS", "X2"], ["5H"], ["9C", "TC"]], melds, turn=1, target=300)
    state.melds[0].by = [0, 0, 2]  # seat 2 laid the AD off on seat 0's set
    state.totals = [10, 20, 30]
    state, events = GAME.apply(state, 1, "discard:5H")
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["discarded", "went_out"] and kinds.count("scored") == 3
    expected = [30 - 10 - 100, 20 - 0, 15 + 15 - 10 - 5]
    assert state.last_scores == expected
    assert state.totals == [10 + expected[0], 20 + expected[1], 30 + expected[2]]
    assert not state.over and state.game_no == 1 and kinds[-1] == "dealt"  # nobody has 300: next game
    assert state.dealer == (GAME.new(3, seed=1).dealer + 1) % 3 and all(len(h) == 6 for h in state.hands)


def test_an_empty_deck_ends_the_game_when_the_next_player_must_draw() -> None:
    state = position([["7H", "KC"], ["2D"]], deck=["4S"], phase="draw", target=0)
    state.bridge = [c for c in make_deck(54) if c not in ("7H", "KC", "2D", "4S")]
    state, _ = GAME.apply(state, 0, "draw")
    assert not state.deck and not GAME.is_over(state)
    state, events = GAME.apply(state, 0, "discard:KC")
    assert [e.kind for e in events][:2] == ["discarded", "deck_empty"]
    assert GAME.is_over(state) and state.totals == [-10, -5] and GAME.winners(state) == [1]


def test_the_match_goes_to_the_target() -> None:
    state = position([["5H"], ["2D", "AS"]], turn=0, target=300)
    state.totals = [290, 100]
    state.melds = [Meld(owner=0, kind="set", cards=["KS", "KH", "KD"], by=[0, 0, 0])]
    state, events = GAME.apply(state, 0, "discard:5H")
    assert GAME.is_over(state) and events[-1].kind == "match_over"
    assert state.totals == [320, 80] and GAME.winners(state) == [0] and GAME.to_act(state) == []


# -- whole random games ---------------------------------------------------------------------------


def cards_of(state: MostState) -> list[str]:
    laid = [physical(e) for m in state.melds for e in m.cards]
    return [c for h in state.hands for c in h] + state.deck + state.bridge + laid


def expected_points(state: MostState) -> list[int]:
    out = [0] * state.players
    for m in state.melds:
        for e, who in zip(m.cards, m.by, strict=True):
            out[who] += 0 if "=" in e else value(e)
    return [out[s] - hand_penalty(state.hands[s]) for s in range(state.players)]


def hidden_of(state: MostState, seat: int | None) -> set[str]:
    """Cards the viewer must not see: other hands (but what was taken from the bridge) and the deck."""
    out = set(state.deck)
    for s, hand in enumerate(state.hands):
        if s != seat:
            out |= set(hand) - set(state.known[s])
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_whole_games_keep_every_rule(players: int) -> None:
    rng = random.Random(players)
    dealt = 0  # games of a match after its first
    for g in range(2):
        state = GAME.new(
            players,
            {"target": 0 if g % 2 or players > 3 else 300, "hand": 6 + g % 2},
            seed=rng.randrange(10**9),
        )
        moves = 0
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            assert sorted(cards_of(state)) == sorted(make_deck(54))
            for viewer in (None, rng.randrange(players)) if moves % 3 == 0 else ():
                shown = json.dumps(GAME.view(state, viewer).model_dump(mode="json"))
                assert not any(f'"{c}"' in shown for c in hidden_of(state, viewer)), viewer
            legal = GAME.legal_actions(state, seat)
            assert legal and all(GAME.is_legal(state, seat, a) for a in rng.sample(legal, min(6, len(legal))))
            for junk in ("discard:" + rng.choice(REAL), "meld:" + ",".join(rng.sample(REAL, 3)), "take:9"):
                if junk not in legal and not GAME.is_legal(state, seat, GAME.normalize(junk)):
                    refused(state, seat, junk, GAME.why_illegal(state, seat, GAME.normalize(junk)).code)
            other = (seat + 1) % players
            refused(state, other, rng.choice(legal), "not_your_turn")
            action = rng.choice(legal)
            points = expected_points(state)
            state, events = GAME.apply(state, seat, action)
            if any(e.kind == "scored" for e in events):
                # the game ended on a discard: the discarded card no longer counts against its player
                gone = hand_penalty([action.removeprefix("discard:")])
                assert [e.data["points"] for e in events if e.kind == "scored"] == [
                    p + (gone if s == seat else 0) for s, p in enumerate(points)
                ]
            assert GAME.load(state.model_dump_json()) == state
            dealt += any(e.kind == "dealt" for e in events)
            moves += 1
            assert moves < 5000
        assert state.game_no < MAX_GAMES
    assert dealt > 0 or players > 3  # the small tables played a match of several games


def test_registered_with_its_aliases() -> None:
    assert games.get("мост") is GAME and games.get("most") is GAME


def test_a_take_button_names_the_cards_it_takes_and_a_long_take_in_short() -> None:
    state = GAME.new(2, {}, seed=3)
    state.bridge = ["5C", "9H", "QD", "2S", "3S", "4S", "5S", "6S", "7S"]
    view = GAME.view(state, 0)
    assert GAME.describe_offered(view, "take:8") == ("most.action.take_cards", {"pos": "8", "cards": "6♠ 7♠"})
    _, params = GAME.describe_offered(view, "take:1")
    assert params["cards"] == "5♣ 9♥ Q♦ 2♠ 3♠ …"  # a button label stays short (Discord: 80 characters)
    assert GAME.describe_offered(view, "take:10")[0] == "most.action.take"  # no such card: the plain words
