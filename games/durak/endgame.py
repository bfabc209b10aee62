"""The exact endgame of two players: once the stock is empty and two players are left, the discard pile and
one's own hand tell the other hand, and the rest is a game of perfect information, solved here.

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

from collections.abc import Sequence

from games.cards import SUITS, make_deck, rank_value, suit
from games.durak.rules import DurakView, split_cards

NODES = 25_000
MAX_CARDS = 14  # cards in both hands and on the table: past this the search would rarely finish
MEMO_CAP = 300_000  # positions kept between decisions (exact values only), per trump and rules
_MEMOS: dict[tuple[str, bool, int], dict[tuple[int, ...], tuple[int, int]]] = {}
LIMIT = 6  # attack cards in a bout once the first discard has happened


class Budget(Exception):
    """The node budget ran out."""


def to_bit(card: str) -> int:
    return 1 << (SUITS.index(suit(card)) * 13 + rank_value(card))


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Endgame:
    """Minimax with memory over one endgame; values are for player 0: 1 win, 0 draw, −1 durak."""

    def __init__(self, trump: str, perevodnoy: bool, limit: int = LIMIT, nodes: int = NODES) -> None:
        self.trump = SUITS.index(trump)
        self.perevodnoy = perevodnoy
        self.limit = limit
        self.nodes = nodes
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

    # state: hands (h0, h1), attacker (0/1), table (all cards), unbeaten, attack count, ranks on table,
    # taking, and whose step: "d" the defender answers, "a" the attacker throws or is done
    def value(
        self,
        h0: int,
        h1: int,
        att: int,
        table: int,
        unbeaten: int,
        n: int,
        ranks: int,
        taking: bool,
        beaten: bool,
    ) -> int:
        key = (h0, h1, att, table, unbeaten, n, ranks, taking, beaten)
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
            best = self.search(h0, h1, att, table, unbeaten, n, ranks, taking, beaten)
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
        taking: bool,
        beaten: bool,
    ) -> int:
        hands = [h0, h1]
        d = 1 - att
        best: int | None = None
        maximize = att == 0
        if n == 0:  # a new bout: the attacker leads one card, cheapest first
            for c in sorted(cards_of(hands[att]), key=self.cost):
                new = list(hands)
                new[att] ^= 1 << c
                v = self.value(*new, att, 1 << c, 1 << c, 1, 1 << (c % 13), False, False)
                if best is None or (v > best if maximize else v < best):
                    best = v
                    if best == (1 if maximize else -1):
                        break
        elif unbeaten and not taking:  # the defender answers
            maximize = d == 0
            for child in self.defences(hands, att, table, unbeaten, n, ranks, beaten):
                v = self.value(*child)
                if best is None or (v > best if maximize else v < best):
                    best = v
                    if best == (1 if maximize else -1):
                        break
        else:
            for child in self.throws(hands, att, table, unbeaten, n, ranks, taking, beaten):
                v = child if isinstance(child, int) else self.value(*child)
                if best is None or (v > best if maximize else v < best):
                    best = v
                    if best == (1 if maximize else -1):
                        break
        assert best is not None
        return best

    def defences(
        self, hands: list[int], att: int, table: int, unbeaten: int, n: int, ranks: int, beaten: bool
    ):
        d = 1 - att
        a = min(cards_of(unbeaten), key=lambda c: -self.cost(c))  # the dearest unbeaten card first
        covers = sorted((c for c in cards_of(hands[d]) if self.beats(a, c)), key=self.cost)
        for c in covers:
            new = list(hands)
            new[d] ^= 1 << c
            yield (*new, att, table | 1 << c, unbeaten ^ 1 << a, n, ranks | 1 << (c % 13), False, True)
        if self.perevodnoy and not beaten:
            r = a % 13
            for c in cards_of(hands[d]):
                if c % 13 == r and n + 1 <= self.limit and n + 1 <= bin(hands[att]).count("1"):
                    new = list(hands)
                    new[d] ^= 1 << c
                    yield (*new, d, table | 1 << c, unbeaten | 1 << c, n + 1, ranks, False, False)
        yield (*hands, att, table, unbeaten, n, ranks, True, beaten)  # take

    def throws(
        self,
        hands: list[int],
        att: int,
        table: int,
        unbeaten: int,
        n: int,
        ranks: int,
        taking: bool,
        beaten: bool,
    ):
        d = 1 - att
        room = min(self.limit - n, bin(hands[d]).count("1") - bin(unbeaten).count("1"))
        if room > 0:
            for c in sorted(cards_of(hands[att]), key=self.cost):
                if ranks >> (c % 13) & 1:
                    new = list(hands)
                    new[att] ^= 1 << c
                    yield (*new, att, table | 1 << c, unbeaten | 1 << c, n + 1, ranks, taking, beaten)
        yield self.close(hands, att, table, taking)

    def close(self, hands: list[int], att: int, table: int, taking: bool):
        d = 1 - att
        new = list(hands)
        if taking:
            new[d] |= table
        if not new[0] or not new[1]:
            return 0 if not new[0] and not new[1] else (1 if not new[0] else -1)
        nxt = att if taking else d
        return (new[0], new[1], nxt, 0, 0, 0, 0, False, False)


def solve(view: DurakView, moves: Sequence[str], nodes: int = NODES) -> dict[str, int] | None:
    """The value of each of `moves` (1 win, 0 draw, −1 durak) in a two-player endgame from `view`, or None.

    Attacks of several cards are left out (the same cards one by one are worth no less)."""
    seat = view.viewer
    active = [s for s in range(view.players) if s not in view.out]
    if seat is None or view.stock_size or len(active) != 2 or view.hand is None or seat not in active:
        return None
    other = next(s for s in active if s != seat)
    seen = set(view.hand) | set(view.discarded) | {c for p in view.table for c in (p.attack, p.beat) if c}
    hidden = [c for c in make_deck(view.options.deck) if c not in seen]
    if (
        len(hidden) != view.hand_sizes[other]
        or len(view.hand) + len(hidden) + 2 * len(view.table) > MAX_CARDS
    ):
        return None
    me = sum(to_bit(c) for c in view.hand)
    them = sum(to_bit(c) for c in hidden)
    eg = Endgame(view.trump, view.options.variant == "perevodnoy", limit=view.bout_limit, nodes=nodes)
    if view.attacker not in active or view.defender not in active:
        return None
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
    beaten = any(p.beat for p in view.table)
    base = (me, them, att)
    scored: list[tuple[int, int, str]] = []
    try:
        for i, m in enumerate(moves):
            verb, *args = m.split(":")
            if verb == "attack":
                cards = split_cards(args[0])
                if len(cards) != 1:
                    continue
                bit = to_bit(cards[0])
                child = (me ^ bit, them, att, bit, bit, 1, 1 << rank_value(cards[0]), False, False)
            elif verb == "throw":
                bit = to_bit(args[0])
                child = (me ^ bit, them, att, table | bit, unbeaten | bit, n + 1, ranks, view.taking, beaten)
            elif verb == "done":
                if unbeaten and not view.taking:
                    child = (*base, table, unbeaten, n, ranks, False, beaten)
                else:
                    closed = eg.close([me, them], att, table, view.taking)
                    if isinstance(closed, int):
                        scored.append((closed, -i, m))
                        continue
                    child = closed
            elif verb == "beat":
                a, c = to_bit(args[0]), to_bit(args[1])
                r = 1 << rank_value(args[1])
                child = (me ^ c, them, att, table | c, unbeaten ^ a, n, ranks | r, False, True)
            elif verb == "take":
                child = (*base, table, unbeaten, n, ranks, True, beaten)
            elif verb == "transfer":
                bit = to_bit(args[0])
                child = (me ^ bit, them, 0, table | bit, unbeaten | bit, n + 1, ranks, False, False)
            else:
                continue
            v = child if isinstance(child, int) else eg.value(*child)
            scored.append((v, -i, m))
    except Budget:
        return None
    return {m: v for v, _, m in scored} or None
