"""AI players for Durak. They see only their seat's view and the legal actions, like a person.

`HeuristicBot` (the `normal` level, and the search's first candidate) lives in `heuristic.py`: the source
article's evaluation, deciding by the hand's value after each option. `article.py` is the article's own
AI, a reference for the arena.

`SearchBot` (the default level) is determinized Monte Carlo (in a two-player endgame it plays the exact
solution of `endgame.py`, like the heuristic, unless every move loses against perfect play). For each
decision it samples worlds consistent with the view (its own hand, the discard pile, the table, cards known
in other hands — taken from the table, shown, or the turned-up trump —, the trump at the bottom of the
stock, every hand with open cards, the stock's contents when one may look through it), turns each world
into a state of the fast engine (`fast.py`: the move-level rules on int cards, checked against `rules.py`)
once, applies each candidate action with the engine on a copy, and plays the game to its end with `Sim`,
a bout-level policy over the engine where every seat follows a simple heuristic. Its moves are the
rules' moves (`tests/games/test_durak_sim.py` replays them through `Durak.apply`). Every candidate sees
the same worlds (common random numbers; the play-out policy has no randomness of its own), so their
comparison is paired.
It picks the candidate that avoids losing most often (the heuristic's choice on ties).

The budget adapts: one legal move, one candidate worth searching or a solved endgame cost no sampling;
otherwise it stops once the choice is settled — after at least `MIN_SAMPLES` worlds, when the expected
loss of stopping (`expected_loss`: what the best other option could still be worth more, in not-losing
chance) is below `LOSS`, 0.2 % —, at `max_samples` worlds (200), or when `budget` CPU seconds have
passed (a guard, checked between worlds: `games/budget.py`). Those numbers come from decision quality
(`bench/durak_regret.py`): on 60
positions the search looks at, met by the heuristic in two-player games against the article's AI, each
candidate's not-losing chance measured on 1,500 worlds, the search's choice cost 0.0086 of it a decision
at the former 1 % / 300 worlds / prior 0.5 (36 worlds on average), 0.0034 at these (144 worlds; the
difference 0.0052 ± 0.0023), the heuristic's choice 0.055. If the clock stops it before `MIN_SAMPLES`
worlds, it plays the heuristic's move: so a tiny budget never plays worse than the heuristic on noise.
Stopping by the results or the sample cap keeps it deterministic given its random generator.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from games.budget import CpuBudget
from games.cards import make_deck
from games.durak.endgame import MAX_STOCK, solve
from games.durak.fast import Table, action_int
from games.durak.heuristic import HeuristicBot, Judge, card_value, hand_value, heuristic_choice
from games.durak.rules import DurakOptions, DurakState, DurakView, split_cards

__all__ = [
    "HeuristicBot",
    "Judge",
    "SearchBot",
    "Sim",
    "Tally",
    "card_value",
    "hand_value",
    "heuristic_choice",
    "searched",
    "unseen_world",
]


# -- play-outs -----------------------------------------------------------------------------------------
# The engine (`fast.Table`: cards as ints, suit index × 13 + rank value) holds the state and the exact rules;
# `Sim` adds a fixed, simple policy for every seat and plays a whole bout at a time, resuming from any point
# of one (the searched action may leave a bout open). Its moves go through the engine's primitives, so the
# rules' bookkeeping ("done", who defends) stays exact; `tests/games/test_durak_sim.py` replays them
# through the rules.


class Sim(Table):
    """The play-out policy over the engine: `run` plays the game to its end."""

    __slots__ = ()

    def __init__(self, state: DurakState) -> None:
        self.load(state)

    # -- play
    def run(self, max_bouts: int = 400) -> None:
        """Play to the end of the game."""
        for _ in range(max_bouts):
            if self.losers or self.finished():
                self.finish()
                return
            if not self.table:
                self.attack()
            self.bout()
        self.finish()

    def attack(self) -> None:
        hand = self.hands[self.attacker]
        low = min(hand, key=self.val.__getitem__)
        limit = min(self.limit(), len(self.hands[self.defender]))
        cards = [low]
        if self.stock or len(hand) > 1:
            cards += [c for c in hand if c != low and c % 13 == low % 13 and c // 13 != self.trump]
        self.open_bout(cards[:limit])

    def bout(self) -> None:
        """Play the open bout to its close."""
        while True:
            if self.taking:
                while self.throw_round(everything=True):
                    pass
                self.close(took=True)
                return
            unbeaten = [p for p in self.table if p[1] < 0]
            if not unbeaten:
                if not self.throw_round(everything=False):
                    self.close(took=False)
                    return
                continue
            if self.perevodnoy and self.transfer():
                continue
            hand = self.hands[self.defender]
            plan = self.cover(hand, [p[0] for p in unbeaten])
            if plan is None or self.too_dear(plan):
                self.take()
                continue
            for p, c in zip(unbeaten, plan, strict=True):
                self.beat(p[0], c)

    def cover(self, hand: list[int], attacks: list[int]) -> list[int] | None:
        """The cheapest cover, in the order of `attacks` (the dearest attack card picks first)."""
        val, trump = self.val, self.trump
        free = sorted(hand, key=val.__getitem__)
        chosen: dict[int, int] = {}
        for a in sorted(attacks, key=val.__getitem__, reverse=True):
            suit, rank = divmod(a, 13)
            for c in free:  # the first card that beats `a` (`Table.beats`, inlined: this is the hot loop)
                if (c // 13 == suit and c % 13 > rank) or (c // 13 == trump != suit):
                    break
            else:
                return None
            chosen[a] = c
            free.remove(c)
        return [chosen[a] for a in attacks]

    def too_dear(self, plan: list[int]) -> bool:
        """Early on, keep high trumps rather than spend them on a small table."""
        if len(self.stock) < 6:
            return False
        dear = sum(1 for c in plan if c // 13 == self.trump and c % 13 >= 9)
        return dear > 0 and len(self.table) <= 2

    def transfer(self) -> bool:
        """Pass the attack on with a plain card of its rank, whenever the rules allow it."""
        if not self.may_transfer(1):
            return False
        r = self.table[0][0] % 13
        same = [c for c in self.hands[self.defender] if c % 13 == r and c // 13 != self.trump]
        if not same:
            return False
        self.pass_on(same[0])
        return True

    def throw_round(self, everything: bool) -> bool:
        """Each thrower adds what the policy likes; True if anything was added."""
        room = self.room()  # each card thrown takes one place: counted down rather than asked again
        if room <= 0:
            return False
        added = False
        ranks = self.ranks()
        late = not self.stock
        trump, val = self.trump, self.val
        for s in self.throwers():
            if self.done >> s & 1:  # it said "done" (in the searched position) and may not think again
                continue
            for c in sorted(self.hands[s], key=val.__getitem__):
                r = c % 13
                if not ranks >> r & 1:
                    continue
                if not late and (c // 13 == trump or (not everything and r >= 9)):
                    continue
                self.throw(s, c)
                added = True
                room -= 1
                if room <= 0:
                    return added
        return added


# -- search -----------------------------------------------------------------------------------------------


def unseen_world(view: DurakView, seat: int, rng: random.Random) -> DurakState:
    """A full state consistent with `view`: the unseen cards dealt at random to other hands and the stock."""
    deck = make_deck(view.options.deck)
    on_table = [c for p in view.table for c in (p.attack, p.beat) if c]
    if view.hands is not None:
        fixed = [list(h) for h in view.hands]
    else:
        fixed = [list(k) if s != seat else list(view.hand or []) for s, k in enumerate(view.known)]
    placed = {c for h in fixed for c in h} | set(view.discarded) | set(on_table)
    bottom = None
    if view.stock_size and view.trump_card and view.trump_card not in placed:
        bottom = view.trump_card  # the turned-up card, still under the stock
    stock_cards = [c for c in view.stock if c != bottom] if view.stock is not None else None
    hidden = placed | {bottom} | set(stock_cards or [])
    pool = [c for c in deck if c not in hidden]
    rng.shuffle(pool)
    hands = []
    for s in range(view.players):
        need = view.hand_sizes[s] - len(fixed[s])
        hands.append(fixed[s] + pool[:need])
        del pool[:need]
    if stock_cards is not None:
        pool = stock_cards
        rng.shuffle(pool)
    stock = pool + ([bottom] if bottom else [])
    return DurakState(
        players=view.players,
        options=DurakOptions.model_validate(
            {**view.options.model_dump(), "undo": False, "match_games": 1, "open_cards": False}
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
        passed=list(view.done),
        shown=view.shown,
        discarded=list(view.discarded),
        out=list(view.out),
        first_bout=view.first_bout,
        known=[[] for _ in range(view.players)],
        durak_counts=[0] * view.players,
        losses=[0] * view.players,
    )


def play_out(world: Table, seat: int, action: int) -> float:
    """1 if `seat` does not lose the game after `action` (a draw counts as not losing), else 0.

    `world` is the engine's state of a sampled world (`Sim.from_state`, once per world): each candidate
    plays on a copy of it."""
    sim = world.copy()
    assert isinstance(sim, Sim)
    sim.apply(seat, action)
    if not sim.over:
        sim.run()
    return 0.0 if seat in sim.losers else 1.0


def candidates(view: DurakView, moves: Sequence[str], preferred: str, limit: int) -> list[str]:
    """The actions worth searching: the heuristic's first, then the rest by a cheap ordering."""
    judge = Judge(view)
    trump = view.trump

    def cheapness(m: str) -> float:
        verb, *args = m.split(":")
        if verb == "attack":
            return -judge.value(split_cards(args[0]))
        if verb in ("throw", "transfer"):
            return -judge.value(args)
        if verb == "beat":
            return card_value(args[1], trump)
        return 0.0

    beats_by_card: dict[str, list[str]] = {}
    rest = []
    for m in moves:
        if m.startswith("beat:"):
            beats_by_card.setdefault(m.split(":")[1], []).append(m)
        elif m != preferred:
            rest.append(m)
    for options in beats_by_card.values():  # the two cheapest covers of each attack card
        rest += [m for m in sorted(options, key=cheapness)[:2] if m != preferred]
    rest.sort(key=cheapness)
    return [preferred, *rest][:limit]


def searched(view: DurakView, moves: Sequence[str], limit: int = 8) -> tuple[str, list[str]]:
    """The heuristic's move and the candidates to sample worlds for (that move first); no candidates when
    the search plays the heuristic's move without sampling: a solved endgame, or a single candidate."""
    preferred = heuristic_choice(view, moves)
    solved = solve(view, moves) if view.stock_size <= MAX_STOCK else None
    if solved and max(solved.values()) > -1:
        return preferred, []  # an exact endgame: the heuristic plays the solver's best moves
    options = candidates(view, moves, preferred, limit)
    return preferred, options if len(options) > 1 else []


MIN_SAMPLES = 16  # worlds before the search may stop early
LOSS = 0.002  # stop once switching to another option could gain at most this much not-losing chance, expected
DROP = 0.0005  # an option that could gain less than this over the leader, expected, is no longer played out
MAX_SAMPLES = 200  # worlds at most
PRIOR = 0.1  # an imaginary part of a differing world: identical results are not certain too soon


class Tally:
    """The candidates' results over the worlds so far, kept as counts: per option the worlds it does not
    lose, per ordered pair (a, b) the worlds where a does not lose and b does (a paired comparison needs
    nothing else: per world the difference of two options' results is −1, 0 or 1)."""

    def __init__(self, options: int) -> None:
        self.n = 0
        self.wins = [0] * options
        self.beats = [[0] * options for _ in range(options)]
        self.active = list(range(options))  # the options still played out

    def add(self, results: dict[int, float]) -> None:
        """One world's results of the active options (1: not lost)."""
        self.n += 1
        won = [i for i, r in results.items() if r]
        lost = [i for i, r in results.items() if not r]
        for i in won:
            self.wins[i] += 1
            row = self.beats[i]
            for j in lost:
                row[j] += 1

    def leader(self, first: int = 0) -> int:
        return max(self.active, key=lambda i: (self.wins[i], i == first))

    def gain(self, leader: int, other: int, prior: float = PRIOR) -> float:
        """What `other` could still be worth more than `leader`, expected: E[max(0, other − leader)].

        The mean and standard error of the paired differences give a normal belief about how much better
        the other option truly is. A tenth of an imaginary differing world (`prior`) keeps a run of identical
        results from looking certain too soon."""
        n = self.n
        ahead, behind = self.beats[leader][other], self.beats[other][leader]
        d = (ahead - behind) / n
        var = max((ahead + behind + prior) / n - d * d, prior / n)
        se = math.sqrt(var / n)
        z = d / se
        return se * math.exp(-z * z / 2) / math.sqrt(2 * math.pi) - d * 0.5 * math.erfc(z / math.sqrt(2))

    def expected_loss(self, first: int = 0, prior: float = PRIOR) -> float:
        """What playing the leading option would cost, expected, against the best of the others."""
        best = self.leader(first)
        return max((self.gain(best, a, prior) for a in self.active if a != best), default=0.0)

    def prune(self, drop: float, first: int = 0, prior: float = PRIOR) -> None:
        """Stop playing out the options that could gain less than `drop` over the leader, expected."""
        best = self.leader(first)
        self.active = [a for a in self.active if a == best or self.gain(best, a, prior) >= drop]


class SearchBot:
    """Determinized Monte Carlo over the unseen cards with simulated play-outs, stopping once settled."""

    def __init__(
        self,
        budget: float | None = 0.5,
        max_samples: int = MAX_SAMPLES,
        max_actions: int = 8,
        min_samples: int = MIN_SAMPLES,
        adaptive: bool = True,
        loss: float = LOSS,
        prior: float = PRIOR,
        drop: float = DROP,
    ) -> None:
        self.budget = budget  # CPU seconds at most (a guard: the results and `max_samples` stop it first)
        self.max_samples = max_samples
        self.max_actions = max_actions
        self.min_samples = min_samples
        self.adaptive = adaptive
        self.loss, self.prior = loss, prior  # the early stop's threshold and prior (`Tally.gain`)
        self.drop = drop  # options worth less than this over the leader are dropped (`Tally.prune`)
        self.samples = 0  # worlds the last decision looked at (0: it needed none)

    def choose(self, view: DurakView, legal: Sequence[str], rng: random.Random) -> str:
        self.samples = 0
        moves = [a for a in legal if a != "undo"] or list(legal)
        if len(moves) == 1:
            return moves[0]
        seat = view.viewer if view.viewer is not None else 0
        preferred, options = searched(view, moves, self.max_actions)
        if not options:
            return preferred
        wins = self.evaluate(view, seat, options, rng)
        if self.samples < min(self.min_samples, self.max_samples):
            return preferred  # the clock stopped it before it learnt enough to overrule the heuristic
        return max(wins, key=lambda a: (wins[a], a == preferred))

    def evaluate(self, view: DurakView, seat: int, options: list[str], rng: random.Random) -> dict[str, int]:
        """Worlds not lost per option still in the race (those dropped on the way are left out)."""
        tally = Tally(len(options))
        actions = [action_int(a) for a in options]
        budget = CpuBudget(self.budget)
        n = 0
        for n in range(1, self.max_samples + 1):
            world = Sim.from_state(unseen_world(view, seat, rng))
            rng.random()  # was the play-outs' seed (unused): kept, so the README's arena runs replay exactly
            tally.add({i: play_out(world, seat, actions[i]) for i in tally.active})
            if self.adaptive and n >= self.min_samples:
                if tally.expected_loss(0, self.prior) < self.loss:
                    break
                if self.drop > 0:
                    tally.prune(self.drop, 0, self.prior)
            if budget.spent():
                break
        self.samples = n
        return {options[i]: tally.wins[i] for i in tally.active}
