"""Containment: no process a program starts outlives its game, whatever it does; a fork bomb, a memory hog
and a huge file are crashes with the machine unharmed; no network where the OS allows a namespace."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path

import pytest

import games
from games.protocol import sandbox
from games.protocol.match import Entrant, play_match
from games.protocol.process import Limits, MiB, Program, ProgramGone
from games.protocol.sandbox import Containment
from tests.contest.conftest import PY, misbehave

G = games.get("tricks")
MODES = {"strongest": None, "subreaper": Containment()}  # None: what the machine offers


def with_three_good(bad: Entrant) -> list[Entrant]:
    return [bad, *(Entrant(f"ai{i}", level="random") for i in range(3))]


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"  # a zombie is dead, waiting for its parent to reap it


def alive_with(marker: str) -> list[int]:
    """Processes whose command line holds `marker` (a test program's mode)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and marker in (entry / "cmdline").read_bytes().decode(errors="replace"):
                found.append(int(entry.name))
        except OSError:
            pass
    return [p for p in found if running(p)]


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_daemon_that_left_the_session_dies_with_its_game(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """setsid and a double fork: the daemon is no child of the program and not in its session."""
    if MODES[mode] is not None:
        monkeypatch.setattr(sandbox, "current", lambda: MODES[mode])
    result = play_match(
        G,
        with_three_good(Entrant("d", command=misbehave("pidfile"))),
        seed=2,
        options={"target": 2},
        limits=Limits(time=10),
        workdirs=str(tmp_path),
    )
    assert not result.seats[0].violations
    daemon = int((tmp_path / "d" / "daemon.pid").read_text())
    assert not running(daemon)


@pytest.mark.parametrize(
    ("mode", "limits", "reasons"),
    [
        ("forkbomb", Limits(time=10, processes=16), {"process limit", "exited with code 1"}),
        # Python ignores SIGXFSZ: its write fails (EFBIG) and it exits
        ("bigfile", Limits(time=10, files=4 * MiB), {"killed by SIGXFSZ", "exited with code 1"}),
    ],
)
def test_a_fork_bomb_and_a_huge_file_are_crashes(
    mode: str, limits: Limits, reasons: set[str], tmp_path: Path
) -> None:
    if mode == "forkbomb" and "pids" not in sandbox.available().cgroups and _root():
        pytest.skip("root without a pids cgroup: nothing caps a root program's processes on this machine")
    result = play_match(
        G,
        with_three_good(Entrant("x", command=misbehave(mode))),
        seed=1,
        options={"target": 3},
        limits=limits,
        workdirs=str(tmp_path),
    )
    x = result.seats[0]
    assert [v.removeprefix("crash: ") for v in x.violations] == [x.replaced.removeprefix("crash: ")]
    assert x.violations[0].removeprefix("crash: ") in reasons and x.ai_moves > 0
    assert not alive_with(f"misbehave.py {mode}")
    if mode == "bigfile":
        assert (tmp_path / "x" / "big").stat().st_size <= 4 * MiB


def test_the_memory_of_all_its_processes_together_is_capped() -> None:
    if "memory" not in sandbox.available().cgroups:
        pytest.skip("no memory cgroup we may write here: only each process's address space is capped")
    code = (
        "import os, time\n"
        "for _ in range(4):\n"
        "    if os.fork() == 0:\n"
        "        b = bytearray(100 << 20); b[::4096] = b'x' * len(b[::4096]); time.sleep(60)\n"
        "print('ready', flush=True); time.sleep(60)\n"
    )
    p = Program("hog", [PY, "-c", code], Limits(memory=256 * MiB))
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and p.sandbox.breach() is None:
            time.sleep(0.05)
        assert p.sandbox.breach() == "memory limit"  # each is under its address space cap, not all four
    finally:
        p.close()


def test_no_network_where_the_os_allows_a_namespace() -> None:
    if "net" not in sandbox.available().namespaces:
        pytest.skip("this machine allows no network namespace: programs can reach the network")
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.setblocking(False)
        port = listener.getsockname()[1]
        code = (
            "import socket\n"
            "try:\n"
            f"    socket.create_connection(('127.0.0.1', {port}), timeout=5); print('connected')\n"
            "except OSError as e:\n"
            "    print(type(e).__name__)\n"
        )
        p = Program("net", [PY, "-c", code], Limits())
        try:
            assert p.read_line(10) != "connected"
        finally:
            p.close()
        with pytest.raises(BlockingIOError):
            listener.accept()


@pytest.mark.parametrize(
    ("code", "gone"),
    [("import sys; sys.exit(7)", "exited with code 7"), ("import os; os.abort()", "killed by SIGABRT")],
)
def test_the_keeper_leaves_as_the_program_did(code: str, gone: str) -> None:
    p = Program("x", [PY, "-c", code], Limits())
    try:
        with pytest.raises(ProgramGone) as e:
            p.read_line(10)
    finally:
        p.close()
    assert e.value.reason == gone


def _root() -> bool:
    return os.geteuid() == 0
