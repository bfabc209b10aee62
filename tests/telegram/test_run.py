"""`run_telegram` as `python -m bot` runs it: against the fake server, in polling and in webhook mode."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest
from fakeredis import FakeAsyncRedis

from bot.core.config import Settings
from bot.core.host import Host
from bot.telegram import run_telegram
from storage import Store
from tests.telegram.fakeapi import TOKEN, FakeBotAPI
from tests.telegram.harness import ANN, GROUP, Harness


@pytest.fixture
async def api() -> AsyncIterator[tuple[FakeBotAPI, str]]:
    fake = FakeBotAPI()
    base = await fake.start()
    yield fake, base
    await fake.close()


async def stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def test_polling_mode_sets_the_menus_and_serves_updates(api: tuple[FakeBotAPI, str]) -> None:
    fake, base = api
    settings = Settings(telegram_token=TOKEN, telegram_api_url=base, ai_delay=0)
    redis = FakeAsyncRedis(decode_responses=True)
    store = Store(redis)
    task = asyncio.create_task(run_telegram(settings, Host(store, settings), store))
    await fake.wait_for(lambda: bool(fake.api_calls("deleteWebhook")))  # after the menus, before polling
    assert len(fake.commands) == 6
    builder = Harness()  # only to build updates
    await fake.feed(builder.message(ANN, "/new"))
    await fake.wait_for(lambda: any(int(c.params["chat_id"]) == GROUP for c in fake.api_calls("sendMessage")))
    assert "Ann" in fake.last(GROUP).text
    await stop(task)
    await redis.aclose()


async def test_webhook_mode_registers_the_webhook_with_a_secret(api: tuple[FakeBotAPI, str]) -> None:
    fake, base = api
    settings = Settings(
        telegram_token=TOKEN,
        telegram_api_url=base,
        webhook_url="https://example.org/kozyr/telegram",
        webhook_host="127.0.0.1",
        webhook_port=0,
    )
    redis = FakeAsyncRedis(decode_responses=True)
    store = Store(redis)
    task = asyncio.create_task(run_telegram(settings, Host(store, settings), store))
    await fake.wait_for(lambda: fake.webhook is not None)
    assert fake.webhook is not None
    assert fake.webhook["url"] == "https://example.org/kozyr/telegram"
    assert len(fake.webhook["secret_token"]) >= 32
    assert set(fake.webhook["allowed_updates"]) == {"message", "callback_query"}
    assert not fake.api_calls("deleteWebhook")
    await stop(task)
    await redis.aclose()
