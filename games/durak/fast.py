"""A fast durak engine for play-outs: the move-level rules of `rules.py` on small integers.

Cards are ints `suit * 13 + rank value` (suits S H D C = 0…3, ranks 2…A = 0…12), hands are lists of them,
the table is a list of `[attack, beat]` pairs (`-1`: not beaten yet), the stock a list drawn from its end,
and who said "done" a bitmask of seats. A `Table` is a `__slots__` object whose `copy` is a few list copies
(a few microseconds); no pydantic, no strings in the inner loop. `tests/games/test_durak_fast.py` replays
random games through both engines and checks they agree at every step: the seats waited on, every seat's
legal actions, hands, table, stock, attacker, defender, who is out, and at the end the losers and scores.

Actions are ints (`action_int` / `action_text` convert from and to the rules' canonical texts):
- `THROW + c` — throw in card c; `TRANSFER + c`, `SHOW + c` — pass the attack on (perevodnoy);
- `ATTACK + 16 * rank + suits` — open a bout with the cards of that rank whose suit bits are set;
- `BEAT + 52 * a + c` — beat the attack card a with c; `TAKE`, `DONE`.

Everything that changes play follows the rules: podkidnoy and perevodnoy (showing a trump to pass on),
24/36/52 decks, 2–6 players, throwing in by everyone or the neighbours, the first bout's limit, teams,
"done" (and thinking again after a beat of a new rank, a transfer or a take), taking, the drawing order,
leaving, and the end (the durak, a team lost, or a draw). Not here: undo (the search's worlds have it off),
matches of several games, the public `passed` list (it only changes what views show), known cards, the
discard pile, events. The engine trusts its input: an action must come from `legal(seat)` — checking
what people type is the rules' job (`Durak.apply` raises `GameError` and leaves the state unchanged).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.cards import RANKS, SUITS
from games.durak.rules import HAND

if TYPE_CHECKING:
    from games.durak.rules import DurakState

THROW, TRANSFER, SHOW, ATTACK, TAKE, DONE, BEAT = 0, 52, 104, 156, 364, 365, 400

CARD_INT = {r + s: 13 * i + j for i, s in enumerate(SUITS) for j, r in enumerate(RANKS)}
CARD_STR = {v: k for k, v in CARD_INT.items()}
SUIT_INT = {s: i for i, s in enumerate(SUITS)}
# the non-empty subsets of 4 suit bits, by how many cards they hold
SUBSETS = tuple(tuple(m for m in range(1, 16) if (m & sub) == m) for sub in range(16))
POPCOUNT = tuple(bin(m).count("1") for m in range(16))


class Table:
    """One game of durak in progress (or over), on ints."""

    __slots__ = (
        "attacker",
        "by_show",
        "defender",
        "done",
        "durak",
        "first_bout",
        "first_limit",
        "hands",
        "losers",
        "n",
        "neighbours",
        "out",
        "over",
        "perevodnoy",
        "shown",
        "stock",
        "table",
        "taking",
        "teams",
        "trump",
        "val",
    )

    @classmethod
    def from_state(cls, state: DurakState) -> Table:
        """The engine's copy of a rules state (its current game; undo and the match are ignored)."""
        t = cls.__new__(cls)
        t.load(state)
        return t

    def load(self, state: DurakState) -> None:
        trump = SUIT_INT[state.trump]
        opts = state.options
        self.n = state.players
        self.trump = trump
        self.val = [c % 13 + (13 if c // 13 == trump else 0) for c in range(52)]  # strength: trumps above all
        self.hands = [[CARD_INT[c] for c in h] for h in state.hands]
        self.stock = [CARD_INT[c] for c in reversed(state.stock)]  # drawn from the end
        self.table = [[CARD_INT[p.attack], CARD_INT[p.beat] if p.beat else -1] for p in state.table]
        self.attacker, self.defender = state.attacker, state.defender
        self.taking, self.first_bout, self.shown = state.taking, state.first_bout, state.shown
        self.done = sum(1 << s for s in set(state.done))
        self.first_limit = opts.first_bout_limit
        self.out = [s in state.out for s in range(self.n)]
        self.teams = opts.teams
        self.neighbours = opts.throw_in == "neighbours"
        self.perevodnoy = opts.variant == "perevodnoy"
        self.by_show = opts.transfer_by_trump
        self.over = state.over
        self.losers = list(state.losers) if state.over else []
        self.durak = state.durak if state.over else None

    def copy(self) -> Table:
        """An independent copy, of the same class (`val` is shared: it is never changed)."""
        t = type(self).__new__(type(self))
        t.n, t.trump, t.val, t.first_limit = self.n, self.trump, self.val, self.first_limit
        t.teams, t.neighbours, t.perevodnoy = self.teams, self.neighbours, self.perevodnoy
        t.by_show, t.attacker, t.defender = self.by_show, self.attacker, self.defender
        t.taking, t.first_bout, t.shown = self.taking, self.first_bout, self.shown
        t.done, t.over, t.durak = self.done, self.over, self.durak
        t.hands = [h[:] for h in self.hands]
        t.stock = self.stock[:]
        t.table = [p[:] for p in self.table]
        t.out = self.out[:]
        t.losers = self.losers[:]
        return t

    # -- cards and seats
    def beats(self, a: int, c: int) -> bool:
        if a // 13 == c // 13:
            return c % 13 > a % 13
        return c // 13 == self.trump

    def next_active(self, seat: int, step: int = 1) -> int:
        for i in range(1, self.n + 1):
            s = (seat + i * step) % self.n
            if not self.out[s]:
                return s
        return seat

    def defender_after(self, seat: int) -> int:
        """Who defends against `seat`: the next player still in the game (teams: not the partner)."""
        for i in range(1, self.n + 1):
            s = (seat + i) % self.n
            if not self.out[s] and not (self.teams and s == (seat + 2) % 4):
                return s
        return seat

    def throwers(self) -> list[int]:
        """Who may add cards to this bout, clockwise from its attacker (whether they said "done" or not)."""
        d = self.defender
        seats = [
            s
            for i in range(self.n)
            if not self.out[s := (self.attacker + i) % self.n]
            and s != d
            and not (self.teams and s == (d + 2) % 4)
        ]
        if self.neighbours:
            near = (self.next_active(d), self.next_active(d, -1))
            seats = [s for s in seats if s in near]
        return seats

    def limit(self) -> int:
        return self.first_limit if self.first_bout else HAND

    def room(self) -> int:
        """How many more attack cards the bout can take (the limit, and the defender's hand)."""
        table = self.table
        unbeaten = 0
        for p in table:
            if p[1] < 0:
                unbeaten += 1
        return min(self.limit() - len(table), len(self.hands[self.defender]) - unbeaten)

    def ranks(self) -> int:
        """The ranks on the table, as a bitmask."""
        m = 0
        for a, b in self.table:
            m |= 1 << a % 13
            if b >= 0:
                m |= 1 << b % 13
        return m

    def throws(self, seat: int) -> list[int]:
        """The cards `seat` may throw in now (whether it said "done" or not)."""
        if not self.table or self.room() <= 0:
            return []
        ranks = self.ranks()
        return [c for c in self.hands[seat] if ranks >> c % 13 & 1]

    def may_transfer(self, adding: int) -> bool:
        """Whether the defender may pass the attack on, adding `adding` cards (0: by showing a trump)."""
        if not self.perevodnoy or self.taking or any(b >= 0 for _, b in self.table):
            return False
        cards = len(self.table) + adding
        return cards <= self.limit() and len(self.hands[self.defender_after(self.defender)]) >= cards

    # -- what may be done
    def to_act(self) -> list[int]:
        """The seats the game waits on: the defender first, then the throwers clockwise from the attacker."""
        if self.over:
            return []
        if not self.table:
            return [self.attacker]
        seats = [self.defender] if not self.taking and any(b < 0 for _, b in self.table) else []
        return seats + [s for s in self.throwers() if not self.done >> s & 1 and self.throws(s)]

    def legal(self, seat: int) -> list[int]:
        """`seat`'s legal actions (ints)."""
        if self.over or self.out[seat]:
            return []
        if not self.table:
            return self.attacks() if seat == self.attacker else []
        if seat == self.defender:
            return [] if self.taking else self.defences()
        if self.done >> seat & 1 or seat not in self.throwers():
            return []
        throws = self.throws(seat)
        return [*throws, DONE] if throws else []

    def attacks(self) -> list[int]:
        limit = min(self.limit(), len(self.hands[self.defender]))
        suits = [0] * 13
        for c in self.hands[self.attacker]:
            suits[c % 13] |= 1 << c // 13
        return [
            ATTACK + 16 * r + m for r, have in enumerate(suits) for m in SUBSETS[have] if POPCOUNT[m] <= limit
        ]

    def defences(self) -> list[int]:
        hand = self.hands[self.defender]
        unbeaten = [a for a, b in self.table if b < 0]
        out = [BEAT + 52 * a + c for a in unbeaten for c in hand if self.beats(a, c)]
        if self.perevodnoy:
            r = self.table[0][0] % 13
            same = [c for c in hand if c % 13 == r]
            if same and self.may_transfer(1):
                out += [TRANSFER + c for c in same]
            shows = [c for c in same if c // 13 == self.trump]
            if shows and self.by_show and not self.shown and self.may_transfer(0):
                out += [SHOW + c for c in shows]
        if unbeaten:
            out.append(TAKE)
        return out

    # -- moves
    def apply(self, seat: int, a: int) -> None:
        """Take a legal action (from `legal(seat)`); the bout closes by itself when nobody can add."""
        if a >= BEAT:
            self.beat(*divmod(a - BEAT, 52))
        elif a == DONE:
            self.done |= 1 << seat
        elif a == TAKE:
            self.take()
        elif a >= ATTACK:
            r, m = divmod(a - ATTACK, 16)
            self.open_bout([13 * s + r for s in range(4) if m >> s & 1])
        elif a >= SHOW:
            self.shown = True
            self.defender, self.done = self.defender_after(self.defender), 0
        elif a >= TRANSFER:
            self.pass_on(a - TRANSFER)
        else:
            self.throw(seat, a)
        self.maybe_close()

    # The moves themselves (the play-out policy calls them directly, closing the bout when it decides to).
    def open_bout(self, cards: list[int]) -> None:
        """The attacker lays `cards` (of one rank)."""
        hand = self.hands[self.attacker]
        for c in cards:
            hand.remove(c)
            self.table.append([c, -1])
        self.done = 0

    def throw(self, seat: int, c: int) -> None:
        self.hands[seat].remove(c)
        self.table.append([c, -1])

    def beat(self, a: int, c: int) -> None:
        """The defender beats the attack card `a` with `c` (a new rank lets its holders think again)."""
        new_rank = self.done and not self.ranks() >> c % 13 & 1  # matters only if someone said "done"
        self.hands[self.defender].remove(c)
        for p in self.table:
            if p[0] == a:
                p[1] = c
                break
        if new_rank:
            r = c % 13
            for s in range(self.n):
                if self.done >> s & 1 and any(x % 13 == r for x in self.hands[s]):
                    self.done &= ~(1 << s)

    def take(self) -> None:
        self.taking, self.done = True, 0

    def pass_on(self, c: int) -> None:
        """The defender transfers the attack by adding `c`."""
        self.hands[self.defender].remove(c)
        self.table.append([c, -1])
        self.defender, self.done = self.defender_after(self.defender), 0

    def maybe_close(self) -> None:
        """Close the bout when nobody may add a card and the defender is through (or takes)."""
        if not self.table:
            return
        if self.room() > 0:
            ranks = self.ranks()
            for s in self.throwers():
                if not self.done >> s & 1 and any(ranks >> c % 13 & 1 for c in self.hands[s]):
                    return
        if self.taking:
            self.close(took=True)
        elif all(b >= 0 for _, b in self.table):
            self.close(took=False)

    def close(self, took: bool) -> None:
        """The bout's end: the defender takes or the table is discarded; drawing, leaving, the next bout."""
        d = self.defender
        if took:
            self.hands[d] += [c for p in self.table for c in p if c >= 0]
        else:
            self.first_bout = False
        self.table, self.taking, self.shown, self.done = [], False, False, 0
        n, a, out, hands, stock = self.n, self.attacker, self.out, self.hands, self.stock
        if stock:  # the bout's attacker first, the others clockwise, the defender last
            for s in [s for i in range(n) if not out[s := (a + i) % n] and s != d] + [d]:
                hand = hands[s]
                while len(hand) < HAND and stock:
                    hand.append(stock.pop())
        if not stock:  # who has no cards leaves, clockwise from the attacker
            for i in range(n):
                s = (a + i) % n
                if not out[s] and not hands[s]:
                    out[s] = True
        if self.finished():
            self.finish()
            return
        self.attacker = self.next_active(d) if took or self.out[d] else d
        self.defender = self.defender_after(self.attacker)

    # -- the end
    def finished(self) -> bool:
        if self.teams:
            return (self.out[0] and self.out[2]) or (self.out[1] and self.out[3])
        return self.out.count(False) <= 1

    def finish(self) -> None:
        """The game is over: who lost (nobody after a draw), and the durak."""
        left = [s for s in range(self.n) if not self.out[s]]
        if self.teams and left:
            self.losers = [left[0] % 2, left[0] % 2 + 2]
            self.durak = max(left, key=lambda s: (len(self.hands[s]), -s))
        else:
            self.losers = left if len(left) == 1 else []
            self.durak = left[0] if len(left) == 1 else None
        self.over = True

    def scores(self) -> list[float]:
        """As the rules' scores of a single game: 0 for a loser, 1 for everyone else."""
        return [0.0 if s in self.losers else 1.0 for s in range(self.n)]


# -- action texts --------------------------------------------------------------------------------------------


def action_int(text: str) -> int:
    """The int of a canonical action text (`attack:7S7H`, `beat:7S:8S`, `take`…)."""
    verb, *args = text.split(":")
    if verb == "take":
        return TAKE
    if verb == "done":
        return DONE
    if verb == "beat":
        return BEAT + 52 * CARD_INT[args[0]] + CARD_INT[args[1]]
    if verb == "attack":
        cards = [CARD_INT[args[0][i : i + 2]] for i in range(0, len(args[0]), 2)]
        return ATTACK + 16 * (cards[0] % 13) + sum(1 << c // 13 for c in cards)
    return {"throw": THROW, "transfer": TRANSFER, "show": SHOW}[verb] + CARD_INT[args[0]]


def action_text(a: int) -> str:
    """The rules' canonical text of an action int."""
    if a == TAKE:
        return "take"
    if a == DONE:
        return "done"
    if a >= BEAT:
        return f"beat:{CARD_STR[(a - BEAT) // 52]}:{CARD_STR[(a - BEAT) % 52]}"
    if a >= ATTACK:
        r, m = divmod(a - ATTACK, 16)
        return "attack:" + "".join(CARD_STR[13 * s + r] for s in range(4) if m >> s & 1)
    if a >= SHOW:
        return f"show:{CARD_STR[a - SHOW]}"
    if a >= TRANSFER:
        return f"transfer:{CARD_STR[a - TRANSFER]}"
    return f"throw:{CARD_STR[a]}"
