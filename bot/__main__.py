"""`python -m bot` (`make run`): serve Telegram and/or Discord, or open a console table.

With `TELEGRAM_TOKEN` and/or `DISCORD_TOKEN` set, both platforms run in this one process over one host
and one store, and a background task plays AI turns and enforces deadlines. With neither token, a
table opens in the terminal against the AI. Storage is `REDIS_URL`, else an embedded fakeredis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from bot.core.config import Settings
from bot.core.host import Host
from storage import Store
from storage.connect import connect

log = logging.getLogger("bot")


async def serve(settings: Settings) -> None:
    redis = await connect(settings.redis_url)
    store = Store(redis)
    host = Host(store, settings)
    stop = asyncio.Event()
    tasks = []
    if settings.telegram_token:
        from bot.telegram import run_telegram

        tasks.append(asyncio.create_task(run_telegram(settings, host, store), name="telegram"))
    if settings.discord_token:
        from bot.discord import run_discord

        tasks.append(asyncio.create_task(run_discord(settings, host, store), name="discord"))
    sweeper = asyncio.create_task(host.background(stop), name="sweeper")
    try:
        if tasks:
            await asyncio.gather(*tasks)
        else:
            from bot.console import run_console

            settings.ai_delay = 0
            await run_console(host, settings.default_language)
    finally:
        stop.set()
        with contextlib.suppress(Exception):
            await sweeper
        await redis.aclose()


def main() -> None:
    settings = Settings()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(serve(settings))
    except (KeyboardInterrupt, EOFError):
        sys.exit(0)


if __name__ == "__main__":
    main()
