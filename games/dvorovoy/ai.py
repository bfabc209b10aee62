"""Dvorovoy bridge AI: it uses only what the source's contest gave each program.

That is: the number of players, each player's card count and total, the top card (and the suit a jack
named), the card values, its own hand, and what may be played now (the legal actions). Nothing else of
the view is read.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import SUITS, rank, suit
from games.dvorovoy.rules import DvorovoyView, value


def best_suit(hand: Sequence[str]) -> str:
    """The suit to name after a jack: the one we hold most of (its points break ties)."""
    counts = {
        s: (sum(suit(c) == s for c in hand if rank(c) != "J"), sum(value(c) for c in hand if suit(c) == s))
        for s in SUITS
    }
    return max(SUITS, key=lambda s: counts[s])


class HeuristicBot:
    """Sheds the costliest card that fits, keeps jacks for when nothing else fits, adds every card of the
    rank it plays, and names the suit it holds most of."""

    def choose(self, view: DvorovoyView, legal: Sequence[str], rng: random.Random) -> str:
        hand = list(view.hand or [])
        adds = [a for a in legal if a.startswith("add:")]
        if adds:
            return max(adds, key=lambda a: value(a[4:]))
        suits = [a for a in legal if a.startswith("suit:")]
        if suits:
            return f"suit:{best_suit(hand)}"
        plays = [a for a in legal if a.startswith("play:")]
        if plays:
            plain = [a for a in plays if rank(a[5:]) != "J"] or plays
            return max(plain, key=lambda a: (value(a[5:]), sum(rank(c) == rank(a[5:]) for c in hand)))
        return legal[0] if len(legal) == 1 else next(a for a in legal if a in ("end", "draw", "pass"))
