"""Simple greedy players, one per game, written from the rules alone: the yardstick of the AI levels.

Each reads only its seat's view and the legal actions, looks one move ahead at most and never samples.
`bench/levels.py` plays every level of every game against them (as `bench.greedy:NAME` seats in
`python -m games arena`), so that "normal" and "strong" mean something against a player anyone could
write in a few dozen lines.

- `Durak`: attack with the lowest single card, beat with the cheapest card that beats, take only when
  nothing beats, pass the attack on when the rules allow (with the lowest card that does), throw in the
  lowest plain card of a rank on the table, else done.
- `Rozpysnyi`: bid the aces, the trumps from the queen up and the poker card; play the strongest card
  while short of the bid, else the weakest (the poker card: high or top while short, low or dump after).
- `Most`: take the newest card of the bridge when it makes a meld, else draw; meld the meld worth most
  (real cards before jokers), swap jokers, lay off real cards; discard the card worth most (a joker last).
- `Dvorovoy`: shed the card worth most points (a jack only when nothing else fits) with every card of
  its rank, cover a 6 with the card worth most, name the suit held most, draw only when it cannot play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.cards import RANKS, SUITS, is_joker, rank, rank_value, suit


def _strength(card: str, trump: str | None) -> int:
    """A card's power in a trick game: its rank, trumps above every plain card."""
    return rank_value(card) + (100 if trump is not None and suit(card) == trump else 0)


class Durak:
    def choose(self, view: Any, legal: Sequence[str], rng: random.Random) -> str:
        moves = [a for a in legal if a != "undo"] or list(legal)
        trump = view.trump

        def cost(cards: list[str]) -> int:
            return sum(_strength(c, trump) for c in cards)

        attacks = [a for a in moves if a.startswith("attack:") and len(a) == 9]
        if attacks:
            return min(attacks, key=lambda a: cost([a[7:]]))
        beats = [a for a in moves if a.startswith("beat:")]
        if beats:
            return min(beats, key=lambda a: cost([a.split(":")[2]]))
        passes = [a for a in moves if a.startswith(("transfer:", "show:"))]
        if passes:
            return min(passes, key=lambda a: cost([a.split(":")[1]]))
        throws = [a for a in moves if a.startswith("throw:") and suit(a[6:]) != trump]
        if throws:
            return min(throws, key=lambda a: cost([a[6:]]))
        for a in ("take", "done"):
            if a in moves:
                return a
        return moves[0]


class Rozpysnyi:
    def choose(self, view: Any, legal: Sequence[str], rng: random.Random) -> str:
        if legal[0].startswith("bid:"):
            hand = view.hand or []
            sure = sum(
                1
                for c in hand
                if c == view.poker_card or rank(c) == "A" or (suit(c) == view.trump and rank(c) in "QK")
            )
            return min(legal, key=lambda a: (abs(int(a[4:]) - sure), int(a[4:])))
        seat = view.viewer
        short = (view.bids[seat] or 0) > view.tricks[seat]
        trump = view.trump

        def power(a: str) -> int:
            _, card, *call = a.split(":")
            if call:  # the poker card: its call decides
                return 1000 if call[0] in ("high", "top") else -1
            return _strength(card, trump)

        return max(legal, key=power) if short else min(legal, key=power)


MOST_VALUE = {"A": 15, "T": 10, "J": 10, "Q": 10, "K": 10}


def worth(card: str) -> int:
    """A Most card's points (a joker: −1, the last to go)."""
    return -1 if is_joker(card) else MOST_VALUE.get(card[0], 5)


class Most:
    def choose(self, view: Any, legal: Sequence[str], rng: random.Random) -> str:
        if view.phase == "draw":
            newest = f"take:{len(view.bridge)}"
            return newest if newest in legal else "draw"
        melds = [a for a in legal if a.startswith("meld:")]
        if melds:  # the meld worth most, real cards before jokers
            return max(
                melds, key=lambda a: (sum(worth(e) for e in a[5:].split(",") if "=" not in e), -a.count("="))
            )
        swaps = [a for a in legal if a.startswith("swap:")]
        if swaps:
            return swaps[0]
        lays = [a for a in legal if a.startswith("lay:") and "=" not in a]
        if lays:
            return lays[0]
        discards = [a for a in legal if a.startswith("discard:")]
        return max(discards, key=lambda a: worth(a[8:])) if discards else legal[0]


DVOROVOY_VALUE = {"T": 10, "Q": 10, "K": 10, "A": 15, "J": 20}


class Dvorovoy:
    def choose(self, view: Any, legal: Sequence[str], rng: random.Random) -> str:
        hand = view.hand or []
        adds = [a for a in legal if a.startswith("add:")]
        if adds:
            return adds[0]
        if "suit:S" in legal:
            count = {s: sum(1 for c in hand if suit(c) == s and rank(c) != "J") for s in SUITS}
            return f"suit:{max(SUITS, key=lambda s: count[s])}"
        plays = [a for a in legal if a.startswith("play:")]
        plain = [a for a in plays if rank(a[5:]) != "J"] or plays
        if plain:
            return max(plain, key=lambda a: (DVOROVOY_VALUE.get(rank(a[5:]), 0), RANKS.index(rank(a[5:]))))
        for a in ("end", "draw", "pass"):
            if a in legal:
                return a
        return legal[0]
