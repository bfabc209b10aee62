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


def live_pings(h: Harness, who: Person) -> list[str]:
    """The pings of `who` still to be seen in the group (an answered one is deleted)."""
    return [m.text for m in h.api.messages(GROUP) if f"tg://user?id={who.id}" in m.text]


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
        table = await h.host.load(table_id)
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
            assert len(live_pings(h, p)) == 1  # and only this turn's is still there
            action = game.legal_actions(game.load(table.state), seat)[0]
            await h.host.handle(Act(user=ref(p), table=table_id, action=action))
            after_own[p] = table.version + 1
            await h.settle()
            continue
        ann_hand = h.hand(ANN)
        assert ann_hand is not None and ann_hand.tokens()
        await h.press(ANN, ann_hand, ann_hand.tokens()[0])
    assert all(n >= 2 for n in turns.values()), turns
    table = await h.host.load(table_id)
    on = set(games.get(table.game).to_act(games.get(table.game).load(table.state)))
    for p in unreachable:  # each deleted once its turn was over: only a turn still on keeps its ping
        assert len(live_pings(h, p)) == (table.seat_of(ref(p)) in on and table.status == "playing")
    assert not pings(h, ANN)  # a player with a private chat is never pinged in the group
    for p in unreachable:
        assert all(text.count("tg://user?id=") == 1 for text in pings(h, p))  # names only them
    group_times = [
        c.at
        for c in h.api.calls[first:]
        if c.method in ("sendMessage", "editMessageText") and int(c.params["chat_id"]) == GROUP
    ]
    assert max(sum(1 for t in group_times if s <= t < s + 60) for s in group_times) <= 20


async def test_a_person_chooses_group_pings_or_none(hf: Harness) -> None:
    """`/pings group`: mentioned in the group each turn and no private turn alert (the hand is edited in
    place); `/pings off` for a person who never started the bot: never mentioned, the table says so."""
    h = hf
    for p in (ANN, BOB):
        await h.say(p, "/start", chat_id=p.id)
    await h.say(BOB, "/pings group", chat_id=BOB.id)
    await h.say(CAT, "/pings off")
    await h.say(ANN, "/new rozpysnyi schedule=1,2")
    for p in (BOB, CAT):
        await h.say(p, "/join")
    await h.press_label(ANN, h.table(), "AI")
    await h.press_label(ANN, h.table(), "Start")
    table_id = h.table().text.split("table ")[1].split("<")[0].split()[0]
    assert "📵" in h.table().text and h.table().text.count("🔔") == 1
    started = len(h.api.calls)

    bob_turns = 0
    while (table := await h.host.load(table_id)).status == "playing":
        game = games.get(table.game)
        state = game.load(table.state)
        seat = next(s for s in game.to_act(state) if not table.seats[s].is_ai)
        person = table.seats[seat].user
        assert person is not None
        if person.id == str(BOB.id):
            bob_turns += 1
            assert len(pings(h, BOB)) >= 1  # the group told him before he moved
        await h.host.handle(Act(user=person, table=table_id, action=game.legal_actions(state, seat)[0]))
        await h.settle()
    assert bob_turns >= 2
    assert 1 <= len(pings(h, BOB)) <= bob_turns  # at most once a turn
    assert not pings(h, CAT) and not pings(h, ANN)
    new_dms_to_bob = [
        c for c in h.api.calls[started:] if c.method == "sendMessage" and int(c.params["chat_id"]) == BOB.id
    ]
    assert not new_dms_to_bob  # his hand was edited in place: no private turn alert


async def test_an_unknown_pings_choice_is_refused_in_the_persons_language(hf: Harness) -> None:
    await hf.say(ANN, "/lang ru", chat_id=ANN.id)
    await hf.say(ANN, "/pings loud", chat_id=ANN.id)
    last = hf.api.api_calls("sendMessage")[-1].params["text"]
    assert "loud" in last and "auto, group, off" in last and "Неизвестный" in last
    await hf.say(ANN, "/pings", chat_id=ANN.id)  # the picker's choices in her language
    labels = [b["text"] for b in hf.api.last(ANN.id).buttons()]
    assert labels == [
        "авто: личное сообщение, а если нельзя — упоминание в чате",
        "группа: упоминание в чате",
        "выкл.: только личные сообщения, без упоминаний",
    ]
