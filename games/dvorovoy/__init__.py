"""Dvorovoy bridge (дворовой бридж), the courtyard shedding game.

`rules.py` holds the game, `ai.py` the robots. This package joins them, so that the rules never import their
AI.
"""

from __future__ import annotations

from typing import Any

from games.dvorovoy.rules import DvorovoyOptions, DvorovoyRules, DvorovoyState, DvorovoyView, points, value


class Dvorovoy(DvorovoyRules):
    """The rules with their AI levels."""

    bot_levels = ("random", "heuristic", "search")
    default_bot = "search"

    def bot(self, level: str = "random", **kwargs: Any) -> Any:
        if level in ("heuristic", "search"):
            from games.dvorovoy import ai  # the AI imports the rules: loaded when a bot is asked for

            if level == "heuristic":
                return ai.HeuristicBot()
            return ai.SearchBot(**{k: v for k, v in kwargs.items() if v is not None})
        return super().bot(level, **kwargs)


GAME = Dvorovoy()

__all__ = [
    "GAME",
    "Dvorovoy",
    "DvorovoyOptions",
    "DvorovoyRules",
    "DvorovoyState",
    "DvorovoyView",
    "points",
    "value",
]
