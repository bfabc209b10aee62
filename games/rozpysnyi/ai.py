"""AI players for rozpysnyi poker. They see only their seat's view and the legal actions.

- `HeuristicBot` bids from hand strength (high cards, trump length, the poker card; a cautious guess in
  dark rounds) and respects the dealer's hook; it plays to make its bid exactly: it wins as cheaply as it
  can while short of the bid and ducks under the trick's best card once it has enough; the poker card is
  its sure winner («за старшим» in trumps) or its perfect duck (as the lowest, or «зливаю»).
- `SearchBot` (determinized Monte Carlo) plays each legal card against many deals of the unseen cards to
  the other seats — consistent with the cards played and the suits each seat has shown it lacks — with
  every seat following the heuristic to the end of the round, and picks the card with the best mean
  round score for itself. It bids like the heuristic (bidding by simulation was no better in trials at
  the budgets a chat table allows). Deterministic given its random generator; bounded by a time budget.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import SUITS, make_deck, rank_value, suit
from games.rozpysnyi.rules import PokerTrickRules, RozpysnyiView, round_points
from games.rozpysnyi.schedule import DECK
from games.tricktaking import Play, Trick

# -- bidding ------------------------------------------------------------------------------------------


def trick_estimate(hand: Sequence[str], trump: str | None, poker: str | None, players: int) -> float:
    """Expected tricks of a hand: sure-ish winners, long trumps, the poker card."""
    est = 0.0
    by_suit: dict[str, list[str]] = {}
    for c in hand:
        if c == poker:
            est += 0.95
        else:
            by_suit.setdefault(suit(c), []).append(c)
    crowd = 0.9 if players == 3 else 0.8  # more opponents, more chances to be overtaken or trumped
    for s, cards in by_suit.items():
        ranks = sorted((rank_value(c) for c in cards), reverse=True)
        if s == trump:
            for i, r in enumerate(ranks):
                top = 12 - i  # the i-th best trump we hold is sure if it is at least the i-th highest rank
                est += 0.95 if r >= top else 0.65 if r >= top - 2 else 0.35
            est += max(0, len(ranks) - 3) * 0.3
            continue
        for i, r in enumerate(ranks[:3]):
            if r == 12 - i and len(ranks) > i:  # A, A-K, A-K-Q held together
                est += crowd * (0.9 if trump is None or len(ranks) <= 4 else 0.6)
            elif r == 11 - i and len(ranks) >= 2 + i:
                est += crowd * 0.4
        if trump is not None and len(ranks) <= 1:
            est += 0.15 * sum(1 for c in by_suit.get(trump, []) if rank_value(c) < 9)  # ruffing chances
    return est


def choose_bid(legal_bids: Sequence[int], estimate: float) -> int:
    """The allowed bid nearest the estimate (ties to the lower: missing a trick costs more than one over)."""
    return min(legal_bids, key=lambda b: (abs(b - estimate), b))


# -- playing ------------------------------------------------------------------------------------------


@dataclass
class Situation:
    """What the play heuristic needs, from a view or from a simulated deal."""

    hand: list[str]
    trick: Trick
    trump: str | None
    rules: PokerTrickRules
    need: int  # tricks still wanted (≤ 0: wants no more)
    players: int


def current_best(sit: Situation) -> int | None:
    """Power of the card now winning the trick (None when the trick is empty)."""
    if not sit.trick.plays:
        return None
    return max(sit.rules.power(p, sit.trick, sit.trump) for p in sit.trick.plays)


def power_of(sit: Situation, card: str, call: str | None) -> int:
    probe = sit.trick.model_copy(deep=True)
    probe.plays.append(Play(seat=-1, card=card, call=call))
    return sit.rules.power(probe.plays[-1], probe, sit.trump)


def strength(sit: Situation, card: str) -> int:
    """How valuable a card is to keep: trumps above plain cards, by rank."""
    return rank_value(card) + (20 if sit.trump and suit(card) == sit.trump else 0)


def choose_play(sit: Situation, legal: Sequence[tuple[str, str | None]]) -> tuple[str, str | None]:
    """Make the bid exactly: win as cheaply as possible while short, duck once there."""
    poker = sit.rules.poker
    plain = [(c, k) for c, k in legal if c != poker]
    if not sit.trick.plays:
        return _lead(sit, legal, plain)
    best = current_best(sit)
    assert best is not None
    last = len(sit.trick.plays) == sit.players - 1
    if sit.need > 0:
        winners = [(c, k) for c, k in plain if power_of(sit, c, k) > best]
        if winners:
            # last to play: the cheapest winner; otherwise a card that later players will struggle to beat
            pick = min if last else max
            return pick(winners, key=lambda ck: strength(sit, ck[0]))
        if poker and (poker, "high") in legal:
            return poker, "high"
        return min(plain or legal, key=lambda ck: strength(sit, ck[0]))
    if poker and (poker, "low") in legal:
        losers = [(c, k) for c, k in plain if power_of(sit, c, k) < best]
        if not losers:
            return poker, "low"
    losers = [(c, k) for c, k in plain if power_of(sit, c, k) < best]
    if losers:  # shed the strongest card that still loses
        return max(losers, key=lambda ck: strength(sit, ck[0]))
    if not plain:
        return legal[0]
    return max(plain, key=lambda ck: strength(sit, ck[0]))  # must win: at least get rid of a big card


def _lead(sit: Situation, legal: Sequence[tuple[str, str | None]], plain: list[tuple[str, str | None]]):
    poker = sit.rules.poker
    if poker in sit.hand:
        if sit.need > 0 and sit.trump and (poker, f"top:{sit.trump}") in legal:
            return poker, f"top:{sit.trump}"  # no one can beat it: a sure trick
        if sit.need <= 0 and not plain:
            mine = {suit(c) for c in sit.hand if c != poker}
            others = [s for s in SUITS if s not in mine and s != sit.trump] or [
                s for s in SUITS if s != sit.trump
            ]
            return poker, f"dump:{others[0]}"
    if not plain:
        return legal[0]
    if sit.need > 0:
        return max(plain, key=lambda ck: strength(sit, ck[0]))
    non_trump = [ck for ck in plain if not sit.trump or suit(ck[0]) != sit.trump] or plain
    return min(non_trump, key=lambda ck: strength(sit, ck[0]))


def parse_action(action: str) -> tuple[str, str | None]:
    _verb, card, *call = action.split(":")
    return card, (":".join(call) or None)


def to_action(card: str, call: str | None, leading: bool, poker: str | None) -> str:
    if card == poker and call:
        return f"{'lead' if leading else 'play'}:{card}:{call}"
    return f"play:{card}"


class HeuristicBot:
    def choose(self, view: RozpysnyiView, legal: Sequence[str], rng: random.Random) -> str:
        if legal[0].startswith("bid:"):
            return bid_action(view, legal)
        sit = situation(view)
        card, call = choose_play(sit, [parse_action(a) for a in legal])
        return to_action(card, call, not sit.trick.plays, sit.rules.poker)


def bid_action(view: RozpysnyiView, legal: Sequence[str]) -> str:
    bids = [int(a.split(":")[1]) for a in legal]
    if view.dark_hidden:
        estimate = view.cards / view.players * 0.7
    else:
        estimate = trick_estimate(view.hand or [], view.trump, view.poker_card, view.players)
    return f"bid:{choose_bid(bids, estimate)}"


def situation(view: RozpysnyiView) -> Situation:
    seat = view.viewer if view.viewer is not None else 0
    need = (view.bids[seat] or 0) - view.tricks[seat]
    trick = view.trick or Trick(leader=seat)
    return Situation(
        list(view.hand or []), trick, view.trump, PokerTrickRules(view.poker_card), need, view.players
    )


# -- search -------------------------------------------------------------------------------------------


class SearchBot:
    """Determinized Monte Carlo over the unseen cards, heuristic play-outs to the end of the round."""

    def __init__(self, budget: float = 1.0, max_samples: int = 2000) -> None:
        self.budget = budget
        self.max_samples = max_samples

    def choose(self, view: RozpysnyiView, legal: Sequence[str], rng: random.Random) -> str:
        if len(legal) == 1:
            return legal[0]
        if legal[0].startswith("bid:"):
            return bid_action(view, legal)
        seat = view.viewer if view.viewer is not None else 0
        totals = {a: 0.0 for a in legal}
        counts = {a: 0 for a in legal}
        deadline = time.perf_counter() + self.budget
        samples = 0
        while samples < self.max_samples and (samples < len(legal) or time.perf_counter() < deadline):
            hands = deal_unseen(view, seat, rng)
            if hands is None:
                break
            for action in legal:
                totals[action] += playout(view, seat, hands, action)
                counts[action] += 1
            samples += 1
        if not samples:
            return HeuristicBot().choose(view, legal, rng)
        return max(legal, key=lambda a: (totals[a] / counts[a], -legal.index(a)))


def unseen_cards(view: RozpysnyiView, seat: int) -> list[str]:
    seen = set(view.hand or []) | set(view.played)
    if view.trick:
        seen |= set(view.trick.cards())
    deck = make_deck(DECK[view.players])
    if view.trump_card and not view.trump_shown:
        seen.add(view.trump_card)  # turned up from the stock: in nobody's hand
    return [c for c in deck if c not in seen]


def deal_unseen(
    view: RozpysnyiView, seat: int, rng: random.Random, tries: int = 50
) -> list[list[str]] | None:
    """Hands for the other seats: right sizes, no card of a suit a seat showed it lacks."""
    pool = unseen_cards(view, seat)
    sizes = list(view.hand_sizes)
    fixed: dict[int, list[str]] = {seat: list(view.hand or [])}
    if view.trump_shown and view.trump_card and view.dealer != seat and view.trump_card in pool:
        fixed[view.dealer] = [view.trump_card]  # the shown trump is still in the dealer's hand
        pool.remove(view.trump_card)
    poker = view.poker_card
    for _ in range(tries):
        rng.shuffle(pool)
        hands = {s: list(fixed.get(s, [])) for s in range(view.players)}
        ok = True
        # place the most constrained cards first: those few seats can hold
        for card in sorted(pool, key=lambda c: _holders(view, c, seat, poker)):
            room = [
                s
                for s in range(view.players)
                if s != seat
                and len(hands[s]) < sizes[s]
                and (card == poker or suit(card) not in view.voids[s])
            ]
            if not room:
                ok = False
                break
            hands[rng.choice(room)].append(card)
        if ok and all(len(hands[s]) == sizes[s] for s in range(view.players)):
            return [hands[s] for s in range(view.players)]
    return None


def _holders(view: RozpysnyiView, card: str, seat: int, poker: str | None) -> int:
    return sum(
        1 for s in range(view.players) if s != seat and (card == poker or suit(card) not in view.voids[s])
    )


def playout(view: RozpysnyiView, seat: int, hands: list[list[str]], action: str) -> float:
    """Play `action`, then the heuristic for everyone to the end of the round; our round score."""
    rules = PokerTrickRules(view.poker_card)
    hands = [list(h) for h in hands]
    trick = (view.trick or Trick(leader=seat)).model_copy(deep=True)
    tricks = list(view.tricks)
    bids = [b or 0 for b in view.bids]
    card, call = parse_action(action)
    mover = seat
    while True:
        hands[mover].remove(card)
        trick.plays.append(Play(seat=mover, card=card, call=call))
        if len(trick.plays) == view.players:
            winner = rules.winner(trick, view.trump)
            tricks[winner] += 1
            if not hands[winner]:
                break
            trick = Trick(leader=winner)
            mover = winner
        else:
            mover = (mover + 1) % view.players
        legal = [(c, None) for c in rules.legal_cards(hands[mover], trick, view.trump)]
        legal = _with_calls(legal, rules.poker, not trick.plays, view.trump)
        sit = Situation(hands[mover], trick, view.trump, rules, bids[mover] - tricks[mover], view.players)
        card, call = choose_play(sit, legal)
    dark = view.kind == "dark"
    return float(round_points(bids[seat], tricks[seat], dark))


def _with_calls(
    legal: list[tuple[str, str | None]],
    poker: str | None,
    leading: bool,
    trump: str | None,
) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for c, _ in legal:
        if c != poker:
            out.append((c, None))
        elif leading:
            out += [(c, f"{k}:{s}") for k in ("top", "dump") for s in SUITS]
        else:
            out += [(c, "high"), (c, "low")]
    return out
