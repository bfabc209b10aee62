"""Faults around the host: Redis down or failing mid-command, migrations, settings by buttons."""

from __future__ import annotations

import redis.asyncio as aioredis

from bot.core.api import ChatRef, MoveChat, NewTable, Press, Start, TableTarget
from storage import Store, Unavailable
from tests.core.hosting import CHAT, make_host, user
from tests.core.test_host import open_table

A = user(1)


async def test_redis_down_answers_try_again() -> None:
    dead = aioredis.from_url("redis://127.0.0.1:1", socket_connect_timeout=0.2, socket_timeout=0.2)
    host, rec = make_host(Store(dead))
    out = await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    assert out.reply and out.reply.alert and "try again" in out.reply.text
    assert not rec.deliveries
    await dead.aclose()


class FlakyStore(Store):
    """A store whose next commits fail as if the connection dropped."""

    failures = 0

    async def commit(self, *args, **kwargs):  # type: ignore[override]
        if self.failures:
            self.failures -= 1
            raise Unavailable("connection reset")
        return await super().commit(*args, **kwargs)


async def test_a_failed_commit_changes_nothing_and_the_retry_works(redis, prefix) -> None:
    store = FlakyStore(redis, prefix=prefix)
    host, rec = make_host(store)
    table = await open_table(host, rec, bots=3)
    await host.settle()
    token = rec.tokens(A)[0]
    before = await store.load(table)
    sent = len(rec.deliveries)
    store.failures = 1
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

    def button(label_start: str) -> str:
        screen = rec.table()
        assert screen is not None
        for row in screen.buttons:
            for b in row:
                if b.label.startswith(label_start) and b.token:
                    return b.token
        raise AssertionError(f"no button {label_start!r} in {screen}")

    outsider = await host.handle(Press(user=user(2), token=button("⚙"), chat=CHAT))
    assert outsider.reply and outsider.reply.alert
    await host.handle(Press(user=A, token=button("⚙"), chat=CHAT))
    await host.handle(Press(user=A, token=button("Time per move"), chat=CHAT))
    screen = rec.table()
    assert screen and "Time per move: 1 day" in screen.text()
    await host.handle(Press(user=A, token=button("✔"), chat=CHAT))
    assert button("Join")
