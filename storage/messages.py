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

Writes across workers and failovers: each write is one small script (an id with its view and TTL, a
view, a forget), sent by its SHA (a server that lacks it — restarted, a new node — is taught the scripts
and the write sent again), so it lands whole, and a write that comes late — a worker slowed down, or a client
replaying it on the new master after a failover — cannot point a target back at an older view: an id
whose view is older than the stored one's is refused (`SET_ID`), and a view or a forget naming a message
that is no longer the target's is refused (`MARK`, `FORGET`); the outbox then deletes the message it
posted, or sends the view to the message that took over. A new id waits for a replica (`WAIT`, in its
own pipeline) when the store's commits do (`storage.batching.DURABLE`): lost with a dying master, it
would leave the message just posted an orphan.

Round trips: the lookups asked for in one event-loop tick go to Redis as one pipeline (the outbox's
lanes — a move's group table, the mover's hand, the next player's hand — each look at their message at
once), with the pacing slots asked for in that tick (`storage.batching`), and so do the writes (`set`,
`mark`); each caller gets its own reply, or the error that stopped its pipeline. On a single server the
writes of a tick go in one MULTI/EXEC (none when a WAIT follows them); a Cluster's pipeline cannot span
slots in a transaction, so there they go non-transactionally, split per node by redis-py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import redis.asyncio as aioredis

from storage.batching import DURABLE, Command, batches, script, taught
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


# KEYS[1] the ids' hash; ARGV: field, message id, view ('' none), ttl, nx (1: only a TTL where none).
# A view is `<fingerprint>@<table version>` (`bot.core.outbox_rules.split`); an id whose view is older than
# the stored one's is refused (0): a late write (a worker slowed, a client's retry across a failover) must
# not point the target at a message showing an older view than the one another worker showed since.
SET_ID = """
local function version(view) return tonumber(string.match(view or '', '@(%d+)$')) end
local mine, stored = version(ARGV[3]), version(redis.call('HGET', KEYS[1], ARGV[1] .. '#shown'))
if mine and stored and stored > mine then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1] .. '#shown')
else
  redis.call('HSET', KEYS[1], ARGV[1] .. '#shown', ARGV[3])
end
if ARGV[5] == '0' or redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[4]) end
return 1
"""

# KEYS[1] the ids' hash; ARGV: field, view, message id ('' any). Refused (0) when the target's stored id is
# not the message edited (another message took over meanwhile: the edit went to a leftover).
MARK = """
if ARGV[3] ~= '' and redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[3] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1] .. '#shown', ARGV[2])
return 1
"""

# KEYS[1] the ids' hash; ARGV: field, message id ('' any). As MARK, refused (0) for a message not the target's
FORGET = """
if ARGV[2] ~= '' and redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1], ARGV[1] .. '#shown')
return 1
"""

SCRIPTS = {"SET_ID": SET_ID, "MARK": MARK, "FORGET": FORGET}

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
        self._scripts = {name: script(redis, body) for name, body in SCRIPTS.items()}

    def _script(self, name: str, keys: int, *args: Any) -> Command:
        """A call of one of `SCRIPTS` by its SHA (its body is sent only to a server that lacks it)."""
        return ("evalsha", (self._scripts[name].sha, keys, *args), {})

    async def _write(self, commands: list[Command]) -> list[Any]:
        """Write in this tick's pipeline; their replies, or the first error of these commands raised. A
        server without the scripts (NOSCRIPT: nothing of this request was written) is taught them and the
        request sent again."""
        replies = await taught(lambda: self.batches.writes(commands), self.redis)
        error = next((r for r in replies if isinstance(r, BaseException)), None)
        if error is not None:
            raise error
        return replies

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
    async def set(self, target: Keyed, message_id: str, shown: str | None = None) -> bool:
        """Store the id of the target's new message and the view it shows; False (nothing written) when
        the stored message shows a newer table version than `shown` (a write that arrives late: another
        worker showed a newer view meanwhile, so the new message is not the target's)."""
        key, field = self._where(target)
        # a table's ids live as long as the table: its commits set their TTL (`Store.commit`), here only a
        # first id gets one; other targets' ids expire `ttl` after the last one stored
        nx = int(field.split(":", 1)[0] in TABLE_KINDS)
        call = self._script("SET_ID", 1, key, field, message_id, shown or "", self.ttl, nx)
        # durable: lost with a dying master, the id would leave the message just posted an orphan (its
        # later views edited into the older message); a view alone (`mark`) lost is only sent again
        written, _acked = await self._write([call, (DURABLE, (key,), {})])
        return bool(written)

    @guarded
    async def mark(self, target: Keyed, shown: str, message_id: str | None = None) -> bool:
        """The message now shows a view with this fingerprint (`bot.core.render.fingerprint`). With the id
        of the message edited: False (nothing written) when that is no longer the target's message."""
        key, field = self._where(target)
        (written,) = await self._write([self._script("MARK", 1, key, field, shown, message_id or "")])
        return bool(written)

    @guarded
    async def forget(self, target: Keyed, message_id: str | None = None) -> bool:
        """Drop the target's id and view; with `message_id` (a message found gone), only while that is the
        target's message (False: another took over, which stays)."""
        key, field = self._where(target)
        (dropped,) = await self._write([self._script("FORGET", 1, key, field, message_id or "")])
        return bool(dropped)
