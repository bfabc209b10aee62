"""Faults around the host: Redis down or failing mid-command, migrations, settings by buttons."""

from __future__ import annotations

import asyncio
import contextlib

import redis.asyncio as aioredis

from bot.core.api import AddBot, ChatRef, Invite, Join, MoveChat, NewTable, Press, Start
from bot.core.outcome import ChatTarget, Screen, TableTarget
from storage import Store, Unavailable
from tests.core.hosting import CHAT, make_host, press_first_until_over, user
from tests.core.test_host import open_table

A = user(1)


async def test_redis_down_answers_try_again() -> None:
    dead = aioredis.from_url("redis://127.0.0.1:1", socket_connect_timeout=0.2, socket_timeout=0.2)
    host, rec = make_host(Store(dead))
    out = await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    assert out.reply and out.reply.alert and "try again" in out.reply.text
    assert not rec.deliveries
    await dead.aclose()


class FailingStore(Store):
    """A store whose next calls of a method fail as if Redis were unreachable: `failing[name]` times, then
    they work (commits as if the connection dropped, claims and listings of due tables as in an outage or a
    failing-over Cluster)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.failing: dict[str, int] = {}

    def _trip(self, name: str) -> None:
        if self.failing.get(name):
            self.failing[name] -= 1
            raise Unavailable(f"{name}: connection refused")

    async def commit(self, *args, **kwargs):  # type: ignore[override]
        self._trip("commit")
        return await super().commit(*args, **kwargs)

    async def claim_due(self, *args, **kwargs):  # type: ignore[override]
        self._trip("claim_due")
        return await super().claim_due(*args, **kwargs)

    async def due(self, *args, **kwargs):  # type: ignore[override]
        self._trip("due")
        return await super().due(*args, **kwargs)


async def test_a_failed_commit_changes_nothing_and_the_retry_works(redis, prefix) -> None:
    store = FailingStore(redis, prefix=prefix)
    host, rec = make_host(store)
    table = await open_table(host, rec, bots=3)
    await host.settle()
    token = rec.tokens(A)[0]
    before = await store.load(table)
    sent = len(rec.deliveries)
    store.failing["commit"] = 1
    out = await host.handle(Press(user=A, token=token, chat=CHAT, update_id="77"))
    assert out.reply and "try again" in out.reply.text
    assert await store.load(table) == before
    assert len(rec.deliveries) == sent  # nothing announced that did not happen
    again = await host.handle(Press(user=A, token=token, chat=CHAT, update_id="77"))  # the platform retries
    assert again.reply is None
    found = await store.load(table)
    assert found and before and found[1] == before[1] + 1


async def test_a_migrated_chat_keeps_its_table(store) -> None:
    host, rec = make_host(store)
    table = await open_table(host, rec, bots=3)
    new_chat = ChatRef(platform="console", id="supergroup-9", title="Friends")
    await host.handle(MoveChat(user=A, old=CHAT, new=new_chat))
    last = [d for d in rec.deliveries if isinstance(d.target, TableTarget)][-1]
    assert last.target.chat == new_chat and last.target.table == table
    start_again = await host.handle(Start(user=A, chat=new_chat))
    assert start_again.reply and "already started" in start_again.reply.text


async def test_settings_buttons_change_options_for_the_creator_only(store) -> None:
    host, rec = make_host(store)
    await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    button = rec.table_button

    outsider = await host.handle(Press(user=user(2), token=button("⚙"), chat=CHAT))
    assert outsider.reply and outsider.reply.alert
    await host.handle(Press(user=A, token=button("⚙"), chat=CHAT))
    await host.handle(Press(user=A, token=button("Time per move"), chat=CHAT))
    screen = rec.table()
    assert screen and "Time per move: 1 day" in screen.text()
    await host.handle(Press(user=A, token=button("✔"), chat=CHAT))
    assert button("Join")


async def test_the_creator_removes_a_person_from_the_lobby(store) -> None:
    host, rec = make_host(store)
    await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    await host.handle(Join(user=user(2), chat=CHAT))
    await host.handle(Join(user=user(3), chat=CHAT))
    await host.handle(Press(user=A, token=rec.table_button("⚙"), chat=CHAT))
    kick_bob = rec.table_button("✖ Remove User2")
    refused = await host.handle(Press(user=user(3), token=kick_bob, chat=CHAT))
    assert refused.reply and refused.reply.alert and "creator" in refused.reply.text
    assert "User2" in (rec.table() or Screen()).text()
    await host.handle(Press(user=A, token=kick_bob, chat=CHAT))
    text = (rec.table() or Screen()).text()
    assert "User2 was removed from the table." in text
    assert "User3" in text and "Seated: 2 of" in text, text
    again = await host.handle(Press(user=A, token=kick_bob, chat=CHAT))  # a double click: stale
    assert again.reply and "moved on" in again.reply.text


async def test_the_creator_removes_a_player_mid_game_and_the_ai_finishes_the_seat(store) -> None:
    host, rec = make_host(store)
    b = user(2)
    await open_table(host, rec, game="durak", bots=0, people=(A, b))
    await host.settle()
    await host.handle(Press(user=A, token=rec.table_button("⚙"), chat=CHAT))
    await host.handle(Press(user=A, token=rec.table_button("Time per move"), chat=CHAT))
    labels = [x.label for row in (rec.table() or Screen()).buttons for x in row]
    assert not any(label.startswith(("Variant", "Deck")) for label in labels)  # the rules stay as dealt
    await host.handle(Press(user=A, token=rec.table_button("✖ Remove User2"), chat=CHAT))
    text = (rec.table() or Screen()).text()
    assert "User2 was removed; the AI plays their seat." in text and "Time per move" not in text
    assert "1 day" in text  # the new time per move
    mine = await host.handle(Press(user=b, token=rec.table_button("🂠"), chat=CHAT))
    assert mine.reply and mine.reply.alert and "no cards" in mine.reply.text, mine.reply
    await press_first_until_over(host, rec, A)
    assert any(isinstance(d.target, ChatTarget) for d in rec.public())  # the final scores were posted


async def test_a_private_table_seats_only_invited_people(store) -> None:
    host, rec = make_host(store)
    bob, cat, admin = user(2), user(3), user(4)
    await host.handle(NewTable(user=A, chat=CHAT, game="durak"))
    await host.handle(Press(user=A, token=rec.table_button("⚙"), chat=CHAT))
    await host.handle(Press(user=A, token=rec.table_button("Invited only: off"), chat=CHAT))
    assert rec.table_button("Invited only: on")
    refused = await host.handle(Join(user=bob, chat=CHAT))
    assert refused.reply and refused.reply.alert and "ask User1 to invite you" in refused.reply.text
    not_yours = await host.handle(Invite(user=cat, chat=CHAT, guest=cat))  # guests cannot invite themselves
    assert not_yours.reply and not_yours.reply.alert and "creator" in not_yours.reply.text
    await host.handle(Invite(user=A, chat=CHAT, guest=bob))
    assert "User1 invited User2." in (rec.table() or Screen()).text()
    joined = await host.handle(Join(user=bob, chat=CHAT))
    assert joined.reply is None or not joined.reply.alert, joined.reply
    also_refused = await host.handle(Join(user=cat, chat=CHAT))
    assert also_refused.reply and also_refused.reply.alert
    await host.handle(Join(user=admin, chat=CHAT, is_chat_admin=True))  # a chat admin needs no invitation
    text = (rec.table() or Screen()).text()
    assert "User2" in text and "User4" in text and "User3" not in text and "Invited only: on" in text


async def sweep_until_a_table_message(host, rec) -> None:
    """Run every worker's background loop until it sends a table message (30 s: a guard, not a timing)."""
    stop = asyncio.Event()

    class Watch(type(rec)):
        async def deliver(self, deliveries):  # type: ignore[override]
            await super().deliver(deliveries)
            if any(isinstance(d.target, TableTarget) for d in deliveries):
                stop.set()

    rec.__class__ = Watch
    sweep = asyncio.create_task(host.background(stop, tick=0.01))
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), 30)
    stop.set()
    await sweep


async def test_after_an_outage_the_background_reconciles_every_table(redis, prefix) -> None:
    """Issue 12: views lost while Redis was away are sent when it is back, with nobody moving."""
    store = FailingStore(redis, prefix=prefix)
    host, rec = make_host(store)
    table = await open_table(host, rec, bots=3)
    await host.settle()
    host.frontends.clear()  # what the outage cost: this move's views never reached the platform
    await host.handle(Press(user=A, token=rec.tokens(A)[0], chat=CHAT))
    await host.settle()
    host.attach(rec)
    seen = len(rec.deliveries)

    store.failing["claim_due"] = 2
    await sweep_until_a_table_message(host, rec)
    assert store.failing["claim_due"] == 0
    tbl = await host.load(table)
    shown = [d for d in rec.deliveries[seen:] if isinstance(d.target, TableTarget)]
    assert shown and shown[-1].screen == host.views.table_screen(tbl)


class LostReplyStore(Store):
    """A store whose next commit goes through but whose reply is lost (its master died right after)."""

    lose = 0

    async def commit(self, *args, **kwargs):  # type: ignore[override]
        version = await super().commit(*args, **kwargs)
        if self.lose:
            self.lose -= 1
            raise Unavailable("connection reset by peer")
        return version


async def test_a_move_whose_commit_had_no_answer_is_shown_once_storage_answers(redis, prefix) -> None:
    """A commit that went through while its reply was lost is shown to nobody ("try again"); the sweep
    brings the table's messages in line with it although no outage was seen (the soak's failover)."""
    store = LostReplyStore(redis, prefix=prefix)
    host, rec = make_host(store)
    people = (A, user(2), user(3), user(4))
    table = await open_table(host, rec, bots=0, people=people)
    mover = next(p for p in people if rec.tokens(p))
    seen, before = len(rec.deliveries), await host.load(table)
    store.lose = 1
    out = await host.handle(Press(user=mover, token=rec.tokens(mover)[0], chat=CHAT, update_id="5"))
    assert out.reply and "try again" in out.reply.text and len(rec.deliveries) == seen
    await sweep_until_a_table_message(host, rec)
    tbl = await host.load(table)
    assert tbl.version == before.version + 1  # the move stands
    shown = [d for d in rec.deliveries[seen:] if isinstance(d.target, TableTarget)]
    assert shown and shown[-1].screen == host.views.table_screen(tbl)
    assert rec.hand(mover) == host.views.hand_screen(tbl, tbl.seat_of(mover))


class FailingLoads(Store):
    """A store that cannot read one table yet (its master is failing over)."""

    down: frozenset[str] = frozenset()

    async def load(self, table_id: str):  # type: ignore[override]
        if table_id in self.down:
            raise Unavailable("CLUSTERDOWN")
        return await super().load(table_id)


async def test_a_table_the_reconcile_cannot_read_is_left_to_the_sweep(redis, prefix) -> None:
    """The reconcile at a worker's start during a failover goes on past a table it cannot read (it used to
    stop there, leaving the rest unreconciled) and leaves that one to the sweep."""
    store = FailingLoads(redis, prefix=prefix)
    host, rec = make_host(store)
    first = await open_table(host, rec, bots=3)
    other = ChatRef(platform=CHAT.platform, id="group-2", title="Others")
    second = (await host.handle(NewTable(user=user(5), chat=other, game="tricks"))).table
    for _ in range(3):
        await host.handle(AddBot(user=user(5), chat=other))
    await host.handle(Start(user=user(5), chat=other))
    store.down = frozenset({first})
    rec.deliveries.clear()
    host.views = type(host.views)(host.secret)  # a worker started again: nothing drawn yet
    assert await host.reconcile(CHAT.platform) == 1
    assert host.unsure == {first}
    assert {d.target.table for d in rec.deliveries} == {second}  # type: ignore[union-attr]


async def test_a_reconcile_that_cannot_list_the_tables_is_run_again_by_the_sweep(redis, prefix) -> None:
    """The soak's after-failover reconcile whose listing of the tables failed was never run again."""
    store = FailingStore(redis, prefix=prefix)
    host, rec = make_host(store)
    await open_table(host, rec, bots=0, people=(A, user(2), user(3), user(4)))
    rec.deliveries.clear()
    store.failing["due"] = 1
    assert await host.reconcile(CHAT.platform) == 0
    assert host.unreconciled == {CHAT.platform}
    await sweep_until_a_table_message(host, rec)
    assert any(isinstance(d.target, TableTarget) for d in rec.deliveries) and not host.unreconciled


async def test_a_press_is_claimed_by_its_commit_and_a_second_worker_ignores_it(store_factory) -> None:
    """The table keeps the press's update id (no claim key of its own): the same update delivered to
    another worker as well is ignored there, the table moved once."""
    first, second = await store_factory(), await store_factory()
    host, rec = make_host(first)
    other, _ = make_host(second)
    table = await open_table(host, rec, bots=3)
    await host.settle()
    token = rec.tokens(A)[0]
    before = await first.load(table)
    assert (await host.handle(Press(user=A, token=token, chat=CHAT, update_id="88"))).reply is None
    again = await other.handle(Press(user=A, token=token, chat=CHAT, update_id="88"))
    assert again.reply is None and not again.deliveries
    found = await first.load(table)
    assert found and before and found[1] == before[1] + 1
    assert not await first.redis.exists(first.keys.seen("update:console:88"))
