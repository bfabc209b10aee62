"""The private chat: /start (with deep-link payloads), and group-only commands sent here by mistake.

Payloads of `t.me/<bot>?start=…`:
- `j<table>_<sig>`: join that table (the Join button of a user the bot could not write to yet);
- `h<table>`: send my hand at that table; `h` or `s` or nothing: welcome, and my hands at running games.
Any /start here proves the bot may write to this user: the reachability flag is set in storage.
"""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import Message, Update

from bot.core.api import Join, ShowHand
from bot.core.i18n import t
from bot.telegram.common import run, say, update_id
from bot.telegram.frontend import TelegramFrontend
from bot.telegram.refs import parse_join, plain_html, user_ref


async def start(message: Message, command: CommandObject, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    user = user_ref(message.from_user)
    await tg.people.reached(user)
    lang = await tg.people.lang_of(user)
    payload = command.args or ""
    if payload.startswith("j"):
        table = parse_join(tg.bot.token, payload)
        if table is None:
            await say(tg, message, plain_html(t(lang, "telegram.bad_link")))
            return
        await run(tg, message, Join(user=user, table=table, update_id=update_id(event_update)))
        return
    table = payload[1:] if payload.startswith("h") and len(payload) > 1 else None
    outcome = await tg.handle(ShowHand(user=user, table=table, update_id=update_id(event_update)))
    if table is None or outcome.reply is None or outcome.reply.alert:
        # a plain /start, or no cards to show: say hello (the hands of running games are on their way)
        await say(tg, message, plain_html(t(lang, "telegram.welcome")))


async def group_only(message: Message, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    user = user_ref(message.from_user)
    await tg.people.reached(user)
    await say(tg, message, plain_html(t(await tg.people.lang_of(user), "telegram.group_only")))


def make_router() -> Router:
    """A fresh router (a router can belong to one dispatcher only)."""
    router = Router(name="private")
    router.message.filter(F.chat.type == "private")
    router.message.register(start, CommandStart())
    router.message.register(group_only, Command("new", "join", "leave", "stop", "settings", "notify"))
    return router
