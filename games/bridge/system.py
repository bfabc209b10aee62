"""The robots' bidding system, written as data: a table of rules read top to bottom, the first that fits wins.

A natural system a club player knows: openings on high-card points (A 4, K 3, Q 2, J 1) and shape with
five-card majors; 1NT 15–17 and 2NT 20–21 balanced, 2♣ strong (22+), weak twos and three-level preempts;
raises and new suits in answer (Jacoby 2NT the game-forcing raise of a major); Stayman and Jacoby
transfers over 1NT and 2NT; simple overcalls, the 1NT overcall, takeout doubles and their answers, penalty
doubles of overcalls and of 1NT, the redouble that shows values; and, for the later rounds, a few general
principles (game with 25 points between the two hands, slam with 33, a fit of eight cards, compete to the
level of the fit).

A rule is (`after`, `call`, `when`):
- `after` — the auction from its first bid up to now, from the bidder's seat, in diagram notation
  (`1S P`: partner opened 1♠ and the right-hand opponent passed). `1M`, `1m`, `1s`, `2t` … bind a strain
  variable (`M` a major, `m` a minor, `s` `t` `u` any suit, all different); `*` is any call; a pattern
  starting with `...` matches any start. An empty `after` is the opening seat (only passes so far).
- `call` — `P`, `X`, `XX`, a bid (`3N`, `2M`, `1u`: a strain variable not yet bound is tried over the
  suits, longest first), `?s` the cheapest bid in `s`, `!s` one level higher (a jump).
- `when` — what the hand must hold, all of: `hcp:12-21`, `hcp:15+`, `hcp:-11`; `sup:A-B` (points for a
  raise: high cards and shortness); `tot:25+` (my points and partner's: the minimum partner has shown,
  a little more when that range is wide); `ptot` (the same counting my shortness, for a fit); suit
  lengths `S>=5`, `M=4`, `t<=1`, `s>=t`; `bal`, `!bal`; `open` (12+, or 10+ by the rule of 20);
  `stop:s` (a stopper), `good:s` (two of the top three or three of the top five honours), `tod:s`
  (takeout shape: at most two in `s`, three or more in each other suit), `fit:s` (eight cards between
  us, as far as partner has shown), `nojump`, `below:s`, `theirs` (the opponents bid last), `need`
  (our side is not yet in game), `needslam` (… not yet in slam), `lott:s` (the level is no higher than
  our trumps − 6), `pen` (a penalty double: four trumps, or values against no trump), `upper` (the upper
  half of the points my calls have shown: an invitation accepted), `theirgame` (the opponents bid a game
  last), `fit9:s` (nine trumps between us), `fav` (favourable vulnerability), `ltc:n` (at most n
  losers by the losing-trick count); `a|b` means either.
  `tot` counts a point for each card past the fourth of a suit; from 30 up (slam) it counts neither
  length nor more of partner's range than its minimum and a little.

What a call *means* is read from the same table: the union of what every rule of this auction that could
have made that call requires (`meaning`; a catch-all says nothing, the general principles count only when
no rule of the auction makes the call). The robots read partner's calls this way, and the card play's samples
keep every seat's hand within what its calls showed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache

from games.bridge import auction as auc

SUITS = "SHDC"
RANK_ORDER = "CDHSN"  # strains low to high
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
VARS = {"M": "HS", "m": "CD", "s": "CDHS", "t": "CDHS", "u": "CDHS", "v": "CDHS"}
GAME_LEVEL = {"C": 5, "D": 5, "H": 4, "S": 4, "N": 3}


# -- the hand ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    cards: tuple[str, ...]
    hcp: int
    length: dict[str, int]

    @staticmethod
    def of(cards: Sequence[str]) -> Hand:
        return Hand(
            tuple(cards),
            sum(HCP.get(c[0], 0) for c in cards),
            {s: sum(c[1] == s for c in cards) for s in SUITS},
        )

    @property
    def balanced(self) -> bool:
        shape = sorted(self.length.values())
        return shape in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])

    def honours(self, suit: str) -> str:
        return "".join(c[0] for c in self.cards if c[1] == suit and c[0] in "AKQJT")


@dataclass
class Hull:
    """What a seat's calls have shown: a range of high-card points and of each suit's length."""

    hcp: tuple[int, int] = (0, 37)
    length: dict[str, tuple[int, int]] = field(default_factory=lambda: {s: (0, 13) for s in SUITS})

    def meet(self, other: Hull) -> Hull:
        """Both at once; where they contradict (a call off the system), the newer wins."""

        def both(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
            lo, hi = max(a[0], b[0]), min(a[1], b[1])
            return (lo, hi) if lo <= hi else b

        return Hull(both(self.hcp, other.hcp), {s: both(self.length[s], other.length[s]) for s in SUITS})

    def join(self, other: Hull) -> Hull:
        """Either one (the smallest ranges holding both)."""

        def hull(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
            return min(a[0], b[0]), max(a[1], b[1])

        return Hull(hull(self.hcp, other.hcp), {s: hull(self.length[s], other.length[s]) for s in SUITS})

    def admits(self, hand: Hand) -> bool:
        if not self.hcp[0] <= hand.hcp <= self.hcp[1]:
            return False
        return all(lo <= hand.length[s] <= hi for s, (lo, hi) in self.length.items())


# -- the bidding situation --------------------------------------------------------------------------


@dataclass
class Situation:
    """The auction as the next caller sees it, with what every seat has shown so far."""

    dealer: int
    calls: list[str]
    shown: list[Hull]

    @property
    def me(self) -> int:
        return auc.caller(self.dealer, len(self.calls))

    @cached_property
    def legal(self) -> frozenset[str]:
        return frozenset(auc.legal_calls(self.dealer, self.calls))

    def tokens(self) -> list[str]:
        """Calls in diagram notation from the first bid on (empty: nobody has bid yet)."""
        first = next((i for i, c in enumerate(self.calls) if auc.is_bid(c)), None)
        return [] if first is None else [auc.short(c) for c in self.calls[first:]]

    def last_bid(self) -> tuple[int, str, int] | None:
        """(level, strain, seat) of the last bid."""
        found = auc.last_bid(self.calls)
        if found is None:
            return None
        i, call = found
        return int(call[4]), call[5], auc.caller(self.dealer, i)

    def cheapest(self, strain: str) -> int:
        last = self.last_bid()
        if last is None:
            return 1
        level, s, _ = last
        return level if RANK_ORDER.index(strain) > RANK_ORDER.index(s) else level + 1


@dataclass
class Ctx:
    hand: Hand | None  # None when reading a call's meaning
    env: dict[str, str]
    sit: Situation
    call: str  # the call in diagram notation (`2H`, `P`)
    vul: tuple[bool, bool] = (False, False)  # (N–S, E–W) vulnerable

    @property
    def favourable(self) -> bool:
        """Not vulnerable against vulnerable opponents."""
        mine = auc.side(self.sit.me)
        return not self.vul[mine] and self.vul[1 - mine]

    @property
    def partner_shown(self) -> Hull:
        return self.sit.shown[auc.partner(self.sit.me)]

    def strain(self, x: str) -> str:
        return self.env.get(x, x)


# -- constraints --------------------------------------------------------------------------------------

Test = Callable[[Ctx], bool]
Static = Callable[[Ctx], Hull | None]


def _range(text: str) -> tuple[int, int]:
    if text.endswith("+"):
        return int(text[:-1]), 37
    if text.startswith("-"):
        return 0, int(text[1:])
    lo, _, hi = text.partition("-")
    return int(lo), int(hi or lo)


def _hcp_hull(lo: int, hi: int) -> Hull:
    return Hull(hcp=(max(lo, 0), min(hi, 37)))


def _len_hull(suit: str, lo: int, hi: int) -> Hull:
    h = Hull()
    h.length[suit] = (max(lo, 0), min(hi, 13))
    return h


def _expect(shown: Hull, slam: bool = False) -> int:
    """Points to count on from partner: the minimum shown, a little more when the range is wide (less
    when slam is at stake: a slam off two tricks costs more than a game missed)."""
    lo, hi = shown.hcp
    return lo + (min(2, (hi - lo) // 3) if slam else min(3, (hi - lo) // 2))


def _shortness(hand: Hand) -> int:
    return sum({0: 3, 1: 2, 2: 1}.get(n, 0) for n in hand.length.values())


def _long(hand: Hand) -> int:
    """A point for each card past the fourth in a suit (no trump: a long suit's tricks)."""
    return sum(max(0, n - 4) for n in hand.length.values())


def _stopper(hand: Hand, suit: str) -> bool:
    ranks = [c[0] for c in hand.cards if c[1] == suit]
    n = len(ranks)
    return "A" in ranks or ("K" in ranks and n >= 2) or ("Q" in ranks and n >= 3) or ("J" in ranks and n >= 4)


def _good(hand: Hand, suit: str) -> bool:
    h = hand.honours(suit)
    return sum(r in h for r in "AKQ") >= 2 or len(h) >= 3


def _ours(ctx: Ctx, seat: int) -> bool:
    return auc.side(seat) == auc.side(ctx.sit.me)


def _need(ctx: Ctx, slam: bool = False) -> bool:
    last = ctx.sit.last_bid()
    if last is None or not _ours(ctx, last[2]):
        return True
    level, strain, _ = last
    return level < (6 if slam else GAME_LEVEL[strain])


def _pen(ctx: Ctx) -> bool:
    last = ctx.sit.last_bid()
    if last is None or _ours(ctx, last[2]) or last[0] < 2 or ctx.hand is None:
        return False
    strain = last[1]
    if strain == "N":
        return ctx.hand.hcp >= 12
    return ctx.hand.length[strain] >= 4 and _good(ctx.hand, strain)


def _level(ctx: Ctx) -> int:
    return int(ctx.call[0]) if ctx.call[:1].isdigit() else 0


def parse(token: str) -> tuple[Test, Static]:
    """One constraint of a rule's `when`: a test on a hand and what it tells about the hand."""
    if "|" in token:
        parts = [parse(p) for p in token.split("|")]
        return (lambda c: any(t(c) for t, _ in parts)), (lambda c: None)
    kind, _, arg = token.partition(":")
    if kind == "hcp":
        lo, hi = _range(arg)
        return (lambda c: lo <= c.hand.hcp <= hi), (lambda c: _hcp_hull(lo, hi))
    if kind == "ltc":  # at most this many losers (shape and honours beyond the point count)
        n = int(arg)
        return (lambda c: losers(c.hand) <= n), (lambda c: None)
    if kind == "sup":
        lo, hi = _range(arg)
        return (lambda c: lo <= c.hand.hcp + _shortness(c.hand) <= hi), (lambda c: _hcp_hull(lo - 5, hi))
    if kind in ("tot", "ptot"):  # ptot: with a fit, shortness counts too
        lo, hi = _range(arg)
        slam = lo >= 30

        def tot(c: Ctx) -> bool:
            mine = c.hand.hcp + (_shortness(c.hand) if kind == "ptot" else 0 if slam else _long(c.hand))
            return lo <= mine + _expect(c.partner_shown, slam) <= hi

        def tot_static(c: Ctx) -> Hull:
            m = _expect(c.partner_shown, slam)
            return _hcp_hull(lo - m - (5 if kind == "ptot" else 0), hi - m)

        return tot, tot_static
    if kind == "bal":
        return (lambda c: c.hand.balanced), (lambda c: Hull(length={s: (2, 5) for s in SUITS}))
    if kind == "!bal":
        return (lambda c: not c.hand.balanced), (lambda c: None)
    if kind == "open":
        return (lambda c: c.hand.hcp >= 12 or (c.hand.hcp >= 10 and _rule_of_20(c.hand))), (
            lambda c: _hcp_hull(10, 37)
        )
    if kind == "stop":
        return (lambda c: _stopper(c.hand, c.strain(arg))), (lambda c: None)
    if kind == "good":
        return (lambda c: _good(c.hand, c.strain(arg))), (lambda c: None)
    if kind == "tod":

        def tod(c: Ctx) -> bool:
            s = c.strain(arg)
            return c.hand.length[s] <= 2 and all(c.hand.length[o] >= 3 for o in SUITS if o != s)

        def tod_static(c: Ctx) -> Hull:
            s = c.strain(arg)
            return Hull(length={o: (0, 2) if o == s else (3, 13) for o in SUITS})

        return tod, tod_static
    if kind == "fit":

        def fit(c: Ctx) -> bool:
            s = c.strain(arg)
            return c.hand.length[s] + c.partner_shown.length[s][0] >= 8

        return fit, (lambda c: _len_hull(c.strain(arg), 8 - c.partner_shown.length[c.strain(arg)][0], 13))
    if kind == "lott":

        def lott(c: Ctx) -> bool:
            s = c.strain(arg)
            return _level(c) <= c.hand.length[s] + c.partner_shown.length[s][0] - 6

        return lott, (lambda c: None)
    if kind == "nojump":
        return (lambda c: _level(c) == c.sit.cheapest(c.call[1])), (lambda c: None)
    if kind == "below":
        return (lambda c: RANK_ORDER.index(c.call[1]) < RANK_ORDER.index(c.strain(arg))), (lambda c: None)
    if kind == "theirs":
        return (lambda c: (lb := c.sit.last_bid()) is not None and not _ours(c, lb[2])), (lambda c: None)
    if kind == "need":
        return _need, (lambda c: None)
    if kind == "upper":  # the upper half of the points my calls have shown (accepting an invitation)
        return (lambda c: 2 * c.hand.hcp >= sum(c.sit.shown[c.sit.me].hcp)), (lambda c: None)
    if kind == "fit9":  # nine cards between us: a sacrifice's trumps
        return (lambda c: c.hand.length[c.strain(arg)] + c.partner_shown.length[c.strain(arg)][0] >= 9), (
            lambda c: _len_hull(c.strain(arg), 9 - c.partner_shown.length[c.strain(arg)][0], 13)
        )
    if kind == "fav":
        return (lambda c: c.favourable), (lambda c: None)
    if kind == "theirgame":  # the opponents bid last, a game below slam

        def theirgame(c: Ctx) -> bool:
            last = c.sit.last_bid()
            return last is not None and not _ours(c, last[2]) and GAME_LEVEL[last[1]] <= last[0] < 6

        return theirgame, (lambda c: None)
    if kind == "needslam":
        return (lambda c: _need(c, slam=True)), (lambda c: None)
    if kind == "pen":
        return _pen, (lambda c: None)
    if kind == "agreed":  # the binding is `_candidates`'s; the fit is the test
        return (lambda c: c.hand.length[c.strain(arg)] + c.partner_shown.length[c.strain(arg)][0] >= 8), (
            lambda c: None
        )
    if kind == "keys":
        var, _, counts = arg.partition(":")
        allowed = {int(n) for n in counts.split(",")}
        return (lambda c: key_cards(c.hand, c.strain(var)) in allowed), (lambda c: None)
    if kind == "tq":
        return (lambda c: "Q" + c.strain(arg) in c.hand.cards), (lambda c: None)
    if kind == "void":  # a void in a side suit partner has not bid (RKCB's answers with a void)
        return (lambda c: _void(c.hand, c.sit, c.env) is not None), (lambda c: None)
    if kind == "controlled":
        return (lambda c: _control(c.hand, c.sit, c.env) is not None), (lambda c: None)
    return _length(token)


def _length(token: str) -> tuple[Test, Static]:
    """`S>=5`, `M=4`, `t<=1`, `s>=t`, `D>C`."""
    for op in (">=", "<=", "=", ">", "<"):
        if op in token:
            left, right = token.split(op)
            break
    else:
        raise ValueError(f"unknown constraint {token!r}")
    cmp = {
        ">=": lambda a, b: a >= b,
        "<=": lambda a, b: a <= b,
        "=": lambda a, b: a == b,
        ">": lambda a, b: a > b,
        "<": lambda a, b: a < b,
    }[op]
    if right.isdigit():
        n = int(right)
        bounds = {">=": (n, 13), "<=": (0, n), "=": (n, n), ">": (n + 1, 13), "<": (0, n - 1)}[op]
        return (lambda c: cmp(c.hand.length[c.strain(left)], n)), (
            lambda c: _len_hull(c.strain(left), *bounds)
        )
    return (lambda c: cmp(c.hand.length[c.strain(left)], c.hand.length[c.strain(right)])), (lambda c: None)


def agreed(sit: Situation) -> str | None:
    """The trump suit the next caller's side has agreed: the suit in which the two hands have shown eight
    cards or more between them (a major before a minor, the longer first); None if there is none."""
    me, partner = sit.shown[sit.me], sit.shown[auc.partner(sit.me)]
    fits = [s for s in "SHDC" if me.length[s][0] + partner.length[s][0] >= 8]
    return max(fits, key=lambda s: (s in "HS", me.length[s][0] + partner.length[s][0]), default=None)


def key_cards(hand: Hand, trump: str) -> int:
    """The aces and the king of trumps (Roman Key-Card Blackwood's five key cards) in a hand."""
    return sum(c[0] == "A" for c in hand.cards) + (f"K{trump}" in hand.cards)


def _place(hand: Hand | None, sit: Situation, env: dict[str, str]) -> str | None:
    """After partner's answer to 4NT: five, six or seven of the agreed suit by the key cards missing."""
    assert hand is not None
    trump = env["s"]
    last = sit.last_bid()
    assert last is not None
    answer = last[1]
    counts = {"C": (1, 4), "D": (0, 3), "H": (2,), "S": (2,)}[answer]
    mine = key_cards(hand, trump)
    possible = [n for n in counts if mine + n <= 5] or [counts[0]]
    partner = sit.shown[auc.partner(sit.me)]
    # 1 or 4, 0 or 3: the higher when the points partner's calls promise (as slam counts them) hold it
    expect = _expect(partner, slam=True)
    theirs = possible[-1] if len(possible) > 1 and expect >= 4 * possible[-1] - 1 else possible[0]
    missing = 5 - mine - theirs
    # 5♣/5♦ do not say: assume it; with ten trumps between us the queen mostly falls
    trumps = hand.length[trump] + partner.length[trump][0]
    queen = f"Q{trump}" in hand.cards or answer == "S" or answer in "CD" or trumps >= 10
    total = hand.hcp + _shortness(hand) + _expect(partner, slam=True)
    if missing >= 2 or (missing == 1 and not queen):
        level = 5
    elif missing == 1 or total < 36 or trumps < 9:  # a grand wants every trick: nine trumps too
        level = 6
    else:
        level = 7
    call = f"{level}{trump}"
    if not _legal(sit, call):
        call = f"{level + 1}{trump}" if level < 7 else "P"
    return call if call == "P" or _legal(sit, call) else None


def _void(hand: Hand | None, sit: Situation, env: dict[str, str]) -> str | None:
    """A void of this hand in a side suit of the agreed trump `s` that partner has not bid (four cards
    shown), the lowest; None if there is none."""
    if hand is None:
        return None
    partner = sit.shown[auc.partner(sit.me)]
    voids = [s for s in reversed(SUITS) if s != env["s"] and hand.length[s] == 0 and partner.length[s][0] < 4]
    return voids[0] if voids else None


def _void_answer(hand: Hand | None, sit: Situation, env: dict[str, str]) -> str | None:
    """RKCB's answer of one or three key cards with a void: six of the void suit below the trump suit,
    else six of the trump suit."""
    void = _void(hand, sit, env)
    if void is None:
        return None
    return f"6{void}" if RANK_ORDER.index(void) < RANK_ORDER.index(env["s"]) else f"6{env['s']}"


def _place_void(hand: Hand | None, sit: Situation, env: dict[str, str]) -> str | None:
    """After an answer with a void (5NT: two or four key cards; six of a suit: one or three): a grand
    slam when no key card is missing and the values are there, else six of the trump suit (or pass it)."""
    assert hand is not None
    trump, last = env["s"], sit.last_bid()
    assert last is not None
    counts = (2, 4) if last[1] == "N" else (1, 3)
    partner = sit.shown[auc.partner(sit.me)]
    mine = key_cards(hand, trump)
    possible = [n for n in counts if mine + n <= 5] or [counts[0]]
    expect = _expect(partner, slam=True)
    theirs = possible[-1] if len(possible) > 1 and expect >= 4 * possible[-1] - 1 else possible[0]
    trumps = hand.length[trump] + partner.length[trump][0]
    total = hand.hcp + _shortness(hand) + expect
    grand = mine + theirs == 5 and total >= 36 and trumps >= 9
    call = f"{7 if grand else 6}{trump}"
    return call if _legal(sit, call) else "P"


def _control(hand: Hand | None, sit: Situation, env: dict[str, str]) -> str | None:
    """The cheapest side suit, above the last bid and below game in the agreed major, in which this hand
    has the ace or a void: a control bid (None when there is none)."""
    if hand is None:
        return None
    for call in _side_suits_below_game(sit, env):
        if f"A{call[1]}" in hand.cards or hand.length[call[1]] == 0:
            return call
    return None


def _side_suits_below_game(sit: Situation, env: dict[str, str]) -> list[str]:
    """The bids above the last one and below game in the agreed major, in side suits (control bids)."""
    trump, last = env.get("M") or env.get("s"), sit.last_bid()
    if trump is None or last is None:
        return []
    start, game = auc.bid_rank(f"bid:{last[0]}{last[1]}") + 1, auc.bid_rank(f"bid:4{trump}")
    return [b[4:] for b in auc.BIDS[start:game] if b[5] not in ("N", trump)]


CALLS: dict[str, Callable[[Hand | None, Situation, dict[str, str]], str | None]] = {
    "place": _place,
    "place_void": _place_void,
    "void": _void_answer,
    "control": _control,
}
POSSIBLE: dict[str, Callable[[Situation, dict[str, str]], list[str]]] = {
    "place": lambda sit, env: ["P", *(f"{n}{env['s']}" for n in (5, 6, 7))],
    "place_void": lambda sit, env: ["P", *(f"{n}{env['s']}" for n in (6, 7))],
    "void": lambda sit, env: [f"6{s}" for s in SUITS if RANK_ORDER.index(s) <= RANK_ORDER.index(env["s"])],
    "control": _side_suits_below_game,
}


def losers(hand: Hand) -> int:
    """The losing-trick count: in each suit, the first three cards (fewer in a shorter suit) less the
    ace, king and queen among them."""
    out = 0
    for suit in SUITS:
        top = sorted((c[0] for c in hand.cards if c[1] == suit), key="AKQJT98765432".index)[:3]
        out += len(top) - sum(r in "AKQ" for r in top)
    return out


def _rule_of_20(hand: Hand) -> bool:
    a, b = sorted(hand.length.values())[-2:]
    return hand.hcp + a + b >= 20


# -- rules -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    name: str
    after: str
    call: str
    when: str = ""
    info: bool = True  # False: the call says nothing (the last resort pass)

    @property
    def checks(self) -> list[tuple[Test, Static]]:
        return _checks(self.when)

    @property
    def situational(self) -> list[Test]:
        """The tests that read only the auction (a call's meaning keeps a rule only where they hold)."""
        return _situational(self.when)


@cache
def _checks(when: str) -> list[tuple[Test, Static]]:
    return [parse(t) for t in when.split()]


SITUATIONAL = ("theirgame", "needslam", "need", "theirs", "nojump", "below")


@cache
def _situational(when: str) -> list[Test]:
    return [parse(t)[0] for t in when.split() if t.partition(":")[0] in SITUATIONAL]


def R(name: str, after: str, call: str, when: str = "", info: bool = True) -> Rule:
    return Rule(name, after, call, when, info)


def _quantitative(name: str, after: str, lo: int, hi: int) -> list[Rule]:
    """Partner's last call showed `lo`–`hi` balanced: 6NT with 33 points between us; a quantitative 4NT a
    point or two short (a five-card suit counts a point: a trick more), accepted in the upper half of the
    range partner's calls have shown or with a five-card suit."""
    five = "S>=5|H>=5|D>=5|C>=5"
    return [
        R(f"{name}_slam", after, "6N", f"hcp:{33 - lo}-{36 - hi}"),
        R(f"{name}_quantitative", after, "4N", f"hcp:{33 - hi}-{32 - lo}"),
        R(f"{name}_quantitative_long", after, "4N", f"hcp:{32 - hi} {five}"),
        R(f"{name}_quantitative_accept", f"{after} 4N P", "6N", f"upper|{five}"),
        R(f"{name}_quantitative_decline", f"{after} 4N P", "P"),
    ]


def _nt_rules(nt: str, lo: int, hi: int) -> list[Rule]:
    """Stayman and Jacoby transfers over a 1NT or 2NT opening of `lo`–`hi` points."""
    n = int(nt[0])
    club, dia, heart, spade = (f"{n + 1}{s}" for s in "CDHS")
    game_min, invite = 25 - lo, 23 - lo  # responder's points for game, for an invitation
    rules = [
        R(f"{nt}_transfer_spades", f"{nt} P", heart, "S>=5 S>=H"),
        R(f"{nt}_transfer_hearts", f"{nt} P", dia, "H>=5"),
        R(f"{nt}_stayman", f"{nt} P", club, f"hcp:{invite}+ S>=4|H>=4"),
        *_quantitative(nt, f"{nt} P", lo, hi),
        R(f"{nt}_game", f"{nt} P", "3N", f"hcp:{game_min}+"),
        R(f"{nt}_pass", f"{nt} P", "P", f"hcp:-{game_min - 1}"),
        R(f"{nt}_stayman_hearts", f"{nt} P {club} P", heart, "H>=4"),
        R(f"{nt}_stayman_spades", f"{nt} P {club} P", spade, "S>=4"),
        R(f"{nt}_stayman_none", f"{nt} P {club} P", dia),
        R(f"{nt}_stayman_fit_game", f"{nt} P {club} P {n + 1}M P", "4M", f"M>=4 hcp:{game_min}+"),
        *_quantitative(f"{nt}_stayman", f"{nt} P {club} P {n + 1}s P", lo, hi),
        R(f"{nt}_stayman_nt_game", f"{nt} P {club} P {n + 1}s P", "3N", f"hcp:{game_min}+"),
        R(f"{nt}_complete_hearts", f"{nt} P {dia} P", heart),
        R(f"{nt}_complete_spades", f"{nt} P {heart} P", spade),
    ]
    if n == 1:  # over 1NT responder may invite; over 2NT every answer is game-going
        rules[5:5] = [R("1N_invite", "1N P", "2N", f"hcp:{invite}-{game_min - 1}")]
        rules += [
            R("1N_stayman_fit_invite", "1N P 2C P 2M P", "3M", f"M>=4 hcp:{invite}-{game_min - 1}"),
            R("1N_stayman_nt_invite", "1N P 2C P 2s P", "2N", f"hcp:{invite}-{game_min - 1}"),
            R("1N_accept_invite", "1N P 2N P", "3N", "hcp:16+"),
            R("1N_stayman_accept_nt", "1N P 2C P 2s P 2N P", "3N", "hcp:16+"),
            R("1N_stayman_accept_fit", "1N P 2C P 2M P 3M P", "4M", "hcp:16+"),
        ]
    for m, xfer, done in (("H", dia, heart), ("S", heart, spade)):
        after = f"{nt} P {xfer} P {done} P"
        if n == 1:
            rules += [
                # a second suit with slam interest: natural, game forcing; the opener raises it with four
                *(R(f"1N_xfer_{m}_{s}", after, f"3{s}", f"{s}>=4 hcp:{31 - hi}+") for s in "CDH" if s != m),
                R(f"1N_xfer_{m}_slam", after, f"6{m}", f"{m}>=6 hcp:{33 - lo}+"),
                R(f"1N_xfer_{m}_slam_nt", after, "6N", f"hcp:{33 - lo}+"),
                *(
                    rule
                    for s in "CDH"
                    if s != m
                    for rule in (
                        R(f"1N_xfer_{m}_{s}_raise", f"{after} 3{s} P", f"4{s}", f"{s}>=4"),
                        R(f"1N_xfer_{m}_{s}_support", f"{after} 3{s} P", f"4{m}", f"{m}>=3"),
                        R(f"1N_xfer_{m}_{s}_nt", f"{after} 3{s} P", "3N"),
                    )
                ),
                R(f"1N_xfer_{m}_game6", after, f"4{m}", f"{m}>=6 hcp:{game_min}+"),
                R(f"1N_xfer_{m}_game5", after, "3N", f"hcp:{game_min}+"),
                R(f"1N_xfer_{m}_invite6", after, f"3{m}", f"{m}>=6 hcp:{invite}+"),
                R(f"1N_xfer_{m}_invite5", after, "2N", f"hcp:{invite}+"),
                R(f"1N_xfer_{m}_{'accept_fit'}", f"{after} 2N P", f"4{m}", f"{m}>=3 hcp:16+"),
                R(f"1N_xfer_{m}_decline_fit", f"{after} 2N P", f"3{m}", f"{m}>=3"),
                R(f"1N_xfer_{m}_accept_nt", f"{after} 2N P", "3N", "hcp:16+"),
                R(f"1N_xfer_{m}_raise_invite", f"{after} 3{m} P", f"4{m}", "hcp:16+"),
            ]
        else:
            rules += [R(f"2N_xfer_{m}_game6", after, f"4{m}", f"{m}>=6 hcp:{game_min}+")]
            rules += [R(f"2N_xfer_{m}_game5", after, "3N", f"hcp:{game_min}+")]
        rules.append(R(f"{nt}_xfer_{m}_choose", f"{after} 3N P", f"4{m}", f"{m}>=3"))
    return rules


def _fourth_suit() -> list[Rule]:
    """Fourth suit forcing, for the minor fit: responder with four of the opener's minor and game values
    bids the fourth suit (game forcing); the opener shows a stopper in it (no trump), three cards of
    responder's suit, a five-card second suit, else rebids the minor; responder then raises the minor
    (forcing: the slam try)."""
    after = "1m P 1t P 2u P 2v P"
    answers = ("2N", "2t", "3t", "3u", "3m")  # the opener's answers above, at their levels
    return [
        R("resp2_fourth_suit", "1m P 1t P 2u P", "2v", "m>=4 hcp:12+"),
        R("fourth_suit_nt", after, "?N", "stop:v"),
        R("fourth_suit_support", after, "?t", "t>=3"),
        R("fourth_suit_second", after, "?u", "u>=5"),
        R("fourth_suit_own", after, "?m"),
        *(R(f"fourth_suit_raise_{a}", f"{after} {a} P", "?m", "m>=4") for a in answers),
    ]


def _competitive_answers() -> list[Rule]:
    """Responder after partner's opening and an overcall (`1s 1t`, `1s 2t`) or a takeout double."""
    rules = []
    for over in ("1t", "2t"):
        one_level = [
            R(f"resp_nt_{over}", f"1s {over}", "1N", "hcp:8-10 stop:t"),
            R(f"resp_new_suit_1_{over}", f"1s {over}", "1u", "u>=4 hcp:6+ nojump"),
        ]
        rules += [
            R(f"resp_raise_game_{over}", f"1M {over}", "4M", "M>=4 sup:13+"),
            R(f"resp_raise_limit_{over}", f"1M {over}", "3M", "M>=4 sup:11-12"),
            R(f"resp_raise_{over}", f"1M {over}", "2M", "M>=3 sup:6-10"),
            R(f"resp_nt_game_{over}", f"1s {over}", "3N", "hcp:13-16 stop:t"),
            R(f"resp_nt_invite_{over}", f"1s {over}", "2N", "hcp:11-12 stop:t"),
            *(one_level if over == "1t" else []),
            R(f"resp_new_suit_2_{over}", f"1s {over}", "2u", "u>=5 hcp:11+ nojump"),
            R(f"resp_minor_raise_{over}", f"1m {over}", "?m", "m>=5 hcp:6-10"),
        ]
    rules[:0] = _negative_doubles()
    # partner's 1NT overcalled at the two level: their suit asks for a four-card major (Stayman's stand-in)
    rules += [
        R("1n_over_cue", "1N 2s", "3s", "hcp:10+ S>=4|H>=4"),
        R("1n_over_game", "1N 2s", "3N", "hcp:10+ stop:s"),
        R("1n_over_major", "1N 2s", "?M", "M>=5 hcp:-9"),
        R("1n_over_double", "1N 2s", "X", "hcp:10+"),
        R("1n_over_cue_hearts", "1N 2s 3s P", "3H", "H>=4"),
        R("1n_over_cue_spades", "1N 2s 3s P", "3S", "S>=4"),
        R("1n_over_cue_none", "1N 2s 3s P", "3N"),
        R("1n_over_cue_fit", "1N 2s 3s P 3M P", "4M", "M>=4"),
        R("1n_over_cue_nt", "1N 2s 3s P 3t P", "3N"),
    ]
    rules += [
        R("resp_redouble", "1s X", "XX", "hcp:10+"),
        R("resp_raise_over_double", "1M X", "2M", "M>=3 sup:6-9"),
        R("resp_new_suit_over_double", "1s X", "1u", "u>=5 hcp:6-9 nojump"),
        R("resp_nt_over_double", "1s X", "1N", "hcp:7-9 bal"),
        R("resp_minor_over_double", "1m X", "2m", "m>=5 hcp:5-9"),
    ]
    return rules


def _negative_doubles() -> list[Rule]:
    """Partner opened one of a suit and the right-hand opponent overcalled: the negative double shows the
    unbid major (both majors, or both minors when the majors are bid) and values; the opener answers it.
    The opener reopens with a double when short in the overcall and the auction would die."""
    rules = []
    for o, t, level in itertools.product("CDHS", "CDHS", (1, 2)):
        if o == t or (level == 1 and RANK_ORDER.index(t) < RANK_ORDER.index(o)):
            continue
        opened, over = f"1{o}", f"{level}{t}"
        unbid = [m for m in "HS" if m not in (o, t)]
        shows = " ".join(f"{m}>=4" for m in unbid) if unbid else " ".join(f"{m}>=4" for m in "CD" if m != t)
        values = f"hcp:{4 + 2 * level}+"  # 6+ over a one-level overcall, 8+ over a two-level one
        rules.append(R(f"neg_double_{opened}_{over}", f"{opened} {over}", "X", f"{shows} {values}"))
        after = f"{opened} {over} X P"
        for m in unbid:
            rules += [
                R(f"neg_answer_{opened}_{over}_4{m}", after, f"4{m}", f"{m}>=4 hcp:18+"),
                R(f"neg_answer_{opened}_{over}_{m}", after, f"?{m}", f"{m}>=4"),
            ]
        rules += [
            R(f"neg_answer_{opened}_{over}_pass", after, "P", f"{t}>=4 good:{t}"),
            R(f"neg_answer_{opened}_{over}_3n", after, "3N", f"hcp:18+ stop:{t}"),
            R(f"neg_answer_{opened}_{over}_nt", after, "?N", f"bal hcp:12-14 stop:{t}"),
            R(f"neg_answer_{opened}_{over}_own", after, f"?{o}", f"{o}>=6"),
            *(R(f"neg_answer_{opened}_{over}_{u}", after, f"?{u}", f"{u}>=4 nojump") for u in "CD" if u != t),
            R(f"neg_answer_{opened}_{over}_rest", after, f"?{o}"),
        ]
    for over in ("1t", "2t", "3t"):
        after = f"1s {over} P P X P"
        rules += [
            R(f"reopen_double_{over}", f"1s {over} P P", "X", f"t<=2 hcp:{15 if over == '3t' else 12}+"),
            R(f"reopen_own_{over}", f"1s {over} P P", "?s", "s>=6 hcp:12+"),
            R(f"reopen_answer_pass_{over}", after, "P", "t>=4 good:t hcp:6+"),
            R(f"reopen_answer_3n_{over}", after, "3N", "hcp:12+ stop:t"),
            R(f"reopen_answer_nt_{over}", after, "?N", "hcp:8-11 stop:t"),
            R(f"reopen_answer_major_{over}", after, "?M", "M>=4"),
            R(f"reopen_answer_raise_{over}", after, "?s", "s>=3"),
            R(f"reopen_answer_suit_{over}", after, "?u", "u>=4"),
        ]
    return rules


def _slam() -> list[Rule]:
    """Roman Key-Card Blackwood (1430) once a trump suit is agreed: 4NT asks for the five key cards (the
    aces and the trump king); 5♣ shows 1 or 4, 5♦ 0 or 3, 5♥ 2 without the trump queen, 5♠ 2 with it;
    with a void in a suit the asker has not bid, 5NT shows 2 or 4 and six of the void suit (six of the
    trump suit when the void ranks above it) 1 or 3 (the asker then bids six, or seven with every key card).
    The asker then places the contract: five of the trump suit when two key cards are missing, six
    when one is, seven when none is and the values are there. A control bid (an ace or a void in a
    side suit, the cheapest, below game in the agreed major) shows slam interest first."""
    return [
        R("rkcb_void_2_4", "... 4N P", "5N", "agreed:s keys:s:2,4 void"),
        R("rkcb_void_1_3", "... 4N P", "=void", "agreed:s keys:s:1,3 void"),
        R("rkcb_1_4", "... 4N P", "5C", "agreed:s keys:s:1,4"),
        R("rkcb_0_3", "... 4N P", "5D", "agreed:s keys:s:0,3"),
        R("rkcb_2_q", "... 4N P", "5S", "agreed:s keys:s:2 tq:s"),
        R("rkcb_2", "... 4N P", "5H", "agreed:s keys:s:2"),
        R("rkcb_place", "... 4N P 5t P", "=place", "agreed:s"),
        R("rkcb_placed", "... 4N P 5t P * *", "P", "agreed:s"),
        R("rkcb_place_void_5n", "... 4N P 5N P", "=place_void", "agreed:s"),
        R("rkcb_place_void", "... 4N P 6t P", "=place_void", "agreed:s"),
        R("rkcb_placed_void", "... 4N P 5N P * *", "P", "agreed:s"),
        R("rkcb_placed_void_6", "... 4N P 6t P * *", "P", "agreed:s"),
        R("control_bid", "... 3M P", "=control", "agreed:M ptot:30+ hcp:15+"),
        R("control_answer", "... 3M P * P", "=control", "agreed:M ptot:30+ controlled"),
        R("control_signoff", "... 3M P * P", "4M", "agreed:M"),
        R("rkcb_ask", "...", "4N", "agreed:s ptot:30+"),
        R("control_return", "... 3M P * P * P", "4M", "agreed:M"),
    ]


def _defence() -> list[Rule]:
    """Overcalls and doubles after the opponents open, and partner's answers to them."""
    rules = [
        # over a one-level suit opening on the right, or in the pass-out seat
        R("over_1nt", "1s", "1N", "hcp:15-18 bal stop:s"),
        R("over_takeout", "1s", "X", "hcp:12+ tod:s"),
        R("over_strong_double", "1s", "X", "hcp:17+"),
        R("over_suit_1", "1s", "1t", "t>=5 hcp:8-16 nojump"),
        R("over_suit_2", "1s", "2t", "t>=5 good:t hcp:10-16 nojump"),
        R("over_weak_jump", "1s", "!t", "t>=6 good:t hcp:5-10"),
        R("balance_double", "1s P P", "X", "hcp:10+ tod:s"),
        R("balance_strong_double", "1s P P", "X", "hcp:16+"),
        R("balance_nt", "1s P P", "1N", "hcp:11-14 bal stop:s"),
        R("balance_suit_1", "1s P P", "1t", "t>=5 hcp:7-15 nojump"),
        R("balance_suit_2", "1s P P", "2t", "t>=5 hcp:9-15 nojump"),
        # over 1NT: double for penalties, else a long suit
        R("over_1n_penalty", "1N", "X", "hcp:15+"),
        R("over_1n_suit", "1N", "2t", "t>=6 hcp:8-14 nojump"),
        # over weak twos and preempts
        R("over_weak_takeout", "2s", "X", "hcp:13+ tod:s"),
        R("over_weak_nt", "2s", "2N", "hcp:15-18 bal stop:s"),
        R("over_weak_suit", "2s", "?t", "t>=5 good:t hcp:12-17 nojump"),
        R("over_preempt_takeout", "3s", "X", "hcp:14+ tod:s"),
        R("over_preempt_nt", "3s", "3N", "hcp:16-20 stop:s"),
        R("over_preempt_suit", "3s", "?t", "t>=6 good:t hcp:13-17 nojump"),
        # advancing partner's overcall
        R("adv_raise_game", "1s 1M P", "4M", "M>=5 !bal"),
        R("adv_raise_limit", "1s 1M P", "3M", "M>=4 sup:10-12"),
        R("adv_raise", "1s 1M P", "2M", "M>=3 sup:7-9"),
        R("adv_raise_2", "1s 2M P", "3M", "M>=3 sup:9-12"),
        R("adv_nt_game", "1s 1t P", "3N", "hcp:15+ stop:s"),
        R("adv_nt_invite", "1s 1t P", "2N", "hcp:12-14 stop:s"),
        R("adv_nt", "1s 1t P", "1N", "hcp:8-11 stop:s"),
        R("adv_new_suit", "1s 1t P", "?u", "u>=5 hcp:9+ nojump"),
        # answering a takeout double (partner doubled, the right-hand opponent passed)
        R("adv_double_major_game", "1s X P", "4M", "M>=5 hcp:10+"),
        R("adv_double_nt_game", "1s X P", "3N", "hcp:12+ stop:s"),
        R("adv_double_nt_invite", "1s X P", "2N", "hcp:10-11 stop:s"),
        R("adv_double_penalty_pass", "1s X P", "P", "s>=5 good:s hcp:8+"),
        R("adv_double_major_jump", "1s X P", "!M", "M>=4 hcp:9-11"),
        R("adv_double_nt", "1s X P", "1N", "hcp:6-9 stop:s S<=3 H<=3"),
        R("adv_double_major", "1s X P", "?M", "M>=4"),
        R("adv_double_suit", "1s X P", "?t", "t>=3"),
        # …and to a double in the pass-out seat
        R("adv_balance_double_major_game", "1s P P X P", "4M", "M>=5 hcp:10+"),
        R("adv_balance_double_nt_game", "1s P P X P", "3N", "hcp:12+ stop:s"),
        R("adv_balance_double_nt_invite", "1s P P X P", "2N", "hcp:10-11 stop:s"),
        R("adv_balance_double_penalty_pass", "1s P P X P", "P", "s>=5 good:s hcp:8+"),
        R("adv_balance_double_major_jump", "1s P P X P", "!M", "M>=4 hcp:9-11"),
        R("adv_balance_double_nt", "1s P P X P", "1N", "hcp:6-9 stop:s S<=3 H<=3"),
        R("adv_balance_double_major", "1s P P X P", "?M", "M>=4"),
        R("adv_balance_double_suit", "1s P P X P", "?t", "t>=3"),
        # the doubler's second call, partner having answered at the cheapest level
        R("doubler_raise_game", "1s X P 1M P", "4M", "M>=4 hcp:19+"),
        R("doubler_raise", "1s X P 1t P", "!t", "t>=4 hcp:16-18"),
        R("doubler_nt_game", "1s X P 1t P", "3N", "hcp:20+ stop:s"),
        R("doubler_nt", "1s X P 1t P", "1N", "hcp:18-19 bal stop:s"),
        R("doubler_own_suit", "1s X P 1t P", "?u", "u>=5 hcp:17+"),
        # … or over the opener's partner's bid, passed round to the doubler: a strong hand's own suit
        *(
            R(f"doubler_own_suit_over_{rho}", f"1s X {rho} P P", "?u", "u>=5 hcp:16+ nojump")
            for rho in ("1t", "1N", "2s", "2t")
        ),
        *_free_bids(),
        *_strong_balancing(),
        # they found a fit and stopped at the two level: do not sell out
        R("protect_double", "1s P 2s P P", "X", "hcp:8+ tod:s"),
        R("protect_suit", "1s P 2s P P", "?t", "t>=5 hcp:8+"),
        # the opener with a strong hand after a balancing overcall
        R("reopen_double", "1s P P 1t", "X", "hcp:17+ t<=2"),
        R("reopen_nt", "1s P P 1t", "2N", "hcp:18-19 bal stop:t"),
        R("reopen_own", "1s P P 1t", "?s", "s>=6 hcp:15+"),
    ]
    return rules


def _free_bids() -> list[Rule]:
    """Partner doubled and the right-hand opponent bid: a free bid shows a suit and some values."""
    rules = [
        R("adv_free_nt_game", "1s X 2s", "3N", "hcp:11+ stop:s"),
        R("adv_free_major_game", "1s X 2s", "4M", "M>=5 hcp:9+"),
    ]
    for rho in ("1t", "2s", "1N"):
        rules += [
            R(f"adv_free_major_{rho}", f"1s X {rho}", "?M", "M>=4 hcp:5+ nojump"),
            R(f"adv_free_suit_{rho}", f"1s X {rho}", "?u", "u>=5 hcp:6+ nojump"),
        ]
    return rules


def _strong_balancing() -> list[Rule]:
    """A strong hand does not sell out to a low contract: it doubles for takeout when short in their suit,
    and partner answers (a penalty pass with length and honours in it)."""
    rules = []
    for level in (2, 3):
        after = f"... {level}s P P X P"
        rules += [
            R(f"strong_balance_{level}", f"... {level}s P P", "X", "theirs hcp:16+ s<=2"),
            R(f"strong_balance_{level}_pass", after, "P", "s>=5 good:s"),
            R(f"strong_balance_{level}_major", after, "?M", "M>=4"),
            R(f"strong_balance_{level}_nt", after, "?N", "stop:s hcp:8+"),
            R(f"strong_balance_{level}_suit", after, "?u", "u>=4"),
            R(f"strong_balance_{level}_any", after, "?u"),
        ]
    return rules


SYSTEM: tuple[Rule, ...] = (
    # -- the opener over Jacoby 2NT (before Blackwood: the shape first): a singleton or void, else the
    # minimum's game, 15–17's 3NT, 18+'s 3M (slam interest)
    R("jacoby_short", "1M P 2N P", "3t", "t<=1"),
    R("jacoby_min", "1M P 2N P", "4M", "hcp:-14"),
    R("jacoby_nt", "1M P 2N P", "3N", "hcp:15-17"),
    R("jacoby_strong", "1M P 2N P", "3M", "hcp:18+"),
    # -- slam bidding, once a trump suit is agreed (before everything else) -----------------------
    *_slam(),
    # -- openings ------------------------------------------------------------------------------
    R("open_2c", "", "2C", "hcp:22+"),
    R("open_2n", "", "2N", "hcp:20-21 bal"),
    R("open_1n", "", "1N", "hcp:15-17 bal"),
    R("open_1s", "", "1S", "open hcp:-21 S>=5 S>=H S>=D S>=C"),
    R("open_1h", "", "1H", "open hcp:-21 H>=5 H>=D H>=C"),
    R("open_1c_33", "", "1C", "open hcp:-21 C=3 D=3"),
    R("open_1d", "", "1D", "open hcp:-21 D>=3 D>=C"),
    R("open_1c", "", "1C", "open hcp:-21"),
    R("open_weak_2", "", "2M", "M=6 hcp:5-10 good:M"),
    R("open_weak_2d", "", "2D", "D=6 hcp:5-10 good:D S<=3 H<=3"),
    R("open_preempt_4", "", "4M", "M>=8 hcp:5-10"),
    R("open_preempt_3", "", "3s", "s>=7 hcp:5-10"),
    R("open_pass", "", "P", "hcp:-11"),
    # -- answering a major -------------------------------------------------------------------
    R("resp_major_pass", "1M P", "P", "hcp:-5"),
    R("resp_major_jacoby", "1M P", "2N", "M>=4 hcp:13+"),  # Jacoby 2NT: a game-forcing raise
    R("resp_major_game", "1M P", "4M", "M>=4 sup:13-16"),
    R("resp_major_preempt", "1M P", "4M", "M>=5 hcp:-9 !bal"),
    R("resp_major_limit", "1M P", "3M", "M>=4 sup:10-12"),
    R("resp_major_raise", "1M P", "2M", "M>=3 sup:6-9"),
    R("resp_1h_1s", "1H P", "1S", "S>=4 hcp:6+"),
    R("resp_1s_2h", "1S P", "2H", "H>=5 hcp:12+"),
    R("resp_major_3n", "1M P", "3N", "hcp:13-15 bal M<=2"),
    R("resp_major_2m", "1M P", "2m", "m>=4 hcp:12+"),
    R("resp_major_1n", "1M P", "1N", "hcp:6-11"),
    R("resp_major_strong", "1M P", "2m", "hcp:12+"),
    # -- answering a minor -------------------------------------------------------------------
    R("resp_minor_pass", "1m P", "P", "hcp:-5"),
    R("resp_minor_major", "1m P", "1M", "M>=4 hcp:6+"),
    R("resp_1c_1d", "1C P", "1D", "D>=4 hcp:6+"),
    R("resp_minor_3n", "1m P", "3N", "hcp:13-15 bal"),
    R("resp_minor_2n", "1m P", "2N", "hcp:11-12 bal"),
    R("resp_minor_limit", "1m P", "3m", "m>=5 hcp:10-11"),
    R("resp_minor_raise", "1m P", "2m", "m>=4 hcp:6-9"),
    R("resp_1d_2c", "1D P", "2C", "C>=4 hcp:12+"),
    R("resp_minor_1n", "1m P", "1N", "hcp:6-10"),
    R("resp_minor_strong", "1m P", "3N", "hcp:12+", info=False),  # no better call: read as 13–15 balanced
    # -- no trump openings, the strong 2♣, weak twos, preempts ---------------------------------
    *_nt_rules("1N", 15, 17),
    *_nt_rules("2N", 20, 21),
    R("resp_2c_waiting", "2C P", "2D"),
    R("2c_rebid_2n", "2C P 2D P", "2N", "bal hcp:22-24"),
    R("2c_rebid_3n", "2C P 2D P", "3N", "bal hcp:25-27"),
    R("2c_rebid_suit", "2C P 2D P", "?s", "s>=5"),
    R("2c_rebid_any", "2C P 2D P", "2N"),
    R("2c_2n_game", "2C P 2D P 2N P", "3N", "hcp:3+"),
    R("resp_weak_game", "2M P", "4M", "M>=3 hcp:16+"),
    R("resp_weak_preempt", "2M P", "4M", "M>=4"),
    R("resp_weak_nt", "2s P", "3N", "hcp:16+ bal"),
    R("resp_weak_raise", "2s P", "3s", "s>=3 hcp:6-15"),
    R("resp_preempt_game", "3M P", "4M", "M>=2 hcp:15+"),
    R("resp_preempt_nt", "3m P", "3N", "hcp:16+"),
    # -- opener's second bid --------------------------------------------------------------------
    R("rebid_raise_game", "1s * 1M *", "4M", "M>=4 sup:19+"),
    R("rebid_raise_jump", "1s * 1M *", "3M", "M>=4 sup:16-18"),
    R("rebid_raise", "1s * 1M *", "2M", "M>=4 sup:12-15"),
    R("rebid_2n", "1s * 1t *", "2N", "bal hcp:18-19"),
    R("rebid_new_suit_1", "1s * 1t *", "1u", "u>=4 hcp:12-18 nojump"),
    R("rebid_1n", "1s * 1t *", "1N", "bal hcp:12-14"),
    R("rebid_minor_raise_jump", "1s * 1m *", "3m", "m>=4 hcp:16-18"),
    R("rebid_minor_raise", "1s * 1m *", "2m", "m>=4 hcp:12-15"),
    R("rebid_own_jump", "1s * 1t *", "3s", "s>=6 hcp:16-18"),
    # 19 or more: game forcing — the raise of partner's minor to four, or a jump in a new suit
    R("rebid_minor_raise_game", "1s * 1m *", "4m", "m>=4 hcp:19+ !bal"),
    R("rebid_jump_shift", "1s * 1t *", "!u", "u>=4 hcp:19+"),
    R("rebid_own", "1s * 1t *", "2s", "s>=6 hcp:12-15"),
    R("rebid_new_suit_2", "1s * 1t *", "2u", "u>=4 s>=4 hcp:12-18 nojump below:s"),
    R("rebid_reverse", "1s * 1t *", "2u", "u>=4 s>=5 hcp:17+ nojump"),  # a reverse: the first suit longer
    R("rebid_reverse_4_4", "1s * 1t *", "2u", "u>=4 hcp:17+ nojump", info=False),
    R("rebid_strong_nt", "1s * 1t *", "3N", "hcp:18+"),
    # a light opening (10–11 by the rule of 20) rebids as a minimum: the call still promises 12
    R("rebid_new_suit_1_light", "1s * 1t *", "1u", "u>=4 nojump", info=False),
    R("rebid_own_light", "1s * 1t *", "2s", "s>=6", info=False),
    R("rebid_new_suit_2_light", "1s * 1t *", "2u", "u>=4 nojump below:s", info=False),
    R("rebid_own_5", "1s * 1t *", "2s", "s>=5 hcp:12-15"),
    R("rebid_own_5_other", "1s * 1t *", "2s", "s>=5", info=False),  # light or 16–17: no better call
    R("rebid_nt_rest", "1s * 1t *", "1N"),
    *_quantitative("rebid_minor_3n", "1m P 3N P", 13, 15),
    R("rebid_after_1n_pass", "1s P 1N P", "P", "bal hcp:12-14"),
    R("rebid_after_1n_invite", "1s P 1N P", "2N", "hcp:18-19 bal"),
    R("rebid_after_1n_jump", "1s P 1N P", "3s", "s>=6 hcp:16-18"),
    R("rebid_after_1n_own", "1s P 1N P", "2s", "s>=6 hcp:12-15"),
    R("rebid_after_1n_new", "1s P 1N P", "2u", "u>=4 hcp:12-18 nojump"),
    R("rebid_after_1n_strong", "1s P 1N P", "3N", "hcp:19+"),
    R("rebid_after_1n_rest", "1s P 1N P", "P"),
    R("rebid_raised_game", "1M P 2M P", "4M", "sup:19+|ltc:5"),
    R("rebid_raised_invite", "1M P 2M P", "3M", "sup:16-18|ltc:6"),
    R("rebid_raised_pass", "1M P 2M P", "P"),
    R("rebid_limit_accept", "1M P 3M P", "4M", "sup:15+|ltc:6"),
    R("rebid_limit_decline", "1M P 3M P", "P"),
    R("rebid_minor_limit_3n", "1m P 3m P", "3N", "hcp:14+"),
    R("rebid_2n_accept", "1s P 2N P", "3N", "hcp:13+"),
    R("rebid_2n_own", "1s P 2N P", "3s", "s>=6"),
    R("rebid_2n_pass", "1s P 2N P", "P"),
    R("rebid_2over1_raise", "1s P 2t P", "3t", "t>=4"),
    R("rebid_2over1_nt", "1s P 2t P", "2N", "bal hcp:12-14"),
    R("rebid_2over1_own", "1s P 2t P", "2s", "s>=6"),
    R("rebid_2over1_new", "1s P 2t P", "?u", "u>=4 nojump"),
    R("rebid_2over1_strong", "1s P 2t P", "3N", "hcp:15+"),
    R("rebid_2over1_rest", "1s P 2t P", "2N"),
    # -- responder's second bid -----------------------------------------------------------------
    R("resp2_accept_game_try", "1M P 2M P 3M P", "4M", "sup:9+|ltc:8"),
    R("resp2_decline_game_try", "1M P 2M P 3M P", "P"),
    *_quantitative("resp2_over_2n", "1s P 1t P 2N P", 18, 19),
    R("resp2_minor_game_raise_rkcb", "1s P 1m P 4m P", "4N", "hcp:10+"),  # 19+ opposite: ask for key cards
    # responder's own six-card suit over the opener's minimum rebid in its suit or a new suit below it
    *(
        rule
        for after in ("1s P 1t P 2s P", "1s P 1t P 2u P")
        for rule in (
            R(f"resp2_own_6_game_{after[-3]}", after.replace("1t", "1M"), "4M", "M>=6 hcp:13-16"),
            R(f"resp2_own_6_jump_{after[-3]}", after, "3t", "t>=6 hcp:10-12"),
            R(f"resp2_own_6_{after[-3]}", after, "2t", "t>=6 hcp:-9"),
        )
    ),
    R("resp2_own_after_1n", "1s P 1t P 1N P", "2t", "t>=6 hcp:-9"),
    R("resp2_own_jump_after_1n", "1s P 1t P 1N P", "3t", "t=6 hcp:10-11"),
    R("rebid_own_jump_accept_major", "1s P 1M P 1N P 3M P", "4M", "M>=2 hcp:13+"),
    R("rebid_own_jump_accept_nt", "1s P 1t P 1N P 3t P", "3N", "hcp:13+"),
    R("rebid_own_jump_decline", "1s P 1t P 1N P 3t P", "P"),
    R("resp2_preference", "1s P 1N P 2t P", "2s", "s>=t hcp:-9"),
    R("resp2_pass_preference", "1s P 1N P 2t P", "P", "hcp:-9"),
    # a second five-card suit at the three level over the opener's rebid of its suit: game forcing; the
    # opener raises it with four
    R("resp2_new_suit_3", "1s P 1t P 2s P", "3u", "u>=5 t>=5 hcp:12+"),
    R("resp2_new_suit_3_raise", "1s P 1t P 2s P 3u P", "4u", "u>=4"),
    R("resp2_new_suit_3_over_2n", "1s P 1t P 2N P", "3u", "u>=5 t>=5"),
    R("resp2_new_suit_3_over_2n_raise", "1s P 1t P 2N P 3u P", "4u", "u>=4"),
    # the minor fit found after a two-over-one: raising the opener's minor is forcing (a slam try; with
    # a balanced hand and no more to say, 3NT)
    R("resp2_2over1_minor_raise", "1m P 2t P 2m P", "3m", "m>=3 !bal"),
    R("resp2_2over1_minor_support", "1m P 2t P 2u P", "3m", "m>=4"),
    *(  # over a reverse (forcing)
        R(f"resp2_reverse_support_{name}", after, f"3{after[1]}", f"{after[1]}>=4 hcp:8+")
        for name, after in (
            ("1c_major", "1C P 1t P 2M P"),
            ("1c_2d", "1C P 1M P 2D P"),
            ("1d", "1D P 1t P 2M P"),
        )
    ),
    *_fourth_suit(),
    # -- competition ------------------------------------------------------------------------------
    *_competitive_answers(),
    *_defence(),
    # -- general principles, for every other auction ---------------------------------------------
    R("slam_fit", "...", "6s", "fit:s ptot:34+ needslam"),
    R("slam_nt", "...", "6N", "tot:33+ needslam"),
    R("game_major", "...", "4M", "fit:M ptot:25+ need"),
    R("game_nt", "...", "3N", "tot:25+ need"),
    R("game_minor", "...", "5m", "fit:m ptot:29+ need"),
    R("sacrifice", "...", "?s", "theirgame fit9:s fav hcp:-10 tot:-22"),
    R("penalty_double", "...", "X", "pen tot:23+"),
    R("accept_invite_nt", "... 2N P", "3N", "upper need"),
    R("accept_invite_major", "... 3M P", "4M", "M>=3 upper need"),
    R("invite_fit", "...", "3s", "fit:s ptot:23-24 need"),
    R("invite_nt", "...", "2N", "tot:23-24 need"),
    R("compete", "...", "?s", "fit:s theirs lott:s tot:14+"),
    R("pass", "...", "P", info=False),
)


# -- reading the table --------------------------------------------------------------------------------


def match(after: str, tokens: Sequence[str]) -> dict[str, str] | None:
    """The strain variables bound when the auction `tokens` fits the pattern `after`, else None."""
    pat = after.split()
    if pat[:1] == ["..."]:
        pat = pat[1:]
        if len(pat) > len(tokens):
            return None
        tokens = tokens[len(tokens) - len(pat) :]
    elif len(pat) != len(tokens):
        return None
    env: dict[str, str] = {}
    for p, tok in zip(pat, tokens, strict=True):
        if p == "*":
            continue
        if len(p) == 2 and p[1] in VARS:
            if len(tok) != 2 or tok[0] != p[0] or tok[1] not in VARS[p[1]]:
                return None
            if p[1] in env and env[p[1]] != tok[1]:
                return None
            if p[1] not in env and tok[1] in env.values():
                return None
            env[p[1]] = tok[1]
        elif p != tok:
            return None
    return env


def _candidates(rule: Rule, env: dict[str, str], sit: Situation, hand: Hand | None) -> list[tuple[str, dict]]:
    """The calls (diagram notation) a rule may make here, each with its variables bound."""
    call = rule.call
    for token in rule.when.split():  # `agreed:s` binds `s` to the suit our side has agreed (or checks it)
        if token.startswith("agreed:"):
            var, suit = token[7:], agreed(sit)
            if suit is None or suit not in VARS[var] or env.get(var, suit) != suit:
                return []
            env = env | {var: suit}
    if call in ("P", "X", "XX"):
        return [(call, env)]
    if call.startswith("="):  # a call worked out from the hand (reading a call: any it could make)
        if hand is None:
            return [(c, env) for c in POSSIBLE[call[1:]](sit, env)]
        made = CALLS[call[1:]](hand, sit, env)
        return [(made, env)] if made is not None else []
    var = call[-1]
    if var not in VARS:
        strains = [var]
    elif var in env:
        strains = [env[var]]
    else:
        strains = [s for s in VARS[var] if s not in env.values()]
        if hand is not None:  # longest first; five-card suits from the top, shorter ones up the line
            strains.sort(key=lambda s: (-hand.length[s], -RANK_ORDER.index(s) if hand.length[s] >= 5 else 0))
    out = []
    for s in strains:
        if call[0] == "?":
            level = sit.cheapest(s)
        elif call[0] == "!":
            level = sit.cheapest(s) + 1
        else:
            level = int(call[0])
        bound = env | ({var: s} if var in VARS else {})
        out.append((f"{level}{s}", bound))
    return out


def _legal(sit: Situation, call: str) -> bool:
    return auc.long(call) in sit.legal


def applicable(sit: Situation) -> list[Rule]:
    """The rules whose auction pattern fits this situation, in the table's order."""
    return [r for r, _ in _fitting(tuple(sit.tokens()))]


@lru_cache(maxsize=50_000)
def _fitting(tokens: tuple[str, ...]) -> tuple[tuple[Rule, dict[str, str]], ...]:
    """The rules that fit this auction, each with the variables its pattern binds (remembered: the robots
    read the same auctions over and over when they bid imagined deals out)."""
    out = []
    for r in SYSTEM:
        env = {} if r.after == "" and not tokens else match(r.after, tokens) if r.after else None
        if env is not None:
            out.append((r, env))
    return tuple(out)


def choose(cards: Sequence[str], sit: Situation, vul: Sequence[bool] = (False, False)) -> tuple[str, Rule]:
    """The system's call (canonical text) for this hand here (`vul`: N–S's and E–W's vulnerability), and
    the rule that made it."""
    hand = Hand.of(cards)
    for rule, env in _fitting(tuple(sit.tokens())):
        for call, bound in _candidates(rule, env, sit, hand):
            if not _legal(sit, call):
                continue
            ctx = Ctx(hand, bound, sit, call, (bool(vul[0]), bool(vul[1])))
            if all(test(ctx) for test, _ in rule.checks):
                return auc.long(call), rule
    return auc.PASS, SYSTEM[-1]


def meaning(sit: Situation, call: str) -> Hull | None:
    """What this call says about the caller's hand here: the union over the rules that could make it
    (the rules of this auction; the general principles only when none of those makes this call)."""
    short = auc.short(call)
    rules = [(r, env) for r, env in _fitting(tuple(sit.tokens())) if r.info]
    specific = [(r, env) for r, env in rules if r.after != "..."]  # "...": the general principles (and 4NT)
    found = _union(sit, short, [(r, env) for r, env in specific if r.when])
    if found is None:  # only a catch-all of this auction makes it: it says no more than "none of the above"
        found = _union(sit, short, [(r, env) for r, env in specific if not r.when])
    return found if found is not None else _union(sit, short, [(r, env) for r, env in rules if r.when])


def _union(sit: Situation, short: str, rules: list[tuple[Rule, dict[str, str]]]) -> Hull | None:
    """The smallest hull holding what each of these rules requires when it makes this call."""
    found: Hull | None = None
    for rule, env in rules:
        for cand, bound in _candidates(rule, env, sit, None):
            if cand != short:
                continue
            ctx = Ctx(None, bound, sit, cand)
            if not all(test(ctx) for test in rule.situational):
                continue
            hull = Hull()
            for _, static in rule.checks:
                part = static(ctx)
                if part is not None:
                    hull = hull.meet(part)
            found = hull if found is None else found.join(hull)
    return found


def read(dealer: int, calls: Sequence[str]) -> Situation:
    """The situation after these calls, every seat's calls read for their meaning (never change it: the
    situations are remembered and shared)."""
    return _read(dealer, tuple(calls))


@lru_cache(maxsize=50_000)
def _read(dealer: int, calls: tuple[str, ...]) -> Situation:
    if not calls:
        return Situation(dealer, [], [Hull() for _ in range(4)])
    sit = _read(dealer, calls[:-1])
    shown = meaning(sit, calls[-1])
    hulls = list(sit.shown)
    if shown is not None:
        hulls[sit.me] = hulls[sit.me].meet(shown)
    return Situation(dealer, list(calls), hulls)


def advance(sit: Situation, call: str) -> Situation:
    """The situation after one more call."""
    return _read(sit.dealer, (*sit.calls, call))


def bid(cards: Sequence[str], dealer: int, calls: Sequence[str], vul: Sequence[bool] = (False, False)) -> str:
    """The robots' call with these cards after this auction."""
    return choose(cards, read(dealer, calls), vul)[0]
