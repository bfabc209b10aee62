"""One pipeline per event-loop tick for everything the outbox asks Redis: the lookups of the messages'
ids and views, the pacing slots of their lanes (`storage.pacing`), and, in a second pipeline, the writes
of what the messages show now. A move's three changed messages (the group's table, the mover's hand, the
next player's) and fifty tables pressing at once share those pipelines: each caller gets its own replies,
or the error that stopped its pipeline.

`batches(redis)` is the one `Batches` of a client, so `RedisMessageIds` and `RedisPacer` built on the same
client share their pipelines without knowing of each other. On a Cluster a pipeline is split per node by
redis-py (a table's messages and its slot share a node) and scripts go by EVALSHA inside it.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

import redis.asyncio as aioredis

from storage.connect import is_cluster

Q = TypeVar("Q")
A = TypeVar("A")
Command = tuple[str, tuple[Any, ...], dict[str, Any]]
TASKS = "redis batch"  # the name of the tasks that send a tick's batches (benches count them apart)


class Coalescer(Generic[Q, A]):
    """Sends the requests made in one event-loop tick together (`send`: one pipeline) and answers each
    caller with its own reply: a value, or an exception raised to that caller alone. If the whole send
    fails, every caller of that batch gets the error; none is left waiting."""

    def __init__(self, send: Callable[[list[Q]], Awaitable[list[A | BaseException]]], name: str) -> None:
        self._send = send
        self._name = name
        self._queued: list[tuple[Q, asyncio.Future[A]]] = []
        self._tasks: set[asyncio.Task[None]] = set()

    async def __call__(self, request: Q) -> A:
        future: asyncio.Future[A] = asyncio.get_running_loop().create_future()
        self._queued.append((request, future))
        if len(self._queued) == 1:  # the first of this tick: send them all once the others are queued
            task = asyncio.create_task(self._flush(), name=self._name)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return await future

    async def _flush(self) -> None:
        batch, self._queued = self._queued, []
        try:
            replies = await self._send([request for request, _ in batch])
        except BaseException as e:
            for _, future in batch:
                if not future.done():
                    if isinstance(e, asyncio.CancelledError):
                        future.cancel()
                    else:
                        future.set_exception(e)
            if not isinstance(e, Exception):
                raise
            return
        for (_, future), reply in zip(batch, replies, strict=True):
            if future.done():
                continue  # its caller was cancelled
            if isinstance(reply, BaseException):
                future.set_exception(reply)
            else:
                future.set_result(reply)


async def pipeline(redis: aioredis.Redis, commands: list[Command], *, transaction: bool = False) -> list[Any]:
    """Send `commands` in one pipeline; every reply, errors included. On a Cluster scripts go by name
    (redis-py refuses `.evalsha` in a cluster pipeline, not the command) and no transaction spans nodes."""
    cluster = is_cluster(redis)
    async with redis.pipeline(transaction=transaction and not cluster) as pipe:
        for name, args, kwargs in commands:
            if name == "evalsha" and cluster:
                pipe.execute_command("EVALSHA", *args)
            else:
                getattr(pipe, name)(*args, **kwargs)
        return list(await pipe.execute(raise_on_error=False))


class Batches:
    """A client's two coalescers: `reads` (lookups and pacing slots, in one pipeline per tick) and
    `writes` (in one MULTI/EXEC per tick on a single server, so a new id, its view and its TTL land
    together; a Cluster's go non-transactionally, split per node). A request is a list of commands; its
    reply, their replies."""

    def __init__(self, redis: aioredis.Redis) -> None:
        self.redis = redis
        self.atomic = not is_cluster(redis)
        self.reads: Coalescer[list[Command], list[Any]] = Coalescer(self._reads, f"{TASKS} reads")
        self.writes: Coalescer[list[Command], list[Any]] = Coalescer(self._writes, f"{TASKS} writes")

    async def _reads(self, asked: list[list[Command]]) -> list[list[Any]]:
        return _split(asked, await pipeline(self.redis, [c for commands in asked for c in commands]))

    async def _writes(self, asked: list[list[Command]]) -> list[list[Any]]:
        flat = [c for commands in asked for c in commands]
        return _split(asked, await pipeline(self.redis, flat, transaction=self.atomic))


def _split(asked: list[list[Command]], results: list[Any]) -> list[list[Any]]:
    replies = iter(results)
    return [[next(replies) for _ in commands] for commands in asked]


_BATCHES: weakref.WeakKeyDictionary[Any, Batches] = weakref.WeakKeyDictionary()


def batches(redis: aioredis.Redis) -> Batches:
    """The `Batches` of this client (one per client, made on first use)."""
    found = _BATCHES.get(redis)
    if found is None:
        found = _BATCHES[redis] = Batches(redis)
    return found
