"""Cards as short strings: rank + suit letter (`7S`, `TD`, `AC`), jokers `X1` and `X2`.

Strings keep states and actions JSON-friendly and readable; these helpers give them meaning.
Ranks, low to high: 2 3 4 5 6 7 8 9 T J Q K A. Suits: S (spades), H (hearts), D (diamonds), C (clubs).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
SUITS = "SHDC"
JOKERS = ("X1", "X2")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {"T": "10"}
# The letters the players of a language write for the jack, queen, king and ace (2–10 are digits in all):
# валет, дама, король, туз in Russian and in Ukrainian (docs: bot/core/i18n/locale/GLOSSARY.md).
RANK_LETTERS = {lang: {"J": "В", "Q": "Д", "K": "К", "A": "Т"} for lang in ("ru", "uk")}
TYPED_RANKS = {"В": "J", "Д": "Q", "К": "K", "Т": "A"}  # Cyrillic letters typed for a card (Т: the ace)
_PRETTY_FACE = re.compile(r"(?<!\w)([JQKA])(?=[♠♥♦♣])")
DECK_SIZES = (24, 32, 36, 52, 54)

_LOWEST_RANK = {24: "9", 32: "7", 36: "6", 52: "2", 54: "2"}


class CardError(ValueError):
    """A string that is not a card in the project's notation."""


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def rank_value(card: str) -> int:
    """2 → 0 … A → 12 (jokers: 13)."""
    return 13 if is_joker(card) else RANKS.index(card[0])


def is_joker(card: str) -> bool:
    return card in JOKERS


def is_card(text: str) -> bool:
    return text in JOKERS or (len(text) == 2 and text[0] in RANKS and text[1] in SUITS)


def parse_card(text: str) -> str:
    """Accept `7s`, `10H`, `th`, `7♠`, `x1`, and the Cyrillic `Д♥` (the queen) or `т♠` (the ace), and
    return the canonical form (`7S`, `TH`, `QH`, `AS`)."""
    t = text.strip().upper()
    if t[:1] in TYPED_RANKS:
        t = TYPED_RANKS[t[0]] + t[1:]
    for letter, symbol in SUIT_SYMBOLS.items():
        t = t.replace(symbol, letter)
    if t.startswith("10"):
        t = "T" + t[2:]
    if not is_card(t):
        raise CardError(text)
    return t


def parse_cards(text: str) -> list[str]:
    return [parse_card(t) for t in text.replace(",", " ").split()]


def pretty(card: str) -> str:
    """`TD` → `10♦`, `X1` → `🃏`."""
    if is_joker(card):
        return "🃏"
    return RANK_NAMES.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]


def in_language(text: str, lang: str) -> str:
    """Pretty cards in a finished text with the rank letters `lang`'s players write (ru: `Q♥` → `Д♥`)."""
    letters = RANK_LETTERS.get(lang)
    return _PRETTY_FACE.sub(lambda m: letters[m[1]], text) if letters else text


def pretty_suit(s: str) -> str:
    return SUIT_SYMBOLS[s]


def make_deck(size: int = 52) -> list[str]:
    """A fresh deck in a fixed order: suits S H D C, each from its lowest rank up; jokers last."""
    if size not in DECK_SIZES:
        raise ValueError(f"no deck of {size} cards")
    low = RANKS.index(_LOWEST_RANK[size])
    cards = [r + s for s in SUITS for r in RANKS[low:]]
    return cards + list(JOKERS) if size == 54 else cards


def shuffled(cards: Sequence[str], seed: int | str) -> list[str]:
    """A deterministic shuffle: the same seed always gives the same order."""
    out = list(cards)
    random.Random(str(seed)).shuffle(out)
    return out


def sort_hand(cards: Iterable[str], trump: str | None = None, suit_order: str = SUITS) -> list[str]:
    """Group by suit (trumps last), each suit from low to high: the order a player holds them in."""

    def key(c: str) -> tuple[int, int, int]:
        if is_joker(c):
            return (2, 0, rank_value(c))
        return (1 if suit(c) == trump else 0, suit_order.index(suit(c)), rank_value(c))

    return sorted(cards, key=key)


def bits(mask: int) -> list[int]:
    """The set bits of `mask`, low to high: the int cards of a bitmask hand (the fast engines' hands)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
