"""Dvorovoy bridge (дворовой бридж), the courtyard shedding game.

`rules.py` holds the game, `ai.py` the robots. This package joins them, so that the rules never import their
AI.
"""

from __future__ import annotations

from typing import ClassVar

from games.dvorovoy.rules import DvorovoyOptions, DvorovoyRules, DvorovoyState, DvorovoyView, points, value


class Dvorovoy(DvorovoyRules):
    """The rules with their AI levels."""

    bot_levels = ("random", "heuristic", "search")
    default_bot = "search"
    bots: ClassVar[dict[str, str]] = {
        "heuristic": "games.dvorovoy.ai:HeuristicBot",
        "search": "games.dvorovoy.ai:SearchBot",
    }


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
