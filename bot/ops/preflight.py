"""Checks before serving, and one clear line for each way starting can fail.

Exit codes (docs/operations.md): 0 a clean stop; 1 something outside was unreachable or failed (Redis,
a platform's API) — a restart may help; 2 the configuration is wrong (a bad or refused token, no token
and no terminal, a public TOKEN_SECRET) — a restart will not help until it is fixed.
"""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as aioredis
from pydantic import SecretStr

from bot.core.config import Settings
from storage.connect import connect

log = logging.getLogger("bot")

CONFIG, OUTSIDE = 2, 1
# TOKEN_SECRET values anyone can read (the code's default, .env.example's placeholder): buttons signed with
# them can be forged by anyone, so a bot serving a platform refuses them.
PUBLIC_SECRETS = {"", "kozyr-dev-secret", "change-me"}
SHORT_SECRET = 16


class Refused(Exception):
    """Starting cannot go on: `message` is the one line an operator reads; `code` the exit code;
    `transient` when the same start may work in a moment (a network error, a server error)."""

    def __init__(self, message: str, code: int = CONFIG, *, transient: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.transient = transient


def redact(url: str | None) -> str:
    """A URL without its password (`redis://:secret@host:6379/0` → `redis://:***@host:6379/0`)."""
    if not url:
        return "embedded (in memory)"
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    netloc = f"{user}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def describe(e: BaseException) -> str:
    """The cause of a failure in a few words (never a traceback)."""
    text = str(e).strip()
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def platforms(settings: Settings) -> list[str]:
    """The platforms whose token is set (an empty `TELEGRAM_TOKEN=` line in .env sets none)."""
    return [p for p in ("telegram", "discord") if _value(getattr(settings, f"{p}_token")).strip()]


def _value(secret: SecretStr | None) -> str:
    return secret.get_secret_value() if secret is not None else ""


def check_secret(settings: Settings) -> None:
    secret = settings.token_secret.get_secret_value()
    if secret in PUBLIC_SECRETS:
        raise Refused(
            "TOKEN_SECRET is not set (or is the public example value): anyone could forge button presses. "
            "Set a long random value of your own, the same on every worker, e.g. the output of "
            "`python -c 'import secrets; print(secrets.token_urlsafe(32))'`."
        )
    if len(secret) < SHORT_SECRET:
        log.warning("TOKEN_SECRET is short (%d characters): use at least %d random ones", len(secret), 32)


def check_tokens(settings: Settings) -> None:
    """Tokens that cannot be right, found without asking the platform."""
    telegram = _value(settings.telegram_token)
    if telegram.strip():
        # aiogram's own rule (digits, a colon, a secret, no spaces), without importing aiogram yet (seconds)
        bot_id, colon, rest = telegram.partition(":")
        if not (bot_id.isdigit() and colon and rest) or any(c.isspace() for c in telegram):
            raise Refused(
                "TELEGRAM_TOKEN is not a bot token: it looks like 123456789:AA…, as @BotFather gives it"
            )
    token = _value(settings.discord_token)
    if token.strip() and any(c.isspace() for c in token.strip()):  # its format is Discord's to judge
        raise Refused("DISCORD_TOKEN is not a bot token: copy it again from the Developer Portal")


async def open_redis(settings: Settings, timeout: float = 5.0) -> aioredis.Redis:
    """The configured Redis, answering a PING; Refused (exit 1) with the URL and the cause if it does not."""
    redis = await connect(
        settings.redis_url,
        max_connections=settings.redis_max_connections,
        pool_timeout=settings.redis_pool_timeout,
    )
    if not settings.redis_url:
        return redis
    try:
        await asyncio.wait_for(redis.ping(), timeout)
    except Exception as e:
        await redis.aclose()
        raise Refused(f"cannot reach Redis at {redact(settings.redis_url)}: {describe(e)}", OUTSIDE) from None
    return redis


def platform_failure(platform: str, settings: Settings, e: BaseException) -> Refused:
    """What a platform task's exception means for an operator."""
    name = type(e).__name__
    if platform == "telegram":
        url = settings.telegram_api_url
        if name in ("TelegramUnauthorizedError", "TelegramNotFound"):
            return Refused(
                f"Telegram refused TELEGRAM_TOKEN ({describe(e)}): it was revoked or mistyped; "
                "take the current one from @BotFather"
            )
        if name == "TokenValidationError":
            return Refused("TELEGRAM_TOKEN is not a bot token: it looks like 123456789:AA…")
        if name == "TelegramConflictError":
            return Refused(  # transient too: the process it replaces may still be stopping
                "another process is polling with this TELEGRAM_TOKEN: run one poller, "
                "or set WEBHOOK_URL to run several workers",
                OUTSIDE,
                transient=True,
            )
        if name in ("TelegramNetworkError", "TelegramServerError", "RestartingTelegram"):
            message = f"cannot reach the Telegram Bot API at {url}: {describe(e)}"
            return Refused(message, OUTSIDE, transient=True)
    if platform == "discord":
        if name == "LoginFailure":
            return Refused(f"Discord refused DISCORD_TOKEN ({describe(e)}): copy the bot token again")
        if name == "PrivilegedIntentsRequired":
            return Refused(f"Discord refused the gateway intents: {describe(e)}")
        if name in ("ClientConnectorError", "GatewayNotFound", "DiscordServerError"):
            return Refused(f"cannot reach Discord: {describe(e)}", OUTSIDE, transient=True)
    if name == "Unavailable":
        return Refused(f"Redis became unreachable: {describe(e)}", OUTSIDE)
    if isinstance(e, OSError):  # a connection refused, reset or timed out
        return Refused(f"{platform}: {describe(e)}", OUTSIDE, transient=True)
    return Refused(f"{platform} stopped: {describe(e)}", OUTSIDE)
