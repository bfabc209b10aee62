"""Issue 20 on Discord: a player whose DMs are closed is told it is their move by a channel message that
mentions them, with `allowed_mentions` limited to them; players with open DMs are never pinged."""

from __future__ import annotations

import random

import pytest

from tests.discord.harness import ANN, BOB, CAT, CHANNEL, Harness
from tests.discord.test_game import PEOPLE, action, custom_id_of, play_out


def pings(h: Harness, user_id: int) -> list[dict]:
    return [
        c.body
        for c in h.api.calls_to("POST", rf"/channels/{CHANNEL}/messages")
        if c.ok and f"<@{user_id}>" in str(c.body.get("content", ""))
    ]


async def test_a_player_with_closed_dms_is_pinged_in_the_channel_and_only_they(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(2))
    h.api.closed_dms.add(CAT.id)
    await h.seat_three_and_an_ai()
    await h.press_label(ANN, h.table(), "Start")
    assert all(p.name in h.table().content for p in PEOPLE)

    await play_out(h)

    cat = pings(h, CAT.id)
    pressed = [custom_id_of(i) for i in h.api.interactions.values() if i.user_id == CAT.id]
    cat_moves = [c for c in pressed if c.count("|") == 3 and not action(c).startswith("@")]
    assert 1 <= len(cat) <= len(cat_moves)  # at most one a turn, and every turn takes a move of hers
    for body in cat:
        allowed = body["allowed_mentions"]
        assert [int(u) for u in allowed.get("users", [])] == [CAT.id] and not allowed.get("parse")  # only her
    assert not pings(h, ANN.id) and not pings(h, BOB.id)  # open DMs: never pinged in the channel
    assert not [m for m in h.api.visible(CHANNEL) if f"<@{CAT.id}>" in m.content]  # answered: deleted
    assert "🔔" in h.table().content or "is over" in h.api.visible(CHANNEL)[-1].content


async def test_pings_are_a_persons_choice(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """`/kozyr pings group`, DMs open: mentioned in the channel; `off`, DMs closed: never mentioned."""
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(2))
    h.api.closed_dms.add(CAT.id)
    await h.run(BOB, "pings", mode="group")
    await h.run(CAT, "pings", mode="off")
    await h.seat_three_and_an_ai()
    await h.press_label(ANN, h.table(), "Start")

    await play_out(h)

    assert pings(h, BOB.id) and not pings(h, CAT.id) and not pings(h, ANN.id)
    for body in pings(h, BOB.id):
        assert [int(u) for u in body["allowed_mentions"].get("users", [])] == [BOB.id]
