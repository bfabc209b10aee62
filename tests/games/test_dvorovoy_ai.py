"""Dvorovoy bridge AI: the contest's information only, the heuristic's habits, the search's worlds."""

from __future__ import annotations

import random

from games.dvorovoy import GAME, fast
from games.dvorovoy.ai import HeuristicBot, SearchBot, clearly_better, unseen_world
from games.dvorovoy.rules import Hit
from tests.games.test_dvorovoy import P1, P2, act, position

BOT = HeuristicBot()


def choice(state, seat: int | None = None) -> str:
    seat = state.mover if seat is None else seat
    return BOT.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(0))


def test_it_reads_no_more_than_the_contest_gave() -> None:
    """The same decision whatever the hidden cards and the view's extra fields (the last move's hits)."""
    state = position([["9H", "KS", "JS", "QD", "7S"], P1, P2], "9D")
    rng = random.Random(1)
    for _ in range(5):
        other = state.model_copy(deep=True)
        rest = other.hands[1] + other.hands[2] + other.stock
        rng.shuffle(rest)
        other.hands[1], other.hands[2], other.stock = rest[:5], rest[5:10], rest[10:]
        view = GAME.view(other, 0)
        view.last = [Hit(seat=1, draw=2, skip=True)]
        for bot in (BOT, SearchBot(budget=10, max_samples=4)):
            legal = GAME.legal_actions(other, 0)
            assert bot.choose(view, legal, random.Random(3)) == bot.choose(
                GAME.view(state, 0), legal, random.Random(3)
            )


def test_it_sheds_the_costliest_card_and_adds_the_rest_of_its_rank() -> None:
    state = position([["9H", "KD", "KS", "QS", "7S"], P1, P2], "9D")
    assert choice(state) == "play:KD"
    state = act(state, 0, "play:KD")
    assert choice(state) == "add:KS"
    state = act(state, 0, "add:KS")
    assert GAME.to_act(state) == [1]  # no king left: the move ended by itself


def test_a_jack_goes_only_when_nothing_else_fits() -> None:
    assert choice(position([["9H", "KS", "JS", "9C", "7H"], P1, P2], "8C")) == "play:9C"
    state = position([["9H", "KS", "JS", "QD", "7H"], P1, P2], "8C")
    assert choice(state) == "play:JS"  # only the jack fits: play it rather than draw
    state = act(state, 0, "play:JS")
    assert choice(state) == "suit:H"  # the suit it holds most of


def test_of_cards_worth_the_same_it_sheds_the_one_held_alone() -> None:
    hand = ["QS", "QD", "KS", "9H", "7C"]
    assert choice(position([hand, P1, P2], "8S")) == "play:KS"  # the queens, a pair, fit more tops later


def test_it_goes_out_in_one_move_when_it_can() -> None:
    state = position([["9H", "9S", "9C"], P1, P2], "AH")
    assert choice(state) == "play:9H"  # three nines, whatever an ace is worth
    state = position([["9S", "AS"], P1, P2], "KS")
    assert choice(state) == "play:AS"  # the most points first: 9S alone could not finish


def test_the_search_deals_worlds_that_fit_the_view() -> None:
    state = position([["9H", "9S", "JS", "QD", "7S"], P1, P2[:3]], "9D")
    state = act(state, 0, "play:9H")  # 9S may follow: the move goes on
    view = GAME.view(state, 0)
    world = unseen_world(view, random.Random(5))
    assert world.hands[0] == fast.mask_of(state.hands[0])
    assert [h.bit_count() for h in world.hands] == [4, 5, 3]
    assert world.pile == world.played == [fast.CARD_INT["9H"]] and world.mover == 0
    cards = [c for h in world.hands for c in fast.cards(h)] + world.stock + world.pile
    assert sorted(cards) == list(range(36))
    assert world.totals == state.totals


def test_the_search_plays_whole_matches_with_legal_moves() -> None:
    bots = [SearchBot(budget=10, max_samples=2), HeuristicBot(), SearchBot(budget=10, max_samples=2)]
    state = GAME.new(3, {"cards": 3}, seed=11)
    rng = random.Random(2)
    for _ in range(5000):
        if GAME.is_over(state):
            break
        seat = state.mover
        legal = GAME.legal_actions(state, seat)
        action = bots[seat].choose(GAME.view(state, seat), legal, rng)
        assert action in legal
        state, _ = GAME.apply(state, seat, action)
    assert GAME.is_over(state)


def test_the_search_overrules_the_heuristic_only_when_clearly_better() -> None:
    assert clearly_better([1.0, 2.0, 3.0, 4.0], [0.0, 1.0, 2.0, 3.0], 1.0)  # always one better
    assert not clearly_better([5.0, -5.0, 6.0, -5.0], [0.0, 0.0, 0.0, 0.0], 1.0)  # noise
    assert not clearly_better([9.0, 9.0], [0.0, 0.0], 1.0)  # too few deals to say
