"""The `normal` durak AI (`heuristic`; the default `search` tries its choice first): the source article's
evaluation, and decisions that compare the hand's value after each option, as the article set out to do,
tuned against the article's own AI (`article.py`).

Evaluation (`hand_value`), the article's function with its two code slips corrected (see `article.py`):
- card values 100 per rank step around the deck's middle rank (52 cards: 2 = −600 … 8 = 0 … A = +600, the
  article's table; 36 cards: 6 = −400 … A = +400), +1300 for a trump;
- a bonus for several cards of one rank: max(rank value, 100) × 0.5, 0.75, 1.25 for 2, 3, 4 cards;
- a penalty of 200 × the relative deviation of each plain suit from the plain-suit average;
- (0.25 − share) × 600, the share being the hand over the cards in the stock and the other hands;
- an empty hand with an empty stock is out of play: worth more than any hand.

Decisions, each the option whose resulting hand is worth most (`Tuning` holds the numbers):
- attack with a rank's cheapest plain card, or with all its plain cards at once; a trump only when nothing
  else is left;
- throw in the card whose loss costs least, when the loss is below a margin that grows as the stock empties
  (never a trump while the stock lasts);
- defend by comparing: beating every unbeaten card with the cheapest cards that beat them (an exact
  assignment, so 9♣ covers 7♣ before J♣ does), taking the table (minus the price of losing the next attack,
  higher as the stock empties), and in perevodnoy a transfer with a plain card of the attack's rank (a trump
  only once the stock is empty), worth the hand without that card plus a bonus: the attack moves on.
- once the stock is empty and two players are left, the exact endgame (`endgame.py`) keeps only the moves
  of the best outcome, and the rules above choose among them.
It reads only its seat's view: its hand, the table, the trump, stock and hand sizes, the discard pile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from games.cards import SUITS, rank, rank_value, suit
from games.durak.endgame import MAX_STOCK, solve
from games.durak.rules import DurakView, beats, split_cards

RANK_BONUS = (0.0, 0.0, 0.5, 0.75, 1.25)
TRUMP_BONUS = 1300
UNBALANCED_PENALTY = 200
MANY_CARDS_PENALTY = 600
OUT_OF_PLAY = 100_000
HAND_CARDS = 6


@dataclass(frozen=True)
class Tuning:
    """The numbers of the decisions (hand-value units: 100 = one rank step)."""

    take_early: float = 1000.0  # losing the next attack while the stock is full
    take_late: float = 3000.0  # ... and once it is empty
    throw_early: float = 0.0  # throw in while the hand loses less than this (a card below the middle)
    throw_late: float = 3000.0  # ... margin once the stock is empty
    transfer_bonus: float = 300.0
    endgame: bool = True  # solve two-player endgames exactly
    endgame_nodes: int = 25_000  # the solver's budget (about 0.5 s)
    endgame_cards: int = 14  # the most cards in both hands and on the table it tries
    attack_groups: bool = True  # open with all plain cards of a rank at once when that is best


TUNING = Tuning()


# -- the article's evaluation ---------------------------------------------------------------------------


def middle_rank(deck: int) -> float:
    """The middle rank value of a deck (52: the eight; 36: the ten; 24: between jack and queen)."""
    low = {24: 7, 36: 4, 52: 0}[deck]
    return (low + 12) / 2


def card_value(card: str, trump: str, middle: float = 8.0) -> float:
    value = (rank_value(card) - middle) * 100
    return value + TRUMP_BONUS if suit(card) == trump else value


def hand_value(hand: Sequence[str], trump: str, stock: int, in_play: int, middle: float = 8.0) -> float:
    """The article's value of a hand; `in_play` counts the cards in the stock and in the other hands."""
    if not hand and stock == 0:
        return OUT_OF_PLAY
    res = sum(card_value(c, trump, middle) for c in hand)
    by_rank: dict[str, int] = {}
    by_suit: dict[str, int] = {}
    for c in hand:
        by_rank[rank(c)] = by_rank.get(rank(c), 0) + 1
        by_suit[suit(c)] = by_suit.get(suit(c), 0) + 1
    for r, n in by_rank.items():
        res += max(rank_value(r + "S") - middle, 1.0) * 100 * RANK_BONUS[min(n, 4)]
    plain = [s for s in SUITS if s != trump]
    avg = sum(by_suit.get(s, 0) for s in plain) / 3
    if avg:
        res -= sum(UNBALANCED_PENALTY * abs(by_suit.get(s, 0) - avg) / avg for s in plain)
    ratio = len(hand) / in_play if in_play else 10.0
    return res + (0.25 - ratio) * MANY_CARDS_PENALTY


def cheapest_cover(hand: Sequence[str], attacks: Sequence[str], trump: str) -> dict[str, str] | None:
    """A beating card for every attack card with the least total card value, or None if there is none.

    Exact for up to five unbeaten cards (every order of assignment, each taking the cheapest card left that
    beats it); greedy from the dearest attack card beyond that."""
    free = sorted(hand, key=lambda c: card_value(c, trump))
    dearest_first = sorted(attacks, key=lambda c: -card_value(c, trump))
    orders = permutations(attacks) if len(attacks) <= 5 else [dearest_first]
    best: dict[str, str] | None = None
    best_cost = 0.0
    for order in orders:
        left = list(free)
        plan: dict[str, str] = {}
        for a in order:
            cover = next((c for c in left if beats(a, c, trump)), None)
            if cover is None:
                break
            plan[a] = cover
            left.remove(cover)
        else:
            cost = sum(card_value(c, trump) for c in plan.values())
            if best is None or cost < best_cost:
                best, best_cost = plan, cost
    return best


class Judge:
    """The hand evaluation from one seat's view."""

    def __init__(self, view: DurakView) -> None:
        seat = view.viewer if view.viewer is not None else 0
        self.hand = list(view.hand or [])
        self.trump = view.trump
        self.stock = view.stock_size
        self.in_play = view.stock_size + sum(n for s, n in enumerate(view.hand_sizes) if s != seat)
        self.middle = middle_rank(view.options.deck)
        self.full_stock = max(1, view.options.deck - HAND_CARDS * view.players)

    def value(self, remove: Sequence[str] = (), add: Sequence[str] = ()) -> float:
        gone = set(remove)
        rest = [c for c in self.hand if c not in gone] + list(add)
        return hand_value(rest, self.trump, self.stock, self.in_play, self.middle)

    def card(self, c: str) -> float:
        return card_value(c, self.trump, self.middle)

    def late(self) -> float:
        """0 with a full stock, 1 once it is empty."""
        return 1.0 - min(1.0, self.stock / self.full_stock)


# -- decisions --------------------------------------------------------------------------------------------


class HeuristicBot:
    """The article's evaluation, deciding by the hand's value after each option."""

    def __init__(self, tuning: Tuning = TUNING) -> None:
        self.tuning = tuning

    def choose(self, view: DurakView, legal: Sequence[str], rng: random.Random) -> str:
        moves = [a for a in legal if a != "undo"] or list(legal)
        if len(moves) == 1:
            return moves[0]
        return heuristic_choice(view, moves, self.tuning)


def heuristic_choice(view: DurakView, moves: Sequence[str], tuning: Tuning = TUNING) -> str:
    if view.stock_size <= MAX_STOCK and tuning.endgame:
        solved = solve(view, moves, tuning.endgame_nodes, tuning.endgame_cards)
        if solved:
            best = max(solved.values())
            if min(solved.values()) < best:  # otherwise every move is as good: play as usual
                moves = [m for m in moves if solved.get(m) == best]
    if len(moves) == 1:
        return moves[0]
    judge = Judge(view)
    if any(m.startswith(("beat:", "transfer:", "show:")) or m == "take" for m in moves):
        return defend(view, judge, moves, tuning)
    attacks = [m for m in moves if m.startswith("attack:")]
    if not tuning.attack_groups:
        attacks = [m for m in attacks if len(m) == 9]
    if attacks:
        return attack(judge, attacks)
    return throw_in(view, judge, moves, tuning)


def attack(judge: Judge, attacks: Sequence[str]) -> str:
    """A rank's cheapest plain card, or all its plain cards: what leaves the best hand; trumps last."""

    def score(m: str) -> tuple[int, float, int]:
        cards = split_cards(m[7:])
        trumps = sum(1 for c in cards if suit(c) == judge.trump)
        if trumps and len(cards) > 1:
            return (-99, 0.0, 0)  # never open with a trump among several cards
        return (-trumps, judge.value(cards), len(cards))

    return max(attacks, key=score)


def throw_in(view: DurakView, judge: Judge, moves: Sequence[str], tuning: Tuning) -> str:
    """The cheapest card to lose, if losing it costs less than the margin of this stage of the game."""
    throws = [m[6:] for m in moves if m.startswith("throw:")]
    if not throws:
        return "done" if "done" in moves else moves[0]
    keep = judge.value()
    late = judge.late()
    margin = tuning.throw_early + (tuning.throw_late - tuning.throw_early) * late
    best = max(throws, key=lambda c: judge.value([c]))
    loss = keep - judge.value([best])
    trump_ok = judge.stock == 0
    if (loss < margin and (suit(best) != judge.trump or trump_ok)) or "done" not in moves:
        return f"throw:{best}"
    return "done"


def defend(view: DurakView, judge: Judge, moves: Sequence[str], tuning: Tuning) -> str:
    options: list[tuple[float, str]] = []
    unbeaten = [p.attack for p in view.table if p.beat is None]
    late = judge.late()
    plan = cheapest_cover(judge.hand, unbeaten, judge.trump) if unbeaten else None
    if plan:
        # beat the dearest attack card first: it has the fewest covers
        for a in sorted(plan, key=lambda a: -judge.card(a)):
            if f"beat:{a}:{plan[a]}" in moves:
                options.append((judge.value(list(plan.values())), f"beat:{a}:{plan[a]}"))
                break
    if "take" in moves:
        on_table = [c for p in view.table for c in (p.attack, p.beat) if c]
        price = tuning.take_early + (tuning.take_late - tuning.take_early) * late
        options.append((judge.value(add=on_table) - price, "take"))
    for m in moves:
        if m.startswith("transfer:"):
            c = m[9:]
            if suit(c) == judge.trump and judge.stock:
                continue  # a trump is worth more than passing the attack on while the stock lasts
            options.append((judge.value([c]) + tuning.transfer_bonus, m))
        elif m.startswith("show:"):
            options.append((judge.value() + tuning.transfer_bonus, m))
    if not options:  # e.g. a beat the plan did not pick although a full cover exists
        return min(moves, key=lambda m: judge.card(m.split(":")[-1]) if ":" in m else 1e9)
    return max(options, key=lambda o: o[0])[1]
