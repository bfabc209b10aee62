"""Most's AI: whole legal games, the rules of thumb of the heuristic, the search within its budget."""

from __future__ import annotations

import random

import pytest

from games.most import GAME, fast
from games.most.ai import (
    HeuristicBot,
    SearchBot,
    deal_near_end,
    deal_of_view,
    heuristic,
    unseen_world,
    view_near_end,
)
from tests.games.test_most import cards_of, position


def choose(bot, state, seat: int = 0) -> str:
    return bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(1))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_heuristic_players_play_whole_legal_games(players: int) -> None:
    bot = HeuristicBot()
    for seed in range(3):
        state = GAME.new(players, {"target": 0}, seed=seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, choose(bot, state, seat))  # refused if illegal
        assert len(cards_of(state)) == 54 and state.melds


def test_it_takes_the_bridge_for_a_meld_worth_more_than_the_cards_it_brings() -> None:
    state = position([["JH", "QH", "KH", "5D", "9C"], ["2D"]], bridge=["3S", "AH", "4C"], phase="draw")
    assert choose(HeuristicBot(), state) == "take:2"  # J Q K A of hearts for a 4♣ more in hand
    state = position([["JH", "QH", "KH", "5D", "9C"], ["2D"]], bridge=["3S", "7D"], phase="draw")
    assert choose(HeuristicBot(), state) == "draw"
    state = position(
        [["JH", "QH", "KH", "5D", "9C"], ["2D"]], bridge=["AH", "KC", "KD", "AS", "AD", "QC"], phase="draw"
    )
    assert choose(HeuristicBot(), state) == "take:1"  # the cards after it make melds too
    state, _ = GAME.apply(state, 0, "take:1")
    assert choose(HeuristicBot(), state) == "meld:JH,QH,KH,AH"  # the taken card first, in its best meld


def test_it_melds_swaps_and_lays_off_before_it_discards() -> None:
    melds = [(1, ["8S", "X1=9S", "TS"])]
    state = position([["9S", "JS", "4D", "5D", "6D", "KC"], ["2D"]], melds)
    bot = HeuristicBot()
    steps = []
    while state.turn == 0:
        action = choose(bot, state)
        steps.append(action.split(":")[0])
        state, _ = GAME.apply(state, 0, action)
    assert steps[:3] == ["swap", "meld", "meld"] or steps[:2] == ["swap", "meld"]
    assert "lay" in steps and steps[-1] == "discard"
    assert "X1" not in state.hands[0]  # the joker went into a meld


def test_it_does_not_feed_the_next_player() -> None:
    state = position([["2H", "9C", "5S", "KD"], ["3C", "4C"]])
    state.known[1] = ["8C", "TC"]  # the next player took 8♣ and 10♣ from the bridge: 9♣ is what they want
    discards = [choose(HeuristicBot(), state)]
    state.known[1] = ["KH", "KS"]  # now kings
    discards.append(choose(HeuristicBot(), state))
    assert discards[0] != "discard:9C" and discards[1] != "discard:KD"


def test_a_joker_is_kept_for_later_but_never_left_in_hand_at_the_end() -> None:
    early = position([["X1", "KS", "2D"], ["3C", "4C", "5H", "9S", "JD", "AH"]])
    assert choose(HeuristicBot(), early) != "discard:X1"
    late = position([["X1", "KS", "2D"], ["3C", "4C"]], deck=["7S", "8S"])
    assert choose(HeuristicBot(), late) == "discard:X1"


def test_worlds_keep_what_the_seat_knows() -> None:
    state = GAME.new(4, {"target": 0}, seed=9)
    bot = HeuristicBot()
    rng = random.Random(2)
    for _ in range(20):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, choose(bot, state, seat))
    assert not GAME.is_over(state) and any(state.known)
    view = GAME.view(state, 1)
    for _ in range(5):
        world = unseen_world(view, rng)
        assert world.hands[1] == fast.mask_of(state.hands[1])
        assert world.bridge == [fast.CARD_INT[c] for c in state.bridge]
        assert [h.bit_count() for h in world.hands] == [len(h) for h in state.hands]
        assert len(world.deck) == len(state.deck)
        assert all(fast.mask_of(k) & ~world.hands[s] == 0 for s, k in enumerate(state.known))
        laid = [fast.physical(e) for m in world.melds for e in m.entries]
        held = [c for h in world.hands for c in fast.cards(h)]
        assert sorted(held + world.deck + world.bridge + laid) == list(range(54))


def test_a_joker_in_the_bridge_is_not_dealt_again() -> None:
    """Seed 62's position (search vs the greedy player): X2 lay in the bridge and a world dealt it into a
    hand as well, so a play-out took the bridge with a hand one card short and no meld to make."""
    hands = [["X1", "2D"], ["2S", "3S", "5S", "5D", "7D", "2H"]]
    state = position(
        hands, melds=[(0, ["JS", "JD", "JC"])], bridge=["6C", "QS", "X2", "7S"], phase="draw", turn=1
    )
    view = GAME.view(state, 1)
    rng = random.Random(3)
    for _ in range(20):
        world = unseen_world(view, rng)
        laid = [fast.physical(e) for m in world.melds for e in m.entries]
        held = [c for h in world.hands for c in fast.cards(h)]
        assert sorted(held + world.deck + world.bridge + laid) == list(range(54))
        while not world.over:  # heuristic players to the end: never a take they cannot meld
            seat = world.turn
            world.apply(seat, heuristic(world, seat, deal_near_end(world, seat)))


def test_the_search_answers_legally() -> None:
    bot = SearchBot(budget=10, max_samples=2)  # two worlds, whatever the machine's speed
    state = GAME.new(3, {"target": 0}, seed=4)
    for _ in range(40):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, choose(bot, state, seat))  # refused if illegal


def test_a_search_the_clock_stops_before_two_worlds_plays_the_heuristics_move() -> None:
    state = GAME.new(3, {"target": 0}, seed=4)
    compared = 0
    for _ in range(40):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        move = choose(SearchBot(budget=0), state, seat)
        assert move == choose(HeuristicBot(), state, seat)
        view = GAME.view(state, seat)
        options = SearchBot().candidates(
            deal_of_view(view), seat, view_near_end(view), GAME.legal_actions(state, seat), move
        )
        compared += len(options) > 1
        state, _ = GAME.apply(state, seat, move)
    assert compared  # some of these decisions had options a search would have weighed
