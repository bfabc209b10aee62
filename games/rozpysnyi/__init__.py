"""Rozpysnyi poker.

`rules.py` holds the game and `schedule.py` its schedules of rounds; `ai.py` (the heuristic), `fast.py`,
`policy.py` and `search.py` (the search) the AI levels. This package joins the rules with their AI levels,
so that the rules never import their AI.
"""

from __future__ import annotations

from typing import Any

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

    def bot(self, level: str = "random", **kwargs: Any) -> Any:
        if level == "heuristic":
            from games.rozpysnyi import ai  # the AI imports the rules: loaded when a bot is asked for

            return ai.HeuristicBot()
        if level == "search":
            from games.rozpysnyi import search

            return search.SearchBot(**kwargs)
        return super().bot(level, **kwargs)


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
