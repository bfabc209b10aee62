"""The work a front end is doing for the updates it took, so a stop lets it end before the outbox drains.

Neither aiogram's polling nor discord.py waits for the handlers it started when it stops: a move being
committed when SIGTERM comes would otherwise be cut, or finish after the process said it stopped. The
front end's `drain` settles this work first (the caller bounds the whole drain), then sends what is queued.
"""

from __future__ import annotations

import asyncio
from typing import Any


class InFlight:
    """Tasks handling an update right now; each leaves the set when it ends."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[Any]] = set()

    def add(self, task: asyncio.Task[Any] | None = None) -> None:
        """Track `task` (the current one by default) until it ends."""
        task = task or asyncio.current_task()
        if task is not None and task not in self.tasks:
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def settle(self) -> None:
        """Wait for the tracked work, except the caller's own task (which would wait for itself)."""
        while pending := self.tasks - {asyncio.current_task()}:
            await asyncio.wait(pending)
