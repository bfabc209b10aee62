"""Junk from a client through the real adapter: non-ASCII callback data and /start payloads get a clear
answer ("not valid"), never "something went wrong", and change nothing; a long argument is answered
with a short quote of it."""

from __future__ import annotations

import pytest

from tests.telegram.harness import ANN, BOB, GROUP, Harness, button


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


@pytest.mark.parametrize("command", ["/new", "/rules", "/lang", "/pings"])
async def test_a_long_argument_is_answered_with_a_short_quote_of_it(hf: Harness, command: str) -> None:
    await hf.say(ANN, f"{command} {'x' * 4000}")  # a whole message of it (Telegram takes 4,096)
    (answer,) = [c for c in hf.api.api_calls("sendMessage") if int(c.params["chat_id"]) == GROUP]
    assert answer.ok and "x" * 63 + "…" in answer.params["text"] and len(answer.params["text"]) < 300
    assert not hf.api.messages(GROUP)[0].tokens()  # no table opened
