"""Dvorovoy bridge AI. It reads only what the source's contest gave each program.

That is: the number of players, each player's card count and total, the top card (and the suit a jack
asked for), the card values, its own hand and the cards it has put down in the move it is making, and what
may be played now (the legal actions). The search also copies what rebuilds the move in progress for
its imagined deals (the options, whether it has drawn, the dealer); nothing else of the view is read
(not the last move's hits).

The heuristic works on the fast engine's ints (`fast.py`: a hand is a bitmask), so the same code decides
for `HeuristicBot` and inside the search's play-outs. It sheds the card worth most points, and of cards
worth the same the one whose rank it holds fewest of (a pair fits more tops: it is kept for later); of
the cards worth nothing, a 6 it can cover first (two cards in one move); a jack (it fits anything) only
when nothing else does, unless it ends the hand; it goes out in one move whenever it can. Within a move it
adds every card of the rank (the last one of the suit it holds most of), and after a jack asks for the
suit it holds most of. With nothing to play it draws. It was found by playing variants against the greedy
player of `bench/greedy.py` (which sheds the card worth most, a jack last): keeping pairs and covering 6s
beat it; the former rules of thumb (loading the next player with 7s, 8s and aces, saving a jack by
drawing, steering away from 125) lost to it (`bench/levels.py` has the figures).

`SearchBot` is determinized Monte Carlo on the fast engine: for each decision it deals the unseen cards at
random into the other hands (their sizes are known) and the stock, applies each candidate action, and
plays the round out with every seat following the heuristic (a tenth of the moves at random). A round's
end is scored by the totals it leaves (over 125 is a heavy loss, 125 burned counts as 0): our total
against the best other one's (the lowest total wins the match). Every candidate sees the same deals and
the same play-out randomness, so the comparison is paired; it leaves the heuristic's choice only for one
whose paired advantage is `confidence` standard errors above zero (noise from few deals must not overrule
a sound habit). Its work is fixed: `max_samples` deals (`budget` CPU seconds only guard it, see
`games/budget.py`), so it decides the same on an idle or a busy machine. Adding the rest of a rank is not
searched (shedding cards in the same move is never worse in the play-outs), which saves half of the
decisions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.budget import CpuBudget
from games.dvorovoy import fast
from games.dvorovoy.fast import (
    ADD,
    CARD_INT,
    DRAW,
    END,
    FITS,
    JACK,
    JACKS,
    RANK_MASK,
    RANK_OF,
    SIX,
    SUIT,
    SUIT_MASK,
    SUIT_OF,
    VALUE,
    Round,
    action_int,
    action_text,
    points,
)
from games.dvorovoy.rules import LIMIT, DvorovoyView

BUST = 150  # how much worse going over 125 is than the points themselves
MAX_ROLLOUT = 400  # actions in one play-out before the round is scored as it stands
SINGLE = 3.0  # points a card of a rank held alone is worth shedding before a pair (pairs fit more tops)
COVERED = 1.0  # a 6 we can cover goes before the other cards worth nothing


def best_suit(hand: int) -> int:
    """The suit to ask for after a jack: the one we hold most of (more points to shed break ties)."""
    best, best_score = 0, -1
    for s in range(4):
        cards = hand & SUIT_MASK[s] & ~JACKS
        score = 100 * cards.bit_count() + points(cards)
        if score > best_score:
            best, best_score = s, score
    return best


def start_score(hand: int, card: int) -> float:
    """How good it is to start a move with `card` (the cards of its rank following it)."""
    r = RANK_OF[card]
    same = hand & RANK_MASK[r]
    count = same.bit_count()
    if count == hand.bit_count() and r != SIX:
        return 1000.0  # out in one move
    if r == JACK:
        return -1000.0  # the card that fits anything: the last to go
    score = VALUE[card] + 0.01 * r - SINGLE * count
    if r == SIX and hand & ~same & FITS[same.bit_length() - 1]:
        score += COVERED  # a 6 that can be covered sheds two cards in one move: first of the cards worth 0
    return score


def heuristic(hand: int, legal: Sequence[int]) -> int:
    """The heuristic's action for a seat holding `hand` (see the module docstring)."""
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if ADD <= first < SUIT:  # every card of the rank; the one of the suit we hold most of goes last
        keep = best_suit(hand & ~RANK_MASK[RANK_OF[first - ADD]])
        return next((a for a in legal if a < SUIT and SUIT_OF[a - ADD] != keep), first)
    if SUIT <= first < SUIT + 4:
        return SUIT + best_suit(hand)
    plays = [a for a in legal if a < ADD]
    if not plays:
        return DRAW if DRAW in legal else first
    return max(plays, key=lambda a: start_score(hand, a))


def heuristic_choice(view: DvorovoyView, legal: Sequence[str]) -> str:
    """The heuristic's action text for a view."""
    return action_text(heuristic(fast.mask_of(view.hand or []), [action_int(a) for a in legal]))


class HeuristicBot:
    """The heuristic (see the module docstring)."""

    def choose(self, view: DvorovoyView, legal: Sequence[str], rng: random.Random) -> str:
        return heuristic_choice(view, legal)


# -- search -------------------------------------------------------------------------------------------


def standing(total: int) -> float:
    """The worth of a total after a round: fewer points better, over 125 far worse."""
    return -float(total) - (BUST if total > LIMIT else 0.0)


def unseen_world(view: DvorovoyView, rng: random.Random) -> Round:
    """A round consistent with the view: the unseen cards dealt at random (hand sizes kept), the rest the
    stock; the pile is what the view shows of it (the move in progress, or the top card)."""
    me = view.viewer if view.viewer is not None else view.mover
    hand = fast.mask_of(view.hand or [])
    pile = [CARD_INT[c] for c in view.played] if view.played else [CARD_INT[view.top or ""]]
    known = hand | fast.mask_of(view.played) | (1 << pile[-1])
    unseen = fast.cards(((1 << 36) - 1) & ~known)
    rng.shuffle(unseen)
    r = Round.__new__(Round)
    r.n = view.players
    r.burn = view.options.burn
    r.hands = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == me:
            r.hands.append(hand)
            continue
        m = 0
        for c in unseen[:size]:
            m |= 1 << c
        r.hands.append(m)
        del unseen[:size]
    r.stock = unseen
    r.pile = pile
    r.named = fast.SUITS.index(view.named) if view.named else -1
    r.mover = view.mover
    r.played = [CARD_INT[c] for c in view.played]
    r.opening, r.drew = view.opening, view.drew
    r.totals = list(view.totals)
    r.key = str(rng.randrange(2**31))  # the play-outs' own reshuffles
    r.reshuffles = 0
    r.over = False
    r.losers = []
    return r


def play_out(world: Round, me: int, action: int, rng: random.Random) -> float:
    """Apply `action`, play the round out with the heuristic everywhere (a tenth of the moves at random),
    and score where it leaves us."""
    r = world.copy()
    r.apply(action)
    for _ in range(MAX_ROLLOUT):
        if r.over:
            return worth(r.totals, me)
        legal = r.legal()
        r.apply(heuristic(r.hands[r.mover], legal) if rng.random() > 0.1 else rng.choice(legal))
    return worth([t + points(h) for t, h in zip(r.totals, r.hands, strict=True)], me)


def worth(totals: list[int], me: int) -> float:
    """Our standing against the best other one: a match is won by the lowest total (two players: the
    other one)."""
    return standing(totals[me]) - max(standing(t) for i, t in enumerate(totals) if i != me)


class SearchBot:
    """Determinized Monte Carlo over the unseen cards, play-outs by the heuristic (module docstring)."""

    def __init__(self, budget: float | None = 0.5, max_samples: int = 200, confidence: float = 1.0) -> None:
        self.budget = budget
        self.max_samples = max_samples
        self.confidence = confidence
        self.samples = 0  # deals the last decision looked at (0: it needed none)

    def choose(self, view: DvorovoyView, legal: Sequence[str], rng: random.Random) -> str:
        self.samples = 0
        options = [action_int(a) for a in legal]
        preferred = heuristic(fast.mask_of(view.hand or []), options)
        if len(options) == 1 or all(ADD <= a < SUIT or a == END for a in options):
            return action_text(preferred)  # adding the rest of a rank is always worth it: no search
        me = view.viewer if view.viewer is not None else view.mover
        results: dict[int, list[float]] = {a: [] for a in options}
        budget = CpuBudget(self.budget)
        for n in range(1, self.max_samples + 1):
            world = unseen_world(view, rng)
            seed = rng.random()
            for a in options:
                results[a].append(play_out(world, me, a, random.Random(seed)))
            self.samples = n
            if budget.spent():
                break
        best = max(options, key=lambda a: (sum(results[a]), a == preferred))
        if clearly_better(results[best], results[preferred], self.confidence):
            return action_text(best)
        return action_text(preferred)


def clearly_better(a: list[float], b: list[float], z: float) -> bool:
    """Whether the paired differences a − b have a mean above `z` standard errors."""
    n = len(a)
    if n < 3:
        return False
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > z * (var / n) ** 0.5
