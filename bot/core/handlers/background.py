"""The host's own work, with nobody pressing: due AI turns, the AI playing for people whose time ran out,
turn reminders, the sweep every worker shares (`background`), and bringing a platform's messages in line
with the committed tables (`reconcile`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from typing import Any

import games
from bot.core import play, programs
from bot.core.house import House, Unchanged
from bot.core.table import Table
from games.base import Game, GameError
from storage import Unavailable

log = logging.getLogger(__name__)


async def run_due(house: House, now: float | None = None, *, ai_only: bool = False) -> int:
    """Make every move that is due by `now`: AI turns, and the AI playing for late people.

    Each due table is claimed first (`Store.claim_due`), so two workers never play the same table
    at once; `ai_only` (tests, the console) plays every waiting AI turn without claims or timeouts.
    """
    now = house.clock() if now is None else now
    if ai_only:
        ids = await house.store.due(math.inf, limit=1000)
    else:
        ids = await house.store.claim_due(now, now + house.settings.claim_lease, limit=1000)
    moves = 0
    for table_id in ids:
        moves += await step(house, table_id, now, ai_only)
    return moves


async def settle(house: House, limit: int = 100_000) -> int:
    """Play every AI move that is waiting, at once (tests, the console): people are never timed out.
    Finished games are counted by the time it returns."""
    total = 0
    while total < limit:
        moves = await run_due(house, ai_only=True)
        if not moves:
            break
        total += moves
    await house.flush()
    return total


async def background(house: House, stop: asyncio.Event, tick: float = 0.25) -> None:
    """Play due tables until `stop` is set: AI moves and timed-out turns, shared by every worker.

    Each due table is claimed on its own for `claim_lease` seconds (no global lock), at most
    `due_concurrency` at a time per worker, so N workers do N times the work. A worker that dies
    mid-move loses its claims: the tables are due again for everybody when the lease runs out, and
    the commit's compare-and-set keeps a move from being played twice. On stop, the moves under way
    finish (or are cancelled by the caller) and unfinished claims are handed back at once.
    """
    running: dict[asyncio.Task[int], str] = {}
    after_outage: set[asyncio.Task[int]] = set()  # reconciles under way after an outage
    stopped = asyncio.ensure_future(stop.wait())
    capacity = house.settings.due_concurrency
    down = False  # an outage is logged when it starts and when it ends, not at every tick
    try:
        while not stop.is_set():
            free, claimed = capacity - len(running), []
            try:
                if free > 0:
                    now = house.clock()
                    claimed = await house.store.claim_due(now, now + house.settings.claim_lease, free)
                if down:
                    down = False
                    log.warning("storage reachable again; the sweep resumes, the tables are reconciled")
                    # what failed to show during the outage (fingerprints and paces live in Redis) is
                    # sent now: each front end's messages are brought in line with the committed state
                    for platform in list(house.frontends):
                        task = asyncio.create_task(reconcile(house, platform))
                        after_outage.add(task)
                        task.add_done_callback(after_outage.discard)
                if house.unsure:  # commits that had no answer (their master died): show what stands
                    unsure, house.unsure = list(house.unsure), set()
                    task = asyncio.create_task(recheck(house, unsure))
                    after_outage.add(task)
                    task.add_done_callback(after_outage.discard)
                for platform in house.unreconciled:  # a reconcile that could not list the tables
                    task = asyncio.create_task(reconcile(house, platform))
                    after_outage.add(task)
                    task.add_done_callback(after_outage.discard)
                house.unreconciled.clear()
            except Unavailable as e:
                if not down:
                    down = True
                    log.error("storage unavailable (%s); the sweep retries every %.1fs", e, tick)
            except Exception:
                log.exception("sweep failed")
            for table_id in claimed:
                running[asyncio.create_task(claimed_step(house, table_id))] = table_id
            if 0 < free == len(claimed):
                continue  # more may be due: claim again while there is room
            await asyncio.wait([stopped, *running], timeout=tick, return_when=asyncio.FIRST_COMPLETED)
            for task in [t for t in running if t.done()]:
                del running[task]
        if running:
            await asyncio.wait(running)
    finally:
        stopped.cancel()
        unfinished = [table_id for task, table_id in running.items() if not task.done()]
        for task in [*running, *after_outage]:
            task.cancel()
        if unfinished:
            with contextlib.suppress(Exception):
                await house.store.unclaim(unfinished, house.clock())


async def claimed_step(house: House, table_id: str) -> int:
    """One claimed table's due work; a failure leaves the claim to expire (the table is tried again)."""
    try:
        return await step(house, table_id, house.clock(), ai_only=False)
    except Unavailable as e:
        log.warning("table %s: storage unavailable (%s); it is tried again after its lease", table_id, e)
    except Exception:
        log.exception("table %s: its due work failed", table_id)
    return 0


async def step(house: House, table_id: str, now: float, ai_only: bool) -> int:
    """A table's due work: the AI's move, a reminder, or the AI's move for a person whose time ran out."""
    moved = 0

    async def change(tbl: Table) -> None:
        nonlocal moved
        moved = 0
        if tbl.status != "playing" or tbl.state is None:  # a stale hint; versioned while it may start
            await house.store.unschedule(tbl.id, version=tbl.version if tbl.open else None)
            raise Unchanged
        game = games.get(tbl.game)
        state = game.load(tbl.state)
        to_act = game.to_act(state)
        ai = [s for s in to_act if tbl.seats[s].ai_plays]
        expiry = tbl.turn_since + tbl.host.turn_timeout  # past it, no reminder: the AI moves
        if ai and (ai_only or (tbl.ai_due is not None and tbl.ai_due <= now)):
            seat = ai[0]
            await ai_move(house, tbl, game, state, seat, now)
        elif not ai_only and (at := tbl.remind_at()) is not None and at <= now < expiry and to_act:
            tbl.reminded = tbl.turn_since  # `Views.changes` sends the reminded hands anew, so they notify
            return
        elif not ai_only and expiry <= now and to_act:
            seat = to_act[0]
            s = tbl.seats[seat]
            s.misses += 1
            tbl.note("host.log.timeout", seat=seat)
            if s.misses >= tbl.host.max_misses and not s.auto:
                s.auto = True
                tbl.note("host.log.ai_keeps", seat=seat)
            await ai_move(house, tbl, game, state, seat, now)
        else:
            if not ai_only:
                deadline = tbl.deadline()
                if deadline is not None:  # versioned: a newer commit's deadline stands
                    await house.store.schedule(tbl.id, deadline, version=tbl.version)
            raise Unchanged
        moved = 1

    try:
        deliveries = await house.changed(table_id, change)
    except GameError:
        log.exception("table %s: the AI could not move", table_id)
        return 0
    await house.push(deliveries)
    return moved


async def ai_move(house: House, tbl: Table, game: Game, state: Any, seat: int, now: float) -> None:
    level = play.ai_level(tbl, game, seat)
    seed = f"{tbl.id}:{tbl.version}:{seat}"
    action = None
    if programs.is_program(level):
        action = await asyncio.to_thread(programs.choose, game, state, seat, level)
        if action is None:  # the built-in AI makes this move; the table is told at the first failure
            tbl.seats[seat].misses += 1  # an AI seat's misses: its program's failures
            if tbl.seats[seat].misses == 1:
                tbl.note("host.log.program_failed", seat=seat, level=level)
            level = game.default_bot
    if action is None:
        action = await house.thinker.choose(game, state, seat, level, seed, house.settings.search_budget)
    new, events = game.apply(state, seat, action)
    play.record(tbl, game, new, events, now, house.settings.ai_delay, seat, action, state)


async def reconcile(house: House, platform: str, limit: int = 100_000) -> int:
    """Bring every running table's messages on `platform` in line with the committed state.

    Called when a front end starts (and after an outage): a queue lost with a crashed or restarted
    process loses nothing, because what each message shows is known by its fingerprint (kept beside its
    id) and only views that differ are sent, paced like any other. A table storage cannot read now (a
    master failing over) is left to the sweep (`House.unsure`), and so is the whole reconcile when the
    tables cannot be listed (`House.unreconciled`). Lobbies are brought up to date by their
    next change. Returns the number of tables looked at.
    """
    try:
        ids = await house.store.due(math.inf, limit=limit)  # every running table has a deadline
    except Unavailable:
        log.warning("storage unavailable: the tables' messages are reconciled at the sweep's next look")
        house.unreconciled.add(platform)
        return 0
    return await recheck(house, ids, platform)


async def recheck(house: House, ids: list[str], platform: str | None = None) -> int:
    """Bring these tables' messages (on `platform`, or every one) in line with what is committed: at start,
    after an outage, and for a commit that had no answer (a move whose reply a dying master lost was shown
    to nobody). A table storage cannot read yet waits for the sweep's next look (`House.unsure`)."""
    seen = 0
    for table_id in ids:
        try:
            table = await house.try_load(table_id)
        except Unavailable:
            house.unsure.add(table_id)
            continue
        if table is None or table.status != "playing" or platform not in (None, table.chat.platform):
            continue
        seen += 1
        views = [house.views.table_delivery(table)]
        views += [house.views.hand_delivery(table, i, False) for i, s in enumerate(table.seats) if s.user]
        await house.push(views)
    return seen
