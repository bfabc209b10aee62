"""The table's move history through the host: the previous and the current deal, enough to replay them."""

from __future__ import annotations

import json

import games
from bot.core.api import Leave, Press
from bot.core.history import deals
from tests.core.hosting import CHAT, make_host
from tests.core.test_host import A, open_table


async def test_the_history_replays_the_game_from_its_seed(store) -> None:
    """Two rounds of rozpysnyi played by four AIs: the seed and the history's moves rebuild the state."""
    host, rec = make_host(store)
    table = await open_table(host, rec, game="rozpysnyi", bots=3, options={"schedule": "1 2"})
    await host.handle(Leave(user=A, chat=CHAT))
    await host.settle()
    found = await store.load(table)
    assert found is not None
    stored = json.loads(found[0])["state"]
    history = await host.history(table)
    assert [d.number for d in history] == [1, 2] and all(d.complete for d in history)
    assert len(history[0].moves) == 4 + 4 and len(history[1].moves) == 4 + 8  # bids, then the cards
    game = games.get("rozpysnyi")
    state = game.new(4, stored["options"], seed=stored["seed"])
    for deal in history:
        assert state.deal_no == deal.number
        for move in deal.moves:
            state, _events = game.apply(state, move.seat, move.action)
    assert state.model_dump(mode="json") == stored


async def test_a_persons_moves_are_in_the_current_deal(store) -> None:
    host, rec = make_host(store)
    table = await open_table(host, rec, game="tricks", bots=3)
    pressed = []
    for _ in range(3):
        await host.settle()
        token = rec.tokens(A)[0]
        before = len((await host.history(table))[-1].moves)
        await host.handle(Press(user=A, token=token))
        current = (await host.history(table))[-1]
        assert len(current.moves) > before
        pressed.append(current.moves[before])
    assert all(m.seat == 0 for m in pressed)
    assert all(m.action.startswith("play:") for m in pressed)


def test_entries_before_the_first_marker_are_an_incomplete_deal() -> None:
    parsed = deals(["1:play:7S", "2:play:8S", "#5", "0:bid:1"])
    assert [(d.number, d.complete, len(d.moves)) for d in parsed] == [(None, False, 2), (5, True, 1)]
    assert deals([]) == []
