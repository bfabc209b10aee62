"""The host on a real 3-master Redis Cluster: a whole 4-person game, its indexes, deadlines and history."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.core.api import Join, NewTable, Press, Start
from storage import Store
from tests.conftest import connections
from tests.core.hosting import CHAT, make_host, user

PEOPLE = [user(i) for i in range(4)]


@pytest.fixture
async def cluster_store(prefix: str) -> AsyncIterator[Store]:
    async for make in connections("cluster"):
        yield Store(make(), prefix=prefix)


async def test_a_four_person_rozpysnyi_game_on_a_cluster(cluster_store: Store) -> None:
    store = cluster_store
    host, rec = make_host(store)
    opening = NewTable(user=PEOPLE[0], chat=CHAT, game="rozpysnyi", options={"schedule": "1 2"})
    out = await host.handle(opening)
    assert out.table is not None
    for p in PEOPLE[1:]:
        await host.handle(Join(user=p, chat=CHAT))
    await host.handle(Start(user=PEOPLE[0], chat=CHAT))
    assert await store.tables_of_user(PEOPLE[3].key) == [out.table]
    assert await store.due(float("inf")) == [out.table]
    for update in range(100):
        mover = next((p for p in PEOPLE if rec.tokens(p)), None)
        if mover is None:
            break
        again = Press(user=mover, token=rec.tokens(mover)[0], update_id=f"c{update}")
        reply = await host.handle(again)
        assert reply.reply is None or not reply.reply.alert, reply.reply
        assert (await host.handle(again)).reply is None  # the same update again: claimed, ignored
    found = await store.load(out.table)
    assert found and '"status":"over"' in found[0]
    history = await host.history(out.table)
    assert [d.number for d in history] == [1, 2] and [len(d.moves) for d in history] == [8, 12]
    assert await store.tables_of_user(PEOPLE[3].key) == [] and await store.tables_in_chat(CHAT.key) == []
    assert await store.due(float("inf")) == []
