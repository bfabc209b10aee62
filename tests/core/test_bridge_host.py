"""Bridge through the host: seats chosen in the lobby; a whole board with three robots and a person."""

from __future__ import annotations

import json

import pytest

from bot.core.api import Join, Leave, NewTable, Press, Start
from bot.core.outcome import ChatTarget
from bot.core.tokens import decode
from games.bridge import GAME
from games.bridge.chat import suits_text
from tests.core.hosting import CHAT, make_host, user

A, B, C = user(1), user(2), user(3)
DEAL = "N:AKQ2.K32.A54.Q32 T98.QJT9.KJ2.J54 J76.A8.Q987.AK76 543.7654.T63.T98"


async def press(host, rec, who, label_start: str) -> None:
    out = await host.handle(Press(user=who, token=rec.table_button(label_start), chat=CHAT))
    assert out.reply is None or not out.reply.alert, out.reply


async def test_people_choose_their_seats_and_robots_fill_the_rest(store) -> None:
    host, rec = make_host(store)
    out = await host.handle(NewTable(user=A, chat=CHAT, game="bridge", preset="quick"))
    text = (rec.table() or pytest.fail()).text()
    assert "North: User1" in text and "South: free" in text
    await press(host, rec, A, "🪑 South")  # the creator moves from North to South
    await press(host, rec, B, "🪑 North")  # a friend sits opposite
    text = (rec.table() or pytest.fail()).text()
    assert "North: User2" in text and "South: User1" in text and "East: free" in text
    assert "Seated: 2 of 4" in text
    taken = await host.handle(Press(user=C, token=rec.table_button("🪑 East"), chat=CHAT))
    assert taken.reply is None or not taken.reply.alert
    labels = [b.label for row in (rec.table() or pytest.fail()).buttons for b in row]
    assert "🪑 West" in labels and "🪑 North" not in labels and "🪑 South" not in labels
    await host.handle(Leave(user=C, chat=CHAT))  # East is free again; nobody else moves
    text = (rec.table() or pytest.fail()).text()
    assert "North: User2" in text and "East: free" in text and "South: User1" in text
    refused = await host.handle(Join(user=C, chat=CHAT, seat=0))
    assert refused.reply and refused.reply.alert and "User2" in refused.reply.text
    await host.handle(Join(user=C, chat=CHAT))  # a plain join takes the first free seat
    assert "East: User3" in (rec.table() or pytest.fail()).text()
    await host.handle(Start(user=A, chat=CHAT))
    found = await store.load(out.table)
    assert found is not None
    from bot.core.table import Table

    table = Table.model_validate_json(found[0])
    assert [s.user.key if s.user else s.bot for s in table.seats] == [B.key, C.key, A.key, "search"]


def action_of(host, token: str) -> str:
    return decode(host.secret, token).action


async def test_a_whole_board_with_three_robots_and_a_person_pressing_buttons(store) -> None:
    host, rec = make_host(store)
    # one fixed deal: the robots' calls are the system's for their hands (East–West too weak to double)
    board = '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + f'[Deal "{DEAL}"]\n'
    out = await host.handle(NewTable(user=A, chat=CHAT, game="bridge", preset="quick", boards=board))
    await host.handle(Start(user=A, chat=CHAT))  # the creator sits North and deals board 1: calls first
    me, dummy, bid_done, claimed, saw_dummy_turn = 0, 2, False, False, False
    for _ in range(400):
        await host.settle()
        found = await store.load(out.table)
        assert found is not None
        state = GAME.load(json.loads(found[0])["state"])
        if GAME.is_over(state):
            break
        screen = rec.hand(A) or pytest.fail()
        buttons = [b for row in screen.buttons for b in row]
        assert len(buttons) <= 25 and all(len(row) <= 5 for row in screen.buttons)
        acts = {action_of(host, b.token): b for b in buttons if b.token}
        assert GAME.to_act(state) == [me] or state.phase == "claim", state.phase
        if state.phase == "auction":
            if not bid_done:  # pick a level, then a strain: 7NT as the first call makes North the declarer
                token = acts["@pick:lvl7"].token
                await host.handle(Press(user=A, token=token, chat=CHAT))
                acts = {
                    action_of(host, b.token): b for row in (rec.hand(A) or pytest.fail()).buttons for b in row
                }
                assert "bid:7N" in acts and "bid:1C" not in acts and "pass" in acts
                choice, bid_done = "bid:7N", True
            else:
                choice = "pass" if "pass" in acts else next(iter(acts))
        elif state.phase == "claim":
            choice = "accept" if "accept" in acts else next(iter(acts))
        else:
            turn = GAME.view(state, None).turn
            cards = [a for a in acts if a.startswith("play:")]
            assert cards == [a for a in GAME.legal_actions(state, me) if a.startswith("play:")]
            if turn == dummy:  # dummy's turn: the declarer's hand offers dummy's cards
                saw_dummy_turn = True
                assert cards and all(a[5:] in state.hands[dummy] for a in cards)
                assert f"Dummy (🤖 AI 3): {suits_text(state.hands[dummy])}" in screen.text()
                assert f"Your cards: {suits_text(state.hands[me])}" in screen.text()  # one notation
                assert screen.text().count("Contract 7NT") == 1  # the contract said once
            if not claimed and len(state.tricks) == 10:
                await host.handle(Press(user=A, token=acts["@pick:claim"].token, chat=CHAT))
                acts = {
                    action_of(host, b.token): b for row in (rec.hand(A) or pytest.fail()).buttons for b in row
                }
                assert (
                    "claim:0" in acts and "claim:3" in acts and not any(a.startswith("play:") for a in acts)
                )
                choice, claimed = "claim:3", True
            else:
                choice = cards[0]
        reply = await host.handle(Press(user=A, token=acts[choice].token, chat=CHAT))
        assert reply.reply is None or not reply.reply.alert, (choice, reply.reply)
    else:
        pytest.fail("the board did not end")
    assert saw_dummy_turn and claimed
    finals = [d for d in rec.deliveries if isinstance(d.target, ChatTarget)]
    assert len(finals) == 1
    texts = [d.screen.text() for d in rec.public()]
    assert any("Auction (W · N · E · S):\n · 7NT · Pass · Pass\nPass" in t for t in texts)  # North dealt
    assert any("7NT" in t and "Contract" in t for t in texts)
    assert any("Dummy (🤖 AI 3): " in t for t in texts)
    assert any("claims 3" in t for t in texts)
    for t in texts:  # the group never sees South's hand
        assert "Your cards" not in t
    assert any("Board 1: 7NT" in t and "by User1" in t for t in texts)  # the result stays on the table
    final = finals[0].screen.text()  # the board, then the two sides ranked (not four people)
    assert "Board 1: 7NT by User1" in final and "N–S" in final and "E–W" in final
    assert "North–South (User1 and 🤖 AI 3)" in final and "East–West (🤖 AI 2 and 🤖 AI 4)" in final


PBN = f"""% a club evening's two boards
[Board "7"]
[Dealer "S"]
[Vulnerable "All"]
[Deal "{DEAL}"]

[Board "8"]
[Deal "W:T92.Q843.AKT.873 KJ6.AK952.98.654 Q87.T6.QJ765.AQ9 A543.J7.432.KJT2"]
"""


async def test_a_board_set_from_a_pbn_file_and_a_malformed_one_refused(store) -> None:
    host, _rec = make_host(store)
    broken = PBN.replace("AKQ2.", "AKQ.")  # North holds 12 cards
    bad = await host.handle(NewTable(user=A, chat=CHAT, game="bridge", boards=broken))
    assert bad.reply and bad.reply.alert and "Board 7 of the PBN file is not a whole deal" in bad.reply.text
    assert bad.table is None and await store.tables_in_chat(CHAT.key) == []  # nothing opened
    refused = await host.handle(NewTable(user=A, chat=CHAT, game="durak", boards=PBN))
    assert refused.reply and refused.reply.alert and "does not start from a file" in refused.reply.text
    out = await host.handle(NewTable(user=A, chat=CHAT, game="bridge", preset="quick", boards=PBN))
    await host.handle(Start(user=A, chat=CHAT))
    found = await store.load(out.table)
    assert found is not None
    state = GAME.load(json.loads(found[0])["state"])
    assert state.options.boards == 2 and (state.board, state.dealer, state.vul) == (7, 2, [True, True])
    assert state.hands[0] == ["AS", "KS", "QS", "2S", "KH", "3H", "2H", "AD", "5D", "4D", "QC", "3C", "2C"]
