"""Trick-taking machinery shared by rozpysnyi, bridge and tricks.

`TrickRules` holds the classic rules — follow the led suit, else (optionally) trump, else anything;
the highest trump wins, else the highest card of the led suit. A game subclasses it and overrides a few
hooks (`suit_of`, `led_suit`, `legal_cards`, `power`, `actor`) for what differs: the poker card,
must-trump, dummy (bridge: the declarer chooses dummy's cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from games.cards import rank_value, suit


class Play(BaseModel):
    """One card put on a trick; `call` carries a declaration made with it (`high`, `top:H` …)."""

    seat: int
    card: str
    call: str | None = None


class Trick(BaseModel):
    leader: int
    plays: list[Play] = Field(default_factory=list)
    winner: int | None = None

    def cards(self) -> list[str]:
        return [p.card for p in self.plays]

    def by_seat(self) -> list[list[Any]]:
        """[seat, card] for each play in order: the table's "who played what" (a call rides with its card)."""
        return [[p.seat, p.card if not p.call else f"{p.card}:{p.call}"] for p in self.plays]

    def complete(self, players: int) -> bool:
        return len(self.plays) == players


class TrickRules:
    """Follow suit; when void, trump if `must_trump`; the highest trump, else the highest led card, wins."""

    must_trump: ClassVar[bool] = False

    def suit_of(self, card: str) -> str | None:
        """The suit a card counts as for following (None: it belongs to no suit)."""
        return suit(card)

    def led_suit(self, trick: Trick) -> str | None:
        return self.suit_of(trick.plays[0].card) if trick.plays else None

    def legal_cards(self, hand: Sequence[str], trick: Trick, trump: str | None) -> list[str]:
        if not trick.plays:
            return list(hand)
        led = self.led_suit(trick)
        follow = [c for c in hand if self.suit_of(c) == led]
        if follow:
            return follow
        if self.must_trump and trump:
            trumps = [c for c in hand if self.suit_of(c) == trump]
            if trumps:
                return trumps
        return list(hand)

    def power(self, play: Play, trick: Trick, trump: str | None) -> int:
        """How strongly a play competes for the trick; the highest wins, below 0 never wins."""
        s = self.suit_of(play.card)
        if trump is not None and s == trump:
            return 200 + rank_value(play.card)
        if s == self.led_suit(trick):
            return 100 + rank_value(play.card)
        return -1

    def to_play(self, trick: Trick, players: int) -> int:
        """The seat whose card the trick waits for (clockwise from the leader)."""
        return (trick.leader + len(trick.plays)) % players

    def actor(self, seat: int) -> int:
        """Who chooses the card of `seat`: the seat itself (bridge: the declarer for dummy)."""
        return seat

    def winner(self, trick: Trick, trump: str | None) -> int:
        """The seat that wins a complete trick (earlier plays win ties)."""
        best = max(trick.plays, key=lambda p: (self.power(p, trick, trump), -trick.plays.index(p)))
        return best.seat
