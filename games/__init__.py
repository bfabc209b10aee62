"""Pure game rules and AI: no I/O, no asyncio, deterministic given a seed or explicit deals.

`games.get("rozpysnyi")` (or an alias such as `poker`, `розписний`) returns the game's rules object.
"""

from __future__ import annotations

import importlib

from games.base import Event, Game, GameError, GameState, Options

__all__ = ["Event", "Game", "GameError", "GameState", "Options", "all_games", "get", "lookup"]

# Each package exposes `GAME`, an instance of its `Game` subclass.
GAME_MODULES = (
    "games.rozpysnyi",
    "games.durak",
    "games.tricks",
    "games.bridge",
    "games.dvorovoy",
    "games.most",
)

_registry: dict[str, Game] = {}
_by_name: dict[str, Game] = {}


def _load() -> None:
    if _registry:
        return
    for module_name in GAME_MODULES:
        try:
            game: Game = importlib.import_module(module_name).GAME
        except ModuleNotFoundError as e:
            if e.name != module_name:  # a broken game must fail loudly, a missing one is skipped
                raise
            continue
        _registry[game.key] = game
        for name in (game.key, *game.aliases):
            _by_name[name.casefold()] = game


def get(name: str) -> Game:
    """The game registered under this key or alias (case-insensitive); GameError if none."""
    _load()
    game = _by_name.get(name.strip().casefold())
    if game is None:
        raise GameError("unknown_game", name=name)
    return game


def lookup(name: str, preset: str | None = None) -> tuple[Game, str | None, dict[str, str]]:
    """`get`, and what a name that names a variant sets: its preset (`perevodnoy`: durak's `perevodnoy`),
    or beside another `preset` that preset's options, as if typed (`perevodnoy short`); else `preset`."""
    game = get(name)
    named = game.alias_presets.get(name.strip().casefold())
    if named is None or preset is None:
        return game, preset or named, {}
    return game, preset, {option: str(value) for option, value in game.presets[named].items()}


def all_games() -> list[Game]:
    _load()
    return list(_registry.values())
