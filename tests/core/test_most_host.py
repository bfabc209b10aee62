"""Most through the host, by buttons only: a bridge take, picking cards, a meld, a joker swap, a lay-off,
then the rest of the game to its end; the group sees the melds, the numbered bridge and counts, no hand."""

from __future__ import annotations

import json

import pytest

from bot.core.api import Press
from bot.core.outcome import ChatTarget
from bot.core.table import Table
from bot.core.tokens import decode
from games.cards import make_deck
from games.most import GAME, Meld, MostState
from tests.core.hosting import CHAT, make_host, user
from tests.core.test_host import open_table

A, B = user(1), user(2)


def planted(players: int) -> MostState:
    """A's turn to draw: 9♥ in the bridge fits 7♥ 8♥; B's run 8♠ 🃏=9♠ 10♠ waits for A's 9♠ and J♠."""
    state = GAME.new(players, {"target": 0}, seed=3)
    hands = [["7H", "8H", "9S", "JS", "KC", "2D"], ["3C", "4C", "5D", "6D", "AH", "AD"]]
    melds = [Meld(owner=1, kind="run", cards=["8S", "X1=9S", "TS"], by=[1, 1, 1])]
    bridge = ["5C", "9H", "QD"]
    used = {c for h in hands for c in h} | {"8S", "X1", "TS"} | set(bridge)
    rest = [c for c in make_deck(54) if c not in used]
    state.hands, state.melds, state.bridge = hands, melds, bridge
    state.deck, state.turn, state.phase, state.known = rest, 0, "draw", [[], []]  # 54 cards in all
    return state


async def load(store, table_id: str) -> tuple[Table, MostState]:
    found = await store.load(table_id)
    assert found is not None
    table = Table.model_validate_json(found[0])
    return table, GAME.load(json.loads(found[0])["state"])


def buttons(host, rec, who) -> dict[str, str]:
    """The hand's buttons of `who`: action (or `@pick:item`) → token."""
    screen = rec.hand(who) or pytest.fail("no hand")
    # Telegram takes 100 buttons; Discord pages anything beyond 25 (`bot/discord/paging.py`)
    assert len([b for row in screen.buttons for b in row]) <= 100 and all(len(r) <= 5 for r in screen.buttons)
    return {decode(host.secret, b.token).action: b.token for row in screen.buttons for b in row if b.token}


async def press(host, rec, who, action: str) -> None:
    acts = buttons(host, rec, who)
    assert action in acts, (action, sorted(acts))
    out = await host.handle(Press(user=who, token=acts[action], chat=CHAT))
    assert out.reply is None or not out.reply.alert, (action, out.reply)


async def test_a_whole_game_by_buttons(store) -> None:
    host, rec = make_host(store)
    table_id = await open_table(host, rec, game="most", bots=0, people=(A, B), options={"target": 0})

    async def plant(tbl: Table) -> None:
        tbl.state = planted(2).model_dump(mode="json")

    old, new = await host.change(table_id, plant)  # a deal made for the test, committed like a move
    await host.push(host.views.changes(old, new))
    _, state = await load(store, table_id)
    assert state.turn == 0

    # A sees the draw and the take of 9♥ (#n of the bridge), nothing else
    n = len(state.bridge) - 1  # 9♥ is the second newest card
    acts = buttons(host, rec, A)
    assert set(acts) == {"draw", f"take:{n}"}
    assert "Bridge: #1 5♣ · #2 9♥ · #3 Q♦" in (rec.hand(A) or pytest.fail()).text()  # what a take takes
    labels = [b.label for row in (rec.hand(A) or pytest.fail()).buttons for b in row]
    assert f"Take #{n}: 9♥ Q♦" in labels  # the button names the cards it takes, the one to meld first
    await press(host, rec, A, f"take:{n}")
    _, state = await load(store, table_id)
    assert state.pending == "9H" and state.hands[0].count("QD") == 1
    assert "Meld 9♥ first" in (rec.hand(A) or pytest.fail()).text()

    # picking: a toggle on, off; three cards make the meld button
    await press(host, rec, A, "@pick:KC")
    assert any(b.label == "✓ K♣" for row in (rec.hand(A) or pytest.fail()).buttons for b in row)
    await press(host, rec, A, "@pick:KC")
    for card in ("7H", "8H"):
        await press(host, rec, A, f"@pick:{card}")
    assert [a for a in buttons(host, rec, A) if a.startswith("meld:")] == ["meld:7H,8H,9H"]  # suggested
    await press(host, rec, A, "@pick:9H")
    await press(host, rec, A, "meld:7H,8H,9H")
    table, state = await load(store, table_id)
    assert [m.cards for m in state.melds] == [["8S", "X1=9S", "TS"], ["7H", "8H", "9H"]]
    assert all(not s.picked for s in table.seats)
    assert "#1 User2: 8♠ 🃏=9♠ 10♠" in (rec.hand(A) or pytest.fail()).text()  # where to lay off

    # the joker swap, then a lay-off onto B's run
    await press(host, rec, A, "@pick:9S")
    assert "swap:9S" in buttons(host, rec, A)
    await press(host, rec, A, "swap:9S")
    _, state = await load(store, table_id)
    assert "X1" in state.hands[0] and state.melds[0].cards == ["8S", "9S", "TS"]
    await press(host, rec, A, "@pick:JS")
    await press(host, rec, A, "lay:JS:1")
    _, state = await load(store, table_id)
    assert state.melds[0].cards == ["8S", "9S", "TS", "JS"] and state.melds[0].by == [1, 0, 1, 0]

    # a meld that is no meld is offered as picked and refused with its reason, nothing changed
    for card in ("KC", "2D", "QD"):
        await press(host, rec, A, f"@pick:{card}")
    (bad,) = [a for a in buttons(host, rec, A) if a.startswith("meld:")]
    before = await store.load(table_id)
    out = await host.handle(Press(user=A, token=buttons(host, rec, A)[bad], chat=CHAT))
    assert out.reply is not None and out.reply.alert and "run needs one suit" in out.reply.text
    assert (await store.load(table_id))[0] == before[0]  # type: ignore[index]
    for card in ("KC", "2D"):
        await press(host, rec, A, f"@pick:{card}")
    await press(host, rec, A, "discard:QD")

    # the group's message: melds with owners, the numbered bridge, the deck, counts; never a hand
    group = (rec.table() or pytest.fail()).text()
    assert "#1 User2: 8♠ 9♠ 10♠ J♠" in group and "#2 User1: 7♥ 8♥ 9♥" in group
    _, state = await load(store, table_id)
    assert state.bridge == ["5C", "QD"] and "#1 5♣ · #2 Q♦" in group and f"deck: {len(state.deck)}" in group
    # the rest of the game: each draws, picks one card and discards it
    for _ in range(200):
        await host.settle()
        _, state = await load(store, table_id)
        if GAME.is_over(state):
            break
        who = (A, B)[state.turn]
        if state.phase == "draw":
            await press(host, rec, who, "draw")
            continue
        card = next(
            c for c in state.hands[state.turn] if f"discard:{c}" in GAME.legal_actions(state, state.turn)
        )
        await press(host, rec, who, f"@pick:{card}")
        await press(host, rec, who, f"discard:{card}")
    else:
        pytest.fail("the game did not end")
    assert [d for d in rec.deliveries if isinstance(d.target, ChatTarget)]  # the final message
    for screen in (d.screen for d in rec.public()):
        assert "Your cards" not in screen.text()
    assert GAME.scores(state) == [float(p) for p in GAME.game_points(state)]
