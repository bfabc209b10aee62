"""Helpers of the storage tests: a reply lost on the wire, an index write that arrives late."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError

from storage import Store


def lose_first_reply(client: aioredis.Redis, command: str = "EVALSHA") -> list[str]:
    """The first `command` runs on the server but its reply is lost; redis-py's own retry sends it again.

    Returns a list that grows by one entry per reply of `command` the client read (so a test can check
    that the command really ran twice).
    """
    # a cluster client retries on other nodes: its tests are marked `backends("real", "fake")`
    assert hasattr(client, "parse_response"), "a lost reply is tested on a single server"
    client.set_retry(Retry(NoBackoff(), 2))
    replies: list[str] = []

    def losing(original: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def parse(conn: Any, command_name: str, **options: Any) -> Any:
            reply = await original(conn, command_name, **options)
            if command_name == command:
                replies.append(command_name)
                if len(replies) == 1:
                    raise RedisConnectionError("reply lost")
            return reply

        return parse

    client.parse_response = losing(client.parse_response)  # type: ignore[method-assign]
    pipeline = client.pipeline

    def losing_pipeline(*args: Any, **kwargs: Any) -> Any:  # the store sends its scripts in pipelines
        pipe = pipeline(*args, **kwargs)
        pipe.parse_response = losing(pipe.parse_response)
        return pipe

    client.pipeline = losing_pipeline  # type: ignore[method-assign]
    return replies


def defer_settle(store: Store) -> list[Callable[[], Awaitable[None]]]:
    """Hold back the index writes `commit` makes after its compare-and-set (a slow worker).

    Each commit appends one callable to the returned list; awaiting it writes those hints late. The
    commits take the two-round-trip path (a Cluster's, and closing's): on a single server the hints ride
    in the compare-and-set's own pipeline and cannot come late (`test_hints` checks that path apart).
    """
    store.settle_with_commit = False
    held: list[Callable[[], Awaitable[None]]] = []

    def settle(_pipe: Any, *args: Any) -> None:
        async def later() -> None:
            await store._batch(lambda pipe: Store._settle_hints(store, pipe, *args))

        held.append(later)

    store._settle_hints = settle  # type: ignore[method-assign]
    return held
