"""The defenders' signals: standard attitude and count, given and read by the robots.

The first time a defender follows to a suit and does not try to win the trick, the spot card (2–9) it
plays says something about its holding:
- **attitude**, when partner led the suit: a high spot encourages (I hold the ace, king or queen of it),
  the lowest discourages;
- **count**, when the declarer (or dummy) led it: high-low with an even number of cards, the lowest with
  an odd number.
"High" is any spot card but the lowest one held in the suit at the time. A robot signals only where its
imagined deals leave two or more spot cards of the suit level in value (a signal never costs a trick
double-dummy), and it reads its partner's first card in each suit the same way: an imagined deal whose
holding for partner disagrees with partner's signal is mostly redrawn (`MISREAD` of them are kept,
because a card played for its value looks like a signal too).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.bridge import auction as auc

SPOTS = "23456789"
HONOURS = "AKQ"
ORDER = "23456789TJQKA"
MISREAD = 0.2  # the share of imagined deals kept although partner's signal says otherwise


@dataclass(frozen=True)
class Signal:
    """A defender's first card in a suit it followed to: `kind` attitude or count; `later` its cards of the
    suit from then on (this one included), to rebuild its holding at the time."""

    seat: int
    card: str
    kind: str
    later: tuple[str, ...]


def rank(card: str) -> int:
    return ORDER.index(card[0])


def says_high(kind: str, holding: Sequence[str]) -> bool:
    """What the convention says to play from this holding of the suit: a high spot (True) or the lowest."""
    if kind == "attitude":
        return any(c[0] in HONOURS for c in holding)
    return len(holding) % 2 == 0


def kind_of(leader: int, seat: int) -> str | None:
    """The signal a defender's follow gives on a trick led by `leader`: attitude to partner's lead, count
    to the declaring side's (None when it led the trick itself)."""
    if leader == seat:
        return None
    return "attitude" if leader == auc.partner(seat) else "count"


def choose(tied: Sequence[str], holding: Sequence[str], kind: str) -> str | None:
    """The card to signal with among the cards `tied` in value (None: no signal to give here): the highest
    tied spot to say high, the lowest to say low."""
    spots = sorted((c for c in tied if c[0] in SPOTS), key=rank)
    if len(spots) < 2:
        return None
    return spots[-1] if says_high(kind, holding) else spots[0]


def given(tricks: Sequence, seat: int) -> list[Signal]:
    """The signals `seat` has given in these tricks (its first card in each suit it followed to)."""
    out: list[Signal] = []
    seen: set[str] = set()
    mine = [(t, p.card) for t in tricks for p in t.plays if p.seat == seat]
    for k, (trick, card) in enumerate(mine):
        suit = card[1]
        if suit in seen:
            continue
        seen.add(suit)
        led = trick.plays[0].card[1]
        kind = kind_of(trick.leader, seat)
        if kind is None or led != suit or card[0] not in SPOTS:
            continue
        later = tuple(c for _, c in mine[k:] if c[1] == suit)
        out.append(Signal(seat, card, kind, later))
    return out


def fits(signal: Signal, unseen: Sequence[str]) -> bool:
    """Whether an imagined holding (`unseen`: the seat's cards not yet played) agrees with the signal."""
    suit = signal.card[1]
    holding = [c for c in unseen if c[1] == suit] + list(signal.later)
    spots = [c for c in holding if c[0] in SPOTS]
    if len(spots) < 2:
        return True  # a forced card says nothing
    high = signal.card != min(spots, key=rank)
    return high == says_high(signal.kind, holding)


def accept(signals: Sequence[Signal], unseen: Sequence[str], rng: random.Random) -> bool:
    """Keep an imagined holding: it agrees with every signal, or it is one of the `MISREAD` kept anyway."""
    return all(fits(s, unseen) for s in signals) or rng.random() < MISREAD
