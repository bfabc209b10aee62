"""`python -m bot` as an operator runs it: a real process against the fake Bot API and a real Redis.

A startup summary, /healthz and /metrics, SIGTERM ending in exit 0 with the queue sent;
and one clear line (with its exit code) for each way of failing to start.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis.asyncio as aioredis

from bot.ops.web import probe
from tests.conftest import _cluster_url, _real_url
from tests.telegram.fakeapi import TOKEN, FakeBotAPI
from tests.telegram.harness import ANN, BOB, GROUP, Harness

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SECRET = "a-test-secret-that-is-long-enough-0123456789"


def _worker_db() -> int:
    """The service's keys (prefix "kozyr") live in a database of their own, emptied first: one per xdist
    worker, so that two of these tests running at once never empty each other's (test_kill hung that way)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return 7 + int(worker.removeprefix("gw") or 0) % 9  # databases 7..15 of the default 16


DB = _worker_db()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_url(db: int = DB) -> str:
    parts = urlsplit(_real_url())
    return urlunsplit(parts._replace(path=f"/{db}"))


def closed_redis_url() -> str:
    return f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there


@dataclass
class Bot:
    proc: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    async def collect(self) -> None:
        assert self.proc.stderr is not None
        async for raw in self.proc.stderr:
            self.lines.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def logs(self) -> list[dict]:
        """The JSON log records (stderr is not a terminal, so every line is one)."""
        return [json.loads(ln) for ln in self.lines if ln.startswith("{")]

    def messages(self) -> list[str]:
        return [r["msg"] for r in self.logs()]

    async def wait_for_log(self, text: str, timeout: float = 90) -> dict:  # a hang guard (a busy machine)
        for _ in range(int(timeout * 20)):
            for record in self.logs():
                if text in record["msg"]:
                    return record
            if self.proc.returncode is not None:
                break
            await asyncio.sleep(0.05)
        raise AssertionError(f"no log line with {text!r}: {self.lines}")

    async def exit_code(self, timeout: float = 90) -> int:  # generous: a loaded machine starts slowly
        code = await asyncio.wait_for(self.proc.wait(), timeout)
        if self.reader is not None:
            await self.reader
        return code


async def start(tmp_path, *args: str, **env: str) -> Bot:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DISCORD_", "REDIS_URL"))}
    clean.update(
        {"PYTHONPATH": ROOT, "PYTHONUNBUFFERED": "1", "TOKEN_SECRET": SECRET, "METRICS_PORT": "0", **env}
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
        env=clean,
        cwd=tmp_path,  # no .env there
    )
    bot = Bot(proc)
    bot.reader = asyncio.create_task(bot.collect())
    return bot


@pytest.fixture
async def api() -> AsyncIterator[tuple[FakeBotAPI, str]]:
    fake = FakeBotAPI()
    base = await fake.start()
    yield fake, base
    await fake.close()


@pytest.fixture
async def db() -> AsyncIterator[aioredis.Redis]:
    client = aioredis.from_url(redis_url(), decode_responses=True)
    await client.flushdb()
    yield client
    await client.flushdb()
    await client.aclose()


async def test_serves_reports_health_and_stops_cleanly_on_sigterm(api, db, tmp_path) -> None:
    fake, base = api
    port = free_port()
    fake.fail("getMe", 502, "Bad Gateway", times=2)  # the Bot API is away for a moment at the start
    bot = await start(
        tmp_path,
        TELEGRAM_TOKEN=TOKEN,
        TELEGRAM_API_URL=base,
        REDIS_URL=redis_url(),
        METRICS_PORT=str(port),
        METRICS_HOST="127.0.0.1",
        WORKER_ID="worker-7",
        AI_DELAY="0",
    )
    summary = await bot.wait_for_log("serving telegram (polling)")
    assert [c.ok for c in fake.api_calls("getMe")] == [False, False, True]
    (retry,) = [r for r in bot.logs() if r["level"] == "warning"]  # one line for the tries, not one a try
    assert retry["msg"].startswith(f"cannot reach the Telegram Bot API at {base}")
    assert "trying again" in retry["msg"]
    assert summary["worker"] == "worker-7" and summary["platforms"] == ["telegram"]
    assert summary["mode"] == "polling" and summary["redis"] == redis_url() and summary["version"]
    assert summary["topology"] == "server, 0 replicas" and summary["wait_replicas"] == 0
    await fake.wait_for(lambda: bool(fake.api_calls("deleteWebhook")))

    status, body = await asyncio.to_thread(probe, f"http://127.0.0.1:{port}/healthz")
    assert status == 200, body
    assert json.loads(body)["checks"] == {"redis": "up", "telegram": "running"}
    assert json.loads(body)["redis"] == "server, 0 replicas"  # the topology, as the watch last saw it
    checked = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "healthcheck", env={**os.environ, "PYTHONPATH": ROOT,
        "METRICS_PORT": str(port)}, cwd=tmp_path, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, _ = await checked.communicate()
    assert checked.returncode == 0 and out.decode().startswith("ok:"), out

    builder = Harness()  # only to build updates
    fake.rate_limit("editMessageText", 3)  # Bob's join edit is told to wait 3 s: still queued at the stop
    await fake.feed(builder.message(ANN, "/new"))
    await fake.wait_for(lambda: any(int(c.params["chat_id"]) == GROUP for c in fake.api_calls("sendMessage")))
    await fake.feed(builder.message(BOB, "/join"))
    await fake.wait_for(lambda: any(not c.ok for c in fake.api_calls("editMessageText")))
    bot.proc.send_signal(signal.SIGTERM)
    assert await bot.exit_code() == 0, bot.lines
    messages = bot.messages()
    assert any(m.startswith("stopping (SIGTERM)") for m in messages) and messages[-1] == "stopped", "\n".join(
        messages
    )
    edits = [c for c in fake.api_calls("editMessageText") if int(c.params["chat_id"]) == GROUP and c.ok]
    assert edits and "Bob" in edits[-1].params["text"]  # the queued edit went out before the exit
    assert not any(r["level"] == "error" for r in bot.logs()), bot.lines


async def test_metrics_count_commands_moves_and_bot_api_calls(api, db, tmp_path) -> None:
    fake, base = api
    port = free_port()
    bot = await start(
        tmp_path,
        TELEGRAM_TOKEN=TOKEN,
        TELEGRAM_API_URL=base,
        REDIS_URL=redis_url(),
        METRICS_PORT=str(port),
        METRICS_HOST="127.0.0.1",
    )
    await fake.wait_for(lambda: bool(fake.api_calls("deleteWebhook")))
    builder = Harness()
    fake.rate_limit("sendMessage", 1)  # the table message meets one 429 first
    await fake.feed(builder.message(ANN, "/new"))
    await fake.wait_for(lambda: any(c.ok for c in fake.api_calls("sendMessage")))
    status, text = await asyncio.to_thread(probe, f"http://127.0.0.1:{port}/metrics")
    bot.proc.send_signal(signal.SIGINT)
    assert await bot.exit_code() == 0
    assert status == 200
    samples = {ln.rsplit(" ", 1)[0]: float(ln.rsplit(" ", 1)[1]) for ln in text.splitlines() if ln[:1] != "#"}
    call = 'kozyr_api_calls_total{method="sendMessage",outcome="%s",platform="telegram"}'
    assert samples[call % "429"] == 1 and samples[call % "ok"] >= 1
    assert samples['kozyr_commands_total{kind="new"}'] == 1
    assert samples["kozyr_redis_up"] == 1 and samples["kozyr_redis_ping_seconds_count"] >= 1
    assert 'kozyr_outbox_pending{platform="telegram"}' in samples
    assert any(k.startswith("kozyr_build_info{") for k in samples)


@pytest.mark.parametrize(
    ("env", "code", "said"),
    [
        ({"TELEGRAM_TOKEN": "123456:wrong-token"}, 2, "Telegram refused TELEGRAM_TOKEN"),
        ({"TELEGRAM_TOKEN": "not a token"}, 2, "TELEGRAM_TOKEN is not a bot token"),
        ({"TELEGRAM_TOKEN": TOKEN, "TOKEN_SECRET": "change-me"}, 2, "TOKEN_SECRET is not set"),
        ({"TELEGRAM_TOKEN": TOKEN, "REDIS_URL": "closed"}, 1, "cannot reach Redis at redis://127.0.0.1:"),
        (
            {"TELEGRAM_TOKEN": TOKEN, "REDIS_URL": "server", "REDIS_TOPOLOGY": "cluster"},
            2,
            "REDIS_TOPOLOGY=cluster, but REDIS_URL names a server that is not a Redis Cluster node",
        ),
        ({"TELEGRAM_TOKEN": TOKEN, "REDIS_URL": "cluster"}, 2, "REDIS_URL names a Redis Cluster node"),
        (
            {"TELEGRAM_TOKEN": TOKEN, "REDIS_URL": "closed,closed", "REDIS_TOPOLOGY": "sentinel"},
            1,
            "cannot reach any Redis Sentinel of redis://127.0.0.1:",
        ),
        ({"TELEGRAM_TOKEN": TOKEN, "TURN_TIMEOUT": "5"}, 2, "configuration error: TURN_TIMEOUT"),
        ({}, 2, "neither TELEGRAM_TOKEN nor DISCORD_TOKEN is set"),
    ],
    ids=[
        "revoked-token",
        "malformed-token",
        "public-secret",
        "no-redis",
        "cluster-url-on-a-server",
        "server-url-on-a-cluster",
        "no-sentinel",
        "bad-setting",
        "serve-no-token",
    ],
)
async def test_a_start_that_cannot_work_is_one_clear_line(api, tmp_path, env, code, said) -> None:
    _fake, base = api
    env = {"TELEGRAM_API_URL": base, **env}
    urls = {"closed": closed_redis_url, "server": lambda: redis_url(0), "cluster": _cluster_url}
    if env.get("REDIS_URL") == "closed,closed":  # two sentinels, neither answering
        env["REDIS_URL"] = closed_redis_url().rsplit("/", 1)[0] + "," + closed_redis_url()[len("redis://") :]
    elif env.get("REDIS_URL") in urls:
        env["REDIS_URL"] = urls[env["REDIS_URL"]]()
    bot = await start(tmp_path, "serve", **env)
    assert await bot.exit_code() == code, bot.lines
    # one line, and nothing else ("serving …", "stopping", "stopped" are for a bot that served); the only
    # other line is the warning of an embedded Redis when REDIS_URL is not set
    said_lines = [ln for ln in bot.lines if "REDIS_URL is not set" not in ln]
    assert len(said_lines) == 1 and said in said_lines[0], bot.lines
