"""Whole games through the adapter: four people in a group play rozpysnyi by buttons only."""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlparse

import pytest

from bot.telegram.refs import peek_action
from tests.telegram.fakeapi import Msg
from tests.telegram.harness import ANN, BOB, CAT, DAN, GROUP, Harness, Person, button

PEOPLE = (ANN, BOB, CAT, DAN)
OTHER_GROUP = -1002000000002


def action(token: str) -> str:
    hint = peek_action(token)
    assert hint is not None
    return hint[1]


def choose(hand: Msg) -> str:
    """Lead the poker card when possible (to see that call through), else the first legal action."""
    tokens = hand.tokens()
    leads = [t for t in tokens if action(t).startswith("lead:")]
    return (leads or tokens)[0]


async def join_by_button(h: Harness, who: Person) -> None:
    query = await h.press_label(who, h.table(), "Join")
    url = h.api.answer_params[query].get("url")
    if url:  # the bot could not write to them yet: Telegram opens the private chat, they press Start
        payload = parse_qs(urlparse(url).query)["start"][0]
        await h.say(who, f"/start {payload}", chat_id=who.id)


async def play_out(h: Harness, people: tuple[Person, ...], limit: int = 400) -> tuple[int, list[str]]:
    """Press buttons until no hand has any; returns the number of moves and the actions taken."""
    taken: list[str] = []
    while True:
        ready = [(p, m) for p in people if (m := h.hand(p)) is not None and m.tokens()]
        if not ready:
            return len(taken), taken
        person, hand = ready[0]
        token = choose(hand)
        taken.append(action(token))
        query = await h.press(person, hand, token)
        assert not h.answer(query).get("show_alert"), h.answer(query)
        assert len(taken) < limit


async def test_four_people_play_a_whole_rozpysnyi_game_by_buttons(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(2))  # a deal with poker-card leads
    await h.say(ANN, "/start", chat_id=ANN.id)
    await h.say(CAT, "/start", chat_id=CAT.id)
    await h.say(ANN, "/new rozpysnyi schedule=1,D,N")
    for person in (BOB, CAT, DAN):
        await join_by_button(h, person)
    table = h.table()
    assert all(p.name in table.text for p in PEOPLE)
    await h.press_label(ANN, table, "Start")

    moves, taken = await play_out(h, PEOPLE)

    assert moves == 80  # 4 + 4 bids and 4 + 32 + 32 + 4 cards… every move made by a button
    assert any(a.startswith("lead:7S:") for a in taken)
    final = h.api.last(GROUP)
    assert "is over" in final.text and "Winner" in final.text
    edited = [m for m in h.api.messages(GROUP) if m.edits]
    assert len(edited) == 1 and "Winner" in edited[0].text  # one table message, edited in place…
    assert edited[0].message_id < final.message_id  # …and the final scores as a new message
    group_texts = h.api.texts_sent_to(GROUP)
    assert any("leads the poker card" in text for text in group_texts)
    # nothing from a hand ever reached the group: no cards line, no game action as a button
    assert all("Your cards" not in text for text in group_texts)
    for call in h.api.api_calls("sendMessage", "editMessageText"):
        if int(call.params["chat_id"]) == GROUP:
            markup = call.params.get("reply_markup") or {}
            tokens = [b["callback_data"] for row in markup.get("inline_keyboard", []) for b in row]
            assert all(action(t).startswith("@") for t in tokens)
    # each turn alert is a new hand message; the older ones stay, but none of them shows buttons
    for person in PEOPLE:
        hands = [m for m in h.api.messages(person.id) if "🂠" in m.text]
        assert hands and all("Your cards" in m.text for m in hands)
        assert not [m for m in hands if m.tokens()]  # the game is over: nothing left to press
    errors = [c.error for c in h.api.calls if not c.ok and "not modified" not in c.error]
    assert not errors
    group_times = [
        c.at for c in h.api.api_calls("sendMessage", "editMessageText") if int(c.params["chat_id"]) == GROUP
    ]
    assert max(sum(1 for t in group_times if s <= t < s + 60) for s in group_times) <= 20
    h.assert_callbacks_answered_once()
    h.assert_callback_data_fits()


def table_id(text: str) -> str:
    return text.split("table ")[1].split("<")[0].split()[0]


async def test_two_tables_at_once_stay_distinct(h: Harness) -> None:
    await h.say(ANN, "/start", chat_id=ANN.id)
    for chat in (GROUP, OTHER_GROUP):
        await h.say(ANN, "/new rozpysnyi schedule=1", chat_id=chat)
        await h.press_label(ANN, h.table(chat), "Start")  # the AI fills the empty seats
    here, there = table_id(h.table(GROUP).text), table_id(h.table(OTHER_GROUP).text)
    assert here != there
    hands = {table_id(m.text): m for m in h.api.messages(ANN.id) if "🂠" in m.text}
    assert set(hands) == {here, there}
    other, before, calls = hands[there], hands[there].text, len(h.api.calls)
    await h.press(ANN, hands[here], hands[here].tokens()[0])
    later = h.api.calls[calls:]
    assert any(int(c.params.get("chat_id", 0)) == GROUP for c in later)  # that table moved on…
    assert all(int(c.params.get("chat_id", 0)) != OTHER_GROUP for c in later)  # …the other did not
    assert all(str(c.params.get("message_id")) != str(other.message_id) for c in later)
    assert other.text == before and not other.deleted
    assert button(h.table(GROUP), "My hand") and button(h.table(OTHER_GROUP), "My hand")
