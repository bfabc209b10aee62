"""Bridge records in PBN (Portable Bridge Notation 2.1), written and read with endplay's PBN parser.

`write` turns finished boards (the deal, and `BoardResult`: the auction, the play, the result) into a PBN
file that endplay, and the common bridge programs, read back: the export tags (Event … Result), the
auction and the play sections. `read` takes a PBN file of deals (a club evening's board set) and returns
the boards as deals for `GAME.new(…, deals=…)`: each `[deal, board, dealer, vulnerability]`, so the match
plays them with their own numbers, dealers and vulnerability. A file that is not PBN, or whose deals are
not whole deals of 52 cards, is refused with a `GameError` that says why (`bad_pbn_syntax`,
`bad_pbn_bad_deal`…).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from endplay.parsers import pbn as endplay_pbn
from endplay.types import Bid, Board, Card, Contract, Deal, Player, Vul

from games.base import GameError
from games.bridge.rules import SEATS, BoardResult, BridgeState, hands_from_pbn

MAX_BOARDS = 32  # the match's own bound (`BridgeOptions.boards`)
MAX_BYTES = 200_000
_VUL = {(False, False): Vul.none, (True, False): Vul.ns, (False, True): Vul.ew, (True, True): Vul.both}
_VUL_TEXT = {Vul.none: "None", Vul.ns: "NS", Vul.ew: "EW", Vul.both: "All"}


def board(result: BoardResult, deal: str, names: Sequence[str] = ("?",) * 4, event: str = "Kozyr",
          site: str = "?", date: str = "?", scoring: str = "IMP") -> Board:  # fmt: skip
    """One finished board (and its deal, PBN) as an endplay `Board` (`names`: the players N, E, S, W)."""
    b = Board()
    b.deal = Deal(deal)
    b.board_num = result.board
    b.dealer = Player(result.dealer)
    b.vul = _VUL[(bool(result.vul[0]), bool(result.vul[1]))]
    b.auction = [Bid(_call(t)) for t in result.auction.split()]
    if result.contract is None or result.declarer is None:
        b.contract = Contract("Pass")
    else:
        b.contract = Contract(result.contract.replace("N", "NT", 1))
        b.contract.declarer = Player(result.declarer)
        b.contract.result = (result.tricks or 0) - int(result.contract[0]) - 6
        b.play = [Card(c[1] + c[0]) for c in result.play.split()]
        b.claimed = result.claimed
    for tag, value in (("Event", event), ("Site", site), ("Date", date), ("Scoring", scoring)):
        b.info[tag] = _clean(value)
    for seat, name in zip(["North", "East", "South", "West"], [*names, "?", "?", "?", "?"], strict=False):
        b.info[seat] = _clean(name)
    return b


def write(results: Sequence[BoardResult], deals: Sequence[str], names: Sequence[str] = ("?",) * 4,
          event: str = "Kozyr", site: str = "?", date: str = "?", scoring: str = "IMP") -> str:  # fmt: skip
    """A PBN file of these boards (`deals`: each board's deal, PBN)."""
    boards = [board(r, d, names, event, site, date, scoring) for r, d in zip(results, deals, strict=True)]
    text = endplay_pbn.dumps(boards)
    # endplay writes a doubled contract `4Sx`; the standard (and most programs) spell it `4SX`
    return re.sub(r'^\[Contract "(\w+?)(x{1,2})"\]', lambda m: f'[Contract "{m[1]}{m[2].upper()}"]', text,
                  flags=re.M)  # fmt: skip


def scoring_tag(state: BridgeState) -> str:
    """PBN's Scoring tag for this match."""
    if state.options.scoring == "rubber":
        return "Rubber"
    return "IMP" if state.options.compare == "par" else "Total"


def dumps(state: BridgeState, names: Sequence[str] = ("?",) * 4, event: str = "Kozyr", site: str = "?",
          date: str = "?") -> str:  # fmt: skip
    """The PBN file of a match's finished boards (what a tournament writes, one game after another, into
    its `boards.pbn`)."""
    return write(state.results, state.boards_dealt, names, event, site, date, scoring_tag(state))


def read(text: str) -> list[list[str]]:
    """The boards of a PBN file as deals for `GAME.new(…, deals=…)`; GameError (`bad_pbn_…`) if malformed."""
    if len(text) > MAX_BYTES:
        raise GameError("bad_pbn_too_big", max=MAX_BYTES // 1000)
    try:
        boards = endplay_pbn.loads(text)
    except Exception:  # endplay raises ValueError, RuntimeError, KeyError… on malformed files
        raise GameError("bad_pbn_syntax") from None
    boards = [b for b in boards if b.deal is not None and any(c.isalnum() for c in b.deal.to_pbn()[2:])]
    if not boards:
        raise GameError("bad_pbn_no_deals")
    if len(boards) > MAX_BOARDS:
        raise GameError("bad_pbn_too_many", max=MAX_BOARDS)
    out = []
    for number, b in enumerate(boards, 1):
        deal = b.deal.to_pbn()
        try:
            hands_from_pbn(deal)
        except GameError:
            raise GameError("bad_pbn_bad_deal", board=b.board_num or number) from None
        no = b.board_num if isinstance(b.board_num, int) and b.board_num > 0 else number
        dealer = SEATS[int(b.dealer)] if b.dealer is not None else SEATS[(no - 1) % 4]
        vul = _VUL_TEXT[Vul(b.vul)] if b.vul is not None else _VUL_TEXT[Vul.from_board(no)]
        out.append([deal, str(no), dealer, vul])
    return out


def _call(token: str) -> str:
    """A call in the diagram notation of `BoardResult.auction` (`3N`, `P`, `X`) as endplay reads it."""
    return {"P": "pass", "X": "X", "XX": "XX"}.get(token, token.replace("N", "NT"))


def _clean(value: str) -> str:
    """A tag value PBN can hold: no quotes, backslashes or line breaks."""
    return re.sub(r'["\\\r\n]', " ", value).strip() or "?"
