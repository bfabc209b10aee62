"""Tables in Redis: one hash per table committed by compare-and-set, a move history, indexes, deadlines.

The key layout is in `storage.keys`.

**The table JSON is the truth; indexes are hints.** A commit is one Lua script over the table's own
hash (JSON, users, move history), so a move is written entirely or not at all.
The chat, user and deadline indexes live in other slots and are written in separate round trips,
ordered so that a failure at any point can only leave *extra* hints, never drop a needed one:

- before the compare-and-set: additions (the table joins a chat's or a user's index; its deadline may
  move *earlier*, ZADD LT). If the compare-and-set then loses, these hints point at a table that does
  not match them: readers load the table and check (the host does), and an early deadline only makes
  the sweeper look, find nothing due and reschedule.
- after it: removals and the exact deadline. Each carries the commit's version and is ignored when a
  newer commit has already written that entry, so two workers' index writes arriving out of order
  cannot remove a table that a later commit added (a chat index entry's score is the version that
  added it; deadlines keep their version in `{due}:versions`). On a single server they go in the same
  pipeline, right behind the compare-and-set, as one script (`scripts.SETTLE`) that writes them only if
  the table is at the commit's version with the commit's token: a lost compare-and-set writes nothing,
  and a commit overtaken by a newer one leaves the hints to it (at worst an extra hint stays). Closing
  (which needs the table's users from the compare-and-set's reply) and a Cluster (whose scripts must
  keep to one slot) send them in a round trip of their own after the reply.

A move writes few hints: a deadline that only moved later (`lazy`: a person's move; the sweep finds the
earlier one, sees nothing due and writes the exact one then) is not written at all, and the chat's index
is written by a process once a day per table, not at every move. So a person's move on a Cluster is one
round trip (the compare-and-set, with its WAIT when replicas are waited for), like on a single server.

A press on a table is its own claim: its commit records the platform's update id with the table (the
last `scripts.SEEN_KEEP`; `Duplicate` when it is there), and `begin` looks for it there. Only commands
that are no table's move claim their update id on a key of its own (`CLAIM_TTL`).

If the connection fails after the compare-and-set succeeded, `commit` still returns the new version
(the move happened; the hints left behind are safe) and logs a warning. If the compare-and-set call
itself fails, the outcome is unknown and `Unavailable` is raised: every write script carries a token,
so a call replayed by the client's retry after a lost reply answers like the first call, and a later
attempt by the host on the reloaded table sees the new version.

Index keys expire `table_ttl` after the last table was added to them, so hints of tables that expired
unclosed disappear with them; `due()` drops deadlines of tables that no longer exist. A deadline
cleared by a commit keeps its version in `{due}:versions` (so a late older commit cannot revive it)
until the table closes; a table that expires unclosed leaves that one small field behind.
Closing a table (closed=True) gives its keys a short TTL and removes it from the chat index (when
`chat` is given), from the index of every user the table knows and from the deadlines.
"""

from __future__ import annotations

import base64
import functools
import logging
import secrets
import time
import zlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ParamSpec, TypeVar

import redis.asyncio as aioredis
from redis.commands.core import AsyncScript
from redis.exceptions import (
    ClusterDownError,
    ReadOnlyError,
    RedisClusterException,
    ResponseError,
    SlotNotCoveredError,
    TryAgainError,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from storage import scripts
from storage.batching import Ahead, Command, Wait, pipeline, script, taught
from storage.connect import is_cluster
from storage.keys import Keys, base36, in_slot
from storage.packdict import DICT_1

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger(__name__)

CLOSED_TTL = 86400
HISTORY_BYTES = 3000  # the longest deal a table's move history keeps whole (a rozpysnyi deal: < 400)
PACK_FROM = 1024  # table JSON this long or longer is stored compressed
PACKED = "x:"  # the mark of compressed JSON (JSON itself starts with "{"): zlib with `DICT_1`, base64
PACKED_85 = "y:"  # as written for a while: zlib with `DICT_1`, base85 (still read)
PACKED_PLAIN = "z:"  # as written before: zlib alone, base64 (still read)
PACK_LEVEL = 5  # as small as 6 for a table (+1 %), a fifth less CPU; 1 would cost ~300 B more a late table
CLAIM_TTL = 600  # seconds an update id stays claimed: platforms redeliver within minutes, not days
WATCHERS_MAX = 200  # people told privately about new tables, per chat (/notify): bounded memory
# what a server that is down, unreachable or being failed over answers: "try again in a moment"
NETWORK_ERRORS = (
    RedisConnectionError,
    RedisTimeoutError,
    OSError,
    ClusterDownError,  # CLUSTERDOWN, MASTERDOWN: a master failed and no replica has taken over yet
    TryAgainError,  # TRYAGAIN: a slot is moving
    ReadOnlyError,  # a master that has just become a replica
    SlotNotCoveredError,
)


class Durability:
    """Writes that must survive their master's death: `WAIT replicas timeout` behind them (one round trip:
    the same pipeline, the same connection), so nobody is told of a move before a replica has it.

    A replica that does not answer in time (it died, or lags) must not slow every move by the timeout:
    the store then stops waiting on that master (a Cluster's node; "" for one server) for `PAUSE`
    seconds, says so in the log, and tries again after — the other masters' commits still wait, so a
    master whose replica just took over (and has none yet) leaves the others' guarantee whole.
    `shortfalls` counts the writes acknowledged with fewer replicas than asked (`on_shortfall`: a
    metric)."""

    PAUSE = 30.0

    def __init__(self, replicas: int, timeout: float) -> None:
        self.wanted = replicas
        self.timeout_ms = max(1, int(timeout * 1000))
        self.shortfalls = 0
        self.waits = 0
        self.on_shortfall: Callable[[], None] | None = None
        self._paused_until: dict[str, float] = {}

    def replicas(self, node: str = "") -> int:
        """How many replicas the next durable write on `node` waits for (0 while paused after a shortfall)."""
        if not self.wanted or time.monotonic() < self._paused_until.get(node, 0.0):
            return 0
        return self.wanted

    def acked(self, reply: Any, node: str = "") -> None:
        self.waits += 1
        if isinstance(reply, int) and reply >= self.wanted:
            return
        self.shortfalls += 1
        if self.on_shortfall is not None:
            self.on_shortfall()
        if time.monotonic() < self._paused_until.get(node, 0.0):
            return  # said already (the writes sent at once before the pause)
        self._paused_until[node] = time.monotonic() + self.PAUSE
        log.warning(
            "a write reached %s of the %d replica(s) asked for within %d ms: moves on %s are acknowledged "
            "without waiting for a replica for the next %gs",
            reply if isinstance(reply, int) else f"? ({reply})",
            self.wanted,
            self.timeout_ms,
            node or "the server",
            self.PAUSE,
        )


class Indexed:
    """The (table, chat) pairs this process wrote into the chat's index lately: a move need not write it
    again (the index key lives a month after its last write; this is renewed at most a day later)."""

    SIZE = 10_000
    FRESH = 86400.0

    def __init__(self) -> None:
        self._at: OrderedDict[tuple[str, str], float] = OrderedDict()

    def __call__(self, table_id: str, chat: str) -> bool:
        at = self._at.get((table_id, chat))
        return at is not None and time.monotonic() - at < self.FRESH

    def note(self, table_id: str, chat: str) -> None:
        self._at[(table_id, chat)] = time.monotonic()
        self._at.move_to_end((table_id, chat))
        if len(self._at) > self.SIZE:
            self._at.popitem(last=False)


class Conflict(Exception):
    """The table changed (or vanished) since it was loaded: nothing was written."""


class Duplicate(Exception):
    """The update was applied to the table already (a platform delivered it twice): nothing was written."""


class TableExists(Exception):
    """`create` found a table with that id."""


class Unavailable(Exception):
    """Redis could not be reached or did not answer in time."""


NOT_CARRIED = Unavailable("not carried by the commit")  # what an `Ahead` command left to its owner gets


def guarded(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Turn connection failures into `Unavailable`, which the host answers with "try again"."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await fn(*args, **kwargs)
        except NETWORK_ERRORS as e:
            raise Unavailable(str(e) or type(e).__name__) from e
        except RedisClusterException as e:  # no seed node answers: the whole cluster is unreachable
            if "cannot be connected" not in str(e):
                raise
            raise Unavailable(str(e)) from e
        except (AttributeError, TypeError) as e:
            if not _closed_writer(e):
                raise
            raise Unavailable(f"connection closed under a write ({e})") from e

    return wrapper


def _closed_writer(e: BaseException) -> bool:
    """redis-py's race on a connection closed while a command is written (redis/redis-py#3546): its
    asyncio writer is gone and a raw AttributeError or TypeError escapes from its connection module
    instead of a ConnectionError (seen for minutes after a Cluster failover in `bench/soak.py`)."""
    files = []
    tb = e.__traceback__
    while tb is not None:
        files.append(tb.tb_frame.f_code.co_filename.replace("\\", "/"))
        tb = tb.tb_next
    inner = files[-1] if files else ""
    return any(f.endswith("redis/asyncio/connection.py") for f in files) and (
        inner.endswith(("redis/asyncio/connection.py", "asyncio/streams.py", "asyncio/selector_events.py"))
    )


def _token() -> str:
    return secrets.token_hex(8)


def _ms(seconds: float) -> int:
    return max(1, int(seconds * 1000))


class Batch:
    """Commands queued by name (`batch.hget(...)`) for `Store._batch` to send together.

    `strict`: how many of the first commands' errors `_batch` raises (None: all); the replies of the
    later ones are returned as they came, errors included (hints written beside a compare-and-set).
    `durable`: a key whose writes in this batch must reach a replica before the batch returns (`WAIT`,
    sent behind them on the same connection), when the store waits for replicas."""

    def __init__(self) -> None:
        self.ops: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.strict: int | None = None
        self.durable: str | None = None

    def __getattr__(self, name: str) -> Callable[..., None]:
        def queue(*args: Any, **kwargs: Any) -> None:
            self.ops.append((name, args, kwargs))

        return queue


def pack(data: str) -> str:
    """A table's JSON as stored: compressed when long (zlib with a preset dictionary of sample tables,
    `storage.packdict`, then base64: the clients decode replies as text).

    A 4-person rozpysnyi table's JSON mid-game (4.3 KB) takes about 1.1 KB so (zlib alone: 1.5 KB).
    Base64, not base85: 7 % longer, but base85 is pure Python and cost a quarter of a millisecond a move.
    Each packing starts from a copy of a compressor primed with the dictionary (the same bytes as a new
    one; loading the dictionary took a quarter of the packing's time).
    """
    if len(data) < PACK_FROM:
        return data
    packer = _primed().copy()
    return PACKED + base64.b64encode(packer.compress(data.encode()) + packer.flush()).decode()


def unpack(stored: str) -> str:
    """The JSON back (a short table is stored as plain JSON; older ones as `PACKED_85` or `PACKED_PLAIN`)."""
    for mark, decode in ((PACKED, base64.b64decode), (PACKED_85, base64.b85decode)):
        if stored.startswith(mark):
            unpacker = zlib.decompressobj(zdict=DICT_1)
            raw = decode(stored[len(mark) :])
            return (unpacker.decompress(raw) + unpacker.flush()).decode()
    if stored.startswith(PACKED_PLAIN):
        return zlib.decompress(base64.b64decode(stored[len(PACKED_PLAIN) :])).decode()
    return stored


@functools.cache
def _primed() -> Any:
    """A compressor with `DICT_1` loaded, never used but to be copied."""
    return zlib.compressobj(PACK_LEVEL, zdict=DICT_1)


def _key_of(command: Command) -> str:
    """The key a command touches first (a script's first key)."""
    name, args, _kwargs = command
    return str(args[2] if name == "evalsha" else args[0])


def seat_langs(seats: Sequence[tuple[str, str]]) -> str:
    """The `langs` field of a table: a line `<user key> <language>` per seated person."""
    return "\n".join(f"{user} {lang}" for user, lang in seats)


def seat_lang(langs: str | None, user: str) -> str | None:
    """A person's language in a table's `langs` field; None when they have no seat (or none is kept)."""
    for line in (langs or "").split("\n"):
        key, _, lang = line.rpartition(" ")
        if key == user:
            return lang
    return None


def _by_age(ids: list[str]) -> list[str]:
    """Table ids in creation order (they are base36 numbers)."""
    return sorted(ids, key=lambda i: (len(i), i))


class Store:
    def __init__(
        self,
        redis: aioredis.Redis,
        prefix: str = "kozyr",
        table_ttl: float = 30 * 86400,
        *,
        wait_replicas: int = 0,
        wait_timeout: float = 1.0,
    ) -> None:
        self.redis = redis
        self.prefix = prefix
        self.table_ttl = int(table_ttl)
        self.keys = Keys(prefix)
        self._create = script(redis, scripts.CREATE)
        self._commit = script(redis, scripts.COMMIT)
        self._index_remove = script(redis, scripts.INDEX_REMOVE)
        self._settle = script(redis, scripts.SETTLE)
        self._due = script(redis, scripts.DUE)
        self._take = script(redis, scripts.TAKE)
        self._claim_due = script(redis, scripts.CLAIM_DUE)
        self._release = script(redis, scripts.RELEASE)
        self._next_id = script(redis, scripts.NEXT_ID)
        self._lock_tokens: dict[str, str] = {}
        self.cluster = is_cluster(redis)
        # a cluster pipeline sends to its nodes in parallel: ordered writes there take a round trip each
        self.ordered_pipelines = not self.cluster
        # a commit's removals and deadline ride in its compare-and-set's pipeline (`scripts.SETTLE`); only
        # a single server runs that script, whose keys span slots
        self.settle_with_commit = self.ordered_pipelines
        self.durability = Durability(wait_replicas, wait_timeout)
        self._indexed = Indexed()

    # -- round trips ------------------------------------------------------------------------------
    async def _batch(self, build: Callable[[Batch], None]) -> list[Any]:
        """Run the commands `build` queues in one round trip (on a Cluster, one pipeline split per node,
        the nodes' parts sent in parallel; a lone command by itself, without a pipeline to build); scripts
        go by EVALSHA (`_call`).

        If the server lacks a script (NOSCRIPT: it restarted, or a new node), every script is loaded and
        the whole batch runs again: each command queued must be safe to repeat (reads, idempotent
        writes, and the write scripts that recognise their token). So is it when a command that must
        succeed got a connection error for its reply (its connection closed under it — on a Cluster,
        redis-py closes every connection of the client after a connection error in any pipeline, and
        does not send a pipeline again for errors in its replies; its single-server pipeline does). A
        `durable` batch ends with a WAIT on its key's connection (see `Durability`).
        """
        batch = Batch()
        build(batch)

        def lost(results: list[Any]) -> bool:  # a reply that must succeed lost with its connection
            return any(isinstance(r, RedisConnectionError) for r in results[: batch.strict])

        results = await taught(lambda: self._send(batch), self.redis, again=lost)
        for r in results[: batch.strict]:
            if isinstance(r, Exception):
                raise r
        return results

    async def _send(self, batch: Batch) -> list[Any]:
        node = None
        if self.cluster:
            await self.redis.initialize()  # type: ignore[attr-defined]  # (a no-op once it knows the slots)
            if batch.durable is not None and self.durability.wanted:
                node = self.redis.get_node_from_key(batch.durable)  # type: ignore[attr-defined]
        master = node.name if node is not None else ""
        waits = self.durability.replicas(master) if batch.durable is not None else 0
        if len(batch.ops) == 1 and not waits:  # a lone command (`begin`'s read): no pipeline to build
            name, args, kwargs = batch.ops[0]
            try:
                return [await getattr(self.redis, name)(*args, **kwargs)]
            except ResponseError as e:  # a pipeline's reply, as `_batch` expects it
                return [e]
        behind = [Wait(master, node, waits, self.durability.timeout_ms)] if waits else []
        results = await pipeline(self.redis, batch.ops, waits=behind)
        if waits:
            acked = results.pop()
            if node is not None and self.redis.get_node_from_key(batch.durable) != node:  # type: ignore[attr-defined]
                acked = await self._rewait(batch)  # the slot moved: the write went to another node
            self.durability.acked(acked, master)
        return results

    async def _rewait(self, batch: Batch) -> Any:
        """WAIT again after a commit a Cluster redirected: its scripts again (each answers as before, and
        writes, so the connection has something to wait for) and WAIT behind them on the key's node now."""
        assert batch.durable is not None
        node = self.redis.get_node_from_key(batch.durable)  # type: ignore[attr-defined]
        slot = self.redis.keyslot(batch.durable)  # type: ignore[attr-defined]
        again = [op for op in batch.ops if op[0] == "evalsha" and self.redis.keyslot(op[1][2]) == slot]  # type: ignore[attr-defined]
        wait = Wait(node.name, node, self.durability.wanted, self.durability.timeout_ms)
        return (await pipeline(self.redis, again, waits=[wait]))[-1]

    @staticmethod
    def _call(pipe: Batch, script: AsyncScript, keys: Sequence[str], args: Sequence[Any]) -> None:
        """Queue a script by its SHA alone (no SCRIPT EXISTS round trip first, as redis-py's pipelines do)."""
        pipe.evalsha(script.sha, len(keys), *keys, *args)

    @guarded
    async def begin(
        self,
        user: str,
        claim: str | None,
        table_id: str | None,
        *,
        update: str | None = None,
        lang: bool = True,
        ttl: float = CLAIM_TTL,
    ) -> tuple[str | None, bool, tuple[str, int] | None]:
        """What a command needs first, in one round trip: the user's language, the claim of its update id
        (True when it is the first, or there is none) and the table (json, version) when its id is known.

        The language is the user's preference; with `lang` False and a table, their seat's language as the
        table's last commit wrote it (`langs`: no read of their preferences, in another slot of a Cluster):
        None when they have no seat there or the table was written before seats' languages were kept.

        With `update` and a table, the update id is looked for among the table's recent ones instead of
        claiming `claim` on a key of its own: a press on a table is recorded by the commit it makes
        (`commit(update=…)`), so claiming it costs no key, and a worker that died before committing
        leaves nothing that would make a redelivery of the update be ignored."""
        in_table = update is not None and table_id is not None

        def build(pipe: Batch) -> None:
            if lang:
                pipe.hget(self.keys.user_prefs(user), "lang")
            if claim is not None and not in_table:
                self._call(pipe, self._take, [self.keys.seen(claim)], [_token(), _ms(ttl)])
            if table_id is not None:
                pipe.hmget(self.keys.table(table_id), ["data", "version", "seen", "langs"])

        results = await self._batch(build)
        language = results.pop(0) if lang else None
        claimed = bool(results.pop(0)) if claim is not None and not in_table else True
        found = None
        if table_id is not None:
            data, version, seen, langs = results.pop(0)
            found = None if data is None or version is None else (unpack(data), int(version))
            if in_table and seen and update in seen.split(" "):
                claimed = False
            if not lang:
                language = seat_lang(langs, user)
        return language, claimed, found

    # -- tables ---------------------------------------------------------------------------------
    @guarded
    async def new_id(self, near: str | None = None) -> str:
        """A short unique id of [0-9a-z]: base36 of a counter that starts at a random value below 36**5.
        On a Cluster, with `near` (the hash tag of the table's group lane, `RedisPacer.tag`), a few more
        characters put the table in that lane's slot (`storage.keys.in_slot`)."""
        n = await self._next_id(keys=[self.keys.ids], args=[secrets.randbelow(36**5)])
        return in_slot(base36(int(n)), near) if near is not None and self.cluster else base36(int(n))

    @guarded
    async def create(self, table_id: str, data: str, *, chat: str, users: Sequence[str] = ()) -> int:
        """Store a new table at version 1; TableExists if the id is taken."""
        if chat is not None or users:
            await self._batch(lambda pipe: self._add_hints(pipe, table_id, 1, chat, users, None))

        def create(pipe: Batch) -> None:
            args = [pack(data), self.table_ttl, _token(), *users]
            self._call(pipe, self._create, self.keys.table_keys(table_id), args)
            pipe.durable = self.keys.table(table_id)

        (created,) = await self._batch(create)
        if not created:
            raise TableExists(table_id)
        if chat is not None:
            self._indexed.note(table_id, chat)
        return 1

    @guarded
    async def load(self, table_id: str) -> tuple[str, int] | None:
        """(json, version), or None when there is no such table."""
        data, version = await self.redis.hmget(self.keys.table(table_id), ["data", "version"])
        if data is None or version is None:
            return None
        return unpack(data), int(version)

    @guarded
    async def commit(
        self,
        table_id: str,
        expected: int,
        data: str,
        *,
        moves: Sequence[str] = (),
        codes: str = "",
        chat: str | None = None,
        users_added: Sequence[str] = (),
        users_removed: Sequence[str] = (),
        deadline: float | None = None,
        closed: bool = False,
        update: str | None = None,
        lazy: bool = False,
        ahead: Ahead | None = None,
        langs: str = "",
    ) -> int:
        """Write `data` as version expected+1 if the table is still at `expected`, else Conflict.

        `moves` are appended to the table's move history (`#<deal>` markers and `<seat>:<action>`), `codes`
        (the same moves coded, `bot.core.movecode`) to its running game's moves, `game`. `update`, a
        platform's update id, is remembered with the table (its last `scripts.SEEN_KEEP`): Duplicate when it
        is there already (it was applied, here or by another worker), nothing written.

        `lazy`: the deadline did not move earlier than the table's previous one (a person's move: the next
        turn's time runs out later), so its hint need not be written now: the sweep looks at the table at
        the old, earlier time, finds nothing due and writes the exact deadline then (once a turn, instead
        of once a move). The chat's index is written only when this process has not written it for this
        table and chat in the last day (the index's TTL is a month), not at every move.
        One round trip on a single server: the index additions, the compare-and-set, then the versioned
        removals and deadline (`scripts.SETTLE`, written only if this commit won), in one pipeline (a
        connection runs them in order). Closing a table takes a second round trip for the removals (the
        compare-and-set's reply names the table's users). On a Cluster: the additions first, on their
        own (a cluster pipeline sends to its nodes in parallel), the compare-and-set, then the rest.

        `langs`: each seated person's language (`seat_langs`), for `begin` to read with the table.

        `ahead`: the outbox's reads of the table's messages and takes of their lanes' slots ride behind the
        compare-and-set in its pipeline (on a Cluster the lanes' keys go to their nodes in parallel); their
        replies go to `ahead.use` once this commit won.
        """
        version = expected + 1
        if chat is not None and not closed and self._indexed(table_id, chat):
            chat = None  # in the index already (written by this process today)
        if lazy and not closed:
            deadline = None
        hints = not closed and (chat is not None or bool(users_added) or deadline is not None)
        settles = closed or bool(users_removed) or deadline is not None or not lazy
        token = _token()
        together = self.settle_with_commit and not closed
        at_cas = [0]  # the compare-and-set's reply is the last of the first at_cas[0] replies
        at_ahead = [0]  # the replies from at_ahead[0] on are `ahead`'s
        carried = self._carried(table_id, ahead)

        def add(pipe: Batch) -> None:
            self._add_hints(pipe, table_id, version, chat, users_added, deadline)

        def cas(pipe: Batch) -> None:
            if hints and self.ordered_pipelines:
                add(pipe)
            changes = (moves, codes, users_added, users_removed)
            self._compare_and_set(
                pipe, table_id, expected, data, *changes, closed, update, langs, token=token
            )
            pipe.strict = at_cas[0] = len(pipe.ops)
            pipe.durable = self.keys.table(table_id)
            if together and settles:
                self._settle_hints(
                    pipe, table_id, version, None, users_removed, deadline, closed, token=token
                )
            at_ahead[0] = len(pipe.ops)
            for name, args, kwargs in (c for c in carried if c is not None):
                getattr(pipe, name)(*args, **kwargs)

        if hints and not self.ordered_pipelines:
            await self._batch(add)
        results = await self._batch(cas)
        strict = at_cas[0]
        reply = results[strict - 1]
        status = int(reply[0])
        if status == -2:
            raise Conflict(f"table {table_id} no longer exists")
        if status == -3:
            raise Duplicate(f"update {update} was applied to table {table_id} already")
        if status < 0:
            raise Conflict(f"table {table_id} is no longer at version {expected}")
        if chat is not None and not closed:
            self._indexed.note(table_id, chat)
        if carried:
            assert ahead is not None
            replies = iter(results[at_ahead[0] :])
            ahead.use([NOT_CARRIED if c is None else next(replies) for c in carried])
            results = results[: at_ahead[0]]
        if together or not settles:
            failed = [r for r in results[strict:] if isinstance(r, Exception)]
            if failed:
                log.warning(
                    "table %s v%d committed, but its index update failed (%s)", table_id, version, failed[0]
                )
            return version
        removed = list(dict.fromkeys([*users_removed, *reply[1:]]))

        def settle(pipe: Batch) -> None:
            self._settle_hints(pipe, table_id, version, chat if closed else None, removed, deadline, closed)

        try:
            await self._batch(settle)
        except NETWORK_ERRORS as e:
            log.warning("table %s v%d committed, but its index update failed (%s)", table_id, version, e)
        return version

    def _carried(self, table_id: str, ahead: Ahead | None) -> list[Command | None]:
        """The commands of `ahead` this commit carries (None: one left to its owner, answered `NOT_CARRIED`).
        On a Cluster only those whose key is on the table's node: another node's part of a pipeline is a
        round trip of its own (4.8 a move at 50 tables when a commit carried them all), while the outbox's
        own pipeline joins such commands of every table moving at once."""
        if ahead is None or ahead.redis is not self.redis:
            return []
        if not self.cluster:
            return list(ahead.commands)
        node = self.redis.get_node_from_key(self.keys.table(table_id))  # type: ignore[attr-defined]
        return [c if self.redis.get_node_from_key(_key_of(c)) == node else None for c in ahead.commands]  # type: ignore[attr-defined]

    def _compare_and_set(
        self,
        pipe: Batch,
        table_id: str,
        expected: int,
        data: str,
        moves: Sequence[str],
        codes: str,
        added: Sequence[str],
        removed: Sequence[str],
        closed: bool,
        update: str | None,
        langs: str,
        *,
        token: str,
    ) -> None:
        """The atomic part of a commit; its reply: [version or -1/-2/-3, the table's users when closed...]."""
        ttl = CLOSED_TTL if closed else self.table_ttl
        counts = [len(moves), len(added), len(removed)]
        head = [
            expected,
            pack(data),
            ttl,
            HISTORY_BYTES,
            token,
            int(closed),
            *counts,
            codes,
            update or "",
            langs,
        ]
        self._call(pipe, self._commit, self.keys.commit_keys(table_id), [*head, *moves, *added, *removed])

    def _add_hints(
        self,
        pipe: Batch,
        table_id: str,
        version: int,
        chat: str | None,
        users: Sequence[str],
        deadline: float | None,
    ) -> None:
        """Index additions, written before the table (see the module docstring)."""
        for key in self._index_keys(chat, users):
            pipe.zadd(key, {table_id: version}, gt=True)
            pipe.expire(key, self.table_ttl)
        if deadline is not None:
            pipe.zadd(self.keys.due, {table_id: deadline}, lt=True)

    def _settle_hints(
        self,
        pipe: Batch,
        table_id: str,
        version: int,
        chat: str | None,
        users: Sequence[str],
        deadline: float | None,
        closed: bool,
        *,
        token: str | None = None,
    ) -> None:
        """Index removals and the exact deadline, written after the table, versioned; with the commit's
        `token`, as one script that writes them only if that commit won (`scripts.SETTLE`: a single
        server, in the compare-and-set's own pipeline)."""
        at = "" if deadline is None or closed else repr(float(deadline))
        keys = [self.keys.due, self.keys.due_versions]
        if token is not None:
            index = self._index_keys(chat, users)
            self._call(
                pipe, self._settle, [self.keys.table(table_id), *keys, *index], [table_id, version, token, at]
            )
        else:
            for key in self._index_keys(chat, users):
                self._call(pipe, self._index_remove, [key], [table_id, version])
            self._call(pipe, self._due, keys, [table_id, version, at, int(closed)])

    def _index_keys(self, chat: str | None, users: Sequence[str]) -> list[str]:
        return ([self.keys.chat(chat)] if chat is not None else []) + [self.keys.user(u) for u in users]

    async def _set_due(self, table_id: str, version: int, at: str, *, forget: bool = False) -> None:
        """The versioned deadline write; `at` == "" clears it, `forget` drops its version too."""
        keys = [self.keys.due, self.keys.due_versions]
        await self._due(keys=keys, args=[table_id, version, at, int(forget)])

    @guarded
    async def forget_user_table(self, user: str, table_id: str) -> None:
        await self.redis.zrem(self.keys.user(user), table_id)

    @guarded
    async def history(self, table_id: str) -> list[str]:
        """The table's move history, oldest first: `#<deal>` markers and `<seat>:<action>` (see keys)."""
        before, moves = await self.redis.hmget(self.keys.table(table_id), ["before", "moves"])
        return [m for field in (before, moves) if field for m in field.split("\n")]

    @guarded
    async def game_codes(self, table_id: str) -> str:
        """The running game's moves as committed, coded (`bot.core.movecode`); "" when none."""
        return await self.redis.hget(self.keys.table(table_id), "game") or ""

    @guarded
    async def users(self, table_id: str) -> list[str]:
        """The user keys the table knows (those its closing removes from the user indexes)."""
        users = await self.redis.hget(self.keys.table(table_id), "users")
        return users.split("\n") if users else []

    @guarded
    async def tables_in_chat(self, chat: str) -> list[str]:
        """Hint: tables that may be in this chat, oldest first. Load each and check."""
        return _by_age(await self.redis.zrange(self.keys.chat(chat), 0, -1))

    @guarded
    async def tables_of_user(self, user: str) -> list[str]:
        """Hint: tables this user may sit at, oldest first. Load each and check."""
        return _by_age(await self.redis.zrange(self.keys.user(user), 0, -1))

    # -- deadlines ------------------------------------------------------------------------------
    @guarded
    async def schedule(self, table_id: str, at: float, *, version: int | None = None) -> None:
        """Look at the table at `at`; with `version`, ignored if a newer version set the deadline."""
        if version is None:
            await self.redis.zadd(self.keys.due, {table_id: at})
        else:
            await self._set_due(table_id, version, repr(float(at)))

    @guarded
    async def unschedule(self, table_id: str, *, version: int | None = None) -> None:
        if version is None:
            await self._drop_deadlines([table_id])
        else:
            await self._set_due(table_id, version, "")

    async def _drop_deadlines(self, ids: Sequence[str]) -> None:
        """Forget deadlines and their versions outright (the table is closed or gone)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zrem(self.keys.due, *ids)
            pipe.hdel(self.keys.due_versions, *ids)
            await pipe.execute()

    @guarded
    async def due(self, now: float, limit: int = 100) -> list[str]:
        """Tables whose time is ≤ now, earliest first; deadlines of vanished tables are dropped."""
        top = "+inf" if now == float("inf") else repr(float(now))
        ids = list(await self.redis.zrange(self.keys.due, "-inf", top, byscore=True, offset=0, num=limit))
        return await self._alive(ids)

    @guarded
    async def claim_due(self, now: float, until: float, limit: int = 100) -> list[str]:
        """Claim up to `limit` tables due by `now`, earliest first, until `until` (a lease per table).

        A claimed table is not due for anyone else until `until`; the claimer's commit writes its next
        deadline. Atomic, so two workers never claim the same table at once. A claimed table that no
        longer exists is dropped and not returned.
        """
        ids = list(
            await self._claim_due(keys=[self.keys.due], args=[repr(float(now)), repr(float(until)), limit])
        )
        return await self._alive(ids)

    async def _alive(self, ids: list[str]) -> list[str]:
        """The tables of `ids` that still exist; the deadlines of the others are dropped."""
        if not ids:
            return ids
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id in ids:
                pipe.exists(self.keys.table(table_id))
            alive = await pipe.execute()
        gone = [t for t, ok in zip(ids, alive, strict=True) if not ok]
        if gone:
            await self._drop_deadlines(gone)
        return [t for t, ok in zip(ids, alive, strict=True) if ok]

    @guarded
    async def unclaim(self, ids: Sequence[str], at: float) -> None:
        """Give claimed tables back (a worker stopping mid-way): due again at `at` unless sooner already."""
        if ids:
            await self.redis.zadd(self.keys.due, dict.fromkeys(ids, at), xx=True, lt=True)

    @guarded
    async def next_due(self) -> float | None:
        """The earliest deadline, if any."""
        first = await self.redis.zrange(self.keys.due, 0, 0, withscores=True)
        return float(first[0][1]) if first else None

    # -- idempotency and leases -----------------------------------------------------------------
    @guarded
    async def claim(self, key: str, ttl: float = CLAIM_TTL) -> bool:
        """True the first time `key` (e.g. a platform update id) is claimed, False afterwards."""
        return bool(await self._take(keys=[self.keys.seen(key)], args=[_token(), _ms(ttl)]))

    @guarded
    async def release(self, key: str) -> None:
        """Give a claim back (its update failed and may be delivered again)."""
        await self.redis.delete(self.keys.seen(key))

    @guarded
    async def lock(self, name: str, ttl: float) -> bool:
        """Take the lease `name` for `ttl` seconds if nobody holds it."""
        token = _token()
        if await self._take(keys=[self.keys.lock(name)], args=[token, _ms(ttl)]):
            self._lock_tokens[name] = token
            return True
        return False

    @guarded
    async def unlock(self, name: str) -> None:
        """Release our lease; one that expired and was taken by another worker stays theirs."""
        token = self._lock_tokens.pop(name, None)
        if token is not None:
            await self._release(keys=[self.keys.lock(name)], args=[token])

    # -- preferences ----------------------------------------------------------------------------
    @guarded
    async def get_user_lang(self, user: str) -> str | None:
        return await self.redis.hget(self.keys.user_prefs(user), "lang")

    @guarded
    async def set_user_lang(self, user: str, lang: str) -> None:
        await self.redis.hset(self.keys.user_prefs(user), "lang", lang)

    @guarded
    async def get_chat_lang(self, chat: str) -> str | None:
        return await self.redis.hget(self.keys.chat_prefs(chat), "lang")

    @guarded
    async def set_chat_lang(self, chat: str, lang: str) -> None:
        await self.redis.hset(self.keys.chat_prefs(chat), "lang", lang)

    @guarded
    async def toggle_watch(self, chat: str, user: str, cap: int = WATCHERS_MAX) -> bool:
        """Start or stop telling `user` about new tables in `chat`; True when now watching.

        At most `cap` people per chat (a new one beyond it is refused with False, like a stop)."""
        key = self.keys.watchers(chat)
        if await self.redis.srem(key, user):
            return False
        if await self.redis.scard(key) >= cap:
            return False
        await self.redis.sadd(key, user)
        return True

    @guarded
    async def watchers(self, chat: str) -> list[str]:
        return sorted(await self.redis.smembers(self.keys.watchers(chat)))

    @guarded
    async def get_user_pings(self, user: str) -> str | None:
        return await self.redis.hget(self.keys.user_prefs(user), "pings")

    @guarded
    async def set_user_pings(self, user: str, mode: str) -> None:
        await self.redis.hset(self.keys.user_prefs(user), "pings", mode)

    @guarded
    async def mark_reachable(self, user: str, ok: bool) -> None:
        """Whether the bot can write to the user privately (learnt from the platform)."""
        await self.redis.hset(self.keys.user_prefs(user), "reachable", "1" if ok else "0")

    @guarded
    async def is_reachable(self, user: str) -> bool | None:
        value = await self.redis.hget(self.keys.user_prefs(user), "reachable")
        return None if value is None else value == "1"

    # -- figures --------------------------------------------------------------------------------
    @guarded
    async def memory_usage(self, table_id: str) -> int:
        """Bytes every key of the table takes (MEMORY USAGE: its hash, message ids, the stats store's
        moves of an older running game; `Keys.table_all_keys`); fakeredis lacks it, so there an estimate."""
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for key in self.keys.table_all_keys(table_id):
                    pipe.memory_usage(key, samples=0)
                sizes = await pipe.execute()
            return sum(int(s or 0) for s in sizes)
        except ResponseError:
            return await self._estimate(table_id)

    async def _estimate(self, table_id: str) -> int:
        """The payload bytes of the table's hash (no Redis overhead)."""
        fields = await self.redis.hgetall(self.keys.table(table_id))
        return sum(len(k.encode()) + len(v.encode()) for k, v in fields.items())
