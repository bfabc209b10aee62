"""The console front end: a table in the terminal, through the same host, commands and views."""

from __future__ import annotations

import getpass
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
    """The menu (unless the game was given), then one game. Returns the exit code."""
    redis = redis if redis is not None else await connect(settings.redis_url)
    reader = keyboard or FdKeyboard(sys.stdin.fileno())
    tty = sys.stdout.isatty()
    try:
        quick = settings.model_copy(update={"ai_delay": 0.0, "ai_processes": 0})  # the AI thinks in a thread
        host = Host(Store(redis, prefix=PREFIX), quick)
        if menu and setup.game is None:
            errors = lambda e, lang: host.error_text(e, lang, "console")  # noqa: E731
            chosen = await Menu(reader, _write, errors).run(setup)
            if chosen is None:
                return 0
            setup = chosen
        player = name or _login_name() or t(setup.lang, "console.player")
        app = ConsoleApp(
            host,
            reader,
            lang=setup.lang,
            name=player,
            tty=tty,
            pace=settings.ai_delay if pace is None else pace,
        )
        return await app.play(setup)
    except Unavailable as e:  # REDIS_URL went away mid-game: say so in one line, not a traceback
        _write(f"\nstorage unavailable ({e}); the console stops\n")
        return 1
    finally:
        close = getattr(reader, "close", None)
        if callable(close):
            close()
        await redis.aclose()


def _write(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def _login_name() -> str | None:
    try:
        return getpass.getuser().capitalize() or None
    except (OSError, KeyError):  # no login name in a bare container
        return None
