"""Commands that work anywhere: /rules [game], /lang and /pings (with pickers), /help."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiogram import F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update

from bot.core.api import AnyCommand, MyTables, SetLanguage, SetPings, ShowRules
from bot.core.i18n import LANGUAGES, t
from bot.core.table import PING_MODES
from bot.telegram.common import Answer, run, say, update_id
from bot.telegram.frontend import TelegramFrontend
from bot.telegram.refs import is_group, message_chat, plain_html, user_ref

MakeCommand = Callable[[], Awaitable[AnyCommand]]
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
    await say(tg, message, plain_html(t(lang, "telegram.help") + "\n\n" + t(lang, "night.help.options")))


async def lang(message: Message, command: CommandObject, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    user = user_ref(message.from_user)
    code = (command.args or "").strip()
    if not code:
        await picker(message, tg, "telegram.lang_pick", language_choices)
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


def language_choices(_lang: str) -> list[tuple[str, str]]:
    return [(NAMES[x], f"lang:{x}") for x in LANGUAGES]  # each in its own language


def pings_choices(lang: str) -> list[tuple[str, str]]:
    return [(t(lang, f"pings.mode.{x}"), f"pings:{x}") for x in PING_MODES]


async def picker(
    message: Message,
    tg: TelegramFrontend,
    key: str,
    choices: Callable[[str], list[tuple[str, str]]],
    *,
    column: bool = False,
) -> None:
    """A question with one button per choice (label, callback data) in the asker's language; in a row, or
    in a `column` for longer labels."""
    assert message.from_user is not None
    lang = await tg.people.lang_of(user_ref(message.from_user))
    buttons = [InlineKeyboardButton(text=label, callback_data=data) for label, data in choices(lang)]
    rows = [[b] for b in buttons] if column else [buttons]
    await say(tg, message, plain_html(t(lang, key)), InlineKeyboardMarkup(inline_keyboard=rows))


async def picked(query: CallbackQuery, tg: TelegramFrontend, make: MakeCommand) -> None:
    """A picker's button pressed: the command it makes, answered in the callback (always answered)."""
    answer = Answer(query)
    try:
        outcome = await tg.handle_quickly(await make())
        if outcome is not None and outcome.reply is not None:
            await answer(outcome.reply.text, alert=outcome.reply.alert)
    finally:
        await answer()


async def pick_lang(query: CallbackQuery, event_update: Update, tg: TelegramFrontend) -> None:
    async def make() -> AnyCommand:
        message = query.message
        group = message is not None and is_group(message.chat)
        return SetLanguage(
            user=user_ref(query.from_user),
            lang=(query.data or "").removeprefix("lang:"),
            chat=message_chat(message) if group and isinstance(message, Message) else None,
            is_chat_admin=group
            and message is not None
            and await tg.is_admin(message.chat.id, query.from_user.id),
            update_id=update_id(event_update),
        )

    await picked(query, tg, make)


async def pings(message: Message, command: CommandObject, event_update: Update, tg: TelegramFrontend) -> None:
    """How the person hears it is their move (issue 20): a picker, or the mode as the argument."""
    if message.from_user is None:
        return
    user = user_ref(message.from_user)
    mode = (command.args or "").strip()
    if not mode:
        await picker(message, tg, "telegram.pings_pick", pings_choices, column=True)
        return
    await run(tg, message, SetPings(user=user, mode=mode, update_id=update_id(event_update)))


async def pick_pings(query: CallbackQuery, event_update: Update, tg: TelegramFrontend) -> None:
    async def make() -> AnyCommand:
        mode = (query.data or "").removeprefix("pings:")
        return SetPings(user=user_ref(query.from_user), mode=mode, update_id=update_id(event_update))

    await picked(query, tg, make)


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
