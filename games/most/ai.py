"""AI players for Most. They see only their seat's view (or, inside the search, the same facts of a sampled
world) and answer with an action text; melds longer than three cards are built here, checked by the rules.

Both work on the fast engine's ints (`fast.py`: a hand is a bitmask, a meld entry one int), so the same
heuristic decides for `HeuristicBot` (from the engine's picture of the view, `deal_of_view`) and inside the
search's play-outs.

`HeuristicBot`, one step of the turn at a time:
- draw: take from the bridge when the chosen card makes a meld (extended with the hand) worth more than
  what the other taken cards may cost in hand (their values, weighed by how near the end is), plus the
  melds they complete; else draw from the deck;
- meld the taken card first, in its most valuable meld; then swap any joker it holds the real card of;
  meld early (the most valuable meld first; jokers go into melds whenever they make one); lay off every
  card that fits (jokers too once the end is near: never −100 in hand);
- discard the card that costs most to keep and helps least: its value against how many cards of the hand
  it works with, avoiding what the next player is collecting (the cards everyone saw them take or lay
  off), and a joker only when the end is near and it cannot be played.

`SearchBot` is determinized sampling: at the decisions that matter (draw or take; which card to discard)
it deals the unseen cards at random into the other hands and the deck (the cards everyone saw a player
take stay in that hand), plays each candidate and then the game to its end with heuristic players, and
picks the candidate with the best mean final margin (own game points minus the best other's). Every
candidate sees the same worlds (paired comparison), and a candidate whose paired difference to the leader
is clearly negative (over `RACE_Z` standard errors, after `RACE_WORLDS` worlds) is no longer played out
(`games.budget.Race`): the worlds go to the options still in doubt, up to `max_samples` (100; 40 for all
options before: on 128 positions of heuristic games, each option's value from 200 other worlds, the race
lost 1.05–1.48 points a decision to the best option at about 245 play-outs, 40 worlds for all lost
1.50–2.23 at 145, 200 worlds for all 1.18–1.41 at 723). Its work depends only on the worlds, so it decides
the same on an idle or a busy machine; `budget` (CPU seconds of the thinking thread, read between worlds:
`games/budget.py`) only guards an unusually dear position; stopped by it before `MIN_WORLDS` worlds, it
plays the heuristic's move, so a tiny budget never plays worse than the heuristic.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.budget import CpuBudget, Race
from games.cards import make_deck
from games.most import fast
from games.most.fast import (
    CARD_INT,
    DISCARD,
    DRAW,
    LAY,
    MELD,
    REAL,
    SWAP,
    TAKE,
    VALUE,
    X1,
    X2,
    Deal,
    action_of,
    action_text,
    card_mask,
    cards,
    extended,
    layoff_cards,
    penalty,
    physical,
)
from games.most.melds import SHAPES
from games.most.rules import MostView

TAKE_MARGIN = 6.0  # what a take must be worth over a blind draw

SHAPE_CARDS = [tuple(CARD_INT[c] for c in sh) for sh in SHAPES]  # the 52 runs, then the 52 sets
SHAPE_MASK = [sum(1 << c for c in sh) for sh in SHAPE_CARDS]
SUIT_BITS = (1 << 13) - 1
SUIT_FIRST = sum(1 << 13 * s for s in range(4))  # each suit's 2
RUN_STARTS = sum(((1 << 11) - 1) << 13 * s for s in range(4))  # 2…K: a run from there stays in the suit
SHAPES_OF = [[k for k, sh in enumerate(SHAPE_CARDS) if c in sh] for c in range(52)]  # in `SHAPES` order


def _near(c: int, steps: tuple[int, ...]) -> int:
    s, r = divmod(c, 13)
    return sum(1 << (13 * s + (r + d) % 13) for d in steps)


MATES = [sum(1 << (13 * s + c % 13) for s in range(4)) & ~(1 << c) for c in range(52)]  # its rank
NEAR1 = [_near(c, (1, -1)) for c in range(52)]  # its suit, one step away (the ace links K and 2)
NEAR2 = [_near(c, (2, -2)) for c in range(52)]
REACH = [MATES[c] | NEAR1[c] | NEAR2[c] for c in range(52)]  # the cards a meld of c could hold


# -- what a seat sees --------------------------------------------------------------------------------


def deal_of_view(view: MostView) -> Deal:
    """The engine's picture of what a seat sees: its own hand, the table and the known cards (the other
    hands hold only their known cards, the deck nothing: `near_end` reads their sizes from the view)."""
    assert view.viewer is not None and view.hand is not None
    d = Deal.__new__(Deal)
    d.n = view.players
    d.turn, d.draw = view.turn, view.phase == "draw"
    d.known = [fast.mask_of(k) for k in view.known]
    d.hands = [k for k in d.known]
    d.hands[view.viewer] = fast.mask_of(view.hand)
    d.deck = []
    d.set_table(view)
    return d


def near_end(deck: int, sizes: Sequence[int], seat: int) -> bool:
    """The deck nearly drawn, or another player down to two cards: what stays in hand will soon count."""
    return deck <= 2 * len(sizes) or min(n for s, n in enumerate(sizes) if s != seat) <= 2


def view_near_end(view: MostView) -> bool:
    assert view.viewer is not None
    return near_end(view.deck, view.hand_sizes, view.viewer)


def deal_near_end(d: Deal, seat: int) -> bool:
    """`near_end` of an engine deal (the play-outs ask it every step: no list of sizes)."""
    if len(d.deck) <= 2 * d.n:
        return True
    return any(s != seat and h.bit_count() <= 2 for s, h in enumerate(d.hands))


# -- melds from a hand ----------------------------------------------------------------------------


def small_melds(hand: int, visible: int, must: int = -1) -> list[tuple[bool, list[int]]]:
    """The three-card melds this hand can make (one way each, jokers only where a card is missing), those
    holding `must` only when it is given: `melds.small_melds` on bitmasks, as (run?, entries)."""
    if not hand >> 52:  # no joker (most calls, most of them finding nothing): every card of a meld in hand
        if must >= 0:
            return [
                (k < 52, list(SHAPE_CARDS[k]))
                for k in SHAPES_OF[must]
                if not SHAPE_MASK[k] & ~hand and not SHAPE_MASK[k] & visible
            ]
        if not any_three(hand):
            return []
    jokers = [j for j in (X1, X2) if hand >> j & 1]
    if must >= 52:
        jokers = [must, *[j for j in jokers if j != must]]
        candidates: list[int] = list(dict.fromkeys(k for c in cards(hand & REAL) for k in SHAPES_OF[c]))
    elif must >= 0:
        candidates = SHAPES_OF[must]
    else:
        candidates = list(dict.fromkeys(k for c in cards(hand & REAL) for k in SHAPES_OF[c]))
    out = []
    for k in candidates:
        m = SHAPE_MASK[k]
        if m & visible or (m & ~hand).bit_count() > len(jokers):
            continue
        entries, free = [], 0
        for c in SHAPE_CARDS[k]:
            if hand >> c & 1:
                entries.append(c)
            else:
                entries.append(c + 52 * (jokers[free] - 51))
                free += 1
        if must >= 52 and not any(physical(e) == must for e in entries):
            continue
        out.append((k < 52, entries))
    return out


def any_three(hand: int) -> bool:
    """Whether the real cards of `hand` hold three of a rank or three in a row of a suit (the ace links K
    and 2): a quick test before looking for the melds themselves."""
    r = hand & REAL
    if r & r >> 1 & r >> 2 & RUN_STARTS or r & r >> 12 & (r >> 11 | r >> 1) & SUIT_FIRST:
        return True
    a, b, c, d = r & SUIT_BITS, r >> 13 & SUIT_BITS, r >> 26 & SUIT_BITS, r >> 39
    return bool(a & b & (c | d) | c & d & (a | b))


def grow(run: bool, entries: list[int], hand: int, visible: int) -> list[int]:
    """A meld extended with every real card of `hand` that fits it (ends of a run, missing suits)."""
    order = entries
    used = 0
    for e in entries:
        used |= 1 << physical(e)
    free = hand & ~used & ~visible
    grown = True
    while grown:
        grown = False
        for card in layoff_cards(run, order):
            if free >> card & 1:
                longer = extended(run, order, card)
                if longer is not None:
                    order, grown = longer, True
                    free &= ~(1 << card)
    return order


def meld_worth(entries: Sequence[int]) -> float:
    """Points laid, plus a little per card shed (each card out of the hand is one less to pay for)."""
    return sum(VALUE[e] for e in entries if e < 52) + 2.0 * len(entries)


def best_meld(hand: int, visible: int, must: int = -1) -> list[int] | None:
    """The most valuable meld the hand can lay down now (holding `must` if given), keeping a card."""
    best, best_key = None, None
    size = hand.bit_count()
    for run, small in small_melds(hand, visible, must):
        order = grow(run, small, hand, visible)
        if len(order) >= size:  # keep one card to discard: trim an end that is not `must`
            if len(order) == 3:
                continue
            ends = (len(order) - 1, 0) if run else range(len(order))
            drop = next(i for i in ends if physical(order[i]) != must)
            order = order[:drop] + order[drop + 1 :]
        key = (meld_worth(order), -sum(e >= 52 for e in order))
        if best_key is None or key > best_key:
            best, best_key = order, key
    return best


def mask(entries: Sequence[int], physical_cards: bool = True) -> int:
    """The cards of meld entries: those they are made of (or, if not `physical_cards`, stand for); the
    bridge's bare cards: `card_mask`."""
    m = 0
    for e in entries:
        m |= 1 << (physical(e) if physical_cards else e % 52)
    return m


def works_with(card: int, hand: int) -> float:
    """How many cards of `hand` this card could meld with (same rank, or one suit within two steps)."""
    if card >= 52:
        return 3.0
    return (
        (hand & MATES[card]).bit_count()
        + (hand & NEAR1[card]).bit_count()
        + 0.5 * (hand & NEAR2[card]).bit_count()
    )


def collecting(d: Deal, seat: int) -> int:
    """The cards that show what `seat` collects: those everyone saw it take, and those it laid."""
    return (d.known[seat] & REAL) | d.laid_by[seat]


# -- the heuristic --------------------------------------------------------------------------------


class Stuck(Exception):
    """The heuristic finds no meld for the card taken from the bridge that keeps a card to discard (a take
    it would not have made: a person's, or one of the search's candidates, which try every legal take)."""


def heuristic(d: Deal, seat: int, end: bool) -> tuple:
    """The heuristic's action for `seat` (legal by construction); `end`: `near_end` for it."""
    if d.draw:
        return choose_take(d, seat, end) or (DRAW,)
    visible = d.table()
    if d.pending >= 0:
        meld = best_meld(d.hands[seat], visible, d.pending)
        if meld is None:
            raise Stuck
        return (MELD, tuple(meld))
    stands = d.jokers()
    return play_step(d, seat, visible, end, stands) or best_discard(d, seat, end, stands)


def play_step(d: Deal, seat: int, visible: int, end: bool, stands: dict | None = None) -> tuple | None:
    """A swap, a meld or a lay-off worth making now, or None (then: discard); `stands`: `d.jokers()`."""
    hand = d.hands[seat]
    if d.wild:
        if stands is None:
            stands = d.jokers()
        for card in cards(hand & REAL):
            if card in stands:
                return (SWAP, card)
    size = hand.bit_count()
    if size >= 4:
        meld = best_meld(hand, visible)
        if meld is not None:
            return (MELD, tuple(meld))
    if size >= 2 and any(m.owner == seat for m in d.melds):
        best: tuple | None = None
        best_value = -1.0
        jokers = [j for j in (X1, X2) if hand >> j & 1]
        for i, m in enumerate(d.melds):
            for card in m.fits:
                if visible >> card & 1:
                    continue
                if hand >> card & 1 and VALUE[card] > best_value:
                    best, best_value = (LAY, card, i), float(VALUE[card])
                if jokers and best is None and (end or size <= 3):
                    best, best_value = (LAY, card + 52 * (jokers[0] - 51), i), 0.0
        if best is not None:
            return best
    return None


def choose_discard(d: Deal, seat: int, end: bool) -> list[tuple]:
    """Discards from the best to the worst."""
    scored = discard_costs(d, seat, end)
    scored.sort(key=lambda x: -x[0])
    return [(DISCARD, c) for _, c in scored]


def best_discard(d: Deal, seat: int, end: bool, stands: dict | None = None) -> tuple:
    """`choose_discard`'s first (the play-outs need no more)."""
    best, best_cost = -1, 0.0
    for cost, card in discard_costs(d, seat, end, stands):
        if best < 0 or cost > best_cost:
            best, best_cost = card, cost
    return (DISCARD, best)


def discard_costs(d: Deal, seat: int, end: bool, stands: dict | None = None) -> list[tuple[float, int]]:
    """What each card the hand may discard costs to keep and helps least, in the hand's order (a joker
    standing on the table for a card held: that card may not go)."""
    hand = d.hands[seat]
    if stands is None:
        stands = d.jokers()
    nxt = (seat + 1) % d.n
    wanted = collecting(d, nxt)
    later = 0
    for s in range(d.n):
        if s not in (seat, nxt):
            later |= collecting(d, s)
    scored = []
    weight = 2.0 if end else 1.0
    for card in cards(hand):
        if card in stands:
            continue
        if card >= 52:
            cost = 60.0 if end else -200.0  # hold it while it may still be played; never in hand at the end
        else:
            cost = VALUE[card] * weight - 8.0 * works_with(card, hand)
            if wanted or later:  # (two players have no `later`, and early on nobody collects anything)
                cost -= 12.0 * works_with(card, wanted) + 3.0 * works_with(card, later)
        scored.append((cost, card))
    return scored


def choose_take(d: Deal, seat: int, end: bool) -> tuple | None:
    """The take worth most over a blind draw, or None."""
    best, best_score = None, TAKE_MARGIN
    hand = d.hands[seat]
    before = d.laid  # the table less the bridge from the card taken on
    bridge = d.bridge
    tails = [0] * (len(bridge) + 1)  # tails[k]: the cards of the bridge from its card #k + 1
    for k in range(len(bridge) - 1, -1, -1):
        tails[k] = tails[k + 1] | 1 << bridge[k]
    for k, first in enumerate(bridge, start=1):
        taken = tails[k - 1]
        full = hand | taken
        if full.bit_count() >= 4 and (
            full >> 52 or first >= 52 or (full & ~before & REACH[first]).bit_count() >= 2
        ):  # (no joker: a meld of `first` needs two cards of its rank or its suit nearby, not on the table)
            meld = best_meld(full, before, first)
            if meld is not None:
                score, rest = meld_worth(meld), full & ~mask(meld)
                second = best_meld(rest, before | mask(meld, False)) if rest.bit_count() >= 4 else None
                if second is not None:
                    score += meld_worth(second)
                    rest &= ~mask(second)
                extra = taken & ~(1 << first) & rest
                bonus = 4.0 * sum(works_with(c, rest) for c in cards(extra))
                score -= (1.0 if end else 0.4) * penalty(extra) - bonus
                if score > best_score:
                    best, best_score = (TAKE, k), score
        if first < 52:
            before |= 1 << first
    return best


class HeuristicBot:
    """Takes, melds, lays off and discards by the rules of thumb of the module docstring."""

    def choose(self, view: MostView, legal: Sequence[str], rng: random.Random) -> str:
        assert view.viewer is not None
        try:
            return action_text(heuristic(deal_of_view(view), view.viewer, view_near_end(view)))
        except Stuck:  # a person took such a card and left the move to the AI: a meld the rules offer
            return next((a for a in legal if a.startswith("meld:")), legal[0])


# -- the search -----------------------------------------------------------------------------------

ALL = [CARD_INT[c] for c in make_deck(54)]


def unseen_world(view: MostView, rng: random.Random) -> Deal:
    """A game consistent with the view: other hands keep their known cards, the rest dealt at random."""
    d = deal_of_view(view)
    seat = view.viewer
    fixed = d.hands[seat] | card_mask(d.bridge) | mask([e for m in d.melds for e in m.entries])
    for s in range(d.n):
        fixed |= d.known[s]
    pool = [c for c in ALL if not fixed >> c & 1]
    rng.shuffle(pool)
    for s in range(d.n):
        if s == seat:
            continue
        need = view.hand_sizes[s] - d.known[s].bit_count()
        for c in pool[:need]:
            d.hands[s] |= 1 << c
        del pool[:need]
    d.deck = pool[: view.deck]
    return d


def play_out(d: Deal, seat: int, limit: int = 2000) -> float:
    """Heuristic players to the end of this game; `seat`'s margin over the best other player."""
    for _ in range(limit):
        if d.over:
            break
        s = d.turn
        try:
            d.apply(s, heuristic(d, s, deal_near_end(d, s)))
        except Stuck:
            break  # a take the heuristic cannot follow (rare): scored where it stands
    points = d.scores()
    return points[seat] - max(p for i, p in enumerate(points) if i != seat)


MIN_WORLDS = 2  # worlds the search needs before it may overrule the heuristic
MAX_SAMPLES = 100  # worlds a decision at most
RACE_WORLDS = 16  # worlds before an option clearly behind is dropped
RACE_Z = 2.0  # "clearly behind": the paired mean difference over this many standard errors


class SearchBot:
    """Determinized sampling over the draw/take and discard decisions (see the module docstring)."""

    def __init__(
        self,
        budget: float | None = 0.5,
        max_samples: int = MAX_SAMPLES,
        max_discards: int = 4,
        min_worlds: int = RACE_WORLDS,
        z: float = RACE_Z,
    ) -> None:
        self.budget = budget
        self.max_samples = max_samples
        self.min_worlds, self.z = min_worlds, z
        self.max_discards = max_discards
        self.samples = 0  # worlds the last decision looked at (0: it needed none)

    def choose(self, view: MostView, legal: Sequence[str], rng: random.Random) -> str:
        self.samples = 0
        assert view.viewer is not None
        seat = view.viewer
        d = deal_of_view(view)
        end = view_near_end(view)
        try:
            preferred = action_text(heuristic(d, seat, end))
        except Stuck:
            return HeuristicBot().choose(view, legal, rng)
        candidates = self.candidates(d, seat, end, legal, preferred)
        if len(candidates) < 2:
            return preferred
        actions = [action_of(c) for c in candidates]
        race = Race(len(candidates), self.min_worlds, self.z)
        budget = CpuBudget(self.budget)
        n = 0
        while n < self.max_samples and not race.settled() and not budget.spent():
            world = unseen_world(view, rng)
            results = {}
            for i in race.active:
                trial = world.copy()
                trial.apply(seat, actions[i])
                results[i] = play_out(trial, seat)
            race.add(results)
            n += 1
        self.samples = n
        if n < MIN_WORLDS:
            return preferred  # the clock stopped it before there was anything to compare
        return candidates[race.leader()]

    def candidates(self, d: Deal, seat: int, end: bool, legal: Sequence[str], preferred: str) -> list[str]:
        """The heuristic's choice first, then: every take or the draw; or (once the taken card is
        melded) the best discards, every lay-off and swap — so holding back a lay-off, or not going out,
        is weighed too."""
        if d.draw:
            return list(dict.fromkeys([preferred, *legal]))[: self.max_discards + 2]
        if d.pending >= 0:
            return [preferred]
        texts = [action_text(a) for a in choose_discard(d, seat, end)]
        discards = [a for a in texts if a in legal][: self.max_discards]
        steps = [a for a in legal if a.startswith(("lay:", "swap:"))][:4]
        return list(dict.fromkeys([preferred, *discards, *steps]))
