"""A stop waits for the updates being handled before it drains the outbox (`bot.core.inflight`)."""

from __future__ import annotations

import asyncio

from bot.core.inflight import InFlight


async def test_settle_waits_for_the_work_in_flight_but_not_for_itself() -> None:
    inflight = InFlight()
    release = asyncio.Event()
    ended: list[str] = []

    async def handler() -> None:
        inflight.add()
        await release.wait()
        ended.append("handler")

    async def stop() -> None:
        inflight.add()  # the stopping task may itself be tracked: it must not wait for itself
        await inflight.settle()
        ended.append("stop")

    task = asyncio.ensure_future(handler())
    await asyncio.sleep(0)  # the handler starts and is tracked
    stopping = asyncio.ensure_future(stop())
    await asyncio.sleep(0)
    assert not stopping.done() and inflight.tasks == {task, stopping}
    release.set()
    await stopping
    assert ended == ["handler", "stop"]
    assert inflight.tasks == set()  # each task left the set when it ended
