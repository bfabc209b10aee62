"""The discord.py client: an `AutoShardedClient` with the `/kozyr` command tree, and `run_discord`.

- Sharding: `AutoShardedClient` takes Discord's recommended shard count; all state a press needs is in
  Redis (tables, message ids, ephemeral hands, pages), so any shard or process may answer any press.
- Intents: only `guilds` (no privileged intent: no message content, no members); interactions arrive
  whatever the intents.
- Commands are synced only when they changed (a digest kept in Redis), globally, or to
  `settings.discord_guild_id` when set (instant, for development). With several processes only the
  first to start after a change syncs.
- discord.py waits out short rate limits itself; one longer than `MAX_RATELIMIT_WAIT` is raised instead,
  and the outbox pauses that channel (`RetryAfter`).
- An interaction delivered twice (the gateway replays events after a resume) is handled and answered
  once: the client remembers the ids it was given (`first_time`); across workers the host's claim of
  the update id keeps a table from changing twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.core import metrics
from bot.core.config import Settings
from bot.core.ports import HostPort
from bot.discord.commands import Kozyr, Translator
from bot.discord.frontend import DiscordFrontend
from bot.discord.state import AdapterState, MemoryState, RedisState
from bot.discord.views import on_component

log = logging.getLogger(__name__)

MAX_RATELIMIT_WAIT = 30.0  # discord.py's smallest allowed value
SHUTDOWN_GRACE = 5.0
SEEN = 10_000  # interaction ids remembered (a replay comes within seconds of the first delivery)


class KozyrTree(app_commands.CommandTree["KozyrClient"]):
    """The command tree; a slash command or autocomplete delivered twice is run once."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return self.client.first_time(interaction)


class KozyrClient(discord.AutoShardedClient):
    def __init__(
        self, *, guild_id: int | None = None, state: AdapterState | None = None, **options: Any
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        options.setdefault("max_ratelimit_timeout", MAX_RATELIMIT_WAIT)
        super().__init__(intents=intents, **options)
        self.guild_id = guild_id
        self.state: AdapterState = state or MemoryState()
        self.tree = KozyrTree(self)
        self.frontend: DiscordFrontend | None = None
        self.reconciling: asyncio.Future[int] | None = None
        self.seen: OrderedDict[int, None] = OrderedDict()

    def first_time(self, interaction: discord.Interaction[Any]) -> bool:
        """False for an interaction this process was given before (the gateway replays events after a
        resume): it was handled and answered then, and Discord refuses a second answer (40060)."""
        if interaction.id in self.seen:
            log.info("interaction %s delivered again: ignored", interaction.id)
            return False
        self.seen[interaction.id] = None
        while len(self.seen) > SEEN:
            self.seen.popitem(last=False)
        return True

    def use(self, frontend: DiscordFrontend) -> None:
        """Serve the commands of this front end (call once, before logging in)."""
        self.frontend = frontend
        self.tree.add_command(Kozyr(frontend))

    async def setup_hook(self) -> None:
        await self.tree.set_translator(Translator())
        await self.sync_commands()
        if self.frontend is not None:  # logged in: bring the channels' tables in line with the state
            self.reconciling = asyncio.ensure_future(self.frontend.host.reconcile("discord"))

    async def sync_commands(self) -> None:
        guild = discord.Object(self.guild_id) if self.guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps([self.guild_id, payload], sort_keys=True).encode()).hexdigest()
        if await self.state.commands_digest() == digest:
            log.info("slash commands unchanged: not synced")
            return
        await self.tree.sync(guild=guild)
        await self.state.set_commands_digest(digest)
        log.info("slash commands synced (%s)", f"guild {self.guild_id}" if guild else "global")

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Components only: slash commands and autocomplete go through the command tree."""
        if interaction.type is not discord.InteractionType.component or self.frontend is None:
            return
        if not self.first_time(interaction):
            return
        try:
            await on_component(self.frontend, interaction)
        except Exception:
            log.exception("a button press failed")


def build(
    settings: Settings,
    host: HostPort,
    ids: Any,
    *,
    state: AdapterState,
    prefs: Any,
    **frontend_options: Any,
) -> tuple[KozyrClient, DiscordFrontend]:
    """A client and its front end, attached to the host (tests pass their own ids, state, clock)."""
    client = KozyrClient(
        guild_id=settings.discord_guild_id,
        state=state,
        shard_count=settings.discord_shard_count,
        shard_ids=settings.discord_shard_ids,
        http_trace=metrics.http_trace("discord"),  # API calls and 429s (also those discord.py waits out)
    )
    frontend = DiscordFrontend(
        client,
        host,
        ids,
        state=state,
        prefs=prefs,
        default_language=settings.default_language,
        **frontend_options,
    )
    client.use(frontend)
    host.attach(frontend)
    return client, frontend


async def run_discord(
    settings: Settings, host: HostPort, store: Any, *, ready: Callable[[], None] = lambda: None
) -> None:
    """Serve Discord until cancelled (`python -m bot`), calling `ready()` once logged in; the host's
    sweeper is run by the caller."""
    from storage import RedisMessageIds, RedisPacer

    assert settings.discord_token is not None, "DISCORD_TOKEN is not set"
    state = RedisState(store.redis, prefix=store.prefix)
    ids = RedisMessageIds(store.redis, prefix=store.prefix, durability=store.durability)
    pacer = RedisPacer(store.redis, prefix=store.prefix)  # each channel's pace, shared by every worker
    client, frontend = build(settings, host, ids, state=state, prefs=store, pacer=pacer)
    try:
        await client.login(settings.discord_token.get_secret_value())
        ready()
        await client.connect()
    finally:
        with contextlib.suppress(Exception):  # send what is queued, but do not hang on the way out
            await asyncio.wait_for(asyncio.shield(frontend.drain()), SHUTDOWN_GRACE)
        await frontend.close()
        await client.close()
