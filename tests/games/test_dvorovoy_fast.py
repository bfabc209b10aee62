"""The fast dvorovoy engine equals the rules: random matches replayed through both, compared at every step.

`DVOROVOY_FAST_MATCHES=2000 pytest tests/games/test_dvorovoy_fast.py` replays more matches than the default.
"""

from __future__ import annotations

import os
import random
from collections import Counter

from games.dvorovoy import GAME, DvorovoyState, fast

MATCHES = int(os.environ.get("DVOROVOY_FAST_MATCHES", "40"))


def same_state(r: fast.Round, state: DvorovoyState) -> None:
    ints = fast.CARD_INT
    assert fast.cards(r.hands[0]) == [ints[c] for c in state.hands[0]]  # bit order is the rules' hand order
    assert r.hands == [fast.mask_of(h) for h in state.hands]
    assert r.stock == [ints[c] for c in reversed(state.stock)]
    assert r.pile == [ints[c] for c in state.pile]
    assert r.played == [ints[c] for c in state.played]
    assert r.named == (fast.SUITS.index(state.named) if state.named else -1)
    assert (r.mover, r.opening, r.drew) == (state.mover, state.opening, state.drew)
    assert r.reshuffles == state.reshuffles


def same_moves(r: fast.Round, state: DvorovoyState) -> None:
    legal = GAME.legal_actions(state, state.mover)
    assert [fast.action_text(a) for a in r.legal()] == legal  # in the same order: tie-breaks depend on it
    assert [fast.action_int(a) for a in legal] == r.legal()


def replay(players: int, options: dict[str, int], seed: int, rng: random.Random, seen: Counter[str]) -> int:
    """One match in both engines with the same random moves (the engine reloaded at each new round)."""
    state = GAME.new(players, options, seed=seed)
    r = fast.Round.from_state(state)
    moves = 0
    while not GAME.is_over(state):
        same_moves(r, state)
        same_state(r, state)
        action = rng.choice(GAME.legal_actions(state, state.mover))
        seen[action.split(":")[0]] += 1
        copy, before = r.copy(), state
        state, events = GAME.apply(state, state.mover, action)
        r.apply(fast.action_int(action))
        if rng.random() < 0.05:  # a move on the engine leaves its copy as it was
            same_state(copy, before)
        moves += 1
        scored = [e for e in events if e.kind == "round_scored"]
        seen.update(e.kind for e in events if e.kind in ("reshuffled", "burned", "covered_draw"))
        if not scored:
            assert not r.over
            continue
        assert r.over and r.totals == scored[0].data["totals"]
        assert r.losers == state.losers
        r = fast.Round.from_state(state)  # the next round's deal is the rules' job
    return moves


def test_random_matches_agree_with_the_rules_at_every_step() -> None:
    rng = random.Random(2026)
    seen: Counter[str] = Counter()
    moves = 0
    for _ in range(MATCHES):
        players = rng.randint(2, 6)
        options = {"cards": rng.choice([3, 4, 5]), "burn": rng.random() < 0.8}
        moves += replay(players, options, rng.randrange(2**32), rng, seen)
    assert moves >= 100 * MATCHES, moves
    kinds = ("play", "add", "end", "suit", "draw", "pass", "reshuffled", "covered_draw")
    assert all(seen[k] for k in kinds), seen  # every kind of move and event was met
