"""A round robin with duplicate seating: every deal played from every seat; standings, JSON and CSV."""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from itertools import combinations

from games import tournament
from tests.contest.conftest import EXAMPLES, py


def test_tournament_plays_every_deal_from_every_seat(tmp_path, capsys) -> None:
    players = ["prog", "r1", "r2", "r3", "r4"]
    specs = [f"prog={py(EXAMPLES / 'tricks_client.py')}"] + [f"{p}=ai:random" for p in players[1:]]
    out = tmp_path / "t"
    argv = ["tricks", "--options", '{"target": 3}', "--deals", "2", "--jobs", "2", "--out", str(out)]
    for s in specs:
        argv += ["--player", s]
    tournament.main(argv)
    printed = capsys.readouterr().out
    assert "40 games (5 tables × 2 deals × 4 rotations)" in printed

    data = json.loads((out.with_suffix(".json")).read_text())
    seen = defaultdict(set)  # (table, deal) → {(player, seat)}
    seeds = defaultdict(set)
    groups = defaultdict(set)
    for g in data["games"]:
        seeds[g["table"], g["deal"]].add(g["seed"])
        for s in g["seats"]:
            seen[g["table"], g["deal"]].add((s["name"], s["seat"]))
            groups[g["table"]].add(s["name"])
    assert sorted(frozenset(g) for g in groups.values()) == sorted(
        frozenset(c) for c in combinations(players, 4)
    )
    for key, pairs in seen.items():
        assert len(seeds[key]) == 1  # the same cards in every rotation
        names = {n for n, _ in pairs}
        assert pairs == {(n, seat) for n in names for seat in range(4)}  # everyone in every seat
    assert {s["name"] for s in data["standings"]} == set(players)
    assert all(s["games"] == 32 for s in data["standings"])  # 4 tables × 2 deals × 4 rotations each

    rows = list(csv.DictReader(out.with_suffix(".csv").open()))
    assert [r["name"] for r in rows] == [s["name"] for s in data["standings"]]
    assert float(rows[0]["rating"]) >= float(rows[-1]["rating"])


def test_duplicate_deals_repeat_the_cards() -> None:
    """Seat s of rotation r holds the same hand as seat s of rotation 0: only the players move."""
    import games
    from games.protocol.match import Entrant

    jobs = tournament.schedule("durak", [Entrant("a", level="random"), Entrant("b", level="random")], 2, 1, 9)
    assert [[e.name for e in j.entrants] for j in jobs] == [["a", "b"], ["b", "a"]]
    g = games.get("durak")
    hands = [g.new(2, seed=j.seed).hands for j in jobs]
    assert hands[0] == hands[1]
