"""Connecting to Redis: a real server from `REDIS_URL`, else an embedded in-process fakeredis.

The real client retries a failed command twice with a short backoff (redis-py's default is ten times
with up to a second between tries): a user waiting on a button should hear "try again" within
seconds. Replayed writes are safe: every write script of the store recognises its own token.

The connections come from a *blocking* pool of `max_connections`: under a burst (a thousand tables
pressing at once) a command waits up to `pool_timeout` seconds for a free connection instead of failing
at once, as redis-py's default pool does past its size.
"""

from __future__ import annotations

import logging

import redis.asyncio as aioredis
from fakeredis import FakeAsyncRedis, FakeServer
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)


async def connect(
    url: str | None,
    *,
    timeout: float = 5.0,
    retries: int = 2,
    server: FakeServer | None = None,
    max_connections: int = 100,
    pool_timeout: float = 20.0,
) -> aioredis.Redis:
    """A client for `url`; without one, an embedded server (pass `server` to share one between clients)."""
    if url:
        pool = aioredis.BlockingConnectionPool.from_url(
            url,
            max_connections=max_connections,
            timeout=pool_timeout,
            decode_responses=True,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            health_check_interval=30,
            retry=Retry(ExponentialWithJitterBackoff(base=0.05, cap=0.5), retries),
            retry_on_error=[RedisConnectionError, RedisTimeoutError],
        )
        return aioredis.Redis.from_pool(pool)
    log.warning("REDIS_URL is not set: using an embedded in-memory Redis; nothing survives a restart")
    return FakeAsyncRedis(server=server or FakeServer(), decode_responses=True)


async def ping(redis: aioredis.Redis) -> bool:
    """True when the server answers."""
    try:
        return bool(await redis.ping())
    except (RedisConnectionError, RedisTimeoutError, OSError):
        return False
