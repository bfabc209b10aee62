"""The outgoing queue shared by the chat adapters: coalesce, pace evenly, retry.

Deliveries are queued per *lane* — the chat a message lives in (a group, or one user's private chat).
Inside a lane, a newer delivery for the same target replaces the one still waiting, so a busy table
sends only its newest view; `notify` survives the replacement, so nobody misses their turn alert.
A view identical to the one the message already shows (`render.fingerprint`, kept beside the message
id) is never sent. Each lane's calls are spaced evenly by its `LaneLimit` (a Telegram group: 20 a
minute → one every 3 s) through a `Pacer` whose slots all workers share (Redis), so the newest view
goes out within a few seconds and a group never gets a burst then a dark minute; new messages (a turn
alert, the final result, a lobby) go before edits. A `RetryAfter` from the platform (HTTP 429) holds
the lane for the time asked, for every worker, and then sends whatever is newest by then. The
platform specifics live in a `Transport`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.core.api import UserRef
from bot.core.memory import MemoryMessageIds, MemoryPacer
from bot.core.outbox_ports import (
    LaneLimit,
    MessageGone,
    MessageIds,
    Pacer,
    RetryAfter,
    Target,
    Transport,
    Unreachable,
)
from bot.core.outbox_rules import NEW_MESSAGES, VERSION, merged, newer, older, split, superseded, unping
from bot.core.outcome import Delivery, HandTarget, PingTarget, TableTarget
from bot.core.render import fingerprint
from storage.batching import Ahead

log = logging.getLogger(__name__)

__all__ = ["LaneLimit", "MessageGone", "MessageIds", "Outbox", "Pacer", "RetryAfter", "Target", "Transport"]
__all__ += ["Unreachable", "lane_of"]

AHEAD_FOR = 0.5  # seconds a message id read or a slot taken by a commit's pipeline serves its deliveries
AHEAD_KEPT = 4096  # message ids read ahead kept at most (a delivery that never came leaves one)


def _first(lane: _Lane) -> str:
    """The key of the delivery to send next: a new message that notifies before any edit; removing an
    answered ping (tidying up) only when nothing else waits."""
    keys = [key for key, d in lane.pending.items() if not unping(d)] or list(lane.pending)
    for key in keys:
        d = lane.pending[key]
        if d.notify or isinstance(d.target, NEW_MESSAGES):
            return key
    return keys[0]


def lane_of(target: Target) -> str:
    """Messages to a group share its lane; a person's hand messages of one table share one (`<name>@<table
    id>`: paced in the table's slot, `storage.keys.lane_tag`, so its commits carry the lane's slot)."""
    if isinstance(target, HandTarget):
        return f"dm:{target.user.key}@{target.table}"
    return f"chat:{target.chat.key}"


@dataclass
class _Lane:
    key: str
    limit: LaneLimit
    pending: OrderedDict[str, Delivery] = field(default_factory=OrderedDict)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    # (target key, message id, fingerprint shown) read just before the send, reused unless the lane slept
    looked: tuple[str, str | None, str | None] | None = None
    sent_at: float = float("-inf")  # this process's last call in the lane
    ahead: tuple[float, float] | None = None  # (when, the wait) of a slot a commit took for this lane


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
        pacer: Pacer | None = None,
        keep_plain_hands: bool = False,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        max_attempts: int = 4,
    ) -> None:
        self.transport = transport
        self.ids = ids or MemoryMessageIds()
        self.limit_for = limit_for
        self.lane_for = lane_for
        self.per_second = per_second
        self.on_unreachable = on_unreachable
        self.pacer = pacer or MemoryPacer()
        self.keep_plain_hands = keep_plain_hands
        self._local = MemoryPacer()  # while the shared pacer cannot be reached
        self.clock = clock
        self.sleep = sleep
        self.max_attempts = max_attempts
        self._lanes: dict[str, _Lane] = {}
        self.skipped = 0  # deliveries not sent because the message already showed that view
        self._global: deque[float] = deque()
        self._idle = asyncio.Condition()
        # target key → (when, message id, view shown), read by a commit's pipeline (`ahead`), used once
        self._read: OrderedDict[str, tuple[float, str | None, str | None]] = OrderedDict()

    # -- public -------------------------------------------------------------------------------
    def submit(self, deliveries: Iterable[Delivery]) -> None:
        """Queue deliveries; a newer one for the same target replaces the one still waiting."""
        for d in deliveries:
            lane = self._lane(d.target)
            lane.pending[d.target.key] = merged(lane.pending.pop(d.target.key, None), d)
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

    async def slot(self, target: Target) -> None:
        """Wait for a call's slot in `target`'s lane (shared by workers), for a message an adapter sends
        beside the queue (a command's reply): it counts against the chat's pace like the queue's own."""
        lane = self._lane(target)
        await self._slot(lane)
        self._count(lane)

    def ahead(self, table_id: str, targets: Iterable[Target]) -> Ahead | None:
        """What a commit of table `table_id` carries in its own pipeline for this outbox (`Store.commit`):
        the read of the table's message ids and views, and a slot in the lane of each of `targets` (the
        messages the change most likely alters; where the pacer is Redis's, on the same client). The
        deliveries that follow at once use them instead of a round trip of their own. None unless the
        ids are Redis's."""
        read = getattr(self.ids, "ahead", None)
        redis = getattr(self.ids, "redis", None)
        if read is None or redis is None:
            return None
        now = self.clock()
        command, table_read = read(table_id)
        commands, slots = [command], []
        take = getattr(self.pacer, "ahead", None) if getattr(self.pacer, "redis", None) is redis else None
        lanes = {ln.key: ln for ln in map(self._lane, targets) if ln.limit.spacing} if take else {}
        for lane in lanes.values():
            command, slot = take(lane.key, lane.limit.spacing, now)  # type: ignore[misc]
            commands.append(command)
            slots.append((lane, slot))
        keys = [t.key for t in targets if isinstance(t, TableTarget | HandTarget)]

        def use(replies: list[Any]) -> None:
            with contextlib.suppress(Exception):  # not read: the deliveries look for themselves
                found = table_read(replies[0])
                for key in dict.fromkeys([*keys, *found]):
                    self._read[key] = (now, *found.get(key, (None, None)))
                    self._read.move_to_end(key)
                while len(self._read) > AHEAD_KEPT:
                    self._read.popitem(last=False)
            for (lane, slot), reply in zip(slots, replies[1:], strict=True):
                with contextlib.suppress(Exception):  # not taken: the lane takes its slot itself
                    lane.ahead = (now, slot(reply))

        return Ahead(redis, commands, use)

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
                lane.looked = None
                await self._local_wait(lane)
                looked = lane.pending[_first(lane)]
                unchanged, wait = await self._look_and_take(lane, looked)
                if unchanged:
                    # only the delivery looked at: a newer one that replaced it meanwhile (a move while
                    # the reconcile's unchanged views were looked up) is sent at the next turn of the loop
                    if lane.pending.get(looked.target.key) is looked:
                        del lane.pending[looked.target.key]
                        self.skipped += 1
                    continue
                if wait > 0:
                    await self._pace(lane, wait)
                    lane.looked = None  # time passed: another worker may have sent meanwhile
                delivery = lane.pending.pop(_first(lane))  # the newest by now, new messages first
                await self._deliver(lane, delivery)
        finally:
            lane.task = None
            async with self._idle:
                self._idle.notify_all()

    async def _look_and_take(self, lane: _Lane, d: Delivery) -> tuple[bool, float]:
        """Whether the message shows this view already, and the lane's slot (0: taken, else the wait).

        Both are asked at once when both go to Redis: one pipeline (a tick's lookups and slots of every
        lane share it). A slot taken for a view found shown already is spent: the lane's next call waits
        one spacing more, no harm."""
        taken, lane.ahead = lane.ahead, None
        if taken is not None and self.clock() - taken[0] <= AHEAD_FOR:
            return await self._unchanged(lane, d), taken[1]  # a commit took the slot a moment ago
        if isinstance(d.target, NEW_MESSAGES) or not lane.limit.spacing:
            return await self._unchanged(lane, d), await self._take(lane, self.clock())
        looking = asyncio.ensure_future(self._unchanged(lane, d))  # asks before the take below is sent
        wait = await self._take(lane, self.clock())
        return await looking, wait

    async def _unchanged(self, lane: _Lane, d: Delivery) -> bool:
        """The message already shows exactly this view, or a newer one (so sending would spend budget for
        nothing, or show an older view: another worker's newer edit may have gone first). A turn alert
        (`notify`) is a new message whatever the old one shows: its id is read for `_send` only."""
        if unping(d):  # nothing to remove when the ping was never posted (or is gone already)
            try:
                message_id = await self.ids.get(d.target)
            except Exception:
                return False
            lane.looked = (d.target.key, message_id, None)
            return message_id is None
        if isinstance(d.target, NEW_MESSAGES):
            return False
        read = self._read.pop(d.target.key, None)
        try:
            if read is not None and self.clock() - read[0] <= AHEAD_FOR:
                message_id, shown = read[1], read[2]  # read by the commit's pipeline a moment ago
            else:
                message_id, shown = await self.ids.lookup(d.target)
        except Exception:
            return False  # not known: send it
        lane.looked = (d.target.key, message_id, shown)
        if d.notify or message_id is None or d.pressed not in (None, message_id):
            return False
        return superseded(shown, d, fingerprint(d.screen))

    async def _local_wait(self, lane: _Lane) -> None:
        """Wait for what this process knows without asking Redis: the global budget (`per_second`) and the
        lane's spacing after its own last call here (the shared slot is taken with a `now` read a moment
        before it reaches Redis; this keeps the calls of one process spaced by when they were made)."""
        while True:
            now = self.clock()
            wait = lane.sent_at + lane.limit.spacing - now
            if self.per_second:
                while self._global and self._global[0] <= now - 1:
                    self._global.popleft()
                if len(self._global) >= self.per_second:
                    wait = max(wait, self._global[0] + 1 - now)
            if wait <= 0:
                return
            await self.sleep(wait)

    async def _slot(self, lane: _Lane) -> None:
        """Wait until a call may go in this lane now (its shared slot taken), outside `_run`'s own steps."""
        await self._local_wait(lane)
        await self._pace(lane, await self._take(lane, self.clock()))

    async def _pace(self, lane: _Lane, wait: float) -> None:
        """Sleep until this lane's next slot (shared by all workers) is ours and the budget allows a call."""
        while wait > 0:
            await self.sleep(wait)
            await self._local_wait(lane)
            wait = await self._take(lane, self.clock())

    async def _take(self, lane: _Lane, now: float) -> float:
        """0 when the lane's shared slot is taken for a call now, else the seconds to wait."""
        if not lane.limit.spacing:
            return 0.0
        try:
            return await self.pacer.take(lane.key, lane.limit.spacing, now)
        except Exception:
            log.warning("lane %s: the shared pacer is unavailable; pacing in this process", lane.key)
            return await self._local.take(lane.key, lane.limit.spacing, now)

    def _count(self, lane: _Lane) -> None:
        lane.sent_at = now = self.clock()
        self._global.append(now)

    async def _deliver(self, lane: _Lane, delivery: Delivery) -> None:
        for attempt in range(1, self.max_attempts + 1):
            try:
                await self._send(lane, delivery)
                return
            except RetryAfter as e:
                log.info("lane %s: rate limited, retrying in %.1fs", lane.key, e.seconds)
                now = self.clock()
                with contextlib.suppress(Exception):  # every worker holds back, not only this one
                    await self.pacer.hold(lane.key, now + e.seconds, now)
                await self.sleep(e.seconds)
                # a newer view may have arrived meanwhile: send that one instead
                fresher = lane.pending.pop(delivery.target.key, None)
                if fresher is not None:
                    delivery = merged(delivery, fresher)
            except Unreachable:
                await self._unreachable(delivery)
                return
            except Exception:
                log.exception("lane %s: delivery failed (attempt %d)", lane.key, attempt)
                await self.sleep(min(30.0, 2.0**attempt))
        log.error("lane %s: giving up on a delivery after %d attempts", lane.key, self.max_attempts)

    async def _send(self, lane: _Lane, d: Delivery, *, again: bool = True) -> None:
        """Send `d`: edit the target's message, or post a new one (`again`: once more to the target's
        current message if another took over during the edit)."""
        target = d.target
        if isinstance(target, PingTarget):
            await self._ping(lane, d)
            return
        if isinstance(target, NEW_MESSAGES):
            self._count(lane)
            await self.transport.post(target, d.screen)
            return
        looked, lane.looked = lane.looked, None
        if looked is not None and looked[0] == target.key:
            old, shown = looked[1], looked[2]  # read a moment ago, before the slot was taken
        else:
            old, shown = await self.ids.lookup(target)
        drawn = fingerprint(d.screen)
        view = drawn + ("" if d.version is None else f"{VERSION}{d.version}")
        if (
            d.pressed is not None
            and d.pressed != old
            and not d.notify
            and await self._adopt(lane, d, old, shown, view)
        ):
            return
        if old is not None and (older(shown, d) or (not d.notify and superseded(shown, d, drawn))):
            self.skipped += 1  # the message reads this or newer (an alert: it is over): no call, no budget
            return
        if old is not None and not d.notify:
            if await self._edit(lane, d, old, view, again):
                return
            old = None  # gone: a new message below
        self._count(lane)
        new = await self.transport.post(target, d.screen)
        if new is not None and await self.ids.set(target, new, view) is False:
            # a newer view was stored meanwhile (this write came late): the message just posted shows an
            # older one and is nobody's — it goes, and the stored one stays
            await self._drop(lane, target, new)
            return
        if old is not None:
            await self._retire(lane, target, old, shown)

    async def _edit(self, lane: _Lane, d: Delivery, old: str, view: str, again: bool) -> bool:
        """Edit the target's message `old` to `d`; False when it is gone (a new one is to be posted). Another
        worker's message may take over meanwhile (the stored id is no longer `old`): the view then goes to
        that one (`again`), and a leftover edited here with buttons goes."""
        self._count(lane)
        try:
            await self.transport.edit(d.target, old, d.screen)
        except MessageGone:
            if await self.ids.forget(d.target, old) is not False:
                return False
        else:
            if await self.ids.mark(d.target, view, old) is not False:
                return True
            await self._retire(lane, d.target, old, view)
        if again:
            await self._send(lane, d, again=False)
        return True

    async def _drop(self, lane: _Lane, target: Target, message_id: str, what: str = "an overtaken") -> None:
        """Delete a message that is not (or no longer) the target's; one that cannot be is left."""
        self._count(lane)
        try:
            await self.transport.delete(target, message_id)
        except Exception:
            log.info("lane %s: could not delete %s message", lane.key, what)

    async def _retire(self, lane: _Lane, target: Target, old: str, shown: str | None) -> None:
        """A newer message of `target` took over from `old` (which showed `shown`): an old hand goes (two
        sets of buttons would confuse); where calls are dear (Telegram) one without buttons stays, a
        snapshot."""
        plain = not split(shown)[0].endswith("*")  # the old hand shows no buttons
        if isinstance(target, HandTarget) and not (plain and self.keep_plain_hands):
            await self._drop(lane, target, old, "a superseded")

    async def _adopt(self, lane: _Lane, d: Delivery, old: str | None, shown: str | None, view: str) -> bool:
        """The person pressed a message of this target other than the one stored (`old`). A newer one — a
        turn alert whose worker was killed between sending it and storing its id: the newest message of
        their chat — is brought up to date here and becomes the target's message (True: delivered). An
        older one is a leftover whose deletion failed: its stale buttons go, and `old` is updated as
        usual (False)."""
        assert d.pressed is not None
        if not newer(d.pressed, old):
            await self._drop(lane, d.target, d.pressed, "a leftover")
            return False
        self._count(lane)
        try:
            await self.transport.edit(d.target, d.pressed, d.screen)
        except MessageGone:
            return False
        if await self.ids.set(d.target, d.pressed, view) is False:
            await self._drop(lane, d.target, d.pressed)  # a newer view is shown on the stored one
            return True
        if old is not None:
            await self._retire(lane, d.target, old, shown)
        return True

    async def _ping(self, lane: _Lane, d: Delivery) -> None:
        """A turn's ping is posted and the one before it (if any) deleted, in a slot of its own; a ping
        whose turn is over is deleted. So a person has at most one ping in the group, for the turn on."""
        target = d.target
        looked, lane.looked = lane.looked, None
        old = looked[1] if looked is not None and looked[0] == target.key else await self.ids.get(target)
        if not d.notify:
            if old is not None:
                self._count(lane)
                await self.transport.delete(target, old)
                await self.ids.forget(target)
            return
        self._count(lane)
        new = await self.transport.post(target, d.screen)
        await (self.ids.set(target, new) if new is not None else self.ids.forget(target))
        if old is None:
            return
        await self._slot(lane)
        await self._drop(lane, target, old, "an earlier ping")  # not retried: the new ping went out

    async def _unreachable(self, d: Delivery) -> None:
        if isinstance(d.target, HandTarget) and self.on_unreachable is not None:
            await self.on_unreachable(d.target.user, d.target.table)
        else:
            log.warning("delivery to %s refused by the platform", self.lane_for(d.target))
