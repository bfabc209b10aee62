"""The source article's durak AI, as a reference level (`article`) for the arena; not offered to tables.

Evaluation: the article's `handValue` (`../shared/seeds/001_*`), term by term, with Kotlin's truncating
`.toInt()` after each term as in its code:
- a card is worth its rank's value from the article's table (2 = −600 … 8 = 0 … A = +600, whatever the
  deck: the article gives one table, and its author's app used it unchanged for 36 cards at the time), plus
  1300 for a trump;
- for each rank held two, three or four times: max(rank value / 100, 1) × 0.5, 0.75 or 1.25;
- minus 200 × |n − average| / average for each plain suit, the average being the plain cards over three
  (no plain card: Kotlin's 0 / 0 is NaN and `NaN.toInt()` is 0, so no penalty);
- plus (0.25 − hand / in play) × 600, where in play counts the stock and every hand (the player's own
  current hand included) minus the hand being valued; 10 if nothing is in play;
- an empty hand with an empty stock is out of play: 30000 (the constant of the author's app).

Two slips of the article's code are corrected here (`literal=True` keeps them, for comparison):
1. The same-rank bonus multiplies the rank value *without* `RANK_MULTIPLIER` (100), so it is at most 7
   points next to card values in hundreds, and a pair of low cards gets 0.5 → 0. The text says the bonus
   matters and explains the `max(…, 1)` as "low pairs are worth a bonus too": that needs the multiplier.
2. `(hand.size / cardsInPlay).toDouble()` divides integers first, so the share is 0 unless the hand holds
   at least as many cards as everything else in play. The text means the share ("какая доля из них у
   игрока"); here it is a real ratio.

Decisions: the article promised them for a second part that never appeared; its P.S. points to the
author's open-source app (OpenFool, `Player.kt`), whose rules and thresholds are used here:
- attack: the single card c maximizing value(hand − c) + 100 × B[n] × rank value, B = (0, 0, 1, 1.5, 2.5)
  by the cards n of c's rank held (the app always opens with one card);
- throw in: the best such card among those of a rank on the table, if value(hand) − its value
  < 1200 − 50 × stock; else done (also while the defender takes);
- defend the first unbeaten attack card: the beating card c maximizing value(hand − c) + 300 if c's rank is
  on the table; beat if value(hand) − best < 800, or value(hand + table) − best < 2000 − 40 × stock, or the
  stock is empty; else take;
- perevodnoy: if a transfer is legal and max(value(hand without the attack's rank), value(hand without its
  plain cards of that rank)) > value(hand) − 400, transfer with a plain card of that rank if any.
It keeps no state and reads nothing but its hand, the table, the trump, the stock size and hand sizes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import SUITS, rank, rank_value, suit
from games.durak.rules import DurakView, beats, split_cards

RANK_MULTIPLIER = 100
TRUMP = 13 * RANK_MULTIPLIER
SAME_RANK = (0.0, 0.0, 0.5, 0.75, 1.25)
UNBALANCED_HAND_PENALTY = 200
MANY_CARDS_PENALTY = 600
OUT_OF_PLAY = 30000
# the author's app (Player.kt): thresholds of its decisions
PLAY_BONUS = (0.0, 0.0, 1.0, 1.5, 2.5)
THROW_PENALTY_BASE, THROW_PENALTY_DELTA = 1200, 50
BEAT_PENALTY = 800
TAKE_PENALTY_BASE, TAKE_PENALTY_DELTA = 2000, 40
RANK_PRESENT_BONUS = 300
PASS_PENALTY = -400


def relative(card: str) -> int:
    """The article's rank value in hundreds: 2 → −6 … 8 → 0 … A → +6."""
    return rank_value(card) - 6


def article_value(
    hand: Sequence[str], trump: str, stock: int, hand_sizes: Sequence[int], literal: bool = False
) -> int:
    """The article's `handValue`; `hand_sizes`: every player's current hand size (the app's `playerHands`)."""
    if stock == 0 and not hand:
        return OUT_OF_PLAY
    res = 0
    by_rank: dict[str, int] = {}
    by_suit = dict.fromkeys(SUITS, 0)
    for c in hand:
        res += relative(c) * RANK_MULTIPLIER + (TRUMP if suit(c) == trump else 0)
        by_rank[rank(c)] = by_rank.get(rank(c), 0) + 1
        by_suit[suit(c)] += 1
    scale = 1 if literal else RANK_MULTIPLIER
    for r, n in by_rank.items():
        res += int(max(relative(r + "S"), 1) * scale * SAME_RANK[n])
    plain = [s for s in SUITS if s != trump]
    avg = sum(by_suit[s] for s in plain) / 3.0
    if avg:
        for s in plain:
            res -= int(UNBALANCED_HAND_PENALTY * abs((by_suit[s] - avg) / avg))
    in_play = stock + sum(hand_sizes) - len(hand)
    share = float(len(hand) // in_play) if literal and in_play else len(hand) / (in_play or 1)
    ratio = share if in_play else 10.0
    return res + int((0.25 - ratio) * MANY_CARDS_PENALTY)


class ArticleBot:
    """The article's evaluation with its author's decision rules (see the module docstring)."""

    def __init__(self, literal: bool = False) -> None:
        self.literal = literal

    def choose(self, view: DurakView, legal: Sequence[str], rng: random.Random) -> str:
        moves = [a for a in legal if a != "undo"] or list(legal)
        if len(moves) == 1:
            return moves[0]
        return ArticleTurn(view, self.literal).decide(moves)


class ArticleTurn:
    """One decision: the view's numbers the app's functions take, and its three decision functions."""

    def __init__(self, view: DurakView, literal: bool) -> None:
        self.hand = list(view.hand or [])
        self.trump = view.trump
        self.stock = view.stock_size
        self.sizes = list(view.hand_sizes)
        self.table = [c for p in view.table for c in (p.attack, p.beat) if c]
        self.unbeaten = [p.attack for p in view.table if p.beat is None]
        self.literal = literal

    def value(self, hand: Sequence[str]) -> int:
        return article_value(hand, self.trump, self.stock, self.sizes, self.literal)

    def without(self, card: str) -> list[str]:
        return [c for c in self.hand if c != card]

    def play_value(self, card: str) -> int:
        """The app's value of playing `card` from the hand (attack or throw in)."""
        n = sum(1 for c in self.hand if rank(c) == rank(card))
        return self.value(self.without(card)) + round(PLAY_BONUS[n] * relative(card) * RANK_MULTIPLIER)

    def decide(self, moves: Sequence[str]) -> str:
        if any(m == "take" or m.startswith(("beat:", "transfer:", "show:")) for m in moves):
            return self.defend(moves)
        attacks = [m for m in moves if m.startswith("attack:") and len(split_cards(m[7:])) == 1]
        if attacks:
            return max(attacks, key=lambda m: self.play_value(m[7:]))  # max keeps the first of equals
        return self.throw_or_done(moves)

    def throw_or_done(self, moves: Sequence[str]) -> str:
        throws = [m for m in moves if m.startswith("throw:")]
        if throws:
            best = max(throws, key=lambda m: self.play_value(m[6:]))
            limit = THROW_PENALTY_BASE - THROW_PENALTY_DELTA * self.stock
            if self.value(self.hand) - self.play_value(best[6:]) < limit or "done" not in moves:
                return best
        return "done" if "done" in moves else moves[0]

    def defend(self, moves: Sequence[str]) -> str:
        current = self.value(self.hand)
        attack = self.unbeaten[0] if self.unbeaten else None
        transfers = [m for m in moves if m.startswith("transfer:")]
        if transfers and attack is not None:
            r = rank(attack)
            all_gone = [c for c in self.hand if rank(c) != r]
            plain_gone = [c for c in self.hand if rank(c) != r or suit(c) == self.trump]
            if max(self.value(all_gone), self.value(plain_gone)) > current + PASS_PENALTY:
                plain = [m for m in transfers if suit(m[9:]) != self.trump]
                return (plain or transfers)[0]
        ranks = {rank(c) for c in self.table}
        best, best_value = None, None
        for c in self.hand:  # the app's order: the hand's
            if attack is None or not beats(attack, c, self.trump) or f"beat:{attack}:{c}" not in moves:
                continue
            v = self.value(self.without(c)) + (RANK_PRESENT_BONUS if rank(c) in ranks else 0)
            if best_value is None or v > best_value:
                best, best_value = c, v
        if best is not None and best_value is not None:
            take_limit = TAKE_PENALTY_BASE - TAKE_PENALTY_DELTA * self.stock
            if (
                current - best_value < BEAT_PENALTY
                or self.value(self.hand + self.table) - best_value < take_limit
                or self.stock == 0
                or "take" not in moves
            ):
                return f"beat:{attack}:{best}"
        return "take" if "take" in moves else moves[0]
