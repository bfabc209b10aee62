"""The exact endgame of two players: once the stock is empty and two players are left, the discard pile and
one's own hand tell the other hand, and the rest is a game of perfect information, solved here. With one
card left in the stock (the turned-up trump, seen by all) it is still perfect information; with two, each
unseen card is tried as the top one.

The model plays bout by bout: the defender answers the first unbeaten card (beats it with any card that
does, takes, or in perevodnoy passes the attack back); once nothing is unbeaten, or while the defender
takes, the attacker throws in one card of a rank on the table or is done. Throwing in only after the
defender has answered gives the attacker no less than the table's rules do, so a win found here is a
win there. A player without cards when a bout closes is out; the other is the durak (both out: a draw).
The search gives up (None) past a node budget, and the caller falls back on its heuristic. Solved
positions are remembered between decisions (they are exact: a position is worth the same to anyone), each
charged to the budget what it cost to solve, so that what is remembered never changes a decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from games.cards import SUITS, make_deck, rank_value, suit
from games.cards import bits as cards_of
from games.durak.rules import DurakView, split_cards

NODES = 25_000
MAX_CARDS = 14  # cards in both hands and on the table: past this the search would rarely finish
MEMO_CAP = 300_000  # positions kept between decisions (exact values only), per trump and rules
_MEMOS: dict[tuple[str, bool, int], dict[tuple[int, ...], tuple[int, int]]] = {}
LIMIT = 6  # attack cards in a bout once the first discard has happened
HAND = 6
# Solved with this many cards left in the stock (at most 2: the bottom one is the turned-up trump). Off by
# default: with full hands such positions rarely finish within the budget.
MAX_STOCK = 0


class Budget(Exception):
    """The node budget ran out."""


def card_index(card: str) -> int:
    return SUITS.index(suit(card)) * 13 + rank_value(card)


def to_bit(card: str) -> int:
    return 1 << card_index(card)


class Endgame:
    """Minimax with memory over one endgame; values are for player 0: 1 win, 0 draw, −1 durak.

    A state is (hand 0, hand 1, attacker, table cards, unbeaten cards, attack cards, ranks on the table,
    taking, anything beaten yet, cards drawn from `stock` so far); hands and cards are bit masks."""

    def __init__(
        self, trump: str, perevodnoy: bool, limit: int = LIMIT, nodes: int = NODES, stock: Sequence[int] = ()
    ) -> None:
        self.trump = SUITS.index(trump)
        self.perevodnoy = perevodnoy
        self.limit = limit
        self.nodes = nodes
        self.stock = tuple(stock)  # top first
        memo = _MEMOS.setdefault((trump, perevodnoy, limit), {})
        if len(memo) > MEMO_CAP:
            memo.clear()
        self.memo = memo  # values are exact, so they stay true for any later decision
        self.depth = 0
        self.max_depth = 200
        self.spent = 0

    def beats(self, a: int, c: int) -> bool:
        if a // 13 == c // 13:
            return c % 13 > a % 13
        return c // 13 == self.trump

    def cost(self, c: int) -> int:
        return c % 13 + (13 if c // 13 == self.trump else 0)

    def value(self, *state: int) -> int:
        key = (*state, *self.stock[state[9] :])
        got = self.memo.get(key)
        if got is not None:  # charged what it cost to solve, so a remembered position changes no decision
            self.spent += got[1]
            if self.spent > self.nodes:
                raise Budget
            return got[0]
        start = self.spent
        self.spent += 1
        self.depth += 1
        if self.spent > self.nodes or self.depth > self.max_depth:
            raise Budget  # the budget, or a loop (perevodnoy: two takes of passed cards repeat a position)
        try:
            best = self.search(*state)
        finally:
            self.depth -= 1
        self.memo[key] = (best, self.spent - start)
        return best

    def search(
        self,
        h0: int,
        h1: int,
        att: int,
        table: int,
        unbeaten: int,
        n: int,
        ranks: int,
        taking: int,
        beaten: int,
        k: int,
    ) -> int:
        hands = [h0, h1]
        maximize = att == 0
        if n == 0:  # a new bout: the attacker leads one card, cheapest first
            children: Iterable[tuple[int, ...] | int] = (
                (*self.without(hands, att, c), att, 1 << c, 1 << c, 1, 1 << (c % 13), 0, 0, k)
                for c in sorted(cards_of(hands[att]), key=self.cost)
            )
        elif unbeaten and not taking:  # the defender answers
            maximize = att == 1
            children = self.defences(hands, att, table, unbeaten, n, ranks, beaten, k)
        else:
            children = self.throws(hands, att, table, unbeaten, n, ranks, taking, beaten, k)
        best: int | None = None
        for child in children:
            v = child if isinstance(child, int) else self.value(*child)
            if best is None or (v > best if maximize else v < best):
                best = v
                if best == (1 if maximize else -1):
                    break
        assert best is not None
        return best

    @staticmethod
    def without(hands: list[int], p: int, c: int) -> list[int]:
        new = list(hands)
        new[p] ^= 1 << c
        return new

    def defences(
        self, hands: list[int], att: int, table: int, unbeaten: int, n: int, ranks: int, beaten: int, k: int
    ) -> Iterator[tuple[int, ...]]:
        d = 1 - att
        a = min(cards_of(unbeaten), key=lambda c: -self.cost(c))  # the dearest unbeaten card first
        for c in sorted((c for c in cards_of(hands[d]) if self.beats(a, c)), key=self.cost):
            new = self.without(hands, d, c)
            yield (*new, att, table | 1 << c, unbeaten ^ 1 << a, n, ranks | 1 << (c % 13), 0, 1, k)
        if self.perevodnoy and not beaten:
            for c in cards_of(hands[d]):
                if c % 13 == a % 13 and n + 1 <= self.limit and n + 1 <= bin(hands[att]).count("1"):
                    new = self.without(hands, d, c)
                    yield (*new, d, table | 1 << c, unbeaten | 1 << c, n + 1, ranks, 0, 0, k)
        yield (*hands, att, table, unbeaten, n, ranks, 1, beaten, k)  # take

    def throws(
        self,
        hands: list[int],
        att: int,
        table: int,
        unbeaten: int,
        n: int,
        ranks: int,
        taking: int,
        beaten: int,
        k: int,
    ) -> Iterator[tuple[int, ...] | int]:
        d = 1 - att
        room = min(self.limit - n, bin(hands[d]).count("1") - bin(unbeaten).count("1"))
        if room > 0:
            for c in sorted(cards_of(hands[att]), key=self.cost):
                if ranks >> (c % 13) & 1:
                    new = self.without(hands, att, c)
                    yield (*new, att, table | 1 << c, unbeaten | 1 << c, n + 1, ranks, taking, beaten, k)
        yield self.close(hands, att, table, taking, k)

    def close(self, hands: list[int], att: int, table: int, taking: int, k: int) -> tuple[int, ...] | int:
        """The bout ends: the taker takes, the attacker then the defender draw, the empty-handed go out."""
        d = 1 - att
        new = list(hands)
        if taking:
            new[d] |= table
        for p in (att, d):
            while k < len(self.stock) and bin(new[p]).count("1") < HAND:
                new[p] |= 1 << self.stock[k]
                k += 1
        if k == len(self.stock) and (not new[0] or not new[1]):
            return 0 if not new[0] and not new[1] else (1 if not new[0] else -1)
        nxt = att if taking else d
        return (new[0], new[1], nxt, 0, 0, 0, 0, 0, 0, k)


def solve(
    view: DurakView,
    moves: Sequence[str],
    nodes: int = NODES,
    max_cards: int = MAX_CARDS,
    max_stock: int = MAX_STOCK,
) -> dict[str, float] | None:
    """The value of each of `moves` (1 win, 0 draw, −1 durak) in a two-player endgame from `view`, or None.

    With an empty stock the other hand is known. With one card left it is the turned-up trump (podkidnoy
    only: there the draw order is plain); with two, every unseen card is tried as the top one and the
    values are averaged. Attacks of several cards are left out (the same cards one by one are no worse)."""
    seat = view.viewer
    active = [s for s in range(view.players) if s not in view.out]
    if seat is None or view.hand is None or len(active) != 2 or seat not in active:
        return None
    if view.attacker not in active or view.defender not in active or view.stock_size > min(max_stock, 2):
        return None
    other = next(s for s in active if s != seat)
    seen = set(view.hand) | set(view.discarded) | {c for p in view.table for c in (p.attack, p.beat) if c}
    hidden = [c for c in make_deck(view.options.deck) if c not in seen]
    stocks: list[list[str]] = [[]]
    if view.stock_size:
        bottom = view.trump_card
        if view.options.variant == "perevodnoy" or bottom is None or bottom not in hidden:
            return None
        hidden.remove(bottom)
        stocks = [[bottom]] if view.stock_size == 1 else [[c, bottom] for c in hidden]
    if len(hidden) != view.hand_sizes[other] + max(0, view.stock_size - 1):
        return None
    if len(view.hand) + view.hand_sizes[other] + 2 * len(view.table) > max_cards:
        return None
    totals: dict[str, float] = {}
    for stock in stocks:
        theirs = [c for c in hidden if c not in stock]
        eg = Endgame(
            view.trump,
            view.options.variant == "perevodnoy",
            limit=view.bout_limit,
            nodes=max(2000, nodes // len(stocks)),
            stock=[card_index(c) for c in stock],
        )
        values = values_of(view, moves, seat, eg, theirs)
        if values is None:
            return None
        for m, v in values.items():
            totals[m] = totals.get(m, 0.0) + v / len(stocks)
    return totals or None


def values_of(
    view: DurakView, moves: Sequence[str], seat: int, eg: Endgame, theirs: list[str]
) -> dict[str, int] | None:
    """Each move's exact value with the other hand `theirs` (None past the budget)."""
    me = sum(to_bit(c) for c in view.hand or [])
    them = sum(to_bit(c) for c in theirs)
    att = 0 if view.attacker == seat else 1
    table = unbeaten = ranks = 0
    for p in view.table:
        table |= to_bit(p.attack)
        ranks |= 1 << rank_value(p.attack)
        if p.beat:
            table |= to_bit(p.beat)
            ranks |= 1 << rank_value(p.beat)
        else:
            unbeaten |= to_bit(p.attack)
    n = len(view.table)
    beaten = int(any(p.beat for p in view.table))
    taking = int(view.taking)
    base = (me, them, att)
    out: dict[str, int] = {}
    try:
        for m in moves:
            verb, *args = m.split(":")
            child: tuple[int, ...] | int
            if verb == "attack":
                cards = split_cards(args[0])
                if len(cards) != 1:
                    continue
                bit = to_bit(cards[0])
                child = (me ^ bit, them, att, bit, bit, 1, 1 << rank_value(cards[0]), 0, 0, 0)
            elif verb == "throw":
                bit = to_bit(args[0])
                child = (me ^ bit, them, att, table | bit, unbeaten | bit, n + 1, ranks, taking, beaten, 0)
            elif verb == "done":
                if unbeaten and not taking:
                    child = (*base, table, unbeaten, n, ranks, 0, beaten, 0)
                else:
                    child = eg.close([me, them], att, table, taking, 0)
            elif verb == "beat":
                a, c = to_bit(args[0]), to_bit(args[1])
                r = 1 << rank_value(args[1])
                child = (me ^ c, them, att, table | c, unbeaten ^ a, n, ranks | r, 0, 1, 0)
            elif verb == "take":
                child = (*base, table, unbeaten, n, ranks, 1, beaten, 0)
            elif verb == "transfer":
                bit = to_bit(args[0])
                child = (me ^ bit, them, 0, table | bit, unbeaten | bit, n + 1, ranks, 0, 0, 0)
            else:
                continue
            out[m] = child if isinstance(child, int) else eg.value(*child)
    except Budget:
        return None
    return out
