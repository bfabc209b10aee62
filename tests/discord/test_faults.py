"""Faults: slow host (acknowledged in time), closed DMs, stale and forged buttons, rate limits, old tokens."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.core.api import AnyCommand
from bot.core.config import Settings
from bot.core.host import Host
from bot.core.outcome import Outcome
from storage import Store
from tests.discord.fakeapi import APP_ID, Msg
from tests.discord.harness import ANN, BOB, CAT, CHANNEL, Harness, VirtualClock, button


class GatedHost(Host):
    """The real host, except that a command can be held until the test lets it through."""

    gate: asyncio.Event | None = None
    started = 0

    async def handle(self, command: AnyCommand) -> Outcome:
        self.started += 1
        if self.gate is not None:
            await self.gate.wait()
        return await super().handle(command)


def gated(store: Store, settings: Settings, clock: VirtualClock) -> GatedHost:
    return GatedHost(store, settings, clock=clock)


@pytest.fixture
async def slow() -> AsyncIterator[Harness]:
    harness = await Harness(host=gated, ack_within=0.01).start()
    yield harness
    await harness.stop()


def actions(message: Msg | None) -> list[str]:
    if message is None:
        return []
    return [c for c in message.custom_ids() if not c.split("|")[2].startswith("@")]


async def started_game(h: Harness, *people: Any) -> None:
    """Ann opens rozpysnyi (two short rounds), the others join, AI fills the table, Ann starts."""
    await h.run(ANN, "new", game="rozpysnyi", options="schedule=1,N")
    for person in people:
        await h.press_label(person, h.table(), "Join")
    await h.press_label(ANN, h.table(), "Add AI")
    if len(people) < 2:
        await h.press_label(ANN, h.table(), "Add AI")
    await h.press_label(ANN, h.table(), "Start")


# -- acknowledging within 3 s ----------------------------------------------------------------------


async def test_a_slow_press_is_deferred_first_and_answered_by_a_follow_up(slow: Harness) -> None:
    h = slow
    await h.run(ANN, "new", game="rozpysnyi")
    host: GatedHost = h.host
    host.gate = asyncio.Event()
    payload = h.click(BOB, h.table(), button(h.table(), "Join"))
    token = payload["token"]
    pressing = asyncio.create_task(h.send(payload))

    await h.api.wait_for(lambda: h.api.acknowledged(token))

    assert h.callback_types(token) == [6]  # acknowledged (deferred update) while the host still works
    assert not pressing.done() and "Bob" not in h.table().content
    host.gate.set()
    await pressing
    followups = h.api.calls_to("POST", f"/webhooks/{APP_ID}/{token}")
    assert [c.body["content"] for c in followups] == ["You joined the table."]
    assert followups[0].body["flags"] == 64 and "Bob" in h.table().content
    h.assert_acknowledged_once()


async def test_a_slow_slash_command_thinks_first_then_edits_its_answer(slow: Harness) -> None:
    h = slow
    host: GatedHost = h.host
    host.gate = asyncio.Event()
    payload = h.slash(ANN, "rules")
    token = payload["token"]
    running = asyncio.create_task(h.send(payload))
    await h.api.wait_for(lambda: h.api.acknowledged(token))
    assert h.callback_types(token) == [5]
    assert h.api.callbacks(token)[0].body["data"]["flags"] == 64  # the "thinking…" is ephemeral too
    host.gate.set()
    await running
    (edit,) = h.api.calls_to("PATCH", rf"/webhooks/{APP_ID}/{token}/messages/@original")
    assert "Rules" in edit.body["content"]
    assert "Rules" in h.replies(token)[0]
    h.assert_acknowledged_once()


async def test_a_slow_my_hand_comes_as_a_follow_up_that_the_game_then_edits(slow: Harness) -> None:
    h = slow
    await started_game(h, BOB)
    host: GatedHost = h.host
    host.gate = asyncio.Event()
    payload = h.click(BOB, h.table(), button(h.table(), "My hand"))
    token = payload["token"]
    pressing = asyncio.create_task(h.send(payload))
    await h.api.wait_for(lambda: h.api.acknowledged(token))
    host.gate.set()
    host.gate = None
    await pressing
    assert h.callback_types(token) == [6]
    hand = h.ephemeral_hand(BOB)
    assert hand is not None and hand.interaction == token  # a follow-up, not the table message
    edits = hand.edits
    mover = next(p for p in (ANN, BOB) if actions(h.dm_hand(p)))
    await h.press(mover, h.dm_hand(mover), actions(h.dm_hand(mover))[0])  # type: ignore[arg-type]
    assert hand.edits > edits
    assert h.api.calls_to("PATCH", rf"/webhooks/{APP_ID}/{token}/messages/{hand.id}")
    # "@original" of that press is the table message: the hand must never be written there
    assert not h.api.calls_to("PATCH", rf"/webhooks/{APP_ID}/{token}/messages/@original")
    assert "Your cards" not in h.table().content


async def test_a_quick_host_answers_in_one_call(h: Harness) -> None:
    await h.run(ANN, "new", game="rozpysnyi")
    token = await h.press_label(BOB, h.table(), "Join")
    assert h.callback_types(token) == [4]
    assert not [c for c in h.api.calls if f"/webhooks/{APP_ID}/{token}" in c.path]


# -- closed DMs ------------------------------------------------------------------------------------


async def test_closed_dms_fall_back_to_the_ephemeral_hand_and_the_game_goes_on(h: Harness) -> None:
    h.api.closed_dms.add(CAT.id)
    await started_game(h, CAT)

    cat_dm = h.api.dm_of[CAT.id]
    (refused,) = h.api.calls_to("POST", f"/channels/{cat_dm}/messages")
    assert refused.error["code"] == 50007
    assert await h.store.is_reachable(CAT.key) is False
    assert "Cat" in h.table().content and "has DMs closed to me" in h.table().content
    dm_calls = len(h.api.calls_to("POST", f"/channels/{cat_dm}/messages"))

    token = await h.press_label(CAT, h.table(), "My hand")

    hand = h.ephemeral_hand(CAT)
    assert hand is not None and hand.interaction == token and "Your cards" in hand.content
    assert hand.channel_id == CHANNEL and hand.ephemeral  # in the channel, seen by Cat only
    assert len(h.api.calls_to("POST", f"/channels/{cat_dm}/messages")) == dm_calls + 1  # tried once more
    for _ in range(40):  # Cat plays from her ephemeral hand; Ann from her DMs; the AI in between
        cat, ann = h.ephemeral_hand(CAT), h.dm_hand(ANN)
        if actions(cat):
            await h.press(CAT, cat, actions(cat)[0])  # type: ignore[arg-type]
        elif actions(ann):
            await h.press(ANN, ann, actions(ann)[0])  # type: ignore[arg-type]
        else:
            break
    assert "is over" in h.api.visible(CHANNEL)[-1].content
    assert len(h.api.calls_to("POST", f"/channels/{cat_dm}/messages")) == dm_calls + 1
    h.assert_acknowledged_once()


async def test_a_player_who_opens_their_dms_gets_them_again_from_my_hand(h: Harness) -> None:
    h.api.closed_dms.add(BOB.id)
    await started_game(h, BOB)
    assert h.dm_hand(BOB) is None
    h.api.closed_dms.discard(BOB.id)
    await h.press_label(BOB, h.table(), "My hand")
    hand = h.dm_hand(BOB)
    assert hand is not None and "Your cards" in hand.content
    assert await h.store.is_reachable(BOB.key) is True


# -- stale and forged buttons ----------------------------------------------------------------------


async def test_a_stale_button_says_so_and_refreshes_the_hand(h: Harness) -> None:
    await started_game(h, BOB)
    mover = next(p for p in (ANN, BOB) if actions(h.dm_hand(p)))
    old = copy.deepcopy(h.dm_hand(mover))
    assert old is not None
    await h.press(mover, old, actions(old)[0])  # a move: the table has moved on
    table_edits = h.table().edits
    token = await h.press(mover, old, actions(old)[-1])  # the same old message, another old button
    assert h.replies(token) == ["This has moved on; here is the current view."]
    assert h.table().edits == table_edits  # no move was made
    fresh = h.dm_hand(mover)
    assert fresh is not None and set(fresh.custom_ids()).isdisjoint(old.custom_ids())


async def test_buttons_sent_before_a_restart_still_work_after_it(h: Harness) -> None:
    """Persistent buttons: nothing about them lives in the process that sent them."""
    await started_game(h, BOB)
    mover = next(p for p in (ANN, BOB) if actions(h.dm_hand(p)))
    hand = h.dm_hand(mover)
    assert hand is not None
    table_edits = h.table().edits
    await h.restart()
    token = await h.press(mover, hand, actions(hand)[0])
    assert h.callback_types(token) and h.replies(token) == []  # acknowledged, no complaint
    assert h.table().edits > table_edits  # the move was made and the table message edited
    after = h.dm_hand(mover)
    assert after is not None and after.id == hand.id  # the same DM, edited in place
    assert set(after.custom_ids()).isdisjoint(actions(hand))


@pytest.mark.parametrize(
    "forge",
    [
        lambda token: token[:-2] + ("AA" if not token.endswith("AA") else "BB"),  # signature changed
        lambda token: token.replace("|@join|", "|@cancel|"),  # action changed
        lambda token: "kz:zz:1",  # an adapter id that does not exist
        lambda token: "x" * 100,  # anything at all
    ],
)
async def test_a_forged_custom_id_is_refused_and_changes_nothing(h: Harness, forge: Any) -> None:
    await h.run(ANN, "new", game="rozpysnyi")
    table = h.table()
    edits, calls = table.edits, len(h.api.calls)
    token = await h.press(ANN, table, forge(button(table, "Join")))
    assert h.replies(token) == ["This button is not valid."]
    assert h.table().edits == edits and "cancelled" not in h.table().content
    later = h.api.calls[calls:]
    assert [c.method for c in later] == ["POST"] and "/callback" in later[0].path


# -- rate limits -----------------------------------------------------------------------------------


async def test_a_long_429_pauses_the_channel_and_then_sends_the_newest_view(h: Harness) -> None:
    await h.run(ANN, "new", game="rozpysnyi")
    h.api.rate_limit("PATCH", rf"/channels/{CHANNEL}/messages/\d+", seconds=60)
    await h.press_label(BOB, h.table(), "Join")
    assert 60 in h.clock.sleeps  # the outbox waited what Discord asked, on the virtual clock
    patches = h.api.calls_to("PATCH", rf"/channels/{CHANNEL}/messages/\d+")
    assert [c.status for c in patches] == [429, 200]
    assert "Bob" in h.table().content


async def test_a_short_429_is_waited_out_by_discord_py_itself(h: Harness) -> None:
    await h.run(ANN, "new", game="rozpysnyi")
    h.api.rate_limit("PATCH", rf"/channels/{CHANNEL}/messages/\d+", seconds=0.01)
    await h.press_label(BOB, h.table(), "Join")
    patches = h.api.calls_to("PATCH", rf"/channels/{CHANNEL}/messages/\d+")
    assert [c.status for c in patches] == [429, 200] and "Bob" in h.table().content
    assert 0.01 not in h.clock.sleeps  # the outbox never saw it


async def test_a_table_message_deleted_by_a_moderator_is_sent_again(h: Harness) -> None:
    await h.run(ANN, "new", game="rozpysnyi")
    first = h.table()
    first.deleted = True
    await h.press_label(BOB, first, "Join")
    table = h.table()
    assert table.id != first.id and "Bob" in table.content


# -- the 15-minute token ---------------------------------------------------------------------------


async def test_the_ephemeral_hand_is_edited_for_15_minutes_then_my_hand_opens_a_new_one(h: Harness) -> None:
    h.api.closed_dms.add(CAT.id)
    await started_game(h, CAT)
    opened = await h.press_label(CAT, h.table(), "My hand")
    first = h.ephemeral_hand(CAT)
    assert first is not None and first.interaction == opened

    async def play_once() -> None:
        for person, hand in ((ANN, h.dm_hand(ANN)), (CAT, h.ephemeral_hand(CAT))):
            if actions(hand):
                await h.press(person, hand, actions(hand)[0])  # type: ignore[arg-type]
                return
        raise AssertionError("nobody can move")

    edits = first.edits
    await play_once()
    assert first.edits > edits  # the game moved: Cat's ephemeral hand followed
    h.clock.now += 15 * 60 + 1  # the token Discord gave with that interaction is no longer honoured
    mark = len(h.api.calls)
    await play_once()
    await play_once()
    # the adapter knows the token's age: it never even tried it again
    assert not [c for c in h.api.calls[mark:] if f"/{opened}/" in c.path]
    reopened = await h.press_label(CAT, h.table(), "My hand")
    second = h.ephemeral_hand(CAT)
    assert second is not None and second.interaction == reopened and second is not first
    assert "Your cards" in second.content
    edits = second.edits
    await play_once()
    assert second.edits > edits
    h.assert_acknowledged_once()


async def test_an_interaction_delivered_twice_is_applied_and_answered_once(h: Harness) -> None:
    new = h.slash(ANN, "new", game="durak")
    await h.send(new)
    join = h.click(BOB, h.table(), button(h.table(), "Join"))
    await h.send(join)
    await h.send(new)  # the gateway replays both after a resume
    await h.send(join)
    assert h.table().content.count("Bob joined") == 1 and len(h.api.visible(CHANNEL)) == 1
    h.assert_acknowledged_once()  # no second answer, which Discord refuses (40060)
    assert not [c for c in h.api.calls if c.status == 400]
