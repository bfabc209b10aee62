"""Judgement in the auction (an option, off by default): a decision of level weighed on imagined deals.

The system (`system.py`) says what a call means and which call describes a hand. With
`BridgeBot(judgement=True)`, where partner has bid, the opponents have not competed and the system would
stop below game, the robot deals the unseen cards many times within what every seat's calls have shown
(`sampling.py`), bids each deal out by the system after each candidate call (game in each strain with a
fit or in no trump, slam when the values may be there), scores the contract each leads to with its
double-dummy tricks (DDS), and keeps the system's call unless another gains, on average, more than
`MARGIN` IMPs.

Off by default because it has not paid: on the bench's first 50 deals it left the IMPs a deal from par
unchanged (4.14 both ways) for about 0.2 s of CPU a call, and a wider version (competing, doubling,
sacrificing on 3–4 samples) did worse (4.54 against 4.40). Samples drawn from the auction's wide ranges
are too loose, and too few within a chat's budget, to beat the system's own judgement
(`bench/bridge.py --judgement` measures it).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from games.bridge import auction as auc
from games.bridge import scoring, solver, system
from games.bridge.sampling import imagine

GAME = {"C": 5, "D": 5, "H": 4, "S": 4, "N": 3}
MARGIN = 1.0  # IMPs a deal another call must gain over the system's on average
MIN_SAMPLES = 6  # imagined deals needed before the system's call is ever left
SLAM_VALUES = 27  # my points and partner's least: slam is weighed from here


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
