"""Shared fixtures: a Redis client for every backend the code must work on.

`redis` / `store` run each test twice: against a real `redis-server` (REDIS_TEST_URL, started by
`make test`) and against fakeredis; the storage tests (and `tests/core/test_cluster.py`) also against
a real 3-master Redis Cluster (REDIS_CLUSTER_TEST_URL, `scripts/with-redis-cluster`). Under
`make test` (KOZYR_REQUIRE_REDIS=1) a missing server or cluster fails the run instead of skipping.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
import redis.asyncio as aioredis
from fakeredis import FakeAsyncRedis, FakeServer

from bot.core.house import House
from storage import Store
from storage.deadline import Cluster, Redis

House.check_remembered = True  # a committed table changed in memory without `edited` fails the test

BACKENDS = ["real", "fake"]


def _server_url(env: str, what: str, missing: str) -> str:
    """A real server's URL from `env`; under `make test` (KOZYR_REQUIRE_REDIS=1) its absence fails."""
    url = os.environ.get(env)
    if not url:
        if os.environ.get("KOZYR_REQUIRE_REDIS") == "1":
            pytest.fail(f"{env} is not set: {missing}")
        pytest.skip(f"no {what} (run `make test`)")
    return url


def _real_url() -> str:
    return _server_url("REDIS_TEST_URL", "real Redis server", "the Redis tests need a real server")


def _cluster_url() -> str:
    return _server_url("REDIS_CLUSTER_TEST_URL", "Redis Cluster", "the cluster tests need a real cluster")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked `backends(...)` is deselected for the other backends: it does not apply there (a
    cluster client retries a lost reply on another node; fakeredis has no sockets to count round trips on),
    so it is neither run nor reported as skipped."""
    keep, drop = [], []
    for item in items:
        mark = item.get_closest_marker("backends")
        callspec = getattr(item, "callspec", None)
        backend = callspec.params.get("redis_factory") if callspec is not None else None
        (drop if mark is not None and backend is not None and backend not in mark.args else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.fixture(params=BACKENDS)
async def redis_factory(request: pytest.FixtureRequest) -> AsyncIterator[Callable[[], aioredis.Redis]]:
    """Makes new connections to one server (several clients = several workers)."""
    async for make in connections(request.param):
        yield make


async def connections(backend: str) -> AsyncIterator[Callable[[], aioredis.Redis]]:
    """A maker of clients of one backend: "real", "fake" or "cluster" (a 3-master Redis Cluster)."""
    clients: list[aioredis.Redis] = []
    if backend == "cluster":
        url = _cluster_url()

        def make() -> aioredis.Redis:
            client = Cluster.from_url(url, decode_responses=True)  # production's classes (a deadline)
            clients.append(client)
            return client  # type: ignore[return-value]
    elif backend == "real":
        url = _real_url()

        def make() -> aioredis.Redis:
            client = Redis.from_url(url, decode_responses=True)
            clients.append(client)
            return client
    else:
        server = FakeServer()

        def make() -> aioredis.Redis:
            client = FakeAsyncRedis(server=server, decode_responses=True)
            clients.append(client)
            return client

    yield make
    for client in clients:
        await client.aclose()


@pytest.fixture
def prefix() -> str:
    """A key prefix of its own per test, so tests never see each other's keys."""
    return f"t{uuid.uuid4().hex[:10]}"


@pytest.fixture
async def redis(redis_factory: Callable[[], aioredis.Redis]) -> aioredis.Redis:
    return redis_factory()


@pytest.fixture
async def store(redis: aioredis.Redis, prefix: str) -> Store:
    return Store(redis, prefix=prefix)


@pytest.fixture
def store_factory(redis_factory: Callable[[], aioredis.Redis], prefix: str) -> Callable[[], Awaitable[Store]]:
    """Another Store on another connection to the same server and keys (another worker)."""

    async def make() -> Store:
        return Store(redis_factory(), prefix=prefix)

    return make


# The AI thinks in a thread of the test process unless a test asks for its process pool (AI_PROCESSES).
os.environ.setdefault("AI_PROCESSES", "0")
