"""The `/kozyr` slash commands: sync, choices and autocomplete, the lobby, threads, admins, languages."""

from __future__ import annotations

from tests.discord.fakeapi import APP_ID, GUILD_ID, TOKEN
from tests.discord.harness import ANN, BOB, CAT, CHANNEL, MOD, Harness

SUBCOMMANDS = [
    "new", "join", "leave", "start", "stop", "invite", "hand", "rules", "settings", "lang",
    "stats", "top", "history", "replay", "sheet", "pings", "mytables", "notify",
]


def answer(h: Harness, token: str) -> str:
    (text,) = h.replies(token)
    return text


async def test_the_group_is_synced_once_with_localized_descriptions(h: Harness) -> None:
    (group,) = h.api.synced["global"]
    assert group["name"] == "kozyr"
    assert [o["name"] for o in group["options"]] == SUBCOMMANDS
    assert group["description_localizations"]["uk"].startswith("Карткові ігри")
    new = group["options"][0]
    game = next(o for o in new["options"] if o["name"] == "game")
    assert [c["value"] for c in game["choices"]] == [
        "rozpysnyi",
        "durak",
        "tricks",
        "bridge",
        "dvorovoy",
        "most",
    ]
    assert game["choices"][0]["name_localizations"] == {"ru": "Расписной покер", "uk": "Розписний покер"}
    assert next(o for o in new["options"] if o["name"] == "preset")["autocomplete"] is True
    assert all(len(o["description"]) <= 100 for o in group["options"])
    (mode,) = next(o for o in group["options"] if o["name"] == "pings")["options"]
    assert [c["value"] for c in mode["choices"]] == ["auto", "group", "off"]  # the choices read translated
    group_names = {"ru": "группа: упоминание в чате", "uk": "група: згадка в чаті"}
    assert mode["choices"][1]["name_localizations"] == group_names
    # a restart with the same commands does not sync again (the digest is in the adapter's state)
    client, frontend = h.build()
    try:
        await client.login(TOKEN)
    finally:
        await frontend.close()
        await client.close()
    assert len(h.api.calls_to("PUT", rf"/applications/{APP_ID}/commands")) == 1


async def test_a_development_guild_gets_the_commands_at_once() -> None:
    harness = await Harness(settings={"discord_guild_id": GUILD_ID}).start()
    try:
        assert [c["name"] for c in harness.api.synced[str(GUILD_ID)]] == ["kozyr"]
    finally:
        await harness.stop()


async def test_autocomplete_suggests_the_chosen_games_presets_and_every_option(h: Harness) -> None:
    token = await h.send(h.autocomplete(ANN, "new", "preset", "", game="durak"))
    (callback,) = h.api.callbacks(token)
    assert callback.body["type"] == 8
    assert [c["value"] for c in callback.body["data"]["choices"]][:2] == ["podkidnoy", "perevodnoy"]
    names = [c["name"] for c in callback.body["data"]["choices"]]
    assert names[:3] == ["podkidnoy", "perevodnoy", "short (24-card deck)"]  # typed, then named
    token = await h.send(h.autocomplete(ANN, "new", "preset", "sho", game="rozpysnyi"))
    assert [c["value"] for c in h.api.callbacks(token)[0].body["data"]["choices"]] == ["short"]
    token = await h.send(h.autocomplete(ANN, "settings", "option", "sched"))
    assert [c["value"] for c in h.api.callbacks(token)[0].body["data"]["choices"]] == ["schedule"]


async def test_new_with_a_preset_and_options_then_the_lobby_by_commands(h: Harness) -> None:
    token = await h.run(ANN, "new", game="rozpysnyi", preset="short", options="poker_card=false")
    assert answer(h, token) == "The table is open: see the message in this channel."
    table = h.table()
    assert "Poker card: off" in table.content
    assert answer(h, await h.run(BOB, "join")) == "You joined the table."
    assert answer(h, await h.run(CAT, "join")) == "You joined the table."
    assert answer(h, await h.run(CAT, "leave")) == "You left the table."
    seated = h.table().content.split("Seated")[1].splitlines()[1:4]
    assert [line.strip() for line in seated] == ["Ann", "Bob", "Bob joined."]
    assert "Only the table's creator" in answer(h, await h.run(BOB, "stop"))
    assert answer(h, await h.run(ANN, "start")).startswith("The game has started")
    assert h.table().id == table.id  # the same message, edited
    assert h.dm_hand(ANN) is not None and h.dm_hand(BOB) is not None


async def test_new_bridge_with_an_attached_pbn_file_and_a_bad_one_refused(h: Harness) -> None:
    deal = "N:AKQ2.K32.A54.Q32 T98.QJT9.KJ2.J54 J76.A8.Q987.AK76 543.7654.T63.T98"
    bad = h.api.attach("notes.pbn", b"no deals here")
    token = await h.run(ANN, "new", game="bridge", boards=bad)
    assert "This file is not PBN" in answer(h, token)
    good = h.api.attach("club.pbn", f'[Board "9"]\n[Deal "{deal}"]\n'.encode())
    token = await h.run(ANN, "new", game="bridge", boards=good)
    assert answer(h, token) == "The table is open: see the message in this channel."
    assert "Boards: 1" in h.table().content


async def test_bad_options_and_dm_only_places_are_explained(h: Harness) -> None:
    token = await h.run(ANN, "new", options="schedule")
    assert answer(h, token).startswith("Options are written as name=value")
    dm = h.api.dm_of.get(ANN.id) or int(h.api._dm_channel(ANN.id)["id"])
    token = await h.run(ANN, "join", channel=dm)
    assert answer(h, token) == "This command works in a server channel, not in direct messages."
    assert not h.api.visible(CHANNEL)


async def test_a_moderator_may_stop_a_table_they_did_not_open(h: Harness) -> None:
    await h.run(ANN, "new")
    token = await h.run(MOD, "stop")
    assert answer(h, token) == "The table was cancelled."
    assert "cancelled" in h.table().content


async def test_threads_let_one_channel_host_several_tables(h: Harness) -> None:
    first = await h.run(ANN, "new", game="durak", thread=True)
    second = await h.run(BOB, "new", game="rozpysnyi", thread=True)
    threads = [c for c, info in h.api.channels.items() if info.get("parent_id") == CHANNEL]
    assert len(threads) == 2
    assert answer(h, first) == f"The table is open in its own thread: <#{threads[0]}>"
    assert answer(h, second) == f"The table is open in its own thread: <#{threads[1]}>"
    assert "Durak" in h.table(threads[0]).content and "Rozpysnyi" in h.table(threads[1]).content
    assert h.api.channels[threads[0]]["name"] == "Durak · Ann"
    # commands run inside a thread act on that thread's table
    await h.run(CAT, "join", channel=threads[1])
    assert "Cat" in h.table(threads[1]).content and "Cat" not in h.table(threads[0]).content
    # and the channel itself may still have a table of its own
    await h.run(CAT, "new", game="durak")
    assert "Durak" in h.table(CHANNEL).content


async def test_without_a_thread_the_table_opens_in_the_channel(h: Harness) -> None:
    h.api.fail("POST", rf"/channels/{CHANNEL}/threads", 403, 50013, "Missing Permissions")
    token = await h.run(ANN, "new", thread=True)
    assert answer(h, token) == "I could not open a thread here, so the table opens in this channel."
    assert "table" in h.table(CHANNEL).content


async def test_a_channel_where_the_bot_may_not_post_gets_no_invisible_table(h: Harness) -> None:
    from tests.discord.fakeapi import CREATE_PUBLIC_THREADS, SEND, SEND_IN_THREADS

    h.api.deny(CHANNEL, SEND)
    token = await h.run(ANN, "new", game="durak")
    assert answer(h, token).startswith("I may not post in this channel, so no table is opened here.")
    assert not h.api.calls_to("POST", rf"/channels/{CHANNEL}/messages")
    assert not await h.store.tables_in_chat(f"discord:{CHANNEL}:")  # nothing blocks the channel
    token = await h.run(ANN, "new", game="durak", thread=True)  # threads it may post in: there
    (thread,) = [c for c, info in h.api.channels.items() if info.get("parent_id") == CHANNEL]
    assert answer(h, token) == f"The table is open in its own thread: <#{thread}>"
    h.api.deny(CHANNEL, SEND_IN_THREADS)
    token = await h.run(BOB, "new", game="durak", channel=thread)
    assert answer(h, token).startswith("I may not post in this channel")
    h.api.denied[CHANNEL] = CREATE_PUBLIC_THREADS  # it may post, not open threads: in the channel
    token = await h.run(CAT, "new", thread=True)
    assert answer(h, token) == "I could not open a thread here, so the table opens in this channel."
    assert not h.api.calls_to("POST", rf"/channels/{CHANNEL}/threads")[1:] and "table" in h.table().content


async def test_texts_name_discords_commands_not_telegrams(h: Harness) -> None:
    token = await h.run(ANN, "mytables")
    assert answer(h, token) == "You are not at any open table. Open one in a server channel with /kozyr new."
    token = await h.run(ANN, "join")
    assert answer(h, token) == "There is no open table here. Start one with /kozyr new."


async def test_settings_toggle_the_buttons_and_set_an_option(h: Harness) -> None:
    await h.run(ANN, "new", game="rozpysnyi")
    await h.run(ANN, "settings")
    assert any("Poker card" in label for label in h.table().labels())
    token = await h.run(ANN, "settings", option="schedule", value="1,N")
    assert answer(h, token) == "Setting changed."
    assert "Schedule: 1 N" in h.table().content
    assert "Only the table's creator" in answer(h, await h.run(BOB, "settings", option="schedule", value="1"))


async def test_a_private_table_takes_the_members_its_creator_invites(h: Harness) -> None:
    await h.run(ANN, "new", game="durak")
    await h.run(ANN, "settings", option="private", value="on")
    assert "Invited only: on" in h.table().content
    assert "ask Ann to invite you" in answer(h, await h.run(BOB, "join"))
    assert "Only the table's creator" in answer(h, await h.run(CAT, "invite", member=CAT))
    await h.run(ANN, "invite", member=BOB)
    assert "Ann invited Bob." in h.table().content
    assert answer(h, await h.run(BOB, "join")) == "You joined the table."
    assert "ask Ann" in answer(h, await h.run(CAT, "join"))
    seated = h.table().content.split("Seated")[1].splitlines()[1:3]
    assert [line.strip() for line in seated] == ["Ann", "Bob"]


async def test_rules_and_hand_answer_only_the_asker(h: Harness) -> None:
    token = await h.run(BOB, "rules", game="durak")
    text = answer(h, token)
    assert "Rules" in text and "Durak" in text
    assert h.api.callbacks(token)[0].body["data"]["flags"] == 64
    token = await h.run(BOB, "hand")
    assert answer(h, token) == "There is no open table here. Start one with /kozyr new."
    await h.run(ANN, "new", game="rozpysnyi")
    await h.run(BOB, "join")
    await h.run(ANN, "start")
    token = await h.run(BOB, "hand")
    hand = h.ephemeral_hand(BOB)
    assert hand is not None and hand.interaction == token and "Your cards" in hand.content
    assert all("Your cards" not in m.content for m in h.api.visible(CHANNEL))


async def test_languages_for_the_user_and_by_a_moderator_for_the_table(h: Harness) -> None:
    await h.run(ANN, "new", game="durak")
    token = await h.run(BOB, "lang", lang="uk")
    assert answer(h, token) == "Мова: українська."
    assert answer(h, await h.run(BOB, "join")) == "Ви за столом."
    assert "Durak" in h.table().content  # a user's language is theirs only
    await h.run(MOD, "lang", lang="ru")
    assert "Дурак" in h.table().content
    ru_user = await h.send(h.slash(CAT.__class__(CAT.id, "Cat", locale="ru"), "rules"))
    assert "Правила" in answer(h, ru_user)  # Discord's locale is the default language
