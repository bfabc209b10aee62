"""`run_discord` as `python -m bot` calls it: log in, sync, attach to the host, serve until cancelled."""

from __future__ import annotations

import asyncio

import discord
import pytest
from fakeredis import FakeAsyncRedis

from bot.core.config import Settings
from bot.core.host import Host
from bot.discord import DiscordFrontend, run_discord
from storage import Store
from tests.discord.fakeapi import APP_ID, TOKEN, FakeDiscordAPI


async def test_run_discord_serves_until_cancelled_and_closes_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    api = FakeDiscordAPI()
    monkeypatch.setattr(discord.http.Route, "BASE", await api.start())
    api.hang.add("/gateway/bot")  # the gateway never opens: the client waits there, as if connected
    redis = FakeAsyncRedis(decode_responses=True)
    store = Store(redis)
    host = Host(store, Settings(discord_token=TOKEN, ai_delay=0))
    try:
        task = asyncio.create_task(run_discord(host.settings, host, store))
        await api.wait_for(lambda: bool(api.calls_to("GET", "/gateway/bot")))

        frontend = host.frontends["discord"]
        assert isinstance(frontend, DiscordFrontend)
        assert [c.path for c in api.calls[:3]] == [
            "/users/@me",
            "/oauth2/applications/@me",
            f"/applications/{APP_ID}/commands",
        ]
        assert await redis.get("kozyr:discord:commands")  # the digest: the next start will not sync
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert frontend.client.is_closed()
    finally:
        await api.close()
        await redis.aclose()


def test_a_process_runs_the_shards_it_is_given() -> None:
    from bot.core.people import MemoryPrefs
    from bot.discord.client import build
    from bot.discord.state import MemoryState

    settings = Settings(discord_token=TOKEN, discord_shard_count=4, discord_shard_ids=[2, 3])
    host = Host(Store(FakeAsyncRedis(decode_responses=True)), settings)
    client, _ = build(settings, host, None, state=MemoryState(), prefs=MemoryPrefs())
    assert (client.shard_count, client.shard_ids) == (4, [2, 3])
    with pytest.raises(ValueError, match="DISCORD_SHARD_COUNT"):
        Settings(discord_shard_ids=[0])
    with pytest.raises(ValueError, match="below it"):
        Settings(discord_shard_count=2, discord_shard_ids=[2])
