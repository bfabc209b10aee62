"""The real console process on a pseudo-terminal, as a person at `make run` would use it.

Whole games of every registered game are played to the end by a "person" who types a random shown
button number at each prompt. Before issue 19 the background sweep raced the console's own turn loop
and the console quit mid-game ("Nothing left for you to do", cards in hand): measured with
`python -m tests.console.terminal GAME --games N --tree <old checkout> --old` on the shared 2-core
machine, 10 of 10 rozpysnyi games and 2 of 30 durak games stopped early. Here none may.
`KOZYR_CONSOLE_GAMES` sets the games played per game (default 2; the CLI above plays more).
"""

from __future__ import annotations

import ctypes
import os
import platform
import random
import signal
import subprocess
import sys

import pytest

import games
from tests.console.terminal import ROOT, Terminal, at_prompt, console_argv, environment, play_through

PER_GAME = int(os.environ.get("KOZYR_CONSOLE_GAMES", "1"))


def quick_setup(game: games.Game) -> list[str]:
    """No pause between AI moves; the shortest preset when the game has one."""
    return ["--pace", "0", "--name", "Ann"] + (["--preset", "short"] if "short" in game.presets else [])


@pytest.mark.parametrize("key", [g.key for g in games.all_games()])
def test_whole_games_in_the_console_process_never_stop_before_the_end(key: str) -> None:
    game = games.get(key)
    for i in range(PER_GAME):
        term = Terminal(console_argv(key, old=False, extra=quick_setup(game)), environment(ROOT))
        result = play_through(term, random.Random(f"{key}:{i}"), timeout=240)
        tail = result.out[-1500:]
        assert result.finished, f"{key} game {i + 1} stopped before the end ({result.notes}):\n{tail}"
        assert result.code == 0, tail
        assert "Nothing left" not in result.out


def start_durak(pace: str) -> Terminal:
    term = Terminal(
        console_argv("durak", old=False, extra=["--pace", pace, "--name", "Ann"]), environment(ROOT)
    )
    assert term.read_until(lambda out: "The game has started." in out, 30), term.out
    term.read(0.5)  # at the prompt, or the AI waiting its minute before it moves
    return term


def test_ctrl_c_quits_at_once_even_while_the_ai_is_about_to_move() -> None:
    term = start_durak(pace="60")  # the AI would wait a minute: only an immediate exit passes
    term.type("\x03")
    assert term.wait(timeout=10) == 0, term.out[-500:]
    assert "Traceback" not in term.out


def test_ctrl_c_quits_at_once_whichever_thread_receives_it() -> None:
    """A SIGINT the kernel hands to another thread of the console (OpenBLAS starts one) used to leave the
    main thread asleep in the event loop until the AI's minute was up: the test's 10 s passed, killed."""
    term = start_durak(pace="60")
    others = [int(t) for t in os.listdir(f"/proc/{term.pid}/task") if int(t) != term.pid]
    thread = others[0] if others else term.pid  # with no other thread, the main one (the plain case)
    tgkill(term.pid, thread, signal.SIGINT)
    assert term.wait(timeout=10) == 0, term.out[-500:]
    assert "Traceback" not in term.out


def tgkill(pid: int, tid: int, sig: int) -> None:
    """Send `sig` to one thread of another process (Linux; Python has no call for it)."""
    number = {"x86_64": 234, "aarch64": 131}[platform.machine()]
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.syscall(number, pid, tid, int(sig)) != 0:
        raise OSError(ctypes.get_errno(), "tgkill")


def test_ctrl_d_at_the_prompt_quits_at_once() -> None:
    term = start_durak(pace="60")
    term.type("\x04")
    assert term.wait(timeout=10) == 0, term.out[-500:]


def test_flags_choose_preset_ai_level_and_language() -> None:
    argv = console_argv("durak", old=False, extra=["--preset", "perevodnoy", "--level", "3", "--lang", "ru"])
    term = Terminal([*argv, "--pace", "0"], environment(ROOT))
    assert term.read_until(lambda out: at_prompt(out, 0), 30), term.out
    term.type("?\n")
    assert term.read_until(lambda out: "Набор правил" in out or "переводной" in out.lower(), 10)
    term.type("q\n")
    assert term.wait(timeout=10) == 0
    assert "(сильный)" in term.out and "(search)" not in term.out and "Дурак" in term.out  # AI level by name


def test_no_token_and_no_terminal_is_a_clear_error(tmp_path) -> None:
    env = environment(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,  # no .env here
        timeout=60,
    )
    assert done.returncode == 2
    assert "no terminal" in done.stderr and "TELEGRAM_TOKEN" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
