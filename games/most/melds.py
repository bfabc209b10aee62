"""Melds of Most: runs that wrap around (`Q K A 2 3`), sets, jokers standing for declared cards.

A meld entry is a real card (`7H`) or a joker with the card it stands for (`X1=7H`). Everything here is
pure and works on plain lists, so the rules, the chat hooks and the AI share one validator.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.base import GameError
from games.cards import JOKERS, RANKS, SUITS, is_joker

CYCLE = len(RANKS)  # 13 ranks; the ace links K and 2, so runs are arcs of this cycle
MELD_MIN = 3
JOKER_SET = frozenset(JOKERS)
JOKER_IN_HAND = 100  # a joker left in hand costs this much


def value(card: str) -> int:
    """A real card's points: 2–9 = 5, 10–K = 10, A = 15 (a joker in a meld scores 0)."""
    if is_joker(card):
        return 0
    r = card[0]
    return 15 if r == "A" else 10 if r in "TJQK" else 5


def hand_penalty(hand: Iterable[str]) -> int:
    """What cards left in hand cost: their values, a joker 100."""
    return sum(JOKER_IN_HAND if is_joker(c) else value(c) for c in hand)


def stands_for(entry: str) -> str:
    """The card an entry stands for: `X1=7H` → `7H`, `7H` → `7H`."""
    return entry.partition("=")[2] or entry


def physical(entry: str) -> str:
    """The card an entry is made of: `X1=7H` → `X1`, `7H` → `7H`."""
    return entry.partition("=")[0]


def is_joker_entry(entry: str) -> bool:
    return is_joker(physical(entry))


def rank_index(card: str) -> int:
    return RANKS.index(card[0])


def classify(entries: Sequence[str]) -> tuple[str, list[str]]:
    """The meld's kind (`run` or `set`) and its entries in meld order; GameError when it is no meld.

    Runs are ordered along the cycle from their first card (a full 13-card run from the 2); sets by suit.
    """
    cards = [stands_for(e) for e in entries]
    if len(cards) < MELD_MIN:
        raise GameError("meld_too_short", n=len(cards))
    if len(set(cards)) != len(cards):
        raise GameError("duplicate_card")
    ranks = {c[0] for c in cards}
    suits = {c[1] for c in cards}
    if len(ranks) == 1:
        return "set", sorted(entries, key=lambda e: SUITS.index(stands_for(e)[1]))
    if len(suits) > 1:
        raise GameError("not_a_meld")
    idx = {rank_index(c): e for c, e in zip(cards, entries, strict=True)}
    start = run_start(set(idx))
    if start is None:
        raise GameError("run_gap")
    return "run", [idx[(start + i) % CYCLE] for i in range(len(idx))]


def run_start(ranks: set[int]) -> int | None:
    """The first rank of a contiguous arc of the cycle holding exactly `ranks`, or None if there is a gap."""
    if len(ranks) == CYCLE:
        return 0
    starts = [r for r in ranks if (r - 1) % CYCLE not in ranks]
    if len(starts) != 1:
        return None
    return starts[0]


def extend(kind: str, entries: Sequence[str], entry: str) -> list[str] | None:
    """The meld with one more entry laid off onto it, or None if it does not fit."""
    card = stands_for(entry)
    cards = [stands_for(e) for e in entries]
    if card in cards:
        return None
    if kind == "set":
        if card[0] != cards[0][0] or len(cards) >= len(SUITS):
            return None
        return sorted([*entries, entry], key=lambda e: SUITS.index(stands_for(e)[1]))
    if card[1] != cards[0][1] or len(cards) >= CYCLE:
        return None
    r = rank_index(card)
    if r == (rank_index(cards[-1]) + 1) % CYCLE:
        return [*entries, entry]
    if r == (rank_index(cards[0]) - 1) % CYCLE:
        return [entry, *entries]
    return None


def layoff_cards(kind: str, entries: Sequence[str]) -> list[str]:
    """Every card that could be laid off onto this meld (ignoring who holds it)."""
    cards = [stands_for(e) for e in entries]
    if kind == "set":
        if len(cards) >= len(SUITS):
            return []
        return [cards[0][0] + s for s in SUITS if cards[0][0] + s not in cards]
    if len(cards) >= CYCLE:
        return []
    s = cards[0][1]
    out = [RANKS[(rank_index(cards[-1]) + 1) % CYCLE] + s, RANKS[(rank_index(cards[0]) - 1) % CYCLE] + s]
    return list(dict.fromkeys(out))


def shapes() -> list[tuple[str, ...]]:
    """Every three-card meld by the cards it stands for: 52 runs and 52 sets (the building blocks:
    any meld holding a card holds a three-card meld holding it)."""
    out = []
    for s in SUITS:
        for r in range(CYCLE):
            out.append(tuple(RANKS[(r + i) % CYCLE] + s for i in range(3)))
    for r in RANKS:
        for skip in SUITS:
            out.append(tuple(r + s for s in SUITS if s != skip))
    return out


SHAPES = shapes()
SHAPES_OF = {c: [sh for sh in SHAPES if c in sh] for sh_ in SHAPES for c in sh_}  # 6 shapes per card


def fill(
    shape: Sequence[str], hand: Sequence[str], visible: set[str], jokers: Sequence[str]
) -> list[str] | None:
    """Entries making the three-card `shape` from `hand` (real cards first, then `jokers` in that order),
    or None when a card of it is on the table or the jokers run short."""
    out = []
    free = list(jokers)
    for card in shape:
        if card in visible:
            return None
        if card in hand:
            out.append(card)
        elif free:
            out.append(f"{free.pop(0)}={card}")
        else:
            return None
    return out


def small_melds(hand: Sequence[str], visible: set[str], must: str | None = None) -> list[list[str]]:
    """The three-card melds this hand can make (one way each, jokers only where a card is missing),
    those holding `must` only when it is given."""
    jokers = [c for c in hand if c in JOKER_SET]
    if must is not None and must in JOKER_SET:
        jokers = [must, *[j for j in jokers if j != must]]
    if must is not None and must not in JOKER_SET:
        candidates = SHAPES_OF[must]
    else:  # every meld holds a real card of the hand: only the shapes of those cards
        candidates = list(dict.fromkeys(sh for c in hand if c not in JOKER_SET for sh in SHAPES_OF[c]))
    out = []
    for shape in candidates:
        entries = fill(shape, hand, visible, jokers)
        if entries is None:
            continue
        if must is not None and must not in (physical(e) for e in entries):
            continue
        out.append(entries)
    return out
