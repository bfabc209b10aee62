"""The host under load: due tables claimed one by one by every worker, the AI's process pool, bursts of
presses that wait for a Redis connection instead of failing."""

from __future__ import annotations

import asyncio
import os
import time

import pytest
import redis.asyncio as aioredis
from fakeredis import FakeAsyncRedis

import games
from bot.core import play
from bot.core.api import AddBot, ChatRef, Join, Leave, NewTable, Press, Start
from bot.core.host import Host
from bot.core.thinking import Thinker
from bot.core.tokens import decode
from storage import Store, connect
from tests.core.hosting import Clock, make_host, user


async def ai_table(host: Host, n: int) -> str:
    """A running rozpysnyi table of four AI seats (its creator left): the AI is always due."""
    a, chat = user(100 + n), ChatRef(platform="console", id=f"load-{n}")
    out = await host.handle(NewTable(user=a, chat=chat, game="rozpysnyi"))
    for _ in range(3):
        await host.handle(AddBot(user=a, chat=chat, level="random"))
    await host.handle(Start(user=a, chat=chat))
    await host.handle(Leave(user=a, chat=chat))
    assert out.table is not None
    return out.table


async def version(store: Store, table: str) -> int:
    found = await store.load(table)
    assert found is not None
    return found[1]


async def test_two_workers_play_different_due_tables_at_the_same_time(store_factory) -> None:
    """No global lock: each worker claims its own table; both moves are under way at once."""
    hosts = [make_host(await store_factory(), Clock(time.time()), due_concurrency=1)[0] for _ in range(2)]
    for h in hosts:
        h.clock = time.time
    tables = [await ai_table(hosts[0], n) for n in range(2)]
    both = asyncio.Barrier(2)  # passes only while both workers think at once
    thinking: list[tuple[int, str]] = []
    stop = asyncio.Event()

    def patched(k: int, h: Host):
        original = h.thinker.choose

        async def choose(game, state, seat, level, seed, budget):
            thinking.append((k, seed.split(":")[0]))
            if len(thinking) <= 2:
                await asyncio.wait_for(both.wait(), 5)
            else:
                stop.set()
            return await original(game, state, seat, level, seed, budget)

        return choose

    for k, h in enumerate(hosts):
        h.thinker.choose = patched(k, h)  # type: ignore[method-assign]
    runs = [asyncio.create_task(h.background(stop, tick=0.01)) for h in hosts]
    await asyncio.wait_for(asyncio.gather(*runs), 10)
    first = thinking[:2]
    assert {k for k, _ in first} == {0, 1}, thinking  # each worker was thinking...
    assert {t for _, t in first} == set(tables), thinking  # ...at a table of its own


async def test_a_dead_workers_claim_expires_and_its_move_is_played_once(store_factory) -> None:
    clock = Clock()
    a, _ = make_host(await store_factory(), clock, ai_delay=1.0, claim_lease=10)
    b, _ = make_host(await store_factory(), clock, ai_delay=1.0, claim_lease=10)
    table = await ai_table(a, 0)
    clock.now += 1
    v0 = await version(a.store, table)
    stalled, resume = asyncio.Event(), asyncio.Event()
    original = a.thinker.choose

    async def hang(*args):  # worker A claims the table, starts the move, and stops answering
        stalled.set()
        await resume.wait()
        return await original(*args)

    a.thinker.choose = hang  # type: ignore[method-assign]
    dying = asyncio.create_task(a.run_due())
    await asyncio.wait_for(stalled.wait(), 5)
    assert await b.run_due() == 0  # claimed: not B's to play
    clock.now += 9
    assert await b.run_due() == 0  # the lease still runs
    clock.now += 1.5
    assert await b.run_due() == 1  # the lease ran out: B plays the move
    assert await version(b.store, table) == v0 + 1
    resume.set()  # A comes back with the move it computed from the old version
    assert await asyncio.wait_for(dying, 5) == 0  # its commit loses; the move it had is not due any more
    assert await version(b.store, table) == v0 + 1
    assert table in await b.store.due(clock.now + 1.0)  # the next AI move is still scheduled


async def test_a_stopping_worker_hands_back_the_tables_it_claimed(store) -> None:
    host, _ = make_host(store, Clock(time.time()), due_concurrency=4, claim_lease=60)
    host.clock = time.time
    table = await ai_table(host, 0)
    started = asyncio.Event()

    async def forever(*args):
        started.set()
        await asyncio.Event().wait()

    host.thinker.choose = forever  # type: ignore[method-assign]
    stop = asyncio.Event()
    run = asyncio.create_task(host.background(stop, tick=0.01))
    await asyncio.wait_for(started.wait(), 5)
    assert table not in await store.due(time.time())  # claimed for a minute
    run.cancel()  # the service cancels what did not finish within its shutdown time
    with pytest.raises(asyncio.CancelledError):
        await run
    assert table in await store.due(time.time())  # due again at once for another worker


async def test_the_ai_thinks_in_a_process_pool_from_the_seat_view_alone() -> None:
    game = games.get("durak")
    state = game.new(3, seed=5)
    seat = game.to_act(state)[0]
    assert len(game.legal_actions(state, seat)) > 1
    thinker = Thinker(1)
    try:
        chosen = await thinker.choose(game, state, seat, "heuristic", "seed", 0.05)
        assert chosen == play.choose(game, state, seat, "heuristic", "seed", 0.05)  # the same decision
        assert thinker.decisions == 1  # made in the pool
        pid = await asyncio.wrap_future(thinker._executor().submit(os.getpid))
        assert pid != os.getpid()  # ... in another process
        nice = await asyncio.wrap_future(thinker._executor().submit(os.nice, 0))
        assert nice > os.nice(0) or nice == 19  # ... that yields the CPU to people's moves
    finally:
        await thinker.aclose()
    host, _ = make_host(Store(FakeAsyncRedis(decode_responses=True)), ai_processes=1)
    try:
        await ai_table(host, 0)
        assert await host.settle(limit=12) >= 12
        assert host.thinker.decisions > 0
    finally:
        await host.aclose()


async def test_a_blocking_pool_waits_for_a_connection_where_the_default_one_fails(prefix) -> None:
    url = os.environ.get("REDIS_TEST_URL")
    if not url:
        pytest.skip("needs a real Redis server")
    plain = aioredis.from_url(url, decode_responses=True, max_connections=5)
    results = await asyncio.gather(
        *(plain.blpop(f"{prefix}:none", 0.05) for _ in range(50)), return_exceptions=True
    )
    assert any(isinstance(r, Exception) for r in results)  # redis-py's default: "Too many connections"
    await plain.aclose()
    waiting = await connect(url, max_connections=5, pool_timeout=10)
    results = await asyncio.gather(
        *(waiting.blpop(f"{prefix}:none", 0.05) for _ in range(50)), return_exceptions=True
    )
    assert results == [None] * 50
    await waiting.aclose()


async def test_three_hundred_presses_at_once_over_twenty_connections_are_all_applied(prefix) -> None:
    url = os.environ.get("REDIS_TEST_URL")
    if not url:
        pytest.skip("needs a real Redis server")
    redis = await connect(url, max_connections=20, pool_timeout=20)
    store = Store(redis, prefix=prefix)
    host, _ = make_host(store)
    a, b, chat = user(0), user(1), ChatRef(platform="console", id="burst-0")
    out = await host.handle(NewTable(user=a, chat=chat, game="durak"))
    await host.handle(Join(user=b, chat=chat))
    await host.handle(Start(user=a, chat=chat))
    assert out.table is not None
    model = await host.try_load(out.table)
    assert model is not None and model.state is not None
    game = games.get(model.game)
    seat = game.to_act(game.load(model.state))[0]
    first = host.views.hand_screen(model, seat).buttons[0][0].token
    assert first is not None
    action, drawn = decode(host.secret, first).action, model.seats[seat].moved_at + 1

    async def clone(n: int) -> tuple[str, Press]:
        """A running table like the first one, with two people of its own."""
        table = model.model_copy(deep=True)
        table.id, table.chat = await store.new_id(), ChatRef(platform="console", id=f"burst-{n}")
        table.seats[0].user, table.seats[1].user = user(2 * n), user(2 * n + 1)
        table.creator = user(2 * n)
        people = [s.user.key for s in table.seats if s.user]
        await store.create(table.id, table.model_dump_json(), chat=table.chat.key, users=people)
        token = host.views.signer(table, drawn)(action)
        return table.id, Press(user=table.seats[seat].user, token=token, update_id=f"burst-{n}")

    ids, presses = zip(*await asyncio.gather(*(clone(n) for n in range(300))), strict=True)
    outcomes = await asyncio.gather(*(host.handle(p) for p in presses))  # all at once
    refused = [o.reply.text for o in outcomes if o.reply is not None and o.reply.alert]
    assert refused == []
    assert [await version(store, t) for t in ids] == [2] * 300  # every press was applied, once
    await redis.aclose()
