"""Durak, podkidnoy and perevodnoy.

`rules.py` holds the game; `heuristic.py`, `endgame.py`, `fast.py` and `ai.py` the AI levels, `article.py` the
source article's AI (a reference for the arena only). This package joins the rules with their AI levels, so
that the rules never import their AI.
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.durak.rules import DurakOptions, DurakRules, DurakState, DurakView, Pair, beats, clone


class Durak(DurakRules):
    """The rules with their AI levels."""

    bot_levels = ("random", "heuristic", "search")
    default_bot = "search"
    bots: ClassVar[dict[str, str]] = {
        "heuristic": "games.durak.ai:HeuristicBot",
        "search": "games.durak.ai:SearchBot",
    }

    def bot(self, level: str = "random", **kwargs: Any) -> Any:
        """`article` (and `article-literal`): the source article's AI, a reference for the arena only."""
        if level in ("article", "article-literal"):
            from games.durak.article import ArticleBot

            return ArticleBot(literal=level == "article-literal")
        return super().bot(level, **kwargs)


GAME = Durak()

__all__ = ["GAME", "Durak", "DurakOptions", "DurakRules", "DurakState", "DurakView", "Pair", "beats", "clone"]
