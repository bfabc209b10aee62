"""A fast Most engine for play-outs: one game of `rules.py` on small integers.

Cards are ints `suit * 13 + rank` (suits S H D C = 0…3, ranks 2…A = 0…12) and the jokers 52 (`X1`) and 53
(`X2`): a hand is a bitmask whose set bits, low to high, are the hand as the rules sort it. A meld entry is
one int: the card it stands for, plus 52 for `X1` and 104 for `X2` when a joker stands for it (`X1=9H` is
52 + 9H), so `e % 52` is the card it stands for and `e >= 52` says a joker. The deck is a list drawn from
its end, the bridge a list whose last card is the newest. A `Deal` is a `__slots__` object whose `copy` is a
few list copies; no pydantic, no strings in the inner loop. `tests/games/test_most_fast.py` plays random
games through both engines (the rules' legal actions and the heuristic's longer melds) and checks they agree
after every step: hands, deck, bridge, melds with who laid each card, the taken card to meld, the cards
known in each hand, whose turn and which step, and at the end every seat's points.

Actions are tuples: `(DRAW,)`, `(TAKE, k)` (the bridge from its card #k, from 1), `(MELD, entries)`,
`(LAY, entry, i)` (onto meld #i, from 0), `(SWAP, card)`, `(DISCARD, card)`; `action_of` and `action_text`
convert from and to the rules' texts. The engine trusts its input: an action must be legal (checking what
people type is the rules' job). Not here: the match (a game's end is where play-outs stop), events, the
first deal.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.cards import RANKS, SUITS
from games.cards import bits as cards  # a hand bitmask as its int cards
from games.most.melds import JOKER_IN_HAND, classify
from games.most.rules import parse

if TYPE_CHECKING:
    from games.most.rules import MostState, MostView

DRAW, TAKE, MELD, LAY, SWAP, DISCARD = range(6)
X1, X2 = 52, 53
JOKER_BITS = 3 << 52
REAL = (1 << 52) - 1
CYCLE = 13

CARD_INT = {r + s: 13 * i + j for i, s in enumerate(SUITS) for j, r in enumerate(RANKS)}
CARD_INT |= {"X1": X1, "X2": X2}
CARD_STR = {v: k for k, v in CARD_INT.items()}
VALUE = [15 if c % 13 == 12 else 10 if c % 13 >= 8 else 5 for c in range(52)] + [0, 0]
PENALTY = [*VALUE[:52], JOKER_IN_HAND, JOKER_IN_HAND]


def mask_of(cards_: list[str]) -> int:
    m = 0
    for c in cards_:
        m |= 1 << CARD_INT[c]
    return m


def card_mask(cards_: Iterable[int]) -> int:
    """The bitmask of int cards (a bare joker is its own bit: `physical` is for meld entries)."""
    m = 0
    for c in cards_:
        m |= 1 << c
    return m


def penalty(mask: int) -> int:
    """What the cards of a hand cost at the end (a joker 100)."""
    return sum(PENALTY[c] for c in cards(mask))


def physical(e: int) -> int:
    """The card an entry is made of: itself, or the joker standing for its card."""
    return e if e < 52 else 51 + e // 52


def entry_of(text: str) -> int:
    """`9H` → 9H, `X1=9H` → 52 + 9H."""
    card, _, stands = text.partition("=")
    if not stands:
        return CARD_INT[card]
    return CARD_INT[stands] + 52 * (CARD_INT[card] - 51)


def entry_text(e: int) -> str:
    return CARD_STR[e] if e < 52 else f"{CARD_STR[physical(e)]}={CARD_STR[e % 52]}"


def canonical(run: bool, entries: list[int]) -> list[int]:
    """A meld's entries in the rules' order: a run along the cycle from its first card (a full one from the
    2), a set by suit."""
    if not run:
        return sorted(entries, key=lambda e: e % 52 // 13)
    ranks = {e % 13: e for e in entries}
    full = len(ranks) == CYCLE
    start = 0 if full else next(r for r in ranks if (r - 1) % CYCLE not in ranks)
    return [ranks[(start + i) % CYCLE] for i in range(len(ranks))]


def extended(run: bool, entries: list[int], e: int) -> list[int] | None:
    """The meld with one more entry, as `melds.extend` gives it, or None if it does not fit."""
    card = e % 52
    if any(x % 52 == card for x in entries):
        return None
    first = entries[0] % 52
    if not run:
        if card % 13 != first % 13 or len(entries) >= 4:
            return None
        return sorted([*entries, e], key=lambda x: x % 52 // 13)
    if card // 13 != first // 13 or len(entries) >= CYCLE:
        return None
    if card % 13 == (entries[-1] % 13 + 1) % CYCLE:
        return [*entries, e]
    if card % 13 == (first % 13 - 1) % CYCLE:
        return [e, *entries]
    return None


def layoff_cards(run: bool, entries: list[int]) -> list[int]:
    """Every card that could be laid off onto this meld (ignoring who holds it), as `melds.layoff_cards`."""
    first = entries[0] % 52
    if not run:
        if len(entries) >= 4:
            return []
        held = {e % 52 for e in entries}
        return [s * 13 + first % 13 for s in range(4) if s * 13 + first % 13 not in held]
    if len(entries) >= CYCLE:
        return []
    base = first - first % 13
    nxt = base + (entries[-1] % 13 + 1) % CYCLE
    prev = base + (first % 13 - 1) % CYCLE
    return [nxt] if nxt == prev else [nxt, prev]


class Meld:
    """A meld on the table: its owner, whether a run, its entries in order, who laid each, and the cards that
    could be laid off onto it (`layoff_cards`, kept: the play-outs ask at every step)."""

    __slots__ = ("by", "entries", "fits", "owner", "run")

    def __init__(
        self, owner: int, run: bool, entries: list[int], by: list[int], fits: list[int] | None = None
    ) -> None:
        self.owner, self.run, self.entries, self.by = owner, run, entries, by
        self.fits = layoff_cards(run, entries) if fits is None else fits

    def copy(self) -> Meld:
        return Meld(self.owner, self.run, self.entries[:], self.by[:], self.fits)


class Deal:
    """One game of Most in progress (or just over), on ints."""

    __slots__ = (
        "bridge",
        "deck",
        "draw",
        "hands",
        "known",
        "laid",
        "laid_by",
        "melds",
        "n",
        "over",
        "pending",
        "points",
        "turn",
        "wild",
    )

    @classmethod
    def from_state(cls, state: MostState) -> Deal:
        """The engine's copy of a rules state (its current game)."""
        d = cls.__new__(cls)
        d.n = state.players
        d.turn, d.draw = state.turn, state.phase == "draw"
        d.hands = [mask_of(h) for h in state.hands]
        d.deck = [CARD_INT[c] for c in reversed(state.deck)]
        d.known = [mask_of(k) for k in state.known]
        d.set_table(state)
        return d

    def set_table(self, public: MostState | MostView) -> None:
        """What lies open, from a state or a seat's view alike: the bridge, the melds (and who laid what),
        the card waiting to be covered, whether the game is over."""
        self.bridge = [CARD_INT[c] for c in public.bridge]
        self.melds = []
        self.laid, self.laid_by, self.points, self.wild = 0, [0] * self.n, [0] * self.n, 0
        for m in public.melds:
            meld = Meld(m.owner, m.kind == "run", [entry_of(e) for e in m.cards], list(m.by))
            self.melds.append(meld)
            for e, who in zip(meld.entries, meld.by, strict=True):
                self.note_laid(e, who)
        self.pending = CARD_INT[public.pending] if public.pending else -1
        self.over = public.over

    def copy(self) -> Deal:
        d = type(self).__new__(type(self))
        d.n, d.turn, d.draw, d.pending, d.over = self.n, self.turn, self.draw, self.pending, self.over
        d.hands = self.hands[:]
        d.deck = self.deck[:]
        d.bridge = self.bridge[:]
        d.melds = [m.copy() for m in self.melds]
        d.laid, d.laid_by, d.points, d.wild = self.laid, self.laid_by[:], self.points[:], self.wild
        d.known = self.known[:]
        return d

    def note_laid(self, e: int, seat: int) -> None:
        """Entry `e` is now on the table, laid by `seat` (its points count for it)."""
        card = e % 52
        self.laid |= 1 << card
        self.laid_by[seat] |= 1 << card
        if e < 52:
            self.points[seat] += VALUE[card]
        else:
            self.wild += 1

    # -- what is where
    def table(self) -> int:
        """The cards on the table (what meld entries stand for, and the real cards of the bridge)."""
        m = self.laid
        for c in self.bridge:
            if c < 52:
                m |= 1 << c
        return m

    def jokers(self) -> dict[int, tuple[int, int]]:
        """Card a joker on the table stands for → (meld index, position)."""
        if not self.wild:
            return {}
        return {e % 52: (i, j) for i, m in enumerate(self.melds) for j, e in enumerate(m.entries) if e >= 52}

    # -- moves
    def apply(self, seat: int, a: tuple) -> None:
        verb = a[0]
        if verb == DRAW:
            self.hands[seat] |= 1 << self.deck.pop()
            self.draw = False
        elif verb == TAKE:
            k = a[1] - 1
            taken = self.bridge[k:]
            del self.bridge[k:]
            m = card_mask(taken)
            self.hands[seat] |= m
            self.known[seat] |= m
            self.pending = taken[0]
            self.draw = False
        elif verb == MELD:
            self.meld(seat, list(a[1]))
        elif verb == LAY:
            self.lay(seat, a[1], a[2])
        elif verb == SWAP:
            self.swap(seat, a[1])
        else:
            self.discard(seat, a[1])

    def give(self, seat: int, card: int) -> None:
        """`card` leaves `seat`'s hand (and what everyone knows of it)."""
        bit = ~(1 << card)
        self.hands[seat] &= bit
        self.known[seat] &= bit

    def meld(self, seat: int, entries: list[int]) -> None:
        run = len({e % 52 % 13 for e in entries}) > 1
        entries = canonical(run, entries)
        for e in entries:
            self.give(seat, physical(e))
            self.note_laid(e, seat)
            if physical(e) == self.pending:
                self.pending = -1
        self.melds.append(Meld(seat, run, entries, [seat] * len(entries)))

    def lay(self, seat: int, e: int, i: int) -> None:
        m = self.melds[i]
        new = extended(m.run, m.entries, e)
        assert new is not None
        by = dict(zip(m.entries, m.by, strict=True))
        by[e] = seat
        m.entries, m.by, m.fits = new, [by[x] for x in new], layoff_cards(m.run, new)
        self.give(seat, physical(e))
        self.note_laid(e, seat)

    def swap(self, seat: int, card: int) -> None:
        i, j = self.jokers()[card]
        m = self.melds[i]
        joker, who = physical(m.entries[j]), m.by[j]
        self.wild -= 1
        self.laid_by[who] &= ~(1 << card)
        m.entries[j], m.by[j] = card, seat
        self.laid_by[seat] |= 1 << card
        self.points[seat] += VALUE[card]
        self.give(seat, card)
        self.hands[seat] |= 1 << joker
        self.known[seat] |= 1 << joker

    def discard(self, seat: int, card: int) -> None:
        self.give(seat, card)
        self.bridge.append(card)
        if not self.hands[seat] or not self.deck:
            self.over = True  # went out, or the next player cannot draw
            return
        self.turn = (seat + 1) % self.n
        self.draw = True

    def scores(self) -> list[int]:
        """Each seat's points this game so far: what it laid, less what it holds."""
        return [self.points[s] - penalty(self.hands[s]) for s in range(self.n)]


# -- action texts ---------------------------------------------------------------------------------


def action_of(text: str) -> tuple:
    """The engine's action for a rules action text (any form the rules accept)."""
    verb, args = parse(text)
    if verb == "draw":
        return (DRAW,)
    if verb == "take":
        return (TAKE, int(args[0]))
    if verb == "meld":
        return (MELD, tuple(entry_of(e) for e in classify(args[0].split(","))[1]))
    if verb == "lay":
        return (LAY, entry_of(args[0]), int(args[1]) - 1)
    return (SWAP if verb == "swap" else DISCARD, CARD_INT[args[0]])


def action_text(a: tuple) -> str:
    """The rules' text of an engine action (a meld's entries in the order given: the rules order them)."""
    verb = a[0]
    if verb == DRAW:
        return "draw"
    if verb == TAKE:
        return f"take:{a[1]}"
    if verb == MELD:
        return "meld:" + ",".join(entry_text(e) for e in a[1])
    if verb == LAY:
        return f"lay:{entry_text(a[1])}:{a[2] + 1}"
    return f"{'swap' if verb == SWAP else 'discard'}:{CARD_STR[a[1]]}"
