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

Among honours equal in value (touching, or with the cards between them gone) a defender leads the top one
and follows with the lowest: partner's king played third hand denies the queen, a queen led after the
opening lead promises no king beside it. Equal cards are worth the same double dummy, so the convention
costs nothing, and the robots read it like the signals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.bridge import auction as auc

SPOTS = "23456789"
HONOURS = "AKQ"
HIGH = "TJQKA"  # the cards the convention of equals speaks for (spot cards are for attitude and count)
ORDER = "23456789TJQKA"
MISREAD = 0.2  # the share of imagined deals kept although partner's signal says otherwise


@dataclass(frozen=True)
class Signal:
    """A defender's card that says something: `kind` attitude or count (its first card in a suit it followed
    to), `top` or `lowest` (an honour led or followed with, among its equals); `later` its cards of the suit
    from then on (this one included), to rebuild its holding at the time; `gone` the cards played before
    that trick."""

    seat: int
    card: str
    kind: str
    later: tuple[str, ...]
    gone: frozenset[str] = frozenset()


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
    """The signals `seat` has given in these tricks: its first card in each suit it followed to, and the
    honours it led (after the opening lead) or followed with, which speak for their equals."""
    out: list[Signal] = []
    seen: set[str] = set()
    mine = [(n, t, p.card) for n, t in enumerate(tricks) for p in t.plays if p.seat == seat]
    for k, (n, trick, card) in enumerate(mine):
        suit = card[1]
        later = tuple(c for _, _, c in mine[k:] if c[1] == suit)
        led = trick.plays[0].card[1]
        kind = kind_of(trick.leader, seat)
        if card[0] in HIGH and (n > 0 or kind is not None) and led == suit:
            gone = frozenset(p.card for t in tricks[:n] for p in t.plays)
            out.append(Signal(seat, card, "lowest" if kind else "top", later, gone))
        if suit in seen:
            continue
        seen.add(suit)
        if kind is None or led != suit or card[0] not in SPOTS:
            continue
        out.append(Signal(seat, card, kind, later))
    return out


def equals(card: str, holding: Sequence[str], gone: frozenset[str] | set[str]) -> list[str]:
    """The cards of `holding` equal to `card` in value (itself included): every rank between them is held
    too or gone."""
    held = {c for c in holding if c[1] == card[1]}
    out = [card]
    for step in (1, -1):
        r = rank(card) + step
        while 0 <= r < len(ORDER) and ((other := ORDER[r] + card[1]) in held or other in gone):
            if other in held:
                out.append(other)
            r += step
    return out


def conventional(card: str, holding: Sequence[str], gone: frozenset[str] | set[str], leading: bool) -> str:
    """The card to play for `card` among its equal honours: the top one when leading, the lowest following."""
    if card[0] not in HIGH:
        return card
    group = [c for c in equals(card, holding, gone) if c[0] in HIGH]
    return max(group, key=rank) if leading else min(group, key=rank)


def fits(signal: Signal, unseen: Sequence[str]) -> bool:
    """Whether an imagined holding (`unseen`: the seat's cards not yet played) agrees with the signal."""
    suit = signal.card[1]
    holding = [c for c in unseen if c[1] == suit] + list(signal.later)
    if signal.kind in ("top", "lowest"):
        return conventional(signal.card, holding, signal.gone, signal.kind == "top") == signal.card
    spots = [c for c in holding if c[0] in SPOTS]
    if len(spots) < 2:
        return True  # a forced card says nothing
    high = signal.card != min(spots, key=rank)
    return high == says_high(signal.kind, holding)


def accept(signals: Sequence[Signal], unseen: Sequence[str], rng: random.Random) -> bool:
    """Keep an imagined holding: it agrees with every signal, or it is one of the `MISREAD` kept anyway."""
    return all(fits(s, unseen) for s in signals) or rng.random() < MISREAD
