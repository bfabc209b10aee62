"""The storage tests also run against a real 3-master Redis Cluster: multi-key scripts prove their slots."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest
import redis.asyncio as aioredis

from tests.conftest import BACKENDS, connections


@pytest.fixture(params=[*BACKENDS, "cluster"])
async def redis_factory(request: pytest.FixtureRequest) -> AsyncIterator[Callable[[], aioredis.Redis]]:
    async for make in connections(request.param):
        yield make
