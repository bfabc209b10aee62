"""Junk from a client through the real adapter: non-ASCII callback data and /start payloads get a clear
answer ("not valid"), never "something went wrong", and change nothing."""

from __future__ import annotations

import pytest

from tests.telegram.harness import ANN, BOB, Harness, button


@pytest.mark.parametrize("junk", ["ё", "k3x9|c|play:QH|ё", "x|1|@start|ЖЖЖЖЖЖЖЖ", "🂠" * 16, "|||"])
async def test_non_ascii_callback_data_is_not_valid(h: Harness, junk: str) -> None:
    await h.say(ANN, "/new")
    table = h.table()
    query = await h.press(BOB, table, junk)
    assert h.answer(query).get("text") == "This button is not valid."
    assert h.table().text == table.text  # nothing changed at the table
    h.assert_callbacks_answered_once()


@pytest.mark.parametrize("payload", ["jab12_ё", "jё_x", "j_", "hё", "ё"])
async def test_non_ascii_start_payloads_get_a_reply(h: Harness, payload: str) -> None:
    await h.say(ANN, f"/start {payload}", chat_id=ANN.id)
    replies = h.api.texts_sent_to(ANN.id)
    assert replies, "no reply to /start"
    assert not [r for r in replies if "went wrong" in r]


async def test_a_forged_join_link_is_refused_and_a_real_one_still_works(h: Harness) -> None:
    await h.say(ANN, "/new")
    await h.say(BOB, "/start jzz_ёёёё", chat_id=BOB.id)
    assert h.api.texts_sent_to(BOB.id)[-1] == "This link is not valid any more."
    assert "Bob" not in h.table().text
    await h.press(BOB, h.table(), button(h.table(), "Join"))
    assert "Bob" in h.table().text
