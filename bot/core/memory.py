"""The outbox's message ids and pacing slots in one process's memory: for tests, the console, and the
fallback while Redis is away (`storage` keeps them in Redis, shared by workers)."""

from __future__ import annotations

from typing import Protocol

from bot.core.outbox_rules import split


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

    async def set(self, target: Target, message_id: str, shown: str | None = None) -> bool:
        mine, stored = split(shown)[1], split(self.shown.get(target.key))[1]
        if mine is not None and stored is not None and stored > mine:
            return False  # a newer view is shown already (`storage.messages.SET_ID`)
        self.ids[target.key] = message_id
        if shown is None:
            self.shown.pop(target.key, None)
        else:
            self.shown[target.key] = shown
        return True

    async def mark(self, target: Target, shown: str, message_id: str | None = None) -> bool:
        if message_id is not None and self.ids.get(target.key) != message_id:
            return False  # another message is the target's now
        self.shown[target.key] = shown
        return True

    async def forget(self, target: Target, message_id: str | None = None) -> bool:
        if message_id is not None and self.ids.get(target.key) != message_id:
            return False
        self.ids.pop(target.key, None)
        self.shown.pop(target.key, None)
        return True


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
