"""Programs run with limits: CPU, memory, line and output size, unread input, a clean environment,
their own directory and process group, all killed at the end."""

from __future__ import annotations

import os
import shlex
import time
from pathlib import Path

import pytest

import games
from games.protocol.match import Entrant, play_match
from games.protocol.process import Limits, MiB, Program, ProgramGone, command_argv
from tests.contest.conftest import PY, misbehave

G = games.get("tricks")


def with_three_good(bad: Entrant) -> list[Entrant]:
    return [bad, *(Entrant(f"ai{i}", level="random") for i in range(3))]


@pytest.mark.parametrize(
    ("mode", "limits", "reasons"),
    [
        ("spin", Limits(time=20, cpu=1), {"crash: killed by SIGXCPU", "crash: killed by SIGKILL"}),
        ("hog", Limits(time=20, memory=256 * MiB), {"crash: exited with code 1"}),  # MemoryError
        ("longline", Limits(time=20, line=4096), {"crash: line too long"}),
    ],
)
def test_a_program_over_a_limit_is_stopped_and_replaced(mode: str, limits: Limits, reasons: set[str]) -> None:
    t0 = time.monotonic()
    result = play_match(
        G,
        with_three_good(Entrant("x", command=misbehave(mode))),
        seed=1,
        options={"target": 3},
        limits=limits,
    )
    x = result.seats[0]
    assert len(x.violations) == 1 and x.violations[0] in reasons
    assert x.replaced == x.violations[0] and x.ai_moves > 0
    assert time.monotonic() - t0 < 15  # stopped by the limit, not by the 20 s answer time


def test_a_program_that_never_reads_is_cut_off() -> None:
    p = Program("deaf", command_argv(misbehave("deaf"), "deaf"), Limits(backlog=MiB))
    try:
        for _ in range(40):
            p.send("x" * 65536)  # never blocks, though nobody reads
        assert p.gone == "not reading its input"
        with pytest.raises(ProgramGone):
            p.read_line(1)
    finally:
        p.close()


def test_the_environment_is_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZYR_TEST_SECRET", "hunter2")
    p = Program("env", [PY, "-c", "import os; print(','.join(sorted(os.environ)), os.getcwd())"], Limits())
    try:
        names, cwd = p.read_line(10).split()
    finally:
        p.close()
    assert set(names.split(",")) <= {"HOME", "LANG", "LC_CTYPE", "PATH", "PYTHONUNBUFFERED", "TMPDIR"}
    assert "KOZYR_TEST_SECRET" not in names
    assert cwd == p.workdir and not Path(cwd).exists()  # its own directory, removed at the end


def test_relative_program_paths_are_made_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "me.py").write_text("")
    monkeypatch.chdir(tmp_path)
    assert command_argv("python3 bots/me.py --fast", "A") == [
        "python3",
        str(tmp_path / "bots" / "me.py"),
        "--fast",
        "A",
    ]
    assert os.path.isabs(command_argv("./bots/me.py", "A")[0])


SLOW_START = (
    "import json, sys, time\n"
    "time.sleep(1.0)  # a slow start: an interpreter, a JIT, loading tables\n"
    "for line in sys.stdin:\n"
    "    m = json.loads(line)\n"
    "    if m['type'] == 'act':\n"
    "        print(json.dumps({'action': m['legal'][0]}), flush=True)\n"
)


@pytest.mark.parametrize(("startup", "late"), [(8.0, False), (0.0, True)])
def test_the_start_up_allowance_is_apart_from_the_decision_limit(startup: float, late: bool) -> None:
    durak = games.get("durak")
    entrants = [Entrant("slow", command=f"{PY} -c {shlex.quote(SLOW_START)}"), Entrant("r", level="random")]
    result = play_match(durak, entrants, seed=5, limits=Limits(time=0.4, startup=startup), budget=0.01)
    slow = result.seats[0]
    assert (slow.violations[:1] == ["timeout"]) is late
    if not late:
        assert not slow.violations and slow.decisions > 3
