"""The outbox's message ids and pacing slots in one process's memory: for tests, the console, and the
fallback while Redis is away (`storage` keeps them in Redis, shared by workers)."""

from __future__ import annotations

from typing import Protocol


class Target(Protocol):
    """What a message is kept under: any of the outbox's targets (`bot.core.outbox.Target`)."""

    @property
    def key(self) -> str: ...


class MemoryMessageIds:
    """MessageIds in a dict: for tests and single-process runs."""

    def __init__(self) -> None:
        self.ids: dict[str, str] = {}
        self.shown: dict[str, str] = {}

    async def get(self, target: Target) -> str | None:
        return self.ids.get(target.key)

    async def lookup(self, target: Target) -> tuple[str | None, str | None]:
        return self.ids.get(target.key), self.shown.get(target.key)

    async def set(self, target: Target, message_id: str, shown: str | None = None) -> None:
        self.ids[target.key] = message_id
        if shown is None:
            self.shown.pop(target.key, None)
        else:
            self.shown[target.key] = shown

    async def mark(self, target: Target, shown: str) -> None:
        self.shown[target.key] = shown

    async def forget(self, target: Target) -> None:
        self.ids.pop(target.key, None)
        self.shown.pop(target.key, None)


class MemoryPacer:
    """A Pacer for one process (tests, the console, a fallback while Redis is away)."""

    def __init__(self) -> None:
        self.next: dict[str, float] = {}

    async def take(self, lane: str, interval: float, now: float) -> float:
        due = self.next.get(lane, 0.0)
        if due > now:
            return due - now
        self.next[lane] = now + interval
        return 0.0

    async def hold(self, lane: str, until: float, now: float) -> None:
        self.next[lane] = max(self.next.get(lane, 0.0), until)
