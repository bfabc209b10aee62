"""Redis, watched: a PING every few seconds gives the latency metric, the health check, and one log line
per change of state (down, with the cause; up again, with how long it was down) — never one per tick."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from bot.core import metrics
from bot.ops.preflight import describe

log = logging.getLogger("bot.redis")


class RedisWatch:
    def __init__(self, redis: Any, shown_url: str, *, interval: float = 5.0, timeout: float = 2.0) -> None:
        self.redis = redis
        self.url = shown_url
        self.interval = interval
        self.timeout = timeout
        self.up = True  # checked before serving started
        self.cause = ""
        self.since = time.monotonic()

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
