"""Imagined deals: the unseen cards dealt at random within what the seats have shown.

Used by the robots in the play (`ai.Knowledge`: the cards played, the suits a seat showed out of, what
its calls meant) and by the auction's judgement (`judge.py`). Each seat is drawn in turn, most
constrained first, and redrawn until its hand fits (`SEAT_TRIES` draws), so narrow ranges — a 1NT
opening's 15–17 balanced — are met without throwing the whole deal away for one seat's miss. A card that
no seat drawn later may hold (they showed out of its suit) goes to the seat drawn now.

What a seat's calls meant is read two ways. The hulls (`Situation.shown`): the boxes of points and suit
lengths the rules that could make each call require. The replay (`Replay`, as strong robots read an
auction): a hand is kept only if the system, holding it at that seat, would have made every call the seat
made — so a pass says "none of the bids the system would have made", and a 1♥ opening also says "not
1NT, not 1♠". Calls the system's rules may not have made are read by their hull alone: a bid at the six
level or more, or over the opponents' game (the judgement's slams and sacrifices, `judge.py`), and a
call no imagined hand makes (`GIVE_UP`: a person's own call, say). Where no deal passes the replay soon
(`REPLAY_TRIES`), the hulls alone are used, so an odd call never leaves a robot without deals; where that
happens for most of an auction's deals (`Replay.worth`), the replay is not tried again for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from games.bridge import auction as auc
from games.bridge import system
from games.cards import make_deck

SEAT_TRIES = 300  # draws for one seat before the deal is started again
DEAL_TRIES = 20  # deals started again before giving up
REPLAY_TRIES = 20  # deals started again under the replay before the hulls alone are used
REORDER = 64  # the replay's checks between sortings of a seat's calls by how few hands make them
GIVE_UP = 200  # imagined hands that reached a call (their hull and earlier calls fit) with none making it:
# the call is read by its hull alone from then on (a person's own call, or a robot's off the system)

Accept = Callable[[int, list[str]], bool]


def deal(pool: Sequence[str], need: dict[int, int], accept: Accept, rng: random.Random,
         eligible: Callable[[int, str], bool] | None = None, tries: int = DEAL_TRIES, together: bool = False,
         draws: int = SEAT_TRIES, first: Callable[[int], float] | None = None,
         ) -> dict[int, list[str]] | None:  # fmt: skip
    """The cards of `pool` dealt at random to the seats of `need` (how many each gets), each hand passing
    `accept(seat, cards)` and holding only cards `eligible` for its seat; None when no deal is found in
    `tries` starts. `together`: each draw of the last seat but one is kept only if what it leaves fits the
    last seat too (where hands fit rarely, as under the replay, the leftovers mostly do not). `first`: among
    seats with the same room, the lower first (`width`: the narrowest hull)."""
    def room(seat: int) -> int:  # the cards a seat may still hold beyond its count: the least goes first
        return sum(eligible is None or eligible(seat, c) for c in pool) - need[seat]

    order = sorted(need, key=lambda s: (room(s), first(s) if first else 0))  # the last takes what is left

    def leaves(left: list[str], drawn: list[str]) -> bool:  # the last seat's hand fits (`together`)
        taken, seat = set(drawn), order[-1]
        rest = [c for c in left if c not in taken]
        return all(eligible is None or eligible(seat, c) for c in rest) and accept(seat, rest)

    for _ in range(tries):
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
            pair = together and k == len(order) - 2
            for _ in range(1 if last else draws):
                drawn = cards if last else forced + rng.sample(free, need[seat] - len(forced))
                if len(drawn) == need[seat] and accept(seat, drawn) and (not pair or leaves(left, drawn)):
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


class Replay:
    """Each seat's calls read by the system itself: `admits(seat, hand)` when the system, holding that
    13-card hand at that seat, would have made the calls the seat made (those it may have made; see the
    module's docstring). Counts its work (`checks`: the system's calls worked out) instead of timing it."""

    def __init__(self, dealer: int, calls: tuple[str, ...], vul: tuple[bool, bool]) -> None:
        self.vul = vul
        self.steps: dict[int, list[tuple[int, system.Situation, str]]] = {s: [] for s in range(4)}
        for i, call in enumerate(calls):
            sit = system.read(dealer, calls[:i])
            if not judged(sit, call):
                self.steps[sit.me].append((i, sit, call))
        self.reached = [0] * len(calls)  # imagined hands checked for each call (their hull and the calls
        # checked before it fit)
        self.made = [0] * len(calls)  # … and made it
        self.checks = 0  # the system's calls worked out
        self.sorted = 0  # `checks` when the seats' calls were last sorted
        self.found = self.failed = 0  # deals dealt under the replay, and not found

    def worth(self) -> bool:
        """Whether deals are still sought under the replay: most have been found (each failure costs
        `REPLAY_TRIES` starts)."""
        return self.failed < 3 or self.failed <= self.found

    def deal(self, pool: Sequence[str], need: dict[int, int], accept: Accept, rng: random.Random,
             eligible: Callable[[int, str], bool] | None, width: Callable[[int], float],
             ) -> dict[int, list[str]] | None:  # fmt: skip
        """`deal` under the replay (`accept` includes `admits`): the narrowest seat (`width`) first, the last
        two together; None when not found soon, or no longer sought (`worth`)."""
        if not self.worth():
            return None
        found = deal(pool, need, accept, rng, eligible, REPLAY_TRIES, together=True, first=width)
        self.found += found is not None
        self.failed += found is None
        return found

    def reads(self, i: int) -> bool:
        """Whether call `i` is still read by the replay (some hand made it, or too few have been tried)."""
        return self.made[i] > 0 or self.reached[i] < GIVE_UP

    def admits(self, seat: int, cards: Sequence[str]) -> bool:
        if self.checks >= self.sorted + REORDER:  # the calls fewest hands make first: a hand fails sooner
            for steps in self.steps.values():
                steps.sort(key=lambda step: (self.made[step[0]] + 1) / (self.reached[step[0]] + 2))
            self.sorted = self.checks
        for i, sit, call in self.steps[seat]:
            if not self.reads(i):
                continue
            self.reached[i] += 1
            self.checks += 1
            if system.choose(cards, sit, self.vul)[0] != call:
                return False
            self.made[i] += 1
        return True


def width(hull: system.Hull) -> float:
    """How wide a hull is: its range of points and a quarter of its suits' ranges of length. Under the
    replay, with the narrowest seat drawn first, a deal is found in a third of the draws, and four times in
    five where none was found in three starts (the bench's opening leads, seeds 0–39)."""
    return hull.hcp[1] - hull.hcp[0] + sum(hi - lo for lo, hi in hull.length.values()) / 4


def judged(sit: system.Situation, call: str) -> bool:
    """Whether a call may be the judgement's rather than the system's rules' (`judge.py`): a bid of six or
    seven, or a bid over the opponents' game."""
    if not auc.is_bid(call):
        return False
    if int(call[4]) >= 6:
        return True
    last = sit.last_bid()
    if last is None:
        return False
    level, strain, seat = last
    return auc.side(seat) != auc.side(sit.me) and level >= system.GAME_LEVEL[strain]


@lru_cache(maxsize=256)
def replay_of(dealer: int, calls: tuple[str, ...], vul: tuple[bool, bool], mine: frozenset[str]) -> Replay:
    """The replay of an auction for the seat holding `mine` (its 13 cards), shared by every deal that seat
    imagines for it (hundreds a board: what it learns of calls no hand makes is kept, and stays its own)."""
    return Replay(dealer, calls, vul)


def imagine(cards: Sequence[str], sit: system.Situation, rng: random.Random,
            replay: Sequence[bool] | None = None) -> list[list[str]] | None:  # fmt: skip
    """A deal that fits my hand and every other seat's calls (None when none is found soon). `replay`: the
    deal's vulnerability (N–S, E–W), to read the calls by replaying the system (`Replay`), the hulls alone
    where no deal passes it soon; None: by the hulls alone."""
    me = sit.me
    mine = set(cards)
    pool = [c for c in make_deck(52) if c not in mine]
    hulls = sit.shown
    need = {s: 13 for s in range(4) if s != me}

    def fits(s: int, h: list[str]) -> bool:
        return hulls[s].admits(system.Hand.of(h))

    found = None
    if replay is not None:
        calls = replay_of(sit.dealer, tuple(sit.calls), (bool(replay[0]), bool(replay[1])), frozenset(cards))

        def replayed(s: int, h: list[str]) -> bool:
            return fits(s, h) and calls.admits(s, h)

        def narrowest(s: int) -> float:
            return width(hulls[s])

        found = calls.deal(pool, need, replayed, rng, None, narrowest)
    found = found or deal(pool, need, fits, rng)
    if found is None:
        return None
    found[me] = list(cards)
    return [found[s] for s in range(4)]
