"""Platform message ids of logical messages (a table message, a hand), shared by all workers.

Implements `bot.core.outbox.MessageIds` without importing it: a target is anything with a `.key`.
Keys of the form `table:<id>` and `hand:<id>:<user>` (the host's targets) are grouped in one hash per
table, `{p}:msg:{table:<id>}`, so a table's ids expire together, with the table: each commit of the
table sets the hash's TTL to the table's (a day once it is closed), and a first id here gets `ttl`. Any
other target gets a hash of its own named by its whole key, expiring `ttl` after the last id stored.
Beside each id, `<key>#shown` holds the fingerprint of the view the message shows, so a worker never
re-sends an identical view and a restarted worker can tell which messages differ from the committed
state.
"""

from __future__ import annotations

from typing import Protocol

import redis.asyncio as aioredis

from storage.keys import Keys
from storage.tables import guarded

TABLE_KINDS = ("table", "hand")
SHOWN = "#shown"  # beside each id: the fingerprint of the view that message shows (no empty edits)


class Keyed(Protocol):
    @property
    def key(self) -> str: ...


def group_of(key: str) -> str:
    """The hash a target's id lives in: its table for table and hand targets, else itself."""
    kind, _, rest = key.partition(":")
    if kind in TABLE_KINDS and rest:
        return "table:" + rest.split(":", 1)[0]
    return key


class RedisMessageIds:
    def __init__(self, redis: aioredis.Redis, prefix: str = "kozyr", ttl: float = 30 * 86400) -> None:
        self.redis = redis
        self.keys = Keys(prefix)
        self.ttl = int(ttl)

    def _where(self, target: Keyed) -> tuple[str, str]:
        return self.keys.messages(group_of(target.key)), target.key

    @guarded
    async def get(self, target: Keyed) -> str | None:
        key, field = self._where(target)
        return await self.redis.hget(key, field)

    @guarded
    async def lookup(self, target: Keyed) -> tuple[str | None, str | None]:
        """The message id and the fingerprint of the view it shows, in one read."""
        key, field = self._where(target)
        found = await self.redis.hmget(key, [field, field + SHOWN])
        return found[0], found[1]

    @guarded
    async def set(self, target: Keyed, message_id: str, shown: str | None = None) -> None:
        key, field = self._where(target)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, field, message_id)
            if shown is None:
                pipe.hdel(key, field + SHOWN)
            else:
                pipe.hset(key, field + SHOWN, shown)
            # a table's ids live as long as the table: its commits set their TTL (`Store.commit`), here
            # only a first id gets one; any other target's ids expire `ttl` after the last one stored
            pipe.expire(key, self.ttl, nx=field.split(":", 1)[0] in TABLE_KINDS)
            await pipe.execute()

    @guarded
    async def mark(self, target: Keyed, shown: str) -> None:
        """The message now shows a view with this fingerprint (`bot.core.render.fingerprint`)."""
        key, field = self._where(target)
        await self.redis.hset(key, field + SHOWN, shown)

    @guarded
    async def forget(self, target: Keyed) -> None:
        key, field = self._where(target)
        await self.redis.hdel(key, field, field + SHOWN)
