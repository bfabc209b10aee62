"""Opening a table, joining by buttons and deep links, starting: the lobby as the group sees it."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from bot.telegram.commands import set_commands
from tests.telegram.harness import ANN, BOB, CAT, DAN, GROUP, Harness, button


def payload_of(url: str) -> str:
    return parse_qs(urlparse(url).query)["start"][0]


async def test_new_posts_the_table_message_with_its_buttons(h: Harness) -> None:
    await h.say(ANN, "/new")
    sent = h.api.api_calls("sendMessage")
    assert len(sent) == 1 and int(sent[0].params["chat_id"]) == GROUP
    table = h.table()
    labels = [b["text"] for b in table.buttons()]
    for label in ("Join", "Add AI", "Start", "Settings", "Cancel"):
        assert any(label in x for x in labels), labels
    assert "Ann" in table.text
    h.assert_callback_data_fits()


async def test_join_by_a_stranger_opens_the_private_chat_and_the_deep_link_joins(h: Harness) -> None:
    await h.say(ANN, "/new")
    table = h.table()
    query = await h.press(BOB, table, button(table, "Join"))
    url = h.answer(query)["url"]
    assert url.startswith("https://t.me/kozyr_test_bot?start=j")
    assert "Bob" not in h.table().text  # not seated until the bot can write to him
    await h.say(BOB, f"/start {payload_of(url)}", chat_id=BOB.id)
    assert "Bob" in h.table().text
    assert len(h.api.api_calls("sendMessage", "editMessageText")) >= 2
    assert [int(c.params["chat_id"]) for c in h.api.api_calls("sendMessage")].count(GROUP) == 1  # edited
    assert any("joined" in m.text for m in h.api.messages(BOB.id))
    assert await h.store.is_reachable(BOB.key) is True
    h.assert_callbacks_answered_once()


async def test_join_by_someone_the_bot_can_write_to_is_one_tap(h: Harness) -> None:
    await h.say(CAT, "/start", chat_id=CAT.id)
    assert "card games" in h.api.last(CAT.id).text  # the welcome
    await h.say(ANN, "/new")
    query = await h.press_label(CAT, h.table(), "Join")
    assert "url" not in h.answer(query)
    assert "joined" in h.answer(query)["text"]
    assert "Cat" in h.table().text
    h.assert_callbacks_answered_once()


async def test_a_forged_join_link_is_refused(h: Harness) -> None:
    await h.say(ANN, "/new")
    table = h.table()
    query = await h.press(BOB, table, button(table, "Join"))
    payload = payload_of(h.answer(query)["url"])
    forged = payload[:-2] + ("yy" if payload.endswith("xx") else "xx")  # never the real one
    await h.say(BOB, f"/start {forged}", chat_id=BOB.id)
    assert "not valid" in h.api.last(BOB.id).text
    assert "Bob" not in h.table().text


async def test_start_sends_each_hand_by_private_message_with_buttons_and_none_to_the_group(
    h: Harness,
) -> None:
    await h.say(ANN, "/start", chat_id=ANN.id)
    await h.say(ANN, "/new rozpysnyi short")
    await h.press_label(ANN, h.table(), "Add AI")
    await h.press_label(ANN, h.table(), "Add AI")
    query = await h.press_label(ANN, h.table(), "Start")
    assert not h.answer(query).get("show_alert")
    hand = h.hand(ANN)
    assert hand is not None and "Your cards" in hand.text and hand.tokens()  # her turn: bids as buttons
    assert all("Your cards" not in text for text in h.api.texts_sent_to(GROUP))
    assert "My hand" in h.table().buttons()[0]["text"]
    h.assert_callback_data_fits()
    h.assert_callbacks_answered_once()


async def test_only_the_creator_or_a_chat_admin_starts(h: Harness) -> None:
    await h.say(BOB, "/start", chat_id=BOB.id)
    await h.say(ANN, "/new")
    await h.press_label(BOB, h.table(), "Join")
    query = await h.press_label(BOB, h.table(), "Start")
    assert h.answer(query)["show_alert"] and "creator" in h.answer(query)["text"]
    h.api.admins[GROUP] = {BOB.id}
    await h.press_label(BOB, h.table(), "Start")  # the admin list is cached: still refused
    assert "Bob" in h.table().text and "Start" in str(h.table().buttons())
    assert len(h.api.api_calls("getChatAdministrators")) == 1
    h.clock.now += 301
    query = await h.press_label(BOB, h.table(), "Start")
    assert not h.answer(query).get("show_alert")
    assert "My hand" in str(h.table().buttons())
    assert len(h.api.api_calls("getChatAdministrators")) == 2


async def test_group_commands_join_leave_settings_stop(h: Harness) -> None:
    await h.say(ANN, "/new")
    await h.say(DAN, "/join")
    assert "Dan" in h.table().text
    hint = h.api.last(GROUP)
    assert "private chat" in hint.text and hint.buttons()[0]["url"].startswith("https://t.me/kozyr_test_bot")
    await h.say(DAN, "/leave")
    assert "Dan left" in h.table().text
    await h.say(ANN, "/settings")
    assert "Done" in str(h.table().buttons())
    await h.say(DAN, "/stop")
    assert "creator" in h.api.last(GROUP).text  # refused, with a reason
    await h.say(ANN, "/stop")
    assert "cancelled" in h.api.messages(GROUP)[0].text
    assert not h.api.messages(GROUP)[0].buttons()


async def test_tables_in_forum_topics_are_separate(h: Harness) -> None:
    await h.say(ANN, "/new", thread=77)
    await h.say(BOB, "/new poker", thread=78)
    await h.say(CAT, "/new tricks")
    threads = [c.params.get("message_thread_id") for c in h.api.api_calls("sendMessage")]
    assert threads == ["77", "78", None]
    await h.say(DAN, "/new", thread=77)
    assert "already open" in h.api.last(GROUP).text
    assert h.api.last(GROUP).thread == 77


async def test_group_commands_in_private_explain_where_they_work(h: Harness) -> None:
    await h.say(ANN, "/new", chat_id=ANN.id)
    assert "works in a group" in h.api.last(ANN.id).text


async def test_help_rules_and_language(h: Harness) -> None:
    await h.say(ANN, "/help", chat_id=ANN.id)
    assert "/new" in h.api.last(ANN.id).text
    await h.say(ANN, "/rules rozpysnyi", chat_id=ANN.id)
    assert "Rules" in h.api.last(ANN.id).text
    await h.say(ANN, "/lang ru", chat_id=ANN.id)
    await h.say(ANN, "/help", chat_id=ANN.id)
    assert "Карточные игры" in h.api.last(ANN.id).text
    await h.say(ANN, "/lang", chat_id=ANN.id)
    picker = h.api.last(ANN.id)
    query = await h.press(ANN, picker, button(picker, "Українська"))
    assert h.answer(query)["text"]
    await h.say(ANN, "/help", chat_id=ANN.id)
    assert "Карткові ігри" in h.api.last(ANN.id).text
    await h.say(ANN, "/lang xx", chat_id=ANN.id)
    assert "xx" in h.api.last(ANN.id).text
    h.assert_callbacks_answered_once()


async def test_command_menus_in_three_languages(h: Harness) -> None:
    assert await set_commands(h.bot) == 6
    menus = h.api.commands
    assert set(menus) == {
        (scope, lang) for scope in ("all_group_chats", "all_private_chats") for lang in (None, "ru", "uk")
    }
    group = [c["command"] for c in menus[("all_group_chats", None)]]
    expected = {
        "new",
        "join",
        "leave",
        "start",
        "stop",
        "hand",
        "rules",
        "settings",
        "invite",
        "stats",
        "top",
        "history",
        "sheet",
        "lang",
        "pings",
        "mytables",
        "notify",
        "help",
    }
    assert expected == set(group)
    assert "Открыть стол" in menus[("all_group_chats", "ru")][0]["description"]
    assert "Відкрити стіл" in menus[("all_group_chats", "uk")][0]["description"]


async def test_a_chat_admin_removes_a_player_mid_game_and_the_ai_takes_the_seat(h: Harness) -> None:
    for person in (ANN, BOB):
        await h.say(person, "/start", chat_id=person.id)
    await h.say(ANN, "/new durak")
    await h.press_label(BOB, h.table(), "Join")
    await h.press_label(ANN, h.table(), "Start")
    query = await h.press_label(CAT, h.table(), "Settings")
    assert h.answer(query)["show_alert"]  # neither the creator nor an admin
    h.api.admins[GROUP] = {CAT.id}
    h.clock.now += 301  # the cached admin list has expired
    await h.press_label(CAT, h.table(), "Settings")
    await h.press_label(CAT, h.table(), "Remove Bob")
    assert "Bob was removed; the AI plays their seat." in h.table().text
    assert not any("Remove Bob" in b["text"] for b in h.table().buttons())
    query = await h.press_label(BOB, h.table(), "My hand")
    assert h.answer(query)["show_alert"]
    h.assert_callbacks_answered_once()


async def test_a_private_table_takes_those_the_creator_invites_by_reply(h: Harness) -> None:
    for person in (ANN, BOB, CAT):
        await h.say(person, "/start", chat_id=person.id)
    await h.say(ANN, "/new durak")
    await h.press_label(ANN, h.table(), "Settings")
    await h.press_label(ANN, h.table(), "Invited only: off")
    await h.press_label(ANN, h.table(), "Done")
    query = await h.press_label(BOB, h.table(), "Join")
    assert h.answer(query)["show_alert"] and "invite you" in h.answer(query)["text"]
    assert "Bob" not in h.table().text
    await h.say(ANN, "/invite")  # not a reply: how to do it
    assert "as a reply" in h.api.last(GROUP).text
    bobs_message = h.message(BOB, "may I play?")["message"]
    await h.send(h.message(ANN, "/invite", reply_to_message=bobs_message))
    assert "Ann invited Bob." in h.table().text
    await h.send(h.message(CAT, "/invite", reply_to_message=bobs_message))  # not Cat's table
    assert "creator" in h.api.last(GROUP).text
    await h.say(BOB, "/join")
    assert "Bob" in h.table().text.split("Ann invited")[0]  # seated, not only named in the log
    h.assert_callbacks_answered_once()


async def test_new_bridge_with_an_attached_pbn_file_plays_its_boards_and_a_bad_file_is_refused(
    h: Harness,
) -> None:
    deal = "N:AKQ2.K32.A54.Q32 T98.QJT9.KJ2.J54 J76.A8.Q987.AK76 543.7654.T63.T98"
    pbn = f'[Board "3"]\n[Deal "{deal}"]\n\n[Board "4"]\n[Deal "{deal}"]\n'.encode()
    await h.send(h.document(ANN, "/new bridge boards=", "broken.pbn", b"no deals here"))
    assert "This file is not PBN" in h.api.last(GROUP).text and "Bridge" not in h.api.last(GROUP).text
    await h.send(h.document(ANN, "/new bridge boards=", "club.pbn", pbn))
    text = h.table().text
    assert "Bridge" in text and "Boards: 2" in text  # the table plays the file's two boards
    assert len(h.api.api_calls("getFile")) == 2
