"""Commands that work anywhere: /rules [game], /lang and /pings (with pickers), /help."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update

from bot.core.api import MyTables, SetLanguage, SetPings, ShowRules
from bot.core.i18n import LANGUAGES, t
from bot.telegram.common import Answer, run, say, update_id
from bot.telegram.frontend import TelegramFrontend
from bot.telegram.refs import is_group, message_chat, plain_html, user_ref

NAMES = {"en": "English", "ru": "Русский", "uk": "Українська"}


async def rules(message: Message, command: CommandObject, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    game = (command.args or "").strip() or None
    await run(
        tg, message, ShowRules(user=user_ref(message.from_user), game=game, update_id=update_id(event_update))
    )


async def help_(message: Message, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    lang = await tg.people.lang_of(user_ref(message.from_user))
    await say(message, plain_html(t(lang, "telegram.help") + "\n\n" + t(lang, "night.help.options")))


async def lang(message: Message, command: CommandObject, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    user = user_ref(message.from_user)
    code = (command.args or "").strip()
    if not code:
        buttons = [InlineKeyboardButton(text=NAMES[x], callback_data=f"lang:{x}") for x in LANGUAGES]
        markup = InlineKeyboardMarkup(inline_keyboard=[buttons])
        await say(message, plain_html(t(await tg.people.lang_of(user), "telegram.lang_pick")), markup)
        return
    group = is_group(message.chat)
    cmd = SetLanguage(
        user=user,
        lang=code,
        chat=message_chat(message) if group else None,
        is_chat_admin=group and await tg.is_admin(message.chat.id, message.from_user.id),
        update_id=update_id(event_update),
    )
    await run(tg, message, cmd)


async def pick_lang(query: CallbackQuery, event_update: Update, tg: TelegramFrontend) -> None:
    answer = Answer(query)
    try:
        message = query.message
        group = message is not None and is_group(message.chat)
        cmd = SetLanguage(
            user=user_ref(query.from_user),
            lang=(query.data or "").removeprefix("lang:"),
            chat=message_chat(message) if group and isinstance(message, Message) else None,
            is_chat_admin=group
            and message is not None
            and await tg.is_admin(message.chat.id, query.from_user.id),
            update_id=update_id(event_update),
        )
        outcome = await tg.handle_quickly(cmd)
        if outcome is not None and outcome.reply is not None:
            await answer(outcome.reply.text, alert=outcome.reply.alert)
    finally:
        await answer()


PING_MODES = ("auto", "group", "off")


async def pings(message: Message, command: CommandObject, event_update: Update, tg: TelegramFrontend) -> None:
    """How the person hears it is their move (issue 20): a picker, or the mode as the argument."""
    if message.from_user is None:
        return
    user = user_ref(message.from_user)
    mode = (command.args or "").strip()
    if not mode:
        buttons = [InlineKeyboardButton(text=x, callback_data=f"pings:{x}") for x in PING_MODES]
        markup = InlineKeyboardMarkup(inline_keyboard=[buttons])
        await say(message, plain_html(t(await tg.people.lang_of(user), "telegram.pings_pick")), markup)
        return
    await run(tg, message, SetPings(user=user, mode=mode, update_id=update_id(event_update)))


async def pick_pings(query: CallbackQuery, event_update: Update, tg: TelegramFrontend) -> None:
    answer = Answer(query)
    try:
        mode = (query.data or "").removeprefix("pings:")
        cmd = SetPings(user=user_ref(query.from_user), mode=mode, update_id=update_id(event_update))
        outcome = await tg.handle_quickly(cmd)
        if outcome is not None and outcome.reply is not None:
            await answer(outcome.reply.text, alert=outcome.reply.alert)
    finally:
        await answer()


async def my_tables(message: Message, event_update: Update, tg: TelegramFrontend) -> None:
    """Your tables across chats (in a group: that group's only, the others counted)."""
    if message.from_user is None:
        return
    chat = message_chat(message) if is_group(message.chat) else None
    cmd = MyTables(user=user_ref(message.from_user), chat=chat, update_id=update_id(event_update))
    await run(tg, message, cmd)


def make_router() -> Router:
    """A fresh router (a router can belong to one dispatcher only)."""
    router = Router(name="general")
    router.message.register(rules, Command("rules"))
    router.message.register(help_, Command("help"))
    router.message.register(lang, Command("lang"))
    router.callback_query.register(pick_lang, F.data.startswith("lang:"))
    router.message.register(pings, Command("pings"))
    router.message.register(my_tables, Command("mytables"))
    router.callback_query.register(pick_pings, F.data.startswith("pings:"))
    return router
