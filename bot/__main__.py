"""`python -m bot` (`make run`): serve Telegram and/or Discord, or open a console table.

    python -m bot                serve the platforms whose token is set; with none, a console table
                                 (on a terminal) — or, with no terminal either, a clear error (exit 2)
    python -m bot serve          serve; refuses to start without a token
    python -m bot console [GAME] [--preset P] [--option NAME=VALUE]… [--opponents N] [--level LEVEL]
                                 [--lang en|ru|uk] [--pace SECONDS] [--name NAME] [--boards FILE.pbn]
                                 a table in the terminal against the AI; without GAME, a short menu
    python -m bot check          the install and the configuration: adapters import, Redis answers,
                                 /healthz and /metrics answer (what the container test runs)
    python -m bot healthcheck    ask a running bot's /healthz (the container's HEALTHCHECK)

Exit codes: 0 a clean stop; 1 something outside failed (Redis, a platform's API); 2 the configuration
is wrong. See docs/operations.md.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import socket
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from pydantic import ValidationError

from bot.core.config import Settings

log = logging.getLogger("bot")


def kozyr_version() -> str:
    try:
        return version("kozyr")
    except PackageNotFoundError:
        return "unknown"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bot", description="Kozyr: card games for group chats.")
    none = dict.fromkeys(("game", "preset", "opponents", "ai", "lang", "pace", "name", "boards"))
    p.set_defaults(option=[], **none)  # `python -m bot` with no command may open the console too
    sub = p.add_subparsers(dest="command")
    sub.add_parser("serve", help="serve the platforms whose token is set")
    c = sub.add_parser("console", help="a table in the terminal against the AI")
    c.add_argument("game", nargs="?", help="a game or alias (durak, rozpysnyi, …); without it, a menu")
    c.add_argument("--preset", help="a preset of the game")
    c.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    c.add_argument("--opponents", type=int, help="how many AI opponents")
    # --ai: its former name, kept for old command lines (it read as "how many AIs", which is --opponents)
    c.add_argument(
        "--level",
        "--ai",
        dest="ai",
        metavar="LEVEL",
        help="the AI's level: a name, or a number from 1 (the weakest)",
    )
    c.add_argument("--lang", help="en, ru or uk")
    c.add_argument("--pace", type=float, help="seconds between AI moves (default AI_DELAY)")
    c.add_argument("--name", help="your name at the table")
    c.add_argument("--boards", metavar="FILE", help="bridge: play the boards of this PBN file")
    sub.add_parser("check", help="check the install and the configuration, then exit")
    sub.add_parser("healthcheck", help="ask a running bot's /healthz (exit 0 when healthy)")
    return p


def load_settings() -> Settings:
    try:
        return Settings()
    except ValidationError as e:
        for err in e.errors():
            where = ".".join(str(x) for x in err["loc"]).upper() or "settings"
            print(f"configuration error: {where}: {err['msg']}", file=sys.stderr)
        sys.exit(2)


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    settings = load_settings()
    if args.command == "healthcheck":
        sys.exit(healthcheck(settings))
    from bot.ops import logs, loop, preflight

    worker = settings.worker_id or f"{socket.gethostname()}:{os.getpid()}"
    command = args.command
    if command is None:
        on_terminal = sys.stdin.isatty() and sys.stdout.isatty()
        command = "serve" if preflight.platforms(settings) else "console" if on_terminal else "none"
    if command == "console":
        logs.setup("WARNING", "text")
        logging.getLogger("storage.connect").setLevel(logging.ERROR)  # embedded Redis is the point here
    else:
        logs.setup(settings.log_level, settings.log_format, worker=worker)
    try:
        if command == "none":
            raise preflight.Refused(
                "neither TELEGRAM_TOKEN nor DISCORD_TOKEN is set, and there is no terminal for a console "
                "table: set a token (see .env.example), or run `python -m bot console` in a terminal"
            )
        code = loop.run(run(command, args, settings, worker))
    except preflight.Refused as e:
        log.error(e.message)
        code = e.code
    except KeyboardInterrupt:  # Ctrl-C in the console: quit at once, quietly
        print(file=sys.stderr)
        code = 0
    sys.exit(code)


async def run(command: str, args: argparse.Namespace, settings: Settings, worker: str) -> int:
    if command == "serve":
        from bot.ops.service import serve

        return await serve(settings, worker, kozyr_version())
    if command == "check":
        return await check(settings, worker)
    return await console(args, settings)


async def console(args: argparse.Namespace, settings: Settings) -> int:
    import games
    from bot.console import Setup, run_console
    from bot.core.i18n import normalize_language, t
    from bot.ops.preflight import open_redis
    from games.base import GameError

    lang = normalize_language(args.lang or _locale_language(), settings.default_language)
    setup = Setup(lang=lang, preset=args.preset, opponents=args.opponents, level=args.ai)
    if args.boards:
        try:
            setup.boards = Path(args.boards).read_text(encoding="utf-8", errors="replace")
        except OSError as e:
            print(f"--boards {args.boards}: {e.strerror}", file=sys.stderr)
            return 2
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            print(f"--option {item}: expected NAME=VALUE", file=sys.stderr)
            return 2
        setup.options[name.strip()] = value.strip()
    if args.game:
        try:
            game, setup.preset, variant = games.lookup(args.game, args.preset)
        except GameError as e:
            print(t(lang, f"error.{e.code}", **e.params), file=sys.stderr)
            return 2
        setup.game, setup.options = game.key, {**variant, **setup.options}  # `perevodnoy`: durak, perevodnoy
    redis, _topology = await open_redis(settings)
    return await run_console(settings, setup, pace=args.pace, name=args.name, redis=redis)


def _locale_language() -> str | None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(var):
            return os.environ[var]
    return None


async def check(settings: Settings, worker: str) -> int:
    """Everything a container needs to start, short of the platforms themselves."""
    import bot.discord
    import bot.telegram  # noqa: F401 (the adapters and their libraries import)
    from bot.ops import preflight, web

    names = preflight.platforms(settings)
    if names:
        preflight.check_secret(settings)
        preflight.check_tokens(settings)
    redis, topology = await preflight.open_redis(settings)
    await redis.ping()
    await redis.aclose()
    health = web.Health(facts={"version": kozyr_version(), "worker": worker})
    health.checks["redis"] = lambda: (True, "up")
    runner, port = await web.serve(health, "127.0.0.1", 0)
    try:
        status, _body = await asyncio.to_thread(web.probe, f"http://127.0.0.1:{port}/healthz")
        mstatus, metrics = await asyncio.to_thread(web.probe, f"http://127.0.0.1:{port}/metrics")
    finally:
        await runner.cleanup()
    ok = status == 200 and mstatus == 200 and "kozyr_commands_total" in metrics
    print(
        f"{'ok' if ok else 'FAILED'}: Kozyr {kozyr_version()}; platforms: {', '.join(names) or 'none'}; "
        f"Redis {preflight.redact(settings.redis_url)} answers ({topology.describe()}); "
        f"/healthz {status}, /metrics {mstatus}"
    )
    return 0 if ok else 1


def healthcheck(settings: Settings) -> int:
    from bot.ops import web

    if not settings.metrics_port:
        print("METRICS_PORT is 0: this bot has no health endpoint")
        return 1
    host = settings.metrics_host if settings.metrics_host not in ("0.0.0.0", "::", "") else "127.0.0.1"
    status, body = web.probe(f"http://{host}:{settings.metrics_port}/healthz")
    print(web.summary(body) if status else f"no answer from {host}:{settings.metrics_port}: {body}")
    return 0 if status == 200 else 1


if __name__ == "__main__":
    main()
