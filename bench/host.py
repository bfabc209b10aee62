"""Person moves through the host and the real outbox, paced as production paces them, on a single Redis
server and a Redis Cluster side by side: worker CPU and Redis CPU per move, round trips, memory per table.

    scripts/with-redis scripts/with-redis-cluster .venv/bin/python bench/host.py [--tables 50] [--moves 2000]
        [--think 10] [--phases 4] [--game rozpysnyi] [--people 4] [--schedule full]
    # and a Cluster whose masters have a replica each, its commits waiting for one (WAIT):
    scripts/with-redis-replicas scripts/with-redis scripts/with-redis-cluster .venv/bin/python bench/host.py

Each backend named by the environment is measured — `REDIS_TEST_URL` (a single server),
`REDIS_CLUSTER_TEST_URL` (a Cluster), `REDIS_REPLICAS_TEST_URL` (a Cluster with replicas: every commit
waits for one, `WAIT 1`) — each with its own host, outbox and tables, in `--phases` turns of
`--moves / --phases` moves, backends alternating, so a busy machine weighs on each alike.

Production's pacing: the outbox is the Telegram front end's (`bot.telegram.frontend`: a group's calls one
every 3 s, a private chat's one a second, 25 calls a second in all, an old hand left without buttons),
its lanes' slots in Redis (`RedisPacer`), its message ids and views in Redis (`RedisMessageIds`), over a
transport that records what each message shows. Time is simulated: each table's person whose turn it is
presses their first move button `--think` seconds after the previous round (all `--tables` at the same
moment: `--tables 1` is a quiet worker, one move at a time; 50 a busy one whose moves share pipelines),
and the outbox's waits for its slots sleep on that clock, so the calls, their coalescing and the pacer's
round trips are production's while nothing waits for real. Each press is a Telegram-like update with an
update id.

Both clients are built as production builds them (`storage.connect`: a blocking pool, two retries,
health checks, no socket timeout but a deadline per operation, `storage.deadline`). Printed per backend:
person moves; **worker CPU per move** (`time.process_time` of this process over the
phases: host, outbox, redis-py; the transport records only); **Redis CPU per move** (the servers' own
`used_cpu_sys + used_cpu_user`, every node of a Cluster); Redis round trips per move (socket writes: a
pipeline split over three nodes is three), the host's apart from the outbox's (a commit's pipeline carries the
outbox's read of the table's message ids and its lanes' slots, `Outbox.ahead`: counted as the host's where
they share the table's node, the outbox's where a lane's key is on another); `Host.handle` latency
p50/p99 (wall time, this machine's); platform calls per move; and **memory per running table, every key
counted**: all keys under the run's prefix (tables, message ids, chat and user indexes, the users'
preferences, update claims, pacing slots, deadlines), MEMORY USAGE each, divided by the tables, by kind.
Then one table mid-game and late (deal 27 of 28), every key of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import itertools
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection

from bot.core.api import ChatRef, Join, NewTable, Press, Start
from bot.core.config import Settings
from bot.core.host import Host
from bot.core.outbox import Outbox, Target
from bot.core.outcome import Delivery, HandTarget, Screen
from bot.ops import loop
from bot.telegram.frontend import PER_SECOND, lane_for, limit_for
from storage import RedisMessageIds, RedisPacer, Store
from storage.connect import connect
from tests.clocks import EventClock
from tests.core.hosting import user
from tests.storage.midgame import play_to_mid_game

BACKENDS = {
    "server": ("REDIS_TEST_URL", "a single redis-server"),
    "cluster": ("REDIS_CLUSTER_TEST_URL", "a 3-master Redis Cluster"),
    "replicas": ("REDIS_REPLICAS_TEST_URL", "a 3-master Cluster, a replica each, commits WAIT for one"),
}


class Transport:
    """Records the newest screen of every message and counts the calls (a platform that always works)."""

    def __init__(self) -> None:
        self.screens: dict[str, Screen] = {}
        self.calls = 0
        self._ids = itertools.count(1)

    async def post(self, target: Target, screen: Screen) -> str | None:
        self.calls += 1
        self.screens[target.key] = screen
        return str(next(self._ids))

    async def edit(self, target: Target, message_id: str, screen: Screen) -> None:
        self.calls += 1
        self.screens[target.key] = screen

    async def delete(self, target: Target, message_id: str) -> None:
        self.calls += 1


class Clock(EventClock):
    """The simulated clock; it tells `quiet` when something falls asleep on it."""

    fell_asleep: asyncio.Future[None] | None = None

    async def sleep(self, seconds: float) -> None:
        if self.fell_asleep is not None and not self.fell_asleep.done():
            self.fell_asleep.set_result(None)
        await super().sleep(seconds)


class Front:
    """A front end whose deliveries go through the real outbox."""

    platform = "telegram"

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox

    async def deliver(self, deliveries: Sequence[Delivery]) -> None:
        self.outbox.submit(deliveries)


class RoundTrips:
    """Redis round trips (socket writes) of this process: the host's apart from the outbox's (what touches
    the message ids or the pacing slots and no table: told by the keys, so that a Cluster pipeline's
    per-node tasks are counted where they belong)."""

    def __init__(self) -> None:
        self.host = 0
        self.outbox = 0
        self._original: Any = AbstractConnection.send_packed_command

    def __enter__(self) -> RoundTrips:
        original, counter = self._original, self

        async def send(conn: AbstractConnection, command: Any, *args: Any, **kwargs: Any) -> None:
            packed = command if isinstance(command, bytes | bytearray) else b"".join(map(bytes, command))
            if (b":msg:" in packed or b":pace:" in packed) and b":table:" not in packed:
                counter.outbox += 1
            else:
                counter.host += 1
            await original(conn, command, *args, **kwargs)

        AbstractConnection.send_packed_command = send  # type: ignore[method-assign]
        return self

    def __exit__(self, *_: object) -> None:
        AbstractConnection.send_packed_command = self._original  # type: ignore[method-assign]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def move_token(screen: Screen | None) -> str | None:
    """The first move button of a hand (not a pick toggle or a host button)."""
    for row in screen.buttons if screen else []:
        for b in row:
            if b.token:
                return b.token
    return None


async def server_cpu(redis: Any) -> float:
    """CPU seconds the Redis server processes have used (every node of a Cluster, replicas too)."""
    if isinstance(redis, RedisCluster):
        infos = await redis.info("cpu", target_nodes=RedisCluster.ALL_NODES)
        nodes = infos.values() if isinstance(infos, dict) and "used_cpu_sys" not in infos else [infos]
    else:
        nodes = [await redis.info("cpu")]
    return sum(float(n["used_cpu_sys"]) + float(n["used_cpu_user"]) for n in nodes)


KINDS = (
    ("table", ":table:"),
    ("message ids", ":msg:"),
    ("user index", ":user:"),
    ("chat index", ":chat:"),
    ("user prefs", ":pref:"),
    ("update claims", ":seen:"),
    ("pacing slots", ":pace:"),
    ("deadlines", "{due}"),
)


async def every_key(redis: Any, prefix: str) -> Counter[str]:
    """MEMORY USAGE of every key under `prefix`, summed by kind."""
    keys = [k async for k in redis.scan_iter(match=f"{prefix}:*", count=1000)]
    sizes: Counter[str] = Counter()
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        async with redis.pipeline(transaction=False) as pipe:
            for key in chunk:
                pipe.memory_usage(key, samples=0)
            used = await pipe.execute(raise_on_error=False)
        for key, size in zip(chunk, used, strict=True):
            kind = next((name for name, mark in KINDS if mark in key), "other")
            sizes[kind] += int(size or 0) if not isinstance(size, Exception) else 0
    return sizes


@dataclass
class Run:
    """One backend's host, outbox, tables and figures."""

    name: str
    url: str
    redis: Any
    store: Store
    host: Host
    outbox: Outbox
    transport: Transport
    clock: Clock
    prefix: str
    tables: list[tuple[str, list[Any]]] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    cpu: float = 0.0
    server: float = 0.0
    calls: int = 0
    host_trips: int = 0
    outbox_trips: int = 0
    refused: int = 0
    updates: int = 0


async def make_run(name: str, url: str, args: argparse.Namespace) -> Run:
    # the clients production builds (`storage.connect`: a blocking pool, retries, health checks, one
    # deadline an operation and no socket timeout)
    redis: Any = await connect(url, topology="server" if name == "server" else "cluster")
    prefix = f"bench{int(time.time())}{name}"
    store = Store(redis, prefix=prefix)
    if name == "replicas":
        wait = getattr(store, "durability", None)
        if wait is None:
            raise SystemExit("this code has no WAIT: run without REDIS_REPLICAS_TEST_URL")
        wait.wanted = 1
    clock = Clock()
    host = Host(store, Settings(ai_delay=0, search_budget=0.01, _env_file=None), clock=clock)
    transport = Transport()
    outbox = Outbox(
        transport,
        RedisMessageIds(redis, prefix=prefix, durability=store.durability),  # as a worker: ids WAIT too
        limit_for=limit_for,
        lane_for=lane_for,
        per_second=PER_SECOND,
        pacer=RedisPacer(redis, prefix=prefix),
        keep_plain_hands=True,
        clock=clock,
        sleep=clock.sleep,
    )
    host.attach(Front(outbox))  # type: ignore[arg-type]
    run = Run(name, url, redis, store, host, outbox, transport, clock, prefix)
    for i in range(args.tables):
        run.tables.append(await open_table(host, i, args, f"-100{i}"))
        await quiet(run)
    await settle(run, run.clock.now + args.think)
    return run


async def open_table(host: Host, n: int, args: argparse.Namespace, chat_id: str) -> tuple[str, list[Any]]:
    people = [user(n * 10 + i).model_copy(update={"platform": "telegram"}) for i in range(args.people)]
    chat = ChatRef(platform="telegram", id=chat_id, title="Bench")
    options = {"schedule": args.schedule} if args.game == "rozpysnyi" else {}
    out = await host.handle(NewTable(user=people[0], chat=chat, game=args.game, options=options))
    for p in people[1:]:
        await host.handle(Join(user=p, chat=chat))
    await host.handle(Start(user=people[0], chat=chat))
    assert out.table is not None
    return out.table, people


async def quiet(run: Run) -> None:
    """Until every outbox lane is asleep on the clock or done (nothing in flight). It waits for a lane to
    end or fall asleep, never polls: its CPU is counted as the worker's, and a worker waiting on Redis
    idles in the event loop's select."""
    while True:
        busy = [ln.task for ln in run.outbox._lanes.values() if ln.task is not None and not ln.task.done()]
        if len(busy) <= run.clock.sleeping:
            return
        run.clock.fell_asleep = asyncio.get_running_loop().create_future()
        await asyncio.wait([*busy, run.clock.fell_asleep], return_when=asyncio.FIRST_COMPLETED)


async def settle(run: Run, until: float) -> None:
    """Let simulated time run to `until`, waking the lanes whose slots come meanwhile."""
    while True:
        await quiet(run)
        wake = run.clock.next_wake()
        if wake > until:
            run.clock.advance(until)
            return
        run.clock.advance(wake)


async def round_of_presses(run: Run, args: argparse.Namespace) -> int:
    """Every table's person whose turn it is presses their first move button, all at once."""
    presses = []
    for table_id, people in run.tables:
        for p in people:
            token = move_token(run.transport.screens.get(HandTarget(table=table_id, user=p).key))
            if token:
                run.updates += 1
                presses.append(Press(user=p, token=token, update_id=f"{run.updates}"))
                break

    async def press(cmd: Press) -> None:
        t0 = time.perf_counter()
        out = await run.host.handle(cmd)
        run.latencies.append(time.perf_counter() - t0)
        if out.reply is not None and out.reply.alert:
            run.refused += 1

    await asyncio.gather(*(press(c) for c in presses))
    await settle(run, run.clock.now + args.think)
    return len(presses)


async def phase(run: Run, moves: int, args: argparse.Namespace) -> None:
    calls = run.transport.calls
    server = await server_cpu(run.redis)
    with RoundTrips() as trips:
        cpu = time.process_time()
        done = 0
        while done < moves:
            made = await round_of_presses(run, args)
            if not made:
                raise SystemExit(f"{run.name}: every table is over; use a longer --schedule or fewer --moves")
            done += made
        run.cpu += time.process_time() - cpu
    run.server += await server_cpu(run.redis) - server
    run.moves += done
    run.calls += run.transport.calls - calls
    run.host_trips += trips.host
    run.outbox_trips += trips.outbox


def report(run: Run, args: argparse.Namespace, sizes: Counter[str]) -> None:
    m = max(run.moves, 1)
    print(f"\n{run.name}: {BACKENDS[run.name][1]} ({run.url})")
    print(f"  person moves: {run.moves} ({run.refused} refused)")
    cpu, server = run.cpu / m * 1000, run.server / m * 1e6
    print(f"  worker CPU per move: {cpu:.2f} ms;  Redis CPU per move: {server:.0f} us")
    print(
        f"  Redis round trips per move: {(run.host_trips + run.outbox_trips) / m:.2f} "
        f"(host {run.host_trips / m:.2f}, outbox {run.outbox_trips / m:.2f})"
    )
    lat = run.latencies
    print(
        f"  Host.handle latency: p50 {pct(lat, 0.5) * 1000:.2f} ms, p99 {pct(lat, 0.99) * 1000:.2f} ms "
        f"(wall time, {len(lat)} presses)"
    )
    print(f"  platform calls per move (paced, coalesced): {run.calls / m:.2f}")
    total = sum(sizes.values())
    kinds = ", ".join(f"{k} {v / len(run.tables):.0f}" for k, v in sizes.most_common() if v)
    print(f"  Redis memory per running table, every key: {total / len(run.tables):.0f} B ({kinds})")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rozpysnyi")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=2000, help="person moves per backend")
    parser.add_argument("--phases", type=int, default=4, help="turns per backend, backends alternating")
    parser.add_argument("--think", type=float, default=10.0, help="simulated seconds between a table's moves")
    parser.add_argument("--people", type=int, default=4)
    parser.add_argument("--schedule", default="full", help="rozpysnyi's schedule")
    parser.add_argument("--no-mid-game", action="store_true", help="skip the one-table memory figures")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the phases (not the set-up) into FILE")
    args = parser.parse_args()
    urls = {name: os.environ.get(env) for name, (env, _) in BACKENDS.items()}
    runs = [await make_run(name, url, args) for name, url in urls.items() if url]
    if not runs:
        raise SystemExit(
            "no Redis: run under scripts/with-redis scripts/with-redis-cluster (see the docstring)"
        )
    print(
        f"game {args.game}, {args.tables} table(s) of {args.people} people pressing every {args.think:g} "
        f"simulated s, all at once; Telegram's pacing (RedisPacer), Redis message ids; "
        f"{args.moves} moves per backend in {args.phases} phases, backends alternating"
    )
    profile = cProfile.Profile(time.process_time) if args.profile else None  # CPU time: the machine is shared
    for _ in range(args.phases):
        for run in runs:
            if profile is not None:
                profile.enable()
            await phase(run, args.moves // args.phases, args)
            if profile is not None:
                profile.disable()
    if profile is not None:
        profile.dump_stats(args.profile)
    for run in runs:
        await quiet(run)
        report(run, args, await every_key(run.redis, run.prefix))
    if not args.no_mid_game:
        for run in runs[:1]:
            await mid_game(run.store, args)
            await mid_game(run.store, args, deal=27, base=800)
    for run in runs:
        await run.outbox.close()
        await run.redis.aclose()


async def mid_game(store: Store, args: argparse.Namespace, deal: int = 0, base: int = 900) -> None:
    """MEMORY USAGE of every key of one table mid-game: four people, the middle deal of the schedule (or
    `deal`) half played, its messages sent through the outbox (so its message ids are stored and counted)."""
    if args.game != "rozpysnyi":
        return
    table_id, state, _host, front = await play_to_mid_game(store, base=base, deal=deal)
    await front.outbox.close()
    cards = int(state.rounds[state.round_no]) if state.rounds[state.round_no].isdigit() else 9
    sizes = {k: await _memory(store, k) for k in store.keys.table_all_keys(table_id)}
    if any(v is None for v in sizes.values()):
        return
    table, ids, written = (int(v or 0) for v in sizes.values())
    entries = len(await store.history(table_id))
    coded = len(await store.game_codes(table_id))
    print(
        f"\nRedis memory of a 4-person rozpysnyi table {'late' if deal else 'mid-game'} "
        f"(deal {state.deal_no} of {len(state.rounds)}, "
        f"{cards} cards each, half played), the table's own keys: {table + ids + written} B = "
        f"the table's hash {table} B (JSON, users, move history of {entries} entries, the game's {coded} "
        f"coded moves) + message ids {ids} B + the stats store's written-out moves {written} B"
    )


async def _memory(store: Store, key: str) -> int | None:
    try:
        return int(await store.redis.memory_usage(key, samples=0) or 0)
    except Exception:
        return None


if __name__ == "__main__":
    loop.run(main())  # the event loop a worker runs on (`bot/ops/loop.py`)
