"""Dvorovoy bridge (дворовой бридж), the courtyard shedding game: the rules (`rules.py`), the AI (`ai.py`)."""

from games.dvorovoy.rules import GAME, Dvorovoy, DvorovoyOptions, DvorovoyState, DvorovoyView, points, value

__all__ = ["GAME", "Dvorovoy", "DvorovoyOptions", "DvorovoyState", "DvorovoyView", "points", "value"]
