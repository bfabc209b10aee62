"""Judgement in the auction: the robot weighs a decision of level or strain on deals it imagines.

The system (`system.py`) says what a call means and which call describes a hand. Where the decision is one
of judgement — pass or bid on, invite or bid game, game or slam, compete, double them or sacrifice — the
robot deals the unseen cards many times within what every seat's calls have shown (`deal`), bids each deal
out by the system after each candidate call (every seat, the robot's partner and the opponents, calling
by the same system), scores the contract each candidate leads to with its double-dummy tricks (DDS), and
keeps the system's call unless another candidate gains, on average, more than `MARGIN` IMPs.

The candidates are the system's call, pass, a penalty double of the opponents' last bid, and in each
strain where our side has a fit (and in no trump) the cheapest bid, game and slam.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from games.bridge import auction as auc
from games.bridge import scoring, solver, system
from games.cards import make_deck

GAME = {"C": 5, "D": 5, "H": 4, "S": 4, "N": 3}
MARGIN = 1.0  # IMPs a deal another call must gain over the system's on average
MIN_SAMPLES = 6  # imagined deals needed before the system's call is ever left
SLAM_VALUES = 27  # my points and partner's least: slam is weighed from here
SEAT_TRIES = 300  # draws for one seat before the deal is started again
DEAL_TRIES = 20  # deals started again before a seat's hull is dropped

Accept = Callable[[int, list[str]], bool]


def deal(pool: Sequence[str], need: dict[int, int], accept: Accept, rng: random.Random,
         eligible: Callable[[int, str], bool] | None = None) -> dict[int, list[str]] | None:  # fmt: skip
    """The cards of `pool` dealt at random to the seats of `need` (how many each gets), each hand passing
    `accept(seat, cards)` and holding only cards `eligible` for its seat; None when no deal is found."""
    order = sorted(need, key=lambda s: need[s])
    for _ in range(DEAL_TRIES):
        left = list(pool)
        out: dict[int, list[str]] = {}
        for k, seat in enumerate(order):
            cards = [c for c in left if eligible is None or eligible(seat, c)]
            if len(cards) < need[seat]:
                break
            last = k == len(order) - 1
            for _ in range(1 if last else SEAT_TRIES):
                drawn = cards if last else rng.sample(cards, need[seat])
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


def bid_out(hands: list[list[str]], sit: system.Situation) -> auc.Contract | None:
    """The contract the system reaches from here on these hands."""
    while not auc.is_over(sit.calls):
        call, _ = system.choose(hands[sit.me], sit)
        sit = system.advance(sit, call)
    return auc.contract(sit.dealer, sit.calls)


def candidates(cards: Sequence[str], sit: system.Situation, first: str, legal: Sequence[str]) -> list[str]:
    """The calls worth weighing here (canonical text, among `legal`), the system's own call first: game in
    each strain where our side has a fit (or no trump), and slam when the values may be there."""
    hand = system.Hand.of(cards)
    partner = sit.shown[auc.partner(sit.me)]
    strains = [s for s in "SHDC" if hand.length[s] + partner.length[s][0] >= 8]
    if not strains or hand.balanced:
        strains.append("N")
    values = hand.hcp + partner.hcp[0]
    out = [first]
    for s in strains:
        out.append(f"bid:{GAME[s]}{s}")
        if values >= SLAM_VALUES:
            out.append(f"bid:6{s}")
    return [c for i, c in enumerate(out) if c in legal and c not in out[:i]]


def worth_judging(sit: system.Situation, first: str) -> bool:
    """A decision of level: partner has bid, the opponents have not (above the one level), our side is
    below game and the system would stop short of it."""
    last = sit.last_bid()
    mine = auc.side(sit.me)
    bids = [(auc.side(auc.caller(sit.dealer, i)), c) for i, c in enumerate(sit.calls) if auc.is_bid(c)]
    if last is None or auc.partner(sit.me) not in _bidders(sit):
        return False
    if any(side != mine and int(c[4]) >= 2 for side, c in bids):
        return False
    if first != auc.PASS and not auc.is_bid(first):
        return False
    level, strain = (int(first[4]), first[5]) if auc.is_bid(first) else (last[0], last[1])
    return level < GAME[strain]


def _bidders(sit: system.Situation) -> set[int]:
    return {auc.caller(sit.dealer, i) for i, c in enumerate(sit.calls) if auc.is_bid(c)}


def judge(cards: Sequence[str], sit: system.Situation, vul: Sequence[bool], legal: Sequence[str],
          rng: random.Random, budget: float = 1.0, samples: int = 24) -> str:  # fmt: skip
    """The robot's call: the system's, unless the imagined deals show another candidate clearly better."""
    first, _ = system.choose(cards, sit)
    if not worth_judging(sit, first):
        return first
    calls = candidates(cards, sit, first, legal)
    if len(calls) < 2:
        return first
    start = time.thread_time()
    mine = auc.side(sit.me)
    gain = [0.0] * len(calls)
    n = 0
    while n < samples and (n < MIN_SAMPLES or time.thread_time() - start < budget):
        hands = imagine(cards, sit, rng)
        if hands is None:
            break
        ends = [bid_out(hands, system.advance(sit, c)) for c in calls]
        tricks = {(c.strain, c.declarer): 0 for c in ends if c is not None}
        for strain, declarer in tricks:
            tricks[(strain, declarer)] = solver.declarer_tricks([hands], strain, declarer)[0]
        scores = [_score(c, tricks[(c.strain, c.declarer)] if c else 0, vul, mine) for c in ends]
        for j, score in enumerate(scores):
            gain[j] += scoring.imps(score - scores[0])
        n += 1
    if n < MIN_SAMPLES:
        return first
    best = max(range(len(calls)), key=lambda j: gain[j])
    return calls[best] if gain[best] / n > MARGIN else first


def _score(c: auc.Contract | None, tricks: int, vul: Sequence[bool], mine: int) -> int:
    """Our side's duplicate score of a contract played double-dummy (0 when passed out)."""
    if c is None:
        return 0
    score = scoring.duplicate_score(c.level, c.strain, c.doubled, vul[auc.side(c.declarer)], tricks)
    return score if auc.side(c.declarer) == mine else -score
