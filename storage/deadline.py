"""redis-py's clients with one deadline per operation instead of a timeout per socket call.

A client built with `socket_timeout` (as `storage.connect` built them before) guards every socket call
of every command: on Python 3.11 each send goes through `asyncio.wait_for` (a new Task a send) and each
reply read arms and cancels an `asyncio.timeout` (a pipeline of six commands: six). On the Cluster that
was about 6 % of a person move's instructions (`bench/host.py`). These clients have no socket timeout;
instead each command, pipeline and topology refresh as a whole — the wait for a free connection, the
connection's setup, redis-py's retries and redirections included — runs under one `asyncio.timeout` of
`deadline` seconds. A server that stops answering (stopped, a dead host, a network that drops packets)
fails the operation with redis-py's `TimeoutError` within the deadline, as a stuck socket call did, and
sooner than before (each of redis-py's retries used to have a socket timeout of its own). A wait for a
free connection of a blocking pool (`WaitingPool`: every connection busy in a burst) is bounded by the
pool's own timeout, as before, and does not count against the deadline.

Cancelling a redis-py operation mid-reply is safe: its connection closes itself on any exception while
it sends or reads (redis-py's guard since CVE-2023-28858), so no later caller reads a stale reply; a
write the server applied meanwhile answers its replay as before (the store's scripts carry a token).
"""

from __future__ import annotations

import asyncio
from contextvars import ContextVar
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.client import Pipeline
from redis.asyncio.cluster import ClusterPipeline, RedisCluster
from redis.exceptions import TimeoutError as RedisTimeoutError

DEADLINE = 5.0  # seconds an operation may take, unless the client is given another


# the deadline of the operation this task runs on a pooled client, for its pool to pause while it waits
_RUNNING: ContextVar[asyncio.Timeout | None] = ContextVar("redis deadline", default=None)


async def within(deadline: float, operation: Any) -> Any:
    """Await `operation` (a coroutine) for at most `deadline` seconds; redis-py's TimeoutError past it."""
    try:
        async with asyncio.timeout(deadline):
            return await operation
    except TimeoutError:  # the builtin: asyncio's (redis-py turns its own into redis.exceptions')
        raise _late(deadline) from None


async def within_pooled(deadline: float, operation: Any) -> Any:
    """`within`, the time the operation waits for a free connection of a `WaitingPool` not counted."""
    try:
        async with asyncio.timeout(deadline) as timer:
            running = _RUNNING.set(timer)
            try:
                return await operation
            finally:
                _RUNNING.reset(running)
    except TimeoutError:
        raise _late(deadline) from None


def _late(deadline: float) -> RedisTimeoutError:
    return RedisTimeoutError(f"Redis did not answer within {deadline:g} s")


class WaitingPool(aioredis.BlockingConnectionPool):
    """redis-py's blocking pool (a burst waits up to its `timeout` for a free connection instead of
    failing) whose wait pauses the deadline of the operation that waits (`within_pooled`)."""

    async def get_connection(self, *args: Any, **kwargs: Any) -> Any:
        timer = _RUNNING.get()
        when = timer.when() if timer is not None and not timer.expired() else None
        if when is None or self.can_get_connection():  # a connection free: no wait (the usual case)
            return await super().get_connection(*args, **kwargs)
        loop = asyncio.get_running_loop()
        left = when - loop.time()
        timer.reschedule(None)  # type: ignore[union-attr]  # (the pool's own timeout bounds the wait)
        try:
            return await super().get_connection(*args, **kwargs)
        finally:
            timer.reschedule(loop.time() + max(left, 0.0))  # type: ignore[union-attr]


class _Bounded:
    """What both clients share: their deadline, and no socket timeout unless one is asked for."""

    deadline = DEADLINE

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> Any:
        kwargs.setdefault("socket_timeout", None)  # redis-py's default is 5 s a socket call
        return super().from_url(url, **kwargs)  # type: ignore[misc]


class Redis(_Bounded, aioredis.Redis):
    """A single server's (or a Sentinel-watched master's) client: each command, each pipeline within
    `deadline` seconds."""

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        return await within_pooled(self.deadline, super().execute_command(*args, **options))

    def pipeline(self, transaction: bool = True, shard_hint: str | None = None) -> BoundedPipeline:
        pipe = BoundedPipeline(self.connection_pool, self.response_callbacks, transaction, shard_hint)
        pipe.deadline = self.deadline
        return pipe


class BoundedPipeline(Pipeline):
    deadline = DEADLINE

    async def execute(self, raise_on_error: bool = True) -> list[Any]:
        return await within_pooled(self.deadline, super().execute(raise_on_error))


class Cluster(_Bounded, RedisCluster):
    """A Redis Cluster's client: each command, each pipeline (split over its nodes) and each refresh of
    the slot map within `deadline` seconds."""

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        return await within(self.deadline, super().execute_command(*args, **kwargs))

    async def initialize(self, *args: Any, **kwargs: Any) -> Cluster:
        if not self._initialize:  # it knows the slots: nothing to send (the usual case, no timer)
            return self
        await within(self.deadline, super().initialize(*args, **kwargs))
        return self

    def pipeline(self, transaction: Any = None, shard_hint: Any = None) -> BoundedClusterPipeline:
        if shard_hint:
            return super().pipeline(transaction, shard_hint)  # type: ignore[return-value]  # (it refuses)
        return BoundedClusterPipeline(self, transaction)


class BoundedClusterPipeline(ClusterPipeline):
    async def execute(self, raise_on_error: bool = True, allow_redirections: bool = True) -> list[Any]:
        deadline = getattr(self.cluster_client, "deadline", DEADLINE)
        return await within(deadline, super().execute(raise_on_error, allow_redirections))
