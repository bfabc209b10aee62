"""A chat's sending budget shared by every worker: one spaced-out slot at a time (GCRA in Redis).

Each lane (a group, a private chat) keeps its *theoretical arrival time* in one key: a call may go now
if that time has come, and then the next may go `interval` seconds later. So a group's calls are spread
evenly (20 a minute → one every 3 s, never a burst of 20 then a dark minute), and two workers writing
to one group draw from the same budget. `hold` pushes the lane back after the platform asked to wait
(HTTP 429), for every worker at once.

The time is the caller's (`now`): workers share a wall clock (NTP), tests a virtual one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis

from storage.batching import Command, batches, script, taught
from storage.keys import Keys, lane_tag
from storage.tables import guarded

# How long a lane's key outlives its slot, on Redis's own clock. The slot is in the caller's time, which
# may run behind Redis's (a worker's clock a little late, a test's virtual clock that moves only when the
# outbox sleeps); a key gone before that time came would free the lane at once — two calls in one instant.
KEEP_MS = 60_000

# KEYS[1] the lane's key; ARGV: now, interval (seconds). Returns "0" with the slot taken, or the wait.
TAKE = f"""
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat > now then return tostring(tat - now) end
redis.call('SET', KEYS[1], tostring(now + interval), 'PX', math.ceil(interval * 1000) + {KEEP_MS})
return '0'
"""

# KEYS[1] the lane's key; ARGV: until (a time), ttl in ms. Never moves the slot earlier.
HOLD = """
local until_ = tonumber(ARGV[1])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if until_ > tat then redis.call('SET', KEYS[1], tostring(until_), 'PX', tonumber(ARGV[2])) end
return 1
"""


def _wait(reply: Any) -> float:
    if isinstance(reply, BaseException):
        raise reply
    return float(reply)


class RedisPacer:
    """`bot.core.outbox.Pacer` on Redis: the lanes' slots shared by all workers. A slot is taken in the
    pipeline of its tick's message lookups (`storage.batching`: the outbox asks for both at once)."""

    def __init__(self, redis: aioredis.Redis, prefix: str = "kozyr") -> None:
        self.redis = redis
        self.keys = Keys(prefix)
        self.batches = batches(redis)
        self._take = script(redis, TAKE)
        self._hold = redis.register_script(HOLD)

    def _key(self, lane: str) -> str:
        return self.keys.pace(lane)

    @staticmethod
    def tag(lane: str) -> str:
        """The Cluster hash tag of a lane's key: a table whose id shares its slot (`storage.keys.in_slot`)
        has the lane's take carried by its commits."""
        return lane_tag(lane)

    def ahead(self, lane: str, interval: float, now: float) -> tuple[Command, Callable[[Any], float]]:
        """`take` as a command for another pipeline (a commit's: `storage.batching.Ahead`), and how its
        reply reads (an error raised)."""
        call = ("evalsha", (self._take.sha, 1, self._key(lane), repr(now), repr(interval)), {})
        return call, _wait

    @guarded
    async def take(self, lane: str, interval: float, now: float) -> float:
        """0 when a call may go now (its slot is taken), else the seconds to wait before asking again."""
        call = ("evalsha", (self._take.sha, 1, self._key(lane), repr(now), repr(interval)), {})
        (reply,) = await taught(lambda: self.batches.reads([call]), self.redis)
        if isinstance(reply, BaseException):
            raise reply
        return float(reply)

    @guarded
    async def hold(self, lane: str, until: float, now: float) -> None:
        ttl = max(1, int((until - now) * 1000)) + KEEP_MS
        await self._hold(keys=[self._key(lane)], args=[repr(until), ttl])
