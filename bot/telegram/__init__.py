"""The Telegram front end (aiogram): routers turn updates into host commands, the outbox sends views.

Entry point: `run_telegram(settings, host, store)` (polling, or a webhook server when
`settings.webhook_url` is set). See `bot.telegram.app`.
"""

from bot.telegram.frontend import TelegramFrontend, TelegramTransport

__all__ = ["TelegramFrontend", "TelegramTransport"]
