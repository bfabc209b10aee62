"""Platform message ids of logical messages (a table message, a hand), shared by all workers.

Implements `bot.core.outbox.MessageIds` without importing it: a target is anything with a `.key`.
Keys of the form `table:<id>` and `hand:<id>:<user>` (the host's targets) are grouped in one hash per
table, `{p}:msg:{<id>}`, in the table's own Cluster slot (its hash tag is the table's), so a table's ids
expire together, with the table: each commit of the table sets the hash's TTL to the table's (a day once
it is closed), and a first id here gets `ttl`. (Before, the hash was `{p}:msg:{table:<id>}`, in a slot
of its own: `move_table_ids` moves such hashes once, at a worker's start.) Any
other target gets a hash of its own named by its whole key, expiring `ttl` after the last id stored.
Beside each id, `<key>#shown` holds the fingerprint of the view the message shows, so a worker never
re-sends an identical view and a restarted worker can tell which messages differ from the committed
state.

Round trips: the lookups asked for in one event-loop tick go to Redis as one pipeline (the outbox's
lanes — a move's group table, the mover's hand, the next player's hand — each look at their message at
once), with the pacing slots asked for in that tick (`storage.batching`), and so do the writes (`set`,
`mark`); each caller gets its own reply, or the error that stopped its pipeline. On a single server the
writes of a tick go in one MULTI/EXEC (a new id, its fingerprint and its TTL land together); a Cluster's
pipeline cannot span slots in a transaction, so there they go non-transactionally, split per node by
redis-py: an id and its fingerprint still land together (one HSET), its EXPIRE right behind it on the
same connection (a server lost between the two could leave a hash without its TTL until the table's
next commit sets it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import redis.asyncio as aioredis

from storage.batching import DURABLE, Command, batches
from storage.keys import Keys
from storage.tables import guarded

TABLE_KINDS = ("table", "hand")
SHOWN = "#shown"  # beside each id: the fingerprint of the view that message shows (no empty edits)
Shown = tuple[str | None, str | None]  # (message id, the view it shows)


class Keyed(Protocol):
    @property
    def key(self) -> str: ...


def group_of(key: str) -> str:
    """The hash a target's id lives in: its table's id for table and hand targets, else the key itself
    (a table id never holds a ":", a target key always does)."""
    kind, _, rest = key.partition(":")
    if kind in TABLE_KINDS and rest:
        return rest.split(":", 1)[0]
    return key


LAYOUT = "2"  # `{p}:layout`: the message ids of tables live in their table's slot


async def move_table_ids(redis: aioredis.Redis, prefix: str) -> int:
    """Move the message ids kept under the former key of a table's ids (`{p}:msg:{table:<id>}`) into the
    table's slot, once per deployment (`{p}:layout` says it is done). Several workers may run it at once:
    a field is copied only where the new hash lacks it (a newer id written there wins). Returns the number
    of hashes moved."""
    keys = Keys(prefix)
    if await redis.get(keys.layout) == LAYOUT:
        return 0
    moved = 0
    old_prefix = keys.messages("table:")[:-1]  # `{p}:msg:{table:`
    async for old in redis.scan_iter(match=old_prefix + "*", count=1000):
        table_id = old[len(old_prefix) :].rstrip("}")
        fields = await redis.hgetall(old)
        ttl = await redis.ttl(old)
        new = keys.messages(table_id)
        for field, value in fields.items():
            await redis.hsetnx(new, field, value)
        if ttl > 0:
            await redis.expire(new, ttl)
        await redis.delete(old)
        moved += 1
    await redis.set(keys.layout, LAYOUT)
    return moved


class RedisMessageIds:
    def __init__(
        self, redis: aioredis.Redis, prefix: str = "kozyr", ttl: float = 30 * 86400, *, durability: Any = None
    ) -> None:
        self.redis = redis
        self.keys = Keys(prefix)
        self.ttl = int(ttl)
        self.batches = batches(redis)  # shared with the pacer on this client: one pipeline per tick
        self.atomic = self.batches.atomic  # a Cluster: no transaction across slots
        if durability is not None:  # the store's: a new message's id waits for a replica, as a commit does
            self.batches.durability = durability

    async def _write(self, commands: list[Command]) -> None:
        """Write in this tick's pipeline; the first error of these commands is raised."""
        error = next((r for r in await self.batches.writes(commands) if isinstance(r, BaseException)), None)
        if error is not None:
            raise error

    def _where(self, target: Keyed) -> tuple[str, str]:
        return self.keys.messages(group_of(target.key)), target.key

    def ahead(self, table_id: str) -> tuple[Command, Callable[[Any], dict[str, Shown]]]:
        """The read of a table's message ids and views (its slot) for a commit of that table to carry
        (`storage.batching.Ahead`), and how its reply reads: target key → (message id, view shown)."""

        def read(reply: Any) -> dict[str, Shown]:
            if isinstance(reply, BaseException):
                raise reply
            return {k: (v, reply.get(k + SHOWN)) for k, v in reply.items() if not k.endswith(SHOWN)}

        return ("hgetall", (self.keys.messages(table_id),), {}), read

    @guarded
    async def get(self, target: Keyed) -> str | None:
        key, field = self._where(target)
        return await self.redis.hget(key, field)

    @guarded
    async def lookup(self, target: Keyed) -> tuple[str | None, str | None]:
        """The message id and the fingerprint of the view it shows, in one read."""
        key, field = self._where(target)
        (found,) = await self.batches.reads([("hmget", (key, [field, field + SHOWN]), {})])
        if isinstance(found, BaseException):
            raise found
        return found[0], found[1]

    @guarded
    async def set(self, target: Keyed, message_id: str, shown: str | None = None) -> None:
        key, field = self._where(target)
        # the id and its view in one HSET (a new id never reads as showing the old view; without a view,
        # the old one is dropped first); a table's ids live as long as the table: its commits set their
        # TTL (`Store.commit`), here only a first id gets one; other targets' ids expire `ttl` after the
        # last one stored
        if shown is None:
            commands: list[Command] = [
                ("hdel", (key, field + SHOWN), {}),
                ("hset", (key, field, message_id), {}),
            ]
        else:
            commands = [("hset", (key,), {"mapping": {field: message_id, field + SHOWN: shown}})]
        nx = field.split(":", 1)[0] in TABLE_KINDS
        # durable: lost with a dying master, the id would leave the message just posted an orphan (its
        # later views edited into the older message); a view alone (`mark`) lost is only sent again
        await self._write([*commands, ("expire", (key, self.ttl), {"nx": nx}), (DURABLE, (key,), {})])

    @guarded
    async def mark(self, target: Keyed, shown: str) -> None:
        """The message now shows a view with this fingerprint (`bot.core.render.fingerprint`)."""
        key, field = self._where(target)
        await self._write([("hset", (key, field + SHOWN, shown), {})])

    @guarded
    async def forget(self, target: Keyed) -> None:
        key, field = self._where(target)
        await self.redis.hdel(key, field, field + SHOWN)
