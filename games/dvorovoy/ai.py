"""Dvorovoy bridge AI. It reads only what the source's contest gave each program.

That is: the number of players, each player's card count and total, the top card (and the suit a jack
asked for), the card values, its own hand and the cards it has put down in the move it is making, and what
may be played now (the legal actions). The search also copies what rebuilds the move in progress for
its imagined deals (the options, whether it has drawn, the dealer); nothing else of the view is read
(not the last move's hits).

`HeuristicBot` scores each card it may start a move with, as the issue asks:
- shed high cards early: a card's points, and the points of the cards of its rank that will follow it;
- save jacks (20 points, and they go on anything) while the hand is big and nobody is near the end; play a
  6 only with a card to cover it;
- load the next player when they are close to going out: an 8, a 7 or an ace is worth more then, and
  most when it finishes our own hand;
- steer the total away from the bust: the nearer it is to 125, the more shedding points counts (and
  the less saving a jack does); a hand worth exactly what makes 125 (which burns to 0) is kept.
Within a move it adds every card of the rank (the last one of the suit it holds most of), covers a 6
with the best card, and after a jack asks for the suit it holds most of. With nothing to play it draws.

`SearchBot` is determinized Monte Carlo: for each decision it deals the unseen cards at random into the
other hands (their sizes are known) and the stock, applies each candidate action with the real rules,
and plays the round out with every seat following the heuristic. A round's end is scored by the totals
it leaves (over 125 is a heavy loss, 125 burned counts as 0): our total against the best other one's
(the lowest total wins the match). Every candidate sees the same deals and the same play-out randomness,
so the comparison is paired; it leaves the heuristic's choice only for one whose paired advantage is
`confidence` standard errors above zero (noise from few deals must not overrule a sound habit). It stops
after `max_samples` deals or `budget` seconds (checked between deals), and is deterministic given its
random generator when the sample cap comes first. Adding the rest of a rank is not searched (shedding
cards in the same move is never worse in the play-outs), which saves half of the decisions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import SUITS, make_deck, rank, suit
from games.dvorovoy.rules import (
    LIMIT,
    DvorovoyRules,
    DvorovoyState,
    DvorovoyView,
    clone,
    covers,
    points,
    value,
)

BUST = 150  # how much worse going over 125 is than the points themselves
MAX_ROLLOUT = 400  # actions in one play-out before the round is scored as it stands
RULES = DvorovoyRules()  # the play-outs' engine: the rules alone


@dataclass
class Seen:
    """What a seat may know when it decides (the contest's information)."""

    me: int
    hand: list[str]
    top: str
    named: str | None
    played: list[str]
    opening: bool
    sizes: list[int]
    totals: list[int]
    burn: bool


def seen_from_view(view: DvorovoyView) -> Seen:
    me = view.viewer if view.viewer is not None else view.mover
    return Seen(
        me=me,
        hand=list(view.hand or []),
        top=view.top or "",
        named=view.named,
        played=list(view.played),
        opening=view.opening,
        sizes=list(view.hand_sizes),
        totals=list(view.totals),
        burn=view.options.burn,
    )


def seen_from_state(state: DvorovoyState) -> Seen:
    me = state.mover
    return Seen(
        me=me,
        hand=state.hands[me],
        top=state.pile[-1],
        named=state.named,
        played=state.played,
        opening=state.opening,
        sizes=[len(h) for h in state.hands],
        totals=state.totals,
        burn=state.options.burn,
    )


def best_suit(hand: Sequence[str]) -> str:
    """The suit to ask for after a jack: the one we hold most of (more points to shed break ties)."""
    score = dict.fromkeys(SUITS, 0)
    for c in hand:
        if rank(c) != "J":
            score[suit(c)] += 100 + value(c)
    return max(SUITS, key=lambda s: score[s])


def pressure(seen: Seen) -> float:
    """0 far from 125, up to 1 when the hand's points would bust us."""
    at_risk = seen.totals[seen.me] + points(seen.hand)
    return max(0.0, min(1.0, (at_risk - 60) / (LIMIT - 60)))


def start_score(seen: Seen, card: str) -> float:
    """How good it is to start a move with `card` (the cards of its rank following it)."""
    hand, me, n = seen.hand, seen.me, len(seen.sizes)
    same = [c for c in hand if rank(c) == rank(card)]
    nxt = seen.sizes[(me + 1) % n]
    nearest = min(s for i, s in enumerate(seen.sizes) if i != me)
    r = rank(card)
    score = (1.0 + pressure(seen)) * sum(value(c) for c in same) + 3.0 * len(same)
    if r in ("7", "8", "A"):
        weight = {"7": 3.0, "8": 10.0, "A": 5.0}[r]
        score += weight * len(same) * (2.0 if nxt <= 2 else 1.0)
    if r == "J" and len(hand) > 2 and nearest > 2:
        score -= 30.0 * (1.0 - pressure(seen))
    if r == "6":
        rest = [c for c in hand if c not in same]
        score += 2.0 if any(covers(c, same[-1]) for c in rest) else -15.0
    if len(same) == len(hand) and r != "6":
        score += 100.0  # out in one move
    total = seen.totals[me]
    if seen.burn and total + points(hand) == LIMIT and total + points(hand) - points(same) != LIMIT:
        score -= 20.0  # this hand would burn to 0 if the round ended now
    return score


def heuristic_choice(seen: Seen, legal: Sequence[str]) -> str:
    if len(legal) == 1:
        return legal[0]
    adds = [a for a in legal if a.startswith("add:")]
    if adds:  # every card of the rank; the one of the suit we hold most of goes last
        keep = best_suit([c for c in seen.hand if rank(c) != rank(adds[0][4:])])
        return min(adds, key=lambda a: suit(a[4:]) == keep)
    if any(a.startswith("suit:") for a in legal):
        return f"suit:{best_suit(seen.hand)}"
    plays = [a for a in legal if a.startswith("play:")]
    if not plays:
        return "draw" if "draw" in legal else legal[0]
    if seen.played:  # covering a 6: the card we would most like to start with
        return max(plays, key=lambda a: start_score(seen, a[5:]))
    best = max(plays, key=lambda a: start_score(seen, a[5:]))
    only_jacks = all(rank(a[5:]) == "J" for a in plays)
    nearest = min(s for i, s in enumerate(seen.sizes) if i != seen.me)
    if only_jacks and len(seen.hand) >= 4 and nearest > 2 and pressure(seen) < 0.5 and "draw" in legal:
        return "draw"  # keep the jack: one card is cheaper than losing the joker of the game
    return best


class HeuristicBot:
    """The issue's heuristic (see the module docstring)."""

    def choose(self, view: DvorovoyView, legal: Sequence[str], rng: random.Random) -> str:
        return heuristic_choice(seen_from_view(view), list(legal))


# -- search -------------------------------------------------------------------------------------------


def standing(total: int) -> float:
    """The worth of a total after a round: fewer points better, over 125 far worse."""
    return -float(total) - (BUST if total > LIMIT else 0.0)


def unseen_world(view: DvorovoyView, rng: random.Random) -> DvorovoyState:
    """A full state consistent with the view: the unseen cards dealt at random (hand sizes kept)."""
    me = view.viewer if view.viewer is not None else view.mover
    known = set(view.hand or []) | set(view.played) | ({view.top} if view.top else set())
    unseen = [c for c in make_deck(36) if c not in known]
    rng.shuffle(unseen)
    hands: list[list[str]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == me:
            hands.append(list(view.hand or []))
        else:
            hands.append(unseen[:size])
            del unseen[:size]
    pile = list(view.played) if view.played else [view.top or ""]
    return DvorovoyState(
        players=view.players,
        seed=rng.randrange(2**31),
        options=view.options.model_copy(),
        dealer=view.dealer,
        round_no=view.round_no,
        hands=hands,
        stock=unseen,
        pile=pile,
        named=view.named,
        mover=view.mover,
        played=list(view.played),
        opening=view.opening,
        drew=view.drew,
        totals=list(view.totals),
    )


def play_out(world: DvorovoyState, me: int, action: str, rng: random.Random) -> float:
    """Apply `action`, play the round out with the heuristic everywhere, and score where it leaves us."""
    state = clone(world)
    events = RULES._apply(state, me, action)
    for _ in range(MAX_ROLLOUT):
        for e in events:
            if e.kind == "round_scored":
                return _worth(e.data["totals"], me)
        if state.over:
            break
        mover = state.mover
        legal = RULES.legal_actions(state, mover)
        choice = heuristic_choice(seen_from_state(state), legal) if rng.random() > 0.1 else rng.choice(legal)
        events = RULES._apply(state, mover, choice)
    totals = [t + points(h) for t, h in zip(state.totals, state.hands, strict=True)]
    return _worth(totals, me)


def _worth(totals: list[int], me: int) -> float:
    """Our standing against the best other one: a match is won by the lowest total (two players: the
    other one)."""
    return standing(totals[me]) - max(standing(t) for i, t in enumerate(totals) if i != me)


class SearchBot:
    """Determinized Monte Carlo over the unseen cards, play-outs by the heuristic (module docstring)."""

    def __init__(self, budget: float = 1.0, max_samples: int = 200, confidence: float = 1.0) -> None:
        self.budget = budget
        self.max_samples = max_samples
        self.confidence = confidence

    def choose(self, view: DvorovoyView, legal: Sequence[str], rng: random.Random) -> str:
        options = list(legal)
        seen = seen_from_view(view)
        preferred = heuristic_choice(seen, options)
        if len(options) == 1 or all(a.startswith("add:") or a == "end" for a in options):
            return preferred  # adding the rest of a rank is always worth it: no search
        me = seen.me
        worth: dict[str, list[float]] = {a: [] for a in options}
        deadline = time.perf_counter() + self.budget
        for _ in range(self.max_samples):
            world = unseen_world(view, rng)
            seed = rng.random()
            for action in options:
                worth[action].append(play_out(world, me, action, random.Random(seed)))
            if time.perf_counter() >= deadline:
                break
        best = max(options, key=lambda a: (sum(worth[a]), a == preferred))
        return best if clearly_better(worth[best], worth[preferred], self.confidence) else preferred


def clearly_better(a: list[float], b: list[float], z: float) -> bool:
    """Whether the paired differences a − b have a mean above `z` standard errors."""
    n = len(a)
    if n < 3:
        return False
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > z * (var / n) ** 0.5
