"""Webhook mode (several workers behind one HTTPS URL): an aiohttp app that checks the secret token.

`settings.webhook_url` is the full public URL Telegram posts to; the app listens on
`webhook_host:webhook_port` at `webhook_path` (a proxy maps one onto the other). Without
`webhook_secret`, a secret is derived from the bot token, so every worker agrees on it.
Updates are acknowledged at once and handled in the background; a duplicate (Telegram retrying, or
two workers) is dropped by the dispatcher's update-id filter and by the host's claim of the update id.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Callable

from aiogram import Bot, Dispatcher
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from bot.core.config import Settings

log = logging.getLogger(__name__)


def secret_of(settings: Settings, bot: Bot) -> str:
    if settings.webhook_secret is not None:
        return settings.webhook_secret.get_secret_value()
    return hashlib.sha256(b"kozyr-webhook:" + bot.token.encode()).hexdigest()[:48]


def webhook_app(
    dp: Dispatcher, bot: Bot, *, secret: str, path: str, background: bool = True
) -> web.Application:
    """The aiohttp app: POST `path` with the right `X-Telegram-Bot-Api-Secret-Token` feeds the dispatcher."""
    app = web.Application()
    SimpleRequestHandler(
        dispatcher=dp, bot=bot, secret_token=secret, handle_in_background=background
    ).register(app, path=path)
    setup_application(app, dp, bot=bot)
    return app


async def serve_webhook(
    settings: Settings, dp: Dispatcher, bot: Bot, *, ready: Callable[[], None] = lambda: None
) -> None:
    """Register the webhook with Telegram and serve it until cancelled (`ready()` once it listens)."""
    assert settings.webhook_url
    secret = secret_of(settings, bot)
    await bot.set_webhook(
        url=settings.webhook_url,
        secret_token=secret,
        allowed_updates=dp.resolve_used_update_types(),
        drop_pending_updates=False,
    )
    runner = web.AppRunner(webhook_app(dp, bot, secret=secret, path=settings.webhook_path))
    await runner.setup()
    site = web.TCPSite(runner, settings.webhook_host, settings.webhook_port)
    await site.start()
    ready()
    log.info(
        "webhook listening on %s:%s%s", settings.webhook_host, settings.webhook_port, settings.webhook_path
    )
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()
