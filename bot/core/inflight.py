"""The work a front end is doing for the updates it took, so a stop lets it end before the outbox drains.

Neither aiogram's polling nor discord.py waits for the handlers it started when it stops: a move being
committed when SIGTERM comes would otherwise be cut, or finish after the process said it stopped. The
front end's `drain` settles this work first (the caller bounds the whole drain), then sends what is queued.
What is tracked is the handling itself (`track`), not the task that runs it: a task may go on to wait for
the drain (a test feeding updates, a webhook request), and waiting for it would wait for ourselves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class InFlight:
    """Handlings and spawned tasks still running; each leaves the set when it ends."""

    def __init__(self) -> None:
        self.running: set[asyncio.Future[Any]] = set()

    @contextmanager
    def track(self) -> Iterator[None]:
        """The block is work in flight until it exits."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.running.add(done)
        try:
            yield
        finally:
            done.set_result(None)
            self.running.discard(done)

    def add(self, task: asyncio.Future[Any]) -> None:
        """A task spawned to finish some handling: in flight until it ends."""
        self.running.add(task)
        task.add_done_callback(self.running.discard)

    async def settle(self) -> None:
        """Wait until nothing is in flight (work that starts meanwhile is waited for too)."""
        while self.running:
            await asyncio.wait(set(self.running))
