"""Rozpysnyi AI: legal moves only, decisions from the view alone, sensible bids and plays, sound sampling."""

from __future__ import annotations

import random

import pytest

from games.arena import play_game
from games.cards import suit
from games.rozpysnyi import ai, fast, search
from games.rozpysnyi.rules import RozpysnyiView
from tests.games.rozpysnyi_deals import GAME, deck_for, play, position

FAST_SEARCH = {"budget": None, "max_samples": 3}


class Spy:
    """Wraps a bot and records what it was shown."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.seen: list[object] = []

    def choose(self, view, legal, rng):
        self.seen.append(view)
        return self.bot.choose(view, legal, rng)


@pytest.mark.parametrize("level", ["random", "heuristic", "search"])
@pytest.mark.parametrize(("players", "schedule"), [(4, "1 3 D N"), (3, "2 5 D N")])
def test_bots_play_legal_moves_from_their_views(level: str, players: int, schedule: str) -> None:
    kwargs = FAST_SEARCH if level == "search" else {}
    spy = Spy(GAME.bot(level, **kwargs))
    rng = random.Random(7)
    state = GAME.new(players, {"schedule": schedule}, seed=11)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        action = spy.choose(view, legal, rng)
        assert action in legal
        assert spy.seen[-1] == GAME.view(state, seat)  # the bot was given nothing but its view ...
        assert view.hand == state.hands[seat]  # ... which holds its own cards only (checked at length
        state, _ = GAME.apply(state, seat, action)  # by the property tests)
    assert all(isinstance(v, RozpysnyiView) for v in spy.seen)


def _two_deals_same_for_seat_0() -> tuple:
    """Two positions that look the same from seat 0: only the other seats' cards differ."""
    mine = ["AH", "9H", "7S", "8D", "QC"]
    a = {
        0: mine,
        1: ["TH", "KH", "9D", "8C", "9C"],
        2: ["8S", "TS", "JS", "TD", "TC"],
        3: ["AD", "KD", "QD", "JD", "AC"],
    }
    b = {
        0: mine,
        1: ["AD", "TS", "9D", "TC", "9C"],
        2: ["8S", "KH", "JS", "TD", "8C"],
        3: ["TH", "KD", "QD", "JD", "AC"],
    }
    return a, b


@pytest.mark.parametrize("level", ["heuristic", "search"])
def test_decisions_depend_on_the_view_only(level: str) -> None:
    a, b = _two_deals_same_for_seat_0()
    for bids in ([None, 1, 2, 1], [2, 1, 0, 1]):
        states = []
        for hands in (a, b):
            state = GAME.new(4, {"schedule": "5"}, seed=0, deals=[deck_for(hands, "9S", 0, 4)])
            for seat in (1, 2, 3, 0):
                if bids[seat] is not None:
                    state, _ = GAME.apply(state, seat, f"bid:{bids[seat]}")
            states.append(state)
        views = [GAME.view(s, 0) for s in states]
        assert views[0] == views[1] and states[0].hands != states[1].hands
        legal = GAME.legal_actions(states[0], 0)
        choices = [
            GAME.bot(level, **(FAST_SEARCH if level == "search" else {})).choose(v, legal, random.Random(5))
            for v in views
        ]
        assert choices[0] == choices[1]


def test_search_is_deterministic_given_its_random_generator() -> None:
    state = position(
        {
            0: ["AH", "9H", "7S", "8D"],
            1: ["TH", "KH", "9D", "8C"],
            2: ["8S", "TS", "JS", "TD"],
            3: ["AD", "KD", "QD", "JD"],
        },
        "9S",
        bids=[1, 1, 1, 0],
    )
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    bot = GAME.bot("search", budget=None, max_samples=12)
    first = [bot.choose(view, legal, random.Random(s)) for s in range(3)]
    assert first == [bot.choose(view, legal, random.Random(s)) for s in range(3)]


# -- bidding ---------------------------------------------------------------------------------------------


def test_heuristic_bids_follow_hand_strength() -> None:
    strong = {0: ["KH", "8D"], 1: ["AS", "KS"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = GAME.new(4, {"schedule": "2"}, seed=0, deals=[deck_for(strong, "JS", 0, 4)])
    bot = GAME.bot("heuristic")
    assert bot.choose(GAME.view(state, 1), GAME.legal_actions(state, 1), random.Random(0)) == "bid:2"
    state, _ = GAME.apply(state, 1, "bid:2")
    assert bot.choose(GAME.view(state, 2), GAME.legal_actions(state, 2), random.Random(0)) == "bid:0"


def test_heuristic_values_the_poker_card_and_long_trumps() -> None:
    hands = {
        0: ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "AD"],
        1: ["7H", "KD", "QD", "JD", "TD", "9D", "8D", "7D"],
        2: ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"],
        3: ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"],
    }
    state = GAME.new(4, {"schedule": "8"}, seed=0, deals=[deck_for(hands, None, 0, 4)])
    dist = ai.estimate(GAME.view(state, 3))  # all the spades: nobody follows, everyone ruffs; the poker card
    assert 0.9 <= sum(t * q for t, q in enumerate(dist)) <= 2
    dist = ai.estimate(GAME.view(state, 1))  # seven trumps from the king down: only the shown ace beats them
    assert sum(t * q for t, q in enumerate(dist)) >= 5.5


def test_heuristic_dealer_respects_the_hook() -> None:
    hands = {0: ["AS", "KS"], 1: ["8H", "8D"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = GAME.new(4, {"schedule": "2"}, seed=0, deals=[deck_for(hands, "JS", 0, 4)])
    for seat in (1, 2, 3):
        state, _ = GAME.apply(state, seat, "bid:0")
    legal = GAME.legal_actions(state, 0)
    assert "bid:2" not in legal  # the two top trumps would bid 2: the hook forbids it
    assert GAME.bot("heuristic").choose(GAME.view(state, 0), legal, random.Random(0)) in legal
    assert GAME.bot("search", **FAST_SEARCH).choose(GAME.view(state, 0), legal, random.Random(0)) in legal


def test_best_bid_weighs_the_asymmetric_score() -> None:
    assert ai.best_bid([0, 1, 2], [0.0, 1.0, 0.0]) == 1
    assert ai.best_bid([0, 2], [0.0, 1.0, 0.0]) == 0  # the hook: one over (+1) beats one short (−10)
    assert ai.best_bid([0, 1], [0.5, 0.5]) == 0  # +5/+1 against −10/+10


# -- playing ---------------------------------------------------------------------------------------------


def choose(state, level: str = "heuristic") -> str:
    (seat,) = GAME.to_act(state)
    bot = GAME.bot(level, **(FAST_SEARCH if level == "search" else {}))
    return bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(1))


def test_heuristic_wins_cheaply_when_short_and_last() -> None:
    hands = {0: ["9H", "8D"], 1: ["TH", "7D"], 2: ["8C", "9C"], 3: ["KH", "AH"]}
    state = play(position(hands, "JS", bids=[0, 0, 0, 1]), "play:9H", "play:TH", "play:8C")
    assert choose(state) == "play:KH"


def test_heuristic_ducks_with_the_highest_losing_card_at_its_bid() -> None:
    hands = {0: ["AH", "8D", "9D"], 1: ["KH", "9H", "7H"], 2: ["8C", "9C", "TD"], 3: ["TC", "JC", "QC"]}
    state = play(position(hands, "JS", bids=[1, 0, 0, 1]), "play:AH")
    assert choose(state) == "play:KH"


def test_heuristic_uses_the_poker_card_to_duck_and_to_win() -> None:
    hands = {0: ["9H", "8D"], 1: ["7S", "AH"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = play(position(hands, "JS", bids=[1, 0, 0, 0]), "play:9H")
    assert choose(state) == "play:7S:low"  # the ace would win: the poker card ducks
    hands = {0: ["AH", "8D"], 1: ["7S", "9H"], 2: ["8C", "9C"], 3: ["TC", "JC"]}
    state = play(position(hands, "JS", bids=[0, 2, 0, 1]), "play:AH")
    assert choose(state) == "play:7S:high"  # wants both tricks: only the poker card takes this one


def test_heuristic_leads_the_poker_card_by_the_highest_trump_when_it_needs_everything() -> None:
    hands = {0: ["7S", "8D"], 1: ["KH", "9H"], 2: ["8C", "TS"], 3: ["AC", "9C"]}
    state = position(hands, "JS", bids=[2, 0, 0, 1])
    assert choose(state) == "lead:7S:top:S"  # both tricks wanted: the poker card's sure trick, trumps
    hands = {0: ["7S", "8D"], 1: ["KD", "9H"], 2: ["8C", "TS"], 3: ["AC", "9C"]}
    state = position(hands, "JS", bids=[0, 0, 0, 1])
    assert choose(state) == "play:8D"  # wants nothing: a low card, the poker card saved as a duck


def test_search_takes_the_trick_it_needs_when_last() -> None:
    hands = {0: ["9H", "8D"], 1: ["TH", "7D"], 2: ["8C", "9C"], 3: ["KH", "AH"]}
    state = play(position(hands, "JS", bids=[0, 0, 0, 1]), "play:9H", "play:TH", "play:8C")
    assert choose(state, "search") in ("play:KH", "play:AH")


# -- sampling the unseen cards ---------------------------------------------------------------------------


def test_sampled_worlds_agree_with_everything_public() -> None:
    rng = random.Random(4)
    checked = 0
    for seed in range(12):
        state = GAME.new(4 if seed % 2 else 3, {"schedule": "3 8 N"}, seed=seed)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            if state.phase == "play" and rng.random() < 0.3:
                view = GAME.view(state, seat)
                masks = search.Sampler(view).sample(rng)
                assert masks is not None
                hands = [[fast.CARD_STR[c] for c in fast.cards(m)] for m in masks]
                assert sorted(hands[seat]) == sorted(state.hands[seat])
                assert [len(h) for h in hands] == view.hand_sizes
                seen = set(state.played) | ({state.trump_card} if not state.trump_in_hand else set())
                dealt = [c for h in hands for c in h]
                assert len(dealt) == len(set(dealt)) and not seen & set(dealt)
                for s, hand in enumerate(hands):
                    assert not {suit(c) for c in hand if c != view.poker_card} & set(view.voids[s])
                if state.trump_in_hand and state.trump_card in state.hands[state.dealer]:
                    assert state.trump_card in hands[state.dealer]
                checked += 1
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert checked > 20


def test_dark_bidding_samples_whole_deals() -> None:
    state = GAME.new(4, {"schedule": "D"}, seed=3)
    (seat,) = GAME.to_act(state)
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    assert view.dark_hidden and not view.hand
    assert GAME.bot("search", **FAST_SEARCH).choose(view, legal, random.Random(0)) in legal


def test_heuristic_beats_random_over_seeded_games() -> None:
    heuristic, rand = GAME.bot("heuristic"), GAME.bot("random")
    margin = 0.0
    for seed in range(6):
        seats = [rand, rand, rand, rand]
        seats[seed % 4] = heuristic
        state, _moves, _think = play_game(GAME, seats, {"schedule": "short"}, seed)
        scores = GAME.scores(state)
        margin += scores[seed % 4] - max(s for i, s in enumerate(scores) if i != seed % 4)
    assert margin > 0
