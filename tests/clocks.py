"""A discrete-event clock: a sleeper wakes only when the driver moves time past its wake-up.

`bench/host.py`, `bench/telegram.py` and `tests/core/test_pacing.py` drive the outbox's pacing on it:
simulated seconds cost nothing, and time jumps only when everything that runs is asleep.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math


class EventClock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now
        self.sleeps: list[float] = []  # every sleep asked for, in order
        self._waiters: list[tuple[float, int, asyncio.Future[None]]] = []
        self._seq = itertools.count()

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        future = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiters, (self.now + max(0.0, seconds), next(self._seq), future))
        await future

    @property
    def sleeping(self) -> int:
        return len(self._waiters)

    def next_wake(self) -> float:
        return self._waiters[0][0] if self._waiters else math.inf

    def advance(self, to: float | None = None) -> None:
        """Time moves to `to` (default: the next wake-up), and every sleeper due by then wakes."""
        self.now = max(self.now, self.next_wake() if to is None else to)
        while self._waiters and self._waiters[0][0] <= self.now:
            heapq.heappop(self._waiters)[2].set_result(None)
