"""A person's and a chat's preferences: language, turn alerts (pings), whether private messages reach
a person, the tables a person sits at (/mytables), and a chat that moved (its tables follow it)."""

from __future__ import annotations

import logging

import games
from bot.core import mine
from bot.core.api import MoveChat, MyTables, SetLanguage, SetPings, UserRef
from bot.core.house import Handler, House, Unchanged
from bot.core.i18n import for_platform, normalize_language, t
from bot.core.outcome import Delivery, Outcome, Reply
from bot.core.table import PING_MODES, Table
from games.base import GameError
from storage import Unavailable

log = logging.getLogger(__name__)


async def set_language(house: House, cmd: SetLanguage, _lang: str) -> Outcome:
    lang = normalize_language(cmd.lang, "")
    if not lang:
        raise GameError("unknown_language", lang=cmd.lang, languages="en, ru, uk")
    await house.store.set_user_lang(cmd.user.key, lang)
    # their seats too: a press reads its language from the seat (`Store.begin`), not from their prefs
    deliveries = await at_their_seats(house, cmd.user, "lang", lang)
    if cmd.chat is not None and cmd.is_chat_admin:
        await house.store.set_chat_lang(cmd.chat.key, lang)
        for table in await house.open_tables(cmd.chat):

            async def relang(tbl: Table) -> None:
                tbl.lang = lang

            deliveries += await house.changed(table.id, relang)
    return Outcome(reply=Reply(text=t(lang, "host.language_set")), deliveries=deliveries)


async def set_pings(house: House, cmd: SetPings, lang: str) -> Outcome:
    """A person's choice of turn alerts (issue 20): stored, and applied at every table they sit at."""
    mode = cmd.mode.strip().lower()
    if mode not in PING_MODES:
        raise GameError("unknown_pings", mode=cmd.mode, modes=", ".join(PING_MODES))
    await house.store.set_user_pings(cmd.user.key, mode)
    deliveries = await at_their_seats(house, cmd.user, "pings", mode)
    text = t(lang, for_platform(f"host.pings_set.{mode}", cmd.user.platform))
    return Outcome(reply=Reply(text=text), deliveries=deliveries)


async def at_their_seats(house: House, user: UserRef, field: str, value: str) -> list[Delivery]:
    """A person's preference applied to their seat at every table they sit at; what that changes."""

    async def change(tbl: Table) -> None:
        seat = tbl.seat_of(user)
        if seat is None or getattr(tbl.seats[seat], field) == value:
            raise Unchanged
        setattr(tbl.seats[seat], field, value)

    deliveries: list[Delivery] = []
    for table in await house.store.tables_of_user(user.key):
        try:
            deliveries += await house.changed(table, change)
        except GameError as e:
            if e.code != "no_table":  # the index is a hint: a table may be gone; "busy" is not swallowed
                raise
    return deliveries


async def pings_of(house: House, user: UserRef) -> str:
    """A person's stored turn alerts, for a seat they take (join, /new, a rematch); `auto` if none."""
    mode = await house.store.get_user_pings(user.key)
    return mode if mode in PING_MODES else "auto"


async def unreachable(house: House, user: UserRef, table: str) -> None:
    """The platform refused to write to `user`: say so at the table, once."""

    async def change(tbl: Table) -> None:
        seat = tbl.seat_of(user)
        if seat is None or tbl.seats[seat].unreachable or not tbl.open:
            raise Unchanged
        tbl.seats[seat].unreachable = True
        tbl.note("host.log.no_dm", seat=seat)

    try:
        await house.store.mark_reachable(user.key, False)
        old, new = await house.change(table, change)
        views = house.views.changes(old, new)
        seat = new.seat_of(user)
        playing = new is not old and new.status == "playing" and new.state is not None
        if (
            playing
            and seat is not None
            and new.seats[seat].pinged
            and seat in games.get(new.game).to_act(house.views.state(new))
        ):
            views.append(house.views.ping(new, seat))  # the turn alert just failed: tell them here
        await house.push(views)
    except (GameError, Unavailable):
        log.info("could not record an unreachable player at table %s", table)


async def reachable(house: House, user: UserRef) -> bool:
    """The platform can write to `user` again (they started the bot, a DM went through).

    False when it could not all be stored: the adapter then tells the host again next time.
    """

    async def change(tbl: Table) -> None:
        seat = tbl.seat_of(user)
        if seat is None or not tbl.seats[seat].unreachable:
            raise Unchanged
        tbl.seats[seat].unreachable = False

    try:
        await house.store.mark_reachable(user.key, True)
        for table in await house.store.tables_of_user(user.key):
            await house.push(await house.changed(table, change))
    except (GameError, Unavailable):
        log.info("could not record that a player is reachable again")
        return False
    return True


async def my_tables(house: House, cmd: MyTables, lang: str) -> Outcome:
    ids = await house.store.tables_of_user(cmd.user.key)
    tables = [tb for i in ids if (tb := await house.try_load(i)) is not None]
    return Outcome(reply=Reply(text=mine.my_tables(tables, cmd.user, lang, house.clock(), cmd.chat)))


async def move_chat(house: House, cmd: MoveChat, _lang: str) -> Outcome:
    deliveries: list[Delivery] = []
    for table in await house.open_tables(cmd.old):

        async def move(tbl: Table) -> None:
            tbl.chat = cmd.new

        _old, new = await house.change(table.id, move)
        # the old message stays behind in the old chat: post the table anew where it now lives
        deliveries.append(house.views.table_delivery(new, notify=True))
    return Outcome(deliveries=deliveries)


ROUTES: dict[type, Handler] = {
    SetLanguage: set_language,
    SetPings: set_pings,
    MyTables: my_tables,
    MoveChat: move_chat,
}
