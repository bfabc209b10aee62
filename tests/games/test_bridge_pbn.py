"""PBN records: finished boards written as PBN that endplay reads back, board sets read from PBN, bad files
refused."""

from __future__ import annotations

import pytest
from endplay.parsers import pbn as endplay_pbn

from games.base import GameError
from games.bridge import GAME, new_from_pbn, pbn
from games.bridge.rules import BridgeState, hands_from_pbn

DEAL = "N:AKQ2.K32.A54.Q32 T98.QJT9.KJ2.J54 J76.A8.Q987.AK76 543.7654.T63.T98"
OTHER = "N:T92.Q843.AKT.873 KJ6.AK952.98.654 Q87.T6.QJ765.AQ9 A543.J7.432.KJT2"


def act(state: BridgeState, *actions: str) -> BridgeState:
    for a in actions:
        state, _ = GAME.apply(state, GAME.to_act(state)[0], GAME.normalize(a))
    return state


def played_match() -> BridgeState:
    """Two boards: 3NT doubled and redoubled by North, two tricks played, then a claim; a passed-out board."""
    s = new_from_pbn([DEAL, OTHER], {"boards": 2, "compare": "points", "first_board": 3})
    s = act(s, "p", "p", "1nt", "p", "3nt", "x", "xx", "p", "p", "p")  # dealer South; North declares
    s = act(s, "play:QH", "play:8H", "play:4H", "play:KH")  # East leads, North wins
    s = act(s, "play:AD", "play:2D", "play:7D", "play:3D")
    s = act(s, "play:2S", "play:8S")  # a trick in progress when North claims at dummy's turn
    s = act(s, "claim:9", "accept", "accept")
    return act(s, "p", "p", "p", "p")  # board 4, dealer West: passed out


def test_finished_boards_are_written_as_pbn_that_endplay_reads_back() -> None:
    s = played_match()
    text = pbn.dumps(s, ["Ann", "Bob", "Cy", "Di"], event="Club night", date="2026.11.26")
    first, second = endplay_pbn.loads(text)
    assert first.board_num == 3 and first.dealer.abbr == "S" and first.vul.name == "ew"
    assert first.deal.to_pbn() == DEAL
    assert [str(b) for b in first.auction][2:4] == ["1NT", "P"] and len(first.auction) == 10
    assert first.contract.level == 3 and first.contract.declarer.abbr == "N"
    assert first.contract.penalty.abbr.upper() == "XX" and '[Contract "3NTXX"]' in text
    assert [str(c) for c in first.play] == ["♥Q", "♥8", "♥4", "♥K", "♦A", "♦2", "♦7", "♦3", "♠2", "♠8"]
    assert first.claimed and s.results[0].tricks == 11
    assert first.contract.result == 2  # eleven tricks: two over
    assert first.info["North"] == "Ann" and first.info["West"] == "Di" and first.info["Event"] == "Club night"
    assert second.board_num == 4 and second.contract.is_passout() and not second.play
    assert '[Scoring "Total"]' in text


def test_a_board_set_read_from_pbn_is_played_with_its_numbers_dealers_and_vulnerability() -> None:
    text = pbn.dumps(played_match())
    deals = pbn.read(text)
    assert deals == [[DEAL, "3", "S", "EW"], [OTHER, "4", "W", "All"]]
    s = GAME.new(4, {"boards": 2}, deals=deals)
    assert (s.board, s.dealer, s.vul) == (3, 2, [False, True])
    assert s.dealt == [sorted(h, key=s.hands[i].index) for i, h in enumerate(hands_from_pbn(DEAL))]
    s = act(s, "p", "p", "p", "p")
    assert (s.board, s.dealer, s.vul) == (4, 3, [True, True])


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("hello, this is not a PBN file", "syntax"),
        ('[Event "x"]\n[Board "1"]\n', "no_deals"),
        ("%" * 300_000, "too_big"),
        (f'[Board "1"]\n[Deal "{DEAL.replace("AKQ2.", "AKQ.")}"]', "bad_deal"),  # 12 cards
        (f'[Board "1"]\n[Deal "{DEAL.replace("T98.QJT9.KJ2.J54", "AKQ2.K32.A54.Q32")}"]', "bad_deal"),
    ],
)
def test_malformed_pbn_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(GameError) as err:
        pbn.read(text)
    assert err.value.code == f"bad_pbn_{reason}"
