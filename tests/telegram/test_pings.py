"""Issue 20 on Telegram: a player the bot cannot write to (never pressed Start) is told it is their move
by one group message with a text mention of them alone, once per turn; a player with a private chat is
never pinged; the table says who is pinged in the group."""

from __future__ import annotations

import games
from bot.core.api import Act, UserRef
from tests.telegram.harness import ANN, BOB, GROUP, Harness, Person

BOB_REF = UserRef(platform="telegram", id=str(BOB.id), name=BOB.name)


def pings(h: Harness, who: Person) -> list[str]:
    return [
        c.params["text"]
        for c in h.api.api_calls("sendMessage")
        if int(c.params["chat_id"]) == GROUP and f"tg://user?id={who.id}" in c.params["text"]
    ]


async def table_state(h: Harness, table_id: str):
    table = await h.host._load(table_id)
    game = games.get(table.game)
    return table, game, game.load(table.state)


async def test_an_unreachable_player_is_pinged_once_per_turn_and_only_they(hf: Harness) -> None:
    h = hf
    await h.say(ANN, "/start", chat_id=ANN.id)
    await h.say(ANN, "/new tricks")
    await h.say(BOB, "/join")  # never started the bot: no private chat
    for _ in range(2):
        await h.press_label(ANN, h.table(), "AI")
    await h.press_label(ANN, h.table(), "Start")
    table_id = h.table().text.split("table ")[1].split("<")[0].split()[0]
    first = len(h.api.calls)  # from here on every group message is the outbox's (no command replies)
    assert "🔔" in h.table().text  # the table says Bob is pinged here

    turns, after_bob = 0, -1  # the table version Bob's own last move made
    for _ in range(40):
        table, game, state = await table_state(h, table_id)
        if table.status != "playing":
            break
        bob = table.seat_of(BOB_REF)
        if bob in game.to_act(state):
            turns += table.version != after_bob  # moving again right after his own move is the same turn
            assert len(pings(h, BOB)) == turns  # exactly one ping per turn
            action = game.legal_actions(state, bob)[0]
            await h.host.handle(Act(user=BOB_REF, table=table_id, action=action))
            after_bob = table.version + 1
            await h.settle()
            continue
        ann_hand = h.hand(ANN)
        assert ann_hand is not None and ann_hand.tokens()
        await h.press(ANN, ann_hand, ann_hand.tokens()[0])
    assert turns >= 3
    assert not pings(h, ANN)  # a player with a private chat is never pinged in the group
    for text in pings(h, BOB):
        assert text.count("tg://user?id=") == 1  # names only Bob
    group_times = [
        c.at
        for c in h.api.calls[first:]
        if c.method in ("sendMessage", "editMessageText") and int(c.params["chat_id"]) == GROUP
    ]
    assert max(sum(1 for t in group_times if s <= t < s + 60) for s in group_times) <= 20
