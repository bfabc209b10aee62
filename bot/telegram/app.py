"""Wiring: the dispatcher with its routers and update filter, and `run_telegram` for `python -m bot`.

`run_telegram(settings, host, store, ready=…)`: connects to the Bot API server of
`settings.telegram_api_url` (a self-hosted one works too), attaches the front end to the host, sets the
command menus, then polls (one process) or serves a webhook (`settings.webhook_url`, for several
workers), calling `ready()` once it takes updates. It returns when polling stops; cancel it to stop the
webhook server. The host's background sweeper (AI moves,
deadlines) is run by the caller.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware, Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import TelegramObject, Update

from bot.core import metrics
from bot.core.config import Settings
from bot.core.ports import HostPort
from bot.telegram import general, play, private, scores, tables
from bot.telegram.commands import set_commands
from bot.telegram.frontend import TelegramFrontend
from bot.telegram.webhook import serve_webhook
from storage import RedisMessageIds, RedisPacer, Store

log = logging.getLogger(__name__)

SHUTDOWN_GRACE = 5.0  # seconds to send what is queued when stopping
Handler = Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]]


class Once(BaseMiddleware):
    """Drops an update whose id this process has already seen (polling re-delivery, webhook retries).

    Across workers, the host's claim of the update id does the same for everything that changes a table.
    """

    def __init__(self, size: int = 50_000) -> None:
        self.size = size
        self.seen: OrderedDict[int, None] = OrderedDict()

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if isinstance(event, Update):
            if event.update_id in self.seen:
                log.info("update %s seen before: dropped", event.update_id)
                return None
            self.seen[event.update_id] = None
            while len(self.seen) > self.size:
                self.seen.popitem(last=False)
        return await handler(event, data)


def build_dispatcher(frontend: TelegramFrontend) -> Dispatcher:
    dp = Dispatcher(tg=frontend)
    dp.update.outer_middleware(Once())
    dp.include_routers(
        tables.make_router(),
        private.make_router(),
        play.make_router(),
        general.make_router(),
        scores.make_router(),
    )
    return dp


def make_bot(settings: Settings) -> Bot:
    assert settings.telegram_token is not None
    session = AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    session.middleware(metrics.TelegramCalls())  # Bot API calls and 429s, by method
    return Bot(settings.telegram_token.get_secret_value(), session=session)


async def run_telegram(
    settings: Settings, host: HostPort, store: Store, *, ready: Callable[[], None] = lambda: None
) -> None:
    bot = make_bot(settings)
    frontend: TelegramFrontend | None = None
    reconciling: asyncio.Future[int] | None = None
    try:
        me = await bot.me()
        frontend = TelegramFrontend(
            bot,
            host,
            RedisMessageIds(store.redis, prefix=store.prefix, durability=store.durability),
            bot_username=me.username or "",
            prefs=store,
            pacer=RedisPacer(store.redis, prefix=store.prefix),
            default_language=settings.default_language,
        )
        host.attach(frontend)
        # what a crashed or restarted worker had queued is derived again from the committed state
        reconciling = asyncio.ensure_future(host.reconcile("telegram"))
        dp = build_dispatcher(frontend)
        await set_commands(bot)
        if settings.webhook_url:
            await serve_webhook(settings, dp, bot, ready=ready)
        else:
            await bot.delete_webhook(drop_pending_updates=False)
            ready()
            polling = asyncio.ensure_future(
                dp.start_polling(bot, handle_signals=False, close_bot_session=False)
            )
            try:
                await asyncio.shield(polling)
            except asyncio.CancelledError:  # a cancelled start_polling leaves aiogram's poller running
                await dp.stop_polling()
                await polling
                raise
    finally:
        if reconciling is not None:
            reconciling.cancel()
        if frontend is not None:
            with contextlib.suppress(Exception):  # send what is queued, but do not hang on the way out
                await asyncio.wait_for(asyncio.shield(frontend.drain()), SHUTDOWN_GRACE)
            await frontend.close()
        with contextlib.suppress(Exception):
            await bot.session.close()
