"""`/notify` (issue 18): a person is told privately when a table opens in a group they watch, with a Join
button that seats them; the notice becomes their hand; the creator is not told; a second /notify stops it."""

from __future__ import annotations

from tests.telegram.harness import ANN, BOB, CAT, Harness, button


def notices(h: Harness, who_id: int) -> list[str]:
    return [t for t in h.api.texts_sent_to(who_id) if "opened a table" in t]


async def test_watchers_hear_of_a_new_table_and_join_from_the_notice(h: Harness) -> None:
    for p in (ANN, BOB, CAT):
        await h.say(p, "/start", chat_id=p.id)
    await h.say(BOB, "/notify")
    await h.say(ANN, "/notify")
    await h.say(ANN, "/new durak")
    assert len(notices(h, BOB.id)) == 1 and "Ann" in notices(h, BOB.id)[0]
    assert not notices(h, ANN.id) and not notices(h, CAT.id)  # the creator, and someone not watching

    notice = [m for m in h.api.messages(BOB.id) if "opened a table" in m.text][-1]
    await h.press(BOB, notice, button(notice, "Join"))
    assert "Bob" in h.table().text
    await h.press_label(ANN, h.table(), "Start")
    hand = h.hand(BOB)
    assert hand is not None and "opened a table" not in hand.text  # now his cards

    await h.say(ANN, "/stop")
    await h.say(BOB, "/notify")  # stop watching
    await h.say(CAT, "/new durak")
    assert len(notices(h, BOB.id)) == 1  # no second notice
    assert len(notices(h, ANN.id)) == 1  # Ann still watches: told about Cat's table
