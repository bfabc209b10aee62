"""Building rozpysnyi positions by hand: a deck order that deals the given hands."""

from __future__ import annotations

from typing import Any

import games
from games.cards import make_deck
from games.rozpysnyi import RozpysnyiState

GAME = games.get("rozpysnyi")
DECK = {3: 36, 4: 32}


def deck_for(hands: dict[int, list[str]], turned: str | None, dealer: int, players: int) -> list[str]:
    """The deck order (top first) that deals `hands` one card at a time from the seat after `dealer`."""
    n = len(hands[0])
    queues = {s: list(h) for s, h in hands.items()}
    order = [queues[(dealer + 1 + i) % players].pop(0) for i in range(n * players)]
    rest = [c for c in make_deck(DECK[players]) if c not in order and c != turned]
    return order + ([turned] if turned else []) + rest


def position(
    hands: dict[int, list[str]],
    turned: str | None = None,
    kind: str | None = None,
    players: int = 4,
    options: dict[str, Any] | None = None,
    bids: list[int] | None = None,
) -> RozpysnyiState:
    """A one-round game (seed 0, so seat 0 deals) with these hands, bid as asked (or each first legal)."""
    kind = kind or str(len(hands[0]))
    state = GAME.new(
        players, {"schedule": kind, **(options or {})}, seed=0, deals=[deck_for(hands, turned, 0, players)]
    )
    assert state.dealer == 0
    for i in range(players):
        seat = (1 + i) % players
        legal = GAME.legal_actions(state, seat)
        action = f"bid:{bids[seat]}" if bids else legal[0]
        state, _ = GAME.apply(state, seat, action)
    return state


def play(state: RozpysnyiState, *actions: str) -> RozpysnyiState:
    for action in actions:
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, action)
    return state
