"""What every router does: run a command through the host, show its reply, answer a callback once."""

from __future__ import annotations

import logging

from aiogram.exceptions import TelegramAPIError, TelegramBadRequest
from aiogram.types import (
    BufferedInputFile,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    Update,
)

from bot.core.api import AnyCommand
from bot.core.i18n import t
from bot.core.outcome import Outcome, Reply, Screen
from bot.telegram.frontend import CAPTION_MAX, TelegramFrontend
from bot.telegram.refs import MAX_ANSWER, is_group, keyboard, plain_html, screen_html, user_ref

log = logging.getLogger(__name__)


def update_id(update: Update) -> str:
    return str(update.update_id)


async def say(
    tg: TelegramFrontend, message: Message, text: str, markup: InlineKeyboardMarkup | None = None
) -> None:
    """Answer in the same chat (and topic); in a group as a reply to the command, in its turn among the
    group's 20 calls a minute. Never raises."""
    try:
        if is_group(message.chat):
            await tg.slot(message)
            await message.reply(text, parse_mode="HTML", reply_markup=markup)
        else:
            await message.answer(text, parse_mode="HTML", reply_markup=markup)
    except TelegramAPIError as e:
        log.info("could not answer in %s: %s", message.chat.id, e)


async def say_file(tg: TelegramFrontend, message: Message, screen: Screen) -> None:
    """The screen's picture (the score sheet) or file (a game's record: bridge's PBN), captioned with its
    text, where the command or the pressed button was; the text alone where the chat refuses pictures or
    files. Never raises."""
    caption = screen_html(screen)[:CAPTION_MAX]
    try:
        if is_group(message.chat):
            await tg.slot(message)
        if screen.image is not None:
            picture = BufferedInputFile(screen.image, filename="sheet.png")
            await message.answer_photo(picture, caption=caption, parse_mode="HTML")
        elif screen.document is not None:
            document = BufferedInputFile(screen.document, filename=screen.document_name or "record.txt")
            await message.answer_document(document, caption=caption, parse_mode="HTML")
    except TelegramBadRequest as e:
        log.info("could not send a file to %s (%s): the text alone", message.chat.id, e.message)
        await say(tg, message, screen_html(screen))
    except TelegramAPIError as e:
        log.info("could not send a file to %s: %s", message.chat.id, e)


async def show(tg: TelegramFrontend, message: Message, reply: Reply) -> None:
    if reply.screen is not None and (reply.screen.image is not None or reply.screen.document is not None):
        await say_file(tg, message, reply.screen)
    elif reply.screen is not None:
        await say(tg, message, screen_html(reply.screen), keyboard(reply.screen))
    else:
        await say(tg, message, plain_html(reply.text))


async def run(tg: TelegramFrontend, message: Message, command: AnyCommand, *, quiet: bool = False) -> Outcome:
    """Send `command` to the host and show its reply.

    `quiet`: only errors are shown — the table message (or the hand) itself shows that it worked, and
    in a group every extra message counts against the group's ~20 a minute.
    """
    try:
        outcome = await tg.handle(command)
    except Exception:
        log.exception("command %s failed", command.kind)
        await say(tg, message, plain_html(t(await tg.people.lang_of(command.user), "telegram.failed")))
        return Outcome()
    reply = outcome.reply
    if reply is not None and not (quiet and not reply.alert and not reply.screen):
        await show(tg, message, reply)
    return outcome


def link_button(label: str, url: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(text=label, url=url)]])


async def open_bot_hint(tg: TelegramFrontend, message: Message, payload: str) -> None:
    """Tell a user in a group to open the private chat (with a deep link that does the rest)."""
    if message.from_user is None:
        return
    lang = await tg.people.lang_of(user_ref(message.from_user))
    markup = link_button(t(lang, "telegram.button.open_bot"), tg.link(payload))
    await say(tg, message, plain_html(t(lang, "telegram.open_bot")), markup)


class Answer:
    """Answers one callback query exactly once (later calls do nothing); errors are only logged."""

    def __init__(self, query: CallbackQuery) -> None:
        self.query = query
        self.done = False

    async def __call__(self, text: str | None = None, *, alert: bool = False, url: str | None = None) -> None:
        if self.done:
            return
        self.done = True
        try:
            await self.query.answer(
                text=text[:MAX_ANSWER] if text else None, show_alert=alert or None, url=url, cache_time=0
            )
        except TelegramAPIError as e:  # too old, or another worker answered a duplicate
            log.info("answerCallbackQuery %s: %s", self.query.id, e)
