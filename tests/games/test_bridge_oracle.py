"""The oracle partnerships' auction (bench/bridge.py --part oracle) on made-up expectations, and the deals
dealt to a side told the opponents' shapes: no solving."""

from __future__ import annotations

import random

import pytest

from bench.bridge import Final, OracleView, oracle_auction, told, told_deal
from games.bridge.rules import random_deal


class Values(OracleView):
    """A side's expected IMPs given outright; any contract not listed is worth `rest`."""

    def __init__(self, side: int, values: dict[Final | None, float], rest: float = -10.0) -> None:
        super().__init__(side, [], [False, False])
        self.memo = {c: values.get(c, rest) for c in [None, *values]}
        self.rest = rest

    def value(self, c: Final | None) -> float:
        return self.memo.get(c, self.rest)


def test_each_side_bids_its_best_contract_and_the_other_lets_it_stand() -> None:
    ns = Values(0, {None: -6, (4, "S", 2, 0): 0, (4, "S", 0, 0): -1, (4, "S", 2, 1): 1})
    ew = Values(1, {None: -6, (4, "S", 2, 0): 0, (4, "S", 2, 1): -1})
    assert oracle_auction([ns, ew], dealer=1) == (4, "S", 2, 0)  # South, the better declarer; not doubled


def test_a_sacrifice_that_saves_is_bid_and_doubled_and_a_double_that_pays_is_made() -> None:
    game, save, doubled_save = (4, "S", 0, 0), (5, "D", 1, 0), (5, "D", 1, 1)
    ns = Values(0, {None: -8, game: 0, (*game[:3], 1): 1, save: 2, doubled_save: 3})
    ew = Values(1, {None: -8, game: -5, (*game[:3], 1): -6, save: -1, doubled_save: -2})
    assert oracle_auction([ns, ew], dealer=0) == doubled_save
    ew.memo[doubled_save] = -7  # now the save costs more than their game: East–West let 4♠ stand
    ew.memo[save] = -7
    assert oracle_auction([ns, ew], dealer=0) == game


def test_a_told_deal_keeps_the_known_hands_and_gives_the_told_seats_their_exact_shapes() -> None:
    hands = random_deal("told")
    shapes = told(hands, [1, 3])
    seen = set()
    for n in range(20):
        deal = told_deal(hands, [0], shapes, random.Random(n))  # seat 2 gets the cards left
        assert deal[0] == hands[0]
        assert sorted(c for h in deal for c in h) == sorted(c for h in hands for c in h)
        assert told(deal, [1, 3]) == shapes
        seen.add(tuple(sorted(deal[1])))
    assert len(seen) > 10  # a new layout each time, not the true deal again
    with pytest.raises(AssertionError):  # two seats left to fill: the shapes would not fix them
        told_deal(hands, [0], told(hands, [1]), random.Random(0))
