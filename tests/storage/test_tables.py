"""Store: tables by compare-and-set, events, indexes, deadlines, claims, leases, prefs."""

from __future__ import annotations

import pytest

from storage import Conflict, Store, TableExists


async def test_create_load_commit(store: Store) -> None:
    tid = await store.new_id()
    assert await store.create(tid, '{"a": 1}', chat="c1", users=["u1"]) == 1
    assert await store.load(tid) == ('{"a": 1}', 1)
    assert await store.commit(tid, 1, '{"a": 2}', events=['{"e": 1}']) == 2
    assert await store.load(tid) == ('{"a": 2}', 2)
    assert await store.events(tid) == ['{"e": 1}']
    with pytest.raises(TableExists):
        await store.create(tid, "{}", chat="c1")


async def test_conflict_writes_nothing(store: Store) -> None:
    await store.create("t1", "v1", chat="c")
    await store.commit("t1", 1, "v2", events=["e2"])
    with pytest.raises(Conflict):
        await store.commit("t1", 1, "stale", events=["stale"])
    assert await store.load("t1") == ("v2", 2)
    assert await store.events("t1") == ["e2"]
