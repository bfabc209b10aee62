"""Picking items in a hand (`Game.offer`): toggles kept per seat, compound actions, long actions by digest.

A toy game stands in for the games that need it (a rummy meld is any subset of the hand): each turn the
player picks cards and plays them all at once with `put:7S,8S:in_order`, which `legal_actions` never
lists (the `:in_order` flag only makes long actions long enough to need a digest).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from pydantic import Field

import games
from bot.core.api import Press
from games.base import BaseView, Event, Game, GameState, Offer, Options
from games.cards import make_deck
from tests.core.hosting import CHAT, make_host, user
from tests.core.test_host import open_table

A, B = user(1), user(2)


class PutState(GameState):
    hands: list[list[str]]
    turn: int = 0
    put: list[list[str]] = Field(default_factory=list)


class PutView(BaseView):
    put: list[list[str]]


class PutGame(Game[PutState, Options]):
    """Two players with 13 cards each put down any non-empty set of their cards in turn; first out wins."""

    key = "putdemo"
    State = PutState
    Options = Options
    min_players = 2
    max_players = 2

    def _new(self, players: int, options: Options, seed: int, deals: list[list[str]]) -> PutState:
        deck = make_deck(52)
        return PutState(players=players, seed=seed, hands=[deck[:13], deck[13:26]], put=[[], []])

    def to_act(self, state: PutState) -> list[int]:
        return [] if self.is_over(state) else [state.turn]

    def legal_actions(self, state: PutState, seat: int) -> list[str]:
        return [f"put:{c}:in_order" for c in state.hands[seat]] if seat in self.to_act(state) else []

    def is_legal(self, state: PutState, seat: int, action: str) -> bool:
        verb, cards, flag = [*action.split(":"), "", ""][:3]
        chunks = cards.split(",")
        return (
            flag == "in_order"
            and seat in self.to_act(state)
            and verb == "put"
            and bool(chunks)
            and len(set(chunks)) == len(chunks)
            and all(c in state.hands[seat] for c in chunks)
        )

    def offer(self, state: PutState, seat: int, picked: Sequence[str] = ()) -> Offer:
        if seat not in self.to_act(state):
            return Offer()
        chosen = [c for c in state.hands[seat] if c in picked]
        return Offer(
            picks=list(state.hands[seat]), actions=[f"put:{','.join(chosen)}:in_order"] if chosen else []
        )

    def _apply(self, state: PutState, seat: int, action: str) -> list[Event]:
        chunks = action.split(":")[1].split(",")
        for c in chunks:
            state.hands[seat].remove(c)
        state.put[seat] += chunks
        state.turn = 1 - seat
        return [Event(kind="put", seat=seat, data={"n": len(chunks)})]

    def view(self, state: PutState, seat: int | None) -> PutView:
        return PutView(
            game=self.key,
            viewer=seat,
            players=2,
            to_act=self.to_act(state),
            over=self.is_over(state),
            scores=self.scores(state),
            hand=list(state.hands[seat]) if seat is not None else None,
            hand_sizes=[len(h) for h in state.hands],
            put=[list(p) for p in state.put],
        )

    def is_over(self, state: PutState) -> bool:
        return not all(state.hands)

    def scores(self, state: PutState) -> list[float]:
        return [float(len(p)) for p in state.put]

    def describe_action(self, action: str) -> tuple[str, dict[str, Any]]:
        return "putdemo.action.put", {}


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    games.all_games()  # load the real registry first
    monkeypatch.setitem(games._registry, "putdemo", PutGame())
    monkeypatch.setitem(games._by_name, "putdemo", games._registry["putdemo"])


def buttons(rec, who) -> dict[str, str]:
    """The pick toggles of `who`'s hand by label."""
    screen = rec.hand(who)
    assert screen is not None
    return {b.label: b.token for row in screen.buttons for b in row if b.token and "|@pick:" in b.token}


def put_button(rec, who) -> str:
    (token,) = [b.token for row in rec.hand(who).buttons for b in row if b.token and "|@pick:" not in b.token]
    return token


async def press(host, who, token: str):
    return await host.handle(Press(user=who, token=token, chat=CHAT))


async def test_picks_toggle_and_build_a_compound_action(store) -> None:
    host, rec = make_host(store)
    await open_table(host, rec, game="putdemo", bots=0, people=(A, B))
    first = A if buttons(rec, A) else B
    other = B if first is A else A
    labels = buttons(rec, first)
    assert len(labels) == 13 and len(rec.tokens(first)) == 13  # nothing picked: nothing to put yet
    assert not rec.tokens(other)

    for label in ("2♠", "3♠", "✓ 2♠"):  # pick, pick, and unpick again
        out = await press(host, first, buttons(rec, first)[label])
        assert out.reply is None or not out.reply.alert, out.reply
    labels = buttons(rec, first)
    assert "✓ 3♠" in labels and "2♠" in labels
    picked_token = put_button(rec, first)

    await press(host, first, picked_token)
    table = await host.load((await store.tables_in_chat(CHAT.key))[0])
    state = games.get("putdemo").load(table.state)
    assert state.put[table.seat_of(first)] == ["3S"]
    assert all(not s.picked for s in table.seats)  # a move clears every selection


async def test_an_action_too_long_for_a_token_goes_by_its_digest(store) -> None:
    host, rec = make_host(store)
    table_id = await open_table(host, rec, game="putdemo", bots=0, people=(A, B))
    first = A if buttons(rec, A) else B
    for label in [lb for lb in buttons(rec, first) if not lb.startswith("✓")]:
        await press(host, first, buttons(rec, first)[label])
    token = put_button(rec, first)
    # all 13 cards: 51 bytes of action text, too long beside any table id, version and signature
    assert len(token.encode()) <= 64 and "|@h:" in token

    out = await press(host, first, token)
    assert out.reply is None or not out.reply.alert, out.reply
    table = await host.load(table_id)
    assert len(games.get("putdemo").load(table.state).put[table.seat_of(first)]) == 13


async def test_picking_what_is_not_offered_changes_nothing(store) -> None:
    host, rec = make_host(store)
    table_id = await open_table(host, rec, game="putdemo", bots=0, people=(A, B))
    first = A if buttons(rec, A) else B
    other = B if first is A else A
    before = await store.load(table_id)
    from bot.core.tokens import encode

    forged = encode(host.secret, table_id, before[1], "@pick:AS")  # signed, but not this seat's turn or card
    out = await press(host, other, forged)
    assert out.reply is not None and out.reply.alert
    assert await store.load(table_id) == before
    del first
