"""The Telegram front end (aiogram): routers turn updates into host commands, the outbox sends views.

Entry point: `run_telegram(settings, host, store)` (polling, or a webhook server when
`settings.webhook_url` is set); see `bot.telegram.app`.
"""

from bot.telegram.app import build_dispatcher, run_telegram
from bot.telegram.frontend import TelegramFrontend, TelegramTransport

__all__ = ["TelegramFrontend", "TelegramTransport", "build_dispatcher", "run_telegram"]
