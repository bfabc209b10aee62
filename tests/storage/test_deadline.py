"""One deadline per Redis operation (`storage.deadline`) instead of a socket timeout per send and reply: a
Redis that stops answering mid-move fails the move with "try again" within the deadline and leaves the
table whole; a cancelled command never leaves its reply for the next one; a wait for a free connection
does not count against the deadline."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from typing import Any

import pytest
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.core.api import Press
from storage import Store
from storage.connect import connect
from storage.deadline import BoundedClusterPipeline, BoundedPipeline, WaitingPool, within, within_pooled
from tests import redis_nodes
from tests.core.hosting import CHAT, make_host, user
from tests.core.test_host import open_table

DEADLINE = 0.5  # seconds: the clients' deadline in these tests
GUARD = 60.0  # seconds before a test calls a step hung (not a timing: the machine is shared)
A, B = user(1), user(2)


class StoppingStore(Store):
    """A store that runs `before_commit` (once) when a commit starts: the server stops mid-move."""

    before_commit: Callable[[], None] | None = None

    async def commit(self, *args: Any, **kwargs: Any) -> Any:
        stop, self.before_commit = self.before_commit, None
        if stop is not None:
            stop()
        return await super().commit(*args, **kwargs)


async def answers(store: Store, table: str) -> bool:
    try:
        return await store.load(table) is not None
    except Exception:
        return False


async def a_move_while_redis_stops(url: str, topology: str, process: Callable[[Store, str], Any]) -> None:
    """Two people play durak; the server that holds the table (`process`) is stopped (SIGSTOP) as the
    next move's commit starts. The press is answered "try again" (not hung); once the server runs again
    the table is at the version before or after that one move — never further, never broken — and the
    person's next press leaves it exactly one move on."""
    redis = await connect(url, topology=topology, timeout=DEADLINE)
    store = StoppingStore(redis, prefix="dl")
    host, rec = make_host(store)
    table = await open_table(host, rec, game="durak", bots=0, people=(A, B))
    assert table is not None
    await host.settle()
    mover = next(p for p in (A, B) if rec.tokens(p))
    before = await store.load(table)
    assert before is not None
    stopped = process(store, table)
    store.before_commit = lambda: stopped.send_signal(signal.SIGSTOP)
    try:
        token = rec.tokens(mover)[0]
        out = await asyncio.wait_for(
            host.handle(Press(user=mover, token=token, chat=CHAT, update_id="1")), GUARD
        )
    finally:
        stopped.send_signal(signal.SIGCONT)
    assert out.reply is not None and out.reply.alert and "try again" in out.reply.text
    for _ in range(int(GUARD / 0.1)):
        if await answers(store, table):
            break
        await asyncio.sleep(0.1)
    found = await store.load(table)
    assert found is not None and found[1] in (before[1], before[1] + 1)  # the commit sent may land late
    await host.handle(Press(user=mover, token=token, chat=CHAT, update_id="2"))  # the person presses again
    after = await store.load(table)
    assert after is not None and after[1] == before[1] + 1
    await redis.aclose()


async def test_a_server_stopped_mid_move_fails_the_move_in_time_and_keeps_the_table() -> None:
    with redis_nodes.server() as node:
        assert node.proc is not None
        proc = node.proc
        await a_move_while_redis_stops(f"redis://127.0.0.1:{node.port}/0", "server", lambda *_: proc)


async def test_a_cluster_master_stopped_mid_move_fails_the_move_in_time_and_keeps_the_table() -> None:
    # a long node timeout: the other masters never mark the stopped one failed (no replica to promote)
    with redis_nodes.cluster(masters=3, replicas=0, node_timeout_ms=30_000) as deployment:

        def master(store: Store, table: str) -> Any:
            return deployment.master_of(store.redis.keyslot(store.keys.table(table))).proc  # type: ignore[attr-defined]

        await a_move_while_redis_stops(deployment.seeds, "cluster", master)


@pytest.mark.backends("real", "cluster")
async def test_a_command_cut_by_the_deadline_leaves_no_reply_for_the_next(redis_factory, prefix) -> None:
    """BLPOP outlives the deadline: its connection is closed, so the next commands read their own replies."""
    redis = redis_factory()
    redis.deadline = 0.2
    await redis.set(f"{prefix}:k", "v")
    with pytest.raises(RedisTimeoutError):
        await redis.blpop(f"{prefix}:list", 1)
    assert await redis.rpush(f"{prefix}:list", "x") == 1  # (a stale BLPOP would have taken the "x")
    assert await redis.get(f"{prefix}:k") == "v"
    assert await redis.lrange(f"{prefix}:list", 0, -1) == ["x"]


async def test_a_wait_for_a_free_connection_does_not_count_against_the_deadline() -> None:
    url = os.environ.get("REDIS_TEST_URL")
    if not url:
        pytest.skip("needs a real Redis server")
    pool = WaitingPool.from_url(url, max_connections=1, timeout=GUARD)
    held = await pool.get_connection()
    try:
        waiting = asyncio.create_task(within_pooled(0.2, pool.get_connection()))
        plain = asyncio.create_task(within(0.2, pool.get_connection()))
        await asyncio.sleep(0.5)  # both wait past their deadline for the one connection
        assert not waiting.done()
        with pytest.raises(RedisTimeoutError):  # a deadline that counts the wait
            await plain
        await pool.release(held)
        held = await asyncio.wait_for(waiting, GUARD)
    finally:
        await pool.release(held)
        await pool.aclose()


async def test_production_clients_have_no_socket_timeout_but_a_deadline() -> None:
    server = await connect("redis://127.0.0.1:1/0", timeout=3)
    cluster = await connect("redis://127.0.0.1:1", topology="cluster", timeout=3)
    conn = server.connection_pool.make_connection()
    assert (conn.socket_timeout, conn.socket_connect_timeout) == (None, 3)
    assert cluster.nodes_manager.connection_kwargs["socket_timeout"] is None  # type: ignore[attr-defined]
    assert server.deadline == cluster.deadline == 3  # type: ignore[attr-defined]
    assert isinstance(server.pipeline(), BoundedPipeline)
    assert isinstance(cluster.pipeline(), BoundedClusterPipeline)
    await server.aclose()
