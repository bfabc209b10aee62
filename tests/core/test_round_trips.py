"""Redis round trips per person move through `Host.handle` (a real server: fakeredis has no sockets)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from fakeredis import FakeAsyncRedis

from bot.core.api import Join, NewTable, Press, Start
from bot.core.config import Settings
from bot.core.host import Host
from bot.core.outbox import Outbox
from bot.telegram.frontend import lane_for, limit_for
from storage import RedisMessageIds, RedisPacer, Store
from tests.conftest import connections
from tests.core.hosting import CHAT, Recorder, RoundTrips, make_host, user
from tests.core.test_outbox import FakeTime
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


async def quiet_moves(store: Store) -> list[int]:
    """One table, one move at a time, paced as production paces (the Telegram front end's lanes, their
    slots in Redis): the round trips of each person move (the last one, closing the table, apart)."""
    clock = FakeTime()  # a pacing wait moves it on: nobody sleeps for real
    ids, pacer = (
        RedisMessageIds(store.redis, prefix=store.prefix),
        RedisPacer(store.redis, prefix=store.prefix),
    )
    box = Outbox(
        Transport(),
        ids,
        limit_for=limit_for,
        lane_for=lane_for,
        pacer=pacer,
        clock=clock.clock,
        sleep=clock.sleep,
    )
    host = Host(store, Settings(ai_delay=0, search_budget=0.02))
    rec = OutboxFront(box)
    host.attach(rec)

    async def sent_then_a_pause() -> None:
        await box.drain()
        clock.now += 10.0  # a quiet table: the next press comes 10 s later

    counts = await round_trips_per_move(host, rec, sent_then_a_pause)
    await box.close()
    return counts[:-1]


@pytest.mark.backends("real")  # round trips are counted on a real server's sockets
async def test_a_quiet_tables_move_paced_as_telegram_paces_takes_three_round_trips(store) -> None:
    """The commit's pipeline also reads the table's message ids and takes the slots of the lanes the move
    alters (`Outbox.ahead`), so the outbox only writes what the messages show now. The host's two (the
    first read, the commit) and the outbox's one (before: 2 + 2)."""
    assert not isinstance(store.redis, FakeAsyncRedis)
    assert max(await quiet_moves(store)) <= 3


async def test_on_a_cluster_a_quiet_tables_move_takes_three_round_trips_too(prefix: str) -> None:
    """On a Redis Cluster a round trip goes to each node a pipeline touches: the table, its message ids,
    its group's lane (the table's id is chosen in that lane's slot) and its hands' lanes (one per person
    and table, in the table's slot) share one node, and a press reads the person's language from their
    seat (not their preferences, elsewhere): the first read, the commit (carrying every lane's slot), the
    outbox's writes. Before: 5.7 a move on average (the preferences, the lanes' slots and the writes of
    the lanes that waited for them on other nodes)."""
    async for make in connections("cluster"):
        store = Store(make(), prefix=prefix)
        counts = await quiet_moves(store)
        assert max(counts) <= 3, counts
