"""Prometheus metrics: what an operator watches (docs/operations.md says what each means and when to alert).

Collectors live in prometheus-client's default registry and are served at `/metrics` (`bot.ops.web`).
The host and the adapters record through the small functions below, one line at each place, so the
instrumented code stays readable; nothing here knows a chat library or the storage layout.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import aiohttp
from prometheus_client import Counter, Gauge, Histogram

COMMANDS = Counter("kozyr_commands_total", "Commands the host handled, by kind", ["kind"])
MOVES = Counter("kozyr_moves_total", "Moves committed, by game and by whom (person or ai)", ["game", "by"])
ERRORS = Counter(
    "kozyr_errors_total",
    "Commands answered with an error, by kind: a game or host error code, or storage_unavailable",
    ["kind"],
)
LOGGED_ERRORS = Counter("kozyr_log_errors_total", "Log records at ERROR or above, by logger", ["logger"])
API_CALLS = Counter(
    "kozyr_api_calls_total",
    "Requests to a platform's API, by platform, method and outcome (ok, 429, error)",
    ["platform", "method", "outcome"],
)
OUTBOX = Gauge("kozyr_outbox_pending", "Deliveries queued in a platform's outbox, not yet sent", ["platform"])
REDIS_PING = Histogram(
    "kozyr_redis_ping_seconds",
    "Round trip of a Redis PING",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
REDIS_UP = Gauge("kozyr_redis_up", "1 while Redis answers, 0 while it does not")
UNREPLICATED = Counter(
    "kozyr_redis_unreplicated", "Commits acknowledged with fewer replicas than WAIT asked for (it timed out)"
)
INFO = Gauge("kozyr_build_info", "Always 1; labels: the version and the worker", ["version", "worker"])


# -- the host ---------------------------------------------------------------------------------------
def command(kind: str) -> None:
    COMMANDS.labels(kind).inc()


def error(kind: str) -> None:
    ERRORS.labels(kind).inc()


def committed(table: Any) -> None:
    """Count the moves of a table version just committed (its `moves`: `<seat>:<action>`, deal markers aside).

    A move is the AI's when the seat is an AI seat or a person's seat the AI is playing (their time ran
    out: `auto`, or `misses` counted, which a person's own move resets).
    """
    for item in table.moves:
        head = item.split(":", 1)[0]
        if not head.isdigit() or not 0 <= (seat := int(head)) < len(table.seats):
            continue
        s = table.seats[seat]
        MOVES.labels(table.game, "ai" if s.user is None or s.auto or s.misses else "person").inc()


# -- platforms --------------------------------------------------------------------------------------
def api_call(platform: str, method: str, outcome: str) -> None:
    API_CALLS.labels(platform, method, outcome).inc()


class TelegramCalls:
    """An aiogram request middleware (`session.middleware(TelegramCalls())`): counts every Bot API call.

    A 429 is recognised by its `retry_after` (aiogram's TelegramRetryAfter), so this needs no aiogram import.
    """

    async def __call__(self, make_request: Callable[..., Any], bot: Any, method: Any) -> Any:
        name = getattr(method, "__api_method__", type(method).__name__)
        try:
            response = await make_request(bot, method)
        except Exception as e:
            api_call("telegram", name, "429" if getattr(e, "retry_after", None) is not None else "error")
            raise
        api_call("telegram", name, "ok")
        return response


_ID = re.compile(r"/\d+(?=/|$)")
_TOKENISH = re.compile(r"/[A-Za-z0-9_\-.]{40,}")  # interaction and webhook tokens never reach a label


def route_of(path: str) -> str:
    """`/api/v10/channels/123/messages/456` → `/channels/:id/messages/:id` (labels must stay few)."""
    path = re.sub(r"^/api/v\d+", "", path)
    return _ID.sub("/:id", _TOKENISH.sub("/:token", path)) or "/"


def http_trace(platform: str) -> aiohttp.TraceConfig:
    """An aiohttp trace (discord.py's `http_trace=`): every HTTP request and its status, 429s included,
    even those the library waits out by itself."""
    trace = aiohttp.TraceConfig()

    async def on_end(_session: Any, _ctx: Any, params: aiohttp.TraceRequestEndParams) -> None:
        status = params.response.status
        outcome = "ok" if status < 400 else "429" if status == 429 else "error"
        api_call(platform, f"{params.method} {route_of(params.url.path)}", outcome)

    async def on_exception(_session: Any, _ctx: Any, params: aiohttp.TraceRequestExceptionParams) -> None:
        api_call(platform, f"{params.method} {route_of(params.url.path)}", "error")

    trace.on_request_end.append(on_end)
    trace.on_request_exception.append(on_exception)
    trace.freeze()
    return trace


def watch_outboxes(frontends: Mapping[str, Any], platforms: list[str]) -> None:
    """Report the outbox depth of each platform's front end (looked up when scraped: it attaches later)."""
    for platform in platforms:

        def depth(platform: str = platform) -> float:
            outbox = getattr(frontends.get(platform), "outbox", None)
            return float(outbox.pending()) if outbox is not None else 0.0

        OUTBOX.labels(platform).set_function(depth)


# -- storage and the process ------------------------------------------------------------------------
def redis_ping(seconds: float | None) -> None:
    """A PING's round trip, or None when it failed."""
    if seconds is None:
        REDIS_UP.set(0)
    else:
        REDIS_UP.set(1)
        REDIS_PING.observe(seconds)


def logged_error(logger: str) -> None:
    LOGGED_ERRORS.labels(logger).inc()


def build_info(version: str, worker: str) -> None:
    INFO.labels(version, worker).set(1)
