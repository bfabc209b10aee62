"""Buttons and hands: every callback query becomes a `Press` (answered exactly once), and /hand.

A Join or "My hand" button pressed in a group by someone the bot cannot write to yet is answered with
a `t.me/<bot>?start=…` URL instead: Telegram opens the private chat, the user presses Start, and the
deep link finishes the job (joins, or sends the hand). The answer comes as soon as the host has
answered, or empty after `answer_within` seconds if the host is slow (the move still completes).
"""

from __future__ import annotations

import logging

from aiogram import F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Chat, Message, Update

from bot.core.api import Press, ShowHand, UserRef
from bot.core.i18n import t
from bot.core.outcome import Screen
from bot.telegram.common import Answer, open_bot_hint, run, say_file, update_id
from bot.telegram.frontend import TelegramFrontend
from bot.telegram.refs import chat_ref, is_group, keyboard, message_chat, peek_action, screen_html, user_ref

log = logging.getLogger(__name__)

# lobby actions anyone may take: no need to ask Telegram who the chat's admins are
PUBLIC = {"@join", "@leave", "@hand", "@bot", "@unbot"}


async def press(query: CallbackQuery, event_update: Update, tg: TelegramFrontend) -> None:
    answer = Answer(query)
    user = user_ref(query.from_user)
    try:
        url = await open_private_chat_first(tg, query, user)
        if url is not None:
            await answer(url=url)
            return
        outcome = await tg.handle_quickly(await press_command(tg, query, user, update_id(event_update)))
        reply = outcome.reply if outcome is not None else None
        if reply is not None and reply.in_place and reply.screen is not None:
            await answer()  # a replay's next move: the message itself changes
            await replace(tg, query, reply.screen)
        elif reply is not None and reply.screen is not None and reply.screen.document is not None:
            await answer()  # a game's record (📄 PBN): a file, where the button was
            if isinstance(query.message, Message):
                await say_file(tg, query.message, reply.screen)
        elif reply is not None:
            await answer(reply.text, alert=reply.alert)
    except Exception:
        log.exception("button press failed")
        await answer(t(await tg.people.lang_of(user), "telegram.failed"), alert=True)
    finally:
        await answer()


async def replace(tg: TelegramFrontend, query: CallbackQuery, screen: Screen) -> None:
    """Show `screen` in the message whose button was pressed (a replay steps in place; in a group, in its
    turn among the group's calls). Never raises."""
    message = query.message
    if not isinstance(message, Message):
        return
    try:
        if is_group(message.chat):
            await tg.slot(message)
        await message.edit_text(screen_html(screen), parse_mode="HTML", reply_markup=keyboard(screen))
    except TelegramAPIError as e:
        log.info("could not edit message %s in place: %s", message.message_id, e)


def _chat(query: CallbackQuery) -> Chat | None:
    return query.message.chat if query.message is not None else None


async def open_private_chat_first(tg: TelegramFrontend, query: CallbackQuery, user: UserRef) -> str | None:
    """The deep link to answer with, when a group's Join / My hand needs a private chat not open yet."""
    chat = _chat(query)
    if chat is not None and chat.type == "private":
        await tg.people.reached(user)
        return None
    hint = peek_action(query.data or "")
    if chat is None or not is_group(chat) or hint is None or hint[1] not in ("@join", "@hand"):
        return None
    if await tg.people.reachable(user):
        return None
    table, action = hint
    return tg.join_link(table) if action == "@join" else tg.link("h" + table)


async def press_command(tg: TelegramFrontend, query: CallbackQuery, user: UserRef, update: str) -> Press:
    chat, message = _chat(query), query.message
    hint = peek_action(query.data or "")
    admin = False
    if chat is not None and is_group(chat) and hint is not None and hint[1].startswith("@"):
        admin = hint[1] not in PUBLIC and await tg.is_admin(chat.id, query.from_user.id)
    ref = None
    if chat is not None:
        ref = message_chat(message) if isinstance(message, Message) else chat_ref(chat)
    # a press in the private chat names its message: the hand pressed is the one brought up to date
    pressed = (
        str(message.message_id) if isinstance(message, Message) and message.chat.type == "private" else None
    )
    return Press(
        user=user, token=query.data or "", chat=ref, update_id=update, is_chat_admin=admin, message=pressed
    )


async def hand(message: Message, event_update: Update, tg: TelegramFrontend) -> None:
    if message.from_user is None:
        return
    user = user_ref(message.from_user)
    if is_group(message.chat):
        if not await tg.people.reachable(user):
            await open_bot_hint(tg, message, "h")
            return
        await run(
            tg, message, ShowHand(user=user, chat=message_chat(message), update_id=update_id(event_update))
        )
        return
    await tg.people.reached(user)
    # in the private chat the hands themselves are the answer: only a failure needs words
    await run(tg, message, ShowHand(user=user, update_id=update_id(event_update)), quiet=True)


def make_router() -> Router:
    """A fresh router (a router can belong to one dispatcher only)."""
    router = Router(name="play")
    router.callback_query.register(press, ~F.data.startswith("lang:"))
    router.message.register(hand, Command("hand"))
    return router
