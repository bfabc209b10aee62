"""How a Most table reads in a chat: the table's lines, a hand's buttons, a hand's context line.

All of it is data (message keys and parameters, translated by `bot/core/i18n/most.py`), computed from a view,
so the group's lines use public facts only. The table message numbers the bridge (`#5`: what `take:5`
takes from) and the melds (`#2`: what `lay:4H:2` lays off on), with each meld's owner.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import BaseView
from games.cards import pretty
from games.most.melds import physical, stands_for
from games.most.rules import MostView

Line = tuple[str, dict[str, Any]]


def entry_text(entry: str) -> str:
    """`7H` → `7♥`, `X1=9H` → `🃏=9♥`."""
    if physical(entry) != entry:
        return f"{pretty(physical(entry))}={pretty(stands_for(entry))}"
    return pretty(entry)


def entries_text(entries: Sequence[str]) -> str:
    return " ".join(entry_text(e) for e in entries)


def bridge_text(bridge: Sequence[str]) -> str:
    """The bridge numbered from its oldest card: `#1 7♥ · #2 K♠`."""
    return " · ".join(f"#{i} {pretty(c)}" for i, c in enumerate(bridge, 1))


class ChatMixin:
    """The presentation hooks of `games.base.Game` for Most (mixed into `Most`)."""

    def status_lines(self, view: BaseView) -> list[Line]:
        assert isinstance(view, MostView)
        if view.target:
            lines: list[Line] = [
                ("most.status.game", {"n": view.game_no + 1, "target": view.target, "deck": view.deck})
            ]
        else:
            lines = [("most.status.single", {"deck": view.deck})]
        if view.bridge:
            lines.append(("most.status.bridge", {"cards": bridge_text(view.bridge)}))
        else:
            lines.append(("most.status.bridge_empty", {}))
        for i, m in enumerate(view.melds, 1):
            lines.append(
                ("most.status.meld", {"n": i, "owner_seat": m.owner, "cards": entries_text(m.cards)})
            )
        if not view.melds:
            lines.append(("most.status.no_melds", {}))
        if view.pending is not None and not view.over:
            lines.append(("most.status.pending", {"player": view.turn, "card": view.pending}))
        return lines

    def seat_status(self, view: BaseView, seat: int) -> Line | None:
        assert isinstance(view, MostView)
        if view.over:
            return None
        return "most.seat.laid", {"points": view.table_points[seat]}

    def hand_context(self, view: BaseView) -> list[Line]:
        assert isinstance(view, MostView)
        if view.over or view.viewer != view.turn:
            return []
        if view.pending is not None:
            return [("most.hand.pending", {"card": view.pending})]
        if view.phase == "draw":
            return [("most.hand.draw", {})]
        return [("most.hand.play", {})]

    def describe_action(self, action: str) -> Line:
        verb, _, rest = action.partition(":")
        if verb == "take":
            return "most.action.take", {"pos": rest}
        if verb == "meld":
            return "most.action.meld", {"cards": entries_text(rest.split(","))}
        if verb == "lay":
            entry, _, meld = rest.partition(":")
            return "most.action.lay", {"card": entry_text(entry), "meld": meld}
        if verb in ("swap", "discard"):
            return f"most.action.{verb}", {"card": rest}
        return f"most.action.{verb}", {}
