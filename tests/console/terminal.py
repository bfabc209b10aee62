"""A person at a terminal, for tests: run a program on a pseudo-terminal, read what it prints, type answers.

`Terminal` runs a command with a pty as its controlling terminal (so Ctrl-C is a real SIGINT and the
program sees a tty, as under `make run`). `play_through` answers every `> ` prompt with one of the
numbered buttons shown last, chosen by a seeded random generator, until the program exits.

Run as a script it plays many console games and counts the ones that stopped before the end
(the figure in the report of issue 19):

    python -m tests.console.terminal durak --games 30 [--tree DIR] [--old] [console options: --pace 0 …]

`--tree DIR` runs the console of another checkout of the project (e.g. an older commit unpacked with
`git archive`); `--old` answers the menu of the console before issue 19 (game and opponents asked).
"""

from __future__ import annotations

import argparse
import codecs
import os
import pty
import random
import re
import select
import signal
import sys
import time
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUTTON = re.compile(r"\[(\d+)\] ")
GAME_OVER = "🏁"


class Terminal:
    """A child process on a pseudo-terminal."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: str = ROOT) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: the pty is its stdin, stdout, stderr and controlling terminal
            try:
                os.chdir(cwd)
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.out = ""
        self.closed = False
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._status: int | None = None

    def read(self, timeout: float) -> bool:
        """Read what is there within `timeout`; False once the program has closed the terminal."""
        if self.closed:
            return False
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: every process holding the pty has gone
            data = b""
        if not data:
            self.closed = True
            return False
        self.out += self._decoder.decode(data).replace("\r\n", "\n")
        return True

    def read_until(self, predicate, timeout: float) -> bool:
        """Read until `predicate(self.out)` holds (True) or the time is up or the program ended (False)."""
        end = time.monotonic() + timeout
        while not predicate(self.out):
            if time.monotonic() > end or not self.read(min(0.2, max(0.0, end - time.monotonic()))):
                return predicate(self.out)
        return True

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def wait(self, timeout: float = 10.0) -> int:
        """The exit code (negative: killed by that signal); the program is killed if it does not end."""
        end = time.monotonic() + timeout
        while self._status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self._status = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() > end:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
                self._status = -signal.SIGKILL
                break
            self.read(0.05)
        while self.read(0.05):  # whatever is still buffered
            pass
        os.close(self.fd)
        return self._status

    def kill(self) -> None:
        if self._status is None:
            with _quiet():
                os.kill(self.pid, signal.SIGKILL)
            self.wait(5)


class _quiet:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return exc[0] is ProcessLookupError


@dataclass
class Game:
    code: int
    out: str
    answers: int
    seconds: float
    notes: list[str] = field(default_factory=list)
    overtaken: int = 0  # prompts answered although output came after them

    @property
    def finished(self) -> bool:
        return GAME_OVER in self.out


def at_prompt(out: str, since: int) -> bool:
    return out.endswith("> ") and len(out) > since


def play_through(
    term: Terminal,
    rng: random.Random,
    *,
    timeout: float = 300.0,
    menu: list[str] | None = None,
    patience: float = 2.0,
) -> Game:
    """Answer prompts until the program exits: `menu` answers `…]: ` questions, then buttons at `> `.

    A prompt that more output overtook (something moved while the program waited for input) is answered
    once nothing more is printed for `patience` seconds; such answers are counted in the notes.
    """
    start = time.monotonic()
    menu = list(menu or [])
    mark, answers, buttons, overtaken = 0, 0, [1], 0
    seen, quiet_since = 0, time.monotonic()
    while time.monotonic() - start < timeout:
        alive = term.read(0.2)
        if len(term.out) != seen:
            seen, quiet_since = len(term.out), time.monotonic()
        tail = term.out[mark:]
        stuck = "> " in tail and time.monotonic() - quiet_since > patience
        if menu and tail.rstrip().endswith("]:"):
            term.type(menu.pop(0) + "\n")
        elif at_prompt(term.out, mark) or (stuck and alive):
            overtaken += not at_prompt(term.out, mark)
            # the prompt may be printed again at once (an AI moved meanwhile): wait for the output to settle
            if term.read(0.02) and term.out[mark:] != tail:
                continue
            if GAME_OVER in term.out:  # the question after the end (a rematch?): leave
                term.type("q\n")
                answers += 1
                mark = len(term.out)
                continue
            shown = [int(n) for n in BUTTON.findall(tail[tail.rfind("[1] ") :])] if "[1] " in tail else []
            buttons = shown or buttons
            term.type(f"{rng.choice(buttons)}\n")
            answers += 1
        else:
            if not alive:
                break
            continue
        mark = len(term.out)
    else:
        term.kill()
        return Game(-1, term.out, answers, time.monotonic() - start, ["timed out"], overtaken)
    return Game(term.wait(), term.out, answers, time.monotonic() - start, overtaken=overtaken)


def console_argv(game: str, *, old: bool, extra: list[str]) -> list[str]:
    if old:
        return [sys.executable, "-m", "bot"]
    return [sys.executable, "-m", "bot", "console", game, *extra]


def environment(tree: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DISCORD_", "REDIS_"))}
    env.update(PYTHONPATH=tree, TERM="dumb", COLUMNS="200", LINES="50", PYTHONUNBUFFERED="1")
    # each game's default AI level plays, with a search that thinks briefly (whole games in seconds)
    env.setdefault("SEARCH_BUDGET", "0.02")
    return env


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--tree", default=ROOT, help="the checkout whose console is run")
    parser.add_argument("--old", action="store_true", help="the console before issue 19")
    parser.add_argument("--seed", type=int, default=1)
    ns, extra = parser.parse_known_args()  # the rest goes to `python -m bot console GAME` (e.g. --pace 0)
    sys.path.insert(0, ns.tree)
    import games

    game = games.get(ns.game)
    number = str([g.key for g in games.all_games()].index(game.key) + 1)
    menu = [number, str(game.min_players - 1)] if ns.old else []
    stopped = behind = 0
    for i in range(ns.games):
        term = Terminal(console_argv(game.key, old=ns.old, extra=extra), environment(ns.tree), ns.tree)
        result = play_through(term, random.Random(ns.seed * 1000 + i), menu=list(menu))
        early = not result.finished
        stopped += early
        behind += result.overtaken > 0
        last = result.out.strip().splitlines()[-1] if result.out.strip() else ""
        if early:
            with open(f"/tmp/console-{game.key}-{i + 1}.txt", "w") as f:
                f.write(result.out)
        print(
            f"game {i + 1}: exit {result.code}, {result.answers} answers ({result.overtaken} overtaken), "
            f"{result.seconds:.1f}s"
            + (f", STOPPED EARLY ({', '.join(result.notes) or 'exited'}): {last!r}" if early else ""),
            flush=True,
        )
    print(f"{stopped} of {ns.games} {game.key} games stopped before the end")
    print(f"{behind} of {ns.games} had output after a prompt (something moved while it waited for input)")


if __name__ == "__main__":
    main()
