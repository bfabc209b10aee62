"""The Telegram front end as the host sees it (`Frontend`) and the outbox's `Transport` for aiogram.

Every delivery goes through the shared `Outbox` (coalescing, pacing, retries); this module only says
where a target lives on Telegram and how Bot API errors map onto the outbox's vocabulary:

- `TableTarget`/`ChatTarget` → the group (and forum topic); `HandTarget` → the private chat with the user.
- Pace: a group's calls evenly spaced, one every 3 s (≤ 20 a minute, whichever worker sends them: the
  slots are shared through Redis); a private chat ≥ 1 s apart; 25 calls a second over the whole bot
  (Telegram's documented limits, with a little headroom). Callback answers never wait behind these.
- 429 → `RetryAfter`; 403 (and "chat not found" for a private chat) → `Unreachable`, which ends in
  `host.unreachable` (the storage flag): no private message is tried again until they press Start;
  "message is not modified" → success; "message to edit not found" / "message can't be edited" →
  `MessageGone` (the outbox sends a fresh message).
- A group that became a supergroup (`TelegramMigrateToChat`): the host is told (`MoveChat`, it reposts
  the table in the new chat); a new message for that chat (final scores) is retried on the new id;
  a table-message update for the old chat is dropped, because the host's repost supersedes it.
- A photo (the score sheet) refused with a 400 ("not enough rights to send photos") goes as its text alone.
- Other 400s are not retried: the same request would fail again (logged, the delivery is dropped).

It also keeps what the routers share: reachability of private chats (the storage flag, cached),
chat-admin lists (cached a few minutes), the bot's username for deep links, and a quick path to the host
that never keeps a callback query waiting.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from html import escape

from aiogram import Bot
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramRetryAfter,
)
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup, LinkPreviewOptions, Message

from bot.core.api import AnyCommand, ChatRef, MoveChat, UserRef
from bot.core.inflight import InFlight
from bot.core.outbox import (
    LaneLimit,
    MessageGone,
    MessageIds,
    Outbox,
    Pacer,
    RetryAfter,
    Unreachable,
    lane_of,
)
from bot.core.outcome import ChatTarget, Delivery, HandTarget, Outcome, PingTarget, Screen, TableTarget
from bot.core.people import People, Prefs
from bot.core.ports import HostPort
from bot.telegram.refs import join_payload, keyboard, message_chat, screen_html

log = logging.getLogger(__name__)

Target = TableTarget | HandTarget | ChatTarget | PingTarget

GROUP_LIMIT = LaneLimit(interval=1.0, per_minute=20)  # one call every 3 s
PRIVATE_LIMIT = LaneLimit(interval=1.0)
PER_SECOND = 25.0
ADMIN_TTL = 300.0  # seconds a chat's admin list is trusted
ANSWER_WITHIN = 5.0  # a callback query is answered (empty) if the host takes longer than this

GONE = ("message to edit not found", "message can't be edited", "message_id_invalid", "message not found")
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)
CAPTION_MAX = 1024  # a photo's caption, in characters


def limit_for(target: Target) -> LaneLimit:
    if isinstance(target, HandTarget) or not target.chat.id.startswith("-"):
        return PRIVATE_LIMIT
    return GROUP_LIMIT


def lane_for(target: Target) -> str:
    """Telegram counts a group's messages together, whichever forum topic they go to: one lane per group."""
    if isinstance(target, HandTarget):
        return lane_of(target)
    return f"chat:{target.chat.platform}:{target.chat.id}"


class TelegramTransport:
    """Posts, edits and deletes one message through aiogram; errors become the outbox's exceptions."""

    def __init__(
        self, bot: Bot, on_migrate: Callable[[ChatRef, ChatRef], Awaitable[None]], people: People
    ) -> None:
        self.bot = bot
        self.on_migrate = on_migrate
        self.people = people
        self.moved: dict[str, str] = {}  # old chat id → the supergroup it became

    async def refused(self, target: Target) -> bool:
        """A private message to someone Telegram refused one before (never started the bot, or blocked
        it): not tried again — every try would fail — until they press Start (`People.reached`)."""
        return isinstance(target, HandTarget) and await self.people.reachable(target.user) is False

    def address(self, target: Target) -> tuple[int, int | None]:
        if isinstance(target, HandTarget):
            return int(target.user.id), None
        chat_id = self.moved.get(target.chat.id, target.chat.id)
        return int(chat_id), int(target.chat.thread) if target.chat.thread else None

    def superseded(self, target: Target) -> bool:
        """A table message for a chat that has moved: the host posts it again in the new chat."""
        return isinstance(target, TableTarget) and target.chat.id in self.moved

    async def post(self, target: Target, screen: Screen, *, again: bool = True) -> str | None:
        if self.superseded(target) or await self.refused(target):
            return None
        chat_id, thread = self.address(target)
        text = screen_html(screen)
        if isinstance(target, PingTarget):  # a text mention notifies that person, and only them
            who = escape(target.user.name or target.user.id, quote=False)
            text = f'<a href="tg://user?id={int(target.user.id)}">{who}</a> {text}'
        try:
            message = await self.send(chat_id, thread, text, screen)
        except TelegramMigrateToChat as e:
            await self.migrated(target, e.migrate_to_chat_id)
            if self.superseded(target) or not again:
                return None
            return await self.post(target, screen, again=False)
        except TelegramBadRequest as e:
            if isinstance(target, HandTarget) and "chat not found" in e.message.lower():
                raise Unreachable(e.message) from e
            log.error("sendMessage to %s refused: %s", chat_id, e.message)
            return None
        except TelegramAPIError as e:
            raise translate(e) from e
        return str(message.message_id)

    async def send(self, chat_id: int, thread: int | None, text: str, screen: Screen) -> Message:
        """A text message, or the score sheet: one photo with the text as its caption — or the text alone
        where the chat refuses photos ("not enough rights to send photos"), so the result still arrives."""
        if screen.image is not None:
            try:
                return await self.bot.send_photo(
                    chat_id=chat_id,
                    photo=BufferedInputFile(screen.image, filename="sheet.png"),
                    caption=text if len(text) <= CAPTION_MAX else screen_html(Screen(title=screen.title)),
                    parse_mode="HTML",
                    message_thread_id=thread,
                    reply_markup=keyboard(screen),
                )
            except TelegramBadRequest as e:
                log.info("sendPhoto to %s refused (%s): sending the text alone", chat_id, e.message)
        return await self.bot.send_message(
            chat_id=chat_id,
            text=text,
            parse_mode="HTML",
            message_thread_id=thread,
            reply_markup=keyboard(screen),
            link_preview_options=NO_PREVIEW,
        )

    async def edit(self, target: Target, message_id: str, screen: Screen) -> None:
        if self.superseded(target) or await self.refused(target):
            return
        chat_id, _thread = self.address(target)
        try:
            await self.bot.edit_message_text(
                chat_id=chat_id,
                message_id=int(message_id),
                text=screen_html(screen),
                parse_mode="HTML",
                # an empty keyboard, not none: removes buttons that no longer apply
                reply_markup=keyboard(screen) or InlineKeyboardMarkup(inline_keyboard=[]),
                link_preview_options=NO_PREVIEW,
            )
        except TelegramMigrateToChat as e:
            await self.migrated(target, e.migrate_to_chat_id)
            if not self.superseded(target):
                raise MessageGone(e.message) from e
        except TelegramBadRequest as e:
            text = e.message.lower()
            if "message is not modified" in text:
                return
            if "no text in the message" in text:  # a picture (the score sheet): its caption is the text
                await self.edit_caption(chat_id, message_id, screen)
                return
            if not any(g in text for g in GONE):
                log.warning("editMessageText in %s refused (%s): sending a new message", chat_id, e.message)
            raise MessageGone(e.message) from e
        except TelegramAPIError as e:
            raise translate(e) from e

    async def edit_caption(self, chat_id: int, message_id: str, screen: Screen) -> None:
        """Edit the caption (and buttons) of a picture message, as `edit` does a text."""
        text = screen_html(screen)
        try:
            await self.bot.edit_message_caption(
                chat_id=chat_id,
                message_id=int(message_id),
                caption=text if len(text) <= CAPTION_MAX else screen_html(Screen(title=screen.title)),
                parse_mode="HTML",
                reply_markup=keyboard(screen) or InlineKeyboardMarkup(inline_keyboard=[]),
            )
        except TelegramBadRequest as e:
            if "message is not modified" in e.message.lower():
                return
            raise MessageGone(e.message) from e
        except TelegramAPIError as e:
            raise translate(e) from e

    async def delete(self, target: Target, message_id: str) -> None:
        if await self.refused(target):
            return
        chat_id, _thread = self.address(target)
        try:
            await self.bot.delete_message(chat_id=chat_id, message_id=int(message_id))
        except TelegramBadRequest as e:
            log.info("deleteMessage in %s: %s", chat_id, e.message)
        except TelegramAPIError as e:
            raise translate(e) from e

    async def migrated(self, target: Target, new_id: int) -> None:
        if isinstance(target, HandTarget):
            return  # private chats never migrate
        old = target.chat
        if old.id in self.moved:
            return
        self.moved[old.id] = str(new_id)
        new = ChatRef(platform="telegram", id=str(new_id), thread=old.thread, title=old.title)
        log.info("chat %s became %s", old.id, new_id)
        await self.on_migrate(old, new)


def translate(e: TelegramAPIError) -> Exception:
    if isinstance(e, TelegramRetryAfter):
        return RetryAfter(float(e.retry_after))
    if isinstance(e, TelegramForbiddenError):
        return Unreachable(e.message)
    return e


class TelegramFrontend:
    """The host's front end on Telegram: deliveries go to the outbox; routers find what they share here."""

    platform = "telegram"

    def __init__(
        self,
        bot: Bot,
        host: HostPort,
        ids: MessageIds,
        *,
        bot_username: str,
        prefs: Prefs | None = None,
        pacer: Pacer | None = None,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        per_second: float = PER_SECOND,
        answer_within: float = ANSWER_WITHIN,
        default_language: str = "en",
    ) -> None:
        self.bot = bot
        self.host = host
        self.bot_username = bot_username
        self.people = People(host, prefs, default_language)
        self.clock = clock
        self.answer_within = answer_within
        self.default_language = default_language
        self.transport = TelegramTransport(bot, self.chat_moved, self.people)
        self.inflight = InFlight()  # the updates being handled (the dispatcher counts them)
        self.outbox = Outbox(
            self.transport,
            ids,
            limit_for=limit_for,
            lane_for=lane_for,
            per_second=per_second,
            on_unreachable=self.people.refused,
            pacer=pacer,
            keep_plain_hands=True,  # a turn alert costs one call, not two (the old hand has no buttons)
            clock=clock,
            sleep=sleep,
        )
        self._admins: dict[int, tuple[float, frozenset[int]]] = {}
        self._background: set[asyncio.Task[Outcome]] = set()

    # -- Frontend -------------------------------------------------------------------------------
    async def deliver(self, deliveries: Sequence[Delivery]) -> None:
        self.outbox.submit(deliveries)

    async def drain(self) -> None:
        await self.inflight.settle()  # a handler still at work may queue more
        await self.outbox.drain()

    async def close(self) -> None:
        await self.outbox.close()

    # -- the host, from the routers --------------------------------------------------------------
    async def handle(self, command: AnyCommand) -> Outcome:
        return await self.host.handle(command)

    async def handle_quickly(self, command: AnyCommand) -> Outcome | None:
        """The host's outcome, or None if it takes longer than a callback query may wait.

        The command still completes in the background; its deliveries reach the chats as usual.
        """
        task = asyncio.ensure_future(self.host.handle(command))
        self._background.add(task)
        task.add_done_callback(self._finished)
        done, _ = await asyncio.wait({task}, timeout=self.answer_within)
        return task.result() if done else None

    def _finished(self, task: asyncio.Task[Outcome]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a command failed", exc_info=task.exception())

    async def chat_moved(self, old: ChatRef, new: ChatRef) -> None:
        """A group became a supergroup: its tables move with it (the host reposts them)."""
        self.transport.moved[old.id] = new.id
        me = UserRef(platform="telegram", id=str(self.bot.id), name=self.bot_username)
        await self.host.handle(MoveChat(user=me, old=old, new=new))

    # -- what the routers share ------------------------------------------------------------------

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """From getChatAdministrators, cached per chat for a few minutes."""
        now = self.clock()
        cached = self._admins.get(chat_id)
        if cached is None or cached[0] <= now:
            try:
                members = await self.bot.get_chat_administrators(chat_id=chat_id)
                ids = frozenset(m.user.id for m in members)
            except TelegramAPIError as e:
                log.info("getChatAdministrators(%s) failed: %s", chat_id, e)
                ids = frozenset()
            cached = self._admins[chat_id] = (now + ADMIN_TTL, ids)
        return user_id in cached[1]

    async def slot(self, message: Message) -> None:
        """Wait for the group's next call slot before answering a command there: replies count against
        its 20 a minute like the table's edits (every worker shares the slots)."""
        await self.outbox.slot(ChatTarget(chat=message_chat(message)))

    def link(self, payload: str) -> str:
        return f"https://t.me/{self.bot_username}?start={payload}"

    def join_link(self, table: str) -> str:
        return self.link(join_payload(self.bot.token, table))
