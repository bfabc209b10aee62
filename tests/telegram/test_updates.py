"""Updates in: at most once, from polling or a webhook; group migrations; answers to every button."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from aiogram.types import Update
from aiohttp.test_utils import TestClient, TestServer

from bot.core.api import AnyCommand, UserRef
from bot.core.host import Host
from bot.core.outcome import Delivery, Outcome, Reply
from bot.core.ports import Frontend
from bot.telegram import build_dispatcher
from bot.telegram.webhook import webhook_app
from tests.telegram.harness import ANN, BOB, CAT, DAN, GROUP, Harness, button

OLD = -4242  # a basic group
NEW = -1009999999999  # the supergroup it becomes


def group_calls(h: Harness, chat: int) -> list[str]:
    return [
        c.method
        for c in h.api.api_calls("sendMessage", "editMessageText", "deleteMessage")
        if int(c.params["chat_id"]) == chat
    ]


async def test_a_duplicate_update_is_processed_once(h: Harness) -> None:
    update = h.message(ANN, "/new")
    await h.send(update)
    await h.send(update)  # the server delivers it again
    assert group_calls(h, GROUP) == ["sendMessage"]  # no second table, no "already open" reply


async def test_a_duplicate_on_another_worker_is_processed_once(h: Harness) -> None:
    await h.say(CAT, "/start", chat_id=CAT.id)
    await h.say(ANN, "/new")
    other_host = Host(h.store, h.settings, clock=h.clock)
    other = build_dispatcher(h.make_frontend(other_host))
    update = h.message(DAN, "/new")  # refused with a reply, exactly once
    await h.send(update)
    await other.feed_update(h.bot, Update.model_validate(update, context={"bot": h.bot}))
    await h.settle()
    replies = [c for c in h.api.api_calls("sendMessage") if "already open" in c.params["text"]]
    assert len(replies) == 1
    press = h.callback(CAT, h.table(), button(h.table(), "Join"))
    await h.send(press)
    await other.feed_update(h.bot, Update.model_validate(press, context={"bot": h.bot}))
    await h.settle()
    assert h.table().text.count("Cat") == 2  # seated once: the seat line and one "joined" line


async def test_the_webhook_checks_its_secret_and_feeds_the_dispatcher(hf: Harness) -> None:
    app = webhook_app(hf.dp, hf.bot, secret="s3cret-token", path="/tg", background=False)
    async with TestClient(TestServer(app)) as client:
        update = hf.message(ANN, "/new")
        refused = await client.post("/tg", json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "wrong"})
        assert refused.status == 401
        await hf.settle()
        assert not hf.api.api_calls("sendMessage")
        ok = await client.post(
            "/tg", json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret-token"}
        )
        assert ok.status == 200
        again = await client.post(
            "/tg", json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret-token"}
        )
        assert again.status == 200
        await hf.settle()
    assert group_calls(hf, GROUP) == ["sendMessage"]


async def test_a_migrated_group_keeps_its_table_via_the_service_message(h: Harness) -> None:
    await h.say(CAT, "/start", chat_id=CAT.id)
    await h.say(ANN, "/new", chat_id=OLD)
    h.api.migrated[OLD] = NEW
    await h.send(h.message(ANN, "", chat_id=OLD, migrate_to_chat_id=NEW))
    table = h.table(NEW)
    assert "Ann" in table.text
    await h.press_label(CAT, table, "Join")
    assert "Cat" in h.table(NEW).text
    assert group_calls(h, NEW) == ["sendMessage", "editMessageText"]
    assert group_calls(h, OLD) == ["sendMessage"]


async def test_a_migrated_group_keeps_its_table_when_a_call_finds_out_first(h: Harness) -> None:
    await h.say(CAT, "/start", chat_id=CAT.id)
    await h.say(ANN, "/new", chat_id=OLD)
    h.api.migrated[OLD] = NEW
    await h.press_label(CAT, h.table(OLD), "Join")  # the edit in the old chat fails with migrate_to_chat_id
    table = h.table(NEW)
    assert "Cat" in table.text and "Ann" in table.text
    await h.press_label(ANN, table, "Add AI")
    assert "AI" in h.table(NEW).text
    assert group_calls(h, OLD) == ["sendMessage", "editMessageText"]  # the failed edit, then nothing
    assert group_calls(h, NEW) == ["sendMessage", "editMessageText"]
    # the service message arriving later changes nothing
    await h.send(h.message(ANN, "", chat_id=NEW, migrate_from_chat_id=OLD))
    assert group_calls(h, NEW) == ["sendMessage", "editMessageText"]


class FailingHost:
    """A host that breaks, or hangs until released: the button must still be answered, once."""

    def __init__(self, release: asyncio.Event | None = None) -> None:
        self.release = release
        self.handled: list[AnyCommand] = []

    def attach(self, frontend: Frontend) -> None: ...

    async def handle(self, command: AnyCommand) -> Outcome:
        self.handled.append(command)
        if self.release is None:
            raise RuntimeError("the host broke")
        await self.release.wait()
        return Outcome(reply=Reply(text="late"))

    async def unreachable(self, user: UserRef, table: str) -> None: ...

    async def deliver(self, deliveries: Sequence[Delivery]) -> None: ...


async def test_a_button_is_answered_once_even_when_the_host_fails(hf: Harness) -> None:
    await hf.say(ANN, "/new")
    table = hf.table()
    hf.frontend.host = FailingHost()
    query = await hf.press(BOB, table, button(table, "Add AI"))
    assert hf.answer(query)["show_alert"] and "went wrong" in hf.answer(query)["text"]
    hf.assert_callbacks_answered_once()


async def test_a_slow_host_gets_an_empty_answer_in_time_and_no_second_one(hf: Harness) -> None:
    await hf.say(ANN, "/new")
    table = hf.table()
    release = asyncio.Event()
    slow = hf.frontend.host = FailingHost(release)
    hf.frontend.answer_within = 0.01
    query = await hf.press(BOB, table, button(table, "Add AI"))
    assert hf.answer(query) == {"callback_query_id": query, "cache_time": "0"}
    release.set()
    await asyncio.gather(*hf.frontend._background)
    assert len(slow.handled) == 1
    hf.assert_callbacks_answered_once()


async def test_my_hand_from_a_stranger_opens_the_private_chat(h: Harness) -> None:
    await h.say(ANN, "/start", chat_id=ANN.id)
    await h.say(ANN, "/new rozpysnyi schedule=1")
    await h.say(BOB, "/join")  # seated without a private chat: the hint is posted
    await h.press_label(ANN, h.table(), "Start")
    assert "has not started the bot" in h.table().text
    query = await h.press_label(BOB, h.table(), "My hand")
    url = h.answer(query)["url"]
    assert "?start=h" in url
    await h.say(BOB, "/start " + url.split("start=")[1], chat_id=BOB.id)
    hand = h.hand(BOB)
    assert hand is not None and "Your cards" in hand.text
    await h.say(BOB, "/hand")  # now reachable: the hand is sent again, the group is told so
    assert "privately" in h.api.last(GROUP).text
    h.assert_callbacks_answered_once()
