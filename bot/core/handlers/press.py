"""Buttons: a press's signed token (`table|version|action|hmac`) becomes the command its button stands for.

A game move is its action as it is; every other button is `@verb[:args]`. The command goes to the
feature that owns it, with the table version the button was drawn at where that matters (`table.fresh`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.core.api import (
    Act,
    AddBot,
    AnyCommand,
    Cancel,
    CycleLevel,
    EditOption,
    Join,
    Kick,
    Leave,
    Pick,
    Press,
    Rematch,
    RemoveBot,
    SetOption,
    SetPreset,
    ShowHand,
    ShowLog,
    ShowPanel,
    ShowRecord,
    ShowReplay,
    ShowSettings,
    Start,
)
from bot.core.handlers import lobby, newtable, play, scores
from bot.core.handlers.table import VERSIONED
from bot.core.house import Handler, House
from bot.core.outcome import Outcome
from bot.core.tokens import decode
from games.base import GameError


def _number(a: list[str]) -> bool:
    return len(a) == 1 and a[0].isdigit()


# `@verb:args` → its command (None: not a button of this shape); `t` names the presser and the table
BUTTONS: dict[str, Callable[[list[str], dict[str, Any]], AnyCommand | None]] = {
    "join": lambda a, t: Join(**t) if not a else None,
    "leave": lambda a, t: Leave(**t) if not a else None,
    "bot": lambda a, t: AddBot(**t) if not a else None,
    "unbot": lambda a, t: RemoveBot(**t) if not a else None,
    "start": lambda a, t: Start(**t) if not a else None,
    "cancel": lambda a, t: Cancel(**t) if not a else None,
    "settings": lambda a, t: ShowSettings(**t) if not a else None,
    "pick": lambda a, t: Pick(item=a[0], **t) if len(a) == 1 else None,
    "h": lambda a, t: Act(action=f"@h:{a[0]}", **t) if len(a) == 1 else None,
    "opt": lambda a, t: SetOption(name=a[0], value=a[1], **t) if len(a) == 2 else None,
    "seat": lambda a, t: Join(seat=int(a[0]), **t) if _number(a) else None,  # a chosen seat (bridge: N E S W)
    "lvl": lambda a, t: CycleLevel(seat=int(a[0]), **t) if _number(a) and len(a[0]) < 3 else None,
    "kick": lambda a, t: Kick(seat=int(a[0]), **t) if _number(a) else None,
    # a replay's step: the token names a finished game, not a table
    "rp": lambda a, t: ShowReplay(user=t["user"], game_id=t["table"], step=int(a[0])) if _number(a) else None,
    "rec": lambda a, t: ShowRecord(user=t["user"], game_id=t["table"]) if not a else None,
    "hand": lambda a, t: ShowHand(ephemeral=True, **t) if not a else None,
    "preset": lambda a, t: SetPreset(name=a[0], **t) if len(a) == 1 else None,
    "panel": lambda a, t: ShowPanel(name=a[0], **t) if len(a) == 1 else None,
    "add": lambda a, t: EditOption(name=a[0], item=a[1], **t) if len(a) == 2 else None,
    "pop": lambda a, t: EditOption(name=a[0], **t) if len(a) == 1 else None,
    "log": lambda a, t: ShowLog(**t) if not a else None,
    "rematch": lambda a, t: Rematch(**t) if not a else None,
}


async def press(house: House, cmd: Press, lang: str) -> Outcome:
    token = decode(house.secret, cmd.token)
    action = token.action
    timeless = action.startswith("@") and not action.startswith(("@pick:", "@h:", *VERSIONED))
    version = None if timeless else token.version
    target = {
        "table": token.table,
        "user": cmd.user,
        "is_chat_admin": cmd.is_chat_admin,
        "message": cmd.message,
    }
    if not action.startswith("@"):
        return await play.command(house, Act(action=action, **target), lang, version)
    verb, *args = action[1:].split(":")
    made = BUTTONS[verb](args, target) if verb in BUTTONS else None
    match made:
        case None:
            raise GameError("bad_token")
        case Act() | Pick():
            return await play.command(house, made, lang, version)
        case ShowHand():
            return await play.show_hand(house, made, lang)
        case Rematch():
            return await newtable.rematch(house, made, lang)
        case ShowRecord():
            return await scores.scores(house, made, lang)
        case ShowReplay():
            outcome = await scores.scores(house, made, lang)
            if outcome.reply is not None:
                outcome.reply.in_place = True  # the next step replaces the message pressed
            return outcome
    return await lobby.command(house, made, lang, version)


ROUTES: dict[type, Handler] = {Press: press}
