"""How a bridge table reads in a chat: the buttons of a hand, the table's lines, a hand's context line.

All of it is data (message keys and parameters, translated by the host's catalogs in
`bot/core/i18n/bridge.py`), computed from a view alone, so the group's lines use public facts only.

Bidding buttons fit the platforms' 25-button messages: a person first picks a level (`lvl3`), then one of
its five strains; pass, double and redouble are always there. The declarer's claim is a pick too (`claim`)
that turns the cards into `claim:0 … claim:N`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from games.base import BaseView, Event, Offer
from games.bridge.auction import PASS, bid_text, contract_text, is_bid
from games.cards import SUIT_SYMBOLS
from games.tricktaking import Trick

if TYPE_CHECKING:
    from games.bridge.rules import BoardResult, BridgeState, BridgeView

Line = tuple[str, dict[str, Any]]
CLAIM = "claim"


def card_text(card: str) -> str:
    """One card as bridge players write it: the suit, then the rank (`♠10`, `♥A`)."""
    return SUIT_SYMBOLS[card[1]] + ("10" if card[0] == "T" else card[0])


def suits_text(cards: Sequence[str]) -> str:
    """A hand by suits as bridge players write it, from the ace down: `♠A J 10 8 2  ♥K 7  ♦—  ♣Q 6 5`.
    The one notation of hands everywhere: a player's own, dummy's, the declarer's after a claim."""
    parts = []
    for s in "SHDC":
        held = sorted((c for c in cards if c[1] == s), key=lambda c: "AKQJT98765432".index(c[0]))
        parts.append(SUIT_SYMBOLS[s] + (" ".join("10" if c[0] == "T" else c[0] for c in held) or "—"))
    return "  ".join(parts)


def vul_key(vul: Sequence[bool]) -> str:
    return {(False, False): "none", (True, False): "ns", (False, True): "ew", (True, True): "both"}[
        (bool(vul[0]), bool(vul[1]))
    ]


def auction_rows(calls: Sequence[str], dealer: int) -> list[dict[str, Any]]:
    """The auction as a bidding diagram: rows of four cells, West North East South (empty cells before
    the dealer and after the last call). A cell is a bid (`1♠`, `3NT`), `X`, `XX`, or pass — a word,
    translated: `{"key": "bridge.call.pass"}`."""
    cells: list[Any] = [""] * ((dealer + 1) % 4) + [_cell(c) for c in calls]
    cells += [""] * (-len(cells) % 4)
    return [dict(zip("wnes", cells[i : i + 4], strict=True)) for i in range(0, len(cells), 4)]


def _cell(call: str) -> Any:
    return {"key": "bridge.call.pass"} if call == PASS else bid_text(call)


class ChatMixin:
    """The presentation hooks of `games.base.Game` for bridge (mixed into `Bridge`)."""

    def offer(self, state: BridgeState, seat: int, picked: Sequence[str] = ()) -> Offer:
        legal: list[str] = self.legal_actions(state, seat)  # type: ignore[attr-defined]
        if not legal:
            return Offer()
        if state.phase == "auction":
            bids = [a for a in legal if is_bid(a)]
            others = [a for a in legal if not is_bid(a)]
            levels = sorted({a[4] for a in bids})
            level = next((p[3:] for p in reversed(picked) if p.startswith("lvl") and p[3:] in levels), None)
            if level is None:
                return Offer(picks=[f"lvl{n}" for n in levels], actions=others)
            return Offer(picks=[f"lvl{level}"], actions=[a for a in bids if a[4] == level] + others)
        claims = [a for a in legal if a.startswith("claim:")]
        if claims and CLAIM in picked:
            return Offer(picks=[CLAIM], actions=claims)
        return Offer(
            picks=[CLAIM] if claims else [], actions=[a for a in legal if not a.startswith("claim:")]
        )

    def describe_action(self, action: str) -> Line:
        verb, _, arg = action.partition(":")
        if verb == "bid" and len(arg) == 2:
            if arg[1] == "N":
                return "bridge.action.bid_nt", {"level": int(arg[0])}
            return "bridge.action.bid", {"level": int(arg[0]), "suit": arg[1]}
        if verb == "play":
            return "bridge.action.play", {"card": card_text(arg)}
        if verb == "claim":
            return "bridge.action.claim", {"n": int(arg)}
        return f"bridge.action.{verb}", {}

    def describe_pick(self, item: str) -> Line:
        if item.startswith("lvl"):
            return "bridge.pick.level", {"level": int(item[3:])}
        return "bridge.pick.claim", {}

    def status_lines(self, view: BaseView) -> list[Line]:
        v: BridgeView = view  # type: ignore[assignment]
        lines: list[Line] = []
        if not v.over:
            kind = "deal" if v.scoring == "rubber" else "board"
            params = {"no": v.board, "i": v.boards_done + 1, "of": v.boards, "dealer": v.dealer}
            lines.append((f"bridge.status.{kind}_{vul_key(v.vul)}", params))
        if v.rubber is not None:
            r = v.rubber
            lines.append(
                (
                    "bridge.status.rubber",
                    {"ns_games": r.games[0], "ew_games": r.games[1], "ns": r.below[0], "ew": r.below[1]},
                )
            )
        if v.results and (v.over or (v.phase == "auction" and not v.calls)):
            lines.append(result_line(v))
        if v.calls:
            lines.append(("bridge.status.auction", {}))
            lines += [("bridge.status.row", row) for row in auction_rows(v.calls, v.dealer)]
        if v.contract is not None and v.phase in ("play", "claim"):
            lines.append(
                (
                    "bridge.status.contract",
                    {
                        "contract": contract_text(v.contract),
                        "declarer_seat": v.contract.declarer,
                        "ns": v.won[0],
                        "ew": v.won[1],
                    },
                )
            )
        if v.dummy_hand is not None and v.dummy is not None and v.phase in ("play", "claim"):
            lines.append(("bridge.status.dummy", {"dummy_seat": v.dummy, "cards": suits_text(v.dummy_hand)}))
        if v.trick is not None and v.trick.plays:
            lines.append(
                (
                    "bridge.status.trick",
                    {"n": len(v.tricks) + 1, "cards": _by_seat(v.trick), "leader": v.trick.leader},
                )
            )
        if v.last_trick is not None and v.last_trick.winner is not None and not v.over:
            lines.append(
                ("bridge.status.last", {"cards": _by_seat(v.last_trick), "winner": v.last_trick.winner})
            )
        if v.claim is not None:
            c = v.claim
            lines.append(("bridge.status.claim", {"claimer_seat": c.by, "n": c.n, "of": c.of}))
        return lines

    def seat_status(self, view: BaseView, seat: int) -> Line | None:
        v: BridgeView = view  # type: ignore[assignment]
        role = ""
        if v.contract is not None and v.phase in ("play", "claim"):
            role = ".declarer" if seat == v.declarer else ".dummy" if seat == v.dummy else ""
        return f"bridge.seat.{seat}{role}", {}

    def hand_context(self, view: BaseView) -> list[Line]:
        """The seat or contract; the hand that is to act also shows the table's status (the auction,
        dummy, the trick): a bridge choice needs them, and that hand changes anyway. The contract is said
        once: by the status when it is there, else by the hand's own line."""
        v: BridgeView = view  # type: ignore[assignment]
        acting = v.viewer in v.to_act and not v.over
        line = self._hand_line(v, acting)
        return [*line, *self.status_lines(view)] if acting else line

    def hand_cards(self, view: BaseView) -> Line | None:
        """A hand's cards by suits (`♠A J 10 8 2  ♥K 7 …`), the notation of dummy's and every other hand."""
        return ("bridge.hand.cards", {"cards": suits_text(view.hand or [])})

    def _hand_line(self, v: BridgeView, acting: bool) -> list[Line]:
        me = v.viewer
        if me is None or v.over:
            return []
        if v.phase == "auction":
            return [(f"bridge.hand.seat.{me}", {})]
        assert v.contract is not None
        contract = contract_text(v.contract)
        if v.declarer_hand is not None and v.phase == "claim":
            cards = suits_text(v.declarer_hand)
            return [("bridge.hand.claim", {"declarer_seat": v.declarer, "cards": cards})]
        if me == v.dummy:
            return [("bridge.hand.dummy", {"declarer_seat": v.declarer, "contract": contract})]
        if acting:  # the status lines that follow name the contract
            return [("bridge.hand.from_dummy", {})] if me == v.declarer and v.turn == v.dummy else []
        return [("bridge.hand.contract", {"contract": contract, "declarer_seat": v.declarer})]

    def final_lines(self, view: BaseView) -> list[Line]:
        """The end of the match: each board, then the sides ranked (`ending`)."""
        return ending(view)  # type: ignore[arg-type]

    def sheet_rows(self, view: BaseView) -> tuple[list[Line], list[list[Any]]]:
        """The score sheet, one row per board (`sheet`)."""
        return sheet(view)  # type: ignore[arg-type]

    def event_lines(self, event: Event) -> list[tuple[str, dict[str, Any], int | None]]:
        """The log's lines; the contract is not logged: the status names it (during the play) and the
        board's result (after it), so it is never said twice on the table."""
        if event.kind == "contract":
            return []
        return super().event_lines(event)  # type: ignore[misc]


def _by_seat(trick: Trick) -> list[list[Any]]:
    """Who played which card, cards as bridge players write them (`♠10`)."""
    return [[p.seat, card_text(p.card)] for p in trick.plays]


def result_line(v: BridgeView) -> Line:
    """The last board's result (and its par and IMPs when compared with par)."""
    return board_line(v.results[-1])


def board_line(r: BoardResult) -> Line:
    """A finished board: contract, declarer, tricks, the result (`=`, `+1`, `−2`), each side's score; its
    par and the IMPs when the board is compared with par."""
    params: dict[str, Any] = {"board": r.board, "ns": _signed(r.score), "ew": _signed(-r.score)}
    par = "_par" if r.par is not None else ""
    if r.par is not None:
        params |= {"par": _signed(r.par), "imps": _signed(r.imps or 0)}
    if r.contract is None or r.tricks is None:
        return f"bridge.status.result_passed{par}", params
    strain = r.contract.rstrip("X")
    over = r.tricks - int(strain[0]) - 6
    params |= {
        "contract": bid_text(f"bid:{strain}") + "×" * (len(r.contract) - len(strain)),
        "declarer_seat": r.declarer,
        "tricks": r.tricks,
        "result": "=" if over == 0 else _signed(over),
    }
    return f"bridge.status.result{par}", params


def ending(v: BridgeView) -> list[Line]:
    """The message that ends a match: every board's result, then the two sides ranked (a side is two
    people), by IMPs against par, points, or the rubber's total."""
    lines = [board_line(r) for r in v.results]
    unit = "_imps" if v.scoring == "duplicate" and v.compare == "par" else ""
    ns, ew = v.totals
    order = [(0, ns), (1, ew)] if ns >= ew else [(1, ew), (0, ns)]
    for k, (side, total) in enumerate(order):
        place = 1 if k == 0 or total == order[0][1] else 2
        key = f"bridge.final.rank_{'ns' if side == 0 else 'ew'}{unit}"
        lines.append((key, {"place": place, "a_seat": side, "b_seat": side + 2, "score": _signed(total)}))
    return lines


def sheet(v: BridgeView) -> tuple[list[Line], list[list[Any]]]:
    """The score sheet: one row per board — board, contract, declarer, tricks, result, each side's score,
    and the par with the IMPs when compared with par. Cells are texts, or (key, params) to translate."""
    par = any(r.par is not None for r in v.results)
    columns = ["board", "contract", "declarer", "tricks", "result", "ns", "ew"]
    columns += ["par", "imps"] if par else []
    rows = []
    for r in v.results:
        _, p = board_line(r)
        declarer = (f"bridge.seat.{r.declarer}", {}) if r.declarer is not None else "—"
        cells: list[Any] = [str(r.board), p.get("contract") or ("bridge.sheet.passed", {}), declarer,
                            str(p.get("tricks", "—")), p.get("result", "—"), p["ns"], p["ew"]]  # fmt: skip
        if par:
            cells += [p.get("par", "—"), p.get("imps", "—")]
        rows.append(cells)
    return [(f"bridge.sheet.{c}", {}) for c in columns], rows


def _signed(n: float) -> str:
    """`+420`, `−50` (a minus sign, as score sheets print it), `0`."""
    n = int(n) if float(n).is_integer() else n
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"
