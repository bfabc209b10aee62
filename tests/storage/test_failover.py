"""A master dies mid-game (SIGKILL) and a replica takes its place: on a Redis Cluster with a replica per
master, and under Sentinel. Four people play through the host and the real outbox (Redis message ids)
while `Host.background` runs as in production. Every move a person was told of (a press answered
without "try again") is still there afterwards, none is applied twice, the same update delivered again
after the failover is ignored, the bot serves again within seconds, and every message ends up showing
the committed state.

Each test starts its own servers (`tests/redis_nodes.py`: real redis-server processes) and kills them."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot.core.api import ChatRef, Join, NewTable, Press, Start
from bot.core.config import Settings
from bot.core.host import Host
from bot.core.outbox import Outbox, Target
from bot.core.outcome import HandTarget, Screen, TableTarget
from bot.core.tokens import decode
from storage import RedisMessageIds, Store
from storage.connect import connect, inspect
from tests import redis_nodes
from tests.storage.midgame import Both, people

CHAT = ChatRef(platform="telegram", id="-500", title="Failover")
SCHEDULE = "2 3"  # two deals: the table's move history keeps both whole
GUARD = 60.0  # seconds a step may take before the test calls it hung (not a timing: the machine is shared)


class Screens:
    """A platform that always works and keeps the newest screen of every message."""

    def __init__(self) -> None:
        self.shown: dict[str, Screen] = {}
        self.ids = 0

    async def post(self, target: Target, screen: Screen) -> str | None:
        self.ids += 1
        self.shown[target.key] = screen
        return str(self.ids)

    async def edit(self, target: Target, message_id: str, screen: Screen) -> None:
        self.shown[target.key] = screen

    async def delete(self, target: Target, message_id: str) -> None:
        return None


async def until(condition: Any, what: str) -> None:
    deadline = time.monotonic() + GUARD
    while not await condition():
        assert time.monotonic() < deadline, f"hung: {what}"
        await asyncio.sleep(0.1)


async def version(store: Store, table_id: str) -> int | None:
    """The committed version, or None while Redis does not answer."""
    try:
        found = await store.load(table_id)
    except Exception:
        return None
    assert found is not None
    return found[1]


async def play_through_a_failover(url: str, topology: str, fail: Any) -> dict[str, Any]:
    """Four people press their first move; after four moves the master `fail(store, table_id)` names is
    killed (SIGKILL) while that move's messages are being sent, and the next press goes out at once.
    Returns what the test checks."""
    redis = await connect(url, topology=topology)
    facts = await inspect(redis, topology)
    assert facts.replicated, facts
    store = Store(redis, prefix="fo", wait_replicas=1)
    settings = Settings(ai_delay=0, search_budget=0.02, _env_file=None)
    host = Host(store, settings)
    screens = Screens()
    # short retries: a delivery that fails while the master is down is given up soon, and the sweep's
    # reconcile after the outage brings its message up to date (what production relies on)
    outbox = Outbox(screens, RedisMessageIds(redis, prefix="fo"), sleep=lambda s: asyncio.sleep(0.05))
    front = Both(outbox)
    host.attach(front)  # type: ignore[arg-type]
    stop = asyncio.Event()
    sweep = asyncio.create_task(host.background(stop))
    seated = people(700)
    out = await host.handle(
        NewTable(user=seated[0], chat=CHAT, game="rozpysnyi", options={"schedule": SCHEDULE})
    )
    table_id = out.table
    assert table_id is not None
    for p in seated[1:]:
        await host.handle(Join(user=p, chat=CHAT))
    await host.handle(Start(user=seated[0], chat=CHAT))
    told: list[tuple[int, str]] = []  # (version, seat:action) of every press answered as done
    applied: list[str] = []  # seat:action of every press whose version moved on
    duplicated = 0
    outage = 0.0
    killed_at = 0.0
    update = 0
    known = await version(store, table_id)
    assert known is not None
    secret = settings.token_secret.get_secret_value().encode()
    while True:
        mover = next((p for p in seated if front.tokens(p)), None)
        if mover is None:
            break
        token = front.tokens(mover)[0]
        move = f"{seated.index(mover)}:{decode(secret, token).action}"
        update += 1
        press = Press(user=mover, token=token, update_id=f"fo{update}")
        reply = (await host.handle(press)).reply
        await until(lambda: _known(store, table_id), "Redis to answer again")
        after = await version(store, table_id)
        assert after is not None
        duplicated += after - known > 1
        if after > known:
            applied.append(move)
            if killed_at and not outage:
                outage = time.monotonic() - killed_at
            if killed_at and len(applied) == 6:  # Telegram delivering an update again
                again = await host.handle(press)
                assert again.reply is None and await version(store, table_id) == after
        if reply is None:  # done (a stale button answers "moved on", an outage "try again")
            told.append((after, move))
        elif reply.alert:
            await asyncio.sleep(0.1)  # "try again": the person presses again in a moment
        known = after
        if len(applied) == 4 and not killed_at:  # the master dies while this move's messages go out
            victim = await asyncio.to_thread(fail, store, table_id)
            victim.kill()
            killed_at = time.monotonic()
        await outbox.drain()
    # every message catches up: deliveries given up during the outage are sent by the sweep's reconcile
    table = await host.load(table_id)

    async def caught_up() -> bool:
        await outbox.drain()
        return _views_equal(host, table, screens)

    await until(caught_up, "the messages to show the committed state")
    stop.set()
    await sweep
    history = await store.history(table_id)
    await outbox.close()
    await host.aclose()
    await redis.aclose()
    return {
        "told": told,
        "applied": applied,
        "history": [m for m in history if not m.startswith("#")],
        "duplicated": duplicated,
        "outage": outage,
        "killed": bool(killed_at),
    }


async def _known(store: Store, table_id: str) -> bool:
    return await version(store, table_id) is not None


def _views_equal(host: Host, table: Any, screens: Screens) -> bool:
    wanted = {TableTarget(table=table.id, chat=table.chat).key: host.views.table_screen(table)}
    for seat, s in enumerate(table.seats):
        if s.user is not None:
            wanted[HandTarget(table=table.id, user=s.user).key] = host.views.hand_screen(table, seat)
    return all(screens.shown.get(key) == screen for key, screen in wanted.items())


def check(result: dict[str, Any]) -> None:
    assert result["killed"]
    told = [move for _version, move in result["told"]]
    assert result["history"] == result["applied"], "the committed moves are the presses that moved it on"
    assert set(told) <= set(result["applied"]), "a move a person was told of was lost"
    assert [v for v, _m in result["told"]] == sorted({v for v, _m in result["told"]}), "a version twice"
    assert result["duplicated"] == 0
    assert len(result["applied"]) == 4 * (1 + 2) + 4 * (1 + 3)  # every bid and card of both deals


@pytest.fixture
def require_servers() -> None:
    import shutil

    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is needed (make test installs it)")


async def test_a_cluster_master_killed_mid_game_loses_no_move_a_person_was_told_of(require_servers) -> None:
    with redis_nodes.cluster(masters=3, replicas=1) as cluster:

        def fail(store: Store, table_id: str) -> redis_nodes.Node:
            return cluster.master_of(store.redis.keyslot(store.keys.table(table_id)))  # type: ignore[attr-defined]

        result = await play_through_a_failover(cluster.seeds, "cluster", fail)
    print(result["outage"], len(result["told"]), len(result["applied"]))
    check(result)


async def test_a_sentinel_master_killed_mid_game_loses_no_move_a_person_was_told_of(require_servers) -> None:
    with redis_nodes.sentinels(replicas=1) as deployment:

        def fail(_store: Store, _table_id: str) -> redis_nodes.Node:
            return deployment.master()

        result = await play_through_a_failover(deployment.url, "sentinel", fail)
    print(result["outage"], len(result["told"]), len(result["applied"]))
    check(result)
