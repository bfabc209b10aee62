"""Bridge scoring against the spec: every contract, doubling, vulnerability and result; IMPs; rubber."""

from __future__ import annotations

import pytest
from endplay.types import Contract, Denom, Penalty, Player, Vul

from games.bridge import scoring
from games.bridge.scoring import Rubber, duplicate_score, honours, imps, matchpoints

STRAINS = "CDHSN"


def reference(level: int, strain: str, doubled: int, vul: bool, tricks: int) -> int:
    """The spec's rules written out a second way: per-trick tables instead of formulas."""
    need = level + 6
    if tricks < need:
        down = need - tricks
        if doubled == 0:
            return -down * (100 if vul else 50)
        steps = [200] + [300] * 12 if vul else [100, 200, 200] + [300] * 10
        return -sum(steps[:down]) * (2 if doubled == 2 else 1)
    per = {"C": 20, "D": 20, "H": 30, "S": 30, "N": 30}[strain]
    factor = {0: 1, 1: 2, 2: 4}[doubled]
    below = sum(per + (10 if strain == "N" and k == 0 else 0) for k in range(level)) * factor
    total = below + ((500 if vul else 300) if below >= 100 else 50)
    total += {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
    total += {0: 0, 1: 50, 2: 100}[doubled]
    over = tricks - need
    total += over * (per if doubled == 0 else (200 if vul else 100) * (1 if doubled == 1 else 2))
    return total


def endplay_score(level: int, strain: str, doubled: int, vul: bool, tricks: int) -> int:
    """A third formulation: endplay's own scoring (North declares)."""
    c = Contract(
        level=level,
        denom=Denom.find(strain),
        declarer=Player.north,
        penalty=(Penalty.passed, Penalty.doubled, Penalty.redoubled)[doubled],
        result=tricks - level - 6,
    )
    return c.score(Vul.ns if vul else Vul.none)


def test_every_contract_doubling_vulnerability_and_result() -> None:
    checked = 0
    for level in range(1, 8):
        for strain in STRAINS:
            for doubled in (0, 1, 2):
                for vul in (False, True):
                    for tricks in range(14):
                        got = duplicate_score(level, strain, doubled, vul, tricks)
                        assert got == reference(level, strain, doubled, vul, tricks), (level, strain, doubled)
                        assert got == endplay_score(level, strain, doubled, vul, tricks), (level, strain)
                        checked += 1
    assert checked == 35 * 3 * 2 * 14


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "vul", "tricks", "score"),
    [
        (4, "S", 0, False, 10, 420),  # 4S made exactly, not vulnerable
        (4, "S", 1, True, 11, 990),  # 4S doubled +1, vulnerable
        (3, "N", 0, False, 9, 400),  # 3NT +0
        (7, "N", 0, False, 13, 1520),  # 7NT
        (2, "N", 0, False, 5, -150),  # 2NT down 3: 150 to the defenders
        (1, "C", 1, False, 3, -800),  # 1♣ doubled down 4: 100 + 200 + 200 + 300
        (3, "N", 2, True, 6, -1600),  # redoubled, vulnerable, down 3: twice 200 + 300 + 300
        (2, "H", 1, False, 8, 470),  # doubled into game: 120 + 300 + 50
        (1, "N", 2, False, 7, 560),  # redoubled 1NT: 160 + 300 + 100
    ],
)
def test_spec_examples(level: int, strain: str, doubled: int, vul: bool, tricks: int, score: int) -> None:
    assert duplicate_score(level, strain, doubled, vul, tricks) == score


# The contest's table (seed 003, appendix 1): contract → scores for +0, +1, … overtricks.
CONTEST_TABLE = {
    "1S 1H": [80, 110, 140, 170, 200, 230, 260],
    "1D 1C": [70, 90, 110, 130, 150, 170, 190],
    "1N": [90, 120, 150, 180, 210, 240, 270],
    "2S 2H": [110, 140, 170, 200, 230, 260],
    "2D 2C": [90, 110, 130, 150, 170, 190],
    "2N": [120, 150, 180, 210, 240, 270],
    "3S 3H": [140, 170, 200, 230, 260],
    "3D 3C": [110, 130, 150, 170, 190],
    "3N": [400, 430, 460, 490, 520],
    "4S 4H": [420, 450, 480, 510],
    "4D 4C": [130, 150, 170, 190],
    "4N": [430, 460, 490, 520],
    "5S 5H": [450, 480, 510],
    "5D 5C": [400, 420, 440],
    "5N": [460, 490, 520],
    "6S 6H": [980, 1010],
    "6D 6C": [920, 940],
    "6N": [990, 1020],
    "7S 7H": [1510],
    "7D 7C": [1440],
    "7N": [1520],
}


def contest_points(contract: str, tricks: int) -> tuple[int, int]:
    """(declaring side, defenders) by the contest's table: the table when made, 50 an undertrick else."""
    level = int(contract[0])
    need = level + 6
    if tricks < need:
        return 0, 50 * (need - tricks)
    row = next(v for k, v in CONTEST_TABLE.items() if contract in k.split())
    return row[tricks - need], 0


def test_the_contest_table_comes_out_exactly() -> None:
    for names, row in CONTEST_TABLE.items():
        for contract in names.split():
            for over, points in enumerate(row):
                level = int(contract[0])
                assert duplicate_score(level, contract[1], 0, False, level + 6 + over) == points, contract
    assert duplicate_score(4, "S", 0, False, 11) == 450  # the contest's example 1
    assert -duplicate_score(2, "N", 0, False, 5) == 150  # example 2: the defenders score 150


@pytest.mark.parametrize(
    ("diff", "n"),
    [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4), (160, 4), (170, 5),
     (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8), (360, 8), (370, 9), (420, 9), (430, 10),
     (490, 10), (500, 11), (590, 11), (600, 12), (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14),
     (1100, 15), (1290, 15), (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18),
     (2000, 19), (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
     (3500, 23), (3990, 23), (4000, 24), (7600, 24)],
)  # fmt: skip
def test_imp_scale_at_every_boundary(diff: int, n: int) -> None:
    assert imps(diff) == n
    assert imps(-diff) == -n


def test_matchpoints_two_per_score_beaten_one_per_tie() -> None:
    assert matchpoints([420, 450, 420, -50]) == [3, 6, 3, 0]
    assert matchpoints([100]) == [0]


def test_honours() -> None:
    assert honours(["AS", "KS", "QS", "JS", "2H"], "S") == 100
    assert honours(["AS", "KS", "QS", "JS", "TS"], "S") == 150
    assert honours(["AS", "KS", "QS", "2S"], "S") == 0
    assert honours(["AS", "AH", "AD", "AC"], "N") == 150
    assert honours(["AS", "AH", "AD", "KC"], "N") == 0
    assert honours(["AS", "AH", "AD", "AC"], "S") == 0


def test_rubber_won_two_games_to_one() -> None:
    r = Rubber()
    r.record(0, 4, "S", 0, 10, [0, 0])  # N–S 4♠=: 120 below, a game
    assert r.games == [1, 0] and r.below == [0, 0] and r.vulnerable(0) and not r.vulnerable(1)
    r.record(1, 3, "N", 0, 9, [0, 0])  # E–W 3NT=: 100, a game
    assert r.games == [1, 1]
    r.record(0, 2, "H", 0, 9, [0, 0])  # N–S 2♥+1: 60 below, 30 above
    r.record(1, 2, "C", 0, 8, [0, 0])  # E–W 2♣=: 40 below, a part-score
    assert r.below == [60, 40] and not r.done
    r.record(0, 1, "N", 0, 7, [0, 0])  # N–S 1NT=: 60 + 40 = 100, the second game
    assert r.done and r.games == [2, 1] and r.bonus == [500, 0]
    assert r.totals() == [120 + 60 + 40 + 30 + 500, 100 + 40]


def test_rubber_two_nil_undertricks_vulnerable_and_slam() -> None:
    r = Rubber()
    r.record(1, 5, "D", 0, 11, [0, 0])  # E–W 5♦=: 100, game
    r.record(0, 3, "S", 1, 7, [0, 0])  # N–S 3♠ doubled, not vulnerable, down 2: 300 to E–W
    r.record(1, 6, "H", 0, 12, [0, 100])  # E–W vulnerable small slam: 180 below, 750 above, honours 100
    assert r.done and r.bonus == [0, 700]
    assert r.totals() == [0, 100 + 300 + 180 + 750 + 100 + 700]
    assert r.above == [0, 300 + 750 + 100]


def test_unfinished_rubber() -> None:
    r = Rubber()
    r.record(0, 4, "H", 0, 10, [0, 0])  # N–S game
    r.record(1, 2, "S", 0, 8, [0, 0])  # E–W part-score 60
    r.record(0, 1, "D", 0, 7, [0, 0])  # N–S part-score 20
    r.finish_unfinished()
    assert r.bonus == [300 + 100, 100]
    r.finish_unfinished()  # only once
    assert r.bonus == [400, 100]


def test_a_failed_contract_scores_only_above_the_line_and_honours_count_anyway() -> None:
    r = Rubber()
    r.record(0, 4, "S", 0, 8, [150, 0])  # down 2 not vulnerable, N–S held all five honours
    assert r.below == [0, 0] and r.above == [150, 100]


def test_trick_points_and_doubled_overtricks() -> None:
    assert scoring.trick_points(3, "N") == 100
    assert scoring.trick_points(2, "D", 2) == 160
    assert scoring.overtrick_points(2, "S", 1, True) == 400
    assert scoring.undertrick_penalty(4, 1, False) == 800
