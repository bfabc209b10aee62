"""Stats and the record of finished games: /stats [game], /top [game], /history, /replay <id>, /sheet.

They work in groups and in the private chat (`/stats` there shows a person's figures across chats).
Each answers the person who asked, once; a replay's ◀ ▶ buttons edit that answer in place (`play.py`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message, Update

from bot.core.api import ShowHistory, ShowReplay, ShowSheet, ShowStats, ShowTop
from bot.core.i18n import t
from bot.telegram.common import run, say, update_id
from bot.telegram.frontend import TelegramFrontend
from bot.telegram.refs import is_group, message_chat, plain_html, user_ref


def _arg(command: CommandObject) -> str | None:
    return (command.args or "").strip().split(" ")[0] or None


async def stats(message: Message, command: CommandObject, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    chat = message_chat(message) if is_group(message.chat) else None
    cmd = ShowStats(
        user=user_ref(message.from_user), chat=chat, game=_arg(command), update_id=update_id(event_update)
    )
    await run(tg, message, cmd)


async def top(message: Message, command: CommandObject, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    cmd = ShowTop(
        user=user_ref(message.from_user),
        chat=message_chat(message),
        game=_arg(command),
        update_id=update_id(event_update),
    )
    await run(tg, message, cmd)


def in_this_chat(kind: type[ShowHistory] | type[ShowSheet]) -> Callable[..., Awaitable[None]]:
    """The handler of a command that names nothing but the person and the chat it is typed in."""

    async def handler(message: Message, event_update: Update, tg: TelegramFrontend) -> None:
        if message.from_user is None:
            return
        user = user_ref(message.from_user)
        await run(tg, message, kind(user=user, chat=message_chat(message), update_id=update_id(event_update)))

    return handler


async def replay(
    message: Message, command: CommandObject, event_update: Update, tg: TelegramFrontend
) -> None:
    if message.from_user is None:
        return
    user = user_ref(message.from_user)
    words = (command.args or "").split()
    if not words:
        await say(tg, message, plain_html(t(await tg.people.lang_of(user), "stats.replay_how")))
        return
    step = int(words[1]) if len(words) > 1 and words[1].isdigit() else 0
    await run(
        tg, message, ShowReplay(user=user, game_id=words[0], step=step, update_id=update_id(event_update))
    )


def make_router() -> Router:
    """A fresh router (a router can belong to one dispatcher only)."""
    router = Router(name="scores")
    router.message.register(stats, Command("stats"))
    router.message.register(top, Command("top"))
    router.message.register(in_this_chat(ShowHistory), Command("history"))
    router.message.register(replay, Command("replay"))
    router.message.register(in_this_chat(ShowSheet), Command("sheet"))
    return router
