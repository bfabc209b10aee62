"""A group's budget is shared by every worker: two outboxes writing to one group through one Redis pacer
never exceed 20 calls in any minute, and their calls are spread evenly."""

from __future__ import annotations

import asyncio
import itertools

from bot.core.api import ChatRef
from bot.core.outbox import LaneLimit, Outbox
from bot.core.outcome import Delivery, Screen, TableTarget
from storage import RedisPacer
from storage.keys import Keys
from tests.clocks import EventClock

GROUP = ChatRef(platform="telegram", id="-100")


class OutboxClock(EventClock):
    """The event clock with a driver for outboxes."""

    async def run(self, boxes: list[Outbox]) -> None:
        """Until every lane of every outbox is done; time jumps only when all of them are asleep."""
        while True:
            lanes = [ln for b in boxes for ln in b._lanes.values() if ln.task and not ln.task.done()]
            if not lanes:
                return
            if len(lanes) > len(self._waiters):
                await asyncio.sleep(0.001)  # a Redis round trip in flight
                continue
            self.advance()


class Recording:
    def __init__(self, clock: OutboxClock, calls: list[float]) -> None:
        self.clock, self.calls, self.n = clock, calls, 0

    async def post(self, target, screen: Screen) -> str:
        self.calls.append(self.clock.now)
        self.n += 1
        return f"{id(self)}-{self.n}"

    async def edit(self, target, message_id: str, screen: Screen) -> None:
        self.calls.append(self.clock.now)

    async def delete(self, target, message_id: str) -> None:
        self.calls.append(self.clock.now)


def busiest_minute(times: list[float]) -> int:
    times = sorted(times)
    return max(sum(1 for u in times if t - 60 < u <= t) for t in times)


async def test_two_workers_share_one_groups_budget(redis, prefix: str) -> None:
    clock, calls = OutboxClock(), []
    boxes = [
        Outbox(
            Recording(clock, calls),
            limit_for=lambda _t: LaneLimit(interval=1.0, per_minute=20),
            pacer=RedisPacer(redis, prefix=prefix),
            clock=clock,
            sleep=clock.sleep,
        )
        for _ in range(2)
    ]
    for worker, box in enumerate(boxes):
        box.submit(
            Delivery(target=TableTarget(table=f"w{worker}t{i}", chat=GROUP), screen=Screen(lines=[str(i)]))
            for i in range(30)
        )
    await clock.run(boxes)
    assert len(calls) == 60
    assert busiest_minute(calls) <= 20
    gaps = [b - a for a, b in itertools.pairwise(sorted(calls))]
    assert min(gaps) >= 3.0 - 1e-6 and max(gaps) < 3.5
    for box in boxes:
        await box.close()


async def test_a_slot_outlives_a_clock_that_runs_behind_redis(redis, prefix: str) -> None:
    """A slot is in the caller's time (a worker's clock, a test's virtual one), its key expires on Redis's:
    a caller whose clock stood still for seconds must still find its lane taken (was: the key gone 1 s after
    the slot's interval, so the next call went in the same instant — 21 group calls in a minute)."""
    pacer = RedisPacer(redis, prefix=prefix)
    key = Keys(prefix).pace(GROUP.id)
    assert await pacer.take(GROUP.id, 3.0, now=100.0) == 0
    assert await redis.pttl(key) > 30_000
    await pacer.hold(GROUP.id, until=110.0, now=100.0)
    assert await redis.pttl(key) > 30_000
    assert await pacer.take(GROUP.id, 3.0, now=100.0) == 10.0
