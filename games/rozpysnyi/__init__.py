"""Rozpysnyi poker.

`rules.py` holds the game and `schedule.py` its schedules of rounds; `ai.py` (the heuristic), `fast.py`,
`policy.py` and `search.py` (the search) the AI levels. This package joins the rules with their AI levels,
so that the rules never import their AI.
"""

from __future__ import annotations

from typing import ClassVar

from games.rozpysnyi.rules import (
    RozpysnyiOptions,
    RozpysnyiRules,
    RozpysnyiState,
    RozpysnyiView,
    round_points,
)


class Rozpysnyi(RozpysnyiRules):
    """The rules with their AI levels."""

    bot_levels = ("random", "heuristic", "search")
    default_bot = "search"
    bots: ClassVar[dict[str, str]] = {
        "heuristic": "games.rozpysnyi.ai:HeuristicBot",
        "search": "games.rozpysnyi.search:SearchBot",
    }


GAME = Rozpysnyi()

__all__ = [
    "GAME",
    "Rozpysnyi",
    "RozpysnyiOptions",
    "RozpysnyiRules",
    "RozpysnyiState",
    "RozpysnyiView",
    "round_points",
]
