"""Imagined deals: the unseen cards dealt at random within what the seats have shown.

Used by the robots in the play (`ai.Knowledge`: the cards played, the suits a seat showed out of, what
its calls meant) and by the auction's judgement (`judge.py`). Each seat is drawn in turn, most
constrained first, and redrawn until its hand fits (`SEAT_TRIES` draws), so narrow ranges — a 1NT
opening's 15–17 balanced — are met without throwing the whole deal away for one seat's miss. A card that
no seat drawn later may hold (they showed out of its suit) goes to the seat drawn now.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from games.bridge import system
from games.cards import make_deck

SEAT_TRIES = 300  # draws for one seat before the deal is started again
DEAL_TRIES = 20  # deals started again before giving up

Accept = Callable[[int, list[str]], bool]


def deal(pool: Sequence[str], need: dict[int, int], accept: Accept, rng: random.Random,
         eligible: Callable[[int, str], bool] | None = None) -> dict[int, list[str]] | None:  # fmt: skip
    """The cards of `pool` dealt at random to the seats of `need` (how many each gets), each hand passing
    `accept(seat, cards)` and holding only cards `eligible` for its seat; None when no deal is found."""
    def room(seat: int) -> int:  # the cards a seat may still hold beyond its count: the least goes first
        return sum(eligible is None or eligible(seat, c) for c in pool) - need[seat]

    order = sorted(need, key=room)  # the last seat takes what is left
    for _ in range(DEAL_TRIES):
        left = list(pool)
        out: dict[int, list[str]] = {}
        for k, seat in enumerate(order):
            cards = [c for c in left if eligible is None or eligible(seat, c)]
            if len(cards) < need[seat]:
                break
            last = k == len(order) - 1
            forced = only_for(seat, cards, order[k + 1 :], eligible)
            if len(forced) > need[seat]:
                break
            taken_first = set(forced)
            free = [c for c in cards if c not in taken_first]
            for _ in range(1 if last else SEAT_TRIES):
                drawn = cards if last else forced + rng.sample(free, need[seat] - len(forced))
                if len(drawn) == need[seat] and accept(seat, drawn):
                    break
            else:
                break
            if last and (len(cards) != len(left) or not accept(seat, drawn)):
                break
            out[seat] = drawn
            taken = set(drawn)
            left = [c for c in left if c not in taken]
        else:
            return out
    return None


def only_for(seat: int, cards: list[str], later: Sequence[int],
             eligible: Callable[[int, str], bool] | None) -> list[str]:  # fmt: skip
    """The cards of `cards` that no seat drawn after `seat` may hold: `seat` must take them all. (Drawn at
    random instead, they left a later seat a card of a suit it showed out of about one deal in eight, and
    all twenty tries failed one time in fifteen: the robot then had no deal to play on.)"""
    if eligible is None:
        return []
    return [c for c in cards if not any(eligible(s, c) for s in later)]


def imagine(cards: Sequence[str], sit: system.Situation, rng: random.Random) -> list[list[str]] | None:
    """A deal that fits my hand and every other seat's calls (None when none is found soon)."""
    me = sit.me
    mine = set(cards)
    pool = [c for c in make_deck(52) if c not in mine]
    hulls = sit.shown
    need = {s: 13 for s in range(4) if s != me}
    found = deal(pool, need, lambda s, h: hulls[s].admits(system.Hand.of(h)), rng)
    if found is None:
        return None
    found[me] = list(cards)
    return [found[s] for s in range(4)]
