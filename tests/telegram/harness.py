"""The whole Telegram path under test: fake Bot API server ← aiogram Bot/Dispatcher → adapter → real Host.

Time is virtual: the outbox's pacing and 429 pauses advance a `VirtualClock` instead of sleeping, and the
host uses the same clock. After each update the harness waits for the outbox to drain and lets any AI
seat move (`host.settle()`), so a test reads the chats as a person would see them.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import Update
from fakeredis import FakeAsyncRedis

from bot.core.config import Settings
from bot.core.host import Host
from bot.telegram import TelegramFrontend, build_dispatcher
from storage import RedisMessageIds, RedisPacer, Store
from tests.telegram.fakeapi import BOT_USERNAME, TOKEN, FakeBotAPI, Msg

GROUP = -1001000000001
GROUP_TITLE = "Friends"


class VirtualClock:
    """A clock that only moves when someone sleeps on it (the outbox) or a test moves it."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now
        self.sleeps: list[float] = []
        self.on_sleep: Callable[[float], Awaitable[None]] | None = None

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        target = self.now + max(0.0, seconds)
        if self.on_sleep is not None:
            await self.on_sleep(seconds)
        await asyncio.sleep(0)
        self.now = max(self.now, target)


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    lang: str = "en"

    def json(self) -> dict[str, Any]:
        return {"id": self.id, "is_bot": False, "first_name": self.name, "language_code": self.lang}

    @property
    def key(self) -> str:
        return f"telegram:{self.id}"


ANN, BOB, CAT, DAN = (Person(101, "Ann"), Person(102, "Bob"), Person(103, "Cat"), Person(104, "Dan"))


class Harness:
    def __init__(
        self,
        *,
        polling: bool = True,
        settings: dict[str, Any] | None = None,
        clock: VirtualClock | None = None,
    ) -> None:
        self.polling = polling
        self.clock = clock or VirtualClock()
        self.api = FakeBotAPI(clock=self.clock)
        self.settings = Settings(ai_delay=0, search_budget=0.02, **(settings or {}))
        self._ids = itertools.count(1)
        self._messages = itertools.count(1)
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> Harness:
        base = await self.api.start()
        self.redis = FakeAsyncRedis(decode_responses=True)
        self.store = Store(self.redis)
        self.host = Host(self.store, self.settings, clock=self.clock)
        self.bot = Bot(TOKEN, session=AiohttpSession(api=TelegramAPIServer.from_base(base)))
        self.frontend = self.make_frontend(self.host)
        self.dp = build_dispatcher(self.frontend)
        if self.polling:
            self._task = asyncio.create_task(
                self.dp.start_polling(
                    self.bot, handle_as_tasks=False, handle_signals=False, close_bot_session=False
                )
            )
        return self

    def make_frontend(self, host: Host) -> TelegramFrontend:
        frontend = TelegramFrontend(
            self.bot,
            host,
            RedisMessageIds(self.redis),
            bot_username=BOT_USERNAME,
            prefs=self.store,
            pacer=RedisPacer(self.redis),  # every worker of a test shares each chat's pace
            clock=self.clock,
            sleep=self.clock.sleep,
        )
        host.attach(frontend)
        return frontend

    async def stop(self) -> None:
        if self._task is not None:
            await self.dp.stop_polling()
        await self.frontend.close()
        await self.api.close()
        await self.bot.session.close()
        await self.redis.aclose()

    # -- updates --------------------------------------------------------------------------------
    def chat(self, chat_id: int, thread: int | None = None) -> dict[str, Any]:
        if chat_id > 0:
            return {"id": chat_id, "type": "private", "first_name": f"User{chat_id}"}
        if chat_id > -1_000_000_000_000:  # a basic group (it may become a supergroup)
            return {"id": chat_id, "type": "group", "title": GROUP_TITLE}
        return {"id": chat_id, "type": "supergroup", "title": GROUP_TITLE, "is_forum": thread is not None}

    def message(
        self, who: Person, text: str, chat_id: int = GROUP, thread: int | None = None, **extra: Any
    ) -> dict[str, Any]:
        msg: dict[str, Any] = {
            "message_id": next(self._messages),
            "date": 1_700_000_000,
            "chat": self.chat(chat_id, thread),
            "from": who.json(),
            "text": text,
            **extra,
        }
        if text.startswith("/"):
            msg["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        if thread is not None:
            msg["message_thread_id"] = thread
            msg["is_topic_message"] = True
        return {"update_id": self.api.next_update_id(), "message": msg}

    def document(
        self, who: Person, caption: str, name: str, data: bytes, chat_id: int = GROUP
    ) -> dict[str, Any]:
        """A message carrying a file (`name`, `data`) with a command as its caption (`/new bridge`)."""
        file_id = f"f{next(self._ids)}"
        self.api.files[file_id] = data
        update = self.message(who, caption, chat_id)
        msg = update["message"]
        msg["caption"] = msg.pop("text")
        if "entities" in msg:
            msg["caption_entities"] = msg.pop("entities")
        msg["document"] = {"file_id": file_id, "file_unique_id": f"u{file_id}", "file_name": name,
                           "file_size": len(data)}  # fmt: skip
        return update

    def callback(self, who: Person, msg: Msg, data: str) -> dict[str, Any]:
        message: dict[str, Any] = {
            "message_id": msg.message_id,
            "date": 1_700_000_000,
            "chat": self.chat(msg.chat_id, msg.thread),
            "from": {"id": 1, "is_bot": True, "first_name": "Kozyr"},
            "text": msg.text,
        }
        if msg.thread is not None:
            message["message_thread_id"] = msg.thread
            message["is_topic_message"] = True
        query = {
            "id": f"cb{next(self._ids)}",
            "from": who.json(),
            "chat_instance": "ci",
            "data": data,
            "message": message,
        }
        return {"update_id": self.api.next_update_id(), "callback_query": query}

    async def send(self, update: dict[str, Any]) -> None:
        """Hand one update to the bot (by polling, or straight to the dispatcher) and let it settle."""
        if self.polling:
            await self.api.feed(update)
        else:
            self.api._note_sender(update)
            await self.dp.feed_update(self.bot, Update.model_validate(update, context={"bot": self.bot}))
        await self.settle()

    async def settle(self) -> None:
        while True:
            await self.frontend.drain()
            if not await self.host.settle():
                await self.frontend.drain()
                return

    async def say(self, who: Person, text: str, chat_id: int = GROUP, thread: int | None = None) -> None:
        await self.send(self.message(who, text, chat_id, thread))

    async def press(self, who: Person, msg: Msg, data: str) -> str:
        """Press a button; returns the callback query id."""
        update = self.callback(who, msg, data)
        await self.send(update)
        return str(update["callback_query"]["id"])

    async def press_label(self, who: Person, msg: Msg, label: str) -> str:
        return await self.press(who, msg, button(msg, label))

    # -- reading the chats ----------------------------------------------------------------------
    def table(self, chat_id: int = GROUP) -> Msg:
        """The newest live table message in the group: with buttons for the host, else one naming a table."""
        live = self.api.messages(chat_id)
        tables = [m for m in live if m.tokens()] or [m for m in live if "table" in m.text]
        assert tables, "no table message in the chat"
        return tables[-1]

    def hand(self, who: Person) -> Msg | None:
        live = self.api.messages(who.id)
        hands = [m for m in live if "🂠" in m.text]  # the hand title
        return hands[-1] if hands else None

    def answer(self, query_id: str) -> dict[str, Any]:
        return self.api.answer_params[query_id]

    def assert_callbacks_answered_once(self) -> None:
        assert self.api.callbacks, "no callback query was sent"
        wrong = {q: self.api.answers[q] for q in self.api.callbacks if self.api.answers[q] != 1}
        assert not wrong, f"callback queries not answered exactly once: {wrong}"

    def assert_callback_data_fits(self) -> None:
        for markup in self.api.markups_sent():
            for row in markup.get("inline_keyboard", []):
                for b in row:
                    if "callback_data" in b:
                        assert 1 <= len(b["callback_data"].encode()) <= 64, b
        assert not [c for c in self.api.calls if "BUTTON" in c.error], "Telegram refused a keyboard"


def button(msg: Msg, label: str) -> str:
    for b in msg.buttons():
        if label in b["text"] and "callback_data" in b:
            return str(b["callback_data"])
    raise AssertionError(f"no button {label!r} in {[b['text'] for b in msg.buttons()]}")
