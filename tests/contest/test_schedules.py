"""Schedules: every pair meets as often as promised, duplicate deals are the same cards with every entrant
in every seat (or side), a gauntlet meets the field evenly, a Swiss round pairs by points, no rematch."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict

import pytest

import games
from games import schedules
from games.schedules import Meeting, fixtures, seating

BRIDGE_SIDES = ((0, 2), (1, 3))


def pair_counts(meetings: list[Meeting]) -> Counter[frozenset[str]]:
    return Counter(frozenset(p) for m in meetings for p in itertools.combinations(m.entrants, 2))


@pytest.mark.parametrize("n", [6, 7])
def test_a_round_robin_of_two_meets_every_pair_once(n: int) -> None:
    names = [f"e{i}" for i in range(n)]
    ms = schedules.round_robin(names, 2)
    assert pair_counts(ms) == Counter({frozenset(p): 1 for p in itertools.combinations(names, 2)})
    for r in {m.round for m in ms}:  # nobody twice in a round
        seated = [e for m in ms if m.round == r for e in m.entrants]
        assert len(seated) == len(set(seated)) >= n - 1
    assert len({m.round for m in ms}) == (n if n % 2 else n - 1)


@pytest.mark.parametrize(("n", "k"), [(9, 3), (10, 4)])
def test_balanced_groups_meet_every_pair_about_equally_often(n: int, k: int) -> None:
    names = [f"e{i}" for i in range(n)]
    ms = schedules.round_robin(names, k, seed=3)
    counts = [pair_counts(ms)[frozenset(p)] for p in itertools.combinations(names, 2)]
    mean = sum(counts) / len(counts)
    assert min(counts) >= 1 and max(counts) - min(counts) <= 3 and min(counts) <= mean <= max(counts)
    played = Counter(e for m in ms for e in m.entrants)
    assert len(set(played.values())) == 1  # those sitting out took turns: everyone played as often
    assert all(len(m.entrants) == k for m in ms)


def test_duplicate_deals_are_the_same_cards_with_every_entrant_in_every_seat() -> None:
    ms = schedules.round_robin(["a", "b", "c", "d", "e"], 4, seed=1)
    fx = fixtures(ms, deals=2, seats=4, seed=40)
    by_deal: dict[tuple[int, int, int], list] = defaultdict(list)
    for f in fx:
        by_deal[f.meeting.round, f.meeting.table, f.deal].append(f)
    tricks = games.get("tricks")
    for group in by_deal.values():
        assert len(group) == 4 and len({f.seed for f in group}) == 1
        assert {(f.seats[s], s) for f in group for s in range(4)} == {
            (e, s) for e in group[0].meeting.entrants for s in range(4)
        }
        hands = [tricks.new(4, seed=f.seed).hands for f in group]
        assert all(h == hands[0] for h in hands)
    rounds = {f.meeting.round: f.seed - f.deal for f in fx}  # a round's tables share its deals, rounds differ
    assert len(set(rounds.values())) == len(rounds)


def test_a_partnership_entrant_holds_both_seats_of_its_side_and_changes_sides() -> None:
    assert seating(["A", "B"], 0, 4, BRIDGE_SIDES) == ("A", "B", "A", "B")
    assert seating(["A", "B"], 1, 4, BRIDGE_SIDES) == ("B", "A", "B", "A")
    fx = fixtures(schedules.round_robin(["A", "B", "C"], 2), deals=2, seats=4, seed=0, sides=BRIDGE_SIDES)
    assert len(fx) == 3 * 2 * 2
    pairs = Counter((f.meeting.round, f.meeting.table, f.deal) for f in fx)
    assert set(pairs.values()) == {2}


def test_a_gauntlet_meets_each_opponent_equally_on_the_same_deals() -> None:
    field = ["f1", "f2", "f3", "f4", "f5"]
    two = schedules.gauntlet("champ", field, 2)
    assert sorted(m.entrants for m in two) == [("champ", f) for f in field]
    assert len({f.seed for f in fixtures(two, 1, 2, seed=7, same_deals=True)}) == 1
    four = schedules.gauntlet("champ", field, 4, rounds=5)
    assert all(m.entrants[0] == "champ" for m in four)
    assert set(Counter(e for m in four for e in m.entrants[1:]).values()) == {3}


def test_a_swiss_round_pairs_by_points_without_a_rematch() -> None:
    names = ["a", "b", "c", "d", "e", "f"]
    met = Counter({frozenset(("a", "b")): 1, frozenset(("c", "d")): 1, frozenset(("e", "f")): 1})
    points = {"a": 1.0, "c": 1.0, "e": 1.0, "b": 0.0, "d": 0.0, "f": 0.0}
    ms = schedules.swiss_round(names, 2, 1, points, met, Counter())
    pairs = [frozenset(m.entrants) for m in ms]
    assert not any(met[p] for p in pairs)
    assert pairs[0] == frozenset(("a", "c"))  # the leaders meet first
    assert sorted(e for p in pairs for e in p) == sorted(names)
    sat = schedules.swiss_round(names[:5], 2, 0, {}, Counter(), Counter())
    assert len(sat) == 2 and "e" not in {e for m in sat for e in m.entrants}  # the lowest ranked sits out


def test_meeting_points_share_ties() -> None:
    assert schedules.meeting_points({"a": 10, "b": 3}) == {"a": 1.0, "b": 0.0}
    assert schedules.meeting_points({"a": 5, "b": 5}) == {"a": 0.5, "b": 0.5}
    assert schedules.meeting_points({"a": 9, "b": 9, "c": 1}) == {"a": 0.75, "b": 0.75, "c": 0.0}
