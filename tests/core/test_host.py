"""The host through its one entry point, against real Redis and fakeredis (the `store` fixture)."""

from __future__ import annotations

import asyncio

import pytest

from bot.core.api import (
    Act,
    AddBot,
    ChatRef,
    Join,
    Leave,
    NewTable,
    Press,
    SetLanguage,
    SetOption,
    ShowHand,
    ShowRules,
    Start,
    UserRef,
)
from bot.core.outcome import ChatTarget, HandTarget, TableTarget
from bot.core.tokens import decode, encode
from tests.core.hosting import CHAT, Clock, make_host, press_first_until_over, user

A, B = user(1), user(2)


async def open_table(host, rec, game="tricks", bots=3, options=None, people=(A,)):
    out = await host.handle(NewTable(user=people[0], chat=CHAT, game=game, options=options or {}))
    table = out.table
    for p in people[1:]:
        await host.handle(Join(user=p, chat=CHAT))
    for _ in range(bots):
        await host.handle(AddBot(user=people[0], chat=CHAT))
    started = await host.handle(Start(user=people[0], chat=CHAT))
    assert started.reply is not None and not started.reply.alert, started.reply
    return table


async def version(store, table: str) -> int:
    found = await store.load(table)
    assert found is not None
    return found[1]


async def test_new_table_posts_a_lobby_and_seats_the_creator(store) -> None:
    host, rec = make_host(store)
    out = await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    assert out.table and out.reply is None
    screen = rec.table()
    assert screen is not None and "User1" in screen.text()
    labels = [b.label for row in screen.buttons for b in row]
    assert "Join" in labels and "Start" in labels


async def test_typed_options_of_a_new_table_are_read_as_each_options_type(store) -> None:
    host, _ = make_host(store)
    refused = await host.handle(NewTable(user=A, chat=CHAT, game="dvorovoy", options={"cards": "8"}))
    assert refused.reply and refused.reply.alert and "not a valid value" in refused.reply.text
    unknown = await host.handle(NewTable(user=A, chat=CHAT, game="dvorovoy", options={"colour": "red"}))
    assert unknown.reply and "There is no option" in unknown.reply.text
    typed = {"cards": "7", "burn": "no"}
    out = await host.handle(NewTable(user=A, chat=CHAT, game="dvorovoy", options=typed))
    assert out.table and out.reply is None  # "7" is the number 7 and "no" is False, as ⚙ Settings reads them
    assert (await host.load(out.table)).options == {"cards": 7, "burn": False}


async def test_second_table_in_the_same_chat_is_refused_but_a_thread_may_have_one(store) -> None:
    host, _ = make_host(store)
    await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    again = await host.handle(NewTable(user=B, chat=CHAT, game="tricks"))
    assert again.reply and again.reply.alert and "already open" in again.reply.text
    thread = ChatRef(platform="console", id=CHAT.id, thread="7")
    other = await host.handle(NewTable(user=B, chat=thread, game="tricks"))
    assert other.table and other.reply is None


async def test_start_fills_ai_seats_and_deals_hands_only_to_their_owners(store) -> None:
    host, rec = make_host(store)
    await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    await host.handle(Join(user=B, chat=CHAT))
    await host.handle(Start(user=A, chat=CHAT))
    hands = [d for d in rec.deliveries if isinstance(d.target, HandTarget)]
    assert {d.target.user.key for d in hands} == {A.key, B.key}
    assert all(d.notify for d in hands)  # the first hand is a new message
    screen_a = rec.hand(A)
    cards_a = screen_a.lines[-2] if screen_a else ""
    assert "Your cards" in cards_a
    for d in rec.public():  # nothing from A's hand reaches the group
        assert "Your cards" not in d.screen.text()


async def test_only_the_creator_starts_before_the_lobby_timeout(store) -> None:
    clock = Clock()
    host, _ = make_host(store, clock, lobby_timeout=600)
    await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    await host.handle(Join(user=B, chat=CHAT))
    refused = await host.handle(Start(user=B, chat=CHAT))
    assert refused.reply and refused.reply.alert
    clock.now += 601
    allowed = await host.handle(Start(user=B, chat=CHAT))
    assert allowed.reply and not allowed.reply.alert


async def test_a_whole_game_through_buttons_ends_with_final_scores(store) -> None:
    host, rec = make_host(store)
    table = await open_table(host, rec, options={"target": 3})
    await press_first_until_over(host, rec, A)
    finals = [d for d in rec.deliveries if isinstance(d.target, ChatTarget)]
    assert len(finals) == 1 and "Winner" in finals[0].screen.text()
    found = await store.load(table)
    assert found and '"status":"over"' in found[0]


async def test_bad_input_is_refused_and_changes_nothing(store) -> None:
    host, rec = make_host(store)
    table = await open_table(host, rec, people=(A, B), bots=2)
    await host.settle()
    mover = A if rec.tokens(A) else B
    other = B if mover is A else A
    token = rec.tokens(mover)[0]
    before = await store.load(table)

    cases = {
        "not seated": Press(user=user(9), token=token, chat=CHAT),
        "out of turn": Act(user=other, chat=CHAT, action=decode(host.secret, token).action),
        "illegal": Act(user=mover, chat=CHAT, action="play:ZZ"),
        "forged": Press(user=mover, token=token.replace("play:", "plai:"), chat=CHAT),
        "garbage": Press(user=mover, token="%%%", chat=CHAT),
        "other table": Press(user=mover, token=encode(host.secret, "nope", 1, "play:2C"), chat=CHAT),
    }
    for name, command in cases.items():
        out = await host.handle(command)
        assert out.reply and out.reply.alert, name
        assert out.reply.text and "{" not in out.reply.text, name
        assert await store.load(table) == before, name


async def test_a_double_click_applies_once_and_the_second_press_gets_a_fresh_view(store) -> None:
    host, rec = make_host(store)
    table = await open_table(host, rec, bots=3)
    await host.settle()
    token = rec.tokens(A)[0]
    v = await version(store, table)
    first = await host.handle(Press(user=A, token=token, chat=CHAT))
    second = await host.handle(Press(user=A, token=token, chat=CHAT))
    assert first.reply is None or not first.reply.alert
    assert second.reply and "moved on" in second.reply.text
    assert any(isinstance(d.target, HandTarget) for d in second.deliveries)
    assert await version(store, table) == v + 1


async def test_fifty_concurrent_presses_apply_exactly_once(store, store_factory) -> None:
    host, rec = make_host(store)
    table = await open_table(host, rec, bots=3)
    await host.settle()
    token = rec.tokens(A)[0]
    v = await version(store, table)
    hosts = [make_host(await store_factory())[0] for _ in range(50)]  # 50 connections
    outs = await asyncio.gather(*(h.handle(Press(user=A, token=token, chat=CHAT)) for h in hosts))
    applied = [o for o in outs if o.reply is None]
    assert len(applied) == 1
    assert await version(store, table) == v + 1


async def test_time_outs_let_the_ai_move_and_then_keep_the_seat(store) -> None:
    clock = Clock()
    host, rec = make_host(store, clock, turn_timeout=60, max_misses=2)
    table = await open_table(host, rec, bots=3)
    await host.settle()
    assert rec.tokens(A)
    clock.now += 30
    assert await host.run_due() == 0  # not yet
    clock.now += 31
    assert await host.run_due() >= 1
    await host.settle()
    clock.now += 61
    assert await host.run_due() >= 1
    found = await store.load(table)
    assert found and '"auto":true' in found[0]
    screen = rec.table()
    assert screen and "AI plays for them" in screen.text()
    # acting again takes the seat back
    await host.settle()
    if rec.tokens(A):
        await host.handle(Press(user=A, token=rec.tokens(A)[0], chat=CHAT))
        found = await store.load(table)
        assert found and '"auto":true' not in found[0]


async def test_a_restarted_worker_carries_on(store, store_factory) -> None:
    host, rec = make_host(store)
    table = await open_table(host, rec, bots=4, people=(A,))
    # A hands the seat to the AI by leaving: now only AI seats remain and nothing waits for a person
    from bot.core.api import Leave

    await host.handle(Leave(user=A, chat=CHAT))
    del host
    fresh, _ = make_host(await store_factory())
    moves = await fresh.settle()
    assert moves > 0
    found = await store.load(table)
    assert found and '"status":"over"' in found[0]


async def test_unreachable_player_is_told_at_the_table(store) -> None:
    host, rec = make_host(store)
    table = await open_table(host, rec, people=(A, B), bots=2)
    await host.unreachable(B, table)
    screen = rec.table()
    assert screen and "could not send you your cards privately" in screen.text()
    assert "gets no private messages" in screen.text()
    assert await store.is_reachable(B.key) is False
    await host.unreachable(B, table)  # told once, not at every failed message
    assert (rec.table() or pytest.fail()).text().count("could not send you your cards") == 1

    await press_first_until_over(host, rec, A, limit=3)  # moves by others or by B do not clear the mark
    assert "gets no private messages" in (rec.table() or pytest.fail()).text()
    await host.reachable(B)
    assert "gets no private messages" not in (rec.table() or pytest.fail()).text()
    assert await store.is_reachable(B.key) is True


async def test_a_platform_words_host_messages_its_own_way(store) -> None:
    host, _ = make_host(store)
    discord_chat = ChatRef(platform="discord", id="1:2", title="general")
    alice = UserRef(platform="discord", id="7", name="Alice")
    gone = await host.handle(Start(user=alice, chat=discord_chat))
    assert gone.reply and "/kozyr new" in gone.reply.text
    rules = await host.handle(ShowRules(user=alice, game="durak"))
    assert rules.reply and "/kozyr new game:durak" in rules.reply.text
    assert "/kozyr settings" in rules.reply.text
    plain = await host.handle(Start(user=A, chat=CHAT))
    assert plain.reply and "/new." in plain.reply.text and "/kozyr" not in plain.reply.text


async def test_languages_follow_the_user(store) -> None:
    host, rec = make_host(store)
    ru = user(5, lang="ru-RU")
    await host.handle(NewTable(user=ru, chat=CHAT, game="tricks"))
    screen = rec.table()
    assert screen and "стол" in screen.title
    await host.handle(SetLanguage(user=ru, lang="uk"))
    out = await host.handle(ShowRules(user=ru, game="tricks"))
    assert out.reply and "Правила" in out.reply.text


async def test_options_change_in_the_lobby_only_by_the_creator(store) -> None:
    host, rec = make_host(store)
    await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    await host.handle(Join(user=B, chat=CHAT))
    refused = await host.handle(SetOption(user=B, chat=CHAT, name="target", value="10"))
    assert refused.reply and refused.reply.alert
    bad = await host.handle(SetOption(user=A, chat=CHAT, name="target", value="-3"))
    assert bad.reply and bad.reply.alert
    ok = await host.handle(SetOption(user=A, chat=CHAT, name="target", value="10"))
    assert ok.reply and not ok.reply.alert
    assert "10" in (rec.table() or pytest.fail()).text()


async def test_show_hand_resends_it_to_the_owner_only(store) -> None:
    host, rec = make_host(store)
    await open_table(host, rec, people=(A, B), bots=2)
    out = await host.handle(ShowHand(user=B, chat=CHAT, ephemeral=True))
    assert out.reply and out.reply.screen and "Your cards" in out.reply.screen.text()
    assert all(d.target.user.key == B.key for d in out.deliveries if isinstance(d.target, HandTarget))
    stranger = await host.handle(ShowHand(user=user(9), chat=CHAT))
    assert stranger.reply and stranger.reply.alert


async def test_duplicate_updates_are_processed_once(store) -> None:
    host, _ = make_host(store)
    await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    first = await host.handle(Join(user=B, chat=CHAT, update_id="42"))
    again = await host.handle(Join(user=B, chat=CHAT, update_id="42"))
    assert first.reply and not first.reply.alert
    assert again.reply is None and not again.deliveries


async def test_table_message_targets_the_chat(store) -> None:
    host, rec = make_host(store)
    await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    assert all(d.target.chat == CHAT for d in rec.deliveries if isinstance(d.target, TableTarget))


async def test_a_whole_rozpysnyi_game_with_four_ai_seats_runs_to_the_end(store) -> None:
    host, rec = make_host(store)
    table = await open_table(host, rec, game="rozpysnyi", bots=3, options={"schedule": "1 2 D N"})
    from bot.core.api import Leave

    await host.handle(Leave(user=A, chat=CHAT))  # the creator hands the seat to the AI: four AI seats
    moves = await host.settle()
    found = await store.load(table)
    assert found and '"status":"over"' in found[0]
    assert moves > 4 * (1 + 2 + 8 + 8)  # every card of every round, plus the bids
    finals = [d for d in rec.deliveries if isinstance(d.target, ChatTarget)]
    assert len(finals) == 1
    deals = await host.history(table)
    assert [d.number for d in deals] == [3, 4] and all(d.complete and d.moves for d in deals)
    assert "rozpysnyi.event.round_row" in found[0]  # the named score table, in the table's log


async def test_rozpysnyi_buttons_cover_bids_and_poker_calls(store) -> None:
    host, rec = make_host(store)
    await open_table(host, rec, game="rozpysnyi", bots=3, options={"schedule": "8"})
    await host.settle()
    labels = [b.label for row in (rec.hand(A) or pytest.fail()).buttons for b in row]
    assert labels and all(len(row) <= 5 for row in (rec.hand(A) or pytest.fail()).buttons)
    for d in rec.public():  # the group never sees a hand
        assert "Your cards" not in d.screen.text()


async def test_a_durak_game_against_the_ai_through_buttons(store) -> None:
    host, rec = make_host(store)
    table = await open_table(host, rec, game="durak", bots=1, options={"variant": "perevodnoy"})
    await press_first_until_over(host, rec, A)
    found = await store.load(table)
    assert found and '"status":"over"' in found[0]
    for d in rec.public():
        assert "Your cards" not in d.screen.text()


async def test_the_log_keeps_names_of_people_who_left_the_lobby(store) -> None:
    host, rec = make_host(store)
    c = user(3)
    await host.handle(NewTable(user=A, chat=CHAT, game="durak"))
    for p in (B, c):
        await host.handle(Join(user=p, chat=CHAT))
    await host.handle(Leave(user=B, chat=CHAT))
    await host.handle(Leave(user=c, chat=CHAT))  # seats 1 and 2 are gone, their log lines stay
    text = (rec.table() or pytest.fail()).text()
    assert "User2" in text and "User3" in text and "{name}" not in text
