"""The house: what every feature handler works with — the store, the settings, the one commit path, the views.

Every command that changes a table follows one path (`House.change`): load the table, change a copy,
commit it with compare-and-set, and on a lost race start again from the fresh table — so concurrent
presses on several workers can never lose or double an update. The handlers (`bot/core/handlers/`)
then hand `views.changes(old, new)` to `push`, which gives each front end what its platform shows.
`Host` is a `House` that routes commands to the handlers.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextvars import ContextVar
from typing import Any

import games
from bot.core import metrics
from bot.core.api import ChatRef, TableCommand
from bot.core.config import Settings
from bot.core.outbox import Outbox, Target
from bot.core.outcome import Delivery, HandTarget, Outcome, TableTarget
from bot.core.ports import Frontend
from bot.core.scoreboard import Scoreboard
from bot.core.table import Table, game_state, share_state
from bot.core.thinking import Thinker
from bot.core.views import Views
from games.base import GameError
from storage import Conflict, Store, Unavailable
from storage.batching import Ahead
from storage.tables import seat_langs

log = logging.getLogger(__name__)

Change = Callable[[Table], Awaitable[Any]]
RETRIES = 12
COMMITTED_SIZE = 256  # tables this process remembers as it committed them (the next change starts from one)

# (table id, its stored (json, version)) read by `Host.handle` with its first round trip, for `change`
_PRELOADED: ContextVar[tuple[str, tuple[str, int]] | None] = ContextVar("preloaded", default=None)
# (table id, update id) of the press being handled: its commit of that table records the update id
_UPDATE: ContextVar[tuple[str, str] | None] = ContextVar("update", default=None)


class Unchanged(Exception):
    """Nothing to commit (raised by a change function that found nothing to do)."""


class House:
    # `as_stored` dumps a remembered table to check it is still its stored JSON (the test suite sets it:
    # any change of a committed table not marked `edited` fails there)
    check_remembered = False

    def __init__(self, store: Store, settings: Settings, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.secret = settings.token_secret.get_secret_value().encode()
        self.frontends: dict[str, Frontend] = {}
        self.views = Views(self.secret)
        self.scoreboard = Scoreboard(store)
        self._counting: set[asyncio.Task[None]] = set()  # finished games being counted (off the move's path)
        self.thinker = Thinker(settings.ai_processes)
        # table id → (the JSON stored, its version, the table this process committed or read as it): bounded
        self._committed: OrderedDict[str, tuple[str, int, Table]] = OrderedDict()
        self.unsure: set[str] = set()  # tables whose last commit here had no answer: reconciled later
        self.unreconciled: set[str] = set()  # platforms whose reconcile could not list the tables

    # -- loading and committing -----------------------------------------------------------------
    async def load(self, table_id: str) -> Table:
        table = await self.try_load(table_id)
        if table is None:
            raise GameError("no_table")
        return table

    async def try_load(self, table_id: str) -> Table | None:
        found = await self.store.load(table_id)
        return None if found is None else parse(*found)

    @staticmethod
    def dump(table: Table) -> str:
        return table.model_dump_json(exclude_defaults=True)  # defaults return on load

    @staticmethod
    @contextlib.contextmanager
    def preloaded(
        table_id: str | None, found: tuple[str, int] | None, update: str | None = None
    ) -> Iterator[None]:
        """While handling a command: the table its button names, read with the command's first round trip,
        and the platform's id of the update (the commit of that table records it: the update's claim)."""
        token = _PRELOADED.set((table_id, found) if table_id and found else None)
        pressed = _UPDATE.set((table_id, update) if table_id and update else None)
        try:
            yield
        finally:
            _PRELOADED.reset(token)
            _UPDATE.reset(pressed)

    async def change(self, table_id: str, change: Change) -> tuple[Table, Table]:
        """Load, change a copy, commit with compare-and-set; on a lost race, again from the fresh table.

        A press's commit of its table records the platform's update id (`storage.Duplicate` when another
        worker applied that update already). A person's move writes no deadline that only moved later
        (`lazy`): the sweep finds the earlier one and writes it then, once a turn instead of once a move."""
        first = _PRELOADED.get()
        pressed = _UPDATE.get()
        update = pressed[1] if pressed is not None and pressed[0] == table_id else None
        for _ in range(RETRIES):
            if first is not None and first[0] == table_id:
                found: tuple[str, int] | None = first[1]  # read by `handle` with its first round trip
                _PRELOADED.set(first := None)  # used once: a later change in this command reads afresh
            else:
                found = await self.store.load(table_id)
            if found is None:
                raise GameError("no_table")
            old, new = self.as_stored(table_id, *found)
            if old.status == "over":
                await self.finished(old)  # counted already, or a count that failed after the commit
            try:
                await change(new)
            except Unchanged:
                self.remember(old, found[0])  # still the stored table
                return old, old
            except GameError as e:
                self.remember(old, found[0])
                e.params.setdefault("game_key", old.game)
                raise
            before, after = {u.key for u in old.people()}, {u.key for u in new.people()}
            deadline, was = new.deadline(), old.deadline()
            data = self.dump(new)
            try:
                new.version = await self.store.commit(
                    table_id,
                    old.version,
                    data,
                    moves=new.moves,
                    codes=new.codes,
                    chat=new.chat.key,
                    users_added=sorted(after - before),
                    users_removed=sorted(before - after),
                    deadline=deadline,
                    closed=not new.open,
                    update=update,
                    lazy=pressed is not None and None not in (deadline, was) and deadline >= was,
                    ahead=self._ahead(old, new),
                    langs=seat_langs([(s.user.key, s.lang) for s in new.seats if s.user is not None]),
                )
            except Conflict:
                continue
            except Unavailable:
                # the commit may have gone through with its reply lost (a master dying): nobody was shown
                # it, so the table's messages are reconciled once storage answers (`background`)
                self.unsure.add(table_id)
                raise
            metrics.committed(new)
            new._stored = stored_digest(data)
            self.remember(new, data)
            if new.status == "over" and old.status == "playing":  # counted beside, not in the final move
                task = asyncio.ensure_future(self.finished(new))
                self._counting.add(task)
                task.add_done_callback(self._counting.discard)
            return old, new
        raise GameError("busy")

    async def new_table_id(self, chat: ChatRef) -> str:
        """A new table's id: on a Cluster, in the slot of the chat's pacing lane (`Store.new_id`), so the
        table's commits carry that lane's slot with the rest (`Outbox.ahead`)."""
        outbox = self._outbox(chat.platform)
        tag = getattr(outbox.pacer, "tag", None) if outbox is not None else None  # a Redis pacer's
        near = tag(outbox.lane_for(TableTarget(table="", chat=chat))) if tag and outbox else None
        return await self.store.new_id(near)

    def _outbox(self, platform: str) -> Outbox | None:
        outbox = getattr(self.frontends.get(platform), "outbox", None)
        return outbox if isinstance(outbox, Outbox) else None

    def _ahead(self, old: Table, new: Table) -> Ahead | None:
        """The reads and pacing slots the table's outbox wants carried by this commit (`Outbox.ahead`)."""
        outbox = self._outbox(new.chat.platform)
        return outbox.ahead(new.id, altered(old, new)) if outbox is not None else None

    def remember(self, table: Table, data: str) -> None:
        """`table` is stored as `data` at its version: the next change of it may start from it."""
        self._committed[table.id] = (data, table.version, table)
        if len(self._committed) > COMMITTED_SIZE:
            self._committed.popitem(last=False)

    def as_stored(self, table_id: str, data: str, version: int) -> tuple[Table, Table]:
        """The table stored as (`data`, `version`), twice: `old` to compare with, `new` to change.

        `old` is the table this process committed as that version, not parsed again, when the stored JSON
        is the one it committed and nothing changed it since in memory (what does marks it `edited`: a
        view dropping a stale pick; `check_remembered` dumps it to make sure); then `new` shares its game
        state document (never changed in place: `table.set_state` replaces it), so the state is parsed at
        most once too. Else both are parsed (a second parse is cheaper than a deep copy)."""
        known = self._committed.pop(table_id, None)  # handed out once: a later change reads afresh
        new = parse(data, version)
        if known is None or known[1] != version or known[0] != data or getattr(known[2], "_edited", False):
            old = parse(data, version)
            old._stored = stored_digest(data)
            return old, new
        old = known[2]  # its `_stored` set by its commit (the same JSON)
        if self.check_remembered and self.dump(old) != data:
            raise AssertionError(f"table {table_id}: changed in memory since its commit, not marked `edited`")
        old.moves, old.codes = [], ""  # what its own change appended: not stored, not in a parsed table
        old._logged_before = old.logged  # the lines noted before the next change: all, as when parsed
        share_state(new, old)
        return old, new

    async def changed(self, table_id: str, change: Change) -> list[Delivery]:
        """`change`, and what it changed on the table's messages (a change that is the whole command)."""
        old, new = await self.change(table_id, change)
        return self.views.changes(old, new)

    async def find_table(self, cmd: TableCommand) -> str:
        if cmd.table:
            return cmd.table
        if cmd.chat is None:
            raise GameError("no_table_here")
        tables = await self.open_tables(cmd.chat)
        if not tables:
            raise GameError("no_table_here")
        return tables[0].id

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        """The open tables of a chat (the index is a hint: each table is checked)."""
        found = []
        for table_id in await self.store.tables_in_chat(chat.key):
            table = await self.try_load(table_id)
            if table is not None and table.open and table.chat.key == chat.key:
                found.append(table)
        return found

    async def require_no_table(self, chat: ChatRef) -> None:
        """A chat holds one open table at a time."""
        for other in await self.open_tables(chat):
            raise GameError("table_here", id=other.id)

    # -- deliveries -----------------------------------------------------------------------------
    async def push(self, deliveries: Sequence[Delivery]) -> None:
        by_platform: dict[str, list[Delivery]] = {}
        for d in deliveries:
            platform = d.target.user.platform if isinstance(d.target, HandTarget) else d.target.chat.platform
            by_platform.setdefault(platform, []).append(d)
        for platform, items in by_platform.items():
            frontend = self.frontends.get(platform)
            if frontend is not None:
                await frontend.deliver(items)

    # -- finished games -------------------------------------------------------------------------
    async def finished(self, table: Table) -> None:
        """Count a finished game into stats and ratings (idempotent: a game is counted once)."""
        try:
            await self.scoreboard.finished(table, self.clock())
        except Unavailable:
            log.warning("table %s: storage unavailable, the game is counted when next loaded", table.id)
        except Exception:
            log.exception("table %s: the finished game could not be counted", table.id)

    async def flush(self) -> None:
        """Wait until every finished game this worker is counting is counted."""
        while self._counting:
            await asyncio.gather(*list(self._counting), return_exceptions=True)


def altered(old: Table, new: Table) -> list[Target]:
    """The messages a change most likely alters: the group's table message and the hands of the people who
    moved or whose turn began or ended (every hand as a game or a deal starts or ends). A guess, for
    `House._ahead`: a message guessed wrong is looked up when it is sent, as without it."""
    targets: list[Target] = [TableTarget(table=new.id, chat=new.chat)]
    if "playing" not in (old.status, new.status):
        return targets
    seats = list(range(len(new.seats)))
    if old.status == new.status and old.deal == new.deal and len(old.seats) == len(new.seats):
        game = games.get(new.game)
        before, after = set(game.to_act(game_state(old))), set(game.to_act(game_state(new)))
        moved = {i for i in seats if old.seats[i].moved_at != new.seats[i].moved_at}
        seats = [i for i in seats if (i in before) != (i in after) or i in moved]
    hands = [HandTarget(table=new.id, user=u) for i in seats if (u := new.seats[i].user) is not None]
    return targets + hands


Handler = Callable[[House, Any, str], Awaitable[Outcome]]  # (house, command, the user's language) → outcome


def stored_digest(data: str) -> bytes:
    """A digest of a table's stored JSON: a version lost in a failover and written again with other
    content has the same number but not the same digest (`Table._stored`)."""
    return hashlib.blake2b(data.encode(), digest_size=16).digest()


def parse(data: str, version: int) -> Table:
    table = Table.model_validate_json(data)
    table.version = version
    return table
