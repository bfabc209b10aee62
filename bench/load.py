"""The host under load: N busy tables, W worker processes on a real Redis, people and AIs moving at once,
on a single server and a Redis Cluster in turn.

    nice -n 10 scripts/with-redis scripts/with-redis-cluster .venv/bin/python bench/load.py [--tables 100]
        [--workers 1] [--seconds 40] [--turns 1] [--game rozpysnyi] [--ai search] [--budget 0.5] [--people 2]

Each table has 4 seats: 2 people (`--people`) and 2 AI seats (`--ai`, thinking `--budget` seconds a move);
`--people 0` measures the AI's work alone. The parent process opens the tables, then starts W workers (this
script again with `--worker k`, on the event loop production runs, `bot.ops.loop.run`: uvloop's; it first
inspects Redis as a worker's start-up does, so a Cluster client knows the slots); each is a `Host` on the
same Redis running its background work (AI moves, deadlines) and pressing for people: when a commit in a
worker makes it a person's turn (the hand's turn alert), that worker presses one of the hand's buttons
through `Host.handle`, with an update id, as the platform would deliver it. Only `handle` is timed. Every
worker also looks at its share of the tables every few seconds, so a turn is never lost (the first turns
after the start, made in the parent, are found so).

Each worker delivers through the real outbox paced as the Telegram front end paces it (a group's calls
one every 3 s, a private chat's one a second, 25 a second in all; slots and message ids in Redis) over a
transport that records the calls, and a person presses when their turn's hand is *sent*, as on a phone.

Each backend the environment names — `REDIS_TEST_URL` (a single server), `REDIS_CLUSTER_TEST_URL` (a
Cluster), `REDIS_REPLICAS_TEST_URL` (a Cluster with a replica per master; commits WAIT for one) — gets its
own tables and workers, `--turns` times each, backends alternating.

Printed per backend: person moves/s, AI moves/s, person-move latency percentiles, failures (exceptions,
"try again", refused presses), the mean number of tables waiting for the AI (> 0: the AIs are saturated,
the latency is then measured under saturation), worker CPU per move (the workers' own `process_time`,
the AI's processes not included), Redis CPU per move (the servers' `used_cpu_*`), Redis round trips per
move (socket writes of the workers: the host's and the outbox's), platform calls per move, and Redis
memory per table, every key under the run's prefix counted. Needs a real Redis: the workers are processes.

    nice -n 5 .venv/bin/python bench/load.py --bill [--bill-moves 2000] [--bill-games durak,most]

The AI's bill (`ai_bill`, no Redis): per game, seeded 4-seat games whose every seat is the default AI
level, each decision made as the AI's process pool makes it (`play.decide`: the view and the legal
actions only) and timed in CPU of the thinking thread; a move with one legal action costs nothing (the
pool is not asked). Printed: AI decisions per core-second, the CPU a decision (mean, p99), and the cores
that 1,000 busy tables with two AI seats each need at a move a minute per seat (2,000 AI moves a minute).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.host import BACKENDS, RoundTrips, Transport, every_key, server_cpu  # noqa: E402
from bot.core.api import AddBot, ChatRef, Join, Leave, NewTable, Press, Start, UserRef  # noqa: E402
from bot.core.config import Settings  # noqa: E402
from bot.core.host import Host  # noqa: E402
from bot.core.outbox import Outbox  # noqa: E402
from bot.core.outcome import Delivery, HandTarget  # noqa: E402
from bot.ops import loop  # noqa: E402
from bot.telegram.frontend import PER_SECOND, lane_for, limit_for  # noqa: E402
from storage import Conflict, RedisMessageIds, RedisPacer, Store, connect  # noqa: E402
from storage.connect import inspect  # noqa: E402

SCAN = 3.0  # seconds between a worker's looks at its share of the tables


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def settings(args: argparse.Namespace) -> Settings:
    wanted: dict[str, Any] = {
        "ai_delay": 0,
        "search_budget": args.budget,
        "turn_timeout": 7 * 86400,
        "ai_processes": args.ai_processes,
    }
    known = Settings.model_fields
    return Settings(_env_file=None, **{k: v for k, v in wanted.items() if k in known and v is not None})


def person(table: int, seat: int) -> UserRef:
    return UserRef(platform="console", id=f"p{table}-{seat}", name=f"P{table}.{seat}")


# -- the parent ---------------------------------------------------------------------------------------
async def open_tables(host: Host, n: int, game: str, ai: str, people: int) -> list[str]:
    gate = asyncio.Semaphore(32)

    async def one(i: int) -> str:
        async with gate:
            a = person(i, 0)
            chat = ChatRef(platform="console", id=f"load-{i}", title="Load")
            out = await host.handle(NewTable(user=a, chat=chat, game=game))
            for k in range(1, people):
                await host.handle(Join(user=person(i, k), chat=chat))
            for _ in range(4 - max(1, people)):
                await host.handle(AddBot(user=a, chat=chat, level=ai))
            await host.handle(Start(user=a, chat=chat))
            if not people:
                await host.handle(Leave(user=a, chat=chat))  # the AI takes the creator's seat too
            assert out.table is not None
            return out.table

    return list(await asyncio.gather(*(one(i) for i in range(n))))


async def parent(args: argparse.Namespace, backend: str, url: str) -> None:
    redis = await connect(url, topology="server" if backend == "server" else "cluster")
    prefix = f"load{int(time.time())}{random.randrange(1000)}"
    store = Store(redis, prefix=prefix)
    host = Host(store, settings(args))
    t0 = time.perf_counter()
    tables = await open_tables(host, args.tables, args.game, args.ai, args.people)
    print(f"{len(tables)} tables of {args.game} opened in {time.perf_counter() - t0:.1f}s", flush=True)
    cmd = [sys.executable, __file__, "--worker", "0", *sys.argv[1:]]
    procs = []
    for k in range(args.workers):
        cmd[3] = str(k)
        extra = ["--prefix", prefix, "--tables-list", ",".join(tables), "--backend", backend, "--url", url]
        procs.append(
            await asyncio.create_subprocess_exec(
                *cmd, *extra, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=str(ROOT)
            )
        )
    for proc in procs:  # each worker has imported everything and started its AI processes
        assert proc.stdout is not None and (await proc.stdout.readline()).strip() == b"ready"
    start_at = time.time() + 1.0
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write(f"{start_at!r}\n".encode())
        await proc.stdin.drain()
    backlog = asyncio.create_task(sample_backlog(store, start_at, args.seconds))
    await asyncio.sleep(max(0.0, start_at - time.time()))
    cpu = await server_cpu(redis)
    outs = await asyncio.gather(*(p.communicate() for p in procs))
    cpu = await server_cpu(redis) - cpu  # (a few seconds of the workers' stopping included)
    waiting = await backlog
    results = [json.loads(out.decode().strip().splitlines()[-1]) for out, _ in outs]
    sizes = await every_key(redis, prefix)
    report(args, backend, url, results, waiting, cpu, sum(sizes.values()) / max(1, len(tables)))
    await redis.aclose()


async def sample_backlog(store: Store, start_at: float, seconds: float) -> list[int]:
    """Tables whose AI or deadline work is due and not yet done, once a second in the window."""
    await asyncio.sleep(max(0.0, start_at - time.time()))
    counts = []
    while time.time() < start_at + seconds:
        await asyncio.sleep(1.0)
        counts.append(int(await store.redis.zcount(store.keys.due, "-inf", time.time())))
    return counts


def report(
    args: argparse.Namespace,
    backend: str,
    url: str,
    results: list[dict[str, Any]],
    waiting: list[int],
    server: float,
    memory: float,
) -> None:
    seconds = args.seconds
    lat = [x for r in results for x in r["latencies"]]
    people = sum(r["person_moves"] for r in results)
    ai = sum(r["ai_moves"] for r in results)
    moves = max(1, people + ai)
    print(f"\n{backend}: {BACKENDS[backend][1]} ({url}); {args.tables} tables of {args.game} "
          f"({args.people} people, {4 - args.people} AI {args.ai} {args.budget}s), "
          f"{args.workers} worker process(es), {seconds:.0f}s")  # fmt: skip
    print(f"person moves/s: {people / seconds:.1f}   AI moves/s: {ai / seconds:.1f}   "
          f"(per worker: {', '.join(str(round(r['ai_moves'] / seconds, 1)) for r in results)})")  # fmt: skip
    print(
        f"person-move latency: p50 {pct(lat, 0.5) * 1000:.1f} ms, p95 {pct(lat, 0.95) * 1000:.1f} ms, "
        f"p99 {pct(lat, 0.99) * 1000:.1f} ms, max {max(lat, default=float('nan')) * 1000:.1f} ms "
        f"({len(lat)} presses)"
    )
    mean_wait = statistics.mean(waiting) if waiting else 0.0
    print(f"tables waiting for the AI (mean of 1/s samples): {mean_wait:.1f} of {args.tables}"
          f"{' - AIs saturated' if mean_wait >= 1 else ''}")  # fmt: skip
    fails = {k: sum(r["failures"].get(k, 0) for r in results) for k in ("exception", "try_again", "refused")}
    print(f"failures: {sum(fails.values())} ({', '.join(f'{k} {v}' for k, v in fails.items())}); "
          f"turns found by the periodic look: {sum(r['found'] for r in results)}; "
          f"commits lost to another (retried): {sum(r.get('conflicts', 0) for r in results)}")  # fmt: skip
    cpu = sum(r["cpu"] for r in results)
    host, outbox = sum(r["host_trips"] for r in results), sum(r["outbox_trips"] for r in results)
    print(f"per move (person and AI): worker CPU {cpu / moves * 1000:.2f} ms (AI processes apart), "
          f"Redis CPU {server / moves * 1e6:.0f} us, Redis round trips {(host + outbox) / moves:.2f} "
          f"(host {host / moves:.2f}, outbox {outbox / moves:.2f}), "
          f"platform calls {sum(r['calls'] for r in results) / moves:.2f}")  # fmt: skip
    print(f"Redis memory per table, every key under the run's prefix: {memory:.0f} B")


# -- the AI's bill ------------------------------------------------------------------------------------
BUSY_TABLES, AI_SEATS, MOVES_A_MINUTE = 1000, 2, 1.0


def ai_bill(keys: list[str], moves: int, budget: float) -> None:
    """AI decisions per core-second at each game's default level, and the cores 1,000 busy tables need."""
    import games
    from bot.core import play

    demand = BUSY_TABLES * AI_SEATS * MOVES_A_MINUTE / 60  # AI moves a second
    print(f"the AI's bill: {BUSY_TABLES} tables × {AI_SEATS} AI seats × {MOVES_A_MINUTE:g} move a minute"
          f" = {demand:.1f} AI moves/s; the default levels, 4 seats, search budget {budget}s")  # fmt: skip
    print(f"{'game':<10} {'level':<8} {'moves':>6} {'decisions/core-s':>17} {'CPU/decision':>13} {'p99':>8} "
          f"{'cores':>6}")  # fmt: skip
    for key in keys:
        game = games.get(key)
        level = game.default_bot
        spent: list[float] = []
        count, seed = 0, 0
        while count < moves:
            rng = random.Random(seed)
            state = game.new(4, {}, seed=seed)
            while not game.is_over(state) and count < moves:
                seat = rng.choice(game.to_act(state))
                legal = game.legal_actions(state, seat)
                action = legal[0]
                if len(legal) > 1:  # the pool is asked only then (`Thinker.choose`)
                    view = game.view(state, seat)
                    t0 = time.thread_time()
                    action = play.decide(key, level, budget, view, legal, f"{seed}:{count}")
                    spent.append(time.thread_time() - t0)
                state, _ = game.apply(state, seat, action)
                count += 1
            seed += 1
        cpu = sum(spent)
        rate = count / cpu if cpu else float("inf")
        mean = cpu / len(spent) * 1000 if spent else 0.0
        p99 = pct(spent, 0.99) * 1000
        print(f"{key:<10} {level:<8} {count:>6} {rate:>17.1f} {mean:>10.1f} ms {p99:>5.0f} ms"
              f" {demand / rate:>6.2f}", flush=True)  # fmt: skip


# -- a worker -----------------------------------------------------------------------------------------
class Worker:
    """One worker process: a Host, its background work, and the people whose turn its commits start."""

    platform = "console"

    def __init__(self, host: Host, k: int, window: tuple[float, float]) -> None:
        self.host = host
        self.k = k
        self.window = window
        self.latencies: list[float] = []
        self.person_moves = 0
        self.ai_moves = 0
        self.found = 0
        self.failures: dict[str, int] = {}
        self.busy: set[str] = set()  # tables with a press under way in this worker
        self.again: set[str] = set()  # ... where another turn began meanwhile
        self.updates = 0
        self.tasks: set[asyncio.Task[None]] = set()

    def counting(self) -> bool:
        return self.window[0] <= time.time() < self.window[1]

    outbox: Outbox

    async def deliver(self, deliveries: list[Delivery]) -> None:
        self.outbox.submit(deliveries)

    def shown(self, target: Any, screen: Any) -> None:
        """The transport sent a message: a hand with buttons is a person's turn, on their phone now."""
        if isinstance(target, HandTarget) and screen.buttons:
            self.spawn(target.table)

    def spawn(self, table_id: str, found: bool = False) -> None:
        if time.time() >= self.window[1]:
            return
        if table_id in self.busy:
            self.again.add(table_id)  # a turn that began while this worker pressed there: look again
            return
        self.busy.add(table_id)
        task = asyncio.create_task(self.turn(table_id, found))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def turn(self, table_id: str, found: bool = False) -> None:
        """Press for every person whose turn it is at this table, until it is nobody's or the window ends.

        (A cap on the rounds here would leave a busy table waiting for the next periodic look, and the
        bench would measure that wait instead of the host.)"""
        try:
            while time.time() < self.window[1]:
                table = await self.host.try_load(table_id)
                if table is None or table.status != "playing" or table.state is None:
                    return
                game = __import__("games").get(table.game)
                to_act = [s for s in game.to_act(game.load(table.state)) if not table.seats[s].ai_plays]
                if not to_act:
                    if table_id not in self.again:
                        return
                    self.again.discard(table_id)
                    continue
                if found and self.counting():
                    self.found += 1  # a turn nobody pressed for since the last look
                    found = False
                for seat in to_act:
                    await self.press(table, seat)  # a refused press is counted; the next round looks again
        except Exception:  # the table could not even be loaded (e.g. no free Redis connection)
            self.fail("exception")
        finally:
            self.busy.discard(table_id)
            self.again.discard(table_id)

    async def press(self, table: Any, seat: int) -> bool:
        screen = self.host.views.hand_screen(table, seat)
        tokens = [b.token for row in screen.buttons for b in row if b.token]
        if not tokens:
            return True
        self.updates += 1
        user = table.seats[seat].user
        command = Press(user=user, token=random.choice(tokens), update_id=f"{self.k}-{self.updates}")
        t0 = time.perf_counter()
        try:
            out = await self.host.handle(command)
        except Exception:
            self.fail("exception")
            return False
        took = time.perf_counter() - t0
        if out.reply is not None and out.reply.alert:
            self.fail("try_again" if "try again" in out.reply.text.lower() else "refused")
            return False
        if self.counting():
            self.latencies.append(took)
            self.person_moves += 1
        return True

    def fail(self, kind: str) -> None:
        if self.counting():
            self.failures[kind] = self.failures.get(kind, 0) + 1

    async def scan(self, mine: list[str], stop: asyncio.Event) -> None:
        """Every few seconds: a person whose turn it is and whom nobody is pressing for gets pressed."""
        while not stop.is_set():
            for table_id in mine:
                self.spawn(table_id, found=time.time() > self.window[0] + SCAN)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), SCAN)


class CountingHost(Host):
    """Counts the AI moves it commits inside the window, and the commits it lost to a newer version."""

    worker: Worker
    conflicts = 0

    def count_conflicts(self) -> None:
        commit = self.store.commit

        async def counted(*args: Any, **kwargs: Any) -> int:
            try:
                return await commit(*args, **kwargs)
            except Conflict:
                if self.worker.counting():
                    self.conflicts += 1
                raise

        self.store.commit = counted  # type: ignore[method-assign]

    async def change(self, table_id: str, change: Any) -> Any:
        old, new = await super().change(table_id, change)
        if new is not old and self.worker.counting():
            self.worker.ai_moves += sum(new.seats[seat].user is None for seat in moved_seats(new))
        return old, new


def moved_seats(table: Any) -> list[int]:
    """The seats that moved in a commit (`moves`: `<seat>:<action>`; before them, `fresh` items)."""
    moves = getattr(table, "moves", None)
    if moves is not None:
        return [int(m.split(":", 1)[0]) for m in moves if m.split(":", 1)[0].isdigit()]
    return [i["seat"] for i in table.fresh if "action" in i and isinstance(i.get("seat"), int)]


class Shown(Transport):
    """The recording transport, telling the worker what it sent (a hand with buttons: a turn)."""

    def __init__(self, worker: Worker) -> None:
        super().__init__()
        self.worker = worker

    async def post(self, target: Any, screen: Any) -> str | None:
        self.worker.shown(target, screen)
        return await super().post(target, screen)

    async def edit(self, target: Any, message_id: str, screen: Any) -> None:
        self.worker.shown(target, screen)
        await super().edit(target, message_id, screen)


async def worker(args: argparse.Namespace) -> None:
    topology = "server" if args.backend == "server" else "cluster"
    redis = await connect(args.url, topology=topology)
    await inspect(redis, topology)  # as a worker's start-up does (`bot.ops.preflight`): slots known
    store = Store(redis, prefix=args.prefix, wait_replicas=1 if args.backend == "replicas" else 0)
    host = CountingHost(store, settings(args))
    w = Worker(host, args.worker, (0.0, 0.0))
    transport = Shown(w)
    w.outbox = Outbox(
        transport,
        RedisMessageIds(redis, prefix=args.prefix),
        limit_for=limit_for,
        lane_for=lane_for,
        per_second=PER_SECOND,
        pacer=RedisPacer(redis, prefix=args.prefix),
        keep_plain_hands=True,
    )
    host.worker = w
    host.count_conflicts()
    host.attach(w)  # type: ignore[arg-type]
    warm = getattr(host, "warm", None)
    if callable(warm):  # the AI's processes start before the window
        await warm()
    print("ready", flush=True)
    start_at = float(await asyncio.to_thread(sys.stdin.readline))
    window = w.window = (start_at, start_at + args.seconds)
    await asyncio.sleep(max(0.0, start_at - time.time()))
    stop = asyncio.Event()
    tables = args.tables_list.split(",")
    mine = [t for i, t in enumerate(tables) if i % args.workers == args.worker]
    jobs = [asyncio.create_task(host.background(stop)), asyncio.create_task(w.scan(mine, stop))]
    calls = transport.calls
    with RoundTrips() as trips:
        cpu = time.process_time()
        await asyncio.sleep(max(0.0, window[1] - time.time()))
        cpu = time.process_time() - cpu
    calls = transport.calls - calls
    stop.set()
    await asyncio.wait(jobs, timeout=10)
    for task in list(w.tasks):
        task.cancel()
    closer = getattr(host, "aclose", None)
    if callable(closer):
        await closer()
    result = {
        "latencies": w.latencies,
        "person_moves": w.person_moves,
        "ai_moves": w.ai_moves,
        "failures": w.failures,
        "found": w.found,
        "conflicts": host.conflicts,
        "cpu": cpu,
        "host_trips": trips.host,
        "outbox_trips": trips.outbox,
        "calls": calls,
    }
    print(json.dumps(result), flush=True)
    os._exit(0)  # pending sockets and pools: the figures are out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--game", default="rozpysnyi")
    parser.add_argument("--ai", default="search", help="AI level of the AI seats")
    parser.add_argument("--people", type=int, default=2, choices=range(5), help="people of the 4 seats")
    parser.add_argument(
        "--budget",
        type=float,
        default=Settings().search_budget,
        help="seconds a search AI may think per move (default: the deployment's SEARCH_BUDGET default)",
    )
    parser.add_argument("--ai-processes", type=int, default=None, help="per worker (default: the setting's)")
    parser.add_argument("--turns", type=int, default=1, help="runs per backend, backends alternating")
    parser.add_argument("--worker", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--prefix", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--tables-list", default="", help=argparse.SUPPRESS)
    parser.add_argument("--backend", default="server", help=argparse.SUPPRESS)
    parser.add_argument("--url", default="", help=argparse.SUPPRESS)
    parser.add_argument("--bill", action="store_true", help="the AI's bill alone (no Redis): see above")
    parser.add_argument("--bill-moves", type=int, default=2000, help="moves a game for --bill")
    parser.add_argument("--bill-games", default="durak,rozpysnyi,most,dvorovoy,bridge,tricks")
    args = parser.parse_args()
    if args.bill:
        ai_bill(args.bill_games.split(","), args.bill_moves, args.budget)
        return
    if args.worker is not None:
        loop.run(worker(args))  # the event loop a worker runs on (`bot/ops/loop.py`)
        return
    urls = {name: os.environ.get(env) for name, (env, _) in BACKENDS.items()}
    if not any(urls.values()):
        sys.exit(
            "bench/load.py needs a real Redis (REDIS_TEST_URL, REDIS_CLUSTER_TEST_URL, …): see its docstring"
        )
    for _ in range(args.turns):
        for backend, url in urls.items():
            if url:
                loop.run(parent(args, backend, url))


if __name__ == "__main__":
    main()
