"""The lobby and the ⚙ settings: seats, AI seats, start, cancel, kick, invitations, options, presets, the log.

What each command does to the table is a pure function in `bot/core/lobby.py`; here they are committed.
"""

from __future__ import annotations

from bot.core import lobby, play
from bot.core.api import (
    AddBot,
    Cancel,
    CycleLevel,
    EditOption,
    Invite,
    Join,
    Kick,
    Leave,
    RemoveBot,
    SetOption,
    SetPreset,
    ShowLog,
    ShowPanel,
    ShowSettings,
    Start,
    TableCommand,
)
from bot.core.handlers import prefs, table
from bot.core.house import Handler, House
from bot.core.outcome import Outcome
from bot.core.table import Table
from games.base import Game, GameError


async def command(house: House, cmd: TableCommand, lang: str, version: int | None = None) -> Outcome:
    """A lobby or settings command at the table it names (or the chat's open one)."""
    table_id = await house.find_table(cmd)
    settings = house.settings
    user, admin = cmd.user, cmd.is_chat_admin
    pings = await prefs.pings_of(house, user) if isinstance(cmd, Join) else "auto"

    def change(tbl: Table, game: Game, now: float, old_button: bool) -> None:
        match cmd:
            case Join():
                lobby.join(tbl, game, user, lang, admin, cmd.seat)
                if (seat := tbl.seat_of(user)) is not None:
                    tbl.seats[seat].pings = pings
            case Leave():
                lobby.leave(tbl, game, user)
                refresh_ai(house, tbl, game, now)
            case AddBot():
                preferred = settings.ai_level if settings.ai_level in game.bot_levels else None
                lobby.add_bot(tbl, game, cmd.level or preferred)
            case RemoveBot():
                lobby.remove_bot(tbl, cmd.seat, game)
            case Start():
                lobby.start(tbl, game, user, admin, now, settings.lobby_timeout)
                play.record(tbl, game, game.load(tbl.state or {}), [], now, settings.ai_delay)
            case Cancel():
                lobby.cancel(tbl, user, admin)
            case CycleLevel():
                lobby.cycle_level(tbl, game, user, admin, cmd.seat)
            case Kick():
                lobby.kick(tbl, game, user, admin, cmd.seat)
                refresh_ai(house, tbl, game, now)
            case Invite():
                lobby.invite(tbl, user, admin, cmd.guest)
            case SetOption():
                lobby.set_option(tbl, game, user, admin, cmd.name, cmd.value)
            case ShowSettings():
                lobby.toggle_settings(tbl, user, admin)
            case SetPreset():
                lobby.set_preset(tbl, game, user, admin, cmd.name)
            case ShowPanel():
                lobby.show_panel(tbl, game, user, admin, cmd.name)
            case EditOption():
                lobby.edit_list(tbl, game, user, admin, cmd.name, cmd.item)
            case ShowLog():
                lobby.toggle_log(tbl)
            case _:
                raise GameError("illegal_action", action=cmd.kind)

    return await table.run(house, table_id, cmd, lang, version, change)


def refresh_ai(house: House, tbl: Table, game: Game, now: float) -> None:
    """After a seat changed hands, the AI may now be the one to move."""
    if tbl.status == "playing" and tbl.state is not None:
        state = game.load(tbl.state)
        if any(tbl.seats[s].ai_plays for s in game.to_act(state)):
            tbl.ai_due = now + house.settings.ai_delay


COMMANDS = (Join, Leave, AddBot, RemoveBot, Start, Cancel, CycleLevel, Kick, Invite)
SETTINGS = (SetOption, ShowSettings, SetPreset, ShowPanel, EditOption, ShowLog)
ROUTES: dict[type, Handler] = dict.fromkeys((*COMMANDS, *SETTINGS), command)
