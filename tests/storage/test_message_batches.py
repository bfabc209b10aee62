"""Message ids in batches: one tick's lookups (and writes) go to Redis as one pipeline, each answered."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
import redis.asyncio as aioredis
from fakeredis import FakeAsyncRedis
from redis.exceptions import ConnectionError as RedisConnectionError

from bot.core.api import ChatRef, UserRef
from bot.core.outbox import Outbox
from bot.core.outcome import Delivery, HandTarget, Screen, TableTarget
from bot.telegram.frontend import lane_for, limit_for
from storage import Conflict, RedisMessageIds, RedisPacer, Store, Unavailable
from storage.batching import Ahead, merged
from storage.connect import is_cluster
from storage.tables import NOT_CARRIED, Durability
from tests.core.hosting import RoundTrips

GROUP = ChatRef(platform="telegram", id="-100")
PEOPLE = [UserRef(platform="telegram", id=str(i), name=f"P{i}") for i in range(2)]


@dataclass(frozen=True)
class Target:
    key: str


TARGETS = [Target("table:t1"), Target("hand:t1:u1"), Target("hand:t2:u1"), Target("lobby:c1")]


def real(redis: aioredis.Redis) -> bool:
    return not isinstance(redis, FakeAsyncRedis)


async def test_one_ticks_lookups_and_writes_take_one_round_trip_each(
    redis: aioredis.Redis, prefix: str
) -> None:
    ids = RedisMessageIds(redis, prefix=prefix)
    await ids.set(TARGETS[0], "m0", "view0@3")
    await ids.set(TARGETS[3], "m3")
    with RoundTrips() as looked:
        found = await asyncio.gather(*(ids.lookup(t) for t in TARGETS))
    assert found == [("m0", "view0@3"), (None, None), (None, None), ("m3", None)]
    with RoundTrips() as wrote:
        await asyncio.gather(
            ids.mark(TARGETS[0], "view0@4"), ids.set(TARGETS[1], "m1", "hand"), ids.set(TARGETS[2], "m2")
        )
    assert await asyncio.gather(*(ids.lookup(t) for t in TARGETS)) == [
        ("m0", "view0@4"),
        ("m1", "hand"),
        ("m2", None),
        ("m3", None),
    ]
    if real(redis):  # a Cluster's pipeline may take a round trip per node it touches
        most = 1 if ids.atomic else 3
        assert 1 <= looked.count <= most and 1 <= wrote.count <= most, (looked.count, wrote.count)


async def test_a_new_messages_id_waits_for_a_replica_in_its_own_round_trip(
    redis: aioredis.Redis, prefix: str
) -> None:
    durability = Durability(replicas=1, timeout=0.02)  # these servers have no replica: each WAIT falls short
    ids = RedisMessageIds(redis, prefix=prefix, durability=durability)
    await asyncio.gather(*(ids.lookup(t) for t in TARGETS))  # connected (a new connection's setup)
    with RoundTrips() as wrote:
        await asyncio.gather(ids.set(TARGETS[0], "m0", "view0@3"), ids.set(TARGETS[1], "m1"))
    assert await ids.lookup(TARGETS[0]) == ("m0", "view0@3") and await ids.get(TARGETS[1]) == "m1"
    nodes = 1 if ids.atomic else 3
    assert 1 <= durability.waits <= nodes and durability.shortfalls == durability.waits  # sent, and read
    assert wrote.count <= nodes or not real(
        redis
    )  # behind the writes, on their connection: no round trip more
    waits = durability.waits
    durability._paused_until.clear()
    await ids.mark(TARGETS[0], "view0@4")  # a view alone lost in a failover is only sent again
    assert durability.waits == waits


async def test_a_late_or_stale_write_never_takes_a_newer_message_over(
    redis: aioredis.Redis, prefix: str
) -> None:
    """An id whose view is older than the stored one's is refused; a view or a forget for a message that
    is no longer the target's is refused (`bot.core.outbox`: a write that came late across workers)."""
    ids = RedisMessageIds(redis, prefix=prefix)
    target = TARGETS[1]
    assert await ids.set(target, "m1", "a@16")
    assert not await ids.set(target, "m2", "b@13")  # late: 13 < 16
    assert await ids.set(target, "m3", "c@16") and await ids.lookup(target) == ("m3", "c@16")
    assert not await ids.mark(target, "d@17", "m1") and await ids.mark(target, "d@17", "m3")
    assert not await ids.forget(target, "m1") and await ids.lookup(target) == ("m3", "d@17")
    assert await ids.forget(target, "m3") and await ids.lookup(target) == (None, None)


async def test_an_id_set_without_a_view_drops_the_old_view(redis: aioredis.Redis, prefix: str) -> None:
    ids = RedisMessageIds(redis, prefix=prefix)
    await ids.set(TARGETS[1], "m1", "old view")
    await ids.set(TARGETS[1], "m2")
    assert await ids.lookup(TARGETS[1]) == ("m2", None)


def failing_once(redis: aioredis.Redis, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The next pipeline of `redis` fails on the wire (a Redis hiccup); returns the count of sends."""
    sends: list[int] = []
    pipeline = redis.pipeline

    def hiccup(*args: Any, **kwargs: Any) -> Any:
        pipe = pipeline(*args, **kwargs)
        execute = pipe.execute

        async def broken(*a: Any, **k: Any) -> Any:
            sends.append(1)
            if len(sends) == 1:
                raise RedisConnectionError("hiccup")
            return await execute(*a, **k)

        pipe.execute = broken
        return pipe

    monkeypatch.setattr(redis, "pipeline", hiccup)
    return sends


@pytest.mark.parametrize("what", ["lookups", "writes"])
async def test_a_hiccup_in_a_batch_reaches_every_caller_and_nothing_hangs(
    redis: aioredis.Redis, prefix: str, monkeypatch: pytest.MonkeyPatch, what: str
) -> None:
    ids = RedisMessageIds(redis, prefix=prefix)
    await ids.set(TARGETS[0], "m0", "v")
    sends = failing_once(redis, monkeypatch)

    def calls() -> list[Awaitable[Any]]:
        if what == "lookups":
            return [ids.lookup(t) for t in TARGETS]
        return [ids.mark(t, f"v{i}") for i, t in enumerate(TARGETS)]

    # a guard against a hang, not a timing: each batch answers in milliseconds
    failed = await asyncio.wait_for(asyncio.gather(*calls(), return_exceptions=True), 10)
    assert len(sends) == 1
    assert all(isinstance(e, Unavailable) and "hiccup" in str(e) for e in failed), failed
    assert await ids.lookup(TARGETS[0]) == ("m0", "v")  # nothing of the failed batch was written
    await asyncio.wait_for(asyncio.gather(*calls()), 10)  # the next batch goes through
    if what == "writes":
        assert await ids.lookup(TARGETS[0]) == ("m0", "v0")


async def test_a_cancelled_caller_leaves_the_others_answered(redis: aioredis.Redis, prefix: str) -> None:
    ids = RedisMessageIds(redis, prefix=prefix)
    await ids.set(TARGETS[0], "m0", "v")
    gone = asyncio.create_task(ids.lookup(TARGETS[1]))
    kept = asyncio.create_task(ids.lookup(TARGETS[0]))
    await asyncio.sleep(0)  # both asked in this tick
    gone.cancel()
    assert await kept == ("m0", "v")  # the batch answered it though another of its callers was gone
    assert gone.cancelled() or await gone == (None, None)


class Transport:
    """Records the calls in order; always works."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, str]] = []
        self.next_id = 0

    async def post(self, target: Any, screen: Screen) -> str | None:
        self.calls.append(("post", target.key, screen.text()))
        self.next_id += 1
        return str(self.next_id)

    async def edit(self, target: Any, message_id: str, screen: Screen) -> None:
        self.calls.append(("edit", target.key, screen.text()))

    async def delete(self, target: Any, message_id: str) -> None:
        self.calls.append(("delete", target.key, message_id))


def move(n: int, table: str = "t1") -> list[Delivery]:
    """What a move changes: the group's table (version n) and the two people's hands, three lanes."""
    hands = [
        Delivery(target=HandTarget(table=table, user=p), screen=Screen(lines=[f"hand {p.id} {n}"]), version=n)
        for p in PEOPLE
    ]
    screen = Screen(lines=[f"move {n}"])
    return [Delivery(target=TableTarget(table=table, chat=GROUP), screen=screen, version=n), *hands]


async def test_two_workers_with_batched_ids_never_show_an_older_view(
    redis_factory: Callable[[], aioredis.Redis], prefix: str
) -> None:
    """Worker B still holds version 4 of a move after worker A showed version 5 of its three messages: B
    sends none of them; a newer version goes out from either worker, each message edited in place."""
    tr = Transport()
    a = Outbox(tr, RedisMessageIds(redis_factory(), prefix=prefix))
    b = Outbox(tr, RedisMessageIds(redis_factory(), prefix=prefix))
    for box, n in ((a, 3), (a, 5), (b, 4)):
        box.submit(move(n))
        await box.drain()
    assert sorted(tr.calls) == sorted(
        [("post", d.target.key, d.screen.text()) for d in move(3)]
        + [("edit", d.target.key, d.screen.text()) for d in move(5)]
    )
    assert b.skipped == 3
    tr.calls.clear()
    b.submit(move(6))
    await b.drain()
    b.submit(move(6))  # the same view again: no empty edit
    await b.drain()
    assert sorted(tr.calls) == sorted([("edit", d.target.key, d.screen.text()) for d in move(6)])
    assert b.skipped == 6


@pytest.mark.backends("real", "cluster")  # round trips are counted on a real server's sockets
async def test_a_moves_three_messages_cost_two_round_trips(redis: aioredis.Redis, prefix: str) -> None:
    """The outbox's lanes look up their messages in one pipeline and mark them in another."""
    assert real(redis)
    box = Outbox(Transport(), RedisMessageIds(redis, prefix=prefix))
    box.submit(move(1))
    await box.drain()
    with RoundTrips() as rt:
        box.submit(move(2))
        await box.drain()
    assert rt.count <= (2 if not hasattr(redis, "get_nodes") else 6), rt.count


def test_a_ticks_commands_on_one_hash_are_sent_as_one() -> None:
    """One HMGET for the lookups of one table's messages (each caller gets its own fields back), one HSET
    for what they show, a TTL asked twice sent once; an HDEL of a hash keeps that hash's writes apart."""
    asked = [
        ("hmget", ("k", ["a", "a#"]), {}),
        ("evalsha", ("sha", 1, "pace"), {}),
        ("hmget", ("k", ["b", "b#"]), {}),
        ("hmget", ("other", ["c"]), {}),
    ]
    commands, picks = merged(asked)
    assert commands == [
        ("hmget", ("k", ["a", "a#", "b", "b#"]), {}),
        ("evalsha", ("sha", 1, "pace"), {}),
        ("hmget", ("other", ["c"]), {}),
    ]
    replies = [["1", "v1", None, None], 0, ["3"]]
    assert [pick(replies) for pick in picks] == [["1", "v1"], 0, [None, None], ["3"]]
    writes = [
        ("hset", ("k", "a#", "v2"), {}),
        ("hset", ("k",), {"mapping": {"b": "2", "b#": "v"}}),
        ("expire", ("k", 60), {"nx": True}),
        ("expire", ("k", 60), {"nx": True}),
        ("hdel", ("j", "x#"), {}),
        ("hset", ("j", "x", "9"), {}),
        ("hset", ("j",), {"mapping": {"y#": "w"}}),
    ]
    commands, picks = merged(writes)
    assert commands[:2] == [("hset", ("k",), {"mapping": {"a#": "v2", "b": "2", "b#": "v"}}), writes[2]]
    assert commands[2:] == writes[4:]  # a tick deleting a field of `j`: its writes keep their order
    failed = RedisConnectionError("lost")
    assert [pick([1, failed, 0, 1, 1]) for pick in picks][:4] == [1, 1, failed, failed]


@pytest.mark.backends("real", "cluster")  # round trips are counted on a real server's sockets
async def test_with_telegrams_pacing_a_moves_three_messages_still_cost_two_round_trips(
    redis: aioredis.Redis, prefix: str
) -> None:
    """Paced as production paces (the Telegram front end's lanes, their slots in Redis), a move's lanes
    take their slots in the pipeline of their lookups: no round trip of the pacer's own."""
    assert real(redis)
    now = [1_000_000.0]
    transport, pacer = Transport(), RedisPacer(redis, prefix=prefix)
    ids = RedisMessageIds(redis, prefix=prefix)
    box = Outbox(transport, ids, limit_for=limit_for, lane_for=lane_for, pacer=pacer, clock=lambda: now[0])
    box.submit(move(1))
    await box.drain()
    now[0] += 10.0  # the next move, 10 s later: every lane's slot is free
    with RoundTrips() as rt:
        box.submit(move(2))
        await box.drain()
    assert sorted(transport.calls[3:]) == sorted([("edit", d.target.key, d.screen.text()) for d in move(2)])
    assert rt.count <= (2 if not hasattr(redis, "get_nodes") else 6), rt.count


async def test_a_commit_carries_the_outboxs_reads_and_slots_and_answers_each(
    redis: aioredis.Redis, prefix: str
) -> None:
    """`Store.commit(ahead=…)`: the table's message ids read in its pipeline and a slot taken in each lane —
    on a Cluster only a lane whose key is on the table's node (the others answered `NOT_CARRIED`: the
    outbox takes them itself) — each reply back in the order asked."""
    store = Store(redis, prefix=prefix)
    await store.create("t1", "{}", chat="c1")
    ids, pacer = RedisMessageIds(redis, prefix=prefix), RedisPacer(redis, prefix=prefix)
    await ids.set(Target("hand:t1:u1"), "41", "fp@1")
    await pacer.take("elsewhere", 3.0, 1000.0)  # its script loaded
    read, parse = ids.ahead("t1")
    lanes = [f"chat:c{i}" for i in range(6)]  # on a Cluster some on the table's node, some not
    takes = [pacer.ahead(lane, 3.0, 1000.0) for lane in lanes]
    got: list[Any] = []
    await store.commit("t1", 1, "{}", ahead=Ahead(redis, [read, *(c for c, _ in takes)], got.extend))
    assert parse(got[0]) == {"hand:t1:u1": ("41", "fp@1")}
    taken = [lane for lane, reply in zip(lanes, got[1:], strict=True) if reply is not NOT_CARRIED]
    assert len(got) == 1 + len(lanes) and (taken == lanes or is_cluster(redis))
    assert [float(r) for r in got[1:] if r is not NOT_CARRIED] == [0.0] * len(taken)
    for lane in lanes:  # the slots the commit took are taken; the others are free
        assert await pacer.take(lane, 3.0, 1000.0) == (3.0 if lane in taken else 0.0)
    got.clear()  # a commit that loses its compare-and-set reports nothing
    with pytest.raises(Conflict):
        await store.commit("t1", 1, "{}", ahead=Ahead(redis, [read], got.extend))
    assert got == []
    flush = {"target_nodes": redis.ALL_NODES} if is_cluster(redis) else {}  # type: ignore[attr-defined]
    await redis.execute_command("SCRIPT FLUSH", **flush)  # a restarted server: the commit teaches it the
    later = [pacer.ahead(lane, 3.0, 2000.0) for lane in lanes]  # pacer's script too, which it carries
    carried = Ahead(redis, [read, *(c for c, _ in later)], got.extend)
    assert await store.commit("t1", 2, "{}", ahead=carried) == 3
    assert [float(r) for r in got[1:] if r is not NOT_CARRIED] == [0.0] * len(taken)


async def test_a_server_that_forgot_the_message_scripts_is_taught_them_again(
    redis: aioredis.Redis, prefix: str
) -> None:
    """The writes go by EVALSHA: after SCRIPT FLUSH (a restarted server, a new node) each is loaded and
    sent again, a tick's three at once included, and each answers as it would have."""
    ids = RedisMessageIds(redis, prefix=prefix)
    flush = {"target_nodes": redis.ALL_NODES} if is_cluster(redis) else {}  # type: ignore[attr-defined]
    await redis.execute_command("SCRIPT FLUSH", **flush)
    assert await ids.set(TARGETS[0], "m0", "view@2")
    await redis.execute_command("SCRIPT FLUSH", **flush)
    written = await asyncio.gather(
        ids.mark(TARGETS[0], "view@3", "m0"), ids.set(TARGETS[1], "m1", "hand"), ids.forget(TARGETS[3])
    )
    assert written == [True, True, True]
    await redis.execute_command("SCRIPT FLUSH", **flush)
    assert not await ids.mark(TARGETS[1], "hand2", "m-other")  # refused as before: not the target's message
    assert await asyncio.gather(*(ids.lookup(t) for t in TARGETS[:2])) == [("m0", "view@3"), ("m1", "hand")]
    pacer = RedisPacer(redis, prefix=prefix)  # the pacer's slot script too, beside a message's write
    await redis.execute_command("SCRIPT FLUSH", **flush)
    taken = await asyncio.gather(pacer.take("lane", 3.0, 1000.0), ids.forget(TARGETS[1]))
    assert taken == [0.0, True] and await pacer.take("lane", 3.0, 1001.0) == 2.0
