"""AI players for rozpysnyi poker. They see only their seat's view and the legal actions.

- `HeuristicBot` bids the number of tricks with the best expected score: each card gets a chance of
  taking a trick (higher cards of its suit still unseen, ruffs by opponents void in the suit, the lead in
  tiny rounds, long trumps ruffing short suits, the poker card as a sure trick), the chances give a
  distribution of the tricks taken (Poisson binomial), and the bid maximises the spec's score over it,
  the dealer's hook respected. In play it aims at its bid exactly: while short it wins as cheaply as is
  safe (the lowest card no later player can beat, or the cheapest winner when last), cashes masters and
  keeps the poker card for the trick it cannot otherwise take; once at its bid it ducks with the highest
  card that still loses, leads low cards many unseen cards beat, and uses the poker card as a perfect
  duck (as the lowest, or «зливаю» into the suit most cards are out in).
- The search level (`search.py`) samples the unseen cards and plays the round out with this play
  heuristic, on the fast engine (`fast.py`, `policy.py`).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from games.cards import RANKS, SUITS, make_deck, rank_value, suit
from games.rozpysnyi.rules import PokerTrickRules, RozpysnyiView, round_points
from games.rozpysnyi.schedule import DECK
from games.tricktaking import Trick

Move = tuple[str, str | None]  # (card, call)
DARK_SHARE = 1.2
_RANK = {r: i for i, r in enumerate(RANKS)}  # `rank_value` as a lookup: the play-outs call it a lot


class SimPlay(NamedTuple):
    """A play inside the simulations: it quacks like `tricktaking.Play` at a fraction of the cost."""

    seat: int
    card: str
    call: str | None


# -- what a seat knows -------------------------------------------------------------------------------


def unseen_cards(view: RozpysnyiView) -> list[str]:
    """Cards this seat has not seen: in other hands or still in the stock."""
    seen = set(view.hand or []) | set(view.played)
    if view.trick:
        seen |= set(view.trick.cards())
    if view.trump_card and not view.trump_shown:
        seen.add(view.trump_card)  # turned up from the stock: in nobody's hand
    return [c for c in make_deck(DECK[view.players]) if c not in seen]


def higher_unseen(card: str, unseen: set[str] | Sequence[str], poker: str | None) -> int:
    """How many unseen cards of this card's suit rank above it."""
    s, r = suit(card), rank_value(card)
    return sum(1 for c in unseen if c != poker and suit(c) == s and rank_value(c) > r)


# -- bidding -----------------------------------------------------------------------------------------


def _binom_cdf(k: int, n: int, p: float) -> float:
    """P(X ≤ k) for X ~ Binomial(n, p)."""
    if k >= n:
        return 1.0
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1))


def win_chances(
    hand: Sequence[str],
    trump: str | None,
    poker: str | None,
    players: int,
    unseen: Sequence[str],
    leader: bool,
) -> list[float]:
    """A chance of taking a trick for each card of a fresh hand."""
    n = len(hand)
    opp = n * (players - 1)
    pool = len(unseen) or 1
    f = min(1.0, opp / pool)  # the share of unseen cards the opponents hold
    by_suit: dict[str, list[str]] = {}
    for c in hand:
        if c != poker:
            by_suit.setdefault(suit(c), []).append(c)
    unseen_in = {s: sum(1 for c in unseen if c != poker and suit(c) == s) for s in SUITS}
    trumps_out = unseen_in.get(trump, 0) if trump else 0
    has_trump = 1 - (1 - trumps_out / pool) ** n if trump else 0.0
    chances: list[float] = []
    for c in hand:
        if c == poker:
            chances.append(0.97)
            continue
        s = suit(c)
        above = sum(1 for x in by_suit[s] if rank_value(x) > rank_value(c))
        higher = higher_unseen(c, unseen, poker)
        # higher trumps out there fall on our own higher trumps first (trumps get drawn; side suits may
        # never be led often enough for that, so there every higher card counts)
        p = (1 - f) ** (max(0, higher - above) if s == trump else higher)
        if s != trump:
            void = _binom_cdf(above, n, unseen_in[s] / pool)  # an opponent has run out by this round
            p *= (1 - void * has_trump) ** (players - 1)
            if not leader and n < 4:
                p *= 0.25 * n + 0.1  # in tiny rounds a side card wins only if its suit is led
        chances.append(p)
    if trump:
        chances = _ruffs(chances, hand, by_suit, trump, n)
    return [min(0.98, max(0.01, p)) for p in chances]


def _ruffs(
    chances: list[float], hand: Sequence[str], by_suit: dict[str, list[str]], trump: str, n: int
) -> list[float]:
    """Low trumps gain from short side suits: they can ruff when those suits are led."""
    short = sum(max(0, 2 - len(by_suit.get(s, []))) for s in SUITS if s != trump) * min(1.0, n / 6)
    out = list(chances)
    low = sorted((i for i, c in enumerate(hand) if c in by_suit.get(trump, [])), key=lambda i: out[i])
    for i in low:
        if short <= 0 or out[i] >= 0.6:
            break
        gain = min(1.0, short) * 0.45
        out[i] = out[i] + (1 - out[i]) * gain
        short -= 1
    return out


def tricks_distribution(chances: Sequence[float]) -> list[float]:
    """P(exactly t tricks) when each card wins independently with its chance (Poisson binomial)."""
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for t, q in enumerate(dist):
            nxt[t] += q * (1 - p)
            nxt[t + 1] += q * p
        dist = nxt
    return dist


def best_bid(bids: Sequence[int], dist: Sequence[float]) -> int:
    """The allowed bid with the best expected score over this distribution of tricks."""

    def value(b: int) -> float:
        return sum(q * round_points(b, t, False) for t, q in enumerate(dist))

    return max(bids, key=lambda b: (value(b), -b))


def estimate(
    view: RozpysnyiView, hand: Sequence[str] | None = None, trump: str | None = None, seat: int | None = None
) -> list[float]:
    """The trick distribution the heuristic expects for a hand (its own, or a seat's sampled one)."""
    if seat is None:
        seat = view.viewer if view.viewer is not None else 0
    if view.dark_hidden and hand is None:
        # nothing to go on but the odds; a share a little above the fair one did better in trials, as
        # cautious bids elsewhere leave tricks over that somebody has to take
        return tricks_distribution([DARK_SHARE / view.players] * view.cards)
    cards = list(view.hand or []) if hand is None else list(hand)
    deck = make_deck(DECK[view.players])
    turned = view.trump_card if view.trump_card and not view.trump_shown else None
    unseen = [c for c in deck if c not in cards and c != turned]  # a shown trump is in an opponent's hand
    t = view.trump if hand is None else trump
    chances = win_chances(cards, t, view.poker_card, view.players, unseen, seat == view.dealer)
    return tricks_distribution(chances)


def heuristic_bid(view: RozpysnyiView, legal: Sequence[str]) -> str:
    bids = [int(a.split(":")[1]) for a in legal]
    return f"bid:{best_bid(bids, estimate(view))}"


# -- playing -----------------------------------------------------------------------------------------


@dataclass
class Situation:
    """What the play heuristic needs, from a view or from a simulated deal."""

    hand: list[str]
    trick: Trick
    trump: str | None
    rules: PokerTrickRules
    need: int  # tricks still wanted (≤ 0: wants no more)
    players: int
    unseen: set[str]  # cards this seat cannot see (other hands and the stock)
    voids: list[list[str]] = field(default_factory=list)
    seat: int = 0

    @property
    def poker(self) -> str | None:
        return self.rules.poker

    @cached_property
    def out(self) -> dict[str, list[int]]:
        """Ranks of the unseen cards of each suit, ascending (the poker card aside)."""
        ranks: dict[str, list[int]] = {s: [] for s in SUITS}
        for c in self.unseen:
            if c != self.poker:
                ranks[c[1]].append(_RANK[c[0]])
        return {s: sorted(r) for s, r in ranks.items()}

    def higher(self, card: str) -> int:
        """How many unseen cards of this card's suit rank above it."""
        ranks = self.out[card[1]]
        return len(ranks) - bisect_right(ranks, _RANK[card[0]])


def power(sit: Situation, move: Move) -> int:
    play = SimPlay(sit.seat, move[0], move[1])
    return sit.rules.power(play, sit.trick, sit.trump)  # type: ignore[arg-type]


def strength(sit: Situation, card: str) -> int:
    """How valuable a card is to keep: trumps above plain cards, by rank."""
    return _RANK[card[0]] + (20 if sit.trump and card[1] == sit.trump else 0)


def _later_seats(sit: Situation) -> list[int]:
    first = sit.trick.leader
    done = len(sit.trick.plays)
    return [(first + i) % sit.players for i in range(done + 1, sit.players)]


def _could_hold(sit: Situation, seat: int, s: str) -> bool:
    return not sit.voids or s not in sit.voids[seat]


def sure(sit: Situation, move: Move) -> bool:
    """No later player in this trick can beat this play (the poker card aside)."""
    card = move[0]
    later = _later_seats(sit)
    if not later or card == sit.poker:
        return True
    led = (sit.rules.led_suit(sit.trick) if sit.trick.plays else None) or suit(card)
    s = suit(card)
    if sit.higher(card) and any(_could_hold(sit, p, s) for p in later):
        return False
    if not sit.trump or s == sit.trump or not sit.out[sit.trump]:
        return True
    if any(_could_hold(sit, p, sit.trump) and not _could_hold(sit, p, led) for p in later):
        return False  # a later seat known to lack the led suit may hold a trump
    return led == sit.trump or len(sit.out[led]) >= 2 * len(later)  # few left out: someone may be void


def masters(sit: Situation, plain: list[Move]) -> list[Move]:
    """Plain leads that should take the trick."""
    return [m for m in plain if sure(sit, m)]


def choose_play(sit: Situation, legal: Sequence[Move]) -> Move:
    """Aim at the bid exactly: win as cheaply as is safe while short, duck once there."""
    plain = [m for m in legal if m[0] != sit.poker]
    poker = [m for m in legal if m[0] == sit.poker]
    if not plain:
        return _poker_only(sit, poker)
    if not sit.trick.plays:
        return _lead(sit, plain, poker)
    best = max(sit.rules.power(p, sit.trick, sit.trump) for p in sit.trick.plays)
    winners = [m for m in plain if power(sit, m) > best]
    losers = [m for m in plain if power(sit, m) <= best]
    last = len(sit.trick.plays) == sit.players - 1
    if sit.need > 0:
        return _take(sit, winners, plain, poker, last)
    if losers:
        return max(losers, key=lambda m: strength(sit, m[0]))  # shed the biggest card that still loses
    if poker:
        return sit.poker or "", "low"
    key = lambda m: strength(sit, m[0])  # noqa: E731
    return max(winners, key=key) if last else min(winners, key=key)  # last: at least lose a big card


def _take(sit: Situation, winners: list[Move], plain: list[Move], poker: list[Move], last: bool) -> Move:
    must_all = sit.need >= len(sit.hand)
    key = lambda m: strength(sit, m[0])  # noqa: E731
    if winners:
        if last:
            return min(winners, key=key)
        safe = [m for m in winners if sure(sit, m)]
        if safe:
            return min(safe, key=key)
        if poker and must_all:
            return sit.poker or "", "high"
        return max(winners, key=key)
    if poker and (must_all or sit.need > _likely_winners(sit)):
        return sit.poker or "", "high"
    return min(plain, key=key)  # cannot win: throw the least useful card


def _likely_winners(sit: Situation) -> int:
    """Cards (the poker card aside) that look like tricks later: masters and high trumps."""
    n = 0
    for c in sit.hand:
        if c == sit.poker:
            continue
        h = sit.higher(c)
        if h == 0 or (sit.trump and suit(c) == sit.trump and h <= 1):
            n += 1
    return n


def _poker_only(sit: Situation, poker: list[Move]) -> Move:
    if not sit.trick.plays:
        calls = [m[1] or "" for m in poker]
        if sit.need > 0:
            return sit.poker or "", _top_call(sit, calls)
        return sit.poker or "", _dump_call(sit, calls)
    return sit.poker or "", "high" if sit.need > 0 else "low"


def _top_call(sit: Situation, calls: list[str]) -> str:
    """«За старшим» in trumps cannot be beaten and draws the highest trumps; without trumps it cannot be
    beaten at all: name our longest suit, so that the others' high cards of it fall."""
    if sit.trump and f"top:{sit.trump}" in calls:
        return f"top:{sit.trump}"
    mine = {s: sum(1 for c in sit.hand if c != sit.poker and suit(c) == s) for s in SUITS}
    return f"top:{max(SUITS, key=lambda s: mine[s])}"


def _dump_call(sit: Situation, calls: list[str]) -> str:
    """«Зливаю» into the side suit with the most unseen cards: whoever lacks it must trump, so it loses
    to a card of that suit and to any trump alike."""
    out = {s: sum(1 for c in sit.unseen if c != sit.poker and suit(c) == s) for s in SUITS}
    side = [s for s in SUITS if s != sit.trump]
    return f"dump:{max(side, key=lambda s: out[s])}"


def _lead(sit: Situation, plain: list[Move], poker: list[Move]) -> Move:
    key = lambda m: strength(sit, m[0])  # noqa: E731
    if sit.need > 0:
        sure_leads = masters(sit, plain)
        if sure_leads:
            side = [m for m in sure_leads if suit(m[0]) != sit.trump]
            return max(side or sure_leads, key=key)
        if poker and (sit.need >= len(sit.hand) or sit.need > _likely_winners(sit)):
            return sit.poker or "", _top_call(sit, [m[1] or "" for m in poker])
        return _low_from_long_suit(sit, plain)

    # want no more: lead the card most likely to be beaten
    def beaten(m: Move) -> tuple[int, int]:
        return (sit.higher(m[0]), -rank_value(m[0]))

    pick = max(plain, key=beaten)
    if beaten(pick)[0] == 0 and poker:
        return sit.poker or "", _dump_call(sit, [m[1] or "" for m in poker])
    return pick


def _low_from_long_suit(sit: Situation, plain: list[Move]) -> Move:
    side = [m for m in plain if suit(m[0]) != sit.trump] or plain
    length = {s: sum(1 for m in side if suit(m[0]) == s) for s in SUITS}
    return min(side, key=lambda m: (-length[suit(m[0])], rank_value(m[0])))


def parse_action(action: str) -> Move:
    _verb, card, *call = action.split(":")
    return card, (":".join(call) or None)


def to_action(move: Move, leading: bool, poker: str | None) -> str:
    card, call = move
    if card == poker and call:
        return f"{'lead' if leading else 'play'}:{card}:{call}"
    return f"play:{card}"


def situation(view: RozpysnyiView) -> Situation:
    seat = view.viewer if view.viewer is not None else 0
    return Situation(
        hand=list(view.hand or []),
        trick=view.trick or Trick(leader=seat),
        trump=view.trump,
        rules=PokerTrickRules(view.poker_card),
        need=(view.bids[seat] or 0) - view.tricks[seat],
        players=view.players,
        unseen=set(unseen_cards(view)),
        voids=[list(v) for v in view.voids],
        seat=seat,
    )


class HeuristicBot:
    """Bids its best expected score, then plays to make the bid exactly."""

    def choose(self, view: RozpysnyiView, legal: Sequence[str], rng: random.Random) -> str:
        if legal[0].startswith("bid:"):
            return heuristic_bid(view, legal)
        if len(legal) == 1:
            return legal[0]
        sit = situation(view)
        move = choose_play(sit, [parse_action(a) for a in legal])
        return to_action(move, not sit.trick.plays, sit.poker)
