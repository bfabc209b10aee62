"""Whole games through the adapter: three people and an AI seat play by slash commands and buttons only.

Ann and Bob get their hands in DMs; Cat's DMs are closed, so she plays from the ephemeral hand that
"My hand" opens (and that follows the game). Nothing of a hand may ever reach the channel.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from tests.discord.fakeapi import Interaction, Msg
from tests.discord.harness import ANN, BOB, CAT, CHANNEL, Harness, Person, button

PEOPLE = (ANN, BOB, CAT)


def action(custom_id: str) -> str:
    parts = custom_id.split("|")
    assert len(parts) == 4, custom_id
    return parts[2]


def moves_in(message: Msg | None) -> list[str]:
    """The game actions offered on a hand message (its buttons other than the adapter's paging)."""
    if message is None:
        return []
    return [c for c in message.custom_ids() if not c.startswith("kz:") and not action(c).startswith("@")]


def to_act(h: Harness) -> list[Person]:
    lines = h.table().content.splitlines()
    return [p for p in PEOPLE if any(line.startswith("▶") and p.name in line for line in lines)]


async def hand_of(h: Harness, person: Person) -> Msg | None:
    """The hand a person would look at: their DM, or (DMs closed) their ephemeral one, opened if needed."""
    if person.id not in h.api.closed_dms:
        return h.dm_hand(person)
    hand = h.ephemeral_hand(person)
    if not moves_in(hand):
        await h.press_label(person, h.table(), "My hand")
        hand = h.ephemeral_hand(person)
    return hand


def choose(custom_ids: list[str]) -> str:
    """Lead the poker card when possible (to see that call through), else the first legal action."""
    leads = [c for c in custom_ids if action(c).startswith("lead:")]
    return (leads or custom_ids)[0]


async def play_out(h: Harness, limit: int = 300) -> list[str]:
    """Press buttons until nobody has a move; returns the actions taken."""
    taken: list[str] = []
    while True:
        ready = []
        for person in to_act(h):
            hand = await hand_of(h, person)
            if moves_in(hand):
                ready.append((person, hand))
        if not ready:
            return taken
        person, hand = ready[0]
        assert hand is not None
        custom_id = choose(moves_in(hand))
        token = await h.press(person, hand, custom_id)
        answers = h.replies(token)
        assert answers == [], answers  # a move is answered silently: never "moved on", never an error
        taken.append(action(custom_id))
        assert len(taken) < limit


@pytest.fixture
async def steady() -> AsyncIterator[Harness]:
    """AI seats at the normal level: the search's moves depend on the clock, this game's course must not."""
    harness = await Harness(settings={"ai_level": "heuristic"}).start()
    yield harness
    await harness.stop()


async def test_three_people_and_an_ai_play_a_whole_rozpysnyi_game(
    steady: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = steady
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(2))
    h.api.closed_dms.add(CAT.id)
    await h.seat_three_and_an_ai()
    table = h.table()
    assert all(p.name in table.content for p in PEOPLE) and "AI" in table.content
    await h.press_label(ANN, table, "Start")

    taken = await play_out(h)

    assert len(taken) == 3 * (2 + 1 + 8)  # each person's two bids and 1 + 8 cards (a 32-card deck)
    assert any(a.startswith("lead:7S:") for a in taken)  # the poker card led, by a button
    final = h.api.visible(CHANNEL)[-1]
    assert "is over" in final.content and "Winner" in final.content
    tables = [m for m in h.api.visible(CHANNEL) if m.edits]
    assert len(tables) == 1 and "Winner" in tables[0].content  # one table message, edited in place
    assert tables[0].id < final.id  # …and the final scores as a new message
    assert_no_hand_in_channel(h)
    for person in (ANN, BOB):  # one live hand in each DM: turn alerts replaced the old ones
        hands = [m for m in h.api.dm(person.id) if "🂠" in m.content]
        assert len(hands) == 1 and "Your cards" in hands[0].content
    assert h.api.calls_to("DELETE", r"/channels/\d+/messages/\d+")
    # Cat: a DM was tried and refused at the start, and again only when she asked for her hand;
    # she played from her ephemeral hand, which the adapter kept editing as the game moved
    cat_dm = h.api.dm_of[CAT.id]
    refused = h.api.calls_to("POST", f"/channels/{cat_dm}/messages")
    asked = [i for i in h.api.interactions.values() if i.user_id == CAT.id and "@hand" in custom_id_of(i)]
    assert len(refused) == 1 + len(asked) and all(c.error["code"] == 50007 for c in refused)
    cat_edits = [c for c in h.api.calls_to("PATCH", r"/webhooks/\d+/[^/]+/messages/(\d+|@original)") if c.ok]
    assert len(cat_edits) > 3 * len(asked)
    assert "Your cards" in (h.ephemeral_hand(CAT) or Msg(0, 0, "", [])).content
    assert any("has DMs closed to me" in text for text in h.api.channel_texts(CHANNEL))
    h.assert_acknowledged_once()
    assert not h.client._connection._view_store._views  # no View kept in memory: buttons are stateless
    errors = [(c.path, c.error) for c in h.api.calls if not c.ok and c.error.get("code") != 50007]
    assert not errors


def custom_id_of(interaction: Interaction) -> str:
    return str(interaction.payload.get("data", {}).get("custom_id", ""))


def assert_no_hand_in_channel(h: Harness) -> None:
    """No cards line and no game-action button ever reached anything the whole channel sees."""
    assert all("Your cards" not in text for text in h.api.channel_texts(CHANNEL))
    for call in h.api.calls:
        if call.method in ("POST", "PATCH") and call.path.startswith(f"/channels/{CHANNEL}/messages"):
            ids = [
                b.get("custom_id", "") for row in call.body.get("components", []) for b in row["components"]
            ]
            assert all(action(c).startswith("@") for c in ids), ids


DURAK_PREFERENCE = ("done", "beat", "attack", "transfer", "throw", "take")


def durak_choice(custom_ids: list[str]) -> str:
    """Never undo (it could go on forever); stop throwing in early; beat when possible."""
    for verb in DURAK_PREFERENCE:
        for c in custom_ids:
            if action(c).split(":")[0] == verb:
                return c
    raise AssertionError(f"no sensible move in {[action(c) for c in custom_ids]}")


async def test_a_whole_durak_game_with_a_thread_per_table(h: Harness) -> None:
    await h.run(ANN, "new", game="durak", thread=True)
    thread = int(next(c for c in h.api.channels if h.api.channels[c].get("parent_id") == CHANNEL))
    table = h.table(thread)
    await h.press(BOB, table, button(table, "Join"))
    await h.press(ANN, h.table(thread), button(h.table(thread), "Add AI"))
    await h.press(ANN, h.table(thread), button(h.table(thread), "Start"))
    moves = 0
    while moves < 400:
        ready = [(p, m) for p in (ANN, BOB) if set(map(action, moves_in(m := h.dm_hand(p)))) - {"undo"}]
        if not ready:
            break
        person, hand = ready[0]
        assert hand is not None
        token = await h.press(person, hand, durak_choice(moves_in(hand)))
        assert h.replies(token) == []
        moves += 1
    assert 10 < moves < 400
    assert "is over" in h.api.visible(thread)[-1].content
    assert not h.api.visible(CHANNEL)  # everything happened in the thread
    assert all("Your cards" not in text for text in h.api.channel_texts(thread))
    h.assert_acknowledged_once()
