"""Issue 20 on Telegram: a player the bot cannot write to (never pressed Start) is told it is their move
by one group message with a text mention of them alone, once per turn; a player with a private chat is
never pinged; the table says who is pinged in the group; the group's budget holds with three of them."""

from __future__ import annotations

import pytest

import games
from bot.core.api import Act, UserRef
from tests.telegram.harness import ANN, BOB, CAT, DAN, GROUP, Harness, Person


def ref(p: Person) -> UserRef:
    return UserRef(platform="telegram", id=str(p.id), name=p.name)


def pings(h: Harness, who: Person) -> list[str]:
    return [
        c.params["text"]
        for c in h.api.api_calls("sendMessage")
        if int(c.params["chat_id"]) == GROUP and f"tg://user?id={who.id}" in c.params["text"]
    ]


@pytest.mark.parametrize("unreachable", [(BOB,), (BOB, CAT, DAN)])
async def test_unreachable_players_are_pinged_once_per_turn_and_only_they(
    hf: Harness, unreachable: tuple[Person, ...]
) -> None:
    h = hf
    await h.say(ANN, "/start", chat_id=ANN.id)
    await h.say(ANN, "/new tricks")
    for p in unreachable:
        await h.say(p, "/join")  # never started the bot: no private chat
    for _ in range(3 - len(unreachable)):
        await h.press_label(ANN, h.table(), "AI")
    await h.press_label(ANN, h.table(), "Start")
    table_id = h.table().text.split("table ")[1].split("<")[0].split()[0]
    first = len(h.api.calls)  # from here on every group message is the outbox's (no command replies)
    assert h.table().text.count("🔔") == len(unreachable)  # the table says who is pinged here

    turns = dict.fromkeys(unreachable, 0)
    after_own = dict.fromkeys(unreachable, -1)  # the table version each one's own last move made
    for _ in range(60):
        table = await h.host._load(table_id)
        if table.status != "playing":
            break
        game = games.get(table.game)
        to_act = game.to_act(game.load(table.state))
        them = [p for p in unreachable if table.seat_of(ref(p)) in to_act]
        if them:
            p = them[0]
            seat = table.seat_of(ref(p))
            turns[p] += table.version != after_own[p]  # moving again right after one's own move: same turn
            assert len(pings(h, p)) == turns[p]  # exactly one ping per turn
            action = game.legal_actions(game.load(table.state), seat)[0]
            await h.host.handle(Act(user=ref(p), table=table_id, action=action))
            after_own[p] = table.version + 1
            await h.settle()
            continue
        ann_hand = h.hand(ANN)
        assert ann_hand is not None and ann_hand.tokens()
        await h.press(ANN, ann_hand, ann_hand.tokens()[0])
    assert all(n >= 2 for n in turns.values()), turns
    assert not pings(h, ANN)  # a player with a private chat is never pinged in the group
    for p in unreachable:
        assert all(text.count("tg://user?id=") == 1 for text in pings(h, p))  # names only them
    group_times = [
        c.at
        for c in h.api.calls[first:]
        if c.method in ("sendMessage", "editMessageText") and int(c.params["chat_id"]) == GROUP
    ]
    assert max(sum(1 for t in group_times if s <= t < s + 60) for s in group_times) <= 20
