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

from games.base import BaseView, Offer
from games.bridge.auction import bid_text, contract_text, is_bid
from games.cards import SUIT_SYMBOLS

if TYPE_CHECKING:
    from games.bridge.rules import BridgeState, BridgeView

Line = tuple[str, dict[str, Any]]
CLAIM = "claim"


def suits_text(cards: Sequence[str]) -> str:
    """A hand by suits as bridge players write it: `♠AK2 ♥Q93 ♦— ♣T75` (held from the ace down)."""
    parts = []
    for s in "SHDC":
        ranks = "".join(c[0] for c in cards if c[1] == s)
        parts.append(SUIT_SYMBOLS[s] + (ranks.replace("T", "10") or "—"))
    return " ".join(parts)


def vul_key(vul: Sequence[bool]) -> str:
    return {(False, False): "none", (True, False): "ns", (False, True): "ew", (True, True): "both"}[
        (bool(vul[0]), bool(vul[1]))
    ]


def auction_rows(calls: Sequence[str], dealer: int) -> list[str]:
    """The auction as rows of four cells, N E S W (blank cells before the dealer)."""
    cells = ["  "] * dealer + [bid_text(c) for c in calls]
    return [" · ".join(cells[i : i + 4]) for i in range(0, len(cells), 4)]


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
            return "bridge.action.play", {"card": arg}
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
            lines += [("bridge.status.row", {"cells": row}) for row in auction_rows(v.calls, v.dealer)]
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
                    {"n": len(v.tricks) + 1, "cards": v.trick.by_seat(), "leader": v.trick.leader},
                )
            )
        if v.last_trick is not None and v.last_trick.winner is not None and not v.over:
            lines.append(
                ("bridge.status.last", {"cards": v.last_trick.by_seat(), "winner": v.last_trick.winner})
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
        dummy, the trick): a bridge choice needs them, and that hand changes anyway."""
        v: BridgeView = view  # type: ignore[assignment]
        line = self._hand_line(v)
        return [*line, *self.status_lines(view)] if v.viewer in v.to_act and not v.over else line

    def _hand_line(self, v: BridgeView) -> list[Line]:
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
        if me == v.declarer and v.turn == v.dummy and me in v.to_act:
            return [("bridge.hand.from_dummy", {"contract": contract})]
        return [("bridge.hand.contract", {"contract": contract, "declarer_seat": v.declarer})]


def result_line(v: BridgeView) -> Line:
    """The last board's result (and its par and IMPs when compared with par)."""
    r = v.results[-1]
    params: dict[str, Any] = {"board": r.board, "score": f"{r.score:+d}"}
    par = "_par" if r.par is not None else ""
    if r.par is not None:
        params |= {"par": f"{r.par:+d}", "imps": f"{r.imps:+d}"}
    if r.contract is None:
        return f"bridge.status.result_passed{par}", params
    strain = r.contract.rstrip("X")
    text = bid_text(f"bid:{strain}") + "×" * (len(r.contract) - len(strain))
    params |= {"contract": text, "declarer_seat": r.declarer, "tricks": r.tricks}
    return f"bridge.status.result{par}", params
