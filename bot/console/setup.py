"""What a console table is opened with: the game, a preset, options, AI opponents and level, language."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.base import Game

LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "uk": "Українська"}


@dataclass
class Setup:
    game: str | None = None
    preset: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    opponents: int | None = None
    level: str | None = None  # a level of `game.bot_levels`, or its number (1 = the weakest)
    lang: str = "en"
    boards: str | None = None  # a file of deals to play (bridge: PBN), as text

    def opponents_for(self, game: Game) -> int:
        """As asked, or as few as the game allows (at least one)."""
        if self.opponents is not None:
            return self.opponents
        return max(1, game.min_players - 1)

    def level_for(self, game: Game) -> str:
        return level_of(game, self.level)


def level_of(game: Game, level: str | None) -> str:
    """A level by name, or by number counted from the weakest (a number past the strongest: the strongest)."""
    if level is None or level == "":
        return game.default_bot
    if level.isdigit():
        levels = game.bot_levels
        return levels[max(1, min(int(level), len(levels))) - 1]
    return level
