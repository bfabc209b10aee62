"""The outgoing queue: coalescing, pacing, 429 retries, replaced hands, unreachable users."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from bot.core.api import ChatRef, UserRef
from bot.core.outbox import LaneLimit, MemoryMessageIds, MessageGone, Outbox, RetryAfter, Unreachable
from bot.core.outcome import Button, ChatTarget, Delivery, HandTarget, Screen, TableTarget

GROUP = ChatRef(platform="telegram", id="-100")
ALICE = UserRef(platform="telegram", id="1", name="Alice")


class FakeTime:
    """A clock that jumps forward when somebody sleeps: no test ever waits for real."""

    def __init__(self) -> None:
        self.now = 1000.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        await asyncio.sleep(0)


class FakeTransport:
    def __init__(self, time: FakeTime) -> None:
        self.time = time
        self.calls: list[tuple[float, str, str, str]] = []  # (time, verb, target key, text)
        self.fail: list[Exception] = []
        self.gone: set[str] = set()
        self.next_id = 0

    def _record(self, verb: str, target, text: str = "") -> None:
        self.calls.append((self.time.now, verb, target.key, text))
        if self.fail:
            raise self.fail.pop(0)

    async def post(self, target, screen: Screen) -> str | None:
        self._record("post", target, screen.text())
        self.next_id += 1
        return str(self.next_id)

    async def edit(self, target, message_id: str, screen: Screen) -> None:
        self._record("edit", target, screen.text())
        if message_id in self.gone:
            raise MessageGone()

    async def delete(self, target, message_id: str) -> None:
        self._record("delete", target, message_id)


def table(n: int, text: str, table_id: str = "t1") -> Delivery:
    return Delivery(target=TableTarget(table=table_id, chat=GROUP), screen=Screen(lines=[f"{text} {n}"]))


def hand(text: str, notify: bool = False, buttons: bool = False) -> Delivery:
    rows = [[Button(label="Q♥", token="t1|2|play:QH|sig")]] if buttons else []
    screen = Screen(lines=[text], buttons=rows)
    return Delivery(target=HandTarget(table="t1", user=ALICE), screen=screen, notify=notify)


@pytest.fixture
def ft() -> FakeTime:
    return FakeTime()


async def test_by_default_a_fresh_hand_replaces_the_old_one(ft: FakeTime) -> None:
    box, tr = make(ft)
    box.submit([hand("cards v1")])
    await box.drain()
    box.submit([hand("your turn", notify=True)])
    await box.drain()
    assert [verb for _, verb, _, _ in tr.calls] == ["post", "post", "delete"]


def make(ft: FakeTime, **kw) -> tuple[Outbox, FakeTransport]:
    tr = FakeTransport(ft)
    return Outbox(tr, clock=ft.clock, sleep=ft.sleep, **kw), tr


async def test_pending_edits_of_one_message_coalesce_into_the_newest(ft: FakeTime) -> None:
    box, tr = make(ft)
    box.submit([table(1, "move")])
    await box.drain()
    box.submit([table(n, "move") for n in range(2, 7)])
    await box.drain()
    assert [(verb, text) for _, verb, _, text in tr.calls] == [("post", "move 1"), ("edit", "move 6")]


async def test_a_group_gets_its_per_minute_budget_evenly_spaced(ft: FakeTime) -> None:
    box, tr = make(ft, limit_for=lambda t: LaneLimit(interval=1.0, per_minute=20))
    box.submit([table(0, "x", table_id=f"t{i}") for i in range(50)])
    await box.drain()
    times = [c[0] for c in tr.calls]
    assert len(times) == 50
    assert max(sum(1 for u in times if t <= u < t + 60) for t in times) <= 20
    assert all(b - a >= 3.0 for a, b in itertools.pairwise(times))  # never a burst, never a dark minute
    assert max(b - a for a, b in itertools.pairwise(times)) < 3.5


async def test_a_new_message_goes_before_waiting_edits(ft: FakeTime) -> None:
    box, tr = make(ft, limit_for=lambda t: LaneLimit(per_minute=20))
    box.submit([table(1, "a"), table(1, "b", table_id="t2")])
    await box.drain()
    box.submit([table(2, "a"), table(2, "b", table_id="t2")])
    box.submit([Delivery(target=ChatTarget(chat=GROUP), screen=Screen(lines=["final scores"]))])
    await box.drain()
    assert [(verb, text) for _, verb, _, text in tr.calls][2:] == [
        ("post", "final scores"),
        ("edit", "a 2"),
        ("edit", "b 2"),
    ]


async def test_a_view_the_message_already_shows_is_not_sent(ft: FakeTime) -> None:
    box, tr = make(ft)
    box.submit([table(1, "a")])
    await box.drain()
    box.submit([table(1, "a")])
    await box.drain()
    box.submit([table(2, "a")])
    await box.drain()
    assert [(verb, text) for _, verb, _, text in tr.calls] == [("post", "a 1"), ("edit", "a 2")]
    assert box.skipped == 1


class SlowIds(MemoryMessageIds):
    """Message ids whose lookup takes a moment (a Redis round trip): a newer view may arrive meanwhile."""

    async def lookup(self, target):  # type: ignore[no-untyped-def]
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        return await super().lookup(target)


async def test_a_newer_view_arriving_while_an_unchanged_one_is_looked_up_is_sent(ft: FakeTime) -> None:
    """The soak's lost move: a reconcile's view (shown already) was being looked up when the next move's
    view of the same message arrived; the verdict "unchanged" dropped the newer one."""
    box, tr = make(ft, ids=SlowIds())
    box.submit([table(1, "a")])
    await box.drain()
    box.submit([table(1, "a")])  # the reconcile: the message shows it already
    await asyncio.sleep(0)  # its lookup under way
    box.submit([table(2, "a")])  # the next move
    await box.drain()
    assert [(verb, text) for _, verb, _, text in tr.calls] == [("post", "a 1"), ("edit", "a 2")]


async def test_retry_after_waits_then_sends_the_newest_view(ft: FakeTime) -> None:
    box, tr = make(ft)
    box.submit([table(1, "move")])
    await box.drain()
    tr.fail = [RetryAfter(7)]
    real_sleep = ft.sleep

    async def sleep_while_a_newer_view_arrives(seconds: float) -> None:
        box.submit([table(3, "move")])
        await real_sleep(seconds)

    box.sleep = sleep_while_a_newer_view_arrives
    box.submit([table(2, "move")])
    await box.drain()
    verbs = [(verb, text) for _, verb, _, text in tr.calls]
    assert verbs == [("post", "move 1"), ("edit", "move 2"), ("edit", "move 3")]
    assert tr.calls[2][0] - tr.calls[1][0] >= 7


async def test_notify_survives_coalescing_and_a_fresh_hand_replaces_one_with_buttons(ft: FakeTime) -> None:
    box, tr = make(ft, keep_plain_hands=True)
    box.submit([hand("cards v1")])
    await box.drain()
    box.submit([hand("your turn", notify=True), hand("your turn, newer", buttons=True)])
    await box.drain()
    assert [(verb, text) for _, verb, _, text in tr.calls] == [
        ("post", "cards v1"),  # no buttons: it stays, a snapshot (one call cheaper)
        ("post", "your turn, newer"),
    ]
    box.submit([hand("your turn again", notify=True)])
    await box.drain()
    assert [(verb, text) for _, verb, _, text in tr.calls][2:] == [
        ("post", "your turn again"),
        ("delete", "2"),  # it still showed buttons: two sets would confuse
    ]
    assert await box.ids.get(HandTarget(table="t1", user=ALICE)) == "3"


async def test_a_message_that_cannot_be_edited_is_sent_anew(ft: FakeTime) -> None:
    box, tr = make(ft)
    box.submit([table(1, "a")])
    await box.drain()
    tr.gone.add("1")
    box.submit([table(2, "a")])
    await box.drain()
    assert [verb for _, verb, _, _ in tr.calls] == ["post", "edit", "post"]


async def test_unreachable_user_is_reported_once_and_the_lane_goes_on(ft: FakeTime) -> None:
    reported: list[tuple[str, str]] = []

    async def on_unreachable(user: UserRef, table_id: str) -> None:
        reported.append((user.id, table_id))

    box, tr = make(ft, on_unreachable=on_unreachable)
    tr.fail = [Unreachable()]
    box.submit([hand("cards")])
    await box.drain()
    box.submit([hand("cards again")])
    await box.drain()
    assert reported == [("1", "t1")]
    assert [verb for _, verb, _, _ in tr.calls] == ["post", "post"]


async def test_other_errors_are_retried_with_backoff(ft: FakeTime) -> None:
    box, tr = make(ft)
    tr.fail = [RuntimeError("boom"), RuntimeError("boom")]
    box.submit([Delivery(target=ChatTarget(chat=GROUP), screen=Screen(lines=["final scores"]))])
    await box.drain()
    assert [verb for _, verb, _, _ in tr.calls] == ["post", "post", "post"]
    assert box.pending() == 0


async def test_an_older_view_never_replaces_a_newer_one_another_worker_sent(ft: FakeTime) -> None:
    """Two workers share the message ids: a view of version 4 still queued in one of them is not sent once
    the other has shown version 5 (the group would show the table as it was a move ago)."""
    ids = MemoryMessageIds()
    first, tr = make(ft, ids=ids)
    second = Outbox(tr, ids, clock=ft.clock, sleep=ft.sleep)

    def versioned(n: int) -> Delivery:
        return table(n, "move").model_copy(update={"version": n})

    first.submit([versioned(3)])
    await first.drain()
    first.submit([versioned(5)])
    await first.drain()
    second.submit([versioned(4)])
    await second.drain()
    assert [(verb, text) for _, verb, _, text in tr.calls] == [("post", "move 3"), ("edit", "move 5")]
    assert second.skipped == 1
    second.submit([versioned(6)])  # a newer one goes out from either worker
    await second.drain()
    assert tr.calls[-1][1:] == ("edit", "table:t1", "move 6")


class HeldIds(MemoryMessageIds):
    """Message ids two workers share; one write (`held`: "set" or "edit") waits for `release` — a write
    slowed down, or replayed by the client after a failover, arriving after the other worker's."""

    def __init__(self, held: str) -> None:
        super().__init__()
        self.held, self.release, self.waiting = held, asyncio.Event(), asyncio.Event()

    async def _hold(self, what: str) -> None:
        if self.held == what:
            self.held = ""
            self.waiting.set()
            await self.release.wait()

    async def set(self, target, message_id: str, shown: str | None = None) -> bool:
        await self._hold("set")
        return await super().set(target, message_id, shown)

    async def mark(self, target, shown: str, message_id: str | None = None) -> bool:
        await self._hold("mark")
        return await super().mark(target, shown, message_id)


def versioned(d: Delivery, version: int) -> Delivery:
    return d.model_copy(update={"version": version})


async def interleaved(ft: FakeTime, ids: HeldIds, first: Delivery, second: Delivery) -> FakeTransport:
    """`first` from one worker until its held write, then `second` from another, then the held write."""
    one, tr = make(ft, ids=ids)
    other = Outbox(tr, ids, clock=ft.clock, sleep=ft.sleep)
    one.submit([first])
    await ids.waiting.wait()
    other.submit([second])
    await other.drain()
    ids.release.set()
    await one.drain()
    return tr


async def test_a_late_id_of_a_new_message_never_points_at_an_older_view(ft: FakeTime) -> None:
    """A turn alert (version 13) whose id reaches the store after another worker showed version 16 on the
    stored message: the alert is deleted, the stored message stays (the soak's "views that differ": the
    late id won, and the person's newest message showed the old turn)."""
    ids = HeldIds("set")
    key = hand("x").target.key
    ids.ids[key], ids.shown[key] = "0", "old@12"
    alert = versioned(hand("your turn", notify=True, buttons=True), 13)
    tr = await interleaved(ft, ids, alert, versioned(hand("cards"), 16))
    assert [(verb, text) for _, verb, _, text in tr.calls] == [
        ("post", "your turn"),
        ("edit", "cards"),
        ("delete", "1"),  # the alert, overtaken
    ]
    assert (ids.ids[key], ids.shown[key].rpartition("@")[2]) == ("0", "16")


async def test_a_view_edited_into_a_message_another_worker_replaced_goes_to_the_new_one(ft: FakeTime) -> None:
    """One worker edits the stored message while another posts a turn alert that takes over: the edit's
    view is not recorded for the alert (it would claim the alert shows it) but sent to it."""
    ids = HeldIds("mark")
    key = hand("x").target.key
    ids.ids[key], ids.shown[key] = "0", "old@12"
    cards = versioned(hand("cards"), 14)
    tr = await interleaved(ft, ids, cards, versioned(hand("your turn", notify=True, buttons=True), 15))
    assert [(verb, text) for _, verb, _, text in tr.calls] == [
        ("edit", "cards"),
        ("post", "your turn"),
        ("delete", "0"),  # the alert's worker retires the old hand
        ("delete", "0"),  # and so does the editing one, finding the alert stored (a leftover)
    ]  # and the view of 14 is not sent to the alert: it shows 15 already
    assert (ids.ids[key], ids.shown[key].rpartition("@")[2]) == ("1", "15")


async def test_a_turn_alert_older_than_what_the_message_shows_is_not_posted(ft: FakeTime) -> None:
    """A turn alert sent late (a reconcile's, queued behind a busy worker's budget) of version 13, when the
    hand shows version 16 already: the turn it announced is over, nothing is posted."""
    ids = MemoryMessageIds()
    key = hand("x").target.key
    ids.ids[key], ids.shown[key] = "0", "cards@16"
    box, tr = make(ft, ids=ids)
    box.submit([versioned(hand("your turn", notify=True, buttons=True), 13)])
    await box.drain()
    assert tr.calls == [] and box.skipped == 1
    box.submit([versioned(hand("your turn again", notify=True, buttons=True), 17)])
    await box.drain()
    assert [verb for _, verb, _, _ in tr.calls] == ["post", "delete"]
