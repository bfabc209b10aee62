"""Throughput and latency of moves through the host, and Redis memory per table.

    scripts/with-redis .venv/bin/python bench/host.py [--game tricks] [--tables 20] [--moves 400]

Uses REDIS_TEST_URL or REDIS_URL (a real server); without one, fakeredis (figures then say so).
A move here is the whole path: load the table, check and apply, commit by compare-and-set, render the
table and the hands that changed, hand them to a (recording) front end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.api import (
    AddBot,
    ChatRef,
    NewTable,
    Press,
    Start,
)
from bot.core.config import Settings
from bot.core.host import Host
from storage import Store, connect
from tests.core.hosting import Recorder, user


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="tricks")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=400, help="person moves to time")
    args = parser.parse_args()
    url = os.environ.get("REDIS_TEST_URL") or os.environ.get("REDIS_URL")
    redis = await connect(url)
    store = Store(redis, prefix=f"bench{int(time.time())}")
    host = Host(store, Settings(ai_delay=0, search_budget=0.01))
    rec = Recorder()
    host.attach(rec)
    before = await _used_memory(redis)
    people, tables = [], []
    for i in range(args.tables):
        person = user(i)
        chat = ChatRef(platform="console", id=f"bench-{i}", title="Bench")
        out = await host.handle(NewTable(user=person, chat=chat, game=args.game))
        for _ in range(3):
            await host.handle(AddBot(user=person, chat=chat, level="random"))
        await host.handle(Start(user=person, chat=chat))
        people.append(person)
        tables.append(out.table)
    await host.settle()
    latencies: list[float] = []
    calls_before = len(rec.deliveries)
    ai_moves = 0
    started = time.perf_counter()
    while len(latencies) < args.moves:
        progressed = False
        for person in people:
            tokens = rec.tokens(person)
            if not tokens:
                continue
            t0 = time.perf_counter()
            await host.handle(Press(user=person, token=tokens[0]))
            latencies.append(time.perf_counter() - t0)
            progressed = True
        ai_moves += await host.settle()
        if not progressed:
            break
    elapsed = time.perf_counter() - started
    moves = len(latencies) + ai_moves
    after = await _used_memory(redis)
    per_table = [await store.memory_usage(t) for t in tables if t]
    print(f"backend: {'redis-server ' + url if url else 'fakeredis (no real server)'}; game {args.game}")
    print(f"moves through the host: {moves} ({len(latencies)} by people, {ai_moves} by AI) in {elapsed:.2f}s")
    print(f"moves per second (one process): {moves / elapsed:.0f}")
    print(
        f"person move latency: p50 {pct(latencies, 0.5) * 1000:.2f} ms, "
        f"p90 {pct(latencies, 0.9) * 1000:.2f} ms, p99 {pct(latencies, 0.99) * 1000:.2f} ms, "
        f"mean {statistics.mean(latencies) * 1000:.2f} ms"
    )
    print(f"deliveries per move: {(len(rec.deliveries) - calls_before) / max(1, moves):.2f}")
    if per_table:
        mean = statistics.mean(per_table) / 1024
        print(f"Redis memory per table (MEMORY USAGE of its keys): mean {mean:.1f} KiB")
    if before is not None and after is not None:
        print(f"Redis used_memory growth per table: {(after - before) / args.tables / 1024:.1f} KiB")
    await redis.aclose()


async def _used_memory(redis) -> int | None:
    try:
        info = await redis.info("memory")
        return int(info["used_memory"])
    except Exception:
        return None


if __name__ == "__main__":
    asyncio.run(main())
