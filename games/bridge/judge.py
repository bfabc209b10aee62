"""Judgement in the auction: decisions weighed on imagined deals bid out and scored double dummy.

The system (`system.py`) says what a call means and which call describes a hand. Judgement deals the
unseen cards many times within what every seat's calls have shown (`sampling.py`), scores the contracts
each candidate call leads to with their double-dummy tricks (DDS), and keeps the system's call unless
another gains, on average over the same deals, more than a margin in IMPs.

- **Slam** (`slam`, on in every robot): where the system's call bids or passes our side's game and the
  two hands hold 28 points or more (mine and the least partner has shown), six (or seven) of each
  strain we have a fit in, or of no trump, is weighed against that game on 20 imagined deals. Measured
  on the bench's 600 deals, it bids slams the system's point counts miss and pays on both halves.
- **Sacrifice** (`sacrifice`, on in every robot): where the opponents bid a game (or slam) last over an
  auction we competed in, we have not bid a game ourselves, the vulnerability is favourable or equal
  and the system would pass, the cheapest bid in each suit where we hold eight cards as shown, doubled,
  is weighed against their contract on 20 imagined deals; bid when it saves more than 1 IMP a deal.
  Measured on the bench's 600 deals it is about neutral (−4 IMPs in all: +9 on seeds 0–299, −13 on
  300–599; a few deals a hundred); doubling their contract instead cost 12 and 7 IMPs, and weighing the
  system's own bids over their game 14 and 14, so neither is done. Its imagined deals read the calls
  by replaying the system (`sampling.Replay`: a hand is kept only if the system would have bid it so):
  5 and 6 IMPs better on the two halves than by the hulls (one deal each; measured with the replay's
  first sampler, before it found deals for almost every auction), for about three times the CPU of a call.
  The slam's read them by the hulls: the replay there changed a few slams either way (+22 / −6 IMPs at
  20 deals, +13 / +5 at 40) and, with the floor lowered to 26 or 24, bid more shape slams and as many
  more went down (+47 / +1, +70 / +6).
- **Level** (`judge`, an option, off by default: `BridgeBot(judgement=True)`): where partner has bid, the
  opponents have not competed and the system would stop below game, game in each strain with a fit (and
  slam) is weighed, each deal bid out by the system after each candidate. It has not paid: on the
  bench's first 50 deals it left the IMPs a deal from par unchanged (4.14 both ways) for about 0.2 s of
  CPU a call, and a wider version (competing, doubling, sacrificing on 3–4 samples) did worse (4.54
  against 4.40). For game the samples, drawn from the auction's wide ranges, are too loose to beat the
  system's own judgement; for slam the stakes are large enough that they pay
  (`bench/bridge.py --judgement` measures the level judgement).
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
SLAM_SAMPLES = 20  # imagined deals a slam decision is weighed on (a count, not a time: the same call on
# a loaded machine as on a quiet one)
SLAM_FLOOR = 28  # my points and the least partner has shown: slam is weighed from here
SLAM_MARGIN = 1.5  # IMPs a deal the slam must gain over the game on average
MINOR_FIT = {"C": 7, "D": 7}  # a minor is weighed for slam with seven cards as shown: partner's minor
# openings and rebids show fewer cards than they mostly hold (1♣/1♦ three or more); the imagined deals
# judge the fit (on the bench: one more slam bid and made on seeds 0–299, nothing changed on 300–599)
SAC_SAMPLES = 20  # imagined deals a sacrifice is weighed on (a count, like the slam's)
SAC_FIT = 8  # trumps between us (as far as partner has shown) to sacrifice in a suit
SAC_MARGIN = 1.0  # IMPs a deal the sacrifice must save over letting them play, on average


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
        if values >= SLAM_FLOOR:
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


# -- slam: the one decision where the imagined deals pay -------------------------------------------------


def _declarer(sit: system.Situation, strain: str) -> int:
    """Who of the next caller's side would declare `strain`: the first of us to have bid it, else me."""
    mine = auc.side(sit.me)
    for i, c in enumerate(sit.calls):
        seat = auc.caller(sit.dealer, i)
        if auc.is_bid(c) and c[5] == strain and auc.side(seat) == mine:
            return seat
    return sit.me


def _game_reached(sit: system.Situation, first: str) -> tuple[int, str] | None:
    """(level, strain) of our side's game (below slam) that the system's call bids or passes."""
    if auc.is_bid(first):
        level, strain = int(first[4]), first[5]
    elif first == auc.PASS and (last := sit.last_bid()) is not None and auc.side(last[2]) == auc.side(sit.me):
        level, strain = last[0], last[1]
    else:
        return None
    return (level, strain) if GAME[strain] <= level < 6 else None


def slam_candidates(
    cards: Sequence[str], sit: system.Situation, first: str, legal: Sequence[str]
) -> list[str]:
    """The slams worth weighing against the game the system's call reaches (none when it reaches no game,
    when partner has not bid, when Blackwood has been asked or the values are far short)."""
    game = _game_reached(sit, first)
    partner = auc.partner(sit.me)
    ours = [(auc.caller(sit.dealer, i), c) for i, c in enumerate(sit.calls)]
    if game is None or not any(s == partner and auc.is_bid(c) for s, c in ours):
        return []
    if first == "bid:4N" or any(c == "bid:4N" and auc.side(s) == auc.side(sit.me) for s, c in ours):
        return []
    hand, shown = system.Hand.of(cards), sit.shown[partner]
    if hand.hcp + shown.hcp[0] < SLAM_FLOOR:
        return []
    fits = [s for s in "SHDC" if hand.length[s] + shown.length[s][0] >= MINOR_FIT.get(s, 8)]
    strains = [s for s in "SHDC" if s in fits or s == game[1]] + ["N"]
    out = [f"bid:6{s}" for s in strains]
    if hand.hcp + shown.hcp[0] >= SLAM_FLOOR + 4:
        out += [f"bid:7{s}" for s in strains]
    return [c for c in out if c in legal]


def slam(cards: Sequence[str], sit: system.Situation, vul: Sequence[bool], first: str, legal: Sequence[str],
         rng: random.Random, samples: int = SLAM_SAMPLES) -> str:  # fmt: skip
    """The system's call, or a slam where the imagined deals say it gains over the game that call reaches:
    each candidate scored double-dummy against the game on the same deals."""
    calls = slam_candidates(cards, sit, first, legal)
    if not calls:
        return first
    game = _game_reached(sit, first)
    assert game is not None
    deals = [d for d in (imagine(cards, sit, rng) for _ in range(samples)) if d is not None]  # by the hulls
    if len(deals) < samples // 2:
        return first
    mine = auc.side(sit.me)
    solved: dict[tuple[str, int], list[int]] = {}

    def scores(level: int, strain: str) -> list[int]:
        declarer = _declarer(sit, strain)
        if (strain, declarer) not in solved:
            solved[(strain, declarer)] = solver.declarer_tricks(deals, strain, declarer)
        c = auc.Contract(level=level, strain=strain, declarer=declarer)
        return [_score(c, t, vul, mine) for t in solved[(strain, declarer)]]

    base = scores(*game)
    best, gain = first, SLAM_MARGIN
    for call in calls:
        slam_scores = scores(int(call[4]), call[5])
        mean = sum(scoring.imps(s - b) for s, b in zip(slam_scores, base, strict=True)) / len(deals)
        if mean > gain:
            best, gain = call, mean
    return best


# -- sacrifice: outbid at their game, is our contract doubled cheaper? ---------------------------------


def _their_game(sit: system.Situation) -> auc.Contract | None:
    """The opponents' game (or slam), bid last over a competitive auction, undoubled, that passing leaves."""
    last = sit.last_bid()
    mine = auc.side(sit.me)
    if last is None or auc.side(last[2]) == mine or not GAME[last[1]] <= last[0] <= 6:
        return None
    if sit.calls[-1] != auc.PASS and not auc.is_bid(sit.calls[-1]):
        return None  # doubled or redoubled: another decision
    if not any(auc.is_bid(c) and auc.side(auc.caller(sit.dealer, i)) == mine
               for i, c in enumerate(sit.calls)):  # fmt: skip
        return None  # we have not bid: no fit known to sacrifice in
    return auc.contract(sit.dealer, [*sit.calls, auc.PASS, auc.PASS, auc.PASS])


def sacrifice_candidates(cards: Sequence[str], sit: system.Situation, vul: Sequence[bool], first: str,
                         legal: Sequence[str]) -> list[str]:  # fmt: skip
    """The sacrifices worth weighing over the opponents' game: the cheapest bid in each suit where our
    side holds eight cards as shown, at favourable or equal vulnerability, when we have not bid a game
    ourselves (over their sacrifice against our game, bidding on is not a sacrifice)."""
    game = _their_game(sit)
    mine = auc.side(sit.me)
    if game is None or (vul[mine] and not vul[1 - mine]):
        return []
    if any(auc.is_bid(c) and auc.side(auc.caller(sit.dealer, i)) == mine and int(c[4]) >= GAME[c[5]]
           for i, c in enumerate(sit.calls)):  # fmt: skip
        return []
    hand, shown = system.Hand.of(cards), sit.shown[auc.partner(sit.me)]
    out = [f"bid:{sit.cheapest(s)}{s}" for s in "SHDC" if hand.length[s] + shown.length[s][0] >= SAC_FIT]
    return [c for c in out if c in legal]


def sacrifice(cards: Sequence[str], sit: system.Situation, vul: Sequence[bool], first: str,
              legal: Sequence[str], rng: random.Random, samples: int = SAC_SAMPLES) -> str:  # fmt: skip
    """The system's call, or a sacrifice where the imagined deals say our contract doubled costs less,
    on average in IMPs, than letting the opponents play their game (each scored double-dummy)."""
    calls = sacrifice_candidates(cards, sit, vul, first, legal)
    if first != auc.PASS or not calls:  # the system's own bid over their game stands (weighing it lost)
        return first
    game = _their_game(sit)
    assert game is not None
    deals = [d for d in (imagine(cards, sit, rng, vul) for _ in range(samples)) if d is not None]  # replayed
    if len(deals) < samples // 2:
        return first
    mine = auc.side(sit.me)

    def scores(call: str) -> list[int]:
        if call == auc.PASS:
            c = game
        else:
            c = auc.Contract(level=int(call[4]), strain=call[5], declarer=_declarer(sit, call[5]), doubled=1)
        return [_score(c, t, vul, mine) for t in solver.declarer_tricks(deals, c.strain, c.declarer)]

    base = scores(auc.PASS)
    best, gain = first, SAC_MARGIN
    for call in calls:
        mean = sum(scoring.imps(s - b) for s, b in zip(scores(call), base, strict=True)) / len(deals)
        if mean > gain:
            best, gain = call, mean
    return best
