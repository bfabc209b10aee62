"""Rozpysnyi search: determinized Monte Carlo on the fast engine, sized to its time budget.

For each sample it deals the cards this seat cannot see to the others (and the stock), consistently with
everything public: hand sizes, the suits each seat showed it lacks, the dealer's shown trump card, and the
bids (a deal in which a seat's own bid looks unlike what its cards would bid is mostly thrown back: see
`Beliefs`). Then it plays every candidate action against that deal to the end of the round with the play
heuristic for everybody (`policy.py`, bitmasks) and keeps, per action, the round score of its seat. The
same deals serve every action (common random numbers), so the differences between actions are measured
with little noise.

The budget is spent where it matters:
- one legal action, or several that are the same (cards of a suit with no unseen card between them, say
  9♥ and 10♥ when the others cannot hold anything in between): answered at once, without sampling;
- candidates that are clearly worse than the best so far (the paired difference over the samples is more
  than `Z` standard errors), or as good within `SAME` points, are dropped as the samples come, and the
  search stops as soon as one is left;
- otherwise it samples until `max_samples` deals: a fixed amount of work, so it decides the same on an
  idle or a busy machine (`budget`, in CPU seconds of the thinking thread, only guards an unusually dear
  position: `games/budget.py`).
Bidding samples the same way: for each bid near the heuristic's estimate it plays the whole round (the
seats still to bid bid as the heuristic would, the dealer keeping the hook; in the dark they bid blind) and
takes the bid with the best mean score. In a dark round it samples its own hand and the trump as well.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from games.budget import CpuBudget
from games.cards import SUITS
from games.rozpysnyi import ai, fast, policy
from games.rozpysnyi.fast import BID, CARD_INT, SUIT_MASK, SUIT_OF
from games.rozpysnyi.rules import RozpysnyiView

Z = 3.0  # standard errors of the paired difference that drop a candidate
FIRST_CHECK = 24  # samples before the first elimination
CHECK_EVERY = 8
SAME = 0.5  # points a game: candidates closer than this to the best (with confidence) are not told apart
MAX_SAMPLES = 800  # deals a decision at most (about 0.5 s of CPU in the dearest positions)


def hidden_mask(view: RozpysnyiView) -> int:
    """Every card that could be out of this seat's sight in the round: the deck less a turned-up trump."""
    mask = fast.deck_mask(view.players)
    if view.trump_card and not view.trump_shown:
        mask &= ~(1 << CARD_INT[view.trump_card])
    return mask


def unseen_mask(view: RozpysnyiView) -> int:
    return hidden_mask(view) & ~fast.mask_of(view.hand or []) & ~fast.mask_of(view.played)


class Sampler:
    """Deals the unseen cards to the other seats (and the stock) consistently with the public facts."""

    def __init__(self, view: RozpysnyiView) -> None:
        self.view = view
        self.seat = view.viewer if view.viewer is not None else 0
        p = view.players
        poker = CARD_INT[view.poker_card] if view.poker_card else -1
        pool = fast.cards(unseen_mask(view))
        fixed = [0] * p
        fixed[self.seat] = fast.mask_of(view.hand or [])
        room = [view.hand_sizes[s] if s != self.seat else 0 for s in range(p)]
        if view.trump_shown and view.trump_card and view.dealer != self.seat:
            tc = CARD_INT[view.trump_card]
            if tc in pool:  # the shown trump is still in the dealer's hand
                fixed[view.dealer] |= 1 << tc
                room[view.dealer] -= 1
                pool.remove(tc)
        voids = [sum(1 << SUITS.index(s) for s in v) for v in view.voids]
        self.allowed = {
            c: [s for s in range(p) if room[s] > 0 and (c == poker or not voids[s] >> SUIT_OF[c] & 1)]
            for c in pool
        }
        # the most constrained cards first, so that the loose ones fill what room is left
        self.pool = sorted(pool, key=lambda c: len(self.allowed[c]))
        self.fixed = fixed
        self.room = room
        self.stock_room = len(pool) - sum(room)
        self.free = all(len(a) == sum(1 for r in room if r > 0) for a in self.allowed.values())

    def sample(self, rng: random.Random, tries: int = 50) -> list[int] | None:
        """Hands (bitmasks) for every seat, our own as it is; None if no consistent deal was found."""
        if self.free:  # nobody showed a void that matters: a plain shuffle
            pool = self.pool[:]
            rng.shuffle(pool)
            hands = self.fixed[:]
            i = 0
            for s, n in enumerate(self.room):
                for c in pool[i : i + n]:
                    hands[s] |= 1 << c
                i += n
            return hands
        for _ in range(tries):
            hands = self.fixed[:]
            room = self.room[:]
            stock = self.stock_room
            ok = True
            for c in self.pool:
                seats = [s for s in self.allowed[c] if room[s] > 0]
                total = sum(room[s] for s in seats) + stock
                if total <= 0:
                    ok = False
                    break
                x = rng.random() * total
                for s in seats:
                    x -= room[s]
                    if x < 0:
                        hands[s] |= 1 << c
                        room[s] -= 1
                        break
                else:
                    stock -= 1
            if ok and not any(room):
                return hands
        return None


class Beliefs:
    """What the bids say about the hands: a seat that bid b probably holds cards the heuristic would bid
    about b with. A sampled deal is kept with probability `KEEP[|heuristic bid − b|]` per seat that has
    bid (with the cards it held when it bid: its hand now and what it has played this round)."""

    KEEP = (1.0, 0.5, 0.15)
    FLOOR = 0.05

    def __init__(self, view: RozpysnyiView, played_by: list[int] | None) -> None:
        self.view = view
        self.seat = view.viewer if view.viewer is not None else 0
        self.played_by = played_by
        self.trump = fast.SUIT_INT[view.trump] if view.trump else -1
        self.guesses: dict[tuple[int, int], int] = {}  # (seat, hand when it bid) → the heuristic's bid
        self.active = (
            played_by is not None and not view.dark_hidden and view.kind != "dark" and view.cards > 1
        )

    def keep(self, hands: list[int], rng: random.Random) -> bool:
        if not self.active:
            return True
        view = self.view
        assert self.played_by is not None
        p = 1.0
        for s in range(view.players):
            bid = view.bids[s]
            if s == self.seat or bid is None or s == view.dealer:
                continue  # the dealer's bid is bent by the hook: too little to go on
            held = hands[s] | self.played_by[s]
            guess = self.guesses.get((s, held))
            if guess is None:
                dist = bid_dist(view, held, self.trump, s)
                guess = self.guesses[s, held] = policy.best_bid(range(view.cards + 1), dist)
            d = abs(guess - bid)
            p *= self.KEEP[d] if d < len(self.KEEP) else self.FLOOR
        return rng.random() < p


def bid_dist(view: RozpysnyiView, hand: int, trump: int, seat: int) -> list[float]:
    """`ai.estimate` for a seat's (sampled) fresh hand, on bitmasks."""
    unseen = hidden_mask(view) & ~hand
    pbit = 1 << CARD_INT[view.poker_card] if view.poker_card else 0
    chances = policy.win_chances(hand, trump, pbit, view.players, unseen, seat == view.dealer)
    return policy.tricks_distribution(chances)


def played_by_seat(view: RozpysnyiView) -> list[int] | None:
    """The cards each seat has played this round, replayed from the public record (None if ambiguous)."""
    if view.phase != "play":
        return [0] * view.players
    poker = view.poker_card
    order = [CARD_INT[c] for c in view.played]
    current = len(view.trick.plays) if view.trick else 0
    done = order[: len(order) - current]
    calls: list[int | None] = [None]
    if poker and CARD_INT[poker] in done:
        calls = [fast.HIGH, fast.LOW, *range(fast.TOP, fast.TOP + 8), *range(fast.DUMP, fast.DUMP + 8)]
    found = None
    for call in calls:
        out = _replay(view, done, call)
        if out is not None:
            if found is not None and found != out:
                return None  # two readings of the poker card's call fit: do not guess
            found = out
    return found


def _replay(view: RozpysnyiView, done: list[int], call: int | None) -> list[int] | None:
    """Who played each finished trick's cards, if the poker card (if any) was played with `call`."""
    p = view.players
    poker = CARD_INT[view.poker_card] if view.poker_card else -1
    r = fast.Round(p, view.cards, view.dealer, [fast.deck_mask(p)] * p, -1, poker, False)
    r.trump = fast.SUIT_INT[view.trump] if view.trump else -1
    r.phase = fast.PLAYING
    r.turn = r.leader = view.dealer
    by = [0] * p
    for i, c in enumerate(done):
        a = c
        if c == poker:
            assert call is not None
            leading = i % p == 0
            if leading != (call >= fast.TOP):
                return None
            a = call
        by[r.turn] |= 1 << c
        r.apply(a)
    if r.tricks != list(view.tricks):
        return None
    leader = view.trick.leader if view.trick and view.trick.plays else None
    if leader is not None and leader != r.turn:
        return None
    return by


def distinct(acts: Sequence[int], unseen: int) -> list[int]:
    """The actions less plain cards that play the same as a lower one kept (no unseen card between them
    in their suit)."""
    out: list[int] = []
    kept_by_suit: dict[int, int] = {}
    for a in sorted(acts):
        if a >= 36:
            out.append(a)
            continue
        s = SUIT_OF[a]
        prev = kept_by_suit.get(s)
        if prev is not None:
            between = SUIT_MASK[s] & ~((2 << prev) - 1) & ((1 << a) - 1)
            if not between & unseen:
                kept_by_suit[s] = a  # same as the previous one: extend its run, keep the lowest
                continue
        out.append(a)
        kept_by_suit[s] = a
    return out


class Tally:
    """Per candidate, the score of every sample while it stayed in; paired eliminations."""

    def __init__(self, candidates: Sequence[int]) -> None:
        self.scores: dict[int, list[float]] = {a: [] for a in candidates}
        self.active = list(candidates)

    def mean(self, a: int) -> float:
        xs = self.scores[a]
        return sum(xs) / len(xs) if xs else -math.inf

    def best(self, prefer: int | None) -> int:
        return max(self.active, key=lambda a: (self.mean(a), a == prefer))

    def prune(self, prefer: int | None) -> None:
        """Drop the candidates clearly worse than the best (by over `Z` standard errors of the paired
        difference) and those as good as it within `SAME` points."""
        top = self.best(prefer)
        keep = []
        for a in self.active:
            if a == top:
                keep.append(a)
                continue
            xs, ys = self.scores[top], self.scores[a]
            n = min(len(xs), len(ys))
            diffs = [xs[i] - ys[i] for i in range(n)]
            m = sum(diffs) / n
            var = sum((d - m) ** 2 for d in diffs) / (n - 1) if n > 1 else math.inf
            se = math.sqrt(var / n)
            if m > 0 and (var == 0 or m > Z * se):
                continue  # clearly worse
            if abs(m) + Z * se < SAME:
                continue  # as good as the best, within a fraction of a point: one of them will do
            keep.append(a)
        self.active = keep


class SearchBot:
    """Determinized Monte Carlo on the fast engine, heuristic play-outs to the end of the round."""

    def __init__(
        self, budget: float | None = 0.5, max_samples: int = MAX_SAMPLES, beliefs: bool = True
    ) -> None:
        self.budget = budget
        self.max_samples = max_samples
        self.beliefs = beliefs
        self.samples = 0  # of the last decision, for benches

    TRIES = 4  # deals drawn at most per sample for the bids to look right (then the last is taken)

    def _more(self, budget: CpuBudget, samples: int, minimum: int) -> bool:
        if samples >= self.max_samples:
            return False
        return samples < minimum or not budget.spent()

    def choose(self, view: RozpysnyiView, legal: Sequence[str], rng: random.Random) -> str:
        self.samples = 0
        if len(legal) == 1:
            return legal[0]
        budget = CpuBudget(self.budget)
        if legal[0].startswith("bid:"):
            return self._bid(view, legal, rng, budget)
        return self._play(view, legal, rng, budget)

    def _worlds(self, view: RozpysnyiView, rng: random.Random):
        """Sampled hands, bids believed; None when no consistent deal turns up."""
        sampler = Sampler(view)
        beliefs = Beliefs(view, played_by_seat(view) if self.beliefs else None)
        while True:
            hands = None
            for _ in range(self.TRIES):
                hands = sampler.sample(rng)
                if hands is None or beliefs.keep(hands, rng):
                    break
            yield hands

    def _play(
        self, view: RozpysnyiView, legal: Sequence[str], rng: random.Random, budget: CpuBudget
    ) -> str:
        seat = view.viewer if view.viewer is not None else 0
        text = {fast.action_int(a): a for a in legal}
        hidden = hidden_mask(view)
        heuristic = fast.action_int(ai.HeuristicBot().choose(view, legal, rng))
        candidates = distinct(list(text), unseen_mask(view))
        if len(candidates) == 1:
            return text[candidates[0]]
        base = fast.round_from_view(view, [0] * view.players)
        tally = Tally(candidates)
        worlds = self._worlds(view, rng)
        samples = 0
        while len(tally.active) > 1 and self._more(budget, samples, 2):
            hands = next(worlds)
            if hands is None:
                break
            for a in tally.active:
                r = base.copy()
                r.hands = hands[:]
                r.apply(a)
                policy.playout(r, hidden)
                tally.scores[a].append(r.points[seat])
            samples += 1
            if samples >= FIRST_CHECK and samples % CHECK_EVERY == 0:
                tally.prune(heuristic)
        self.samples = samples
        if not samples:
            return text[heuristic]
        return text[tally.best(heuristic)]

    def _bid(
        self, view: RozpysnyiView, legal: Sequence[str], rng: random.Random, budget: CpuBudget
    ) -> str:
        seat = view.viewer if view.viewer is not None else 0
        allowed = [int(a.split(":")[1]) for a in legal]
        guess = ai.best_bid(allowed, ai.estimate(view))
        candidates = [b for b in allowed if abs(b - guess) <= 2]
        if len(candidates) == 1:
            return f"bid:{guess}"
        p = view.players
        deck = fast.cards(fast.deck_mask(p))
        hidden = fast.deck_mask(p) if view.dark_hidden else hidden_mask(view)
        blind = ai.estimate(view) if view.dark_hidden else None  # everybody bids blind in the dark
        base = None if view.dark_hidden else fast.round_from_view(view, [0] * p)
        worlds = None if view.dark_hidden else self._worlds(view, rng)
        tally = Tally(candidates)
        samples = 0
        while len(tally.active) > 1 and self._more(budget, samples, 1):
            if worlds is None:
                order = deck[:]
                rng.shuffle(order)
                r0 = fast.round_from_view(view, [], deck=order)
            else:
                hands = next(worlds)
                if hands is None:
                    break
                assert base is not None
                r0 = base.copy()
                r0.hands = hands
            dists = self._others(view, r0, seat, blind)
            for b in tally.active:
                r = r0.copy()
                r.apply(BID + b)
                while r.phase == fast.BIDDING:
                    s = r.turn
                    options = [a - BID for a in r.legal()]
                    r.apply(BID + policy.best_bid(options, dists[s]))
                policy.playout(r, hidden)
                tally.scores[b].append(r.points[seat])
            samples += 1
            if samples >= FIRST_CHECK and samples % CHECK_EVERY == 0:
                tally.prune(guess)
        self.samples = samples
        if not samples:
            return f"bid:{guess}"
        return f"bid:{tally.best(guess)}"

    @staticmethod
    def _others(
        view: RozpysnyiView, r: fast.Round, seat: int, blind: list[float] | None
    ) -> dict[int, list[float]]:
        """The heuristic's trick distribution for each seat still to bid after us, on its sampled cards."""
        out: dict[int, list[float]] = {}
        for s in range(view.players):
            if s == seat or view.bids[s] is not None:
                continue
            out[s] = blind if blind is not None else bid_dist(view, r.hands[s], r.trump, s)
        return out
