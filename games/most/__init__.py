"""Most («Мост»): the rummy with jokers and a bridge of open cards.

`rules.py` holds the game, `melds.py` the meld validator it shares with the AI. This package puts
them together with the AI levels (`ai.py`), so that the rules never import their AI.
"""

from __future__ import annotations

from typing import ClassVar

from games.most.chat import ChatMixin
from games.most.rules import Meld, MostOptions, MostRules, MostState, MostView


class Most(ChatMixin, MostRules):
    """The rules with their chat hooks and AI levels."""

    bot_levels = ("random", "heuristic", "search")
    default_bot = "search"
    bots: ClassVar[dict[str, str]] = {
        "heuristic": "games.most.ai:HeuristicBot",
        "search": "games.most.ai:SearchBot",
    }


GAME = Most()

__all__ = ["GAME", "Meld", "Most", "MostOptions", "MostState", "MostView"]
