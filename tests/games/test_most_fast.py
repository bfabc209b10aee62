"""The fast Most engine equals the rules: random games played through both, compared after every step.

The moves are the rules' legal actions at random and the heuristic's (which builds longer melds, lays
jokers off and swaps them), so every kind of step is met. `MOST_FAST_GAMES=500 pytest
tests/games/test_most_fast.py` plays more games than the default run.
"""

from __future__ import annotations

import os
import random
from collections import Counter

from games.most import GAME, MostState, fast
from games.most.ai import HeuristicBot
from games.most.melds import layoff_cards, stands_for
from games.most.rules import table_points

GAMES = int(os.environ.get("MOST_FAST_GAMES", "24"))


def same_state(d: fast.Deal, state: MostState) -> None:
    assert d.hands == [fast.mask_of(h) for h in state.hands]
    assert d.deck == [fast.CARD_INT[c] for c in reversed(state.deck)]
    assert d.bridge == [fast.CARD_INT[c] for c in state.bridge]
    assert [(m.owner, m.run, [fast.entry_text(e) for e in m.entries], m.by) for m in d.melds] == [
        (m.owner, m.kind == "run", m.cards, m.by) for m in state.melds
    ]
    assert [m.fits for m in d.melds] == [  # kept with each meld, as the rules find it
        [fast.CARD_INT[c] for c in layoff_cards(m.kind, m.cards)] for m in state.melds
    ]
    assert d.pending == (fast.CARD_INT[state.pending] if state.pending else -1)
    assert d.known == [fast.mask_of(k) for k in state.known]
    assert (d.turn, d.draw) == (state.turn, state.phase == "draw")
    assert d.points == table_points(state.melds, state.players)
    assert d.wild == sum(stands_for(e) != e for m in state.melds for e in m.cards)  # jokers on the table


def replay(players: int, seed: int, rng: random.Random, seen: Counter[str]) -> int:
    state = GAME.new(players, {"target": 0, "hand": rng.choice([6, 7])}, seed=seed)
    d = fast.Deal.from_state(state)
    bot = HeuristicBot()
    moves = 0
    while not GAME.is_over(state):
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        by_heuristic = rng.random() < 0.6
        action = bot.choose(GAME.view(state, seat), legal, rng) if by_heuristic else rng.choice(legal)
        seen[action.split(":")[0] + ("+joker" if "=" in action else "")] += 1
        copy = d.copy() if rng.random() < 0.05 else None
        before = state
        state, _ = GAME.apply(state, seat, action)
        engine_action = fast.action_of(action)
        assert GAME.normalize(fast.action_text(engine_action)) == GAME.normalize(action)
        d.apply(seat, engine_action)
        if copy is not None:  # a move on the engine leaves its copy as it was
            same_state(copy, before)
        moves += 1
        if GAME.is_over(state):
            assert d.over and d.scores() == state.last_scores
        else:
            same_state(d, state)
    return moves


def test_random_games_agree_with_the_rules_after_every_step() -> None:
    rng = random.Random(2026)
    seen: Counter[str] = Counter()
    moves = 0
    for _ in range(GAMES):
        moves += replay(rng.randint(2, 6), rng.randrange(2**32), rng, seen)
    assert moves >= 20 * GAMES, moves
    kinds = ("draw", "take", "meld", "meld+joker", "lay", "lay+joker", "swap", "discard")
    assert all(seen[k] for k in kinds), seen  # every kind of step was met
