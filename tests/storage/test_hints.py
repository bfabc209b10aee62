"""Chat and user indexes and deadlines: hints written around a commit, ordered and versioned."""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable

import pytest
import redis.asyncio as aioredis
from fakeredis import FakeAsyncRedis

from storage import Conflict, Store
from tests.storage.helpers import defer_settle

# -- chat and user indexes -----------------------------------------------------------------------


async def test_create_indexes_chat_and_users(store: Store) -> None:
    await store.create("t", "v1", chat="c", users=["u1", "u2"])
    assert await store.tables_in_chat("c") == ["t"]
    assert await store.tables_of_user("u1") == ["t"]
    assert await store.tables_of_user("u2") == ["t"]
    assert await store.tables_in_chat("other") == []


async def test_commit_adds_and_removes_users_from_indexes(store: Store) -> None:
    await store.create("t", "v1", chat="c", users=["u1"])
    await store.commit("t", 1, "v2", chat="c", users_added=["u2"], users_removed=["u1"])
    assert await store.tables_of_user("u1") == []
    assert await store.tables_of_user("u2") == ["t"]
    assert await store.tables_in_chat("c") == ["t"]


async def test_index_entry_score_is_the_adding_version(store: Store, redis: aioredis.Redis) -> None:
    await store.create("t", "v1", chat="c", users=["u1"])
    await store.commit("t", 1, "v2", users_added=["u2"])
    assert await redis.zscore(store.keys.user("u1"), "t") == 1
    assert await redis.zscore(store.keys.user("u2"), "t") == 2


async def test_indexes_list_oldest_table_first(store: Store) -> None:
    """Ids are base36 counters: a shorter id is older, then alphabetical order."""
    for tid in ["10", "z", "a", "11"]:
        await store.create(tid, "v1", chat="c", users=["u"])
    assert await store.tables_in_chat("c") == ["a", "z", "10", "11"]
    assert await store.tables_of_user("u") == ["a", "z", "10", "11"]


async def test_index_keys_expire_with_tables(redis: aioredis.Redis, prefix: str) -> None:
    store = Store(redis, prefix=prefix, table_ttl=5000)
    await store.create("t", "v1", chat="c", users=["u1"])
    assert 0 < await redis.ttl(store.keys.chat("c")) <= 5000
    assert 0 < await redis.ttl(store.keys.user("u1")) <= 5000


async def test_forget_user_table(store: Store) -> None:
    await store.create("t", "v1", chat="c", users=["u1", "u2"])
    await store.forget_user_table("u1", "t")
    assert await store.tables_of_user("u1") == []
    assert await store.tables_of_user("u2") == ["t"]


async def test_lost_commit_never_drops_an_index_entry(store: Store) -> None:
    """A commit that loses the compare-and-set removes nobody (hints may only be extra)."""
    await store.create("t", "v1", chat="c", users=["u1"])
    await store.commit("t", 1, "v2")
    with pytest.raises(Conflict):
        await store.commit("t", 1, "stale", chat="c", users_removed=["u1"], closed=True)
    assert await store.tables_of_user("u1") == ["t"]
    assert await store.tables_in_chat("c") == ["t"]


@pytest.mark.parametrize(
    ("b_adds", "u1_tables"),
    [(["u1"], ["t"]), ([], [])],
    ids=["newer-addition-kept", "late-removal-applies"],
)
async def test_a_late_older_removal_yields_only_to_a_newer_addition(
    store_factory: Callable[[], Awaitable[Store]], b_adds: list[str], u1_tables: list[str]
) -> None:
    """Worker A removes u1 at v2, worker B commits v3 (adding u1 back, or not); A's index write comes last."""
    a, b = await store_factory(), await store_factory()
    await a.create("t", "v1", chat="c", users=["u1"])
    held = defer_settle(a)
    await a.commit("t", 1, "v2", users_removed=["u1"])
    await b.commit("t", 2, "v3", users_added=b_adds)
    await held[0]()
    assert await b.tables_of_user("u1") == u1_tables


async def test_close_clears_indexes_and_deadline(store: Store, redis: aioredis.Redis) -> None:
    """Closing removes the table from its chat, from every user it knows and from the deadlines."""
    await store.create("t", "v1", chat="c", users=["u1", "u2"])
    await store.commit("t", 1, "v2", users_added=["u3"], deadline=50.0)
    await store.commit("t", 2, "v3", chat="c", users_removed=["u2"], deadline=60.0, closed=True)
    assert await store.tables_in_chat("c") == []
    for user in ["u1", "u2", "u3"]:
        assert await store.tables_of_user(user) == [], user
    assert await store.due(math.inf) == []
    assert await redis.hget(store.keys.due_versions, "t") is None


async def test_close_keeps_other_tables_in_the_indexes(store: Store) -> None:
    await store.create("t1", "v1", chat="c", users=["u1"])
    await store.create("t2", "v1", chat="c", users=["u1"])
    await store.commit("t1", 1, "v2", chat="c", closed=True)
    assert await store.tables_in_chat("c") == ["t2"]
    assert await store.tables_of_user("u1") == ["t2"]


# -- deadlines -----------------------------------------------------------------------------------


async def test_due_returns_tables_whose_deadline_passed(store: Store) -> None:
    await store.create("early", "v1", chat="c")
    await store.create("late", "v1", chat="c")
    await store.commit("late", 1, "v2", deadline=200.0)
    await store.commit("early", 1, "v2", deadline=100.0)
    assert await store.due(99.0) == []
    assert await store.due(100.0) == ["early"]
    assert await store.due(300.0) == ["early", "late"]
    assert await store.due(300.0, limit=1) == ["early"]
    assert await store.due(math.inf) == ["early", "late"]
    assert await store.next_due() == 100.0


async def test_due_does_not_consume_deadlines(store: Store) -> None:
    await store.create("t", "v1", chat="c")
    await store.commit("t", 1, "v2", deadline=10.0)
    assert await store.due(20.0) == ["t"]
    assert await store.due(20.0) == ["t"]


async def test_next_due_without_deadlines_is_none(store: Store) -> None:
    assert await store.next_due() is None


async def test_commit_without_deadline_clears_it(store: Store) -> None:
    await store.create("t", "v1", chat="c")
    await store.commit("t", 1, "v2", deadline=10.0)
    await store.commit("t", 2, "v3")
    assert await store.due(math.inf) == []


async def test_commit_moves_the_deadline_later(store: Store) -> None:
    """The hint before the commit only moves earlier (ZADD LT); the settled deadline is exact."""
    await store.create("t", "v1", chat="c")
    await store.commit("t", 1, "v2", deadline=10.0)
    await store.commit("t", 2, "v3", deadline=30.0)
    assert await store.next_due() == 30.0


async def test_older_version_cannot_overwrite_newer_deadline(store: Store) -> None:
    await store.create("t", "v1", chat="c")
    await store.schedule("t", 200.0, version=3)
    await store.schedule("t", 100.0, version=2)
    await store.unschedule("t", version=2)
    assert await store.due(150.0) == []
    assert await store.next_due() == 200.0
    await store.schedule("t", 300.0, version=3)
    assert await store.next_due() == 300.0


@pytest.mark.parametrize("b_deadline", [200.0, None], ids=["moved-later", "cleared"])
async def test_a_late_older_commit_leaves_the_newer_deadline(
    store_factory: Callable[[], Awaitable[Store]], b_deadline: float | None
) -> None:
    """A sets a deadline at v2, B moves it later or clears it at v3; A's deadline write comes last."""
    a, b = await store_factory(), await store_factory()
    await a.create("t", "v1", chat="c")
    held = defer_settle(a)
    await a.commit("t", 1, "v2", deadline=100.0)
    await b.commit("t", 2, "v3", deadline=b_deadline)
    await held[0]()
    assert await b.next_due() == b_deadline
    assert await b.due(150.0) == []
    assert await b.due(math.inf) == ([] if b_deadline is None else ["t"])


async def test_unversioned_schedule_and_unschedule(store: Store, redis: aioredis.Redis) -> None:
    await store.create("t", "v1", chat="c")
    await store.schedule("t", 50.0, version=4)
    await store.schedule("t", 70.0)
    assert await store.next_due() == 70.0
    await store.unschedule("t")
    assert await store.next_due() is None
    assert await redis.hget(store.keys.due_versions, "t") is None


async def test_due_drops_deadlines_of_vanished_tables(store: Store, redis: aioredis.Redis) -> None:
    await store.create("alive", "v1", chat="c")
    await store.schedule("alive", 10.0, version=1)
    await store.schedule("gone", 5.0, version=1)
    await store.schedule("gone2", 6.0)
    assert await store.due(20.0) == ["alive"]
    assert await redis.zrange(store.keys.due, 0, -1) == ["alive"]
    assert await redis.hkeys(store.keys.due_versions) == ["alive"]


async def test_due_keeps_future_deadlines_of_vanished_tables(store: Store) -> None:
    """Only what `due` looked at is checked; a later deadline stays until its time."""
    await store.schedule("gone", 500.0)
    assert await store.due(20.0) == []
    assert await store.next_due() == 500.0


# -- the hints in the compare-and-set's own pipeline (a single server) ------------------------------


async def test_a_lost_commit_settles_no_hint_in_its_pipeline(store: Store) -> None:
    """The SETTLE behind a losing compare-and-set removes nobody and leaves the winner's deadline (its
    additions may only move the deadline earlier, ZADD LT, tested elsewhere)."""
    await store.create("t", "v1", chat="c", users=["u1"])
    await store.commit("t", 1, "v2", deadline=100.0)
    for stale in (None, 500.0):  # would clear the deadline, or move it later
        with pytest.raises(Conflict):
            await store.commit("t", 1, "stale", users_removed=["u1"], deadline=stale)
        assert await store.tables_of_user("u1") == ["t"]
        assert await store.next_due() == 100.0


@pytest.mark.backends("real", "fake")  # a Cluster settles by INDEX_REMOVE and DUE (test_a_late_older_*)
async def test_a_settle_overtaken_by_a_newer_commit_writes_nothing(store: Store) -> None:
    """SETTLE for v2 arriving after v3 was committed (another worker's commit between the two commands of
    a pipeline) leaves v3's deadline and indexes alone: at worst a removal is skipped (an extra hint)."""
    assert store.settle_with_commit
    await store.create("t", "v1", chat="c", users=["u1"])
    await store.commit("t", 1, "v2", deadline=100.0)
    await store.commit("t", 2, "v3", users_added=["u1"], deadline=300.0)
    token = await store.redis.hget(store.keys.table("t"), "commit")
    for version, tok in ((2, token), (3, "another token")):
        replies = await store._batch(
            lambda pipe, v=version, t=tok: store._settle_hints(
                pipe, "t", v, None, ["u1"], 50.0, False, token=t
            )
        )
        assert replies[0] == 0
    assert await store.tables_of_user("u1") == ["t"]
    assert await store.next_due() == 300.0


@pytest.mark.backends("real", "fake")  # a Cluster settles the hints in a round trip of their own
async def test_a_won_commit_settles_its_hints_in_one_round_trip(store: Store) -> None:
    """Removals and the exact (later) deadline are written by the commit's own pipeline."""
    assert store.settle_with_commit
    from tests.core.hosting import RoundTrips

    await store.create("t", "v1", chat="c", users=["u1", "u2"])
    await store.commit("t", 1, "v2", deadline=100.0)
    with RoundTrips() as rt:
        assert await store.commit("t", 2, "v3", users_removed=["u2"], deadline=200.0) == 3
    if not isinstance(store.redis, FakeAsyncRedis):
        assert rt.count == 1
    assert await store.tables_of_user("u2") == []
    assert await store.tables_of_user("u1") == ["t"]
    assert await store.next_due() == 200.0
    assert await store.due(150.0) == []
