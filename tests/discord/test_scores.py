"""Stats, the leaderboard, history, a replay and the score sheet through the fake Discord API."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from tests.discord.harness import ANN, BOB, CAT, CHANNEL, Harness, button
from tests.discord.test_game import play_out


async def test_a_finished_game_shows_in_stats_top_history_replay_and_sheet(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(3))
    await h.seat_three_and_an_ai()
    await h.press_label(ANN, h.table(), "Start")
    await play_out(h)

    final = h.api.visible(CHANNEL)[-1]
    assert "is over" in final.content and len(final.files) == 1  # the results come with the score sheet
    image = Image.open(io.BytesIO(final.files[0]))
    assert image.format == "PNG" and image.width >= 300

    token = await h.run(ANN, "stats")
    mine = "\n".join(h.replies(token))
    assert "Stats · Ann" in mine and "1 game" in mine and "In every chat" in mine
    token = await h.run(BOB, "top")
    board = "\n".join(h.replies(token))
    assert "Leaderboard" in board and "Ann" in board and "Cat" in board

    token = await h.run(CAT, "history")
    history = next(m for m in h.api.messages.values() if m.interaction == token)
    assert "Last games" in history.content
    assert "/kozyr replay id:" in history.content and "/replay <id>" not in history.content  # Discord's words
    await h.press(CAT, history, button(history, "📼"))  # the answer itself steps through the replay
    assert "move 0 of" in history.content and history.ephemeral and history.edits == 1
    await h.press(CAT, history, button(history, "▶"))
    assert "move 1 of" in history.content
    await h.press(CAT, history, button(history, "⏭"))
    assert "Game over" in history.content and history.edits == 3

    token = await h.run(BOB, "sheet")
    sheet = next(m for m in h.api.messages.values() if m.interaction == token)
    assert sheet.files and sheet.ephemeral and "Score sheet" in sheet.content
    h.assert_acknowledged_once()


async def test_a_channel_that_refuses_files_gets_the_final_text_alone(h: Harness) -> None:
    from bot.core.api import ChatRef
    from bot.core.outcome import Delivery, Screen, TableTarget
    from bot.core.sheet import Row, Sheet, draw
    from tests.discord.fakeapi import ATTACH

    h.api.deny(CHANNEL, ATTACH)
    png = draw(Sheet(title="Sheet", players=["Ann", "Bob"], rows=[Row("Score", ["1", "2"])]))
    screen = Screen(title="Table", lines=["🏁 over"], image=png)
    target = TableTarget(table="t1", chat=ChatRef(platform="discord", id=str(CHANNEL), title="games"))
    await h.frontend.deliver([Delivery(target=target, screen=screen)])
    await h.frontend.drain()
    (final,) = h.api.visible(CHANNEL)
    assert final.files == [] and "🏁 over" in final.content
    posts = h.api.calls_to("POST", rf"/channels/{CHANNEL}/messages")
    assert [c.status for c in posts] == [403, 200]
