"""The outgoing queue shared by the chat adapters: coalesce, pace, retry.

Deliveries are queued per *lane* — the chat a message lives in (a group, or one user's private chat).
Inside a lane, a newer delivery for the same target replaces the one still waiting, so a busy table
sends only its newest view; `notify` survives the replacement, so nobody misses their turn alert.
Each lane is paced by its `LaneLimit` (Telegram: ~1 message a second per chat, ~20 a minute per
group) and a global rate. A `RetryAfter` from the platform (HTTP 429) pauses the lane for the time
asked and then sends whatever is newest by then. The platform specifics live in a `Transport`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from bot.core.api import ChatTarget, Delivery, HandTarget, Screen, TableTarget, UserRef
from bot.core.render import fingerprint

log = logging.getLogger(__name__)

Target = TableTarget | HandTarget | ChatTarget


class RetryAfter(Exception):
    """The platform asks to wait `seconds` before the next call (Telegram 429, Discord rate limit)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds


class Unreachable(Exception):
    """The recipient cannot be written to (the user never started the bot, blocked it, closed DMs)."""


class MessageGone(Exception):
    """The message to edit no longer exists or can no longer be edited: send a new one."""


class Transport(Protocol):
    """What a platform adapter provides: post, edit and delete one message."""

    async def post(self, target: Target, screen: Screen) -> str | None:
        """Send a new message; return its id (None for targets that are never edited)."""

    async def edit(self, target: Target, message_id: str, screen: Screen) -> None:
        """Edit in place; "not modified" is success; raise MessageGone when it cannot be edited."""

    async def delete(self, target: Target, message_id: str) -> None:
        """Best effort: remove a superseded message."""


class MessageIds(Protocol):
    """Where the platform message id of each logical message is kept (Redis, shared by workers), with
    the fingerprint of the view it last showed (`render.fingerprint`): an identical view is not sent."""

    async def get(self, target: Target) -> str | None: ...

    async def lookup(self, target: Target) -> tuple[str | None, str | None]:
        """(message id, fingerprint of the view it shows) in one read."""

    async def set(self, target: Target, message_id: str, shown: str | None = None) -> None: ...

    async def mark(self, target: Target, shown: str) -> None:
        """The message now shows a view with this fingerprint."""

    async def forget(self, target: Target) -> None: ...


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


@dataclass(frozen=True)
class LaneLimit:
    """Pace of one lane: at least `interval` seconds between calls, at most `per_minute` a minute."""

    interval: float = 0.0
    per_minute: int | None = None


def lane_of(target: Target) -> str:
    """Messages to a group share its lane; hand messages share the user's private chat."""
    if isinstance(target, HandTarget):
        return f"dm:{target.user.key}"
    return f"chat:{target.chat.key}"


@dataclass
class _Lane:
    key: str
    limit: LaneLimit
    pending: OrderedDict[str, Delivery] = field(default_factory=OrderedDict)
    calls: deque[float] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


class Outbox:
    """Queues deliveries and sends them through a `Transport`, one worker task per busy lane."""

    def __init__(
        self,
        transport: Transport,
        ids: MessageIds | None = None,
        *,
        limit_for: Callable[[Target], LaneLimit] = lambda _t: LaneLimit(),
        lane_for: Callable[[Target], str] = lane_of,
        per_second: float | None = None,
        on_unreachable: Callable[[UserRef, str], Awaitable[None]] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        max_attempts: int = 4,
    ) -> None:
        self.transport = transport
        self.ids = ids or MemoryMessageIds()
        self.limit_for = limit_for
        self.lane_for = lane_for
        self.per_second = per_second
        self.on_unreachable = on_unreachable
        self.clock = clock
        self.sleep = sleep
        self.max_attempts = max_attempts
        self._lanes: dict[str, _Lane] = {}
        self.skipped = 0  # deliveries not sent because the message already showed that view
        self._global: deque[float] = deque()
        self._idle = asyncio.Condition()

    # -- public -------------------------------------------------------------------------------
    def submit(self, deliveries: Iterable[Delivery]) -> None:
        """Queue deliveries; a newer one for the same target replaces the one still waiting."""
        for d in deliveries:
            lane = self._lane(d.target)
            old = lane.pending.pop(d.target.key, None)
            if old is not None and old.notify and not d.notify:
                d = d.model_copy(update={"notify": True})
            lane.pending[d.target.key] = d
            lane.wake.set()
            if lane.task is None or lane.task.done():
                lane.task = asyncio.create_task(self._run(lane), name=f"outbox {lane.key}")

    async def drain(self) -> None:
        """Wait until nothing is pending or in flight."""
        async with self._idle:
            await self._idle.wait_for(self._all_idle)

    async def close(self) -> None:
        for lane in self._lanes.values():
            if lane.task:
                lane.task.cancel()
        await asyncio.gather(*(ln.task for ln in self._lanes.values() if ln.task), return_exceptions=True)

    def pending(self) -> int:
        return sum(len(ln.pending) for ln in self._lanes.values())

    # -- internals ----------------------------------------------------------------------------
    def _all_idle(self) -> bool:
        return all(not ln.pending and (ln.task is None or ln.task.done()) for ln in self._lanes.values())

    def _lane(self, target: Target) -> _Lane:
        key = self.lane_for(target)
        lane = self._lanes.get(key)
        if lane is None:
            lane = self._lanes[key] = _Lane(key, self.limit_for(target))
        return lane

    async def _run(self, lane: _Lane) -> None:
        try:
            while lane.pending:
                await self._pace(lane)
                _key, delivery = lane.pending.popitem(last=False)
                await self._deliver(lane, delivery)
        finally:
            lane.task = None
            async with self._idle:
                self._idle.notify_all()

    async def _pace(self, lane: _Lane) -> None:
        """Sleep until this lane and the global budget allow one more call."""
        while True:
            now = self.clock()
            wait = 0.0
            if lane.calls and lane.limit.interval:
                wait = max(wait, lane.calls[-1] + lane.limit.interval - now)
            if lane.limit.per_minute:
                while lane.calls and lane.calls[0] <= now - 60:
                    lane.calls.popleft()
                if len(lane.calls) >= lane.limit.per_minute:
                    wait = max(wait, lane.calls[0] + 60 - now)
            if self.per_second:
                while self._global and self._global[0] <= now - 1:
                    self._global.popleft()
                if len(self._global) >= self.per_second:
                    wait = max(wait, self._global[0] + 1 - now)
            if wait <= 0:
                return
            await self.sleep(wait)

    def _count(self, lane: _Lane) -> None:
        now = self.clock()
        lane.calls.append(now)
        self._global.append(now)
        if not lane.limit.per_minute:
            while len(lane.calls) > 1:  # only the last call matters for the interval
                lane.calls.popleft()

    async def _deliver(self, lane: _Lane, delivery: Delivery) -> None:
        for attempt in range(1, self.max_attempts + 1):
            try:
                await self._send(lane, delivery)
                return
            except RetryAfter as e:
                log.info("lane %s: rate limited, retrying in %.1fs", lane.key, e.seconds)
                await self.sleep(e.seconds)
                # a newer view may have arrived meanwhile: send that one instead
                newer = lane.pending.pop(delivery.target.key, None)
                if newer is not None:
                    notify = newer.notify or delivery.notify
                    delivery = newer.model_copy(update={"notify": notify})
            except Unreachable:
                await self._unreachable(delivery)
                return
            except Exception:
                log.exception("lane %s: delivery failed (attempt %d)", lane.key, attempt)
                await self.sleep(min(30.0, 2.0**attempt))
        log.error("lane %s: giving up on a delivery after %d attempts", lane.key, self.max_attempts)

    async def _send(self, lane: _Lane, d: Delivery) -> None:
        target = d.target
        if isinstance(target, ChatTarget):
            self._count(lane)
            await self.transport.post(target, d.screen)
            return
        old, shown = await self.ids.lookup(target)
        view = fingerprint(d.screen)
        if old is not None and not d.notify:
            if shown == view:
                self.skipped += 1  # the message already reads exactly this: no call, no budget spent
                return
            self._count(lane)
            try:
                await self.transport.edit(target, old, d.screen)
                await self.ids.mark(target, view)
                return
            except MessageGone:
                await self.ids.forget(target)
                old = None
        self._count(lane)
        new = await self.transport.post(target, d.screen)
        if new is not None:
            await self.ids.set(target, new, view)
        if old is not None and isinstance(target, HandTarget):
            # the fresh "your turn" message replaces the old hand, which would only confuse
            self._count(lane)
            try:
                await self.transport.delete(target, old)
            except Exception:
                log.info("lane %s: could not delete a superseded message", lane.key)

    async def _unreachable(self, d: Delivery) -> None:
        if isinstance(d.target, HandTarget) and self.on_unreachable is not None:
            await self.on_unreachable(d.target.user, d.target.table)
        else:
            log.warning("delivery to %s refused by the platform", self.lane_for(d.target))
