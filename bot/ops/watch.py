"""Redis, watched: a PING every few seconds gives the latency metric, the health check, and one log line
per change of state (down, with the cause; up again, with how long it was down) — never one per tick.
Every `LOOK_EVERY` pings it looks at the topology again (masters, replicas), which /healthz names and
whose change (a failover that left a master without its replica) is logged once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot.core import metrics
from bot.ops.preflight import describe
from storage.connect import Topology

log = logging.getLogger("bot.redis")


LOOK_EVERY = 12  # pings between two looks at the topology (a minute at the default interval)


class RedisWatch:
    def __init__(
        self,
        redis: Any,
        shown_url: str,
        *,
        interval: float = 5.0,
        timeout: float = 2.0,
        topology: Topology | None = None,
        inspect: Callable[[Any, str], Awaitable[Topology]] | None = None,
    ) -> None:
        self.redis = redis
        self.url = shown_url
        self.interval = interval
        self.timeout = timeout
        self.up = True  # checked before serving started
        self.cause = ""
        self.since = time.monotonic()
        self.topology = topology
        self._inspect = inspect
        self._pings = 0

    async def ping(self) -> None:
        start = time.perf_counter()
        try:
            await asyncio.wait_for(self.redis.ping(), self.timeout)
        except Exception as e:
            metrics.redis_ping(None)
            self._down(describe(e) if not isinstance(e, TimeoutError) else f"no answer in {self.timeout:g}s")
            return
        metrics.redis_ping(time.perf_counter() - start)
        self._up()
        self._pings += 1
        if self._inspect is not None and self.topology is not None and self._pings % LOOK_EVERY == 0:
            await self.look()

    async def look(self) -> None:
        """The topology again; a change is logged once (a replica gone after a failover, or back)."""
        assert self._inspect is not None and self.topology is not None
        try:
            now = await asyncio.wait_for(self._inspect(self.redis, self.topology.kind), self.timeout)
        except Exception as e:
            log.info("could not look at the Redis topology: %s", describe(e))
            return
        if now != self.topology:
            log.warning(
                "Redis at %s is now a %s (was a %s)", self.url, now.describe(), self.topology.describe()
            )
            self.topology = now

    def describe(self) -> str:
        """The topology as last seen (for /healthz)."""
        return self.topology.describe() if self.topology is not None else "unknown"

    def _down(self, cause: str) -> None:
        self.cause = cause
        if self.up:
            self.up, self.since = False, time.monotonic()
            log.error("Redis at %s is unreachable: %s", self.url, cause)

    def _up(self) -> None:
        if not self.up:
            log.warning("Redis at %s answers again, after %.0fs", self.url, time.monotonic() - self.since)
            self.up, self.since, self.cause = True, time.monotonic(), ""

    def check(self) -> tuple[bool, str]:
        return (True, "up") if self.up else (False, f"down: {self.cause}")

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await self.ping()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self.interval)
