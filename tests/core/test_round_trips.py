"""Redis round trips per person move through `Host.handle` (a real server: fakeredis has no sockets)."""

from __future__ import annotations

import pytest
from fakeredis import FakeAsyncRedis

from bot.core.api import Join, NewTable, Press, Start
from tests.core.hosting import CHAT, RoundTrips, make_host, user

PEOPLE = [user(i) for i in range(4)]


async def test_a_person_move_at_a_four_person_rozpysnyi_table_takes_two_round_trips(store) -> None:
    if isinstance(store.redis, FakeAsyncRedis):
        pytest.skip("round trips are counted on a real server's sockets")
    host, rec = make_host(store)
    await host.handle(NewTable(user=PEOPLE[0], chat=CHAT, game="rozpysnyi", options={"schedule": "2 3"}))
    for p in PEOPLE[1:]:
        await host.handle(Join(user=p, chat=CHAT))
    await host.handle(Start(user=PEOPLE[0], chat=CHAT))
    counts = []
    for update in range(200):
        mover = next((p for p in PEOPLE if rec.tokens(p)), None)
        if mover is None:
            break  # the game is over
        with RoundTrips() as rt:
            out = await host.handle(Press(user=mover, token=rec.tokens(mover)[0], update_id=f"u{update}"))
        assert out.reply is None or not out.reply.alert, out.reply
        counts.append(rt.count)
    assert len(counts) == 4 * (1 + 2) + 4 * (1 + 3)  # every bid and card of both deals, the last one closing
    # language + claim + table, then the commit with its hints; closing the table: its users' indexes apart
    assert max(counts[:-1]) <= 2, counts
    assert counts[-1] <= 3, counts
