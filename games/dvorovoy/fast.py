"""A fast dvorovoy engine for play-outs: one round of `rules.py` on small integers.

Cards are ints `suit * 9 + rank` (suits S H D C = 0…3, ranks 6…A = 0…8), the order the rules sort a hand
in, so a hand is a bitmask whose set bits, low to high, are the hand as the rules list it (and the legal
actions come in the rules' order). The stock is a list drawn from its end, the pile a list whose last
card is the top. A `Round` is a `__slots__` object whose `copy` is a few list copies; no pydantic, no
strings in the inner loop. `tests/games/test_dvorovoy_fast.py` replays random matches through both
engines and checks they agree at every step: the mover, the legal actions, hands, stock, pile, the move
in progress, and at each round's end the points, totals and losers.

Actions are ints (`action_int` / `action_text` convert from and to the rules' texts): `PLAY + c`,
`ADD + c`, `SUIT + s`, `END`, `DRAW`, `PASS`.

Everything that changes play follows the rules: fitting and covering, forced draws to cover a 6, the
effects of 7s, 8s and aces cycling over the other players, going out, a move that ends by itself when
nothing of its rank is left to add, voluntary draws and passes, the
pile turned over (with the rules' own seeded shuffle), the round's points, the burn at exactly 125 and
the bust. Not here: the next round's deal (a round over is where play-outs stop), events, who the last
move hit (it changes only what views show). The engine trusts its input: an action must come from
`legal()`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from games.cards import SUITS
from games.cards import bits as cards  # a hand bitmask as its int cards
from games.dvorovoy.rules import LIMIT, VALUES

if TYPE_CHECKING:
    from games.dvorovoy.rules import DvorovoyState

RANKS = "6789TJQKA"
SIX, SEVEN, EIGHT, JACK, ACE = 0, 1, 2, 5, 8
PLAY, ADD, SUIT, END, DRAW, PASS = 0, 36, 72, 76, 77, 78

CARD_INT = {r + s: 9 * i + j for i, s in enumerate(SUITS) for j, r in enumerate(RANKS)}
CARD_STR = {v: k for k, v in CARD_INT.items()}
SUIT_OF = [c // 9 for c in range(36)]
RANK_OF = [c % 9 for c in range(36)]
VALUE = [VALUES.get(RANKS[c % 9], 0) for c in range(36)]
SUIT_MASK = [0x1FF << 9 * s for s in range(4)]
RANK_MASK = [sum(1 << 9 * s + r for s in range(4)) for r in range(9)]
JACKS = RANK_MASK[JACK]
# a card may start a move on top card t: its suit or rank (or a jack); on a named suit: that suit or a jack
FITS = [SUIT_MASK[SUIT_OF[t]] | RANK_MASK[RANK_OF[t]] | JACKS for t in range(36)]
NAMED = [SUIT_MASK[s] | JACKS for s in range(4)]
HITS = {SEVEN: (1, False), EIGHT: (2, True), ACE: (0, True)}  # cards drawn, turn lost


def mask_of(cards_: list[str]) -> int:
    m = 0
    for c in cards_:
        m |= 1 << CARD_INT[c]
    return m


TENS = RANK_MASK[4] | RANK_MASK[6] | RANK_MASK[7]  # 10, Q, K: 10 points each


def points(mask: int) -> int:
    """What the cards of a hand cost at the round's end."""
    aces = (mask & RANK_MASK[ACE]).bit_count()
    return 10 * (mask & TENS).bit_count() + 20 * (mask & JACKS).bit_count() + 15 * aces


class Round:
    """One round of dvorovoy in progress (or just over), on ints."""

    __slots__ = (
        "burn",
        "drew",
        "hands",
        "key",
        "losers",
        "mover",
        "n",
        "named",
        "opening",
        "over",
        "pile",
        "played",
        "reshuffles",
        "stock",
        "totals",
    )

    @classmethod
    def from_state(cls, state: DvorovoyState) -> Round:
        """The engine's copy of a rules state (its current round)."""
        r = cls.__new__(cls)
        r.n = state.players
        r.burn = state.options.burn
        r.hands = [mask_of(h) for h in state.hands]
        r.stock = [CARD_INT[c] for c in reversed(state.stock)]
        r.pile = [CARD_INT[c] for c in state.pile]
        r.named = SUITS.index(state.named) if state.named else -1
        r.mover = state.mover
        r.played = [CARD_INT[c] for c in state.played]
        r.opening, r.drew = state.opening, state.drew
        r.totals = list(state.totals)
        r.key = f"{state.seed}:{state.deal_no}"
        r.reshuffles = state.reshuffles
        r.over = state.over
        r.losers = list(state.losers)
        return r

    def copy(self) -> Round:
        r = type(self).__new__(type(self))
        r.n, r.burn, r.key, r.reshuffles = self.n, self.burn, self.key, self.reshuffles
        r.hands = self.hands[:]
        r.stock = self.stock[:]
        r.pile = self.pile[:]
        r.named, r.mover, r.played = self.named, self.mover, self.played[:]
        r.opening, r.drew, r.over = self.opening, self.drew, self.over
        r.totals = self.totals[:]
        r.losers = self.losers[:]
        return r

    # -- what may be played
    def playable(self) -> int:
        """The mover's cards that may be played now, as a bitmask."""
        hand, top = self.hands[self.mover], self.pile[-1]
        if not self.played:
            return hand & (NAMED[self.named] if self.named >= 0 else FITS[top])
        if RANK_OF[top] == SIX:
            return hand & FITS[top]
        if self.opening:
            return 0
        return hand & RANK_MASK[RANK_OF[top]]

    def can_draw(self) -> bool:
        return bool(self.stock) or len(self.pile) > 1

    def legal(self) -> list[int]:
        if self.over:
            return []
        playable = cards(self.playable())
        if self.played:
            top = RANK_OF[self.pile[-1]]
            if top == SIX:
                return [PLAY + c for c in playable]
            ends = [SUIT + s for s in range(4)] if top == JACK else [END]
            return [ADD + c for c in playable] + ends
        out = [PLAY + c for c in playable]
        out.append(DRAW if not self.drew and self.can_draw() else PASS)
        return out

    # -- moves
    def apply(self, a: int) -> None:
        """Take a legal action (from `legal()`) and play out what then needs no choice."""
        if a < SUIT:
            c = a % 36
            self.hands[self.mover] &= ~(1 << c)
            self.pile.append(c)
            self.played.append(c)
            self.named, self.opening = -1, False
        elif a == DRAW:
            self.take(self.mover, 1)
            self.drew = True
        elif a == PASS:
            self.end_move([])
        elif a == END:
            self.end_move(self.played)
        else:
            self.named = a - SUIT
            self.end_move(self.played)
        self.settle()

    def settle(self) -> None:
        """Forced draws to cover a 6, a move ended by going out or with nothing left to add, turns that can
        only pass."""
        for _ in range(4 * self.n + 40):
            if self.over:
                return
            if self.played and RANK_OF[self.pile[-1]] == SIX:
                if self.playable():
                    return
                if not self.can_draw():
                    self.end_move(self.played)
                    continue
                while not self.playable() and self.can_draw():
                    self.take(self.mover, 1)
                continue
            if self.played and not self.hands[self.mover]:
                self.end_move(self.played)
                continue
            if self.played and not self.playable() and RANK_OF[self.pile[-1]] != JACK:
                self.end_move(self.played)  # nothing left to add: `end` would be no choice
                continue
            if not self.played and not self.playable() and (self.drew or not self.can_draw()):
                self.end_move([])
                continue
            return

    def take(self, seat: int, n: int) -> None:
        """Up to `n` cards from the stock; when it runs out, the pile under the top is turned over (shuffled
        as the rules shuffle it)."""
        for _ in range(n):
            if not self.stock and len(self.pile) > 1:
                self.reshuffles += 1
                rest = self.pile[:-1]
                del self.pile[:-1]
                random.Random(f"{self.key}:{self.reshuffles}").shuffle(rest)
                rest.reverse()
                self.stock = rest
            if not self.stock:
                return
            self.hands[seat] |= 1 << self.stock.pop()

    def end_move(self, played: list[int]) -> None:
        """The move's effects hit the others in turn; then the round ends or the turn passes on."""
        n, mover = self.n, self.mover
        draw = [0] * n
        skip = [False] * n
        hit = [False] * n
        k = 0
        for c in played:
            effect = HITS.get(RANK_OF[c])
            if effect is not None:
                target = (mover + 1 + k % (n - 1)) % n
                draw[target] += effect[0]
                skip[target] = skip[target] or effect[1]
                hit[target] = True
                k += 1
        for i in range(1, n):
            s = (mover + i) % n
            if hit[s] and draw[s]:
                self.take(s, draw[s])
        last = played[-1] if played else -1
        self.played, self.opening, self.drew = [], False, False
        if not self.hands[mover] and last >= 0 and RANK_OF[last] != SIX:
            self.end_round()
            return
        for i in range(1, n):
            s = (mover + i) % n
            if not skip[s]:
                self.mover = s
                return

    def end_round(self) -> None:
        totals = self.totals
        for s in range(self.n):
            totals[s] += points(self.hands[s])
            if self.burn and totals[s] == LIMIT:
                totals[s] = 0
        self.losers = [s for s in range(self.n) if totals[s] > LIMIT]
        self.over = True


# -- action texts ----------------------------------------------------------------------------------


def action_int(text: str) -> int:
    verb, _, arg = text.partition(":")
    if verb == "play":
        return PLAY + CARD_INT[arg]
    if verb == "add":
        return ADD + CARD_INT[arg]
    if verb == "suit":
        return SUIT + SUITS.index(arg)
    return {"end": END, "draw": DRAW, "pass": PASS}[verb]


def action_text(a: int) -> str:
    if a < ADD:
        return f"play:{CARD_STR[a]}"
    if a < SUIT:
        return f"add:{CARD_STR[a - ADD]}"
    if a < END:
        return f"suit:{SUITS[a - SUIT]}"
    return {END: "end", DRAW: "draw", PASS: "pass"}[a]
