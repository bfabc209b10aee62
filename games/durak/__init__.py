"""Durak, podkidnoy and perevodnoy: the rules (`rules.py`) and the AI (`ai.py`)."""

from games.durak.rules import GAME, Durak, DurakOptions, DurakState, DurakView, Pair, beats, clone

__all__ = ["GAME", "Durak", "DurakOptions", "DurakState", "DurakView", "Pair", "beats", "clone"]
