"""Logs, metrics, health and the preflight's words, in-process."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import sys

import pytest
from aiohttp import web as aioweb
from aiohttp.test_utils import TestServer
from fakeredis import FakeAsyncRedis
from prometheus_client import REGISTRY

from bot.core import metrics
from bot.core.api import Press
from bot.core.config import Settings
from bot.core.host import Host
from bot.ops import logs, preflight, web
from bot.ops.watch import RedisWatch
from storage import Store, Unavailable
from tests.core.hosting import Recorder, make_host, press_first_until_over, user
from tests.core.test_host import open_table


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


# -- logs ---------------------------------------------------------------------------------------
@pytest.fixture(autouse=True)
def root_logger():
    """`logs.setup` replaces the root logger's handlers: give the next test back what it had."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_logs_are_json_lines_off_a_terminal_with_extras_and_tracebacks() -> None:
    stream = io.StringIO()
    logs.setup("INFO", "auto", stream=stream, worker="w1")
    log = logging.getLogger("bot.test")
    log.info("table %s moved", "abc", extra={"table": "abc"})
    try:
        raise ValueError("boom")
    except ValueError:
        log.exception("it failed")
    first, second = (json.loads(ln) for ln in stream.getvalue().splitlines())
    assert first["msg"] == "table abc moved" and first["table"] == "abc" and first["worker"] == "w1"
    assert first["level"] == "info" and first["logger"] == "bot.test" and first["ts"].endswith("+00:00")
    assert second["level"] == "error" and "ValueError: boom" in second["exc"]


def test_logs_are_text_on_a_terminal_and_errors_are_counted() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Tty()
    logs.setup("INFO", "auto", stream=stream)
    before = sample("kozyr_log_errors_total", logger="bot.counted")
    logging.getLogger("bot.counted").error("one")
    logging.getLogger("bot.counted").warning("not counted")
    assert " ERROR bot.counted: one" in stream.getvalue() and not stream.getvalue().startswith("{")
    assert sample("kozyr_log_errors_total", logger="bot.counted") == before + 1


# -- preflight ------------------------------------------------------------------------------------
def test_redis_urls_are_shown_without_their_password() -> None:
    assert preflight.redact("redis://:s3cret@redis:6379/0") == "redis://:***@redis:6379/0"
    assert preflight.redact("rediss://user:pw@host/2") == "rediss://user:***@host/2"
    assert preflight.redact("redis://redis:6379/0") == "redis://redis:6379/0"
    assert preflight.redact(None) == "embedded (in memory)"


@pytest.mark.parametrize("secret", ["", "kozyr-dev-secret", "change-me"])
def test_a_public_token_secret_is_refused(secret: str) -> None:
    with pytest.raises(preflight.Refused) as e:
        preflight.check_secret(Settings(_env_file=None, token_secret=secret))
    assert e.value.code == 2 and "TOKEN_SECRET" in e.value.message


def test_an_empty_token_line_serves_nothing() -> None:
    assert preflight.platforms(Settings(_env_file=None, telegram_token="", discord_token="  ")) == []
    assert preflight.platforms(Settings(_env_file=None, telegram_token="1:a")) == ["telegram"]


def test_platform_failures_become_one_line_with_an_exit_code() -> None:
    from aiogram.exceptions import TelegramNetworkError, TelegramUnauthorizedError
    from aiogram.methods import GetMe
    from discord import LoginFailure

    s = Settings(_env_file=None)
    refused = preflight.platform_failure("telegram", s, TelegramUnauthorizedError(GetMe(), "Unauthorized"))
    assert refused.code == 2 and refused.message.startswith("Telegram refused TELEGRAM_TOKEN")
    down = preflight.platform_failure("telegram", s, TelegramNetworkError(GetMe(), "Connection refused"))
    assert down.code == 1 and "https://api.telegram.org" in down.message
    login = preflight.platform_failure("discord", s, LoginFailure("Improper token has been passed."))
    assert login.code == 2 and "DISCORD_TOKEN" in login.message
    other = preflight.platform_failure("discord", s, RuntimeError("odd"))
    assert other.code == 1 and other.message == "discord stopped: RuntimeError: odd"


# -- starting and stopping ------------------------------------------------------------------------
async def test_a_platform_out_of_reach_at_start_is_tried_again_for_a_while_then_given_up(caplog) -> None:
    from aiogram.exceptions import TelegramNetworkError, TelegramUnauthorizedError
    from aiogram.methods import GetMe

    from bot.ops.service import keep_starting

    settings, slept, tries = Settings(_env_file=None), [], []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    def runner(*errors: Exception):
        async def go(_settings, _host, _store, *, ready) -> None:
            tries.append(1)
            if len(tries) <= len(errors):
                raise errors[len(tries) - 1]
            ready()
            raise RuntimeError("failed while serving")

        return go

    down = TelegramNetworkError(GetMe(), "Connection refused")
    with caplog.at_level(logging.INFO, "bot"), pytest.raises(TelegramNetworkError):
        await keep_starting("telegram", runner(*[down] * 20), settings, None, None, asyncio.Event(),
                            patience=60, sleep=sleep)  # fmt: skip
    assert slept == [0.5, 1, 2, 4, 8, 15, 15] and len(tries) == 8  # doubling, at most 15 s, 60 s in all
    assert [r.levelname for r in caplog.records] == ["WARNING"]  # one line says it keeps trying
    assert "cannot reach the Telegram Bot API" in caplog.records[0].message

    slept.clear(), tries.clear()
    refused = TelegramUnauthorizedError(GetMe(), "Unauthorized")
    with pytest.raises(TelegramUnauthorizedError):  # a refused token is not tried again
        await keep_starting("telegram", runner(refused), settings, None, None, asyncio.Event(), sleep=sleep)
    assert slept == [] and len(tries) == 1

    slept.clear(), tries.clear()
    ready = asyncio.Event()
    with pytest.raises(RuntimeError):  # back after two tries; a failure once it serves is the caller's
        await keep_starting("telegram", runner(down, down), settings, None, None, ready, sleep=sleep)
    assert slept == [0.5, 1] and len(tries) == 3 and ready.is_set()


async def test_a_stop_leaves_the_exit_no_garbage_collection_to_do(monkeypatch, caplog) -> None:
    import gc

    from bot.ops import service

    async def served(_settings, _host, _store, *, ready) -> None:
        ready()  # then stops by itself

    monkeypatch.setattr(service, "runners", lambda names: {"telegram": served})
    settings = Settings(_env_file=None, telegram_token="1:a", token_secret="x" * 32, metrics_port=0)
    freezes: list[str] = []  # who froze the heap (bot.core.heap freezes once at start too)
    freeze = gc.freeze
    monkeypatch.setattr(gc, "freeze", lambda: (freezes.append(sys._getframe(1).f_code.co_name), freeze()))
    try:
        with caplog.at_level(logging.INFO, "bot"):
            assert await service.serve(settings, "w", "v") == 1
        # the exit's collections would walk every object the libraries made, for nothing: serve's last act
        assert freezes[-1:] == ["serve"] and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    said = [r.message for r in caplog.records if r.name == "bot"]
    assert said[0].startswith("Kozyr v, worker w: serving telegram (polling)")
    assert said[1:] == ["telegram stopped by itself", said[2], "stopped"] and said[2].startswith("stopping")


# -- metrics ------------------------------------------------------------------------------------------
async def test_moves_commands_and_errors_are_counted(store) -> None:
    host, rec = make_host(store)
    a = user(1)
    person = sample("kozyr_moves_total", game="tricks", by="person")
    ai = sample("kozyr_moves_total", game="tricks", by="ai")
    errors = sample("kozyr_errors_total", kind="bad_token")
    presses = sample("kozyr_commands_total", kind="press")
    await open_table(host, rec, options={"target": 2})
    await press_first_until_over(host, rec, a)
    await host.handle(Press(user=a, token="forged"))
    moved_person = sample("kozyr_moves_total", game="tricks", by="person") - person
    moved_ai = sample("kozyr_moves_total", game="tricks", by="ai") - ai
    assert moved_person > 0 and moved_ai == 3 * moved_person  # one person, three AI seats, in turn
    assert sample("kozyr_errors_total", kind="bad_token") == errors + 1
    assert sample("kozyr_commands_total", kind="press") == presses + moved_person + 1


def test_api_routes_keep_labels_few_and_tokens_out() -> None:
    assert metrics.route_of("/api/v10/channels/123/messages/456") == "/channels/:id/messages/:id"
    token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpBQkNERUZHSElKS0xNTk9Q"
    assert metrics.route_of(f"/api/v10/webhooks/42/{token}/messages/@original") == (
        "/webhooks/:id/:token/messages/@original"
    )


async def test_the_discord_trace_counts_requests_and_429s() -> None:
    async def handler(request: aioweb.Request) -> aioweb.Response:
        return aioweb.json_response({}, status=429 if request.path.endswith("/slow") else 200)

    app = aioweb.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    server = TestServer(app)
    await server.start_server()
    import aiohttp

    ok = "POST /channels/:id/messages"
    before = sample("kozyr_api_calls_total", platform="discord", method=ok, outcome="ok")
    limited = sample(
        "kozyr_api_calls_total", platform="discord", method="GET /channels/:id/slow", outcome="429"
    )
    async with aiohttp.ClientSession(trace_configs=[metrics.http_trace("discord")]) as session:
        await (await session.post(server.make_url("/api/v10/channels/9/messages"))).read()
        await (await session.get(server.make_url("/api/v10/channels/9/slow"))).read()
    await server.close()
    assert sample("kozyr_api_calls_total", platform="discord", method=ok, outcome="ok") == before + 1
    assert (
        sample("kozyr_api_calls_total", platform="discord", method="GET /channels/:id/slow", outcome="429")
        == limited + 1
    )


async def test_the_telegram_middleware_counts_calls_and_429s() -> None:
    class RetryAfter(Exception):
        retry_after = 3

    class SendMessage:
        __api_method__ = "sendMessage"

    calls = metrics.TelegramCalls()

    async def ok(_bot, _method):
        return "sent"

    async def limited(_bot, _method):
        raise RetryAfter

    before = sample("kozyr_api_calls_total", platform="telegram", method="sendMessage", outcome="ok")
    assert await calls(ok, None, SendMessage()) == "sent"
    with pytest.raises(RetryAfter):
        await calls(limited, None, SendMessage())
    assert (
        sample("kozyr_api_calls_total", platform="telegram", method="sendMessage", outcome="ok") == before + 1
    )
    assert sample("kozyr_api_calls_total", platform="telegram", method="sendMessage", outcome="429") >= 1


def test_outbox_depth_is_read_from_the_attached_front_end_when_scraped() -> None:
    class Outbox:
        def pending(self) -> int:
            return 4

    class Frontend:
        outbox = Outbox()

    frontends: dict = {}
    metrics.watch_outboxes(frontends, ["testplatform"])
    assert sample("kozyr_outbox_pending", platform="testplatform") == 0
    frontends["testplatform"] = Frontend()  # attached later, as adapters do
    assert sample("kozyr_outbox_pending", platform="testplatform") == 4


# -- health and Redis -----------------------------------------------------------------------------------
async def test_healthz_is_200_while_every_check_passes_and_503_with_the_cause() -> None:
    state = {"redis": True}
    health = web.Health(facts={"worker": "w"})
    health.checks["redis"] = lambda: (True, "up") if state["redis"] else (False, "down: refused")
    runner, port = await web.serve(health, "127.0.0.1", 0)
    try:
        status, body = await asyncio.to_thread(web.probe, f"http://127.0.0.1:{port}/healthz")
        assert status == 200 and json.loads(body) == {
            "status": "ok",
            "worker": "w",
            "checks": {"redis": "up"},
        }
        state["redis"] = False
        status, body = await asyncio.to_thread(web.probe, f"http://127.0.0.1:{port}/healthz")
        assert status == 503 and web.summary(body) == "failing: redis down: refused"
        status, text = await asyncio.to_thread(web.probe, f"http://127.0.0.1:{port}/metrics")
        assert status == 200 and "kozyr_redis_up" in text
    finally:
        await runner.cleanup()
    status, _ = await asyncio.to_thread(web.probe, f"http://127.0.0.1:{port}/healthz", 1.0)
    assert status == 0  # nothing answers: the container's probe fails


class Flaky:
    """A Redis whose PING fails while `down`."""

    def __init__(self) -> None:
        self.down = False

    async def ping(self) -> bool:
        if self.down:
            raise ConnectionError("Connection refused")
        return True


async def test_a_redis_outage_is_logged_when_it_starts_and_ends_not_at_every_ping(caplog) -> None:
    redis = Flaky()
    watch = RedisWatch(redis, "redis://redis:6379/0")
    caplog.set_level(logging.INFO, logger="bot.redis")
    await watch.ping()
    redis.down = True
    for _ in range(5):
        await watch.ping()
    assert watch.check() == (False, "down: ConnectionError: Connection refused")
    assert sample("kozyr_redis_up") == 0
    redis.down = False
    await watch.ping()
    await watch.ping()
    said = [r.getMessage() for r in caplog.records]
    assert said[0] == "Redis at redis://redis:6379/0 is unreachable: ConnectionError: Connection refused"
    assert len(said) == 2 and said[1].startswith("Redis at redis://redis:6379/0 answers again, after")
    assert watch.check() == (True, "up") and sample("kozyr_redis_up") == 1


async def test_the_sweep_logs_an_outage_once_with_its_cause(caplog) -> None:
    store = Store(FakeAsyncRedis(decode_responses=True))
    host = Host(store, Settings(_env_file=None))
    host.attach(Recorder())
    failing = {"n": 6}
    real_claim = store.claim_due

    async def claim_due(now: float, until: float, limit: int = 100) -> list[str]:
        if failing["n"] > 0:
            failing["n"] -= 1
            raise Unavailable("Error 111 connecting to redis:6379. Connection refused.")
        if failing["n"] == 0:
            stop.set()
        return await real_claim(now, until, limit)

    store.claim_due = claim_due  # type: ignore[method-assign]
    stop = asyncio.Event()
    caplog.set_level(logging.INFO, logger="bot.core.handlers.background")
    await asyncio.wait_for(host.background(stop, tick=0.001), 10)
    said = [r.getMessage() for r in caplog.records]
    assert said == [
        "storage unavailable (Error 111 connecting to redis:6379. Connection refused.); "
        "the sweep retries every 0.0s",
        "storage reachable again; the sweep resumes, the tables are reconciled",
    ]
