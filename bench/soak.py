"""A soak: two workers on a Redis Cluster with replicas, a worker killed every minute, a master failed over.

    nice -n 5 .venv/bin/python bench/soak.py [--tables 1000] [--minutes 10] [--think 20] [--seed 1]
    .venv/bin/python bench/soak.py --short        # 50 tables, 30 s (tests/ops/test_soak.py runs it)

It starts everything itself: a 3-master Redis Cluster with a replica per master (`tests/redis_nodes.py`),
the fake Telegram Bot API of the tests, and two workers — `python -m bot serve`, as production runs it,
in webhook mode on one bot token, `REDIS_TOPOLOGY=cluster` (commits wait for a replica). `--tables` tables
of rozpysnyi, each in a group of its own with two people and two AI seats, are opened on the cluster
before the workers start (their messages are sent by the workers' reconcile at start). The driver (the
fake Bot API and the people) runs on the event loop production runs too (`bot.ops.loop.run`).

The people: whenever a person's newest hand (as the fake Bot API shows it) offers a move, they press its
first move button `--think` seconds later (uniform from half to the whole), as a Telegram callback update
posted to one of the workers' webhooks (the other when that one does not answer); a press whose hand has
not changed 15 s later is pressed again (a new update). Every minute one worker is killed with SIGKILL
and started again at once; halfway through, the master serving the most tables is killed with SIGKILL
(its replica takes over) and started again 20 s later (it comes back as a replica). (`--short`: one
worker killed at a third of the run, the master at 60 %, back 8 s later: every kind of event once.) Then
the presses stop, the AIs finish their turns, and once the Bot API has been quiet for 6 s (twice a
group's spacing: no outbox holds anything):

- moves applied: every table's moves, decoded from its committed game record;
- moves lost: presses answered as done (no text, within 4.5 s: before the adapter's "still working"
  answer) whose move is not among the table's committed moves, in order (must be 0);
- duplicated: moves of a seat beyond the presses that could have made them (must be 0);
- presses answered (of those sent);
- views that differ from the committed state: each table's group message and each person's hand, as the
  fake Bot API shows them, against what the committed table renders (must be 0);
- Redis memory per table: every key of the deployment (MEMORY USAGE), divided by the tables.
Exit status 1 when a must-be-0 figure is not.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import shutil
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from bench.host import every_key  # noqa: E402
from bot.core.api import AddBot, ChatRef, Join, NewTable, Start, UserRef  # noqa: E402
from bot.core.config import Settings  # noqa: E402
from bot.core.host import Host  # noqa: E402
from bot.core.outcome import HandTarget, TableTarget  # noqa: E402
from bot.core.records import game_moves  # noqa: E402
from bot.core.render import fingerprint  # noqa: E402
from bot.core.tokens import decode, meaning  # noqa: E402
from bot.ops import loop  # noqa: E402
from bot.telegram.app import make_bot  # noqa: E402
from bot.telegram.frontend import TelegramFrontend  # noqa: E402
from bot.telegram.refs import screen_html  # noqa: E402
from storage import RedisMessageIds, RedisPacer, Store  # noqa: E402
from storage.connect import connect  # noqa: E402
from tests import redis_nodes  # noqa: E402
from tests.telegram.fakeapi import TOKEN, FakeBotAPI, Msg  # noqa: E402

SECRET = "soak-secret-that-is-long-enough-0123456789"
WEBHOOK_SECRET = "soak-webhook-secret"
ANSWERED_IN_TIME = 4.5  # an answer later than this may be the adapter's empty "still working" one
AGAIN_AFTER = 15.0  # seconds a person waits for their hand to change before pressing again
GROUP_BASE = -100_000_000_000  # group chat ids (a basic group's), one per table
PERSON_BASE = 10_000_000
SHORT = (50, 0.4, 3.0)  # --short: tables, minutes, think (tests/ops/test_soak.py)


class Api(FakeBotAPI):
    """The fake Bot API, also noting when each callback query was answered."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.answered_at: dict[str, float] = {}

    async def _m_answerCallbackQuery(self, p: dict[str, Any]) -> bool:
        self.answered_at.setdefault(str(p["callback_query_id"]), time.monotonic())
        return await super()._m_answerCallbackQuery(p)


@dataclass
class Worker:
    """One `python -m bot serve` process, restartable."""

    name: str
    port: int
    env: dict[str, str]
    log: Path
    proc: asyncio.subprocess.Process | None = None
    kills: int = 0
    starts: int = 0

    async def start(self) -> None:
        self.starts += 1
        out = open(self.log, "ab")  # noqa: SIM115 (the child keeps it)
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "serve",
            stdin=asyncio.subprocess.DEVNULL, stdout=out, stderr=out, env=self.env, cwd=str(ROOT),
        )  # fmt: skip
        out.close()

    async def ready(self, limit: float = 180.0) -> None:
        """Until the worker (as last started) serves its webhook: its log says so once per start."""
        deadline = time.monotonic() + limit
        while self.log.read_text(errors="replace").count("webhook listening") < self.starts:
            if time.monotonic() > deadline or (self.proc is not None and self.proc.returncode is not None):
                raise SystemExit(f"worker {self.name} did not start: see {self.log}")
            await asyncio.sleep(0.2)

    def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            self.kills += 1

    async def stop(self) -> int | None:
        if self.proc is None or self.proc.returncode is not None:
            return None if self.proc is None else self.proc.returncode
        self.proc.send_signal(signal.SIGTERM)
        try:
            return await asyncio.wait_for(self.proc.wait(), 30)
        except TimeoutError:
            self.proc.kill()
            return await self.proc.wait()


@dataclass
class Press:
    qid: str
    table: str
    seat: int
    action: str
    sent: float
    worker: str = ""  # the worker whose webhook took it


@dataclass
class Person:
    user: UserRef
    table: str
    seat: int
    pressed: tuple[int, str] | None = None  # (message id, text) of the hand last pressed
    pressed_at: float = 0.0
    due: float | None = None  # when they press the hand they see now


@dataclass
class Soak:
    args: argparse.Namespace
    api: Api
    workers: list[Worker]
    people: list[Person]
    tables: list[str]
    presses: list[Press] = field(default_factory=list)
    unsent: int = 0
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    rng: random.Random = field(default_factory=random.Random)
    _updates: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def hand(self, person: Person) -> Msg | None:
        """A person's newest hand if it has buttons (one table each: their private chat's last message)."""
        msg = self.api.last(int(person.user.id))
        return msg if msg is not None and msg.tokens() else None

    async def people_press(self, session: aiohttp.ClientSession, until: float) -> None:
        """Every person presses their hand's first move button `think` seconds after it shows."""
        while time.monotonic() < until:
            now = time.monotonic()
            for person in self.people:
                msg = self.hand(person)
                if msg is None:
                    person.due = None
                    continue
                seen = (msg.message_id, msg.text)
                fresh = seen != person.pressed or now - person.pressed_at > AGAIN_AFTER
                if not fresh:
                    continue
                if person.due is None:
                    person.due = now + self.rng.uniform(self.args.think / 2, self.args.think)
                elif now >= person.due:
                    person.due, person.pressed, person.pressed_at = None, seen, now
                    task = asyncio.create_task(self.press(session, person, msg))
                    self.tasks.add(task)
                    task.add_done_callback(self.tasks.discard)
            await asyncio.sleep(0.2)

    async def press(self, session: aiohttp.ClientSession, person: Person, msg: Msg) -> None:
        if not msg.tokens():
            return  # the hand changed meanwhile: the person looks again
        token = msg.tokens()[0]
        qid = f"q{next(self._updates)}"
        update = {
            "update_id": next(self._updates),
            "callback_query": {
                "id": qid,
                "from": {"id": int(person.user.id), "is_bot": False, "first_name": person.user.name},
                "chat_instance": "soak",
                "data": token,
                "message": self.api._message_json(msg),
            },
        }
        self.api._note_sender(update)
        action = decode(SECRET.encode(), token).action
        press = Press(qid, person.table, person.seat, action, time.monotonic())
        self.presses.append(press)
        for worker in self.rng.sample(self.workers, len(self.workers)):  # Telegram retries elsewhere
            try:
                url = f"http://127.0.0.1:{worker.port}/telegram"
                headers = {"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET}
                async with session.post(
                    url, json=update, headers=headers, timeout=aiohttp.ClientTimeout(5)
                ) as r:
                    if r.status == 200:
                        press.worker = worker.name
                        return
            except (aiohttp.ClientError, TimeoutError):
                continue
        self.unsent += 1  # neither worker took it (both restarting): the person will press again

    async def chaos(
        self, cluster: redis_nodes.Cluster, store: Store, start: float, seconds: float
    ) -> list[str]:
        """A worker SIGKILLed every minute (started again at once); a master SIGKILLed halfway, back later."""
        events = []
        kill_at = [start + 60.0 * k for k in range(1, int(seconds // 60) + 1) if 60.0 * k < seconds]
        if not kill_at:
            kill_at = [start + seconds / 3]  # a short run still loses a worker once
        failover_at = start + seconds * 0.6 if seconds < 60 else start + seconds / 2 + 7.0
        victims = itertools.cycle(self.workers)
        pending = sorted([(t, "worker") for t in kill_at] + [(failover_at, "master")])
        for at, what in pending:
            await asyncio.sleep(max(0.0, at - time.monotonic()))
            if what == "worker":
                worker = next(victims)
                worker.kill()
                await worker.proc.wait()  # type: ignore[union-attr]
                await worker.start()
                events.append(f"{at - start:.0f}s: worker {worker.name} SIGKILLed and started again")
            elif isinstance(cluster, redis_nodes.Cluster):
                master = busiest_master(cluster, store, self.tables)
                replica = cluster.replica_of(master)
                master.kill()
                events.append(f"{at - start:.0f}s: master :{master.port} SIGKILLed (replica :{replica.port})")
                back = min(20.0, seconds / 4)
                self.tasks.add(asyncio.create_task(comeback(cluster, master, events, start, back)))
        return events


@contextlib.contextmanager
def single() -> Iterator[Any]:
    """One redis-server (`--topology server`: the soak without failover, to compare)."""
    with redis_nodes.Deployment() as deployment:
        node = redis_nodes.Node(redis_nodes.free_ports(1)[0], deployment.root, [])
        deployment.nodes.append(node)
        node.start()
        deployment.seeds = f"redis://127.0.0.1:{node.port}/0"  # type: ignore[attr-defined]
        yield deployment


def busiest_master(cluster: redis_nodes.Cluster, store: Store, tables: list[str]) -> redis_nodes.Node:
    slots = Counter(store.redis.keyslot(store.keys.table(t)) for t in tables)  # type: ignore[attr-defined]
    by_node: Counter[int] = Counter()
    for slot, n in slots.items():
        by_node[cluster.master_of(slot).port] += n
    port = by_node.most_common(1)[0][0]
    return next(node for node in cluster.nodes if node.port == port)


async def comeback(
    cluster: redis_nodes.Cluster, node: redis_nodes.Node, events: list[str], start: float, after: float
) -> None:
    await asyncio.sleep(after)
    await asyncio.to_thread(node.start)
    events.append(
        f"{time.monotonic() - start:.0f}s: the old master :{node.port} started again (a replica now)"
    )


def say(what: str, started: float) -> None:
    print(f"{time.monotonic() - started:5.1f}s {what}", flush=True)


async def open_tables(host: Host, n: int, api: Api) -> tuple[list[str], list[Person]]:
    gate = asyncio.Semaphore(32)
    people: list[Person] = []

    async def one(i: int) -> str:
        async with gate:
            chat = ChatRef(platform="telegram", id=str(GROUP_BASE - i), title=f"Soak {i}")
            api.titles[GROUP_BASE - i] = chat.title
            users = [
                UserRef(platform="telegram", id=str(PERSON_BASE + 2 * i + k), name=f"P{i}.{k}")
                for k in (0, 1)
            ]
            api.started.update(int(u.id) for u in users)  # they have started the bot: hands may be sent
            out = await host.handle(NewTable(user=users[0], chat=chat, game="rozpysnyi"))
            await host.handle(Join(user=users[1], chat=chat))
            for _ in range(2):
                await host.handle(AddBot(user=users[0], chat=chat, level="heuristic"))
            await host.handle(Start(user=users[0], chat=chat))
            assert out.table is not None
            table = await host.load(out.table)
            for seat, s in enumerate(table.seats):
                if s.user is not None:
                    people.append(Person(s.user, out.table, seat))
            return out.table

    return list(await asyncio.gather(*(one(i) for i in range(n)))), people


async def quiet(api: Api, seconds: float, limit: float) -> None:
    """Until the Bot API has had no call for `seconds` (at most `limit` seconds)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        count = len(api.calls)
        await asyncio.sleep(seconds)
        if len(api.calls) == count:
            return


def differing_views(host: Host, api: Api, tables: dict[str, Any]) -> list[tuple[str, list[Msg], Any, Any]]:
    """Group table messages and hands whose text or buttons differ from what the committed table renders:
    (what, the chat's last messages, the screen wanted, its outbox target)."""
    differ = []
    for table_id, table in tables.items():
        group = [m for m in api.messages(int(table.chat.id)) if f"table {table_id}" in m.text]
        screen = host.views.table_screen(table)
        if not group or not _same(group[-1], screen):
            target = TableTarget(table=table_id, chat=table.chat)
            differ.append(
                (f"table {table_id} v{table.version}: the group's message", group[-2:], screen, target)
            )
        if table.status != "playing":
            continue
        for seat, s in enumerate(table.seats):
            if s.user is None:
                continue
            hand, screen = api.last(int(s.user.id)), host.views.hand_screen(table, seat)
            if hand is None or not _same(hand, screen):
                shown = list(api.chats.get(int(s.user.id), {}).values())[-2:]
                target = HandTarget(table=table_id, user=s.user)
                differ.append(
                    (f"table {table_id} v{table.version}: the hand of seat {seat}", shown, screen, target)
                )
    return differ


async def explain(
    ids: RedisMessageIds, differ: list[tuple[str, list[Msg], Any, Any]], tables: dict[str, Any], soak: Soak
) -> list[str]:
    """What the first few differing messages show, what they should, and what Redis says they show; when
    the table's turn began and its last presses (UTC, as the workers' logs say). Printed and returned."""
    lines = []
    for what, shown, screen, target in differ[:5]:
        lines.append(f"  {what} (its turn began at {utc(tables[target.table].turn_since)} UTC)")
        for p in [p for p in soak.presses if p.table == target.table][-3:]:
            at = soak.api.answered_at.get(p.qid)
            answer = soak.api.answer_params.get(p.qid, {}).get("text", "")
            took = f"answered in {at - p.sent:.1f}s {answer!r}" if at is not None else "not answered"
            sent = utc(time.time() - (time.monotonic() - p.sent))
            who = p.worker or "no worker"
            lines.append(f"    press at {sent}: seat {p.seat} {p.action} to {who}, {took}")
        for m in shown:
            lines.append(f"    shown #{m.message_id}: {m.text[-90:]!r} {[meaning(t) for t in m.tokens()]}")
        wanted = [meaning(b.token) for row in screen.buttons for b in row if b.token]
        lines.append(f"    wanted: {screen_html(screen)[-90:]!r} {wanted} ({fingerprint(screen)})")
        lines.append(f"    Redis: message id and fingerprint {await ids.lookup(target)}")
    for line in lines:
        print(line)
    return lines


def utc(at: float) -> str:
    return time.strftime("%H:%M:%S", time.gmtime(at))


def _same(msg: Msg, screen: Any) -> bool:
    tokens = [b.token for row in screen.buttons for b in row if b.token]
    return msg.text == screen_html(screen) and msg.tokens() == tokens


def judge(soak: Soak, tables: dict[str, Any], codes: dict[str, str]) -> dict[str, int]:
    """Moves applied, lost and duplicated, from the presses and each table's committed game record."""
    applied = lost = duplicated = 0
    presses: dict[tuple[str, int], list[Press]] = {}
    for p in soak.presses:
        presses.setdefault((p.table, p.seat), []).append(p)
    for table_id, table in tables.items():
        moves, _state = game_moves(table, [], codes[table_id])
        applied += len(moves)
        for seat, s in enumerate(table.seats):
            if s.user is None:
                continue
            made = [a for who, a in moves if who == seat]
            mine = presses.get((table_id, seat), [])
            told, maybe = [], 0
            for p in mine:
                params = soak.api.answer_params.get(p.qid)
                at = soak.api.answered_at.get(p.qid)
                text = str(params.get("text", "")) if params else ""
                if params is not None and not text and at is not None and at - p.sent < ANSWERED_IN_TIME:
                    told.append(p.action)
                    maybe += 1
                elif params is None or not text or params.get("show_alert") in (True, "true", "True"):
                    maybe += 1  # unanswered, late or "try again": it may or may not have been applied
            rest = iter(made)
            lost += sum(1 for action in told if not any(action == m for m in rest))
            duplicated += max(0, len(made) - maybe)
    return {"applied": applied, "lost": lost, "duplicated": duplicated}


async def soak(args: argparse.Namespace) -> dict[str, Any]:
    """Run the soak; its figures (`lost`, `duplicated`, `differ` must be 0)."""
    rng = random.Random(args.seed)
    started = time.monotonic()
    with redis_nodes.cluster(masters=3, replicas=1) if args.topology == "cluster" else single() as cluster:
        api = Api()
        base = await api.start()
        redis = await connect(cluster.seeds, topology=args.topology)
        store = Store(redis, prefix="kozyr")
        settings = Settings(token_secret=SECRET, telegram_token=TOKEN, telegram_api_url=base, _env_file=None)
        host = Host(store, settings)
        say(f"a cluster of {len(cluster.nodes)} nodes up", started)
        # the tables are opened as a worker would open them: their messages sent through a Telegram
        # front end (paced, ids in Redis), so the workers' reconcile at start finds them shown
        bot = make_bot(settings)
        front = TelegramFrontend(
            bot, host, RedisMessageIds(redis), bot_username="soak_bot", prefs=store, pacer=RedisPacer(redis)
        )
        host.attach(front)
        tables, people = await open_tables(host, args.tables, api)
        await front.drain()
        await front.close()
        await bot.session.close()
        host.frontends.clear()
        say(f"{len(tables)} tables opened, {len(api.calls)} Bot API calls", started)
        logs = Path(args.logs)
        shutil.rmtree(logs, ignore_errors=True)
        logs.mkdir(parents=True)
        env_base = {
            k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DISCORD_", "REDIS_"))
        }
        workers = []
        for k, port in enumerate(redis_nodes.free_ports(2)):
            env = {
                **env_base,
                "PYTHONPATH": str(ROOT),
                "TELEGRAM_TOKEN": TOKEN,
                "TELEGRAM_API_URL": base,
                "WEBHOOK_URL": f"http://127.0.0.1:{port}/telegram",
                "WEBHOOK_HOST": "127.0.0.1",
                "WEBHOOK_PORT": str(port),
                "WEBHOOK_SECRET": WEBHOOK_SECRET,
                "REDIS_URL": cluster.seeds,
                "REDIS_TOPOLOGY": args.topology,
                "TOKEN_SECRET": SECRET,
                "METRICS_PORT": "0",
                "AI_LEVEL": "heuristic",
                "AI_PROCESSES": "0",
                "LOG_FORMAT": "json",
                "WORKER_ID": f"w{k}",
            }
            workers.append(Worker(f"w{k}", port, env, logs / f"worker-{k}.log"))
        try:
            return await run(args, api, host, cluster, workers, tables, people, rng, started)
        finally:
            for w in workers:  # whatever went wrong: no worker outlives the soak
                w.kill()
            await redis.aclose()
            await api.close()


async def run(
    args: argparse.Namespace,
    api: Api,
    host: Host,
    cluster: Any,
    workers: list[Worker],
    tables: list[str],
    people: list[Person],
    rng: random.Random,
    started: float,
) -> dict[str, Any]:
    """The soak itself, once the tables are open: the workers start, the people press, the chaos."""
    store = host.store
    for w in workers:  # together, as a deployment starts
        await w.start()
    for w in workers:
        await w.ready()
    say("both workers serve", started)
    s = Soak(args, api, workers, people, tables, rng=rng)
    seconds = args.minutes * 60
    start = time.monotonic()
    async with aiohttp.ClientSession() as session:
        chaos = asyncio.create_task(s.chaos(cluster, store, start, seconds))
        await s.people_press(session, start + seconds)
        events = await chaos
        say("the presses stop", started)
        await asyncio.gather(*s.tasks)  # the presses under way, the master's comeback
        for w in workers:  # a worker started again serves before the end is judged (its reconcile)
            await w.ready()
    await quiet(api, 6.0, limit=300.0)  # no call for twice a group's spacing: every outbox is empty
    say("the Bot API is quiet", started)
    committed: dict[str, Any] = {}
    codes: dict[str, str] = {}
    for table_id in tables:
        committed[table_id] = await host.load(table_id)
        codes[table_id] = await store.game_codes(table_id)
    differ = differing_views(host, api, committed)
    figures = judge(s, committed, codes)
    sizes = await every_key(store.redis, "kozyr")
    codes_at_exit = await asyncio.gather(*(w.stop() for w in workers))
    answered = sum(1 for p in s.presses if p.qid in api.answer_params)
    where = "a 3-master cluster with a replica each" if args.topology == "cluster" else "one redis-server"
    print(f"\nsoak: {args.tables} tables (2 people, 2 AI heuristic), {args.minutes:g} min, two workers "
          f"on {where}; think {args.think:g}s; {time.monotonic() - started:.0f}s in all")  # fmt: skip
    for line in events:
        print(f"  {line}")
    print(f"moves applied: {figures['applied']}")
    print(f"moves lost: {figures['lost']}")
    print(f"duplicated: {figures['duplicated']}")
    print(f"presses answered: {answered} of {len(s.presses)} sent ({s.unsent} found no worker)")
    print(f"views that differ from the committed state: {len(differ)}")
    why = await explain(RedisMessageIds(store.redis), differ, committed, s)
    kinds = ", ".join(f"{k} {v / len(tables):.0f}" for k, v in sizes.most_common() if v)
    print(f"Redis memory per table, every key: {sum(sizes.values()) / len(tables):.0f} B ({kinds})")
    print(f"workers' exit codes at the end (SIGTERM): {codes_at_exit}; logs in {args.logs}")
    summary = {
        **figures,
        "answered": answered,
        "sent": len(s.presses),
        "differ": len(differ),
        "why": why,  # the first differing views explained (the test's assertion message carries it)
        "events": events,
        "bytes_per_table": round(sum(sizes.values()) / len(tables)),
        "exit_codes": codes_at_exit,
    }
    print(json.dumps(summary))
    return summary


def options(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=20.0, help="seconds a person takes at most to press")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--logs", default="/tmp/kozyr-soak", help="where the workers' logs go")
    parser.add_argument("--short", action="store_true", help="50 tables, 24 s, think 3 s (make test)")
    parser.add_argument(
        "--topology",
        choices=["cluster", "server"],
        default="cluster",
        help="server: one redis-server, no failover",
    )
    args = parser.parse_args(argv)
    if args.short:
        args.tables, args.minutes, args.think = SHORT
    return args


def main() -> None:
    with contextlib.suppress(KeyboardInterrupt):
        summary = loop.run(soak(options()))  # the event loop production runs (`bot/ops/loop.py`)
        sys.exit(1 if summary["lost"] or summary["duplicated"] or summary["differ"] else 0)


if __name__ == "__main__":
    main()
