"""Group commands about the chat's table: /new, /join, /leave, /start, /stop, /settings, /invite; migrations.

`/new [game] [preset] [option=value …]`: the first word is a game (key or alias, `poker`, `durak`…) or,
when it is not one, a preset of the default game (the first registered game); the next word is a
preset. An unknown first word goes to the host as a game name, so the user gets its "no such game".
Admin rights (from getChatAdministrators) are looked up only for commands where they matter.
"""

from __future__ import annotations

import logging
from typing import Any

from aiogram import F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import Message, Update

import games
from bot.core.api import Cancel, ChatRef, Invite, Join, Leave, NewTable, Notify, ShowSettings, Start
from bot.core.i18n import t
from bot.core.lobby import split_assignments
from bot.telegram.common import open_bot_hint, run, say, update_id
from bot.telegram.frontend import TelegramFrontend
from bot.telegram.refs import chat_ref, message_chat, plain_html, user_ref
from games.base import GameError

log = logging.getLogger(__name__)


MAX_FILE = 200_000  # bytes of an attached board set (a PBN file of 32 boards is ~40 KB): `pbn.MAX_BYTES`


def parse_new(args: str | None) -> tuple[str, str | None, dict[str, Any]]:
    """`/new` arguments → (game, preset, options); a value runs to the next `name=` (`schedule=1 5 D N`)."""
    plain, options = split_assignments(args)
    default = games.all_games()[0]
    if not plain:
        return default.key, None, options
    try:
        game, preset, variant = games.lookup(plain[0], plain[1] if len(plain) > 1 else None)
    except GameError:
        if plain[0] in default.presets:
            return default.key, plain[0], options
        return plain[0], None, options
    return game.key, preset, {**variant, **options}


async def admin(tg: TelegramFrontend, message: Message) -> bool:
    if message.sender_chat is not None and message.sender_chat.id == message.chat.id:
        return True  # an anonymous admin writing as the group
    return message.from_user is not None and await tg.is_admin(message.chat.id, message.from_user.id)


async def new_table(
    message: Message, command: CommandObject, event_update: Update, tg: TelegramFrontend
) -> None:
    if message.from_user is None:
        return
    game, preset, options = parse_new(command.args)
    boards = None
    if message.document is not None:  # `/new bridge boards=` as the caption of a .pbn file: a board set
        if not options.get("boards"):
            options.pop("boards", None)
        boards = await attached_text(message)
    cmd = NewTable(
        user=user_ref(message.from_user),
        chat=message_chat(message),
        game=game,
        preset=preset,
        options=options,
        boards=boards,
        update_id=update_id(event_update),
    )
    await run(tg, message, cmd, quiet=True)


async def attached_text(message: Message) -> str:
    """The text of the file attached to a message: its first `MAX_FILE` bytes and one more, so a longer
    file is refused by the game as too big."""
    document = message.document
    if document is None or message.bot is None:
        return ""
    data = await message.bot.download(document)
    raw = data.read(MAX_FILE + 1) if data is not None else b""
    return raw.decode("utf-8", errors="replace")


async def join(message: Message, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    user = user_ref(message.from_user)
    cmd = Join(user=user, chat=message_chat(message), update_id=update_id(event_update))
    outcome = await run(tg, message, cmd, quiet=True)
    if outcome.table and not (outcome.reply and outcome.reply.alert) and not await tg.people.reachable(user):
        await open_bot_hint(tg, message, "s")


async def notify(message: Message, event_update: Update, tg: TelegramFrontend) -> None:
    """Toggle a private notice whenever a table opens in this group."""
    if message.from_user is None:
        return
    user = user_ref(message.from_user)
    await run(tg, message, Notify(user=user, chat=message_chat(message), update_id=update_id(event_update)))
    if not await tg.people.reachable(user):
        await open_bot_hint(tg, message, "s")


async def leave(message: Message, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    cmd = Leave(
        user=user_ref(message.from_user), chat=message_chat(message), update_id=update_id(event_update)
    )
    await run(tg, message, cmd, quiet=True)


async def start(message: Message, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    cmd = Start(
        user=user_ref(message.from_user),
        chat=message_chat(message),
        update_id=update_id(event_update),
        is_chat_admin=await admin(tg, message),
    )
    await run(tg, message, cmd, quiet=True)


async def stop(message: Message, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    cmd = Cancel(
        user=user_ref(message.from_user),
        chat=message_chat(message),
        update_id=update_id(event_update),
        is_chat_admin=await admin(tg, message),
    )
    await run(tg, message, cmd, quiet=True)


async def settings(message: Message, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    cmd = ShowSettings(
        user=user_ref(message.from_user),
        chat=message_chat(message),
        update_id=update_id(event_update),
        is_chat_admin=await admin(tg, message),
    )
    await run(tg, message, cmd, quiet=True)


async def invite(message: Message, event_update: Update, tg: TelegramFrontend) -> None:
    """`/invite` in reply to someone's message lets them join the private table."""
    if message.from_user is None:
        return
    replied = message.reply_to_message
    # in a forum topic an ordinary message "replies" to the topic's opening: that names nobody
    guest = replied.from_user if replied is not None and replied.forum_topic_created is None else None
    if guest is None or guest.is_bot:
        lang = await tg.people.lang_of(user_ref(message.from_user))
        await say(tg, message, plain_html(t(lang, "telegram.invite_how")))
        return
    cmd = Invite(
        user=user_ref(message.from_user),
        chat=message_chat(message),
        guest=user_ref(guest),
        update_id=update_id(event_update),
        is_chat_admin=await admin(tg, message),
    )
    await run(tg, message, cmd, quiet=True)


async def migrated_to(message: Message, tg: TelegramFrontend) -> None:
    """The old group's last word: it became the supergroup `migrate_to_chat_id`."""
    assert message.migrate_to_chat_id is not None
    new = ChatRef(platform="telegram", id=str(message.migrate_to_chat_id), title=message.chat.title or "")
    await tg.chat_moved(chat_ref(message.chat), new)


async def migrated_from(message: Message, tg: TelegramFrontend) -> None:
    """The new supergroup's first word (the same news from the other side; moving twice is harmless)."""
    assert message.migrate_from_chat_id is not None
    old = ChatRef(platform="telegram", id=str(message.migrate_from_chat_id), title=message.chat.title or "")
    await tg.chat_moved(old, chat_ref(message.chat))


def make_router() -> Router:
    """A fresh router (a router can belong to one dispatcher only)."""
    router = Router(name="tables")
    router.message.filter(F.chat.type.in_({"group", "supergroup"}))
    router.message.register(new_table, Command("new"))
    router.message.register(join, Command("join"))
    router.message.register(leave, Command("leave"))
    router.message.register(start, CommandStart())
    router.message.register(stop, Command("stop"))
    router.message.register(settings, Command("settings"))
    router.message.register(invite, Command("invite"))
    router.message.register(notify, Command("notify"))
    router.message.register(migrated_to, F.migrate_to_chat_id)
    router.message.register(migrated_from, F.migrate_from_chat_id)
    return router
