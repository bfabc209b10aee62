"""Durak, podkidnoy and perevodnoy.

`rules.py` holds the game; `heuristic.py`, `endgame.py`, `fast.py` and `ai.py` the AI levels, `article.py` the
source article's AI (a reference for the arena only). This package joins the rules with their AI levels, so
that the rules never import their AI.
"""

from __future__ import annotations

from typing import Any

from games.durak.rules import DurakOptions, DurakRules, DurakState, DurakView, Pair, beats, clone


class Durak(DurakRules):
    """The rules with their AI levels."""

    bot_levels = ("random", "heuristic", "search")
    default_bot = "search"

    def bot(self, level: str = "random", **kwargs: Any) -> Any:
        """`article` (and `article-literal`): the source article's AI, a reference for the arena only."""
        if level in ("article", "article-literal"):
            from games.durak.article import ArticleBot

            return ArticleBot(literal=level == "article-literal")
        if level in ("heuristic", "search"):
            from games.durak import ai  # the AI imports the rules: loaded when a bot is asked for

            if level == "heuristic":
                return ai.HeuristicBot()
            return ai.SearchBot(**{k: v for k, v in kwargs.items() if v is not None})
        return super().bot(level, **kwargs)


GAME = Durak()

__all__ = ["GAME", "Durak", "DurakOptions", "DurakRules", "DurakState", "DurakView", "Pair", "beats", "clone"]
