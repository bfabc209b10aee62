"""The tournament organizer: fixed bridge partnerships in a round robin, the results file and standings
recomputed from it, per-game directories, and `--resume` after an interruption."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import asdict, replace
from pathlib import Path

import pytest

from games import tournament
from games.protocol.match import Entrant
from games.standings import standings
from games.tournament import Setup, load_records
from tests.contest.conftest import EXAMPLES, py


def test_bridge_pairs_meet_once_each_holding_both_seats_of_a_side(tmp_path: Path, capsys) -> None:
    out = tmp_path / "t"
    argv = ["bridge", "--boards", "1", "--games", "1", "--concurrency", "2", "--out", str(out)]
    argv += ["--player", f"prog={py(EXAMPLES / 'json_client.py')}", "--player", "r1=ai:random"]
    argv += ["--player", "r2=ai:random"]
    tournament.main(argv)
    printed = capsys.readouterr().out
    assert "6 games (6 played now)" in printed

    header, *lines = (out / "results.jsonl").read_text().splitlines()
    assert json.loads(header)["schedule"] == "round-robin"
    records = [json.loads(x) for x in lines]
    meetings = Counter(frozenset(r["entrants"]) for r in records)
    assert meetings == Counter({frozenset(p): 2 for p in [("prog", "r1"), ("prog", "r2"), ("r1", "r2")]})
    by_deal = defaultdict(list)
    for r in records:
        names = [s["name"] for s in r["seats"]]
        assert names[0] == names[2] and names[1] == names[3] and names[0] != names[1]  # a side each
        by_deal[r["round"], r["table"], r["deal"]].append((r["seed"], names[0]))
    for plays in by_deal.values():  # the same board twice, the pairs changing sides
        assert len({seed for seed, _ in plays}) == 1 and len({ns for _, ns in plays}) == 2

    written = json.loads((out / "standings.json").read_text())["standings"]
    recomputed = standings(["prog", "r1", "r2"], load_records(out / "results.jsonl"))
    assert written == [asdict(s) for s in recomputed]
    assert [w["score"] for w in written] == sorted((w["score"] for w in written), reverse=True)
    prog_game = next(r for r in records if "prog" in r["entrants"])
    home = out / "games" / prog_game["key"]
    seats = [f"prog#{s['seat']}" for s in prog_game["seats"] if s["name"] == "prog"]
    assert all((home / s / "stderr.log").exists() for s in seats) and len(seats) == 2
    assert '"type":"act"' in (home / "transcript.txt").read_text()


def test_resume_plays_only_what_the_results_file_lacks(tmp_path: Path) -> None:
    setup = Setup(
        game="tricks",
        entrants=tuple(Entrant(f"r{i}", level="random") for i in range(5)),
        deals=1,
        seats=4,
        seed=3,
        options={"target": 3},
    )
    whole = tournament.run(setup, tmp_path / "whole", concurrency=2, transcripts=False)
    assert whole.complete and whole.played == len(whole.records) == 20

    cut = tmp_path / "cut"
    cut.mkdir()
    lines = (tmp_path / "whole" / "results.jsonl").read_text().splitlines(keepends=True)
    kept = lines[:8]  # the header and 7 games, then a line cut short by the interruption
    (cut / "results.jsonl").write_text("".join(kept) + lines[8][:25])
    with pytest.raises(SystemExit):
        tournament.run(setup, cut, concurrency=2)  # never over an existing tournament without --resume
    resumed = tournament.run(setup, cut, concurrency=2, resume=True, transcripts=False)
    assert resumed.played == 13
    keys = [r["key"] for r in load_records(cut / "results.jsonl")]
    assert sorted(keys) == sorted(r["key"] for r in whole.records) and len(set(keys)) == 20
    assert (cut / "results.jsonl").read_text().startswith("".join(kept))  # finished games untouched
    assert [asdict(s) for s in resumed.standings] == [asdict(s) for s in whole.standings]

    other = replace(setup, seed=4)
    with pytest.raises(SystemExit, match="differs in: seed"):
        tournament.run(other, cut, resume=True)


def test_a_bridge_tournament_writes_its_boards_as_one_pbn_file(tmp_path: Path) -> None:
    from endplay.parsers import pbn as endplay_pbn

    setup = Setup(
        game="bridge",
        entrants=tuple(Entrant(n, level="random") for n in ("a", "b", "c")),
        seats=4,
        options={"boards": 2},
    )
    outcome = tournament.run(setup, tmp_path, concurrency=2, transcripts=False)
    text = (tmp_path / "boards.pbn").read_text()
    assert text.count("% PBN") == 1
    boards = endplay_pbn.loads(text)
    assert len(boards) == 2 * len(outcome.records) == 12
    names = {(b.info["North"], b.info["East"]) for b in boards}
    assert names == {(x, y) for x in "abc" for y in "abc" if x != y}  # every pair, from both sides
