"""One pipeline per event-loop tick for everything the outbox asks Redis: the lookups of the messages'
ids and views, the pacing slots of their lanes (`storage.pacing`), and, in a second pipeline, the writes
of what the messages show now. A move's three changed messages (the group's table, the mover's hand, the
next player's) and fifty tables pressing at once share those pipelines: each caller gets its own replies,
or the error that stopped its pipeline.

`batches(redis)` is the one `Batches` of a client, so `RedisMessageIds` and `RedisPacer` built on the same
client share their pipelines without knowing of each other. On a Cluster a pipeline is split per node by
redis-py (a table's messages and its slot share a node), its scripts (by EVALSHA) and hash reads
addressed to their key's node (`on_cluster`).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import redis.asyncio as aioredis
from redis.exceptions import NoScriptError, SlotNotCoveredError

from storage.connect import is_cluster

Q = TypeVar("Q")
A = TypeVar("A")
Command = tuple[str, tuple[Any, ...], dict[str, Any]]
TASKS = "redis batch"  # the name of the tasks that send a tick's batches (benches count them apart)
# a pseudo-command of a write request: its key's writes must reach a replica (`WAIT` on its node, in the
# same pipeline) before the request is answered; its reply is the number of replicas that had them
DURABLE = "durable"


@dataclass(frozen=True)
class Wait:
    """A `WAIT` sent behind a pipeline's writes on one node (`name`: "" and `node` None for one server)."""

    name: str
    node: Any
    replicas: int
    timeout_ms: int


@dataclass
class Ahead:
    """Commands a table's commit carries in its own pipeline for the outbox — the table's message ids and
    views (in the table's slot) and its lanes' pacing slots — and what to do with their replies once the
    commit won (`Store.commit`): a quiet move's deliveries then need no round trip before they go. Only
    sent by a store on the same client (`redis`)."""

    redis: Any
    commands: list[Command]
    use: Callable[[list[Any]], None]


class Coalescer(Generic[Q, A]):
    """Sends the requests made in one event-loop tick together (`send`: one pipeline) and answers each
    caller with its own reply: a value, or an exception raised to that caller alone. If the whole send
    fails, every caller of that batch gets the error; none is left waiting."""

    def __init__(self, send: Callable[[list[Q]], Awaitable[list[A | BaseException]]], name: str) -> None:
        self._send = send
        self._name = name
        self._queued: list[tuple[Q, asyncio.Future[A]]] = []
        self._tasks: set[asyncio.Task[None]] = set()

    async def __call__(self, request: Q) -> A:
        future: asyncio.Future[A] = asyncio.get_running_loop().create_future()
        self._queued.append((request, future))
        if len(self._queued) == 1:  # the first of this tick: send them all once the others are queued
            task = asyncio.create_task(self._flush(), name=self._name)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return await future

    async def _flush(self) -> None:
        # once more round the loop: the tasks made ready in the same tick as the first request (another
        # lane's lookup started beside its slot) ask before the batch goes
        await asyncio.sleep(0)
        batch, self._queued = self._queued, []
        try:
            replies = await self._send([request for request, _ in batch])
        except BaseException as e:
            for _, future in batch:
                if not future.done():
                    if isinstance(e, asyncio.CancelledError):
                        future.cancel()
                    else:
                        future.set_exception(e)
            if not isinstance(e, Exception):
                raise
            return
        for (_, future), reply in zip(batch, replies, strict=True):
            if future.done():
                continue  # its caller was cancelled
            if isinstance(reply, BaseException):
                future.set_exception(reply)
            else:
                future.set_result(reply)


async def pipeline(
    redis: aioredis.Redis,
    commands: list[Command],
    *,
    transaction: bool = False,
    waits: Sequence[Wait] = (),
) -> list[Any]:
    """Send `commands` in one pipeline; every reply, errors included. On a Cluster scripts go by name
    (redis-py refuses `.evalsha` in a cluster pipeline, not the command) and no transaction spans nodes.
    `waits`: a `WAIT` behind the commands on each node named (None: the server); their replies follow."""
    cluster = is_cluster(redis)
    async with redis.pipeline(transaction=transaction and not cluster) as pipe:
        for command in commands:
            if not (cluster and on_cluster(pipe, redis, command)):
                name, args, kwargs = command
                getattr(pipe, name)(*args, **kwargs)
        for wait in waits:
            where = {"target_nodes": wait.node} if wait.node is not None else {}
            pipe.execute_command("WAIT", wait.replicas, wait.timeout_ms, **where)
        return list(await pipe.execute(raise_on_error=False))


_SCRIPTS: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def script(redis: Any, body: str) -> Any:
    """`redis.register_script(body)` for a script sent by EVALSHA in our pipelines, remembered for the
    client: a server found without one (NOSCRIPT) is taught every such script of the client (`taught`) —
    a pipeline may carry another owner's (a commit carries the pacer's slot)."""
    found = redis.register_script(body)
    _SCRIPTS.setdefault(redis, {})[found.sha] = found
    return found


async def taught(
    send: Callable[[], Awaitable[list[Any]]],
    redis: Any,
    again: Callable[[list[Any]], bool] = lambda replies: False,
) -> list[Any]:
    """`send()`'s replies; sent once more when a reply says the server lacks a script (NOSCRIPT: it
    restarted, or a node is new — every script of the client, `script`, is loaded first) or when
    `again(replies)` asks. Every command `send` queues must be safe to repeat: reads, idempotent writes,
    and the write scripts that recognise their token (a script the server lacked did nothing; the others
    ran)."""
    replies = await send()
    if any(isinstance(r, NoScriptError) for r in replies):
        for known in list(_SCRIPTS.get(redis, {}).values()):
            await redis.script_load(known.script)  # (its SHA is the body's: it stays as it was)
        return await send()
    return await send() if again(replies) else replies


def on_cluster(pipe: Any, redis: Any, command: Command) -> bool:
    """Queue a script or a read of one hash (`ADDRESSED`) in a Cluster pipeline addressed to the node of
    its (first) key; False, nothing queued, for any other command. A script goes by name (redis-py
    refuses `.evalsha` there). Left to itself, redis-py works out the slot of every key of a script twice,
    and of a read once by parsing the command's key specs in Python (`COMMAND`): together 7 % of a Cluster
    move's instructions. A script's keys share one slot (else the server refuses it: CROSSSLOT).
    A redirection or a retry is redis-py's as before (it forgets the address then and asks the key). A key
    whose slot the client does not know yet (not initialised, a slot lost in a failover) goes unaddressed:
    redis-py then finds the node itself, or retries as it would."""
    name, args, kwargs = command
    if name in ("evalsha", "eval"):
        raw = (name.upper(), *args)
        key = args[2] if int(args[1]) > 0 else None
    elif name in ADDRESSED and not kwargs:
        raw = ADDRESSED[name](*args)
        key = args[0]
    else:
        return False
    try:
        where = {} if key is None else {"target_nodes": redis.get_node_from_key(key)}
    except SlotNotCoveredError:
        where = {}
    pipe.execute_command(*raw, **where)
    return True


# the reads of one key sent addressed, as the command redis-py's method of that name sends (its reply is
# read as that method's: redis-py picks the reply's reader by the command's name)
ADDRESSED: dict[str, Callable[..., tuple[Any, ...]]] = {
    "hmget": lambda key, fields, *more: ("HMGET", key, *_listed(fields), *more),
    "hgetall": lambda key: ("HGETALL", key),
}


def _listed(fields: Any) -> list[Any]:
    """HMGET's fields as redis-py's `hmget(key, fields, *more)` takes them: one, or a list of them."""
    return [fields] if isinstance(fields, str | bytes) else list(fields)


class Batches:
    """A client's two coalescers: `reads` (lookups and pacing slots, in one pipeline per tick) and
    `writes` (in one MULTI/EXEC per tick on a single server, so a new id, its view and its TTL land
    together; a Cluster's go non-transactionally, split per node). A request is a list of commands; its
    reply, their replies.

    The commands of a tick on one hash are sent as one (`merged`): the lookups of a table's messages (the
    group's, the mover's hand, the next player's) as one HMGET, what they show now as one HSET, a TTL
    asked twice once — a move's outbox writes one command, not six, and a lone command needs no
    transaction.

    A write request may ask for its key's writes to be durable (a `DURABLE` command: a new message's
    id, which the platform shows already — lost with a dying master, the message would be an orphan
    whose later views go to the older one): with `durability` (the store's `storage.tables.Durability`)
    waiting for replicas, the tick's writes then go without a transaction and a `WAIT` follows them on
    each node such a key is on, in the same pipeline (the same connection: no round trip more)."""

    def __init__(self, redis: aioredis.Redis) -> None:
        self.redis = redis
        self.atomic = not is_cluster(redis)
        self.durability: Any = None  # `storage.tables.Durability` (set by `RedisMessageIds`)
        self.reads: Coalescer[list[Command], list[Any]] = Coalescer(self._reads, f"{TASKS} reads")
        self.writes: Coalescer[list[Command], list[Any]] = Coalescer(self._writes, f"{TASKS} writes")

    async def _reads(self, asked: list[list[Command]]) -> list[list[Any]]:
        commands, picks = merged([c for request in asked for c in request])
        results = await pipeline(self.redis, commands)
        return _split(asked, [pick(results) for pick in picks])

    async def _writes(self, asked: list[list[Command]]) -> list[list[Any]]:
        flat = [c for request in asked for c in request]
        commands, picks = merged([c for c in flat if c[0] != DURABLE])
        durable = [str(args[0]) for name, args, _ in flat if name == DURABLE]
        waits = await self._waits(durable) if durable and self.durability is not None else []
        transaction = self.atomic and len(commands) > 1 and not waits
        results = await pipeline(self.redis, commands, transaction=transaction, waits=waits)
        acked = {}
        for wait, reply in zip(waits, results[len(commands) :], strict=True):
            self.durability.acked(reply, wait.name)  # an error counts as a shortfall, not the writes'
            acked[wait.name] = None if isinstance(reply, BaseException) else reply
        replies = iter([pick(results) for pick in picks])
        return _split(asked, [self._acked(c, acked) if c[0] == DURABLE else next(replies) for c in flat])

    def _acked(self, durable: Command, acked: dict[str, Any]) -> Any:
        """The reply of the `WAIT` on the node of a `DURABLE` command's key (None: none was sent)."""
        if not acked:
            return None
        return acked.get("" if self.atomic else self.redis.get_node_from_key(durable[1][0]).name)  # type: ignore[attr-defined]

    async def _waits(self, keys: list[str]) -> list[Wait]:
        """A `WAIT` for each node holding one of `keys`, unless its waits are paused (`Durability`)."""
        if not self.atomic:
            await self.redis.initialize()  # type: ignore[attr-defined]  # (a no-op once it knows the slots)
        nodes = {}
        for key in keys:
            node = None if self.atomic else self.redis.get_node_from_key(key)  # type: ignore[attr-defined]
            nodes["" if node is None else node.name] = node
        waits = [
            Wait(name, node, self.durability.replicas(name), self.durability.timeout_ms)
            for name, node in nodes.items()
        ]
        return [w for w in waits if w.replicas]


Pick = Callable[[list[Any]], Any]
IDEMPOTENT = {"expire"}  # commands that a tick asking them twice may send once


def merged(flat: list[Command]) -> tuple[list[Command], list[Pick]]:
    """`flat` with the HMGETs of one key joined into one (each caller's fields picked from its reply), the
    HSETs of one key into one (unless the tick deletes a field of that hash: its order then matters) and
    an EXPIRE asked twice sent once; and, per command of `flat`, how to take its reply from the replies."""
    out: list[Command] = []
    picks: list[Pick] = []
    at: dict[tuple[str, Any], int] = {}
    deleting = {args[0] for name, args, _ in flat if name == "hdel"}
    for name, args, kwargs in flat:
        if name == "hmget" and not kwargs:
            key, fields = args[0], list(args[1])
            i = at.get(("hmget", key))
            if i is None:
                i = at[("hmget", key)] = len(out)
                out.append(("hmget", (key, []), {}))
            joined = out[i][1][1]
            start = len(joined)
            joined.extend(fields)
            picks.append(_part(i, start, len(fields)))
            continue
        if name == "hset" and args[0] not in deleting and set(kwargs) <= {"mapping"} and len(args) in (1, 3):
            key = args[0]
            fields = dict(kwargs.get("mapping") or {})
            if len(args) == 3:
                fields[args[1]] = args[2]
            i = at.get(("hset", key))
            if i is None:
                i = at[("hset", key)] = len(out)
                out.append(("hset", (key,), {"mapping": {}}))
            out[i][2]["mapping"].update(fields)
            picks.append(_whole(i))
            continue
        same = (name, repr((args, sorted(kwargs.items())))) if name in IDEMPOTENT else None
        i = at.get(same) if same is not None else None
        if i is None:
            i = len(out)
            out.append((name, args, kwargs))
            if same is not None:
                at[same] = i
        picks.append(_whole(i))
    return out, picks


def _whole(i: int) -> Pick:
    return lambda results: results[i]


def _part(i: int, start: int, n: int) -> Pick:
    def pick(results: list[Any]) -> Any:
        reply = results[i]
        return reply if isinstance(reply, BaseException) else reply[start : start + n]

    return pick


def _split(asked: list[list[Command]], results: list[Any]) -> list[list[Any]]:
    replies = iter(results)
    return [[next(replies) for _ in commands] for commands in asked]


_BATCHES: weakref.WeakKeyDictionary[Any, Batches] = weakref.WeakKeyDictionary()


def batches(redis: aioredis.Redis) -> Batches:
    """The `Batches` of this client (one per client, made on first use)."""
    found = _BATCHES.get(redis)
    if found is None:
        found = _BATCHES[redis] = Batches(redis)
    return found
