"""Whole tricks games between programs over the line protocol: clients in Python and C, and programs
that send bad cards, answer late, crash and print garbage."""

from __future__ import annotations

import io
from collections import Counter

import games
from games.protocol.match import Entrant, play_match
from games.protocol.process import Limits
from tests.contest.conftest import EXAMPLES, misbehave, py

G = games.get("tricks")


def transcript_game(entrants, target: int, seed: int = 1, limit: float = 2.0):
    out = io.StringIO()
    result = play_match(
        G, entrants, seed=seed, options={"target": target}, limits=Limits(time=limit), transcript=out
    )
    return result, out.getvalue().splitlines()


def sent(lines: list[str]) -> list[str]:
    return [line.split("\t", 1)[1] for line in lines if line.startswith("> ")]


def test_python_and_c_clients_play_alike_to_the_target(c_client: str) -> None:
    python = py(EXAMPLES / "tricks_client.py")
    a, lines_a = transcript_game([Entrant(n, command=python) for n in "ABCD"], target=20)
    b, lines_b = transcript_game([Entrant(n, command=c_client) for n in "ABCD"], target=20)
    assert a.scores == b.scores and max(a.scores) == 20
    assert lines_a == lines_b  # the same play, line for line
    assert all(not s.violations and not s.ai_moves for s in a.seats + b.seats)
    # every query is answered by the program asked, with the card then announced as played
    for i, line in enumerate(lines_a):
        if line.endswith("|QUERY|card|END|"):
            name = line[2]
            assert lines_a[i + 1].startswith(f"< {name}\t|RESPONSE|card|")
            card = lines_a[i + 1].split("|")[3]
            assert lines_a[i + 2] == f"> *\t|INFO|played|{name}|{card}|END|"
    assert (
        sent(lines_a)[-1]
        == "|INFO|end game|"
        + "|".join(f"{n} {round(s)}" for n, s in zip("ABCD", a.scores, strict=True))
        + "|END|"
    )


def test_a_whole_game_with_bad_cards_late_answers_a_crash_and_garbage() -> None:
    entrants = [
        Entrant("bad", command=misbehave("bad")),
        # 0.3 s late: it reads the next query when it wakes, and answers that one in time
        Entrant("late", command=misbehave("late", "1.3")),
        Entrant("crash", command=misbehave("crash")),
        Entrant("garbage", command=misbehave("garbage")),
    ]
    result, lines = transcript_game(entrants, target=25, limit=1.0)
    bad, late, crash, garbage = result.seats
    messages = sent(lines)
    assert messages[-1].startswith("|INFO|end game|")
    assert max(s.game_score for s in result.seats) == 25

    bad_cards = Counter(m.split("|")[3] for m in messages if m.startswith("|INFO|bad card|"))
    won = Counter(m.split("|")[4] for m in messages if m.startswith("|INFO|end trick|"))
    for s in result.seats:  # a trick is a point, a bad card −100
        assert s.score == won[s.name] - 100 * bad_cards[s.name]
        assert len(s.violations) == bad_cards[s.name]

    assert bad.violations and set(bad.violations) == {"garbage"} and bad.replaced is None
    assert late.violations == ["timeout"] and "|INFO|bad card|late||END|" in messages
    assert late.replaced is None and late.ai_moves == 0  # its late answer was skipped; it played on
    timed_out = lines.index("# late: timeout")
    stale, taken = [i for i, x in enumerate(lines) if i > timed_out and x.startswith("< late\t")][:2]
    assert lines[stale - 1] == "> late\t|QUERY|card|END|" and taken == stale + 1  # read, then skipped
    assert lines[taken + 1] == f"> *\t|INFO|played|late|{lines[taken].split('|')[3]}|END|"
    assert crash.violations == ["crash: exited with code 3"] and crash.replaced
    assert crash.ai_moves > 0
    assert garbage.violations == ["garbage"] and "|INFO|bad card|garbage|floober x  ça|END|" in messages
    # after the crash nothing more goes to that program
    crash_at = next(i for i, line in enumerate(lines) if line.startswith("# crash: crash"))
    assert not any(line.startswith("> crash\t") for line in lines[crash_at:])
    # each bad card is followed by a new deal of the same hand (no cards go to the crashed program)
    for i, m in enumerate(lines):
        if "|INFO|bad card|" in m:
            deal = [x.split("\t")[0] for x in lines[i + 1 : i + 5] if "|INFO|cards|" in x]
            seated = {"> bad", "> late", "> garbage"} | ({"> crash"} if i < crash_at else set())
            assert set(deal) == seated
            assert "|INFO|start trick|0|" in lines[i + 1 + len(deal)]


def test_contest_command(tmp_path, capsys) -> None:
    from games import contest

    transcript = tmp_path / "t.txt"
    contest.main(
        [
            "tricks",
            "--player",
            f"P={py(EXAMPLES / 'tricks_client.py')}",
            "--player",
            "Q=ai:random",
            "--player",
            "R=ai:random",
            "--player",
            "S=ai:random",
            "--options",
            '{"target": 5}',
            "--games",
            "2",
            "--transcript",
            str(transcript),
            "--workdirs",
            str(tmp_path / "w"),
        ]
    )
    out = capsys.readouterr().out
    assert out.count("seed ") == 2 and "rating" in out
    text = transcript.read_text()
    assert text.count("|INFO|start game|") == 2
    assert "|INFO|start game|S|P|Q|R|END|" in text  # the second game: seats rotated by one
    assert (tmp_path / "w" / "game2" / "P" / "logger_P.log").exists()  # the program ran in its own directory
