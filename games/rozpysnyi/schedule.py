"""Round schedules: how many cards each round deals, and which rounds are dark (`D`) or no-trump (`N`)."""

from __future__ import annotations

from games.base import GameError

FULL = {
    3: "1 1 1 2 3 4 5 6 7 8 9 10 11 12 12 12 11 10 9 8 7 6 5 4 3 2 D D D N N N",
    4: "1 1 1 1 2 3 4 5 6 7 8 8 8 8 7 6 5 4 3 2 D D D D N N N N",
}
DECK = {3: 36, 4: 32}


def max_cards(players: int) -> int:
    return DECK[players] // players


def short(players: int) -> list[str]:
    """1 up to the maximum and back down, once each, then one `D` and one `N` per player."""
    top = max_cards(players)
    counts = [*range(1, top + 1), *range(top - 1, 0, -1)]
    return [str(n) for n in counts] + ["D"] * players + ["N"] * players


def quick(players: int) -> list[str]:
    """About eight rounds for an evening: cycles of one round per dealer, each cycle holding one dark and
    one no-trump round and ordinary rounds rising from 1 card to the most there are."""
    top = max_cards(players)
    cycles = max(1, round(8 / players))
    plain = cycles * (players - 2)
    counts = [round(1 + i * (top - 1) / (plain - 1)) if plain > 1 else top for i in range(plain)]
    rounds: list[str] = []
    for c in range(cycles):
        rounds += [str(n) for n in counts[c * (players - 2) : (c + 1) * (players - 2)]] + ["D", "N"]
    return rounds


NAMED = ("full", "short", "quick")


def parse(text: str, players: int) -> list[str]:
    """A custom schedule such as `1 5 D N` (numbers of cards, `D` dark, `N` no-trump)."""
    rounds = text.replace(",", " ").upper().split()
    top = max_cards(players)
    for r in rounds:
        if r in ("D", "N"):
            continue
        if not r.isdecimal() or not 1 <= int(r) <= top:
            raise GameError("bad_schedule", round=r, max=top)
    if not rounds:
        raise GameError("bad_schedule", round="", max=top)
    return rounds


def build(spec: str, players: int, dark: bool, no_trump: bool) -> list[str]:
    """The rounds of a game: the switches thin the named schedules; a custom one is played as written."""
    if spec == "full":
        rounds = FULL[players].split()
    elif spec == "short":
        rounds = short(players)
    elif spec == "quick":
        rounds = quick(players)
    else:
        return parse(spec, players)
    return [r for r in rounds if (dark or r != "D") and (no_trump or r != "N")]


def cards_in(round_kind: str, players: int) -> int:
    return max_cards(players) if round_kind in ("D", "N") else int(round_kind)
