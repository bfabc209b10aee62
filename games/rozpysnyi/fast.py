"""A fast rozpysnyi engine for play-outs: the same rules as `rules.py` on small integers.

Cards are bit indices `suit * 9 + rank` (suits S H D C = 0…3, ranks 6…A = 0…8; the 32-card deck has no
rank 0), a hand is an int bitmask, and a state is a small `__slots__` object whose copy is a few list
copies (about a microsecond). No pydantic, no strings in the inner loop. `tests/games/test_rozpysnyi_fast.py`
replays thousands of random games through both engines and checks they agree at every step.

Actions are ints:
- `0…35` — play that plain card;
- `HIGH`, `LOW` — the poker card when not leading (`play:7S:high` / `low`);
- `TOP + s`, `DUMP + s` — lead the poker card «за старшим» / «зливаю» suit `s`;
- `BID + n` — bid n tricks.
`action_int` / `action_text` convert from and to the rules' canonical texts.

`Round` is one round (bidding, with the dark deal coming after the bids, then play and its score);
`Match` adds the schedule and the totals for a whole game, given the deck orders (`from_state` reads them
off a rules state the way the rules draw them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from games.cards import SUITS, make_deck, shuffled
from games.rozpysnyi import schedule as sched
from games.rozpysnyi.rules import round_points  # the one scoring rule, shared with the rules

if TYPE_CHECKING:
    from games.rozpysnyi.rules import RozpysnyiState, RozpysnyiView
    from games.tricktaking import Trick

HIGH, LOW, TOP, DUMP, BID = 36, 37, 38, 42, 50
BIDDING, PLAYING, DONE = 0, 1, 2
RANK_CHARS = "6789TJQKA"

SUIT_MASK = tuple(0x1FF << (9 * s) for s in range(4))
BIT = tuple(1 << c for c in range(36))
SUIT_OF = tuple(c // 9 for c in range(36))
RANK_OF = tuple(c % 9 for c in range(36))
# the card indices of each 9-bit chunk of a hand, per suit: CARDS_IN[s][chunk]
CARDS_IN = tuple(
    tuple(tuple(9 * s + r for r in range(9) if chunk >> r & 1) for chunk in range(512)) for s in range(4)
)
C0, C1, C2, C3 = CARDS_IN
SHIFT = (0, 9, 18, 27)
HIGHEST = tuple(tuple(9 * s + chunk.bit_length() - 1 for chunk in range(512)) for s in range(4))
LEADS = tuple(range(TOP, TOP + 8))
HIGH_LOW = (HIGH, LOW)
BIDS = tuple(tuple(range(BID, BID + n + 1)) for n in range(13))
# cards of the same suit above a card
ABOVE = tuple(SUIT_MASK[c // 9] & ~((2 << c) - 1) for c in range(36))

CARD_INT = {r + s: 9 * i + j for i, s in enumerate(SUITS) for j, r in enumerate(RANK_CHARS)}
CARD_STR = {v: k for k, v in CARD_INT.items()}
SUIT_INT = {s: i for i, s in enumerate(SUITS)}


def cards(mask: int) -> list[int]:
    """The card indices in a bitmask, ascending (suit by suit, low to high)."""
    out: list[int] = []
    for s in range(4):
        chunk = (mask >> (9 * s)) & 511
        if chunk:
            out += CARDS_IN[s][chunk]
    return out


def mask_of(texts: Sequence[str]) -> int:
    m = 0
    for t in texts:
        m |= 1 << CARD_INT[t]
    return m


def deck_mask(players: int) -> int:
    return mask_of(make_deck(sched.DECK[players]))


class Round:
    """One round's state. `hands` exist from the start (a dark round's are those it will deal)."""

    __slots__ = (
        "best",
        "bids",
        "dark",
        "dealer",
        "dealt",
        "hands",
        "last_winner",
        "leader",
        "led",
        "n",
        "nplay",
        "p",
        "pbit",
        "phase",
        "played",
        "points",
        "top",
        "trick",
        "tricks",
        "trump",
        "trump_card",
        "turn",
        "voids",
        "winner",
    )

    def __init__(
        self,
        players: int,
        n: int,
        dealer: int,
        hands: list[int],
        trump: int,
        poker: int,
        dark: bool,
        trump_card: int = -1,
    ) -> None:
        self.p = players
        self.n = n
        self.dealer = dealer
        self.hands = hands
        self.trump = trump  # suit 0…3, or -1: no trump
        self.trump_card = trump_card  # the turned-up or shown card (-1: none), for the views
        self.pbit = 1 << poker if poker >= 0 else 0
        self.dark = dark
        self.dealt = not dark
        self.phase = BIDDING
        self.bids = [-1] * players
        self.tricks = [0] * players
        self.turn = (dealer + 1) % players
        self.leader = dealer
        self.trick: list[int] = []  # actions of the trick in progress
        self.nplay = 0
        self.led = -1
        self.top = False  # the trick was led «за старшим»: the named suit goes highest first
        self.best = -10
        self.winner = -1
        self.last_winner = -1
        self.played = 0
        self.voids = [0] * players  # suits each seat showed it lacks, as a 4-bit mask
        self.points: list[int] = []

    def copy(self) -> Round:
        c = Round.__new__(Round)
        c.p, c.n, c.dealer, c.trump, c.trump_card, c.pbit = (
            self.p,
            self.n,
            self.dealer,
            self.trump,
            self.trump_card,
            self.pbit,
        )
        c.dark, c.dealt, c.phase, c.turn, c.leader = self.dark, self.dealt, self.phase, self.turn, self.leader
        c.hands, c.bids, c.tricks, c.trick = self.hands[:], self.bids[:], self.tricks[:], self.trick[:]
        c.nplay, c.led, c.top, c.best, c.winner = self.nplay, self.led, self.top, self.best, self.winner
        c.last_winner, c.played, c.voids, c.points = self.last_winner, self.played, self.voids[:], self.points
        return c

    # -- what may be done -------------------------------------------------------------------------
    def hook(self) -> int:
        """The bid the dealer may not make (it may be out of range)."""
        return self.n - sum(b for i, b in enumerate(self.bids) if i != self.dealer)

    def legal(self) -> Sequence[int]:
        """The legal actions (a list or a tuple: do not change it)."""
        if self.phase == PLAYING:
            hand = self.hands[self.turn]
            pbit = self.pbit
            plain = hand & ~pbit
            if not self.nplay:
                out = C0[plain & 511] + C1[(plain >> 9) & 511] + C2[(plain >> 18) & 511] + C3[plain >> 27]
                return out + LEADS if hand & pbit else out
            led = self.led
            follow = (plain >> SHIFT[led]) & 511
            if follow:
                out = (HIGHEST[led][follow],) if self.top else CARDS_IN[led][follow]
            else:
                trump = self.trump
                chunk = (plain >> SHIFT[trump]) & 511 if trump >= 0 else 0
                if chunk:
                    out = CARDS_IN[trump][chunk]
                else:
                    out = C0[plain & 511] + C1[(plain >> 9) & 511] + C2[(plain >> 18) & 511] + C3[plain >> 27]
            return out + HIGH_LOW if hand & pbit else out
        if self.phase == BIDDING:
            if self.turn != self.dealer:
                return BIDS[self.n]
            forbidden = BID + self.hook()
            return tuple(a for a in BIDS[self.n] if a != forbidden)
        return ()

    # -- moves ------------------------------------------------------------------------------------
    def apply(self, a: int) -> None:
        """Take a legal action (not checked: the caller took it from `legal`)."""
        seat = self.turn
        if a < 36:
            bit = BIT[a]
            self.hands[seat] ^= bit
            self.played |= bit
            s = SUIT_OF[a]
            trump = self.trump
            nplay = self.nplay
            if not nplay:
                self.led = s
                self.top = False
                self.best = 200 + RANK_OF[a] if s == trump else 100 + RANK_OF[a]
                self.winner = seat
            else:
                led = self.led
                if s == trump:
                    power = 200 + RANK_OF[a]
                    if s != led:
                        self.voids[seat] |= 1 << led
                elif s == led:
                    power = 100 + RANK_OF[a]
                else:
                    power = -1
                    self.voids[seat] |= (1 << led) | ((1 << trump) if trump >= 0 else 0)
                if power > self.best:
                    self.best = power
                    self.winner = seat
        elif a < BID:
            self._poker(seat, a)
            nplay = self.nplay
        else:
            self._bid(seat, a - BID)
            return
        self.trick.append(a)
        nplay += 1
        if nplay < self.p:
            self.nplay = nplay
            self.turn = seat + 1 if seat + 1 < self.p else 0
            return
        self._trick_done()

    def _bid(self, seat: int, n: int) -> None:
        self.bids[seat] = n
        if seat == self.dealer:
            self.phase = PLAYING
            self.dealt = True
            self.turn = self.leader = seat
        else:
            self.turn = (seat + 1) % self.p

    def _poker(self, seat: int, a: int) -> None:
        """The poker card with its call: how strongly it competes, and the suit a lead names."""
        self.hands[seat] &= ~self.pbit
        self.played |= self.pbit
        if a == HIGH:
            power = 1000
        elif a == LOW:
            power = -2
        elif a < DUMP:
            self.led = a - TOP
            self.top = True
            power = 1000 if a - TOP == self.trump else 199
        else:
            self.led = a - DUMP
            self.top = False
            power = 99
        if not self.nplay or power > self.best:
            self.best = power
            self.winner = seat

    def _trick_done(self) -> None:
        w = self.winner
        self.tricks[w] += 1
        self.last_winner = w
        self.trick = []
        self.nplay = 0
        self.led = -1
        self.turn = self.leader = w
        if not self.hands[w]:
            self.phase = DONE
            dark = self.dark
            self.points = [round_points(b, t, dark) for b, t in zip(self.bids, self.tricks, strict=True)]


def deal(players: int, kind: str, dealer: int, deck: Sequence[int], poker: int) -> Round:
    """A round dealt from a deck order (top first) the way the rules deal: one card at a time from the
    seat after the dealer; the next card turned up, or the dealer's last one shown."""
    n = sched.cards_in(kind, players)
    hands = [0] * players
    dealt = n * players
    for k in range(players):
        m = 0
        for c in deck[k:dealt:players]:
            m |= BIT[c]
        hands[(dealer + 1 + k) % players] = m
    trump, trump_card = -1, -1
    if kind != "N":
        trump_card = deck[n * players] if n * players < len(deck) else deck[n * players - 1]
        if trump_card != poker:
            trump = SUIT_OF[trump_card]
    return Round(players, n, dealer, hands, trump, poker, kind == "D", trump_card)


class Match:
    """A whole game: the schedule, the totals, and a `Round` at a time dealt from `decks(i)`."""

    __slots__ = ("deal_no", "decks", "kinds", "over", "players", "poker", "round", "round_no", "totals")

    def __init__(
        self,
        players: int,
        kinds: list[str],
        dealer: int,
        poker: int,
        decks: Callable[[int], list[int]],
    ) -> None:
        self.players = players
        self.kinds = kinds
        self.poker = poker
        self.decks = decks
        self.deal_no = 0
        self.round_no = 0
        self.totals = [0] * players
        self.over = False
        self.round = deal(players, kinds[0], dealer, decks(0), poker)
        self.deal_no = 1

    def legal(self) -> list[int]:
        return [] if self.over else self.round.legal()

    @property
    def turn(self) -> int:
        return self.round.turn

    def apply(self, a: int) -> None:
        r = self.round
        r.apply(a)
        if r.phase != DONE:
            return
        self.totals = [t + x for t, x in zip(self.totals, r.points, strict=True)]
        self.round_no += 1
        if self.round_no >= len(self.kinds):
            self.over = True
            return
        self.round = deal(
            self.players,
            self.kinds[self.round_no],
            (r.dealer + 1) % self.players,
            self.decks(self.deal_no),
            self.poker,
        )
        self.deal_no += 1


# -- converting from and to the rules ----------------------------------------------------------------


def action_int(text: str) -> int:
    """`bid:2` → BID + 2, `play:QH` → its card, `play:7S:high` → HIGH, `lead:7S:top:H` → TOP + 1."""
    verb, *args = text.split(":")
    if verb == "bid":
        return BID + int(args[0])
    if verb == "lead":
        return (TOP if args[1] == "top" else DUMP) + SUIT_INT[args[2]]
    if len(args) == 2:
        return HIGH if args[1] == "high" else LOW
    return CARD_INT[args[0]]


def action_text(a: int, poker: str | None) -> str:
    if a >= BID:
        return f"bid:{a - BID}"
    if a < 36:
        return f"play:{CARD_STR[a]}"
    if a == HIGH:
        return f"play:{poker}:high"
    if a == LOW:
        return f"play:{poker}:low"
    how, s = ("top", a - TOP) if a < DUMP else ("dump", a - DUMP)
    return f"lead:{poker}:{how}:{SUITS[s]}"


def play_int(card: str, call: str | None, poker: str | None) -> int:
    """A trick's play (card and call) as an action."""
    if card != poker:
        return CARD_INT[card]
    if not call or call == "low":
        return LOW
    if call == "high":
        return HIGH
    how, _, s = call.partition(":")
    return (TOP if how == "top" else DUMP) + SUIT_INT[s]


def deck_order(state: RozpysnyiState, deal_no: int) -> list[int]:
    """The deck order the rules use for deal `deal_no` (an explicit one, else the seeded shuffle)."""
    deck = make_deck(sched.DECK[state.players])
    order = state.deals[deal_no] if deal_no < len(state.deals) else shuffled(deck, f"{state.seed}:{deal_no}")
    return [CARD_INT[c] for c in order]


def poker_index(state: RozpysnyiState) -> int:
    opts = state.options
    return CARD_INT[opts.poker_card_id] if opts.poker_card else -1


def round_from_state(state: RozpysnyiState) -> Round:
    """The rules state's current round as a fast `Round` (a dark round still bid: the deal it will get)."""
    p = state.players
    poker = poker_index(state)
    if not state.dealt:
        r = deal(p, state.kind, state.dealer, deck_order(state, state.deal_no), poker)
    else:
        hands = [mask_of(h) for h in state.hands]
        tc = CARD_INT[state.trump_card] if state.trump_card else -1
        trump = SUIT_INT[state.trump] if state.trump else -1
        r = Round(p, state.cards, state.dealer, hands, trump, poker, state.dark, tc)
        r.dealt = True
    _copy_progress(r, state.bids, state.tricks, state.trick, state.played, poker)
    r.voids = [sum(1 << SUIT_INT[s] for s in v) for v in state.voids]
    if state.phase == "play":
        r.phase = PLAYING
    return r


def round_from_view(
    view: RozpysnyiView, hands: list[int], trump: int = -2, deck: Sequence[int] = ()
) -> Round:
    """A seat's view completed with hands for everybody (as the search samples them): the round as the
    view shows it. A dark round still bid is dealt from `deck` instead (everything is unknown then)."""
    p = view.players
    poker = CARD_INT[view.poker_card] if view.poker_card else -1
    if view.dark_hidden:
        r = deal(p, "D", view.dealer, deck, poker)
    else:
        if trump == -2:
            trump = SUIT_INT[view.trump] if view.trump else -1
        tc = CARD_INT[view.trump_card] if view.trump_card else -1
        r = Round(p, view.cards, view.dealer, hands, trump, poker, view.kind == "dark", tc)
        r.dealt = True
    _copy_progress(r, view.bids, view.tricks, view.trick, view.played, poker)
    r.voids = [sum(1 << SUIT_INT[s] for s in v) for v in view.voids]
    return r


def _copy_progress(
    r: Round,
    bids: Sequence[int | None],
    tricks: Sequence[int],
    trick: Trick | None,
    played: Sequence[str],
    poker: int,
) -> None:
    """Bids, tricks taken and the trick in progress (replayed, so that its winner so far is right)."""
    p = r.p
    r.bids = [-1 if b is None else b for b in bids]
    r.tricks = list(tricks)
    done = sum(b is not None for b in bids)
    if done < p:
        r.turn = (r.dealer + 1 + done) % p
        return
    r.phase = PLAYING
    r.played = mask_of(played)
    if trick is None:
        return
    r.leader = r.turn = trick.leader
    plays = [play_int(pl.card, pl.call, CARD_STR.get(poker)) for pl in trick.plays]
    # hands hold the cards already put on the trick back for the replay
    for k, a in enumerate(plays):
        seat = (trick.leader + k) % p
        bit = r.pbit if a >= 36 else 1 << a
        r.hands[seat] |= bit
        r.played &= ~bit
    saved = r.voids
    for a in plays:
        r.apply(a)
    r.voids = saved


def match_from_state(state: RozpysnyiState) -> Match:
    """A fresh rules game (no move made yet) as a `Match` that draws the same deck orders."""
    poker = poker_index(state)
    dealer = state.dealer
    return Match(state.players, list(state.rounds), dealer, poker, lambda i: deck_order(state, i))
