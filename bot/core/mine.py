"""`/mytables`: the tables a person sits at, across chats, with whose turn it is (public facts only).

Asked in a group, only that group's tables are listed (other groups' names are not this group's
business); the rest are counted, and the full list comes in a private chat or an ephemeral reply.
"""

from __future__ import annotations

import games
from bot.core import render
from bot.core.api import ChatRef, UserRef
from bot.core.i18n import for_platform, t
from bot.core.table import Table


def left(seconds: float, lang: str) -> str:
    """A rough time left: whole days, hours or minutes (at least one minute)."""
    for unit, size in (("day", 86400), ("hour", 3600)):
        if seconds >= size:
            return t(lang, f"host.{unit}s", n=int(seconds // size))
    return t(lang, "host.minutes", n=max(1, int(seconds // 60)))


def table_line(table: Table, user: UserRef, lang: str, now: float) -> str:
    game = games.get(table.game)
    where = t(lang, "mine.where", game=render.game_name(game, lang), chat=table.chat.title or table.chat.id,
              id=table.id)  # fmt: skip
    if table.status == "lobby":
        seated = sum(1 for s in table.seats if not s.free)
        return t(lang, "mine.lobby", where=where, n=seated, max=game.max_players)
    state = game.load(table.state or {})
    to_act = game.to_act(state)
    seat = table.seat_of(user)
    if seat is not None and seat in to_act and not table.seats[seat].auto:
        time = left(table.turn_since + table.host.turn_timeout - now, lang)
        return t(lang, "mine.your_move", where=where, time=time)
    names = ", ".join(render.seat_name(table, i, lang) for i in to_act)
    return t(lang, "mine.waiting", where=where, names=names)


def my_tables(tables: list[Table], user: UserRef, lang: str, now: float, chat: ChatRef | None) -> str:
    """The text of `/mytables`; `chat` set when asked in a group."""
    mine = [tb for tb in tables if tb.open and tb.seat_of(user) is not None]
    here = [tb for tb in mine if chat is None or tb.chat.id == chat.id]
    if not mine:
        return t(lang, for_platform("mine.none", user.platform))
    lines = [t(lang, "mine.title")] + ["• " + table_line(tb, user, lang, now) for tb in here]
    if len(here) < len(mine):
        lines.append(t(lang, "mine.elsewhere", n=len(mine) - len(here)))
    return "\n".join(lines)
