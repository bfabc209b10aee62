"""Stats, the leaderboard, history, a replay and the score sheet through the fake Bot API."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from storage.stats import StatsStore
from tests.telegram.fakeapi import Msg
from tests.telegram.harness import ANN, BOB, GROUP, Harness, button
from tests.telegram.test_game import join_by_button


async def play_to_the_end(h: Harness) -> tuple[Msg, str]:
    """Ann and Bob (and two AIs) play a three-round rozpysnyi by buttons; the last hand and token pressed."""
    await h.say(ANN, "/start", chat_id=ANN.id)
    await h.say(BOB, "/start", chat_id=BOB.id)
    await h.say(ANN, "/new rozpysnyi schedule=1,D,N")
    await join_by_button(h, BOB)
    await h.press_label(ANN, h.table(), "Add AI")
    await h.press_label(ANN, h.table(), "Add AI")
    await h.press_label(ANN, h.table(), "Start")
    last: tuple[Msg, str] | None = None
    for _ in range(200):
        ready = [(p, m) for p in (ANN, BOB) if (m := h.hand(p)) is not None and m.tokens()]
        if not ready:
            break
        person, hand = ready[0]
        last = (hand, hand.tokens()[0])
        await h.press(person, hand, hand.tokens()[0])
    assert last is not None
    return last


async def test_a_game_is_counted_once_and_shown_by_stats_top_history_replay_and_sheet(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(5))
    hand, token = await play_to_the_end(h)
    # the game's end: one picture in the group, the score sheet, captioned with the final scores
    photos = [m for m in h.api.messages(GROUP) if m.photo is not None]
    assert len(photos) == 1 and "is over" in photos[0].text and "Winner" in photos[0].text
    image = Image.open(io.BytesIO(photos[0].photo or b""))
    assert image.format == "PNG" and 300 <= image.width <= 2000 and 100 <= image.height <= 2000
    # the last press arrives again (a second callback of the same button): nothing is counted twice
    person = ANN if hand.chat_id == ANN.id else BOB
    await h.press(person, hand, token)
    await h.press(person, hand, token)
    stats = StatsStore(h.redis)
    chat_key = f"telegram:{GROUP}"
    for p in (ANN, BOB):
        row = await stats.rows_in_chat(chat_key, "rozpysnyi", p.key)
        assert row is not None and row["games"] == 1, row
    assert sum(m.photo is not None for m in h.api.messages(GROUP)) == 1

    await h.say(ANN, "/stats")
    mine = h.api.last(GROUP)
    assert "Stats · Ann" in mine.text and "1 game" in mine.text and "±" in mine.text
    await h.say(ANN, "/top")
    top = h.api.last(GROUP)
    assert "Leaderboard" in top.text and "Ann" in top.text and "Bob" in top.text
    await h.say(BOB, "/stats", chat_id=BOB.id)  # in private: across chats only
    assert "In every chat" in h.api.last(BOB.id).text and "In this chat" not in h.api.last(BOB.id).text

    await h.say(ANN, "/history")
    history = h.api.last(GROUP)
    assert "Last games" in history.text and "Ann" in history.text
    # step through the replay by its buttons: the message changes in place
    await h.press(ANN, history, button(history, "📼"))
    replay = h.api.chats[GROUP][history.message_id]
    assert "move 0 of" in replay.text and "The deal" in replay.text
    await h.press(ANN, replay, button(replay, "▶"))
    assert "move 1 of" in h.api.chats[GROUP][history.message_id].text
    await h.press(ANN, replay, button(h.api.chats[GROUP][history.message_id], "⏭"))
    end = h.api.chats[GROUP][history.message_id].text
    assert "Game over" in end

    await h.say(BOB, "/sheet")
    sheet = h.api.last(GROUP)
    assert sheet.photo is not None and "Score sheet" in sheet.text
    h.assert_callbacks_answered_once()
