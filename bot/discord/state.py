"""What the Discord adapter remembers between interactions, in Redis so any shard or process can use it.

    {p}:discord:page:<message id>        the screen last shown on a paged message (JSON), 2 days
    {p}:discord:eph:<user key>:<table>   the ephemeral hand of a user at a table: interaction token,
                                         message (id, or none for "@original"), time (JSON), 14 minutes
    {p}:discord:commands                 digest of the slash commands last synced with Discord

An ephemeral message can only be edited through the token of an interaction, which Discord honours for
15 minutes; the record is dropped a minute before that (by its TTL and by its own timestamp, whichever
comes first), after which the player's hand lives on in their DMs, or in a new ephemeral from "My hand".
Every method is best effort: a Redis failure is logged and reads as "nothing remembered".
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Protocol

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from bot.core.outcome import Screen

log = logging.getLogger(__name__)

TOKEN_LIFE = 15 * 60.0
MIRROR_LIFE = TOKEN_LIFE - 60.0  # a minute of margin for clocks and slow calls
PAGE_LIFE = 2 * 86400


@dataclass(frozen=True)
class Mirror:
    """An ephemeral message showing a user's hand, editable through `token` until `at + MIRROR_LIFE`.

    `message_id` is None for the interaction's own message ("@original": its first response, or the
    message whose button was pressed), else the id of one of its follow-ups.
    """

    token: str
    message_id: int | None
    at: float


class AdapterState(Protocol):
    async def save_page(self, message_id: int, screen: Screen) -> None: ...

    async def load_page(self, message_id: int) -> Screen | None: ...

    async def set_mirror(self, user: str, table: str, mirror: Mirror) -> None: ...

    async def mirror(self, user: str, table: str) -> Mirror | None: ...

    async def drop_mirror(self, user: str, table: str) -> None: ...

    async def commands_digest(self) -> str | None: ...

    async def set_commands_digest(self, digest: str) -> None: ...


class MemoryState:
    """AdapterState in dicts: for tests and single-process runs."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.pages: dict[int, Screen] = {}
        self.mirrors: dict[tuple[str, str], Mirror] = {}
        self.digest: str | None = None

    async def save_page(self, message_id: int, screen: Screen) -> None:
        self.pages[message_id] = screen

    async def load_page(self, message_id: int) -> Screen | None:
        return self.pages.get(message_id)

    async def set_mirror(self, user: str, table: str, mirror: Mirror) -> None:
        self.mirrors[user, table] = mirror

    async def mirror(self, user: str, table: str) -> Mirror | None:
        m = self.mirrors.get((user, table))
        return m if m is not None and m.at + MIRROR_LIFE > self.clock() else None

    async def drop_mirror(self, user: str, table: str) -> None:
        self.mirrors.pop((user, table), None)

    async def commands_digest(self) -> str | None:
        return self.digest

    async def set_commands_digest(self, digest: str) -> None:
        self.digest = digest


class RedisState:
    def __init__(
        self, redis: aioredis.Redis, prefix: str = "kozyr", clock: Callable[[], float] = time.time
    ) -> None:
        self.redis = redis
        self.prefix = f"{prefix}:discord"
        self.clock = clock

    async def save_page(self, message_id: int, screen: Screen) -> None:
        try:
            await self.redis.set(f"{self.prefix}:page:{message_id}", screen.model_dump_json(), ex=PAGE_LIFE)
        except (RedisError, OSError):
            log.warning("could not remember the pages of message %s", message_id)

    async def load_page(self, message_id: int) -> Screen | None:
        try:
            data = await self.redis.get(f"{self.prefix}:page:{message_id}")
        except (RedisError, OSError):
            log.warning("could not read the pages of message %s", message_id)
            return None
        return Screen.model_validate_json(data) if data else None

    def _mirror_key(self, user: str, table: str) -> str:
        return f"{self.prefix}:eph:{user}:{table}"

    async def set_mirror(self, user: str, table: str, mirror: Mirror) -> None:
        life = int(mirror.at + MIRROR_LIFE - self.clock())
        if life <= 0:
            return
        try:
            await self.redis.set(self._mirror_key(user, table), json.dumps(asdict(mirror)), ex=life)
        except (RedisError, OSError):
            log.warning("could not remember the ephemeral hand of %s", user)

    async def mirror(self, user: str, table: str) -> Mirror | None:
        try:
            data = await self.redis.get(self._mirror_key(user, table))
        except (RedisError, OSError):
            return None
        if not data:
            return None
        m = Mirror(**json.loads(data))
        return m if m.at + MIRROR_LIFE > self.clock() else None

    async def drop_mirror(self, user: str, table: str) -> None:
        try:
            await self.redis.delete(self._mirror_key(user, table))
        except (RedisError, OSError):
            log.warning("could not forget the ephemeral hand of %s", user)

    async def commands_digest(self) -> str | None:
        try:
            value = await self.redis.get(f"{self.prefix}:commands")
        except (RedisError, OSError):
            return None
        return value if isinstance(value, str) or value is None else value.decode()

    async def set_commands_digest(self, digest: str) -> None:
        try:
            await self.redis.set(f"{self.prefix}:commands", digest)
        except (RedisError, OSError):
            log.warning("could not remember the synced commands")
