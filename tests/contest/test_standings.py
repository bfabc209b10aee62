"""Standings rank by the contest's score with Student's t over deals; a penalty is its violator's alone."""

from __future__ import annotations

import math
import statistics

import pytest

from games.arena import student_t
from games.standings import entrant_results, standings


def seat(name: str, seat: int, game_score: float, penalty: float = 0.0, **kw: object) -> dict:
    return {
        "name": name,
        "seat": seat,
        "score": game_score - penalty,
        "game_score": game_score,
        "penalty": penalty,
        "rule_penalty": kw.get("rule_penalty", 0.0),
        "violations": kw.get("violations", []),
        "ai_moves": kw.get("ai_moves", 0),
        "replaced": None,
        "decisions": 10,
        "think": 0.5,
        "slowest": 0.1,
    }


def game(key: str, *seats: dict) -> dict:
    return {"key": key, "seats": list(seats)}


def test_student_t_against_the_table() -> None:
    table = {1: 12.706, 2: 4.303, 5: 2.571, 10: 2.228, 30: 2.042, 120: 1.980}
    for df, t in table.items():
        assert student_t(df) == pytest.approx(t, abs=1e-3)


def test_the_interval_is_students_over_deals_not_games() -> None:
    # two deals, each played in two rotations: a's mean per deal is 100 and 150
    records = [
        game("0.0.0.0", seat("a", 0, 90), seat("b", 1, 0)),
        game("0.0.0.1", seat("b", 0, 5), seat("a", 1, 110)),
        game("0.0.1.0", seat("a", 0, 150), seat("b", 1, 0)),
        game("0.0.1.1", seat("b", 0, 0), seat("a", 1, 150)),
    ]
    a = standings(["a", "b"], records)[0]
    assert a.name == "a" and a.games == 4 and a.deals == 2 and a.score == 125
    assert a.ci == pytest.approx(12.706 * statistics.stdev([100, 150]) / math.sqrt(2), rel=1e-4)
    one = standings(["a", "b"], records[:2])
    assert one[0].ci is None  # one deal: no interval at all


def test_rank_by_score_not_by_rating_and_penalties_are_the_violators() -> None:
    # bridge-like: seats 0 and 2 are partners (N–S), and x broke a rule 3 times (−30 booked to x)
    records = []
    for d, (ns, ew) in enumerate([(400, 0), (0, 100), (120, 0), (0, 50)]):
        records.append(
            game(
                f"0.0.{d}.0",
                seat("x", 0, ns, penalty=30 if d == 0 else 0, violations=["illegal"] * (d == 0), ai_moves=3),
                seat("y", 1, ew),
                seat("z", 2, ns),
                seat("w", 3, ew),
            )
        )
    rows = {r.name: r for r in standings(["x", "y", "z", "w"], records)}
    assert rows["x"].penalty == 30 and rows["x"].violations == 1 and rows["x"].ai_moves == 12
    assert rows["z"].penalty == 0 and rows["z"].score == 130  # the partner does not pay for x
    assert rows["x"].score == 130 - 30 / 4
    ranked = standings(["x", "y", "z", "w"], records)
    assert [r.name for r in ranked[:2]] == ["z", "x"]
    assert ranked[2].score == ranked[3].score and ranked[2].rating >= ranked[3].rating  # a tie: rating next


def test_a_partnership_entrant_is_one_entrant_over_its_two_seats() -> None:
    rec = game(
        "0.0.0.0",
        seat("A", 0, 420, penalty=10, violations=["timeout"]),
        seat("B", 1, 0),
        seat("A", 2, 420, penalty=20),
        seat("B", 3, 0),
    )
    res = entrant_results(rec)
    assert res["A"]["score"] == 420 - 30 and res["A"]["penalty"] == 30 and res["A"]["violations"] == 1
    assert res["B"]["score"] == 0


def test_a_rule_penalty_is_shown_but_not_taken_twice() -> None:
    # tricks: a bad card's −100 is already in the game's score
    rec = game("0.0.0.0", seat("a", 0, -95, rule_penalty=100, violations=["illegal"]), seat("b", 1, 13))
    res = entrant_results(rec)
    assert res["a"]["score"] == -95 and res["a"]["penalty"] == 100


def test_ratings_do_not_depend_on_the_order_games_finished_in() -> None:
    records = [game(f"0.{t}.0.0", seat("a", 0, t), seat("b", 1, 10 - t)) for t in range(12)]
    forward = standings(["a", "b"], records)
    backward = standings(["a", "b"], records[::-1])
    assert [(r.name, r.rating) for r in forward] == [(r.name, r.rating) for r in backward]
