"""Durak AI: the article's evaluation, sensible heuristic decisions, and a search that sees only the view."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from games.arena import play_game
from games.cards import make_deck
from games.durak import DurakState, DurakView
from games.durak.ai import (
    DROP,
    LOSS,
    MIN_SAMPLES,
    HeuristicBot,
    SearchBot,
    Sim,
    Tally,
    hand_value,
    heuristic_choice,
    unseen_world,
)
from tests.games.test_durak import GAME, THREE, TWO, act, deal

# -- the evaluation ---------------------------------------------------------------------------------------


def test_card_values_follow_the_article() -> None:
    # 52 cards: the eight is worth 0, a trump two (-600 + 1300) more than a plain ace (+600)
    assert hand_value(["2D"], "D", 10, 10) > hand_value(["AS"], "D", 10, 10)
    assert hand_value(["8S"], "D", 10, 10) - hand_value(["7S"], "D", 10, 10) == 100
    assert hand_value([], "D", 0, 10) > hand_value(["AD"], "D", 0, 10)  # out of play is best


def test_several_cards_of_a_rank_and_a_balanced_hand_are_worth_more() -> None:
    pair = hand_value(["QS", "QH", "6C"], "D", 20, 20)
    apart = hand_value(["QS", "JH", "7C"], "D", 20, 20)  # the same sum of card values
    assert pair > apart
    balanced = hand_value(["5S", "9H", "KC"], "D", 20, 20)
    lopsided = hand_value(["5S", "9S", "KS"], "D", 20, 20)
    assert balanced - lopsided == 200 * (2 + 1 + 1)  # deviations from the average of one per plain suit


def test_many_cards_late_in_the_game_cost_more() -> None:
    hand = ["6S", "7H", "8C", "9S", "TH", "JC"]
    early = hand_value(hand, "D", 20, 30)
    late = hand_value(hand, "D", 0, 2)
    assert early - late == pytest.approx((6 / 2 - 6 / 30) * 600)


# -- heuristic decisions ----------------------------------------------------------------------------------


def choose(state: DurakState, seat: int) -> str:
    view = GAME.view(state, seat)
    assert isinstance(view, DurakView)
    return HeuristicBot().choose(view, GAME.legal_actions(state, seat), random.Random(0))


def test_the_heuristic_attacks_with_its_lowest_card_and_beats_cheaply() -> None:
    state = deal(TWO, "9S")  # seat 1: 7H 8H JC QC AD 6S
    assert choose(state, 1) == "attack:7H"
    state = act(state, 1, "attack:7H")  # seat 0 holds QH and the trump TS
    assert choose(state, 0) == "beat:7H:QH"


def test_the_heuristic_takes_when_it_cannot_beat_everything() -> None:
    state = deal(TWO, "9S")
    state.hands[1] = ["7H", "7D", "JC", "QC", "AD", "6S"]
    state.hands[0] = ["8H", "9C", "TC", "QH", "KC", "AC"]  # nothing beats 7D
    state = act(state, 1, "attack:7H7D")
    assert "beat:7H:8H" in GAME.legal_actions(state, 0)
    assert choose(state, 0) == "take"


def test_the_heuristic_throws_in_cheap_cards_not_trumps() -> None:
    state = act(deal(THREE, "AS"), 0, "attack:6H")  # seat 0 still holds 6D; seat 2 holds 6C
    assert choose(state, 0) == "throw:6D"
    state = deal(THREE, "AS")
    state.hands[0] = ["6H", "6S", "JC", "KD", "8H", "8C"]
    state = act(state, 0, "attack:6H")
    assert choose(state, 0) == "done"  # the only 6 left is a trump


def test_bots_never_take_a_card_back_when_they_can_play() -> None:
    state = act(deal(THREE, "AS"), 0, "attack:6H")
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    assert "undo" in legal
    for bot in (HeuristicBot(), SearchBot(budget=5, max_samples=3)):
        assert bot.choose(view, legal, random.Random(1)) != "undo"


# -- search ----------------------------------------------------------------------------------------------


def test_worlds_agree_with_the_view_and_never_depend_on_hidden_cards() -> None:
    rng = random.Random(11)
    for seed, (players, options) in enumerate(
        [
            (2, {}),
            (3, {"variant": "perevodnoy"}),
            (4, {"teams": True}),
            (2, {"look_stock": True}),
            (3, {"open_cards": True}),
            (6, {"deck": 52}),
            (6, {}),
        ]
        * 3
    ):
        state = GAME.new(players, options, seed=seed)
        for _ in range(rng.randrange(60)):
            if GAME.is_over(state):
                break
            seat = rng.choice(GAME.to_act(state))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if GAME.is_over(state):
            continue
        seat = rng.choice(GAME.to_act(state))
        view = GAME.view(state, seat)
        world = unseen_world(view, seat, random.Random(seed))
        cards = [c for h in world.hands for c in h] + world.stock + world.discarded
        cards += [c for p in world.table for c in (p.attack, p.beat) if c]
        assert sorted(cards) == sorted(make_deck(state.options.deck))
        assert world.hands[seat] == state.hands[seat] and len(world.stock) == len(state.stock)
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert all(set(k) <= set(world.hands[s]) for s, k in enumerate(state.known))
        if state.stock:
            assert world.stock[-1] == state.stock[-1] or state.trump_in_hand
        if options.get("look_stock"):
            assert sorted(world.stock) == sorted(state.stock)
        if options.get("open_cards"):
            assert world.hands == state.hands
        # another deal of the hidden cards gives the same view (but for who may act) and the same world
        twin = GAME.view(shuffle_hidden(state, seat, random.Random(seed + 1)), seat)
        assert twin.model_copy(update={"to_act": view.to_act}) == view
        assert unseen_world(twin, seat, random.Random(seed)) == world


def shuffle_hidden(state: DurakState, seat: int, rng: random.Random) -> DurakState:
    """The same public position with the cards nobody but their owners has seen dealt differently."""
    twin = state.model_copy(deep=True)
    if state.options.open_cards:
        return twin
    bottom = 1 if state.stock and not state.trump_in_hand else 0
    visible_stock = set(state.stock) if state.options.look_stock else set()
    slots: list[tuple[int, int]] = []
    pool: list[str] = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            continue
        for i, c in enumerate(hand):
            if c not in state.known[s]:
                slots.append((s, i))
                pool.append(c)
    stock_hidden = len(state.stock) - bottom if not visible_stock else 0
    pool += state.stock[:stock_hidden]
    rng.shuffle(pool)
    for s, i in slots:
        twin.hands[s][i] = pool.pop()
    twin.stock[:stock_hidden] = pool
    return twin


def test_search_is_deterministic_given_its_generator() -> None:
    state = act(deal(TWO, "9S"), 1, "attack:7H")
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    picks = {SearchBot(budget=30, max_samples=12).choose(view, legal, random.Random(5)) for _ in range(3)}
    assert len(picks) == 1 and picks <= set(legal)


def test_the_simulator_plays_a_whole_game_conserving_cards() -> None:
    for seed, (players, options) in enumerate(
        [(2, {}), (4, {"teams": True}), (5, {"variant": "perevodnoy"})]
    ):
        state = GAME.new(players, options, seed=seed)
        sim = Sim(state)
        sim.run()
        assert sim.losers and all(0 <= s < players for s in sim.losers)
        held = Counter(c for h in sim.hands for c in h)
        assert all(n == 1 for n in held.values()) and not sim.stock


SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"variant": "perevodnoy", "transfer_by_trump": True}),
    (4, {"teams": True}),
    (2, {"open_cards": True, "look_stock": True, "deck": 24}),
    (5, {"deck": 52, "throw_in": "neighbours"}),
]


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_bots_play_legal_moves_from_views_only(players: int, options: dict[str, Any]) -> None:
    bots = {"heuristic": GAME.bot("heuristic"), "search": GAME.bot("search", budget=0.01, max_samples=2)}
    state = GAME.new(players, options, seed=players)
    rng = random.Random(players)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(state, seat)
        action = bots["search" if seat == 0 else "heuristic"].choose(view, legal, rng)
        assert action in legal and action != "undo"
        state, _ = GAME.apply(state, seat, action)


def test_heuristic_beats_random_over_seeded_games() -> None:
    heuristic, rand = GAME.bot("heuristic"), GAME.bot("random")
    lost = {"heuristic": 0, "random": 0}
    for seed in range(24):  # the endgame solver makes these games slower than random play suggests
        bots = [heuristic, rand] if seed % 2 == 0 else [rand, heuristic]
        state, _moves, _think = play_game(GAME, bots, {}, seed)
        if state.durak is not None:
            lost["heuristic" if bots[state.durak] is heuristic else "random"] += 1
    assert lost["heuristic"] * 2 < lost["random"]


def test_heuristic_choice_handles_every_kind_of_decision() -> None:
    state = act(deal(THREE, "AS", options={"variant": "perevodnoy"}), 0, "attack:6H")
    view = GAME.view(state, 1)
    assert heuristic_choice(view, GAME.legal_actions(state, 1)) in GAME.legal_actions(state, 1)


# -- the adaptive budget ----------------------------------------------------------------------------------


def tally(*results: list[float]) -> Tally:
    """A tally of options 0, 1, … with these results, world by world."""
    t = Tally(len(results))
    for row in zip(*results, strict=True):
        t.add(dict(enumerate(row)))
    return t


def test_expected_loss_is_small_once_one_option_is_clearly_best_or_all_are_alike() -> None:
    n = 40
    clearly = tally([1.0] * 20 + [0.0] * 20, [1.0] * n)
    assert clearly.expected_loss(first=0) < 1e-6  # the leader is found whichever option came first
    alike = tally([1.0, 0.0] * 40, [1.0, 0.0] * 40)  # 80 worlds, no difference: settled
    assert alike.expected_loss() < LOSS
    # identical results are not taken as certain from a handful of worlds
    assert tally([1.0] * 8, [1.0] * 8).expected_loss() > LOSS
    rng = random.Random(3)
    close = tally(*([float(rng.random() < 0.5) for _ in range(n)] for _ in range(2)))
    assert close.expected_loss() > LOSS  # two options that often differ, by little on average: go on


def test_options_that_cannot_gain_are_dropped_and_the_leader_stays() -> None:
    t = tally([1.0] * 30, [0.0] * 30, [1.0, 0.0] * 15, [1.0] * 29 + [0.0])
    t.prune(DROP)
    assert t.active == [0, 3]  # clearly worse ones go; one a single world behind may still be better
    assert t.leader() == 0 and t.wins == [30, 0, 15, 29]


def position(seed: int, moves: int) -> DurakState:
    """A two-player game after `moves` random legal moves (that are not the end of it)."""
    rng = random.Random(seed)
    state = GAME.new(2, {}, seed=seed)
    for _ in range(moves):
        seat = rng.choice(GAME.to_act(state))
        nxt, _ = GAME.apply(
            state, seat, rng.choice([a for a in GAME.legal_actions(state, seat) if a != "undo"])
        )
        if GAME.is_over(nxt):
            break
        state = nxt
    return state


def test_the_search_stops_early_when_the_choice_is_settled_and_reads_only_the_view() -> None:
    stopped = []
    for seed in range(4):
        state = position(seed, 3 + seed)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        twin = shuffle_hidden(state, seat, random.Random(seed))
        picks = []
        for s in (state, twin):
            bot = SearchBot(budget=60, max_samples=60)  # no clock: only the results stop it
            picks.append((bot.choose(GAME.view(s, seat), legal, random.Random(seed)), bot.samples))
        assert picks[0] == picks[1] and picks[0][0] in legal
        stopped.append(picks[0][1])
    assert any(0 < k < 60 for k in stopped)  # stopped by the results, before the cap
    assert all(k == 0 or k >= MIN_SAMPLES for k in stopped)
