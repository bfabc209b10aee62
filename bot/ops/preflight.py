"""Checks before serving, and one clear line for each way starting can fail.

Exit codes (docs/operations.md): 0 a clean stop; 1 something outside was unreachable or failed (Redis,
a platform's API) — a restart may help; 2 the configuration is wrong (a bad or refused token, no token
and no terminal, a public TOKEN_SECRET, a Redis URL that is not the topology `REDIS_TOPOLOGY` says) — a
restart will not help until it is fixed.
"""

from __future__ import annotations

import asyncio
import logging
from typing import NamedTuple
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as aioredis
from pydantic import SecretStr
from redis.asyncio.sentinel import MasterNotFoundError
from redis.exceptions import RedisClusterException, ResponseError

from bot.core.config import Settings
from storage.connect import Misconfigured, Topology, connect, inspect, split_hosts

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
    """A URL without its password (`redis://:secret@host:6379/0` → `redis://:***@host:6379/0`; a list of
    hosts, `redis://:secret@h1:7001,h2:7002`, alike)."""
    if not url:
        return "embedded (in memory)"
    parts = urlsplit(url)
    userinfo, at, hosts = parts.netloc.rpartition("@")
    if not at or ":" not in userinfo:
        return url
    user = userinfo.split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{hosts}"))


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


class Opened(NamedTuple):
    redis: aioredis.Redis
    topology: Topology


def replicas_to_wait(settings: Settings, topology: Topology) -> int:
    """`REDIS_WAIT_REPLICAS` when set, else 1 when every master has a replica (0 without Redis)."""
    if settings.redis_wait_replicas is not None:
        return settings.redis_wait_replicas
    return 1 if topology.replicated else 0


async def open_redis(settings: Settings, timeout: float = 5.0) -> Opened:
    """The configured Redis, answering as the topology `REDIS_TOPOLOGY` says it is. Refused with one line:
    exit 2 when what answers is another topology (the configuration is wrong), exit 1 when nothing
    answers (the URL and the cause)."""
    url, topology = settings.redis_url, settings.redis_topology
    try:
        redis = await connect(
            url,
            topology=topology,
            service=settings.redis_sentinel_service,
            max_connections=settings.redis_max_connections,
            pool_timeout=settings.redis_pool_timeout,
        )
    except (Misconfigured, ValueError) as e:
        raise Refused(f"REDIS_URL {redact(url)}: {e}") from None
    try:
        found = await asyncio.wait_for(inspect(redis, topology), timeout)
    except Misconfigured as e:
        await redis.aclose()
        raise Refused(str(e)) from None
    except Exception as e:
        await redis.aclose()
        raise await _unreachable(settings, e) from None
    return Opened(redis, found)


async def _unreachable(settings: Settings, e: Exception) -> Refused:
    """Why nothing answered as expected: a wrong service name or a non-sentinel is configuration (2),
    nothing answering is outside (1)."""
    url, topology = redact(settings.redis_url), settings.redis_topology
    if topology == "sentinel":
        if isinstance(e, ResponseError) and "SENTINEL" in str(e).upper():
            return Refused(
                f"REDIS_TOPOLOGY=sentinel, but REDIS_URL {url} names a server that is not a Sentinel"
            )
        if isinstance(e, MasterNotFoundError) and await _sentinels_answer(settings):
            service = settings.redis_sentinel_service
            return Refused(
                f"the sentinels at {url} know no master named {service!r}: set REDIS_SENTINEL_SERVICE"
            )
        return Refused(f"cannot reach any Redis Sentinel of {url}: {_cause(e)}", OUTSIDE)
    if topology == "cluster" and isinstance(e, RedisClusterException):
        return Refused(f"cannot reach any Redis Cluster node of {url}: {_cause(e)}", OUTSIDE)
    return Refused(f"cannot reach Redis at {url}: {describe(e)}", OUTSIDE)


def _cause(e: BaseException) -> str:
    """The first line of a client's error, without the clients' own long descriptions of themselves."""
    text = str(e).split(" : <", 1)[0].split("\n", 1)[0].strip()
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


async def _sentinels_answer(settings: Settings) -> bool:
    """Whether any configured sentinel answers a PING (so the service name, not the network, is wrong)."""
    hosts, _ = split_hosts(settings.redis_url or "")
    for host, port in hosts:
        client = aioredis.Redis(host=host, port=port, socket_timeout=2, socket_connect_timeout=2)
        try:
            if await client.ping():
                return True
        except Exception:
            continue
        finally:
            await client.aclose()
    return False


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
