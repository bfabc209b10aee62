"""Tables in Redis: one hash per table committed by compare-and-set, an event stream, indexes, deadlines.

Keys (hash tags keep one table's keys in one Redis Cluster slot):

    {p}:table:{<id>}          hash: data (table JSON), version
    {p}:table:{<id>}:events   stream of committed events (capped)
    {p}:chat:<chat>:tables    set of table ids in a chat      } hints: readers load the table and
    {p}:user:<user>:tables    set of table ids of a user      } check it (the table JSON is the truth)
    {p}:due                   sorted set: table id → when the host must look at it (AI turn, deadline)
    {p}:ids                   counter for new table ids
    {p}:seen:<key>            processed update ids (idempotency), with a TTL
    {p}:lock:<name>           leases (one sweeper at a time)
    {p}:pref:user:<user>      hash: lang, reachable;   {p}:pref:chat:<chat>  hash: lang
    {p}:msg:{<id>}            hash: logical message key → platform message id

A commit is one Lua script over the table's own keys (same slot), so a move is written entirely or not
at all; index and deadline updates follow it and are idempotent, so a crash between the two leaves
only hints that readers already double-check.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import ParamSpec, Protocol, TypeVar

import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

P = ParamSpec("P")
R = TypeVar("R")

CLOSED_TTL = 86400
EVENTS_MAX = 1000

_COMMIT = """
local current = redis.call('HGET', KEYS[1], 'version')
if tonumber(current) ~= tonumber(ARGV[1]) then return -1 end
local version = tonumber(current) + 1
redis.call('HSET', KEYS[1], 'data', ARGV[2], 'version', version)
for i = 5, #ARGV do
  redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], '*', 'event', ARGV[i])
end
redis.call('EXPIRE', KEYS[1], ARGV[3])
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('EXPIRE', KEYS[2], ARGV[3]) end
return version
"""

_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'data', ARGV[1], 'version', 1)
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
"""

_UNLOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class Conflict(Exception):
    """The table changed since it was loaded: nothing was written."""


class TableExists(Exception):
    pass


class Unavailable(Exception):
    """Redis could not be reached or did not answer in time."""


class Keyed(Protocol):
    @property
    def key(self) -> str: ...


def guarded(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Turn connection failures into `Unavailable`, which the host answers with "try again"."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await fn(*args, **kwargs)
        except (RedisConnectionError, RedisTimeoutError, OSError) as e:
            raise Unavailable(str(e)) from e

    return wrapper


class Store:
    def __init__(self, redis: aioredis.Redis, prefix: str = "kozyr", table_ttl: float = 30 * 86400) -> None:
        self.redis = redis
        self.prefix = prefix
        self.table_ttl = int(table_ttl)
        self._commit = redis.register_script(_COMMIT)
        self._create = redis.register_script(_CREATE)
        self._unlock = redis.register_script(_UNLOCK)
        self._lock_tokens: dict[str, str] = {}

    # -- keys -----------------------------------------------------------------------------------
    def table_key(self, table_id: str) -> str:
        return f"{self.prefix}:table:{{{table_id}}}"

    def events_key(self, table_id: str) -> str:
        return f"{self.table_key(table_id)}:events"

    def _chat(self, chat: str) -> str:
        return f"{self.prefix}:chat:{chat}:tables"

    def _user(self, user: str) -> str:
        return f"{self.prefix}:user:{user}:tables"

    @property
    def _due(self) -> str:
        return f"{self.prefix}:due"

    # -- tables ---------------------------------------------------------------------------------
    @guarded
    async def new_id(self) -> str:
        n = await self.redis.incr(f"{self.prefix}:ids")
        # a random letter in front keeps ids unguessable enough to not be enumerated by accident
        return secrets.choice("ghijkmnpqrstuvwxyz") + format(n, "x")

    @guarded
    async def create(self, table_id: str, data: str, *, chat: str, users: Sequence[str] = ()) -> int:
        if not await self._create(keys=[self.table_key(table_id)], args=[data, self.table_ttl]):
            raise TableExists(table_id)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.sadd(self._chat(chat), table_id)
            for u in users:
                pipe.sadd(self._user(u), table_id)
            await pipe.execute()
        return 1

    @guarded
    async def load(self, table_id: str) -> tuple[str, int] | None:
        data, version = await self.redis.hmget(self.table_key(table_id), ["data", "version"])
        if data is None or version is None:
            return None
        return data, int(version)

    @guarded
    async def commit(
        self,
        table_id: str,
        expected: int,
        data: str,
        *,
        events: Sequence[str] = (),
        chat: str | None = None,
        users_added: Sequence[str] = (),
        users_removed: Sequence[str] = (),
        deadline: float | None = None,
        closed: bool = False,
    ) -> int:
        ttl = CLOSED_TTL if closed else self.table_ttl
        keys = [self.table_key(table_id), self.events_key(table_id)]
        version = await self._commit(keys=keys, args=[expected, data, ttl, EVENTS_MAX, *events])
        if int(version) < 0:
            raise Conflict(table_id)
        await self._reindex(table_id, chat, users_added, users_removed, deadline, closed)
        return int(version)

    async def _reindex(
        self,
        table_id: str,
        chat: str | None,
        added: Sequence[str],
        removed: Sequence[str],
        deadline: float | None,
        closed: bool,
    ) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            if chat is not None:
                (pipe.srem if closed else pipe.sadd)(self._chat(chat), table_id)
            for u in added:
                pipe.sadd(self._user(u), table_id)
            for u in removed:
                pipe.srem(self._user(u), table_id)
            if deadline is None or closed:
                pipe.zrem(self._due, table_id)
            else:
                pipe.zadd(self._due, {table_id: deadline})
            await pipe.execute()

    @guarded
    async def forget_user_table(self, user: str, table_id: str) -> None:
        await self.redis.srem(self._user(user), table_id)

    @guarded
    async def events(self, table_id: str, count: int = 100) -> list[str]:
        entries = await self.redis.xrevrange(self.events_key(table_id), count=count)
        return [fields["event"] for _id, fields in reversed(entries)]

    @guarded
    async def tables_in_chat(self, chat: str) -> list[str]:
        return sorted(await self.redis.smembers(self._chat(chat)))

    @guarded
    async def tables_of_user(self, user: str) -> list[str]:
        return sorted(await self.redis.smembers(self._user(user)))

    # -- deadlines ------------------------------------------------------------------------------
    @guarded
    async def schedule(self, table_id: str, at: float) -> None:
        await self.redis.zadd(self._due, {table_id: at})

    @guarded
    async def unschedule(self, table_id: str) -> None:
        await self.redis.zrem(self._due, table_id)

    @guarded
    async def due(self, now: float, limit: int = 100) -> list[str]:
        top = "+inf" if now == float("inf") else now
        return list(await self.redis.zrangebyscore(self._due, "-inf", top, start=0, num=limit))

    @guarded
    async def next_due(self) -> float | None:
        first = await self.redis.zrange(self._due, 0, 0, withscores=True)
        return float(first[0][1]) if first else None

    # -- idempotency and leases -----------------------------------------------------------------
    @guarded
    async def claim(self, key: str, ttl: float = 86400) -> bool:
        return bool(await self.redis.set(f"{self.prefix}:seen:{key}", "1", nx=True, ex=int(ttl)))

    @guarded
    async def release(self, key: str) -> None:
        await self.redis.delete(f"{self.prefix}:seen:{key}")

    @guarded
    async def lock(self, name: str, ttl: float) -> bool:
        token = secrets.token_hex(8)
        if await self.redis.set(f"{self.prefix}:lock:{name}", token, nx=True, px=int(ttl * 1000)):
            self._lock_tokens[name] = token
            return True
        return False

    @guarded
    async def unlock(self, name: str) -> None:
        token = self._lock_tokens.pop(name, None)
        if token is not None:
            await self._unlock(keys=[f"{self.prefix}:lock:{name}"], args=[token])

    # -- preferences ----------------------------------------------------------------------------
    async def _pref_get(self, key: str, field: str) -> str | None:
        return await self.redis.hget(f"{self.prefix}:pref:{key}", field)

    @guarded
    async def get_user_lang(self, user: str) -> str | None:
        return await self._pref_get(f"user:{user}", "lang")

    @guarded
    async def set_user_lang(self, user: str, lang: str) -> None:
        await self.redis.hset(f"{self.prefix}:pref:user:{user}", "lang", lang)

    @guarded
    async def get_chat_lang(self, chat: str) -> str | None:
        return await self._pref_get(f"chat:{chat}", "lang")

    @guarded
    async def set_chat_lang(self, chat: str, lang: str) -> None:
        await self.redis.hset(f"{self.prefix}:pref:chat:{chat}", "lang", lang)

    @guarded
    async def mark_reachable(self, user: str, ok: bool) -> None:
        await self.redis.hset(f"{self.prefix}:pref:user:{user}", "reachable", "1" if ok else "0")

    @guarded
    async def is_reachable(self, user: str) -> bool | None:
        value = await self._pref_get(f"user:{user}", "reachable")
        return None if value is None else value == "1"

    # -- figures --------------------------------------------------------------------------------
    @guarded
    async def memory_usage(self, table_id: str) -> int:
        total = 0
        for key in (self.table_key(table_id), self.events_key(table_id)):
            try:
                total += int(await self.redis.memory_usage(key) or 0)
            except Exception:  # fakeredis has no MEMORY USAGE: estimate from the stored value
                data = await self.redis.hget(key, "data") if key.endswith("}") else None
                total += len(data or "")
        return total


class RedisMessageIds:
    """Platform message ids of logical messages (a table message, a hand), shared by all workers."""

    def __init__(self, redis: aioredis.Redis, prefix: str = "kozyr", ttl: float = 30 * 86400) -> None:
        self.redis = redis
        self.prefix = prefix
        self.ttl = int(ttl)

    def _key(self, target: Keyed) -> tuple[str, str]:
        # group by table so one table's ids share a slot and expire together
        parts = target.key.split(":")
        table = parts[1] if len(parts) > 1 and parts[0] in ("table", "hand") else "chats"
        return f"{self.prefix}:msg:{{{table}}}", target.key

    @guarded
    async def get(self, target: Keyed) -> str | None:
        key, field = self._key(target)
        return await self.redis.hget(key, field)

    @guarded
    async def set(self, target: Keyed, message_id: str) -> None:
        key, field = self._key(target)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hset(key, field, message_id)
            pipe.expire(key, self.ttl)
            await pipe.execute()

    @guarded
    async def forget(self, target: Keyed) -> None:
        key, field = self._key(target)
        await self.redis.hdel(key, field)
