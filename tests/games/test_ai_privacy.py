"""No AI reads a hidden card: every level of every game decides the same when the hidden cards are re-dealt.

From seeded positions, the cards the deciding seat cannot see (in other hands, the stock, the deck) are
dealt otherwise among the same places (`redeal`); the seat's view must not change, and neither may any
level's decision (the searches with a few worlds, on their fast engines: what they sample must come from the
view alone). Bridge's robots are its helper's; they have their own tests.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from tests.core.test_public_screens import redeal

GAMES = {
    "durak": [(2, {}), (3, {"variant": "perevodnoy"}), (4, {"teams": True})],
    "rozpysnyi": [(3, {"schedule": "quick"}), (4, {"schedule": "short"})],
    "most": [(2, {"target": 0}), (4, {"target": 0})],
    "dvorovoy": [(2, {}), (4, {"cards": 4})],
}
FEW = {"max_samples": 4}  # the searches' worlds: enough to run their engines, cheap enough for the suite


def levels(game: Any) -> list[str]:
    return [*game.bot_levels, *(["article"] if game.key == "durak" else [])]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_level_decides_the_same_whatever_the_hidden_cards(key: str) -> None:
    game = games.get(key)
    rng = random.Random(11)
    moved = searched = 0
    for players, options in GAMES[key]:
        state = game.new(players, options, seed=rng.randrange(1000))
        heuristic = game.bot("heuristic")
        for _ in range(3):
            for _ in range(rng.randrange(3, 25)):  # a few moves on: cards taken, played, known
                if game.is_over(state):
                    break
                seat = rng.choice(game.to_act(state))
                legal = game.legal_actions(state, seat)
                state, _ = game.apply(state, seat, heuristic.choose(game.view(state, seat), legal, rng))
            if game.is_over(state):
                break
            seat = rng.choice(game.to_act(state))
            other, changed = redeal(game, state, rng, seat)
            moved += changed
            view = game.view(state, seat)
            assert game.view(other, seat) == view and game.legal_actions(other, seat) == game.legal_actions(
                state, seat
            )
            legal = game.legal_actions(state, seat)
            for level in levels(game):
                kwargs = FEW if level == "search" else {}
                picks = []
                for s in (state, other):
                    bot = game.bot(level, **kwargs)
                    picks.append(bot.choose(game.view(s, seat), legal, random.Random(3)))
                    searched += getattr(bot, "samples", 0) > 0
                assert picks[0] == picks[1], (level, picks)
    assert moved and searched  # the hidden cards did land elsewhere; the search did sample worlds
