"""Game night on Telegram (issue 18): a quick rozpysnyi game chosen by one button, played to the end, the
📜 Log and the last trick on the table, and a 🔁 Rematch that starts at once with the same seats."""

from __future__ import annotations

from tests.telegram.harness import ANN, GROUP, Harness
from tests.telegram.test_game import play_out


async def test_a_quick_game_by_buttons_its_log_and_a_rematch(h: Harness) -> None:
    await h.say(ANN, "/start", chat_id=ANN.id)
    await h.say(ANN, "/new poker")
    await h.press_label(ANN, h.table(), "quick")
    assert "✓ quick" in " ".join(b["text"] for b in h.table().buttons())
    for _ in range(3):
        await h.press_label(ANN, h.table(), "Add AI")
    await h.press_label(ANN, h.table(), "Start")
    table = h.table()
    assert "Round 1 of 8" in table.text, table.text

    for _ in range(6):  # a few moves, then the log: the deal so far, every line of it
        hand = h.hand(ANN)
        assert hand is not None and hand.tokens()
        await h.press(ANN, hand, hand.tokens()[0])
    query = await h.press_label(ANN, h.table(), "📜 Log")
    assert not h.answer(query).get("show_alert")
    assert "📜 This deal so far" in h.table().text
    await h.press_label(ANN, h.table(), "📜 Hide log")
    assert "📜 This deal so far" not in h.table().text

    moves, _ = await play_out(h, (ANN,))
    assert moves > 0
    final = h.api.last(GROUP)
    assert "is over" in final.text and "1. " in final.text
    assert "Last trick" not in final.text
    old_text = h.table().text

    query = await h.press_label(ANN, final, "🔁 Rematch")
    assert not h.answer(query).get("show_alert"), h.answer(query)
    new = h.table()
    assert new.message_id > final.message_id and new.text != old_text  # a new table message
    assert "Round 1 of 8" in new.text
    hand = h.hand(ANN)
    assert hand is not None and (hand.tokens() or "AI" in new.text)
    again = await h.press_label(ANN, final, "🔁 Rematch")
    assert h.answer(again).get("show_alert")  # one rematch per finished table
    h.assert_callbacks_answered_once()
    h.assert_callback_data_fits()
