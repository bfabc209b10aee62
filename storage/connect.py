"""Connecting to Redis: a real server from `REDIS_URL`, else an embedded in-process fakeredis."""

from __future__ import annotations

import logging

import redis.asyncio as aioredis
from fakeredis import FakeAsyncRedis, FakeServer

log = logging.getLogger(__name__)


async def connect(url: str | None, *, timeout: float = 5.0) -> aioredis.Redis:
    """A client for `url`; without one, an embedded server that forgets everything on exit."""
    if url:
        return aioredis.from_url(
            url,
            decode_responses=True,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            health_check_interval=30,
        )
    log.warning("REDIS_URL is not set: using an embedded in-memory Redis; nothing survives a restart")
    return FakeAsyncRedis(server=FakeServer(), decode_responses=True)


async def ping(redis: aioredis.Redis) -> bool:
    try:
        return bool(await redis.ping())
    except (aioredis.ConnectionError, aioredis.TimeoutError, OSError):
        return False
