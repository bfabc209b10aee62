"""AI players for Durak. They see only their seat's view and the legal actions.

- `HeuristicBot` is the baseline of the source article: a hand-evaluation function — card values from
  −600 (a two) to +600 (an ace) around the middle rank, +1300 for a trump, bonuses for several cards of one
  rank, a penalty for a hand unbalanced between the plain suits and one for holding a large share of the
  cards still in play — and every decision picks the option whose resulting hand is worth most:
  which cards to attack with, whether a card is worth throwing in, beating (with the cheapest cards
  that do it) against taking the table, transferring.
  The article's rank bonus multiplies the card's value in ranks; here it is in the same units as card
  values (×100), which is what its own examples need to matter.
- `SearchBot` (determinized Monte Carlo): for each candidate action it deals the unseen cards
  consistently with what is known (its own hand, cards taken from the table, the discard pile, the trump
  at the bottom of the stock), plays the game to the end with the heuristic for every seat, and picks the
  action that avoids being the durak most often. Deterministic given its random generator; time-bounded.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from games.cards import make_deck, rank, rank_value, suit
from games.durak.rules import GAME, DurakState, DurakView, Pair, beats

RANK_BONUS = (0.0, 0.0, 0.5, 0.75, 1.25)
UNBALANCED_PENALTY = 200
MANY_CARDS_PENALTY = 600
# Ours, not the article's: taking also gives up the next attack, which the hand's value cannot see;
# worth about one trump (tuned against random play: 0 → 72 %, 400 → 85 %, 1500 → 92 % of 200 games won).
TAKE_PENALTY = 1300


def card_value(card: str, trump: str) -> int:
    value = (rank_value(card) - 6) * 100  # the eight is 0, the ace +600, the two −600
    return value + 1300 if suit(card) == trump else value


def hand_value(hand: Sequence[str], trump: str, in_play: int) -> float:
    """The article's evaluation of a hand; `in_play` counts the cards in the stock and other hands."""
    res = float(sum(card_value(c, trump) for c in hand))
    by_rank: dict[str, int] = {}
    by_suit: dict[str, int] = {}
    for c in hand:
        by_rank[rank(c)] = by_rank.get(rank(c), 0) + 1
        by_suit[suit(c)] = by_suit.get(suit(c), 0) + 1
    for r, n in by_rank.items():
        res += max(rank_value(r + "S") - 6, 1) * 100 * RANK_BONUS[min(n, 4)]
    plain = [s for s in "SHDC" if s != trump]
    avg = sum(by_suit.get(s, 0) for s in plain) / 3
    if avg:
        res -= sum(UNBALANCED_PENALTY * abs(by_suit.get(s, 0) - avg) / avg for s in plain)
    ratio = len(hand) / in_play if in_play else 10.0
    res += (0.25 - ratio) * MANY_CARDS_PENALTY
    return res


def decide(
    hand: list[str], trump: str, table: list[Pair], legal: Sequence[str], in_play: int, defending: bool
) -> str:
    """The heuristic's choice among `legal`, by the value of the hand each option leaves."""

    def value_without(cards: Sequence[str], plus: Sequence[str] = ()) -> float:
        rest = [c for c in hand if c not in cards] + list(plus)
        return hand_value(rest, trump, in_play + len(cards) - len(plus))

    if defending:
        return _defend(hand, trump, table, legal, value_without)
    attacks = [a for a in legal if a.startswith("attack:")]
    if attacks:

        def cards_of(a: str) -> list[str]:
            text = a.split(":")[1]
            return [text[i : i + 2] for i in range(0, len(text), 2)]

        return max(attacks, key=lambda a: (value_without(cards_of(a)), -len(a)))
    throws = [a for a in legal if a.startswith("throw:")]
    base = hand_value(hand, trump, in_play)
    best = max(throws, key=lambda a: value_without([a.split(":")[1]]), default=None)
    if best is not None and value_without([best.split(":")[1]]) > base:
        return best
    return "done" if "done" in legal else legal[0]


def _defend(hand: list[str], trump: str, table: list[Pair], legal: Sequence[str], value_without) -> str:
    unbeaten = [p.attack for p in table if p.beat is None]
    plan = cheapest_cover(hand, unbeaten, trump)
    on_table = [c for p in table for c in (p.attack, p.beat) if c]
    take_value = value_without([], plus=on_table) - TAKE_PENALTY if "take" in legal else float("-inf")
    options: list[tuple[float, str]] = [(take_value, "take")] if "take" in legal else []
    if plan is not None:
        first = unbeaten[0]
        options.append((value_without(list(plan.values())), f"beat:{first}:{plan[first]}"))
    for a in legal:
        if a.startswith(("transfer:", "show:")):
            card = a.split(":")[1]
            gone = [card] if a.startswith("transfer:") else []
            options.append((value_without(gone) + 150, a))  # passing the attack on also keeps the initiative
    if not options:
        return legal[0]
    choice = max(options, key=lambda o: o[0])[1]
    return choice if choice in legal else legal[0]


def cheapest_cover(hand: Sequence[str], attacks: Sequence[str], trump: str) -> dict[str, str] | None:
    """A beating card for every attack card, greedily the cheapest (hardest attacks first)."""
    free = sorted(hand, key=lambda c: card_value(c, trump))
    plan: dict[str, str] = {}
    for a in sorted(attacks, key=lambda c: -card_value(c, trump)):
        cover = next((c for c in free if beats(a, c, trump)), None)
        if cover is None:
            return None
        plan[a] = cover
        free.remove(cover)
    return {a: plan[a] for a in attacks}


class HeuristicBot:
    def choose(self, view: DurakView, legal: Sequence[str], rng: random.Random) -> str:
        seat = view.viewer if view.viewer is not None else 0
        in_play = view.stock_size + sum(n for s, n in enumerate(view.hand_sizes) if s != seat)
        defending = seat == view.defender and any(a.startswith(("beat:", "take")) for a in legal)
        return decide(
            list(view.hand or []),
            view.trump,
            view.table,
            [a for a in legal if a != "undo"] or legal,
            in_play,
            defending,
        )


# -- search -------------------------------------------------------------------------------------------


def policy(state: DurakState, seat: int, legal: Sequence[str]) -> str:
    """A fast play-out policy in the heuristic's spirit: shed cheap cards, beat cheaply, else take."""
    trump, hand = state.trump, state.hands[seat]
    if seat == state.defender and any(a.startswith(("beat:", "take")) for a in legal):
        for a in legal:
            if a.startswith("transfer:") and suit(a[-2:]) != trump:
                return a
        unbeaten = [p.attack for p in state.table if p.beat is None]
        plan = cheapest_cover(hand, unbeaten, trump)
        if plan is not None and unbeaten:
            return f"beat:{unbeaten[0]}:{plan[unbeaten[0]]}"
        return "take" if "take" in legal else legal[0]
    attacks = [a for a in legal if a.startswith("attack:")]
    if attacks:
        low = min(hand, key=lambda c: card_value(c, trump))
        same = "".join(
            c
            for c in sorted(hand, key=lambda c: "SHDC".index(suit(c)))
            if rank(c) == rank(low) and (c == low or suit(c) != trump)
        )
        return f"attack:{same}" if f"attack:{same}" in legal else f"attack:{low}"
    throws = [a for a in legal if a.startswith("throw:") and suit(a[-2:]) != trump and rank_value(a[-2:]) < 9]
    if throws:
        return min(throws, key=lambda a: card_value(a[-2:], trump))
    return "done" if "done" in legal else legal[0]


class SearchBot:
    def __init__(self, budget: float = 1.0, max_samples: int = 400, max_actions: int = 8) -> None:
        self.budget = budget
        self.max_samples = max_samples
        self.max_actions = max_actions

    def choose(self, view: DurakView, legal: Sequence[str], rng: random.Random) -> str:
        options = [a for a in legal if a != "undo"]
        if len(options) <= 1:
            return options[0] if options else legal[0]
        seat = view.viewer if view.viewer is not None else 0
        preferred = HeuristicBot().choose(view, options, rng)
        candidates = [preferred] + [a for a in options if a != preferred]
        candidates = candidates[: self.max_actions]
        wins = {a: 0.0 for a in candidates}
        runs = {a: 0 for a in candidates}
        deadline = time.perf_counter() + self.budget
        samples = 0
        while samples < self.max_samples and (samples < 2 or time.perf_counter() < deadline):
            world = determinize(view, seat, rng)
            for action in candidates:
                wins[action] += rollout(world, seat, action, rng)
                runs[action] += 1
            samples += 1
        return max(candidates, key=lambda a: (wins[a] / max(1, runs[a]), a == preferred))


def determinize(view: DurakView, seat: int, rng: random.Random) -> DurakState:
    """A state consistent with the view: unseen cards dealt at random to the other hands and the stock."""
    if view.hands is not None and view.stock is not None:
        hands = [list(h) for h in view.hands]
        stock = list(view.stock)
    else:
        deck_size = len(make_deck_for(view))
        seen = (
            set(view.hand or [])
            | set(view.discarded)
            | {c for p in view.table for c in (p.attack, p.beat) if c}
        )
        known = [list(k) if s != seat else [] for s, k in enumerate(view.known)]
        if view.hands is not None:
            known = [list(h) if s != seat else [] for s, h in enumerate(view.hands)]
        seen |= {c for k in known for c in k}
        bottom = (
            view.trump_card if view.trump_card and view.stock_size and view.trump_card not in seen else None
        )
        pool = [c for c in make_deck_for(view) if c not in seen and c != bottom]
        rng.shuffle(pool)
        hands = []
        for s in range(view.players):
            if s == seat:
                hands.append(list(view.hand or []))
                continue
            need = view.hand_sizes[s] - len(known[s])
            hands.append(known[s] + pool[:need])
            del pool[:need]
        stock = pool[: view.stock_size - (1 if bottom else 0)] + ([bottom] if bottom else [])
        assert deck_size >= 0
    state = DurakState(
        players=view.players,
        options=GAME.options(
            {"deck": len(make_deck_for(view)), "undo": False, "teams": view.teams, "variant": view.variant}
        ),
        hands=hands,
        stock=stock,
        trump=view.trump,
        trump_card=view.trump_card or "",
        attacker=view.attacker,
        defender=view.defender,
        table=[p.model_copy() for p in view.table],
        taking=view.taking,
        done=list(view.done),
        discarded=list(view.discarded),
        out=list(view.out),
        first_bout=view.bout_limit < 6 and not view.discarded,
        known=[[] for _ in range(view.players)],
        durak_counts=[0] * view.players,
    )
    return state


def make_deck_for(view: DurakView) -> list[str]:
    total = sum(view.hand_sizes) + view.stock_size + len(view.discarded)
    total += sum(1 + (p.beat is not None) for p in view.table)
    return make_deck(min((24, 36, 52), key=lambda n: abs(n - total)))


def rollout(world: DurakState, seat: int, action: str, rng: random.Random, max_moves: int = 600) -> float:
    """1 if `seat` is not the durak at the end of the game (0.5 when the heuristic ran out of moves)."""
    state = world.model_copy(deep=True)
    GAME._apply(state, seat, action)
    for _ in range(max_moves):
        if state.over or state.games_played:
            return 0.0 if state.durak == seat else 1.0
        movers = GAME.to_act(state)
        if not movers:
            return 0.5
        mover = state.defender if state.defender in movers else rng.choice(movers)
        GAME._apply(state, mover, policy(state, mover, GAME.legal_actions(state, mover)))
    return 0.5
