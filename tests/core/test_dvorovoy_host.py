"""Dvorovoy bridge through the host: a whole match by buttons, a person against the AI."""

from __future__ import annotations

import json

import pytest

from bot.core.api import NewTable, Press, Start
from bot.core.outcome import ChatTarget
from bot.core.tokens import decode
from games.dvorovoy import GAME
from tests.core.hosting import CHAT, make_host, user

A = user(1)


def action_of(host, token: str) -> str:
    return decode(host.secret, token).action


async def test_whole_matches_by_buttons_against_the_ai(store) -> None:
    """Matches (a table's deal is random) until the person has met every kind of button: at most four."""
    host, rec = make_host(store)
    seen: set[str] = set()
    for _ in range(4):
        await one_match(host, rec, store, seen)
        if {"add", "suit", "pass", "end"} <= seen:
            break
    assert {"add", "suit", "pass", "end"} <= seen, seen
    finals = [d for d in rec.deliveries if isinstance(d.target, ChatTarget)]
    assert 1 <= len(finals) <= 4
    texts = [d.screen.text() for d in rec.public()]
    assert any("On the pile: " in t for t in texts)
    assert any("asked for ♥" in t for t in texts)
    assert any("went over 125" in t for t in texts)
    for t in texts:  # the group never sees a hand
        assert "Your cards" not in t


async def one_match(host, rec, store, seen: set[str]) -> None:
    out = await host.handle(NewTable(user=A, chat=CHAT, game="dvorovoy", preset="short"))
    lobby = (rec.table() or pytest.fail()).text()
    assert "Cards dealt: 3" in lobby and "125 burns: on" in lobby  # the options are shown when joining
    await host.handle(Press(user=A, token=rec.table_button("Add AI"), chat=CHAT))
    await host.handle(Start(user=A, chat=CHAT))
    for decisions in range(3000):
        await host.settle()
        found = await store.load(out.table)
        assert found is not None
        state = GAME.load(json.loads(found[0])["state"])
        if GAME.is_over(state):
            break
        assert GAME.to_act(state) == [0], "the AI has moved; it is the person's turn"
        screen = rec.hand(A) or pytest.fail()
        acts = {action_of(host, b.token): b for row in screen.buttons for b in row if b.token}
        assert sorted(acts) == sorted(GAME.legal_actions(state, 0))  # a button for every legal move
        labels = {a: b.label for a, b in acts.items()}
        assert list(acts) != ["end"], "a move with nothing to add ends by itself"
        if any(a.startswith("add:") for a in acts):
            seen.add("add")
            choice = next(a for a in acts if a.startswith("add:"))
            assert labels[choice].startswith("Add ")
            assert labels.get("end") == "End the move" or "suit:S" in acts  # after jacks: a suit ends it
            if "end" in acts and decisions % 2:
                seen.add("end")
                choice = "end"
        elif any(a.startswith("suit:") for a in acts):
            seen.add("suit")
            assert "Name the suit for your J" in screen.text()  # the hand says what the buttons are for
            assert [labels[f"suit:{s}"] for s in "SHDC"] == [
                "Ask for ♠",
                "Ask for ♥",
                "Ask for ♦",
                "Ask for ♣",
            ]
            choice = "suit:H"
        elif "pass" in acts and len(acts) > 1:
            seen.add("pass")
            assert "You have drawn: play a card that goes on" in screen.text()
            choice = "pass"
        elif "draw" in acts and (decisions % 4 == 0 or len(acts) == 1):
            choice = "draw"
            assert labels["draw"] == "Draw a card"
        else:
            choice = next(a for a in acts if a.startswith("play:"))
        reply = await host.handle(Press(user=A, token=acts[choice].token, chat=CHAT))
        assert reply.reply is None or not reply.reply.alert, (choice, reply.reply)
    else:
        pytest.fail("the match did not end")
