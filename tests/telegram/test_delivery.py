"""How views reach Telegram: edits in place, "not modified", 429 pauses with coalescing, pacing, 403."""

from __future__ import annotations

import itertools

import pytest

from bot.core.api import ChatRef
from bot.core.outcome import Delivery, Outcome, Reply, Screen, TableTarget
from tests.telegram.fakeapi import Call
from tests.telegram.harness import ANN, BOB, CAT, GROUP, Harness

CHAT = ChatRef(platform="telegram", id=str(GROUP), title="Friends")


def chat_of(call: Call) -> int:
    return int(call.params.get("chat_id", 0))


def table_view(text: str, table: str = "t1") -> Delivery:
    return Delivery(target=TableTarget(table=table, chat=CHAT), screen=Screen(title="Table", lines=[text]))


def sent(h: Harness) -> list[tuple[str, bool]]:
    return [(c.method, c.ok) for c in h.api.api_calls("sendMessage", "editMessageText", "deleteMessage")]


async def show(h: Harness, *deliveries: Delivery) -> None:
    await h.frontend.deliver(list(deliveries))
    await h.frontend.drain()


async def test_an_unchanged_view_is_not_sent_and_not_modified_is_success(hf: Harness) -> None:
    h = hf
    await show(h, table_view("one"))
    await show(h, table_view("one"))  # the message already reads so: no call at all
    assert sent(h) == [("sendMessage", True)]
    target = table_view("one").target
    message_id, _shown = await h.frontend.outbox.ids.lookup(target)
    assert message_id is not None
    await h.frontend.outbox.ids.set(target, message_id)  # what it shows is no longer known
    await show(h, table_view("one"))
    assert sent(h) == [("sendMessage", True), ("editMessageText", False)]
    assert "not modified" in h.api.calls[-1].error
    await show(h, table_view("two"))
    assert [m.text for m in h.api.messages(GROUP)] == ["<b>Table</b>\ntwo"]


async def test_text_is_escaped_for_html(hf: Harness) -> None:
    h = hf
    await show(h, table_view("<Bob & Ann> say <b>hi</b>"))
    assert sent(h) == [("sendMessage", True)]
    assert "&lt;Bob &amp; Ann&gt;" in h.api.messages(GROUP)[0].text


async def test_a_deleted_table_message_is_sent_again(hf: Harness) -> None:
    h = hf
    await show(h, table_view("one"))
    first = h.api.messages(GROUP)[0]
    first.deleted = True
    await show(h, table_view("two"))
    assert sent(h) == [("sendMessage", True), ("editMessageText", False), ("sendMessage", True)]
    await show(h, table_view("three"))  # the new message is the one edited from now on
    assert sent(h)[-1] == ("editMessageText", True)
    assert h.api.last(GROUP).text.endswith("three")


async def test_429_waits_as_asked_and_then_sends_only_the_newest_view(hf: Harness) -> None:
    h = hf
    await show(h, table_view("v1"))
    h.api.rate_limit("editMessageText", 7)

    async def newer_views_arrive(seconds: float) -> None:
        if seconds == 7:
            h.clock.on_sleep = None
            await h.frontend.deliver([table_view("v3")])
            await h.frontend.deliver([table_view("v4")])

    h.clock.on_sleep = newer_views_arrive
    await show(h, table_view("v2"))
    edits = h.api.api_calls("editMessageText")
    assert [(c.ok, c.params["text"].split("\n")[-1]) for c in edits] == [(False, "v2"), (True, "v4")]
    assert edits[1].at - edits[0].at >= 7
    assert h.api.last(GROUP).text.endswith("v4")


async def test_a_group_gets_at_most_twenty_calls_a_minute_and_one_a_second(hf: Harness) -> None:
    h = hf
    await show(h, *(table_view("x", table=f"t{i}") for i in range(45)))
    times = [c.at for c in h.api.api_calls("sendMessage")]
    assert len(times) == 45
    assert all(b - a >= 1 for a, b in itertools.pairwise(times))
    assert max(sum(1 for t in times if s <= t < s + 60) for s in times) <= 20


async def test_command_replies_share_the_groups_twenty_a_minute(hf: Harness) -> None:
    h = hf
    await h.say(BOB, "/start", chat_id=BOB.id)
    await h.say(ANN, "/new")
    for n in range(12):  # a reply each, and a table edit each (Bob in, Bob out)
        await h.say(BOB, "/help")
        await h.press_label(BOB, h.table(), "Leave" if n % 2 else "Join")
    group = [c for c in h.api.calls if c.method != "answerCallbackQuery" and chat_of(c) == GROUP]
    assert sum("/rules" in str(c.params.get("text")) for c in group) == 12  # every /help answered
    times = [c.at for c in group]
    assert max(sum(1 for t in times if s <= t < s + 60) for s in times) <= 20


async def test_forum_topics_of_one_group_share_its_twenty_a_minute(hf: Harness) -> None:
    h = hf
    topics = [CHAT.model_copy(update={"thread": str(n)}) for n in (1, 2, 3)]
    screen = Screen(title="Table", lines=["x"])
    views = [
        Delivery(target=TableTarget(table=f"t{i}", chat=topics[i % 3]), screen=screen) for i in range(30)
    ]
    await show(h, *views)
    times = [c.at for c in h.api.api_calls("sendMessage")]
    assert len(times) == 30
    assert max(sum(1 for t in times if s <= t < s + 60) for s in times) <= 20


async def test_a_player_who_blocked_the_bot_is_reported_and_the_game_goes_on(h: Harness) -> None:
    for person in (ANN, BOB, CAT):
        await h.say(person, "/start", chat_id=person.id)
    await h.say(ANN, "/new rozpysnyi schedule=1")
    await h.press_label(BOB, h.table(), "Join")
    await h.press_label(CAT, h.table(), "Join")
    h.api.blocked.add(BOB.id)
    await h.press_label(ANN, h.table(), "Start")
    assert await h.store.is_reachable(BOB.key) is False
    assert "has not started the bot" in h.table().text
    # the table tells him which of its buttons opens the private chat; that button answers with the link
    assert "press 🂠 My hand on the table, then Start" in h.table().text
    query = await h.press_label(BOB, h.table(), "My hand")
    calls = h.api.api_calls("answerCallbackQuery")
    (answer,) = [c for c in calls if str(c.params.get("callback_query_id")) == query]
    assert "?start=h" in str(answer.params.get("url"))
    moves = 0
    while "My hand" in str(h.table().buttons()):
        hands = [(p, h.hand(p)) for p in (ANN, CAT)]
        ready = [(p, m) for p, m in hands if m is not None and m.tokens()]
        if ready:
            person, hand = ready[0]
            await h.press(person, hand, hand.tokens()[0])
        else:  # Bob's turn: his time runs out and the AI moves for him
            h.clock.now += h.settings.turn_timeout + 1
            assert await h.host.run_due(h.clock.now) == 1
            await h.settle()
        moves += 1
        assert moves < 50
    assert "is over" in h.api.last(GROUP).text
    assert h.hand(BOB) is None  # only the welcome reached him
    refused = [c for c in h.api.calls if int(c.params.get("chat_id", 0)) == BOB.id and not c.ok]
    assert len(refused) == 1  # one refusal: then no private message is tried again (his seat is marked)
    h.assert_callbacks_answered_once()


async def test_a_player_who_starts_the_bot_again_loses_the_mark_and_gets_the_hand(h: Harness) -> None:
    for person in (ANN, BOB):
        await h.say(person, "/start", chat_id=person.id)
    await h.say(ANN, "/new rozpysnyi schedule=1")
    await h.press_label(BOB, h.table(), "Join")
    h.api.blocked.add(BOB.id)
    await h.press_label(ANN, h.table(), "Start")
    assert "has not started the bot" in h.table().text
    hand = h.hand(ANN)
    if hand is None or not hand.tokens():  # Bob bids first: his time runs out and the AI bids for him
        h.clock.now += 86400
        await h.host.run_due()
        await h.settle()
        hand = h.hand(ANN)
    assert hand is not None and hand.tokens()
    await h.press(ANN, hand, hand.tokens()[0])  # a move by someone else does not clear Bob's mark
    assert "has not started the bot" in h.table().text
    h.api.blocked.discard(BOB.id)
    await h.say(BOB, "/start", chat_id=BOB.id)
    await h.settle()
    assert "has not started the bot" not in h.table().text
    assert await h.store.is_reachable(BOB.key) is True
    await h.say(BOB, "/hand", chat_id=BOB.id)
    await h.settle()
    assert (h.hand(BOB) or pytest.fail("no hand")).text.count("Your cards") == 1


async def test_a_picture_goes_as_one_photo_and_its_caption_is_edited_in_place(hf: Harness) -> None:
    from bot.core.sheet import Row, Sheet, draw

    h = hf
    png = draw(Sheet(title="Sheet", players=["Ann", "Bob"], rows=[Row("Score", ["1", "2"])]))
    screen = Screen(title="Table", lines=["over"], image=png)
    await show(h, Delivery(target=TableTarget(table="t1", chat=CHAT), screen=screen))
    (photo,) = h.api.messages(GROUP)
    assert photo.photo == png and "over" in photo.text
    assert [c.method for c in h.api.calls if c.ok] == ["sendPhoto"]  # one call: the picture and its text
    await show(h, table_view("over, with a new line"))
    assert "new line" in h.api.messages(GROUP)[0].text  # the caption changed, the picture stayed
    assert [c.method for c in h.api.calls if c.ok] == ["sendPhoto", "editMessageCaption"]


async def test_a_group_that_refuses_files_gets_a_games_record_as_text_alone(
    hf: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record file (📄 PBN from /history) where the group allows no documents: its caption alone."""
    h = hf
    screen = Screen(lines=["Game 7 as PBN"], document=b'[Event "Kozyr 7"]\n', document_name="kozyr-7.pbn")

    async def record(command: object) -> Outcome:
        return Outcome(reply=Reply(text=screen.text(), screen=screen))

    monkeypatch.setattr(h.frontend, "handle", record)
    await h.say(ANN, "/history")
    assert h.api.last(GROUP).document == screen.document and h.api.last(GROUP).text == "Game 7 as PBN"
    h.api.fail("sendDocument", 400, "Bad Request: not enough rights to send documents to the chat")
    await h.say(ANN, "/history")
    assert h.api.last(GROUP).document is None and h.api.last(GROUP).text == "Game 7 as PBN"


async def test_a_group_that_refuses_photos_gets_the_final_text_alone(hf: Harness) -> None:
    from bot.core.sheet import Row, Sheet, draw

    h = hf
    h.api.fail("sendPhoto", 400, "Bad Request: not enough rights to send photos to the chat")
    png = draw(Sheet(title="Sheet", players=["Ann", "Bob"], rows=[Row("Score", ["1", "2"])]))
    screen = Screen(title="Table", lines=["🏁 over"], image=png)
    await show(h, Delivery(target=TableTarget(table="t1", chat=CHAT), screen=screen))
    (final,) = h.api.messages(GROUP)
    assert final.photo is None and final.text == "<b>Table</b>\n🏁 over"
    assert [(c.method, c.ok) for c in h.api.calls] == [("sendPhoto", False), ("sendMessage", True)]
    await show(h, table_view("🏁 over, with a new line"))  # edited in place like any text
    assert h.api.messages(GROUP)[0].text.endswith("new line")
