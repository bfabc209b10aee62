"""`/mytables` (issue 18): a person's tables across chats with whose turn it is; in a group only that
group's tables are named and the others counted; answers in the person's language."""

from __future__ import annotations

from tests.telegram.harness import ANN, BOB, GROUP, Harness

OTHER_GROUP = -1002000000002


def last_text_to(h: Harness, chat: int) -> str:
    return [c for c in h.api.api_calls("sendMessage") if int(c.params["chat_id"]) == chat][-1].params["text"]


async def test_my_tables_across_chats_and_whose_turn(h: Harness) -> None:
    for p in (ANN, BOB):
        await h.say(p, "/start", chat_id=p.id)
    await h.say(ANN, "/mytables", chat_id=ANN.id)
    assert "not at any open table" in last_text_to(h, ANN.id)

    await h.say(ANN, "/new durak", chat_id=GROUP)
    await h.press_label(BOB, h.table(GROUP), "Join")
    await h.press_label(ANN, h.table(GROUP), "Start")
    await h.say(BOB, "/new durak", chat_id=OTHER_GROUP)
    await h.press_label(ANN, h.table(OTHER_GROUP), "Join")

    await h.say(ANN, "/mytables", chat_id=ANN.id)
    text = last_text_to(h, ANN.id)
    lines = [ln for ln in text.splitlines() if ln.startswith("•")]
    assert len(lines) == 2
    playing = next(ln for ln in lines if "gathering" not in ln)
    assert ("your move" in playing) != ("waiting for Bob" in playing)  # exactly one of them, by the game
    assert any("gathering players (2 of 6)" in ln for ln in lines)

    await h.say(BOB, "/mytables", chat_id=OTHER_GROUP)  # asked in a group: that group's tables only
    text = last_text_to(h, OTHER_GROUP)
    assert sum(ln.startswith("•") for ln in text.splitlines()) == 1 and "1 table in other chats" in text

    await h.say(BOB, "/lang ru", chat_id=BOB.id)
    await h.say(BOB, "/mytables", chat_id=BOB.id)
    assert "Ваши столы" in last_text_to(h, BOB.id) and "стол" in last_text_to(h, BOB.id)
