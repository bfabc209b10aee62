"""Store: tables by compare-and-set, move history, indexes, deadlines, claims, leases, prefs."""

from __future__ import annotations

import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError

from storage import Conflict, Duplicate, Store, TableExists, Unavailable, tables
from storage.tables import CLAIM_TTL, CLOSED_TTL, HISTORY_BYTES, PACK_FROM, PACKED, guarded
from tests.storage.helpers import lose_first_reply


async def test_create_load_commit(store: Store) -> None:
    tid = await store.new_id()
    assert await store.create(tid, '{"a": 1}', chat="c1", users=["u1"]) == 1
    assert await store.load(tid) == ('{"a": 1}', 1)
    assert await store.commit(tid, 1, '{"a": 2}', moves=["#1", "0:bid:2"]) == 2
    assert await store.load(tid) == ('{"a": 2}', 2)
    assert await store.history(tid) == ["#1", "0:bid:2"]
    with pytest.raises(TableExists):
        await store.create(tid, "{}", chat="c1")


async def test_conflict_writes_nothing(store: Store) -> None:
    await store.create("t1", "v1", chat="c")
    await store.commit("t1", 1, "v2", moves=["e2"])
    with pytest.raises(Conflict):
        await store.commit("t1", 1, "stale", moves=["stale"])
    assert await store.load("t1") == ("v2", 2)
    assert await store.history("t1") == ["e2"]


async def test_versions_count_up_one_per_commit(store: Store) -> None:
    await store.create("t", "v1", chat="c")
    for expected in range(1, 6):
        assert await store.commit("t", expected, f"v{expected + 1}") == expected + 1
    assert await store.load("t") == ("v6", 6)


async def test_load_of_unknown_table_is_none(store: Store) -> None:
    assert await store.load("nope") is None


async def test_stale_commit_leaves_users_and_ttl_untouched(store: Store, redis: aioredis.Redis) -> None:
    """A losing compare-and-set changes neither the users set nor the data, whatever it carried."""
    await store.create("t", "v1", chat="c", users=["u1"])
    await store.commit("t", 1, "v2")
    with pytest.raises(Conflict):
        await store.commit("t", 1, "stale", users_added=["u2"], users_removed=["u1"], closed=True)
    assert await store.users("t") == ["u1"]
    assert await redis.ttl(store.keys.table("t")) > CLOSED_TTL
    assert await store.load("t") == ("v2", 2)


async def test_commit_ahead_of_the_table_conflicts(store: Store) -> None:
    """An expected version the table never had (too high) is a conflict too."""
    await store.create("t", "v1", chat="c")
    with pytest.raises(Conflict):
        await store.commit("t", 2, "v3")
    assert await store.load("t") == ("v1", 1)


async def test_commit_to_missing_table_creates_nothing(store: Store, redis: aioredis.Redis) -> None:
    with pytest.raises(Conflict, match="no longer exists"):
        await store.commit("ghost", 1, "v2", moves=["e"], users_added=["u1"])
    assert await store.load("ghost") is None
    assert await redis.exists(*store.keys.table_keys("ghost")) == 0


async def test_create_on_taken_id_keeps_the_first_table(store: Store, redis: aioredis.Redis) -> None:
    await store.create("t", "first", chat="c", users=["u1"])
    await store.commit("t", 1, "second", moves=["e"])
    with pytest.raises(TableExists):
        await store.create("t", "other", chat="c", users=["u2"])
    assert await store.load("t") == ("second", 2)
    assert await store.history("t") == ["e"]
    assert await store.users("t") == ["u1"]


async def test_create_clears_leftovers_of_a_former_table(store: Store, redis: aioredis.Redis) -> None:
    """A table is one hash: nothing of an expired table of the same id is left to leak into a new one."""
    assert store.keys.table_keys("t") == [store.keys.table("t")]
    await store.create("t", "new", chat="c", users=["u1"])
    assert await store.history("t") == []
    assert await store.users("t") == ["u1"]


async def test_table_keys_expire_after_table_ttl(redis: aioredis.Redis, prefix: str) -> None:
    store = Store(redis, prefix=prefix, table_ttl=5000)
    await store.create("t", "v1", chat="c", users=["u1"])
    await store.commit("t", 1, "v2", moves=["e"], users_added=["u2"])
    for key in store.keys.table_keys("t"):
        assert 0 < await redis.ttl(key) <= 5000, key


async def test_users_set_follows_commits(store: Store, redis: aioredis.Redis) -> None:
    await store.create("t", "v1", chat="c", users=["u1", "u2"])
    await store.commit("t", 1, "v2", users_added=["u3"], users_removed=["u1"])
    assert sorted(await store.users("t")) == ["u2", "u3"]


async def test_close_gives_every_key_a_short_ttl(store: Store, redis: aioredis.Redis) -> None:
    await store.create("t", "v1", chat="c", users=["u1"])
    await store.commit("t", 1, "v2", moves=["e"], chat="c", closed=True)
    for key in store.keys.table_keys("t"):
        assert 0 < await redis.ttl(key) <= CLOSED_TTL, key
    assert await store.load("t") == ("v2", 2)


# -- replayed calls (a reply lost on the wire, the client sends the same call again) ----------------


@pytest.mark.backends("real", "fake")  # a cluster client retries a lost reply on another node
async def test_replayed_create_answers_like_the_first(redis: aioredis.Redis, prefix: str) -> None:
    store = Store(redis, prefix=prefix)
    replies = lose_first_reply(redis)
    assert await store.create("t", "v1", chat="c", users=["u1"]) == 1
    assert len(replies) == 2, "the create script must have been sent twice"
    assert await store.load("t") == ("v1", 1)


@pytest.mark.backends("real", "fake")  # a cluster client retries a lost reply on another node
async def test_replayed_commit_applies_once(redis: aioredis.Redis, prefix: str) -> None:
    store = Store(redis, prefix=prefix)
    await store.create("t", "v1", chat="c")
    replies = lose_first_reply(redis)
    assert await store.commit("t", 1, "v2", moves=["e1", "e2"]) == 2
    assert len(replies) == 3, "the commit script must have been sent twice (then the deadline's)"
    assert await store.load("t") == ("v2", 2)
    assert await store.history("t") == ["e1", "e2"]


@pytest.mark.backends("real", "fake")  # a cluster client retries a lost reply on another node
async def test_replayed_close_still_reports_the_users(redis: aioredis.Redis, prefix: str) -> None:
    """The replay of a closing commit returns the users, so their indexes are still cleared."""
    store = Store(redis, prefix=prefix)
    await store.create("t", "v1", chat="c", users=["u1"])
    lose_first_reply(redis)
    assert await store.commit("t", 1, "v2", chat="c", closed=True) == 2
    assert await store.tables_of_user("u1") == []
    assert await store.tables_in_chat("c") == []


async def test_a_commit_whose_reply_a_closed_connection_lost_is_sent_again_and_applied_once(
    store: Store,
) -> None:
    """The compare-and-set was applied, but its connection was closed before the reply was read (on a
    Cluster redis-py closes every connection after a connection error in any pipeline, and does not send a
    pipeline again for such a reply): the store sends the batch again, and the token makes it answer as
    the first call did."""
    await store.create("t", "v1", chat="c")
    send, sent = store._send, []

    async def reply_lost_once(batch):  # type: ignore[no-untyped-def]
        results = await send(batch)
        sent.append(batch)
        if len(sent) == 1:
            results[batch.strict - 1] = RedisConnectionError("Connection closed by server.")
        return results

    store._send = reply_lost_once  # type: ignore[method-assign]
    assert await store.commit("t", 1, "v2", moves=["e1", "e2"], update="u-1") == 2
    assert len(sent) >= 2
    assert await store.load("t") == ("v2", 2)
    assert await store.history("t") == ["e1", "e2"]


async def test_script_replay_is_recognised_by_token_only(store: Store) -> None:
    """The same commit call sent twice answers alike; another call at the same version conflicts."""
    await store.create("t", "v1", chat="c")
    args = [1, "v2", 100, HISTORY_BYTES, "tok", 0, 1, 0, 0, "c", "", "", "e"]  # one move "e", its code "c"
    call = {"keys": store.keys.commit_keys("t"), "args": args}
    assert [int(x) for x in await store._commit(**call)] == [2]
    assert [int(x) for x in await store._commit(**call)] == [2]
    other = {**call, "args": [1, "v2", 100, HISTORY_BYTES, "tok2", 0, 1, 0, 0, "c", "", "", "e"]}
    assert [int(x) for x in await store._commit(**other)] == [-1]
    assert await store.history("t") == ["e"]
    assert await store.game_codes("t") == "c"  # the replayed call did not append its codes again


async def test_replay_after_a_newer_commit_conflicts(store: Store) -> None:
    """A replay arriving after somebody else committed on top does not pass for success."""
    await store.create("t", "v1", chat="c")
    args = [1, "v2", 100, HISTORY_BYTES, "tok", 0, 0, 0, 0, "", "", ""]
    call = {"keys": store.keys.commit_keys("t"), "args": args}
    await store._commit(**call)
    await store.commit("t", 2, "v3")
    assert [int(x) for x in await store._commit(**call)] == [-1]
    assert await store.load("t") == ("v3", 3)


async def test_replayed_create_after_a_commit_is_table_exists(store: Store) -> None:
    args = ["v1", 100, "tok"]
    assert await store._create(keys=store.keys.table_keys("t"), args=args) == 1
    assert await store._create(keys=store.keys.table_keys("t"), args=args) == 1
    await store.commit("t", 1, "v2")
    assert await store._create(keys=store.keys.table_keys("t"), args=args) == 0
    assert await store.load("t") == ("v2", 2)


# -- move history -------------------------------------------------------------------------------


async def test_moves_are_appended_in_order(store: Store) -> None:
    await store.create("t", "v1", chat="c")
    await store.commit("t", 1, "v2", moves=["#1", "0:bid:1"])
    await store.commit("t", 2, "v3")
    await store.commit("t", 3, "v4", moves=["1:bid:0"])
    assert await store.history("t") == ["#1", "0:bid:1", "1:bid:0"]


async def test_history_of_unknown_table_is_empty(store: Store) -> None:
    assert await store.history("nope") == []


async def test_a_new_deal_keeps_the_previous_one_only(store: Store) -> None:
    await store.create("t", "v1", chat="c")
    await store.commit("t", 1, "v2", moves=["#1", "0:play:7S", "1:play:8S"])
    await store.commit("t", 2, "v3", moves=["2:play:9S", "#2"])
    await store.commit("t", 3, "v4", moves=["1:bid:0"])
    assert await store.history("t") == ["#1", "0:play:7S", "1:play:8S", "2:play:9S", "#2", "1:bid:0"]
    await store.commit("t", 4, "v5", moves=["3:play:AS", "#3", "0:bid:1"])
    assert await store.history("t") == ["#2", "1:bid:0", "3:play:AS", "#3", "0:bid:1"]


async def test_history_is_capped(store: Store) -> None:
    """A deal longer than HISTORY_BYTES keeps its newest moves, and says it lost its start."""
    await store.create("t", "v1", chat="c")
    for v in range(1, 4):
        await store.commit("t", v, f"v{v + 1}", moves=[f"{v % 4}:play:m{v}-{i}" for i in range(150)])
    history = await store.history("t")
    assert history[-1] == "3:play:m3-149" and not history[0].startswith("#")
    assert HISTORY_BYTES - 20 <= len("\n".join(history).encode()) <= HISTORY_BYTES


# -- ids, figures, failures ----------------------------------------------------------------------


async def test_new_ids_are_unique_base36_counters(store_factory: Callable[[], Awaitable[Store]]) -> None:
    a, b = await store_factory(), await store_factory()
    ids = [await a.new_id(), await b.new_id(), await a.new_id()]
    assert all(re.fullmatch(r"[0-9a-z]+", i) for i in ids)
    assert [int(i, 36) - int(ids[0], 36) for i in ids] == [0, 1, 2]


async def test_memory_usage_counts_at_least_the_payload(store: Store) -> None:
    data = secrets.token_hex(400)  # too short to be packed
    await store.create("t", data, chat="c", users=["u1"])
    await store.commit("t", 1, data, moves=["e" * 1000])
    assert await store.memory_usage("t") >= 1800
    assert await store.memory_usage("nope") == 0


async def test_long_table_json_is_stored_packed(store: Store, redis: aioredis.Redis) -> None:
    data = json.dumps({"seats": [{"user": {"platform": "telegram", "id": str(i)}} for i in range(60)]})
    assert len(data) > PACK_FROM
    await store.create("t", data, chat="c")
    assert await store.load("t") == (data, 1)
    await store.commit("t", 1, data + " ")
    stored = await redis.hget(store.keys.table("t"), "data")
    assert stored is not None and stored.startswith(PACKED) and len(stored) < len(data) / 2
    assert await store.load("t") == (data + " ", 2)
    assert (await store.begin("u", None, "t"))[2] == (data + " ", 2)


async def test_failed_compare_and_set_is_unavailable(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    await store.create("t", "v1", chat="c")

    def broken(*_: object, **_kw: object) -> None:
        raise RedisConnectionError("down")

    monkeypatch.setattr(store, "_compare_and_set", broken)
    with pytest.raises(Unavailable, match="down"):
        await store.commit("t", 1, "v2")


async def test_failed_additions_abort_before_the_table_is_written(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    await store.create("t", "v1", chat="c")

    def broken(*_: object) -> None:
        raise RedisConnectionError("down")

    monkeypatch.setattr(store, "_add_hints", broken)
    with pytest.raises(Unavailable):
        await store.commit("t", 1, "v2", users_added=["u2"])
    assert await store.load("t") == ("v1", 1)


async def test_failed_index_settling_still_returns_the_version(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The move happened: commit returns its version and only logs that the hints lag (the hints' own
    round trip after the compare-and-set: a Cluster's, and closing's)."""
    await store.create("t", "v1", chat="c")
    store.settle_with_commit = False

    def broken(*_: object, **_kw: object) -> None:
        raise RedisConnectionError("down")

    monkeypatch.setattr(store, "_settle_hints", broken)
    with caplog.at_level(logging.WARNING, logger="storage.tables"):
        assert await store.commit("t", 1, "v2", deadline=10.0) == 2
    assert await store.load("t") == ("v2", 2)
    assert "index update failed" in caplog.text


@pytest.mark.backends("real", "fake")  # a Cluster settles the hints in a round trip of their own
async def test_hints_failing_in_the_commits_pipeline_still_return_the_version(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """On a single server the hints ride behind the compare-and-set: their error only logs."""
    assert store.settle_with_commit
    await store.create("t", "v1", chat="c")

    def broken(pipe: object, *_: object, **_kw: object) -> None:
        pipe.execute_command("KOZYR-NO-SUCH-COMMAND")  # type: ignore[attr-defined]

    monkeypatch.setattr(store, "_settle_hints", broken)
    with caplog.at_level(logging.WARNING, logger="storage.tables"):
        assert await store.commit("t", 1, "v2", deadline=10.0) == 2
    assert await store.load("t") == ("v2", 2)
    assert "index update failed" in caplog.text


# -- update ids remembered by the table (a platform delivering an update twice) -----------------------


async def test_an_update_applied_once_is_a_duplicate_after(store: Store) -> None:
    await store.create("t", "v1", chat="c")
    assert (await store.begin("u1", "update:x", "t", update="41"))[1] is True
    assert await store.commit("t", 1, "v2", moves=["0:a"], update="41") == 2
    assert (await store.begin("u1", "update:x", "t", update="41"))[1] is False
    with pytest.raises(Duplicate):  # the same update again, even on top of the version it made
        await store.commit("t", 2, "v3", moves=["0:a"], update="41")
    with pytest.raises(Duplicate):  # and from a worker that loaded the table before it was applied
        await store.commit("t", 1, "v2'", update="41")
    assert await store.load("t") == ("v2", 2) and await store.history("t") == ["0:a"]
    assert not await store.redis.exists(store.keys.seen("update:x"))  # no claim key of its own


async def test_a_table_remembers_its_last_eight_update_ids(store: Store) -> None:
    await store.create("t", "v1", chat="c")
    for n in range(10):
        await store.commit("t", n + 1, f"v{n + 2}", update=f"u{n}")
    assert await store.redis.hget(store.keys.table("t"), "seen") == " ".join(f"u{n}" for n in range(2, 10))
    assert await store.commit("t", 11, "v12", update="u0") == 12  # forgotten: minutes older than the rest


async def test_a_command_without_a_table_claims_its_update_on_a_key(store: Store) -> None:
    assert (await store.begin("u1", "update:y", None, update="7"))[1] is True
    assert (await store.begin("u1", "update:y", None, update="7"))[1] is False
    assert 0 < await store.redis.ttl(store.keys.seen("update:y")) <= CLAIM_TTL


# -- hints a move need not write ---------------------------------------------------------------


async def test_a_lazy_deadline_is_not_written_and_an_earlier_one_is(store: Store) -> None:
    await store.create("t", "v1", chat="c")
    await store.commit("t", 1, "v2", deadline=100.0)
    await store.commit("t", 2, "v3", deadline=500.0, lazy=True)  # later: the sweep finds it at 100
    assert await store.next_due() == 100.0
    await store.commit("t", 3, "v4", deadline=50.0)  # earlier (an AI's move): written
    assert await store.next_due() == 50.0


async def test_the_chat_index_is_written_once_a_day_per_process(store_factory) -> None:
    a = await store_factory()
    await a.create("t", "v1", chat="c")
    await a.redis.delete(a.keys.chat("c"))
    await a.commit("t", 1, "v2", chat="c")
    assert await a.tables_in_chat("c") == []  # this process wrote it at the start: not again
    b = await store_factory()
    await b.commit("t", 2, "v3", chat="c")
    assert await b.tables_in_chat("c") == ["t"]  # another process writes it at its first move
    await a.commit("t", 3, "v4", chat="other")
    assert await a.tables_in_chat("other") == ["t"]  # a table moving chat is indexed there


async def test_redis_pys_closed_writer_race_is_unavailable_and_a_bug_of_ours_is_not() -> None:
    """redis-py lets a raw AttributeError out of its connection module when the connection was closed
    under a write (redis/redis-py#3546): that is a lost connection ("try again", the sweep's reconcile
    after an outage), while the same error raised by our own code stays a bug."""
    source = "def write(w):\n    w.writelines([b'PING'])\n"
    in_redis: dict[str, Any] = {}
    exec(compile(source, aioredis.connection.__file__, "exec"), in_redis)  # a frame of redis-py's
    ours: dict[str, Any] = {}
    exec(compile(source, __file__, "exec"), ours)

    @guarded
    async def send(write: Any) -> None:
        write(None)

    with pytest.raises(Unavailable, match="writelines"):
        await send(in_redis["write"])
    with pytest.raises(AttributeError):
        await send(ours["write"])


async def test_a_server_that_forgot_the_scripts_is_taught_them_again(store: Store) -> None:
    """NOSCRIPT (a restarted server, a new node) answers a lone script and one in a pipeline alike: the
    store loads its scripts and runs the batch again."""
    redis: Any = store.redis
    flush = {"target_nodes": redis.ALL_NODES} if store.cluster else {}
    await store.create("t1", "v1", chat="c1")  # (a hint, then a lone script: the compare-and-set)
    for n in range(2, 4):
        await redis.execute_command("SCRIPT FLUSH", **flush)
        assert await store.commit("t1", n - 1, f"v{n}", chat=None if n == 2 else "c2") == n
    await redis.execute_command("SCRIPT FLUSH", **flush)
    assert await store.create("t2", "w1", chat="c1") == 1
    assert await store.load("t1") == ("v3", 3) and await store.load("t2") == ("w1", 1)


@pytest.mark.backends("cluster")  # a single server has no slots to move
async def test_a_commit_whose_slot_moved_waits_again_on_the_new_node(
    redis: Any, prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Cluster commit waiting for a replica: when its key's node is another after the pipeline (the slot
    moved under it), the store sends its scripts again with a WAIT behind them on that node — one more
    pipeline; the commit counts once and the table is as committed."""
    store = Store(redis, prefix=prefix, wait_replicas=1, wait_timeout=0.02)  # no replica: WAITs fall short
    await store.create("t1", "v1", chat="c1")
    phase = [0]  # 0: before and during the commit's pipeline, 1: after it, 2: in the one after
    sent: list[list[Any]] = []
    send, locate = tables.pipeline, redis.get_node_from_key

    async def counted(client: Any, commands: list[Any], **kwargs: Any) -> list[Any]:
        phase[0] = 2 if phase[0] else 0
        sent.append([c[0] for c in commands] + [w.name for w in kwargs.get("waits", ())])
        replies = await send(client, commands, **kwargs)
        phase[0] = max(phase[0], 1)
        return replies

    def moved(key: str, *args: Any, **kwargs: Any) -> Any:
        node = locate(key, *args, **kwargs)
        if phase[0] == 1:  # between the two: another master holds the slot now
            return next(n for n in redis.get_primaries() if n.name != node.name)
        return node

    monkeypatch.setattr(tables, "pipeline", counted)
    monkeypatch.setattr(redis, "get_node_from_key", moved)
    store.durability._paused_until.clear()  # the create's WAIT fell short: waits paused on its node
    other = next(n.name for n in redis.get_primaries() if n.name != locate(store.keys.table("t1")).name)
    before = await waited(redis, other)
    waits = store.durability.waits
    assert await store.commit("t1", 1, "v2", chat="c1") == 2
    assert len(sent) == 2 and set(sent[1][:-1]) == {"evalsha"}, sent  # the scripts again, then the WAIT
    assert sent[1][-1] != sent[0][-1]  # on the other node
    assert await waited(redis, sent[1][-1]) > before  # and that node heard it (others may WAIT there too)
    assert store.durability.waits == waits + 1  # one reply heard: the second WAIT's
    assert await store.load("t1") == ("v2", 2)


async def waited(redis: Any, name: str) -> int:
    """How many WAITs the Cluster node `name` has answered."""
    node = next(n for n in redis.get_primaries() if n.name == name)
    stats = await redis.info("commandstats", target_nodes=node)
    return int(stats.get("cmdstat_wait", {}).get("calls", 0))
