"""AI players for Most. They see only their seat's view (or, inside the search, the same facts of a sampled
world) and answer with an action text; melds longer than three cards are built here, checked by the rules.

`HeuristicBot`, one step of the turn at a time:
- draw: take from the bridge when the chosen card makes a meld (extended with the hand) worth more than
  what the other taken cards may cost in hand (their values, weighed by how near the end is), plus the
  melds they complete; else draw from the deck;
- meld the taken card first, in its most valuable meld; then swap any joker it holds the real card of;
  meld early (the most valuable meld first; jokers go into melds whenever they make one); lay off every
  card that fits (jokers too once the end is near: never −100 in hand);
- discard the card that costs most to keep and helps least: its value against how many cards of the hand
  it works with, avoiding what the next player is collecting (the cards everyone saw them take or lay
  off), and a joker only when the end is near and it cannot be played.

`SearchBot` is determinized sampling: at the decisions that matter (draw or take; which card to discard)
it deals the unseen cards at random into the other hands and the deck (the cards everyone saw a player
take stay in that hand), plays each candidate and then the game to its end with heuristic players, and
picks the candidate with the best mean final margin (own game points minus the best other's). Every
candidate sees the same worlds (paired comparison); `budget` seconds and `max_samples` worlds bound it
(the clock is read between worlds); stopped by the clock before `MIN_WORLDS` worlds, it plays the heuristic's
move, so a tiny budget costs about one world's play-outs and never plays worse than the heuristic.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.base import GameError
from games.cards import RANKS, is_joker, make_deck
from games.most.melds import (
    CYCLE,
    classify,
    extend,
    hand_penalty,
    layoff_cards,
    physical,
    small_melds,
    stands_for,
    value,
)
from games.most.rules import Meld, MostRules, MostState, MostView, joker_cards, table_cards

RULES = MostRules()
ALL = make_deck(54)
TAKE_MARGIN = 6.0  # what a take must be worth over a blind draw


@dataclass
class Seen:
    """What a seat knows: the facts of its view (built from a view, or from a state inside the search)."""

    seat: int
    players: int
    hand: list[str]
    melds: list[Meld]
    bridge: list[str]
    pending: str | None
    phase: str
    deck: int
    hand_sizes: list[int]
    known: list[list[str]]
    turn: int = 0
    extra: dict[str, float] = field(default_factory=dict)

    @classmethod
    def of_view(cls, view: MostView) -> Seen:
        assert view.viewer is not None and view.hand is not None
        return cls(
            view.viewer,
            view.players,
            list(view.hand),
            view.melds,
            view.bridge,
            view.pending,
            view.phase,
            view.deck,
            view.hand_sizes,
            view.known,
            view.turn,
        )

    @classmethod
    def of_state(cls, state: MostState, seat: int) -> Seen:
        return cls(
            seat,
            state.players,
            state.hands[seat],
            state.melds,
            state.bridge,
            state.pending,
            state.phase,
            len(state.deck),
            [len(h) for h in state.hands],
            state.known,
            state.turn,
        )

    def near_end(self) -> bool:
        others = [n for s, n in enumerate(self.hand_sizes) if s != self.seat]
        return self.deck <= 2 * self.players or min(others) <= 2


# -- melds from a hand ----------------------------------------------------------------------------


def grow(entries: list[str], hand: Sequence[str], visible: set[str]) -> list[str]:
    """A meld extended with every real card of `hand` that fits it (ends of a run, missing suits)."""
    kind, order = classify(entries)
    used = {physical(e) for e in order}
    grown = True
    while grown:
        grown = False
        for card in layoff_cards(kind, order):
            if card in hand and card not in used and card not in visible:
                longer = extend(kind, order, card)
                if longer is not None:
                    order, grown = longer, True
                    used.add(card)
    return order


def meld_worth(entries: Sequence[str]) -> float:
    """Points laid, plus a little per card shed (each card out of the hand is one less to pay for)."""
    return sum(0 if "=" in e else value(e) for e in entries) + 2.0 * len(entries)


def best_meld(hand: Sequence[str], visible: set[str], must: str | None = None) -> list[str] | None:
    """The most valuable meld the hand can lay down now (holding `must` if given), keeping a card."""
    best, best_key = None, None
    for small in small_melds(hand, visible, must):
        order = grow(small, hand, visible)
        if len(order) >= len(hand):  # keep one card to discard: trim an end that is not `must`
            kind, _ = classify(order)
            if len(order) == 3:
                continue
            ends = (len(order) - 1, 0) if kind == "run" else range(len(order))
            drop = next(i for i in ends if physical(order[i]) != must)
            order = order[:drop] + order[drop + 1 :]
        jokers = sum("=" in e for e in order)
        key = (meld_worth(order), -jokers)
        if best_key is None or key > best_key:
            best, best_key = order, key
    return best


def works_with(card: str, hand: Sequence[str]) -> float:
    """How many cards of `hand` this card could meld with (same rank, or one suit within two steps)."""
    if is_joker(card):
        return 3.0
    n = 0.0
    for other in hand:
        if other == card or is_joker(other):
            continue
        if other[0] == card[0]:
            n += 1.0
        elif other[1] == card[1]:
            gap = (RANKS.index(other[0]) - RANKS.index(card[0])) % CYCLE
            if min(gap, CYCLE - gap) == 1:
                n += 1.0
            elif min(gap, CYCLE - gap) == 2:
                n += 0.5
    return n


def collecting(seen: Seen, seat: int) -> list[str]:
    """The cards that show what `seat` collects: those everyone saw it take, and those it laid."""
    laid = [stands_for(e) for m in seen.melds for e, by in zip(m.cards, m.by, strict=True) if by == seat]
    return [c for c in seen.known[seat] if not is_joker(c)] + laid


# -- the heuristic --------------------------------------------------------------------------------


def heuristic(seen: Seen, legal: Sequence[str] | None = None) -> str:
    """The heuristic's action for `seen` (legal by construction)."""
    if seen.phase == "draw":
        return choose_take(seen) or "draw"
    visible = table_cards(seen)  # type: ignore[arg-type]
    if seen.pending is not None:
        meld = best_meld(seen.hand, visible, seen.pending)
        if meld is None:  # cannot happen: a take is legal only when such a meld exists
            raise GameError("no_meld_for_taken_card", card=seen.pending)
        return "meld:" + ",".join(meld)
    return play_step(seen, visible) or choose_discard(seen)[0]


def play_step(seen: Seen, visible: set[str]) -> str | None:
    """A swap, a meld or a lay-off worth making now, or None (then: discard)."""
    hand = seen.hand
    stands = joker_cards(seen.melds)
    for card in hand:
        if card in stands:
            return f"swap:{card}"
    if len(hand) >= 4:
        meld = best_meld(hand, visible)
        if meld is not None:
            return "meld:" + ",".join(meld)
    if len(hand) >= 2 and any(m.owner == seen.seat for m in seen.melds):
        best, best_value = None, -1.0
        for i, m in enumerate(seen.melds):
            for card in layoff_cards(m.kind, m.cards):
                if card in visible:
                    continue
                if card in hand and value(card) > best_value:
                    best, best_value = f"lay:{card}:{i + 1}", float(value(card))
                jokers = [j for j in hand if is_joker(j)]
                if jokers and best is None and (seen.near_end() or len(hand) <= 3):
                    best, best_value = f"lay:{jokers[0]}={card}:{i + 1}", 0.0
        if best is not None:
            return best
    return None


def choose_discard(seen: Seen) -> list[str]:
    """Discards from the best to the worst."""
    stands = joker_cards(seen.melds)
    nxt = (seen.seat + 1) % seen.players
    wanted = collecting(seen, nxt)
    later = [c for s in range(seen.players) if s not in (seen.seat, nxt) for c in collecting(seen, s)]
    end = seen.near_end()
    scored = []
    for card in dict.fromkeys(seen.hand):
        if card in stands:
            continue
        if is_joker(card):
            cost = 60.0 if end else -200.0  # hold it while it may still be played; never in hand at the end
        else:
            cost = value(card) * (2.0 if end else 1.0) - 8.0 * works_with(card, seen.hand)
            cost -= 12.0 * works_with(card, wanted) + 3.0 * works_with(card, later)
        scored.append((cost, card))
    scored.sort(key=lambda x: -x[0])
    return [f"discard:{c}" for _, c in scored]


def choose_take(seen: Seen) -> str | None:
    """The take worth most over a blind draw, or None."""
    end = seen.near_end()
    best, best_score = None, TAKE_MARGIN
    melds_on_table = {stands_for(e) for m in seen.melds for e in m.cards}
    for k in range(1, len(seen.bridge) + 1):
        taken = seen.bridge[k - 1 :]
        hand = seen.hand + taken
        if len(hand) < 4:
            continue
        visible = melds_on_table | {c for c in seen.bridge[: k - 1] if not is_joker(c)}
        meld = best_meld(hand, visible, taken[0])
        if meld is None:
            continue
        rest = [c for c in hand if c not in {physical(e) for e in meld}]
        score = meld_worth(meld)
        second = best_meld(rest, visible | {stands_for(e) for e in meld}) if len(rest) >= 4 else None
        if second is not None:
            score += meld_worth(second)
            rest = [c for c in rest if c not in {physical(e) for e in second}]
        extra = [c for c in taken[1:] if c in rest]
        score -= (1.0 if end else 0.4) * hand_penalty(extra) - 4.0 * sum(works_with(c, rest) for c in extra)
        if score > best_score:
            best, best_score = f"take:{k}", score
    return best


class HeuristicBot:
    """Takes, melds, lays off and discards by the rules of thumb of the module docstring."""

    def choose(self, view: MostView, legal: Sequence[str], rng: random.Random) -> str:
        return heuristic(Seen.of_view(view), legal)


# -- the search -----------------------------------------------------------------------------------


def unseen_world(seen: Seen, rng: random.Random) -> MostState:
    """A full state consistent with `seen`: other hands keep their known cards, the rest dealt at random."""
    laid = {physical(e) for m in seen.melds for e in m.cards}
    fixed = set(seen.hand) | set(seen.bridge) | laid
    for s in range(seen.players):
        if s != seen.seat:
            fixed |= set(seen.known[s])
    pool = [c for c in ALL if c not in fixed]
    rng.shuffle(pool)
    hands = []
    for s in range(seen.players):
        if s == seen.seat:
            hands.append(list(seen.hand))
            continue
        known = [c for c in seen.known[s]]
        need = seen.hand_sizes[s] - len(known)
        hands.append(known + pool[:need])
        pool = pool[need:]
    state = MostState.model_construct(
        players=seen.players,
        seed=0,
        deals=[],
        deal_no=1,
        options=RULES.options({"target": 0}),
        game_no=0,
        dealer=0,
        turn=seen.turn,
        phase=seen.phase,
        hands=hands,
        deck=pool[: seen.deck],
        bridge=list(seen.bridge),
        melds=[m.model_copy(deep=True) for m in seen.melds],
        pending=seen.pending,
        known=[list(k) for k in seen.known],
        totals=[0] * seen.players,
        last_scores=None,
        over=False,
    )
    return state


def clone(state: MostState) -> MostState:
    return MostState.model_construct(
        **{
            **state.__dict__,
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "bridge": list(state.bridge),
            "melds": [
                Meld.model_construct(owner=m.owner, kind=m.kind, cards=list(m.cards), by=list(m.by))
                for m in state.melds
            ],
            "known": [list(k) for k in state.known],
            "totals": list(state.totals),
        }
    )


def play_out(state: MostState, seat: int, limit: int = 2000) -> float:
    """Heuristic players to the end of this game; `seat`'s margin over the best other player."""
    for _ in range(limit):
        if state.over:
            break
        s = state.turn
        action = heuristic(Seen.of_state(state, s))
        RULES._apply(state, s, action)
    points = state.last_scores if state.over and state.last_scores else RULES.game_points(state)
    return points[seat] - max(p for i, p in enumerate(points) if i != seat)


MIN_WORLDS = 2  # worlds the search needs before it may overrule the heuristic


class SearchBot:
    """Determinized sampling over the draw/take and discard decisions (see the module docstring)."""

    def __init__(self, budget: float = 0.5, max_samples: int = 200, max_discards: int = 4) -> None:
        self.budget = budget
        self.max_samples = max_samples
        self.max_discards = max_discards

    def choose(self, view: MostView, legal: Sequence[str], rng: random.Random) -> str:
        seen = Seen.of_view(view)
        preferred = heuristic(seen, legal)
        candidates = self.candidates(seen, legal, preferred)
        if len(candidates) < 2:
            return preferred
        totals = {c: 0.0 for c in candidates}
        deadline, n = time.perf_counter() + self.budget, 0
        while n < self.max_samples and time.perf_counter() < deadline:
            world = unseen_world(seen, rng)
            for c in candidates:
                trial = clone(world)
                try:
                    RULES._apply(trial, seen.seat, c)
                    totals[c] += play_out(trial, seen.seat)
                except (GameError, ValueError, KeyError, IndexError, AssertionError, StopIteration):
                    totals[c] -= 1000.0
            n += 1
        if n < MIN_WORLDS:
            return preferred  # the clock stopped it before there was anything to compare
        best = max(candidates, key=lambda c: (totals[c], c == preferred))
        return best if totals[best] > totals[preferred] else preferred

    def candidates(self, seen: Seen, legal: Sequence[str], preferred: str) -> list[str]:
        """The heuristic's choice first, then: every take or the draw; or (once the taken card is
        melded) the best discards, every lay-off and swap — so holding back a lay-off, or not going out,
        is weighed too."""
        if seen.phase == "draw":
            return list(dict.fromkeys([preferred, *legal]))[: self.max_discards + 2]
        if seen.pending is not None:
            return [preferred]
        discards = [a for a in choose_discard(seen) if a in legal][: self.max_discards]
        steps = [a for a in legal if a.startswith(("lay:", "swap:"))][:4]
        return list(dict.fromkeys([preferred, *discards, *steps]))
