"""The whole Discord path under test: fake REST server ← discord.py client ← adapter ← host.

The client logs in against the fake server (`Route.BASE` points there) but never opens a gateway:
interactions are handed to discord.py exactly where the gateway would, `ConnectionState
.parse_interaction_create(payload)`, which runs the command tree (slash commands, autocomplete) and
dispatches `on_interaction` (buttons). `send` waits for the tasks that call created, then for the outbox
to drain and any AI to move (`host.settle()`), so a test reads the channels as a person would see them.

Time is virtual: the outbox's pacing and 429 pauses advance a `VirtualClock` instead of sleeping, and the
host, the ephemeral-hand records and the fake server's token lifetimes use the same clock.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from fakeredis import FakeAsyncRedis

from bot.core.config import Settings
from bot.core.ports import HostPort
from bot.discord import DiscordFrontend, KozyrClient, build
from bot.discord.state import MemoryState
from storage import RedisMessageIds, Store
from tests.discord.fakeapi import APP_ID, GUILD_ID, TOKEN, FakeDiscordAPI, Msg, iso

CHANNEL = 920000000000000001
OTHER_CHANNEL = 920000000000000002
CHANNEL_NAME = "games"
EVERYONE = 1 << 10 | 1 << 11 | 1 << 38 | 1 << 16  # view, send, send in threads, read history
MODERATOR = EVERYONE | 1 << 13  # + manage messages


class VirtualClock:
    """A clock that only moves when someone sleeps on it (the outbox) or a test moves it."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        target = self.now + max(0.0, seconds)
        await asyncio.sleep(0)
        self.now = max(self.now, target)


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    locale: str = "en-US"
    permissions: int = EVERYONE

    def json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
        }

    @property
    def key(self) -> str:
        return f"discord:{self.id}"


ANN = Person(930000000000000001, "Ann")
BOB = Person(930000000000000002, "Bob")
CAT = Person(930000000000000003, "Cat")
MOD = Person(930000000000000009, "Mod", permissions=MODERATOR)


def option_type(value: Any) -> int:
    if isinstance(value, Person):
        return 6  # USER
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    return 3


class Harness:
    def __init__(
        self,
        *,
        settings: dict[str, Any] | None = None,
        clock: VirtualClock | None = None,
        host: Callable[[Store, Settings, VirtualClock], HostPort] | None = None,
        ack_within: float = 2.0,
    ) -> None:
        self.clock = clock or VirtualClock()
        self.api = FakeDiscordAPI(clock=self.clock)
        self.settings = Settings(ai_delay=0, search_budget=0.02, **(settings or {}))
        self.make_host = host
        self.ack_within = ack_within
        self._ids = itertools.count(1)
        self._old_base = discord.http.Route.BASE

    async def start(self) -> Harness:
        base = await self.api.start()
        discord.http.Route.BASE = base
        self.api.add_channel(CHANNEL, CHANNEL_NAME)
        self.api.add_channel(OTHER_CHANNEL, "more-games")
        self.redis = FakeAsyncRedis(decode_responses=True)
        self.store = Store(self.redis)
        if self.make_host is None:
            from bot.core.host import Host

            self.host: Any = Host(self.store, self.settings, clock=self.clock)
        else:
            self.host = self.make_host(self.store, self.settings, self.clock)
        self.state = MemoryState(self.clock)
        self.client, self.frontend = self.build()
        await self.client.login(TOKEN)
        return self

    def build(self) -> tuple[KozyrClient, DiscordFrontend]:
        return build(
            self.settings,
            self.host,
            RedisMessageIds(self.redis),
            state=self.state,
            prefs=self.store,
            clock=self.clock,
            sleep=self.clock.sleep,
            ack_within=self.ack_within,
        )

    async def restart(self) -> None:
        """A new process: a new client, adapter and host over the same Redis; memory is forgotten."""
        await self.frontend.close()
        await self.client.close()
        from bot.core.host import Host

        self.host = Host(self.store, self.settings, clock=self.clock)
        self.state = MemoryState(self.clock)
        self.client, self.frontend = self.build()
        await self.client.login(TOKEN)

    async def stop(self) -> None:
        await self.frontend.close()
        await self.client.close()
        await self.api.close()
        await self.redis.aclose()
        discord.http.Route.BASE = self._old_base

    # -- payloads -------------------------------------------------------------------------------
    def _base(self, who: Person, channel: int, kind: int) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.api.new_id()),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"itoken-{next(self._ids)}",
            "version": 1,
            "channel_id": str(channel),
            "locale": who.locale,
            "app_permissions": str(self.api.app_permissions(channel)),
            "attachment_size_limit": 8_388_608,
            "entitlements": [],
        }
        info = self.api.channels.get(channel, {})
        if info.get("type") == 1:  # a DM
            payload["user"] = who.json()
            payload["channel"] = {"id": str(channel), "type": 1, "recipients": [who.json()]}
            payload["context"] = 1
            return payload
        payload["guild_id"] = str(GUILD_ID)
        payload["guild_locale"] = "en-US"
        payload["context"] = 0
        payload["member"] = {
            "user": who.json(),
            "roles": [],
            "joined_at": iso(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(who.permissions),
        }
        payload["channel"] = self.channel_json(channel)
        return payload

    def channel_json(self, channel: int) -> dict[str, Any]:
        info = self.api.channels[channel]
        data: dict[str, Any] = {
            "id": str(channel),
            "type": info["type"],
            "guild_id": str(GUILD_ID),
            "name": info["name"],
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": str(info["parent_id"]) if info.get("parent_id") else None,
        }
        if info["type"] in (11, 12):
            data.update(
                owner_id=str(APP_ID),
                last_message_id=None,
                rate_limit_per_user=0,
                message_count=0,
                member_count=1,
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso(),
                    "locked": False,
                },
            )
        return data

    def slash(self, who: Person, sub: str, channel: int = CHANNEL, **options: Any) -> dict[str, Any]:
        payload = self._base(who, channel, 2)
        given = {k: v for k, v in options.items() if v is not None}
        args = [
            {"type": option_type(v), "name": k, "value": str(v.id) if isinstance(v, Person) else v}
            for k, v in given.items()
        ]
        for arg in args:  # an attached file (`self.api.attach`): its id, and the file in `resolved`
            if isinstance(arg["value"], dict):
                payload.setdefault("_files", {})[arg["value"]["id"]] = arg["value"]
                arg["type"], arg["value"] = 11, arg["value"]["id"]
        files = payload.pop("_files", None)
        payload["data"] = {
            "id": self.command_id(),
            "name": "kozyr",
            "type": 1,
            "options": [{"type": 1, "name": sub, "options": args}],
        }
        people = [v for v in given.values() if isinstance(v, Person)]
        if people:  # Discord sends the users an option names alongside
            payload["data"]["resolved"] = {"users": {str(p.id): p.json() for p in people}}
        if files:
            payload["data"].setdefault("resolved", {})["attachments"] = files
        return payload

    def autocomplete(
        self, who: Person, sub: str, focused: str, current: str, channel: int = CHANNEL, **options: Any
    ) -> dict[str, Any]:
        payload = self._base(who, channel, 4)
        args = [{"type": option_type(v), "name": k, "value": v} for k, v in options.items()]
        args.append({"type": 3, "name": focused, "value": current, "focused": True})
        payload["data"] = {
            "id": self.command_id(),
            "name": "kozyr",
            "type": 1,
            "options": [{"type": 1, "name": sub, "options": args}],
        }
        return payload

    def command_id(self) -> str:
        synced = next(iter(self.api.synced.values()), [])
        return str(synced[0]["id"]) if synced else "1"

    def click(self, who: Person, message: Msg, custom_id: str) -> dict[str, Any]:
        payload = self._base(who, message.channel_id, 3)
        payload["message"] = self.api.message_json(message)
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        return payload

    # -- delivering -----------------------------------------------------------------------------
    async def send(self, payload: dict[str, Any], *, settle: bool = True) -> str:
        """Deliver one interaction like the gateway would; returns its token."""
        self.api.register(payload)
        before = asyncio.all_tasks()
        self.client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        started = asyncio.all_tasks() - before
        await asyncio.gather(*started)
        if settle:
            await self.settle()
        return str(payload["token"])

    async def settle(self) -> None:
        while True:
            await self.frontend.drain()
            moved = await self.host.settle() if hasattr(self.host, "settle") else 0
            if not moved:
                await self.frontend.drain()
                return

    async def run(self, who: Person, sub: str, channel: int = CHANNEL, **options: Any) -> str:
        return await self.send(self.slash(who, sub, channel, **options))

    async def press(self, who: Person, message: Msg, custom_id: str) -> str:
        return await self.send(self.click(who, message, custom_id))

    async def press_label(self, who: Person, message: Msg, label: str) -> str:
        return await self.press(who, message, button(message, label))

    async def seat_three_and_an_ai(self) -> None:
        """Ann opens a one-deal rozpysnyi table, Bob and Cat join by button, Ann adds an AI (not started)."""
        await self.run(ANN, "new", game="rozpysnyi", options="schedule=1,N")
        for person in (BOB, CAT):
            await self.press_label(person, self.table(), "Join")
        await self.press_label(ANN, self.table(), "Add AI")

    # -- reading --------------------------------------------------------------------------------
    def table(self, channel: int = CHANNEL) -> Msg:
        """The newest table message in a channel (the one with the host's buttons, else naming a table)."""
        live = self.api.visible(channel)
        tables = [m for m in live if m.custom_ids()] or [m for m in live if "table" in m.content]
        assert tables, f"no table message in channel {channel}"
        return tables[-1]

    def dm_hand(self, who: Person) -> Msg | None:
        hands = [m for m in self.api.dm(who.id) if "🂠" in m.content]
        return hands[-1] if hands else None

    def ephemeral_hand(self, who: Person) -> Msg | None:
        hands = [m for m in self.api.ephemerals(who.id) if "🂠" in m.content]
        return hands[-1] if hands else None

    def replies(self, token: str) -> list[str]:
        """What an interaction answered (its ephemeral messages and the content of its callbacks)."""
        out = [m.content for m in self.api.messages.values() if m.interaction == token]
        return out

    def callback_types(self, token: str) -> list[int]:
        return [int(c.body["type"]) for c in self.api.callbacks(token) if c.ok]

    def assert_acknowledged_once(self) -> None:
        """Every interaction got exactly one callback, and before any follow-up on its token."""
        for token, interaction in self.api.interactions.items():
            callbacks = [c for c in self.api.callbacks(token)]
            assert len(callbacks) == 1 and callbacks[0].ok, (token, [(c.body, c.status) for c in callbacks])
            later = [c for c in self.api.calls if f"/webhooks/{APP_ID}/{token}" in c.path]
            assert all(c.seq > callbacks[0].seq for c in later), token
            assert interaction.responses


def button(message: Msg, label: str) -> str:
    for b in message.buttons():
        if label in str(b.get("label", "")) and "custom_id" in b:
            return str(b["custom_id"])
    raise AssertionError(f"no button {label!r} in {message.labels()}")


Check = Callable[[], Awaitable[None]]
