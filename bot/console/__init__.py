"""The console front end: a table in the terminal, through the same host, commands and views."""

from __future__ import annotations

import asyncio
import contextlib
import getpass
import signal
import sys
from typing import Any

from bot.console.app import ConsoleApp
from bot.console.keyboard import FdKeyboard, Keyboard, ScriptedKeyboard
from bot.console.menu import Menu
from bot.console.setup import Setup
from bot.core.config import Settings
from bot.core.host import Host
from bot.core.i18n import t
from storage import Store, Unavailable
from storage.connect import connect

__all__ = ["ConsoleApp", "FdKeyboard", "Keyboard", "Menu", "ScriptedKeyboard", "Setup", "run_console"]

# Console tables keep to their own keys: a console pointed at a shared REDIS_URL moves only its own AI.
PREFIX = "kozyr-console"


async def run_console(
    settings: Settings,
    setup: Setup,
    *,
    pace: float | None = None,
    name: str | None = None,
    keyboard: Keyboard | None = None,
    menu: bool = True,
    redis: Any = None,
) -> int:
    """The menu (unless the game was given), then the game, its rematches and new games. The exit code."""
    redis = redis if redis is not None else await connect(settings.redis_url)
    reader = keyboard or FdKeyboard(sys.stdin.fileno())
    tty = sys.stdout.isatty()
    try:
        with CtrlC() as ctrl_c:
            try:
                return await _play(settings, setup, pace, name, reader, tty, menu, redis)
            except asyncio.CancelledError:
                if not ctrl_c.pressed:
                    raise
                print(file=sys.stderr)  # off the "^C" line, as an interrupted program does
                return 0
    except Unavailable as e:  # REDIS_URL went away mid-game: say so in one line, not a traceback
        _write(f"\nstorage unavailable ({e}); the console stops\n")
        return 1
    finally:
        close = getattr(reader, "close", None)
        if callable(close):
            close()
        await redis.aclose()


async def _play(
    settings: Settings,
    setup: Setup,
    pace: float | None,
    name: str | None,
    reader: Keyboard,
    tty: bool,
    menu: bool,
    redis: Any,
) -> int:
    quick = settings.model_copy(update={"ai_delay": 0.0, "ai_processes": 0})  # the AI thinks in a thread
    host = Host(Store(redis, prefix=PREFIX), quick)
    errors = lambda e, lang: host.error_text(e, lang, "console")  # noqa: E731
    if menu and setup.game is None:
        chosen = await Menu(reader, _write, errors).run(setup)
        if chosen is None:
            return 0
        setup = chosen
    player = name or _login_name() or t(setup.lang, "console.player")
    pace = settings.ai_delay if pace is None else pace
    while True:
        app = ConsoleApp(host, reader, lang=setup.lang, name=player, tty=tty, pace=pace)
        code = await app.play(setup)
        if not app.new_game:
            return code
        chosen = await Menu(reader, _write, errors).run(Setup(lang=setup.lang))  # the menu again
        if chosen is None:
            return 0
        setup = chosen


class CtrlC:
    """Ctrl-C (SIGINT) cancels the console's task at once, whichever thread of the process receives it.

    Python runs signal handlers in the main thread only; a SIGINT the kernel hands to another thread (a
    library's worker, e.g. OpenBLAS's) would leave the main thread asleep in the event loop's `epoll_wait`
    until its next timer — a minute while the AI waits its turn. The event loop's own handler writes to
    its wake-up pipe, so the loop wakes whichever thread took the signal. Where that is impossible (not
    the main thread, no Unix loop), Python's default KeyboardInterrupt stays.
    """

    def __init__(self) -> None:
        self.pressed = False
        self._task = asyncio.current_task()
        self._loop = asyncio.get_running_loop()
        self._installed = False

    def __enter__(self) -> CtrlC:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            self._loop.add_signal_handler(signal.SIGINT, self._pressed)
            self._installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            self._loop.remove_signal_handler(signal.SIGINT)

    def _pressed(self) -> None:
        self.pressed = True
        if self._task is not None:
            self._task.cancel()


def _write(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def _login_name() -> str | None:
    try:
        return getpass.getuser().capitalize() or None
    except (OSError, KeyError):  # no login name in a bare container
        return None
