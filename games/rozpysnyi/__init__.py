"""Rozpysnyi poker: the rules (`rules.py`), the schedules (`schedule.py`) and the AI (`ai.py`)."""

from games.rozpysnyi.rules import (
    GAME,
    Rozpysnyi,
    RozpysnyiOptions,
    RozpysnyiState,
    RozpysnyiView,
    round_points,
)

__all__ = ["GAME", "Rozpysnyi", "RozpysnyiOptions", "RozpysnyiState", "RozpysnyiView", "round_points"]
