"""Most («Мост»): the rummy with jokers and a bridge of open cards.

`rules.py` holds the game, `melds.py` the meld validator it shares with the AI. This package puts
them together with the AI levels (`ai.py`), so that the rules never import their AI.
"""

from __future__ import annotations

from typing import Any

from games.most.chat import ChatMixin
from games.most.rules import Meld, MostOptions, MostRules, MostState, MostView


class Most(ChatMixin, MostRules):
    """The rules with their chat hooks and AI levels."""

    bot_levels = ("random", "heuristic", "search")
    default_bot = "search"

    def bot(self, level: str = "random", **kwargs: Any) -> Any:
        if level in ("heuristic", "search"):
            from games.most import ai  # the AI imports the rules: loaded when a bot is asked for

            if level == "heuristic":
                return ai.HeuristicBot()
            return ai.SearchBot(**{k: v for k, v in kwargs.items() if v is not None})
        return super().bot(level, **kwargs)


GAME = Most()

__all__ = ["GAME", "Meld", "Most", "MostOptions", "MostState", "MostView"]
