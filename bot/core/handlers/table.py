"""A command on one table (the lobby's, the settings', a move): the path every one of them takes.

`run` commits the feature's change through `House.change`, after checking that a pressed button still
means what it says (`fresh`): a stale press answers the presser only (`stale`).
"""

from __future__ import annotations

from collections.abc import Callable

import games
from bot.core.api import Act, Kick, Pick, TableCommand
from bot.core.house import House
from bot.core.i18n import has, t
from bot.core.outcome import Delivery, HandTarget, Outcome, Reply
from bot.core.table import Table
from games.base import Game

# Table buttons whose meaning depends on the table they were drawn on (a seat number): any change stales them.
# Game moves and picks stay valid while legal for their person (`fresh`); every other button is timeless.
VERSIONED = ("@kick:",)

# the feature's change of the table: (table, its game, now, whether the button was drawn on an older version)
TableChange = Callable[[Table, Game, float, bool], None]


class Stale(Exception):
    """A button drawn for an earlier version of the table."""


async def run(
    house: House, table_id: str, cmd: TableCommand, lang: str, version: int | None, change: TableChange
) -> Outcome:
    """Commit `change` for `cmd` at the table; `version` is the one a pressed button was drawn at."""
    now = house.clock()

    async def commit(tbl: Table) -> None:
        old_button = version is not None and version != tbl.version
        if old_button:
            fresh(tbl, cmd, version)
        seat = tbl.seat_of(cmd.user)
        if seat is not None:
            tbl.seats[seat].lang = lang
        change(tbl, games.get(tbl.game), now, old_button)

    try:
        old, new = await house.change(table_id, commit)
    except Stale:
        return await stale(house, table_id, cmd, lang)
    deliveries = pressed(house.views.changes(old, new), cmd)
    return Outcome(reply=done_reply(cmd, lang), deliveries=deliveries, table=table_id)


def pressed(deliveries: list[Delivery], cmd: TableCommand) -> list[Delivery]:
    """The presser's hand delivery names the message their move button was on (`Delivery.pressed`): the
    hand they see is the one brought up to date, even one whose id the store never got."""
    if cmd.message is None or not isinstance(cmd, Act | Pick):
        return deliveries
    return [
        d.model_copy(update={"pressed": cmd.message})
        if isinstance(d.target, HandTarget) and d.target.user == cmd.user
        else d
        for d in deliveries
    ]


def fresh(tbl: Table, cmd: TableCommand, version: int) -> None:
    """Raise Stale unless a button drawn at `version` still means what it says.

    A move or a pick stays valid while it is legal for its person, unless that person has moved
    since the button was drawn (a double click, an old hand message): lobby, settings, chat and AI
    changes never stale it. A seat-numbered button (✖ Remove) is stale after any change.
    """
    if isinstance(cmd, Act | Pick):
        seat = tbl.seat_of(cmd.user)
        if seat is None:
            return  # not theirs to press: the command says so ("not seated")
        if tbl.status != "playing" or tbl.seats[seat].moved_at >= version:
            raise Stale
    elif isinstance(cmd, Kick):
        raise Stale


async def stale(house: House, table_id: str, cmd: TableCommand, lang: str) -> Outcome:
    """A button that no longer applies: say so, and bring the presser's own hand up to date — the message
    pressed, when it is not the one stored (a turn alert whose id a killed worker never stored).

    The group is never touched (its message is kept current by the changes themselves), so someone
    pressing old buttons cannot spend the group's budget; an unchanged hand is not sent again either.
    """
    table = await house.load(table_id)
    deliveries = []
    seat = table.seat_of(cmd.user)
    if table.status == "playing" and seat is not None:
        deliveries.append(house.views.hand_delivery(table, seat, notify=False))
    return Outcome(
        reply=Reply(text=t(lang, "error.stale"), alert=False),
        deliveries=pressed(deliveries, cmd),
        table=table_id,
    )


def done_reply(cmd: TableCommand, lang: str) -> Reply | None:
    key = f"host.done.{cmd.kind}"
    return Reply(text=t(lang, key)) if has(key) else None
