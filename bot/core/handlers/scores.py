"""Records: /stats, /top, /history, /replay (stepped by its buttons), the score sheet, a table's move history.

The screens are the `Scoreboard`'s (`bot/core/scoreboard.py`); a finished game is counted by the commit
path (`House.finished`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.core.api import AnyCommand, ShowHistory, ShowRecord, ShowReplay, ShowSheet, ShowStats, ShowTop
from bot.core.history import Deal, deals
from bot.core.house import Handler, House
from bot.core.i18n import t
from bot.core.outcome import Outcome, Reply, Screen
from bot.core.scoreboard import scope
from bot.core.table import Table
from bot.core.tokens import encode
from bot.core.views import sheet_picture
from games.base import GameError


async def scores(house: House, cmd: AnyCommand, lang: str) -> Outcome:
    board = house.scoreboard
    match cmd:
        case ShowStats():
            screen = await board.stats_screen(cmd.user, cmd.chat, cmd.game, lang)
        case ShowTop():
            screen = await board.top_screen(cmd.chat, cmd.game, lang)
        case ShowHistory():
            screen = await board.history_screen(cmd.chat, lang, replay_signer(house))
        case ShowReplay():
            screen = await board.replay_screen(
                cmd.game_id, cmd.step, lang, cmd.user.platform, replay_signer(house)
            )
        case ShowRecord():
            screen = await board.record_screen(cmd.game_id, lang)
        case ShowSheet():
            table = await sheet_table(house, cmd)
            screen = Screen(lines=[t(lang, "stats.sheet_caption", id=table.id)])
            screen.image = await asyncio.to_thread(sheet_picture, table)
        case _:
            raise GameError("illegal_action", action=cmd.kind)
    return Outcome(reply=Reply(text=screen.text(), screen=screen))


def replay_signer(house: House) -> Callable[[str, str], str]:
    """A replay's buttons name the finished game (`<table>-<seed tag>`), not a table version."""
    return lambda game_id, action: encode(house.secret, game_id, 0, action)


async def sheet_table(house: House, cmd: ShowSheet) -> Table:
    """The table a sheet is asked for: named, the chat's open one, or the chat's last finished game's."""
    if cmd.table:
        table = await house.load(cmd.table)
    else:
        tables = await house.open_tables(cmd.chat) if cmd.chat is not None else []
        if not tables and cmd.chat is not None:
            last = await house.scoreboard.stats.history(scope(cmd.chat), 1)
            found = await house.try_load(last[0]["id"].split("-")[0]) if last else None
            tables = [found] if found is not None else []
        if not tables:
            raise GameError("no_table_here")
        table = tables[0]
    if table.state is None or table.status not in ("playing", "over"):
        raise GameError("no_sheet")
    return table


async def history(house: House, table_id: str) -> list[Deal]:
    """The table's public move history: the previous deal and the current one (the last), oldest first."""
    return deals(await house.store.history(table_id))


ROUTES: dict[type, Handler] = dict.fromkeys(
    (ShowStats, ShowTop, ShowHistory, ShowReplay, ShowRecord, ShowSheet), scores
)
