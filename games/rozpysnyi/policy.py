"""The play heuristic of `ai.py` on the fast engine's bitmasks, for the search's play-outs.

`choose(r, legal, hidden, voids)` picks what `ai.choose_play` would in the same situation (same rules of
thumb, same tie-breaks: cards are tried in the order a hand is sorted, trumps last), at a fraction of the
cost; `tests/games/test_rozpysnyi_search.py` checks the two agree on random positions. `hidden` is the
set of cards that were ever unseen in the round (the deck less the turned-up trump card): what the mover
cannot see is `hidden` less its hand and the played cards. `voids` (or None) are the suits each seat
showed it lacks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from games.rozpysnyi.fast import ABOVE, DUMP, HIGH, LOW, RANK_OF, SUIT_MASK, SUIT_OF, TOP, Round, round_points
from games.rozpysnyi.fast import cards as fast_cards

ORDERS = {t: tuple([s for s in range(4) if s != t] + ([t] if t >= 0 else [])) for t in range(-1, 4)}


def _order(cards: Sequence[int], trump: int) -> list[int]:
    """Cards in the order the rules list them: suit by suit (S H D C, trumps last), low to high."""
    if trump < 0:
        return list(cards)
    return [c for c in cards if SUIT_OF[c] != trump] + [c for c in cards if SUIT_OF[c] == trump]


def choose(r: Round, legal: Sequence[int], hidden: int, voids: list[int] | None = None) -> int:
    """The heuristic's play: aim at the bid exactly, win cheaply while short, duck once there."""
    seat = r.turn
    hand = r.hands[seat]
    pbit = r.pbit
    trump = r.trump
    unseen = hidden & ~r.played & ~hand & ~pbit  # unseen plain cards
    has_poker = bool(hand & pbit)
    # suit by suit, low to high: strengths (trumps +20) never tie across the trump line, so this order
    # breaks ties as the rules' (trumps last) does; `_lead` reorders where it matters
    plain = [a for a in legal if a < 36] if has_poker else legal
    need = r.bids[seat] - r.tricks[seat]
    ctx = (r, unseen, voids)
    if not plain:
        if not r.nplay:
            return _top_call(r, hand) if need > 0 else _dump_call(r, unseen)
        return HIGH if need > 0 else LOW
    if not r.nplay:
        return _lead(ctx, plain, has_poker, need, hand)
    best = r.best
    led = r.led
    winners, losers = [], []
    for c in plain:
        s = SUIT_OF[c]
        power = 200 + RANK_OF[c] if s == trump else 100 + RANK_OF[c] if s == led else -1
        (winners if power > best else losers).append(c)
    last = r.nplay == r.p - 1
    if need > 0:
        return _take(ctx, winners, plain, has_poker, last, need, hand)
    if losers:
        return _extreme(losers, trump, True)
    if has_poker:
        return LOW
    return _extreme(winners, trump, last)


def _extreme(cards: Sequence[int], trump: int, highest: bool) -> int:
    """The first card of the highest (or lowest) strength, as `max`/`min` over the list would give."""
    pick = cards[0]
    key = RANK_OF[pick] + (20 if SUIT_OF[pick] == trump else 0)
    for c in cards[1:]:
        k = RANK_OF[c] + (20 if SUIT_OF[c] == trump else 0)  # the heuristic's strength: trumps above
        if (k > key) if highest else (k < key):
            pick, key = c, k
    return pick


def _higher(c: int, unseen: int) -> int:
    return (unseen & ABOVE[c]).bit_count()


def _sure(ctx: tuple, c: int) -> bool:
    """No later player in this trick can beat this card (the poker card aside)."""
    r, unseen, voids = ctx
    p = r.p
    nplay = r.nplay
    if nplay >= p - 1:
        return True
    trump = r.trump
    s = SUIT_OF[c]
    led = r.led if nplay else s
    if voids is None:  # the play-outs: nobody is known to lack anything
        if unseen & ABOVE[c]:
            return False
        if trump < 0 or s == trump or not unseen & SUIT_MASK[trump]:
            return True
        return led == trump or (unseen & SUIT_MASK[led]).bit_count() >= 2 * (p - 1 - nplay)
    later = [(r.leader + i) % p for i in range(nplay + 1, p)]
    if unseen & ABOVE[c] and any(not voids[q] >> s & 1 for q in later):
        return False
    if trump < 0 or s == trump or not unseen & SUIT_MASK[trump]:
        return True
    if any(not voids[q] >> trump & 1 and voids[q] >> led & 1 for q in later):
        return False  # a later seat known to lack the led suit may hold a trump
    return led == trump or (unseen & SUIT_MASK[led]).bit_count() >= 2 * len(later)


def _take(
    ctx: tuple, winners: list[int], plain: Sequence[int], has_poker: bool, last: bool, need: int, hand: int
) -> int:
    r, unseen, _voids = ctx
    trump = r.trump
    must_all = need >= hand.bit_count()
    if winners:
        if last:
            return _extreme(winners, trump, False)
        safe = [c for c in winners if _sure(ctx, c)]
        if safe:
            return _extreme(safe, trump, False)
        if has_poker and must_all:
            return HIGH
        return _extreme(winners, trump, True)
    if has_poker and (must_all or need > _likely_winners(hand & ~r.pbit, unseen, trump)):
        return HIGH
    return _extreme(plain, trump, False)


def _likely_winners(plain_hand: int, unseen: int, trump: int) -> int:
    """Cards (the poker card aside) that look like tricks later: masters and high trumps."""
    n = 0
    m = plain_hand
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        h = (unseen & ABOVE[c]).bit_count()
        if h == 0 or (SUIT_OF[c] == trump and h <= 1):
            n += 1
    return n


def _top_call(r: Round, hand: int) -> int:
    """«За старшим» in trumps, else in our longest suit."""
    if r.trump >= 0:
        return TOP + r.trump
    plain = hand & ~r.pbit
    counts = [(plain & SUIT_MASK[s]).bit_count() for s in range(4)]
    return TOP + counts.index(max(counts))


def _dump_call(r: Round, unseen: int) -> int:
    """«Зливаю» into the side suit with the most unseen cards."""
    side = [s for s in range(4) if s != r.trump]
    counts = [(unseen & SUIT_MASK[s]).bit_count() for s in side]
    return DUMP + side[counts.index(max(counts))]


def _lead(ctx: tuple, plain: Sequence[int], has_poker: bool, need: int, hand: int) -> int:
    r, unseen, _voids = ctx
    trump = r.trump
    if need > 0:
        sure_leads = [c for c in plain if _sure(ctx, c)]
        if sure_leads:
            side = [c for c in sure_leads if SUIT_OF[c] != trump]
            return _extreme(side or sure_leads, trump, True)
        if has_poker and (
            need >= hand.bit_count() or need > _likely_winners(hand & ~r.pbit, unseen, trump)
        ):
            return _top_call(r, hand)
        side = [c for c in plain if SUIT_OF[c] != trump] or plain
        length = [0] * 4
        for c in side:
            length[SUIT_OF[c]] += 1
        return min(side, key=lambda c: (-length[SUIT_OF[c]], RANK_OF[c]))
    plain = _order(plain, trump)  # ties between a trump and a plain card go to the plain one, as listed
    pick, key = plain[0], (_higher(plain[0], unseen), -RANK_OF[plain[0]])
    for c in plain[1:]:
        k = (_higher(c, unseen), -RANK_OF[c])
        if k > key:
            pick, key = c, k
    if key[0] == 0 and has_poker:
        return _dump_call(r, unseen)
    return pick


def playout(r: Round, hidden: int) -> None:
    """Play the round to its end with the heuristic for everyone (the round is changed)."""
    legal_of, apply = r.legal, r.apply
    while r.phase == 1:
        legal = legal_of()
        apply(legal[0] if len(legal) == 1 else choose(r, legal, hidden))


# -- bidding -------------------------------------------------------------------------------------------


def win_chances(hand: int, trump: int, pbit: int, players: int, unseen: int, leader: bool) -> list[float]:
    """`ai.win_chances` on bitmasks: a chance of taking a trick for each card of a fresh hand (in the
    order the hand is sorted). `unseen` is every card out of this seat's sight, the poker card included."""
    n = hand.bit_count()
    opp = n * (players - 1)
    pool = unseen.bit_count() or 1
    f = min(1.0, opp / pool)
    plain = hand & ~pbit
    unseen_plain = unseen & ~pbit
    unseen_in = [(unseen_plain & SUIT_MASK[s]).bit_count() for s in range(4)]
    has_trump = 1 - (1 - unseen_in[trump] / pool) ** n if trump >= 0 else 0.0
    chances: list[float] = []
    trump_at: list[int] = []
    for s in ORDERS[trump]:
        suited = plain & SUIT_MASK[s]
        for c in fast_cards(suited):
            above = (suited & ABOVE[c]).bit_count()
            higher = (unseen_plain & ABOVE[c]).bit_count()
            if s == trump:
                trump_at.append(len(chances))
                p = (1 - f) ** max(0, higher - above)
            else:
                p = (1 - f) ** higher
                void = _binom_cdf(above, n, unseen_in[s] / pool)
                p *= (1 - void * has_trump) ** (players - 1)
                if not leader and n < 4:
                    p *= 0.25 * n + 0.1
            chances.append(p)
    if trump >= 0:
        short = sum(max(0, 2 - (plain & SUIT_MASK[s]).bit_count()) for s in range(4) if s != trump)
        short *= min(1.0, n / 6)
        for i in sorted(trump_at, key=lambda i: chances[i]):
            if short <= 0 or chances[i] >= 0.6:
                break
            chances[i] += (1 - chances[i]) * min(1.0, short) * 0.45
            short -= 1
    if hand & pbit:
        chances.append(0.97)
    return [min(0.98, max(0.01, p)) for p in chances]


@lru_cache(maxsize=65536)
def _binom_cdf(k: int, n: int, p: float) -> float:
    if k >= n:
        return 1.0
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1))


def tricks_distribution(chances: Sequence[float]) -> list[float]:
    """P(exactly t tricks) when each card wins independently with its chance (Poisson binomial)."""
    dist = [1.0]
    for p in chances:
        q = 1 - p
        nxt = [d * q for d in dist]
        nxt.append(0.0)
        for t, d in enumerate(dist):
            nxt[t + 1] += d * p
        dist = nxt
    return dist


POINTS = [[round_points(b, t, False) for t in range(13)] for b in range(13)]


def best_bid(bids: Sequence[int], dist: Sequence[float]) -> int:
    """The allowed bid with the best expected score (ties: the lower bid), as `ai.best_bid`."""
    best, value = bids[0], -math.inf
    mass = [(t, q) for t, q in enumerate(dist) if q > 1e-12]  # the tails count for nothing
    for b in bids:
        row = POINTS[b]
        v = 0.0
        for t, q in mass:
            v += q * row[t]
        if v > value or (v == value and b < best):
            best, value = b, v
    return best
