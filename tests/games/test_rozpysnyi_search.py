"""Rozpysnyi search on the fast engine: its heuristic equals `ai.py`'s, its beliefs read the public
record right, and no decision depends on a card the seat cannot see."""

from __future__ import annotations

import random

import pytest

from games.cards import sort_hand
from games.rozpysnyi import ai, fast, policy, search
from tests.games.rozpysnyi_deals import GAME


def positions(count: int, seed: int, phase: str) -> list[tuple]:
    """(state, seat, played-so-far per seat) met in random games with several schedules and options."""
    rng = random.Random(seed)
    found: list[tuple] = []
    while len(found) < count:
        players = rng.choice([3, 4])
        options = {"schedule": rng.choice(["3 8 N", "5 D 12" if players == 3 else "5 D 8", "2 6"])}
        options["poker_card"] = rng.random() < 0.85
        state = GAME.new(players, options, seed=rng.randrange(2**32))
        played = [[] for _ in range(players)]
        round_no = 0
        while not GAME.is_over(state) and len(found) < count:
            (seat,) = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            if state.phase == phase and len(legal) > 1 and rng.random() < 0.3:
                found.append((state, seat, [list(p) for p in played]))
            action = rng.choice(legal)
            if action.startswith(("play", "lead")):
                played[seat].append(action.split(":")[1])
            state, _ = GAME.apply(state, seat, action)
            if state.round_no != round_no:
                round_no, played = state.round_no, [[] for _ in range(players)]
    return found


@pytest.mark.parametrize("with_voids", [False, True])
def test_the_fast_play_heuristic_plays_as_the_heuristic(with_voids: bool) -> None:
    for state, seat, _ in positions(400, 1 + with_voids, "play"):
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(state, seat)
        sit = ai.situation(view)
        if not with_voids:
            sit.voids = []
        expected = ai.to_action(
            ai.choose_play(sit, [ai.parse_action(a) for a in legal]), not sit.trick.plays, sit.poker
        )
        r = fast.round_from_state(state)
        got = policy.choose(r, r.legal(), search.hidden_mask(view), r.voids if with_voids else None)
        assert fast.action_text(got, view.poker_card) == expected


def test_the_fast_bid_estimate_is_the_heuristics() -> None:
    for state, seat, _ in positions(150, 3, "bid"):
        view = GAME.view(state, seat)
        if view.dark_hidden:
            continue
        expected = ai.estimate(view)
        trump = fast.SUIT_INT[view.trump] if view.trump else -1
        got = search.bid_dist(view, fast.mask_of(view.hand or []), trump, seat)
        assert got == pytest.approx(expected, abs=1e-9)
        bids = list(range(view.cards + 1))
        assert policy.best_bid(bids, got) == ai.best_bid(bids, expected)


def test_who_played_what_is_read_off_the_public_record() -> None:
    read = 0
    for state, seat, played in positions(300, 4, "play"):
        got = search.played_by_seat(GAME.view(state, seat))
        if got is None:
            continue  # the poker card's call in a finished trick can be ambiguous: no guess then
        trick = state.trick.plays if state.trick else []
        for s in range(state.players):
            done = [c for c in played[s] if c not in [p.card for p in trick]]
            assert got[s] == fast.mask_of(done)
        read += 1
    assert read > 250


def test_sampled_hands_keep_sizes_voids_and_the_shown_trump() -> None:
    rng = random.Random(9)
    for state, seat, _ in positions(200, 5, "play"):
        view = GAME.view(state, seat)
        hands = search.Sampler(view).sample(rng)
        assert hands is not None
        assert hands[seat] == fast.mask_of(state.hands[seat])
        assert [h.bit_count() for h in hands] == view.hand_sizes
        assert not any(hands[a] & hands[b] for a in range(len(hands)) for b in range(a))
        poker = fast.mask_of([view.poker_card]) if view.poker_card else 0
        for s, h in enumerate(hands):
            for v in view.voids[s]:
                assert not h & ~poker & fast.SUIT_MASK[fast.SUIT_INT[v]]
        if state.trump_in_hand and state.trump_card in state.hands[state.dealer]:
            assert hands[state.dealer] >> fast.CARD_INT[state.trump_card] & 1


@pytest.mark.parametrize("phase", ["bid", "play"])
def test_decisions_do_not_change_when_hidden_cards_are_reshuffled(phase: str) -> None:
    """The same view with the other hands dealt anew (as the view allows): the same decisions."""
    rng = random.Random(11)
    bots = {"heuristic": GAME.bot("heuristic"), "search": GAME.bot("search", budget=None, max_samples=6)}
    checked = 0
    for state, seat, _ in positions(40, 6, phase):
        view = GAME.view(state, seat)
        if view.dark_hidden:
            continue
        masks = search.Sampler(view).sample(rng)
        assert masks is not None
        other = state.model_copy(deep=True)
        other.hands = [sort_hand([fast.CARD_STR[c] for c in fast.cards(m)], state.trump) for m in masks]
        if other.hands == state.hands:
            continue
        assert GAME.view(other, seat) == view
        legal = GAME.legal_actions(state, seat)
        assert GAME.legal_actions(other, seat) == legal
        for bot in bots.values():
            a = bot.choose(view, legal, random.Random(checked))
            assert bot.choose(GAME.view(other, seat), legal, random.Random(checked)) == a
        checked += 1
    assert checked >= 25


def test_equal_cards_are_one_candidate() -> None:
    nine, ten, queen = fast.CARD_INT["9H"], fast.CARD_INT["TH"], fast.CARD_INT["QH"]
    unseen = fast.mask_of(["JH", "AS"])
    assert search.distinct([nine, ten, queen], unseen) == [nine, queen]  # 9♥ and 10♥ touch; J♥ is out
    assert search.distinct([nine, ten, queen], 0) == [nine]
