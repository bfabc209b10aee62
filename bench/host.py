"""Person moves through the host with the real outbox: moves/s, latency, Redis round trips, memory per table.

    scripts/with-redis .venv/bin/python bench/host.py [--game rozpysnyi] [--tables 50] [--moves 2000]
                                                      [--people 4] [--ai 0] [--schedule full]

Uses REDIS_TEST_URL or REDIS_URL (a real server); without one, fakeredis (round trips and MEMORY USAGE
then cannot be measured, and the figures say so).

Each table has `--people` persons (and `--ai` AI seats). In every round, each table's person whose turn
it is presses the first move button of the hand the front end last received — all tables at once
(`asyncio.gather`), each press a Telegram-like update with its own update id — then the outbox drains
and the AI moves that are due are played (counted and timed apart). A person move is the whole path:
`Host.handle` (language, claim, load, check, apply, commit by compare-and-set, render what changed) and
the deliveries the real `bot/core/outbox.py` sends over a recording transport, with message ids and
view fingerprints in Redis (`RedisMessageIds`), unpaced (every delivery is sent: the worst case for
Redis and CPU). Latency is the time of `Host.handle`; moves/s counts the outbox's work too.

Round trips are writes to a Redis socket (a command or a whole pipeline): the host's (inside
`Host.handle`) and the outbox's (its lane tasks), per person move. Memory per table is MEMORY USAGE of
all of a table's keys (its hash, move history, users set, message ids), measured at the end of the run
and, separately, mid-game: one more table played by four people through the middle deal of its schedule.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from redis.asyncio.connection import AbstractConnection

import games
from bot.core.api import AddBot, ChatRef, Join, NewTable, Press, Start
from bot.core.config import Settings
from bot.core.host import Host
from bot.core.outbox import Outbox, Target
from bot.core.outcome import Delivery, HandTarget, Screen
from storage import RedisMessageIds, Store, connect
from storage.messages import TASKS
from tests.core.hosting import user
from tests.storage.midgame import play_to_mid_game


class Transport:
    """Records the newest screen of every message and counts the calls (a platform that always works)."""

    def __init__(self) -> None:
        self.screens: dict[str, Screen] = {}
        self.calls = 0
        self._ids = 0

    async def post(self, target: Target, screen: Screen) -> str | None:
        self.calls += 1
        self.screens[target.key] = screen
        self._ids += 1
        return str(self._ids)

    async def edit(self, target: Target, message_id: str, screen: Screen) -> None:
        self.calls += 1
        self.screens[target.key] = screen

    async def delete(self, target: Target, message_id: str) -> None:
        self.calls += 1


class Front:
    """A front end whose deliveries go through the real outbox."""

    platform = "telegram"

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox

    async def deliver(self, deliveries: Sequence[Delivery]) -> None:
        self.outbox.submit(deliveries)


class Counter:
    """Redis round trips (socket writes), the host's apart from the outbox's (its lane tasks are `outbox …`,
    the message ids' batched lookups and writes `message ids …`)."""

    def __init__(self) -> None:
        self.host = 0
        self.outbox = 0
        self._original: Any = AbstractConnection.send_packed_command

    def start(self) -> None:
        original, counter = self._original, self

        async def send(conn: AbstractConnection, command: Any, *args: Any, **kwargs: Any) -> None:
            task = asyncio.current_task()
            if task is not None and task.get_name().startswith(("outbox", TASKS)):
                counter.outbox += 1
            else:
                counter.host += 1
            await original(conn, command, *args, **kwargs)

        AbstractConnection.send_packed_command = send  # type: ignore[method-assign]

    def stop(self) -> None:
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


async def open_table(host: Host, n: int, args: argparse.Namespace, chat_id: str) -> tuple[str, list[Any]]:
    people = [user(n * 10 + i) for i in range(args.people)]
    people = [p.model_copy(update={"platform": "telegram"}) for p in people]
    chat = ChatRef(platform="telegram", id=chat_id, title="Bench")
    options = {"schedule": args.schedule} if args.game == "rozpysnyi" else {}
    out = await host.handle(NewTable(user=people[0], chat=chat, game=args.game, options=options))
    for p in people[1:]:
        await host.handle(Join(user=p, chat=chat))
    for _ in range(args.ai):
        await host.handle(AddBot(user=people[0], chat=chat, level="random"))
    await host.handle(Start(user=people[0], chat=chat))
    assert out.table is not None
    return out.table, people


async def table_memory(store: Store, table_id: str) -> int | None:
    keys = store.keys.table_all_keys(table_id)
    try:
        sizes = [await store.redis.memory_usage(k, samples=0) for k in keys]
    except Exception:
        return None
    return sum(int(s or 0) for s in sizes)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="rozpysnyi")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=2000, help="person moves to time")
    parser.add_argument("--people", type=int, default=4)
    parser.add_argument("--ai", type=int, default=0, help="AI seats per table")
    parser.add_argument("--schedule", default="full", help="rozpysnyi's schedule")
    args = parser.parse_args()
    url = os.environ.get("REDIS_TEST_URL") or os.environ.get("REDIS_URL")
    redis = await connect(url)
    prefix = f"bench{int(time.time())}"
    store = Store(redis, prefix=prefix)
    host = Host(store, Settings(ai_delay=0, search_budget=0.01))
    transport = Transport()
    outbox = Outbox(transport, RedisMessageIds(redis, prefix=prefix))
    host.attach(Front(outbox))  # type: ignore[arg-type]

    tables = [await open_table(host, i, args, f"-100{i}") for i in range(args.tables)]
    await outbox.drain()
    await host.settle()
    await outbox.drain()

    counter = Counter()
    latencies: list[float] = []
    ai_moves = 0
    ai_time = 0.0
    updates = 0
    calls_before = transport.calls
    counter.start()
    started = time.perf_counter()
    try:
        while len(latencies) < args.moves:
            presses = []
            for table_id, people in tables:
                for p in people:
                    token = move_token(transport.screens.get(HandTarget(table=table_id, user=p).key))
                    if token:
                        updates += 1
                        presses.append(Press(user=p, token=token, update_id=str(updates)))
                        break
            if not presses:
                break

            async def press(cmd: Press) -> None:
                t0 = time.perf_counter()
                out = await host.handle(cmd)
                latencies.append(time.perf_counter() - t0)
                if out.reply is not None and out.reply.alert:
                    raise SystemExit(f"a press was refused: {out.reply.text}")

            await asyncio.gather(*(press(c) for c in presses))
            await outbox.drain()
            if args.ai:
                t0 = time.perf_counter()
                ai_moves += await host.settle()
                await outbox.drain()
                ai_time += time.perf_counter() - t0
    finally:
        counter.stop()
    elapsed = time.perf_counter() - started
    moves = len(latencies)
    person_time = elapsed - ai_time
    backend = f"redis-server {url}" if url else "fakeredis (no real server: no round trips, no MEMORY USAGE)"
    print(f"backend: {backend}")
    print(
        f"game {args.game}, {args.tables} tables of {args.people} people + {args.ai} AI, "
        "all tables pressing at once, update ids, the real outbox (Redis message ids), a recording transport"
    )
    print(f"person moves: {moves} in {person_time:.2f}s: {moves / person_time:.0f} moves/s (one process)")
    if args.ai:
        print(f"AI moves (apart): {ai_moves} in {ai_time:.2f}s: {ai_moves / max(ai_time, 1e-9):.0f} moves/s")
    print(
        f"person move latency (Host.handle): p50 {pct(latencies, 0.5) * 1000:.2f} ms, "
        f"p90 {pct(latencies, 0.9) * 1000:.2f} ms, p99 {pct(latencies, 0.99) * 1000:.2f} ms, "
        f"max {max(latencies) * 1000:.2f} ms, mean {statistics.mean(latencies) * 1000:.2f} ms"
    )
    if url:
        total = counter.host + counter.outbox
        print(
            f"Redis round trips per person move: {total / moves:.2f} "
            f"(host {counter.host / moves:.2f}, outbox {counter.outbox / moves:.2f}; AI moves' included)"
            if args.ai
            else f"Redis round trips per person move: {total / moves:.2f} "
            f"(host {counter.host / moves:.2f}, outbox {counter.outbox / moves:.2f})"
        )
    calls = (transport.calls - calls_before) / moves
    print(f"platform calls per person move (unpaced, nothing coalesced): {calls:.2f}")
    sizes = [m for m in [await table_memory(store, t) for t, _ in tables] if m is not None]
    if sizes:
        state = await store.load(tables[0][0])
        deal = games.get(args.game).load(json.loads(state[0])["state"]).deal_no if state else "?"
        mean = statistics.mean(sizes)
        print(f"Redis memory per table at the end (deal {deal}): mean {mean:.0f} B, max {max(sizes)} B")
    await mid_game(store, args)
    await mid_game(store, args, deal=27, base=800)
    await outbox.close()
    await redis.aclose()


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
        f"Redis memory of a 4-person rozpysnyi table {'late' if deal else 'mid-game'} "
        f"(deal {state.deal_no} of {len(state.rounds)}, "
        f"{cards} cards each, half played), every key of the table: {table + ids + written} B = "
        f"the table's hash {table} B (JSON, users, move history of {entries} entries, the game's {coded} "
        f"coded moves) + message ids {ids} B + the stats store's written-out moves {written} B"
    )


async def _memory(store: Store, key: str) -> int | None:
    try:
        return int(await store.redis.memory_usage(key, samples=0) or 0)
    except Exception:
        return None


if __name__ == "__main__":
    asyncio.run(main())
