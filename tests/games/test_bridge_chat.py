"""Bridge as bridge players write it: one hand notation, the contract said once, the match's end by boards
and sides, the score sheet one row per board, no claim with one card left."""

from __future__ import annotations

from games.bridge import GAME, BridgeState, new_from_pbn
from games.bridge.chat import card_text, ending, sheet, suits_text
from tests.games.test_bridge_pbn import DEAL, act


def test_one_notation_for_hands_and_cards() -> None:
    assert suits_text(["AS", "JS", "TS", "8S", "2S", "KH", "7H", "QC", "6C", "5C"]) == (
        "♠A J 10 8 2  ♥K 7  ♦—  ♣Q 6 5"
    )
    assert card_text("TS") == "♠10" and card_text("AH") == "♥A"
    s = act(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p", "play:QH")
    view = GAME.view(s, 1)
    assert GAME.hand_cards(view) == ("bridge.hand.cards", {"cards": "♠10 9 8  ♥J 10 9  ♦K J 2  ♣J 5 4"})
    dummy = dict(GAME.status_lines(view))["bridge.status.dummy"]["cards"]
    assert dummy == "♠J 7 6  ♥A 8  ♦Q 9 8 7  ♣A K 7 6"  # dummy in the same notation
    assert GAME.describe_action("play:TS") == ("bridge.action.play", {"card": "♠10"})


def test_the_hand_to_act_names_the_contract_once() -> None:
    s = act(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p", "play:QH")
    acting = GAME.hand_context(GAME.view(s, 0))  # North plays from dummy (South)
    keys = [k for k, _ in acting]
    assert keys.count("bridge.status.contract") == 1 and "bridge.hand.contract" not in keys
    waiting = GAME.hand_context(GAME.view(s, 3))  # West waits: its own line names the contract
    assert [k for k, _ in waiting] == ["bridge.hand.contract"]
    assert GAME.event_lines(next(e for e in GAME.apply(new_from_pbn([DEAL]), 0, "bid:1N")[1])) != []
    assert all(GAME.event_lines(e) == [] for e in act_events(new_from_pbn([DEAL])) if e.kind == "contract")


def act_events(state: BridgeState) -> list:
    events = []
    for a in ("bid:1N", "pass", "pass", "pass"):
        state, new = GAME.apply(state, GAME.to_act(state)[0], a)
        events += new
    return events


def test_no_claim_with_one_card_left() -> None:
    s = act(new_from_pbn([DEAL], {"compare": "points", "boards": 1}), "1N", "p", "p", "p")
    while sum(len(h) for h in s.hands) > 4:
        seat = GAME.to_act(s)[0]
        s, _ = GAME.apply(s, seat, next(a for a in GAME.legal_actions(s, seat) if a.startswith("play:")))
        if sum(len(h) for h in s.hands) == 8 and GAME.turn(s) in (0, 2):
            assert any(a.startswith("claim:") for a in GAME.legal_actions(s, 0))  # two cards left: yes
    while GAME.turn(s) not in (0, 2):
        seat = GAME.to_act(s)[0]
        s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert not any(a.startswith("claim:") for a in GAME.legal_actions(s, 0))
    assert GAME.why_illegal(s, 0, "claim:1").code == "claim_last_card"


def test_the_end_of_a_match_gives_every_board_and_ranks_the_sides() -> None:
    s = new_from_pbn([DEAL, DEAL], {"compare": "points", "boards": 2})
    s = act(s, "1N", "p", "3N", "p", "p", "p")
    s = act(s, "play:QH", "claim:0", "accept", "accept")  # conceded: 3NT down 9 by North, N–S −450
    s = act(s, "p", "p", "p", "p")  # board 2 passed out
    view = GAME.view(s, None)
    lines = ending(view)
    assert lines[0] == (
        "bridge.status.result",
        {"board": 1, "ns": "−450", "ew": "+450", "contract": "3NT", "declarer_seat": 0, "tricks": 0,
         "result": "−9"},
    )  # fmt: skip
    assert lines[1] == ("bridge.status.result_passed", {"board": 2, "ns": "0", "ew": "0"})
    assert lines[2:] == [
        ("bridge.final.rank_ew", {"place": 1, "a_seat": 1, "b_seat": 3, "score": "+450"}),
        ("bridge.final.rank_ns", {"place": 2, "a_seat": 0, "b_seat": 2, "score": "0"}),
    ]
    columns, rows = sheet(view)
    names = ("board", "contract", "declarer", "tricks", "result", "ns", "ew")
    assert [k for k, _ in columns] == [f"bridge.sheet.{c}" for c in names]
    assert rows == [
        ["1", "3NT", ("bridge.seat.0", {}), "0", "−9", "−450", "+450"],
        ["2", ("bridge.sheet.passed", {}), "—", "—", "—", "0", "0"],
    ]


def test_ranked_by_imps_against_par() -> None:
    s = new_from_pbn([DEAL], {"boards": 1})
    s = act(s, "1N", "p", "3N", "p", "p", "p", "play:QH", "claim:13", "accept", "accept")
    view = GAME.view(s, None)
    r = view.results[0]
    lines = ending(view)
    assert lines[0][0] == "bridge.status.result_par" and lines[0][1]["tricks"] == 13 and r.imps is not None
    first = "ns" if r.imps >= 0 else "ew"  # N–S's IMPs against par: the side ahead is named first
    assert lines[1][0] == f"bridge.final.rank_{first}_imps" and lines[1][1]["place"] == 1
    assert {lines[1][0], lines[2][0]} == {"bridge.final.rank_ns_imps", "bridge.final.rank_ew_imps"}
    assert [k for k, _ in sheet(view)[0]][-2:] == ["bridge.sheet.par", "bridge.sheet.imps"]
