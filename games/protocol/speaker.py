"""What a protocol must do: turn a game's course into lines for each program, and a line into an action."""

from __future__ import annotations

from typing import Any

from games.base import Event, Game

# A line for one seat, or for every program (seat None).
Message = tuple[int | None, str]


class BadAnswer(Exception):
    """An answer that names no action; `shown` is what the other players are told was sent."""

    def __init__(self, shown: str) -> None:
        super().__init__(shown)
        self.shown = shown


def shown(text: str, limit: int = 32) -> str:
    """A program's text made safe to repeat in a line protocol: printable, no `|`, short."""
    clean = "".join(c for c in text if c.isprintable() and c != "|").strip()
    return clean[:limit]


class Speaker:
    """One protocol for one game: the messages of a whole match (all seats), and answers parsed."""

    name = "abstract"

    def __init__(self, game: Game, names: list[str], time_limit: float, options: dict[str, Any]) -> None:
        self.game = game
        self.names = names
        self.time_limit = time_limit
        self.options = options

    def start(self, state: Any) -> list[Message]:
        raise NotImplementedError

    def after(self, state: Any, events: list[Event]) -> list[Message]:
        """The messages once `events` have happened and `state` is the new state."""
        raise NotImplementedError

    def query(self, state: Any, seat: int) -> list[Message]:
        raise NotImplementedError

    def answer(self, line: str, state: Any, seat: int) -> str:
        """The action text a program's line names (not yet checked for legality); BadAnswer if none."""
        raise NotImplementedError

    def violation(self, seat: int, reason: str, fallback: str) -> list[Message]:
        """A note to the offender (protocols without one send nothing)."""
        return []

    def end(
        self, state: Any, scores: list[float], winners: list[int], notes: list[dict[str, Any]]
    ) -> list[Message]:
        raise NotImplementedError
