"""A stop waits for the updates being handled before it drains the outbox (`bot.core.inflight`)."""

from __future__ import annotations

import asyncio

from bot.core.inflight import InFlight


async def test_settle_waits_for_handlings_and_spawned_tasks_in_flight() -> None:
    inflight = InFlight()
    release = asyncio.Event()
    ended: list[str] = []

    async def handler() -> None:
        with inflight.track():
            await release.wait()
            inflight.add(asyncio.ensure_future(spawned()))
            ended.append("handler")

    async def spawned() -> None:
        await asyncio.sleep(0)
        ended.append("spawned")

    handling = asyncio.ensure_future(handler())
    await asyncio.sleep(0)  # the handler starts: one handling in flight
    stopping = asyncio.ensure_future(inflight.settle())
    await asyncio.sleep(0)
    assert not stopping.done() and len(inflight.running) == 1
    release.set()
    await stopping  # waits for the handling, then for the task it spawned meanwhile
    assert ended == ["handler", "spawned"] and not inflight.running
    await handling


async def test_a_task_that_handled_an_update_may_wait_for_the_drain() -> None:
    inflight = InFlight()
    with inflight.track():  # this task handles an update...
        pass
    await asyncio.wait_for(inflight.settle(), 1)  # ...then waits for the drain: no wait for itself
