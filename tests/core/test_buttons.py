"""Buttons mean what they say: a move stays valid while it is legal for its person; lobby, settings and
chat changes never stale it; double clicks stay harmless; a stale press never touches the group."""

from __future__ import annotations

from bot.core.api import AddBot, Join, NewTable, Press, SetLanguage, SetOption, ShowSettings, Start
from bot.core.outcome import HandTarget
from tests.core.hosting import CHAT, make_host, user

A, B, C = user(1), user(2), user(3)


async def start_tricks(host, rec) -> str:
    out = await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    for _ in range(3):
        await host.handle(AddBot(user=A, chat=CHAT))
    await host.handle(Start(user=A, chat=CHAT))
    await host.settle()
    assert out.table is not None
    return out.table


async def version(store, table: str) -> int:
    found = await store.load(table)
    assert found is not None
    return found[1]


async def test_opening_settings_does_not_stale_a_move_button(store) -> None:
    host, rec = make_host(store)
    table = await start_tricks(host, rec)
    move = rec.tokens(A)[0]
    opened = await host.handle(ShowSettings(user=A, chat=CHAT))  # a new table version
    assert opened.reply is None or not opened.reply.alert
    await host.handle(SetOption(user=A, chat=CHAT, name="turn_timeout", value="600"))
    await host.handle(SetLanguage(user=A, chat=CHAT, lang="ru", is_chat_admin=True))
    v = await version(store, table)
    out = await host.handle(Press(user=A, token=move, chat=CHAT))
    assert out.reply is None or not out.reply.alert, out.reply
    assert "moved on" not in (out.reply.text if out.reply else "")
    assert await version(store, table) == v + 1  # the move was applied


async def test_start_pressed_just_after_someone_joined_starts(store) -> None:
    host, rec = make_host(store)
    await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    start = rec.table_button("Start")
    await host.handle(Join(user=B, chat=CHAT))
    await host.handle(AddBot(user=A, chat=CHAT))
    await host.handle(AddBot(user=A, chat=CHAT))
    out = await host.handle(Press(user=A, token=start, chat=CHAT))
    assert out.reply is None or not out.reply.alert, out.reply
    assert "moved on" not in (out.reply.text if out.reply else "")
    assert any(isinstance(d.target, HandTarget) for d in rec.deliveries)  # the game started: hands went out


async def test_a_double_click_plays_once_even_when_the_same_card_stays_legal(store) -> None:
    host, rec = make_host(store)
    table = await start_tricks(host, rec)
    token = rec.tokens(A)[0]
    v = await version(store, table)
    first = await host.handle(Press(user=A, token=token, chat=CHAT))
    before = len(rec.public())
    second = await host.handle(Press(user=A, token=token, chat=CHAT))
    assert first.reply is None or not first.reply.alert
    assert second.reply is not None and "moved on" in second.reply.text
    assert await version(store, table) == v + 1
    assert len(rec.public()) == before  # the stale press did not touch the group


async def test_a_stale_lobby_press_answers_only_the_presser(store) -> None:
    host, rec = make_host(store)
    await host.handle(NewTable(user=A, chat=CHAT, game="tricks"))
    await host.handle(ShowSettings(user=A, chat=CHAT))
    kick = rec.table_button("✖")  # a seat-numbered button: stale after any change
    await host.handle(Join(user=B, chat=CHAT))
    before = len(rec.public())
    out = await host.handle(Press(user=A, token=kick, chat=CHAT))
    assert out.reply is not None and "moved on" in out.reply.text
    assert out.deliveries == [] and len(rec.public()) == before


async def test_an_old_button_whose_move_became_illegal_is_stale_and_changes_nothing(store) -> None:
    host, rec = make_host(store)
    table = await start_tricks(host, rec)
    tokens = rec.tokens(A)
    await host.handle(Press(user=A, token=tokens[0], chat=CHAT))
    await host.settle()  # the AIs play; it is A's turn again with one card fewer
    v = await version(store, table)
    out = await host.handle(Press(user=A, token=tokens[0], chat=CHAT))  # the card already played
    assert out.reply is not None and "moved on" in out.reply.text
    assert await version(store, table) == v


async def test_a_move_redraws_only_the_hands_it_changes(store) -> None:
    """Four people at tricks: a move touches the mover's hand and the next player's, never the others'."""
    people = [user(n) for n in range(1, 5)]
    host, rec = make_host(store)
    await host.handle(NewTable(user=people[0], chat=CHAT, game="tricks"))
    for p in people[1:]:
        await host.handle(Join(user=p, chat=CHAT))
    await host.handle(Start(user=people[0], chat=CHAT))
    for _ in range(12):
        mover = next(p for p in people if rec.tokens(p) and rec.hand(p) and "▶" in rec.hand(p).text())
        out = await host.handle(Press(user=mover, token=rec.tokens(mover)[0], chat=CHAT))
        assert out.reply is None or not out.reply.alert, out.reply
        hands = {d.target.user.key for d in out.deliveries if isinstance(d.target, HandTarget)}
        assert mover.key in hands and len(hands) <= 2, hands  # the mover, and whoever plays next
