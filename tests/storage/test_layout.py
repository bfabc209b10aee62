"""Message ids, the key layout (Cluster hash slots) and connection failures."""

from __future__ import annotations

import asyncio
import socket
from dataclasses import dataclass

import pytest
import redis.asyncio as aioredis
from fakeredis import FakeServer
from redis.crc import key_slot

from storage import RedisMessageIds, Store, Unavailable, connect, ping
from storage.batching import pipeline
from storage.keys import Keys, base36, in_slot
from storage.messages import group_of, move_table_ids
from tests.conftest import _cluster_url


@dataclass(frozen=True)
class Target:
    key: str


# -- message ids ---------------------------------------------------------------------------------


async def test_message_ids_get_set_forget(redis: aioredis.Redis, prefix: str) -> None:
    ids = RedisMessageIds(redis, prefix=prefix)
    target = Target("table:t1")
    assert await ids.get(target) is None
    await ids.set(target, "m1")
    assert await ids.get(target) == "m1"
    await ids.set(target, "m2")
    assert await ids.get(target) == "m2"
    await ids.forget(target)
    assert await ids.get(target) is None


async def test_a_tables_message_ids_share_one_hash(redis: aioredis.Redis, prefix: str) -> None:
    ids = RedisMessageIds(redis, prefix=prefix, ttl=5000)
    await ids.set(Target("table:t1"), "m1")
    await ids.set(Target("hand:t1:u1"), "m2")
    await ids.set(Target("hand:t2:u1"), "m3")
    key = Keys(prefix).messages("t1")
    assert await redis.hgetall(key) == {"table:t1": "m1", "hand:t1:u1": "m2"}
    assert 0 < await redis.ttl(key) <= 5000
    await ids.forget(Target("table:t1"))
    assert await ids.get(Target("hand:t1:u1")) == "m2"


async def test_other_targets_get_a_hash_of_their_own(redis: aioredis.Redis, prefix: str) -> None:
    ids = RedisMessageIds(redis, prefix=prefix)
    await ids.set(Target("lobby:c1"), "m1")
    assert await redis.hgetall(Keys(prefix).messages("lobby:c1")) == {"lobby:c1": "m1"}


async def test_former_message_id_hashes_move_into_their_tables_slot(
    redis: aioredis.Redis, prefix: str
) -> None:
    """A table's ids kept under the former key (`{p}:msg:{table:<id>}`) move once; a newer id already
    written under the new key is kept; the layout mark stops a second scan."""
    old = f"{prefix}:msg:{{table:t1}}"
    await redis.hset(old, mapping={"table:t1": "m1", "hand:t1:u1": "m2"})
    await redis.expire(old, 5000)
    ids = RedisMessageIds(redis, prefix=prefix)
    await ids.set(Target("hand:t1:u1"), "m3")  # a worker of the new layout wrote meanwhile
    assert await move_table_ids(redis, prefix) == 1
    assert await ids.get(Target("table:t1")) == "m1" and await ids.get(Target("hand:t1:u1")) == "m3"
    assert not await redis.exists(old) and 0 < await redis.ttl(Keys(prefix).messages("t1")) <= 5000
    await redis.hset(old, "table:t1", "m9")
    assert await move_table_ids(redis, prefix) == 0  # done once per deployment
    assert await ids.get(Target("table:t1")) == "m1"


def test_group_of() -> None:
    assert group_of("table:abc") == "abc"
    assert group_of("hand:abc:u:1") == "abc"
    assert group_of("table:") == "table:"
    assert group_of("dm:u1") == "dm:u1"


# -- key layout ----------------------------------------------------------------------------------


@pytest.mark.parametrize("table_id", ["t", "zz9", base36(36**6 - 1)])
def test_a_tables_keys_share_one_slot(table_id: str) -> None:
    keys = Keys("kozyr")
    every = {
        *keys.table_keys(table_id),
        *keys.commit_keys(table_id),
        keys.messages(group_of(f"hand:{table_id}:u")),
    }
    assert {key_slot(k.encode()) for k in every} == {key_slot(table_id.encode())}


@pytest.mark.parametrize("chat", ["-1001234567890", "-42", "guild:1:channel:2"])
def test_a_new_tables_keys_share_its_groups_lane_slot_and_its_hands_lanes_too(chat: str) -> None:
    """On a Cluster a new table's id is chosen in its group's pacing lane's slot (`in_slot`: a few more
    base36 characters); its hands' lanes (`<name>@<table>`) are paced in the table's slot."""
    keys = Keys("kozyr")
    lane = f"chat:telegram:{chat}"
    table_id = in_slot("zz9ab", lane)
    assert table_id.startswith("zz9ab") and len(table_id) in (8, 9) and table_id.isalnum()
    every = {*keys.commit_keys(table_id), keys.pace(lane), keys.pace(f"dm:telegram:7@{table_id}")}
    assert {key_slot(k.encode()) for k in every} == {key_slot(lane.encode())}
    assert keys.pace(lane) == "kozyr:pace:{chat:telegram:" + chat + "}"


async def test_a_store_chooses_the_id_in_the_lanes_slot_on_a_cluster_only(
    redis: aioredis.Redis, prefix: str
) -> None:
    store = Store(redis, prefix=prefix)
    near = "chat:telegram:-100"
    table_id = await store.new_id(near)
    if store.cluster:
        assert redis.keyslot(store.keys.table(table_id)) == redis.keyslot(store.keys.pace(near))  # type: ignore[attr-defined]
    else:  # one server: no slots, the id stays short
        assert len(table_id) <= 6


def test_tables_spread_over_slots() -> None:
    """The hash tag is the table id, not the prefix: different tables land in different slots."""
    keys = Keys("kozyr")
    assert len({key_slot(keys.table(base36(n)).encode()) for n in range(100)}) > 50


def test_due_keys_share_one_slot() -> None:
    keys = Keys("kozyr")
    assert key_slot(keys.due.encode()) == key_slot(keys.due_versions.encode()) == key_slot(b"due")


def test_one_tables_message_targets_share_one_key() -> None:
    keys = Keys("p")
    assert keys.messages(group_of("table:t1")) == keys.messages(group_of("hand:t1:u7"))


def test_base36() -> None:
    assert [base36(n) for n in [0, 35, 36, 36**5]] == ["0", "z", "10", "100000"]
    assert all(int(base36(n), 36) == n for n in range(0, 5000, 37))


# -- connections ---------------------------------------------------------------------------------


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_unreachable_server_is_unavailable() -> None:
    client = await connect(f"redis://127.0.0.1:{_closed_port()}/0", timeout=0.5, retries=0)
    try:
        store = Store(client, prefix="x")
        with pytest.raises(Unavailable):
            await store.load("t")
        with pytest.raises(Unavailable):
            await store.commit("t", 1, "v2", chat="c")
        with pytest.raises(Unavailable):
            await store.claim("upd")
        with pytest.raises(Unavailable):
            await RedisMessageIds(client, prefix="x").get(Target("table:t"))
        assert await ping(client) is False
    finally:
        await client.aclose()


async def test_a_cluster_client_answers_a_burst_after_it_closed_its_connections(prefix: str) -> None:
    """redis-py closes a Cluster client's every connection after a connection error (a failover) and,
    by default, every fifth MOVED; the burst that follows — single commands sent to a random master
    before it knows the slots again, pipelines like a commit's — must not break a pipeline in flight
    ("Connection closed by server": the commit's "try again")."""
    client = await connect(_cluster_url(), topology="cluster")

    async def one(i: int) -> list[object]:
        key = f"{prefix}:{{b{i}}}"
        if i % 2:
            return [await client.hmget(key, ["a"])]
        return await pipeline(client, [("hset", (key, "a", "1"), {}), ("hgetall", (key,), {})])

    try:
        for _ in range(3):
            await client.aclose()  # what redis-py does itself; it reconnects on the next command
            replies = await asyncio.gather(*(one(i) for i in range(60)), return_exceptions=True)
            failed = [r for reply in replies for r in (reply if isinstance(reply, list) else [reply])]
            assert [r for r in failed if isinstance(r, BaseException)] == []
    finally:
        await client.aclose()


async def test_embedded_store_shares_a_given_server() -> None:
    server = FakeServer()
    a, b = await connect(None, server=server), await connect(None, server=server)
    try:
        assert await ping(a) is True
        await Store(a, prefix="p").create("t", "v1", chat="c")
        assert await Store(b, prefix="p").load("t") == ("v1", 1)
    finally:
        await a.aclose()
        await b.aclose()
