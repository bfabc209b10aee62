"""Tournament schedules as the chess engine tournament managers (cutechess-cli, fastchess) offer them.

Entrants meet at tables of `k`: the game's seats, or its sides in a partnership game (bridge: an
entrant is a pair and plays both seats of its side). A schedule says who meets in each round:

- `round-robin`: every pair of entrants meets. At tables of two, the circle method (Berger tables): n − 1
  rounds (n when n is odd, one entrant sitting out each round), every pair exactly once. At bigger tables
  (3–6 seats), balanced groups: each round seats everyone (those sitting out take turns) at tables chosen so
  that every pair of entrants meets about equally often (a seeded local search: no pair meets twice before
  every pair could have met once, as far as the search finds);
- `gauntlet`: one entrant (the first named) against the field, each opponent equally often;
- `swiss`: rounds paired by the meetings won so far (a meeting is won by the higher total contest score),
  entrants with equal points first, never the same meeting twice while another pairing exists.

Every meeting plays `deals` deals, each deal once per rotation of the table (duplicate: the same cards, every
entrant in every seat or side), and all tables of a round play the same deals (a gauntlet: every meeting
the same deals, so the opponents are compared on the same cards).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

KINDS = ("round-robin", "gauntlet", "swiss")
Pair = frozenset[str]


@dataclass(frozen=True)
class Meeting:
    """Entrants at one table in one round, in the order of its first rotation."""

    round: int
    table: int
    entrants: tuple[str, ...]


@dataclass(frozen=True)
class Fixture:
    """One game to play: a deal of a meeting in one rotation, and who sits where."""

    meeting: Meeting
    deal: int
    rotation: int
    seed: int
    seats: tuple[str, ...]  # the entrant in each seat (a side's entrant in each of its seats)

    @property
    def key(self) -> str:
        m = self.meeting
        return f"{m.round}.{m.table}.{self.deal}.{self.rotation}"


def seating(
    entrants: Sequence[str], rotation: int, seats: int, sides: Sequence[Sequence[int]] = ()
) -> tuple[str, ...]:
    """Who sits in each seat in `rotation`: entrant j takes seat (or side) `(j + rotation) mod k`."""
    k = len(entrants)
    if not sides:
        return tuple(entrants[(s - rotation) % k] for s in range(seats))
    out = [""] * seats
    for j, side in enumerate(sides):
        for s in side:
            out[s] = entrants[(j - rotation) % k]
    return tuple(out)


def fixtures(
    meetings: Sequence[Meeting],
    deals: int,
    seats: int,
    seed: int,
    sides: Sequence[Sequence[int]] = (),
    same_deals: bool = False,
) -> list[Fixture]:
    """Every deal of every meeting in every rotation; the tables of a round share its deals (with
    `same_deals`, every meeting plays the same)."""
    out = []
    for m in meetings:
        for d in range(deals):
            deal_seed = seed + d + (0 if same_deals else m.round * deals)
            for r in range(len(m.entrants)):
                out.append(Fixture(m, d, r, deal_seed, seating(m.entrants, r, seats, sides)))
    return out


# -- round robin ------------------------------------------------------------------------------------------


def berger(names: Sequence[str]) -> list[list[tuple[str, str]]]:
    """The circle method: rounds of pairs in which every pair meets once (an odd entrant sits out in turn)."""
    ring: list[str | None] = list(names)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is not None and b is not None:
                pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))  # who starts alternates
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def balanced_rounds(names: Sequence[str], k: int, rounds: int, seed: int = 0) -> list[list[tuple[str, ...]]]:
    """`rounds` rounds of tables of `k`, every pair meeting about equally often.

    Those sitting out (when k does not divide n) take turns, the fewest turns so far first; the tables are
    then found by simulated annealing over the whole schedule — swapping two entrants of a round between
    tables — to minimise the sum of squared meeting counts, smallest when the counts are as equal as they
    can be.
    """
    rng = random.Random(seed)
    n, rest = len(names), len(names) % k
    sat_out: Counter[str] = Counter()
    plan: list[list[list[str]]] = []
    for _ in range(rounds):
        order = sorted(names, key=lambda x: (sat_out[x], rng.random()))
        sat_out.update(order[:rest])
        playing = order[rest:]
        rng.shuffle(playing)
        plan.append([playing[i : i + k] for i in range(0, n - rest, k)])
    if len(plan[0]) > 1:
        for _ in range(3):  # a rare unlucky run leaves a spread of 3 or more: anneal again from it
            plan = _anneal(plan, rng, steps=1000 * rounds * len(plan[0]))
            if _spread(plan, names) <= 2:
                break
    return [[tuple(t) for t in r] for r in plan]


def _spread(plan: list[list[list[str]]], names: Sequence[str]) -> int:
    met = Counter(frozenset(p) for r in plan for t in r for p in itertools.combinations(t, 2))
    counts = [met[frozenset(p)] for p in itertools.combinations(names, 2)]
    return max(counts) - min(counts)


def _anneal(plan: list[list[list[str]]], rng: random.Random, steps: int) -> list[list[list[str]]]:
    """The best plan seen while swapping entrants between tables of a round, annealed on the sum of
    squared meeting counts."""
    met: Counter[Pair] = Counter(frozenset(p) for r in plan for t in r for p in itertools.combinations(t, 2))

    def change(x: str, y: str, table: list[str]) -> int:
        """The cost's change when x leaves `table` and y takes its place."""
        d = 0
        for a in table:
            if a != x:
                c, e = met[frozenset((x, a))], met[frozenset((y, a))]
                d += 2 - 2 * c + 2 * e  # (c−1)² − c² + (e+1)² − e²
        return d

    def move(x: str, y: str, table: list[str]) -> None:
        for a in table:
            if a != x:
                met[frozenset((x, a))] -= 1
                met[frozenset((y, a))] += 1
        table[table.index(x)] = y

    temperature = 2.0
    cooling = (0.05 / temperature) ** (1 / steps)
    cost = best_cost = 0
    best = [[list(t) for t in r] for r in plan]
    for _ in range(steps):
        ta, tb = rng.sample(rng.choice(plan), 2)
        x, y = rng.choice(ta), rng.choice(tb)
        d = change(x, y, ta) + change(y, x, tb)
        if d <= 0 or rng.random() < math.exp(-d / temperature):
            move(x, y, ta)
            move(y, x, tb)
            cost += d
            if cost < best_cost:
                best, best_cost = [[list(t) for t in r] for r in plan], cost
        temperature *= cooling
    return best


def _best_partition(
    players: Sequence[str],
    k: int,
    met: Counter[Pair],
    rng: random.Random,
    tries: int = 12,
    rank: Mapping[str, int] | None = None,
) -> list[list[str]]:
    """Tables of `k` that repeat the fewest meetings (then, if `rank` is given, keep ranks close)."""
    spread = max(len(players), 1)

    def cost(table: list[str]) -> float:
        c = sum(met[frozenset(p)] ** 2 for p in itertools.combinations(table, 2))
        if rank is not None:
            c += sum(abs(rank[a] - rank[b]) for a, b in itertools.combinations(table, 2)) / spread**2
        return c

    best: list[list[str]] = []
    best_cost = float("inf")
    for attempt in range(tries):
        order = list(players)
        if rank is not None and attempt == 0:
            order.sort(key=lambda n: rank[n])
        else:
            rng.shuffle(order)
        tables = [order[i : i + k] for i in range(0, len(order), k)]
        costs = [cost(t) for t in tables]
        improved = True
        while improved:
            improved = False
            for a, b in itertools.combinations(range(len(tables)), 2):
                for i in range(k):
                    for j in range(k):
                        ta, tb = list(tables[a]), list(tables[b])
                        ta[i], tb[j] = tb[j], ta[i]
                        ca, cb = cost(ta), cost(tb)
                        if ca + cb < costs[a] + costs[b] - 1e-9:
                            tables[a], tables[b], costs[a], costs[b] = ta, tb, ca, cb
                            improved = True
        total = sum(costs)
        if total < best_cost:
            best, best_cost = tables, total
    return best


def round_robin(names: Sequence[str], k: int, rounds: int | None = None, seed: int = 0) -> list[Meeting]:
    """Every pair meets: Berger rounds at tables of two, balanced groups at bigger tables."""
    if k == 2:
        plan: list[list[tuple[str, ...]]] = [list(r) for r in berger(names)]
        if rounds:  # more cycles of the same
            plan = [plan[i % len(plan)] for i in range(rounds)]
    elif len(names) == k:
        plan = [[tuple(names)]] * (rounds or 1)
    else:
        plan = balanced_rounds(names, k, rounds or default_rounds(len(names), k), seed)
    return [Meeting(r, t, tuple(e)) for r, tables in enumerate(plan) for t, e in enumerate(tables)]


def default_rounds(n: int, k: int) -> int:
    """As many rounds as a round robin of two has (n − 1), so that pairs meet often enough to even out;
    with some sitting out, the next multiple of the rounds in which everyone sits out equally often."""
    rest = n % k
    if not rest:
        return max(n - 1, 1)
    cycle = n // math.gcd(n, rest)
    return -(-(n - 1) // cycle) * cycle


# -- gauntlet ---------------------------------------------------------------------------------------------


def gauntlet(champion: str, field: Sequence[str], k: int, rounds: int | None = None) -> list[Meeting]:
    """The champion meets the field: at tables of two, each opponent once per cycle (all in one round);
    at bigger tables, the champion and k − 1 of the field in turn, each opponent equally often."""
    if k == 2:
        cycles = rounds or 1
        return [Meeting(c, t, (champion, f)) for c in range(cycles) for t, f in enumerate(field)]
    groups = -(-len(field) // (k - 1))
    total = rounds or groups
    ring = list(field)
    out = []
    for r in range(total):
        start = (r * (k - 1)) % len(ring)
        opponents = tuple(ring[(start + i) % len(ring)] for i in range(k - 1))
        out.append(Meeting(r, 0, (champion, *opponents)))
    return out


# -- swiss ------------------------------------------------------------------------------------------------


def swiss_round(
    names: Sequence[str],
    k: int,
    round_no: int,
    points: Mapping[str, float],
    met: Counter[Pair],
    sat_out: Counter[str],
    seed: int = 0,
) -> list[Meeting]:
    """One Swiss round: ranked by points (then the order given), tables of neighbours in the ranking,
    repeat meetings avoided; those sitting out are the lowest ranked who sat out least."""
    ranked = sorted(names, key=lambda n: (-points.get(n, 0.0), names.index(n)))
    rest = len(ranked) % k
    resting: list[str] = []
    if rest:
        resting = sorted(reversed(ranked), key=lambda n: sat_out[n])[:rest]
    playing = [n for n in ranked if n not in resting]
    rank = {n: i for i, n in enumerate(playing)}
    if k == 2:
        pairs = _pair_up(playing, met)
        tables = (
            [list(p) for p in pairs]
            if pairs is not None
            else _best_partition(playing, 2, met, random.Random(seed), rank=rank)
        )
    else:
        tables = _best_partition(playing, k, met, random.Random(seed + round_no), rank=rank)
    tables.sort(key=lambda t: min(rank[n] for n in t))
    return [Meeting(round_no, t, tuple(e)) for t, e in enumerate(tables)]


def _pair_up(ranked: list[str], met: Counter[Pair]) -> list[tuple[str, str]] | None:
    """The highest-ranked entrant with the highest-ranked it has not met, backtracking; None if impossible."""
    if not ranked:
        return []
    first, rest = ranked[0], ranked[1:]
    for i, other in enumerate(rest):
        if met[frozenset((first, other))]:
            continue
        tail = _pair_up(rest[:i] + rest[i + 1 :], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def meeting_points(scores: Mapping[str, float]) -> dict[str, float]:
    """A meeting's points by its entrants' total contest scores: 1 for the best, 0 for the worst, shared
    on ties."""
    k = len(scores)
    ordered = sorted(scores.values(), reverse=True)
    out = {}
    for name, s in scores.items():
        places = [i for i, v in enumerate(ordered) if v == s]
        out[name] = sum((k - 1 - p) / (k - 1) for p in places) / len(places)
    return out
