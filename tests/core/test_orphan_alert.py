"""A worker killed between sending a turn alert and storing its id (the soak's "orphan"): the person's
newest message must still show their hand as committed once they press it."""

from __future__ import annotations

import asyncio

from bot.core.api import Join, NewTable, Press, Start
from bot.core.config import Settings
from bot.core.host import Host
from bot.core.outbox import MessageGone, Outbox, Target
from bot.core.outcome import HandTarget, Screen
from storage import RedisMessageIds
from tests.core.hosting import CHAT, user
from tests.storage.midgame import Both

PEOPLE = [user(i) for i in range(4)]


class Chats:
    """A platform whose message ids count up (as Telegram's in a chat): what each chat shows, in order."""

    def __init__(self) -> None:
        self.chats: dict[str, dict[int, Screen]] = {}
        self.last = 0

    def _chat(self, target: Target) -> dict[int, Screen]:
        where = target.user.key if isinstance(target, HandTarget) else target.chat.key  # type: ignore[union-attr]
        return self.chats.setdefault(where, {})

    async def post(self, target: Target, screen: Screen) -> str | None:
        self.last += 1
        self._chat(target)[self.last] = screen
        return str(self.last)

    async def edit(self, target: Target, message_id: str, screen: Screen) -> None:
        chat = self._chat(target)
        if int(message_id) not in chat:
            raise MessageGone()
        chat[int(message_id)] = screen

    async def delete(self, target: Target, message_id: str) -> None:
        self._chat(target).pop(int(message_id), None)

    def newest(self, who) -> tuple[str, Screen] | None:
        chat = self.chats.get(who.key)
        if not chat:
            return None
        last = max(chat)
        return str(last), chat[last]


class KilledAfterAlert(RedisMessageIds):
    """Message ids in Redis; once armed, the worker "dies" right after a turn alert went out, before its
    id is stored."""

    armed = False

    async def set(self, target, message_id: str, shown: str | None = None) -> bool:
        if self.armed and isinstance(target, HandTarget):
            self.armed = False
            raise asyncio.CancelledError  # the lane's task ends here, as the process would
        return await super().set(target, message_id, shown)


class Front(Both):
    platform = CHAT.platform


def tokens(screen: Screen) -> list[str]:
    return [b.token for row in screen.buttons for b in row if b.token]


async def test_a_turn_alert_whose_id_was_never_stored_is_brought_up_to_date_when_pressed(store) -> None:
    chats = Chats()
    ids = KilledAfterAlert(store.redis, prefix=store.prefix)
    host = Host(store, Settings(ai_delay=0, search_budget=0.02))
    front = Front(Outbox(chats, ids, keep_plain_hands=True))
    host.attach(front)  # type: ignore[arg-type]
    out = await host.handle(
        NewTable(user=PEOPLE[0], chat=CHAT, game="rozpysnyi", options={"schedule": "2 3"})
    )
    for p in PEOPLE[1:]:
        await host.handle(Join(user=p, chat=CHAT))
    await host.handle(Start(user=PEOPLE[0], chat=CHAT))
    await front.outbox.drain()
    assert out.table is not None

    async def press_newest(n: int) -> bool:
        """Whoever's newest message offers a move presses its first button, as the soak's people do."""
        for p in PEOPLE:
            newest = chats.newest(p)
            if newest is not None and tokens(newest[1]):
                await host.handle(
                    Press(user=p, token=tokens(newest[1])[0], update_id=f"u{n}", message=newest[0])
                )
                await front.outbox.drain()
                return True
        return False

    async def every_newest_message_is_the_committed_hand() -> None:
        table = await host.load(out.table)
        for seat, s in enumerate(table.seats):
            assert s.user is not None
            newest = chats.newest(s.user)
            assert newest is not None
            wanted = host.views.hand_screen(table, seat)
            assert (newest[1].text(), tokens(newest[1])) == (wanted.text(), tokens(wanted)), (seat, newest[0])

    await press_newest(0)
    ids.armed = True  # the next hand posted (the next person's turn alert) is never stored: the worker dies
    await press_newest(1)
    assert not ids.armed
    await front.outbox.close()
    front.outbox = Outbox(chats, ids, keep_plain_hands=True)  # a worker started again: it reconciles
    await host.reconcile(CHAT.platform)
    await front.outbox.drain()
    orphaned = [
        p
        for p in PEOPLE
        if (n := chats.newest(p)) and n[0] != await ids.get(HandTarget(table=out.table, user=p))
    ]
    assert orphaned, "the alert's id should not be stored"
    for n in range(2, 12):  # the orphan's owner presses it (a move, then a stale press), the others play on
        assert await press_newest(n)
        await every_newest_message_is_the_committed_hand()
    await front.outbox.close()
