"""AI levels per seat (issue 13): the manager cycles an AI seat easy → normal → strong from ⚙ Settings, in
the lobby and during the game; the deployment's `AI_LEVEL` is what a new AI seat gets."""

from __future__ import annotations

from bot.core.api import AddBot, NewTable, Press, ShowSettings, Start
from tests.core.hosting import CHAT, make_host, user

A, B = user(1), user(2)


def level_button(rec, seat_label: str) -> str:
    for row in rec.table().buttons:
        for b in row:
            if b.label.startswith(seat_label) and b.token:
                return b.token
    raise AssertionError(f"no {seat_label!r} button in {rec.table()}")


async def test_the_manager_cycles_an_ai_seats_level(store) -> None:
    host, rec = make_host(store)
    out = await host.handle(NewTable(user=A, chat=CHAT, game="durak"))
    await host.handle(AddBot(user=A, chat=CHAT))
    await host.handle(ShowSettings(user=A, chat=CHAT))
    table = await host.load(out.table)
    assert table.seats[1].bot == "search"  # durak's default: the strong level
    await host.handle(Press(user=A, token=level_button(rec, "🤖 AI 2")))
    table = await host.load(out.table)
    assert table.seats[1].bot == "random"  # wraps around
    assert any(b.label == "🤖 AI 2: random" for r in rec.table().buttons for b in r)
    refused = await host.handle(Press(user=B, token=level_button(rec, "🤖 AI 2")))  # not the manager
    assert refused.reply is not None and refused.reply.alert
    assert (await host.load(out.table)).seats[1].bot == "random"

    await host.handle(ShowSettings(user=A, chat=CHAT))  # close the panel, start, open it again mid-game
    await host.handle(Start(user=A, chat=CHAT))
    await host.handle(ShowSettings(user=A, chat=CHAT))
    await host.handle(Press(user=A, token=level_button(rec, "🤖 AI 2")))
    assert (await host.load(out.table)).seats[1].bot == "heuristic"

async def test_the_deployment_level_is_what_a_new_ai_seat_gets(store) -> None:
    host, _ = make_host(store, ai_level="search")
    out = await host.handle(NewTable(user=A, chat=CHAT, game="rozpysnyi"))
    await host.handle(AddBot(user=A, chat=CHAT))
    assert (await host.load(out.table)).seats[1].bot == "search"
    host, _ = make_host(store, ai_level="search")
    out = await host.handle(NewTable(user=A, chat=CHAT.model_copy(update={"id": "g2"}), game="tricks"))
    await host.handle(AddBot(user=A, chat=CHAT.model_copy(update={"id": "g2"})))
    assert (await host.load(out.table)).seats[1].bot == "random"  # tricks has no search level
