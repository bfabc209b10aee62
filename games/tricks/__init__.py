"""Tricks: the plain trick-taking game (see `rules.py`)."""

from games.tricks.rules import GAME, Tricks, TricksOptions, TricksState

__all__ = ["GAME", "Tricks", "TricksOptions", "TricksState"]
