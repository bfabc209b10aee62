"""The source article's AI (`article`), the default AI's habits, its exact endgame, and what AIs may read."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.base import GameError
from games.cards import make_deck
from games.durak import DurakState, DurakView
from games.durak.article import ArticleBot, article_value
from games.durak.endgame import solve
from games.durak.heuristic import HeuristicBot, cheapest_cover
from tests.games.test_durak import GAME, TWO, act, deal
from tests.games.test_durak_ai import shuffle_hidden

# -- the article's evaluation on its own examples (trumps are diamonds, a 52-card deck) ----------------
# The ratio term: 20 cards in the stock and two hands of 6 → (0.25 − 6 / 26) × 600 = 11.5 → 11 (truncated);
# the article's integer division makes the share 6 // 26 = 0 → 0.25 × 600 = 150.
SIZES = [6, 6]

QUEENS = ["2C", "2S", "QD", "QH", "QC", "QS"]  # "practically ideal at the end of the game"
CROWDED = ["5S", "JS", "AS", "6D", "9D", "KD"]  # "very unlucky": three spades
SPREAD = ["5S", "TC", "AS", "3D", "9D", "KD"]  # "much better, though the cards are lower"


def test_the_article_examples_value_exactly() -> None:
    # queens: cards −600 −600 +1700 +400 +400 +400 = 1700; same rank: twos max(−6, 1) × 0.5 × 100 = 50,
    # queens 4 × 1.25 × 100 = 500; plain suits ♣2 ♠2 ♥1 around 5/3: 200 × 0.2 twice and 200 × 0.4, in
    # doubles 39.99… → 39 twice and 80.00… → 80 once (truncated like Kotlin's toInt); ratio +11
    assert article_value(QUEENS, "D", 20, SIZES) == 1700 + 550 - 158 + 11
    # literal code: the bonus without ×100 is 0 + 5, and the share is 0
    assert article_value(QUEENS, "D", 20, SIZES, literal=True) == 1700 + 5 - 158 + 150
    # crowded: −300 +300 +600 +1100 +1400 +1800 = 4900; spades 3, hearts 0, clubs 0 around 1: −800
    assert article_value(CROWDED, "D", 20, SIZES) == 4900 - 800 + 11
    # spread: −300 +200 +600 +800 +1400 +1800 = 4500; spades 2, clubs 1, hearts 0 around 1: −400
    assert article_value(SPREAD, "D", 20, SIZES) == 4500 - 400 + 11


def test_the_article_function_sees_the_examples_as_the_text_says_only_in_part() -> None:
    # the text calls the spread hand much better; the function itself only breaks even: the lower cards
    # (−400) are paid back by the balance (+400) — the rest of the difference is in how the hand plays
    assert article_value(SPREAD, "D", 20, SIZES) == article_value(CROWDED, "D", 20, SIZES)
    # at the end (no stock, one rival with 6 cards) many cards cost: 6 of the 6 in play → (0.25 − 1) × 600
    assert article_value(QUEENS, "D", 0, SIZES) == 1700 + 550 - 158 - 450
    assert article_value([], "D", 0, SIZES) == 30000  # out of play
    assert article_value(["2D"], "D", 5, SIZES) > article_value(["AS"], "D", 5, SIZES)  # a trump two > an ace


# -- the article's decisions, as its author's app takes them ----------------------------------------------


def choose(bot: Any, state: DurakState, seat: int) -> str:
    view = GAME.view(state, seat)
    assert isinstance(view, DurakView)
    return bot.choose(view, GAME.legal_actions(state, seat), random.Random(0))


def test_the_article_bot_opens_with_one_card_and_beats_or_takes_by_its_thresholds() -> None:
    state = deal({0: ["6H", "6D", "9C", "TS", "QH", "KD"], 1: ["7H", "8H", "JC", "QC", "AD", "6S"]}, "9S")
    assert choose(ArticleBot(), state, 1) == "attack:7H"  # its lowest, one card at a time
    state = act(state, 1, "attack:7H")
    assert choose(ArticleBot(), state, 0) == "beat:7H:QH"  # the only plain cover


# -- the default AI's habits -----------------------------------------------------------------------------


def test_the_default_ai_beats_with_the_cheapest_card_that_does() -> None:
    state = deal({0: ["7C", "8H", "TH", "KD", "QS", "AH"], 1: ["9C", "JC", "6D", "7D", "QH", "KS"]}, "AS")
    state = act(state, 0, "attack:7C")
    assert choose(HeuristicBot(), state, 1) == "beat:7C:9C"  # not J♣, not a trump


def test_the_default_ai_does_not_take_when_a_cheap_beat_exists() -> None:
    state = deal({0: ["6C", "8H", "TH", "KD", "QS", "AH"], 1: ["9C", "JH", "6D", "7D", "QH", "KS"]}, "AS")
    state = act(state, 0, "attack:6C")
    assert choose(HeuristicBot(), state, 1) == "beat:6C:9C"


def test_the_cheapest_cover_is_an_exact_assignment() -> None:
    # greedy from the dearest card would spend the trump on 8♥ and then find nothing for 7♣
    assert cheapest_cover(["9C", "9H", "6S"], ["7C", "8H"], "S") == {"7C": "9C", "8H": "9H"}
    assert cheapest_cover(["9C"], ["7C", "8H"], "S") is None


def test_the_default_ai_transfers_with_a_plain_card_when_it_pays() -> None:
    state = deal(
        {0: ["7C", "8H", "TH", "KD", "QS", "AH"], 1: ["7H", "JC", "6D", "8D", "QH", "KS"]},
        "AS",
        options={"variant": "perevodnoy"},
    )
    state = act(state, 0, "attack:7C")
    assert choose(HeuristicBot(), state, 1) == "transfer:7H"


# -- the exact endgame -----------------------------------------------------------------------------------


def endgame(mine: list[str], theirs: list[str], trump: str = "S") -> DurakState:
    """Seat 0 attacks seat 1 with an empty stock; every other card is discarded."""
    state = deal(TWO, "9" + trump)
    state.hands = [list(mine), list(theirs)]
    state.stock, state.first_bout, state.attacker, state.defender = [], False, 0, 1
    state.discarded = [c for c in make_deck(36) if c not in {*mine, *theirs}]
    return state


def test_the_endgame_is_solved_exactly() -> None:
    # leading 6♥ lets 7♥ beat it and go out; the trump ace makes them take, and 6♥ then goes out first
    state = endgame(["AS", "6H"], ["7H"])
    view = GAME.view(state, 0)
    assert solve(view, GAME.legal_actions(state, 0)) == {"attack:AS": 1, "attack:6H": -1}
    assert choose(HeuristicBot(), state, 0) == "attack:AS"
    # the defender's side: beating 6♥ with 7♥ wins at once
    state = act(state, 0, "attack:6H")
    assert solve(GAME.view(state, 1), GAME.legal_actions(state, 1)) == {"beat:6H:7H": 1, "take": -1}


# -- only the view, and only GameError ------------------------------------------------------------------

SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"variant": "perevodnoy"}),
    (4, {"teams": True}),
    (3, {"deck": 52}),
]


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_ais_read_only_the_view_and_their_moves_apply(players: int, options: dict[str, Any]) -> None:
    bots = [HeuristicBot(), ArticleBot(), GAME.bot("search", budget=10, max_samples=2)]
    rng = random.Random(players)
    state = GAME.new(players, options, seed=players)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        twin = shuffle_hidden(state, seat, random.Random(rng.random()))
        seed = rng.random()
        for bot in bots[:2] if rng.random() < 0.8 else bots:
            here = bot.choose(GAME.view(state, seat), legal, random.Random(seed))
            there = bot.choose(GAME.view(twin, seat), GAME.legal_actions(twin, seat), random.Random(seed))
            assert here == there and here in legal
        bad = rng.choice(["beat:6H:7H", "throw:AS", "transfer:6C", "attack:", "take", "done", "show:QS"])
        if bad not in legal:
            before = state.model_dump()
            with pytest.raises(GameError):
                GAME.apply(state, seat, bad)
            assert state.model_dump() == before
        state, _ = GAME.apply(state, seat, bots[seat % 2].choose(GAME.view(state, seat), legal, rng))


def test_the_endgame_draws_the_last_card_of_the_stock() -> None:
    state = endgame(["6H"], ["7H", "8H"])
    state.stock = ["9S"]  # the turned-up trump, seen by all
    state.discarded.remove("9S")
    state = act(state, 0, "attack:6H")
    # beating leaves them one heart against the trump nine I draw: a draw; taking makes them the durak
    values = solve(GAME.view(state, 1), GAME.legal_actions(state, 1), max_stock=1)
    assert values == {"beat:6H:7H": 0, "beat:6H:8H": 0, "take": -1}
    assert solve(GAME.view(state, 1), GAME.legal_actions(state, 1)) is None  # off by default
