"""Contract bridge: auction, dummy, claims, duplicate and rubber scoring, presets.

`rules.py` holds the game (`auction.py` the calls, `scoring.py` the scores), `chat.py` how a table reads in a
chat, `system.py` and `ai.py` the robots (`solver.py`: double dummy). This package joins the rules with their
presentation and robots, so that the rules import neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from games.bridge.chat import ChatMixin
from games.bridge.rules import BridgeOptions, BridgeRules, BridgeState, BridgeView


class Bridge(ChatMixin, BridgeRules):
    """The rules with their chat hooks and robots."""

    bot_levels = ("random", "search")
    default_bot = "search"
    bots: ClassVar[dict[str, str]] = {"search": "games.bridge.ai:BridgeBot"}

    records_file = True

    def record_file(self, state: BridgeState, names: Sequence[str], event: str) -> tuple[str, bytes]:
        """The match's boards as PBN (deal, auction, play, result of each)."""
        # endplay's parser and the matplotlib it imports: loaded for a record, not at a worker's start
        from games.bridge import pbn

        return f"{event.replace(' ', '-').lower()}.pbn", pbn.dumps(state, names, event=event).encode()

    def read_boards(self, text: str) -> tuple[list[list[str]], dict[str, Any]]:
        """A board set from a PBN file: each board with its number, dealer and vulnerability."""
        from games.bridge import pbn

        deals = pbn.read(text)
        return deals, {"boards": len(deals)}


GAME = Bridge()


def new_from_pbn(deals: list[str], options: dict[str, Any] | None = None, seed: int = 0) -> BridgeState:
    """A match whose boards are these PBN deal strings (then seeded deals, if it has more boards)."""
    return GAME.new(4, options, seed=seed, deals=[[d] for d in deals])


__all__ = ["GAME", "Bridge", "BridgeOptions", "BridgeRules", "BridgeState", "BridgeView", "new_from_pbn"]
