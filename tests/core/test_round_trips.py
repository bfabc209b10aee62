"""Redis round trips per person move through `Host.handle` (a real server: fakeredis has no sockets)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from fakeredis import FakeAsyncRedis

from bot.core.api import Join, NewTable, Press, Start
from bot.core.config import Settings
from bot.core.host import Host
from bot.core.outbox import Outbox
from storage import RedisMessageIds
from tests.core.hosting import CHAT, Recorder, RoundTrips, make_host, user
from tests.storage.midgame import Both, Transport

PEOPLE = [user(i) for i in range(4)]


async def round_trips_per_move(host: Host, rec: Recorder, after: Callable[[], Awaitable[None]]) -> list[int]:
    """Four people play a two-deal rozpysnyi table by their first buttons; the round trips of each press,
    counted with what `after` does once it was handled (the outbox's deliveries, or nothing)."""
    await host.handle(NewTable(user=PEOPLE[0], chat=CHAT, game="rozpysnyi", options={"schedule": "2 3"}))
    for p in PEOPLE[1:]:
        await host.handle(Join(user=p, chat=CHAT))
    await host.handle(Start(user=PEOPLE[0], chat=CHAT))
    await after()
    counts = []
    for update in range(200):
        mover = next((p for p in PEOPLE if rec.tokens(p)), None)
        if mover is None:
            break  # the game is over
        with RoundTrips() as rt:
            out = await host.handle(Press(user=mover, token=rec.tokens(mover)[0], update_id=f"u{update}"))
            await after()
        assert out.reply is None or not out.reply.alert, out.reply
        counts.append(rt.count)
    assert len(counts) == 4 * (1 + 2) + 4 * (1 + 3)  # every bid and card of both deals, the last one closing
    return counts


async def nothing() -> None:
    pass


@pytest.mark.backends("real")  # round trips are counted on a real server's sockets
async def test_a_person_move_at_a_four_person_rozpysnyi_table_takes_two_round_trips(store) -> None:
    assert not isinstance(store.redis, FakeAsyncRedis)
    host, rec = make_host(store)
    counts = await round_trips_per_move(host, rec, nothing)
    # language + claim + table, then the commit with its hints; closing the table: its users' indexes apart
    assert max(counts[:-1]) <= 2, counts
    assert counts[-1] <= 3, counts


class OutboxFront(Both):
    """Records the deliveries (for the tokens) and sends them through the real outbox."""

    platform = "console"


@pytest.mark.backends("real")  # round trips are counted on a real server's sockets
async def test_a_person_move_with_its_deliveries_takes_four_round_trips(store) -> None:
    """The host's two and the outbox's: the changed messages' ids looked up in one pipeline, the views they
    show now written in another (`storage.messages`), with Redis message ids as in production."""
    assert not isinstance(store.redis, FakeAsyncRedis)
    outbox = Outbox(Transport(), RedisMessageIds(store.redis, prefix=store.prefix))
    host = Host(store, Settings(ai_delay=0, search_budget=0.02))
    rec = OutboxFront(outbox)
    host.attach(rec)
    counts = await round_trips_per_move(host, rec, outbox.drain)
    await outbox.close()
    # 2 + 2 (before the batches: 3 + about 6); the closing move (the result, the stats, every hand) apart
    assert max(counts[:-1]) <= 4, counts
