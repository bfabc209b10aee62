"""The short menu before a console game: the game, then preset, options, AI opponents, AI level, language.

Every question takes a number (or `name=value` for an option); Enter starts the game, `q` or Ctrl-D
leaves. A bad answer gets one line and the same question again.
"""

from __future__ import annotations

from collections.abc import Callable

import games
from bot.console.keyboard import Keyboard
from bot.console.setup import LANGUAGE_NAMES, Setup, level_of
from bot.core import lobby, render
from bot.core.api import ChatRef, UserRef
from bot.core.i18n import has, t
from bot.core.table import Table
from games.base import Game, GameError

ErrorText = Callable[[GameError, str], str]
QUIT = {"q", "quit", "exit"}


def options_of(game: Game, s: Setup, more: dict[str, str] | None = None) -> dict[str, object]:
    """The options a table opened with this setup would have (GameError for a bad name or value).

    They are checked exactly as the host will set them: the preset, then each typed `name=value`.
    """
    user = UserRef(platform="console", id="menu")
    table = Table(id="menu", game=game.key, chat=ChatRef(platform="console", id="menu"), creator=user)
    table.options = lobby.resolve_options(game, s.preset, {})
    for name, value in {**s.options, **(more or {})}.items():
        lobby.set_option(table, game, user, True, name, value)
    return {**game.options(table.options).model_dump(mode="json")}


class Quit(Exception):
    """The person left the menu."""


class Menu:
    def __init__(self, keyboard: Keyboard, write: Callable[[str], object], error_text: ErrorText) -> None:
        self.keyboard = keyboard
        self.write = write
        self.error_text = error_text

    def say(self, text: str) -> None:
        self.write(text + "\n")

    async def run(self, setup: Setup) -> Setup | None:
        """The setup to play, or None when the person left."""
        try:
            if setup.game is None:
                setup.game = (await self._pick_game(setup.lang)).key
            while True:
                game = games.get(setup.game)
                self._summary(game, setup)
                answer = await self._ask(t(setup.lang, "console.menu.choose"))
                if not answer:
                    return setup
                change = {
                    "1": self._preset,
                    "2": self._options,
                    "3": self._opponents,
                    "4": self._level,
                    "5": self._language,
                }.get(answer)
                if change is None:
                    self.say(t(setup.lang, "console.bad_choice"))
                else:
                    await change(game, setup)
        except Quit:
            return None

    async def _ask(self, prompt: str) -> str:
        self.write(prompt + " ")
        try:
            text = await self.keyboard.line()
        except EOFError:
            self.write("\n")
            raise Quit from None
        text = (text or "").strip()
        if text.casefold() in QUIT:
            raise Quit
        return text

    async def _number(self, prompt: str, low: int, high: int, lang: str) -> int:
        while True:
            text = await self._ask(f"{prompt} [{low}–{high}]:")
            if text.isdigit() and low <= int(text) <= high:
                return int(text)
            self.say(t(lang, "console.bad_choice"))

    async def _pick_game(self, lang: str) -> Game:
        choices = games.all_games()
        self.say(t(lang, "console.title"))
        for i, g in enumerate(choices, 1):
            players = f"{g.min_players}–{g.max_players}" if g.min_players < g.max_players else g.min_players
            self.say(f"{i}. {render.game_name(g, lang)} ({t(lang, 'console.players', players=players)})")
        return choices[await self._number(t(lang, "console.pick_game"), 1, len(choices), lang) - 1]

    def _summary(self, game: Game, s: Setup) -> None:
        lang = s.lang
        none = t(lang, "console.none")
        options = ", ".join(f"{k}={v}" for k, v in s.options.items()) or none
        rows = [
            ("console.menu.preset", render.preset_name(game, s.preset, lang) if s.preset else none),
            ("console.menu.options", options),
            ("console.menu.opponents", str(s.opponents_for(game))),
            ("console.menu.level", render.level_name(s.level_for(game), lang)),
            ("console.menu.language", LANGUAGE_NAMES.get(lang, lang)),
        ]
        self.say("\n🃏 " + render.game_name(game, lang))
        for i, (key, value) in enumerate(rows, 1):
            self.say(f" {i}. {t(lang, key)}: {value}")

    async def _preset(self, game: Game, s: Setup) -> None:
        names = list(game.presets)
        if not names:
            self.say(t(s.lang, "console.no_presets"))
            return
        self.say("0. " + t(s.lang, "console.none"))
        for i, name in enumerate(names, 1):
            self.say(f"{i}. {render.typed_with_name(name, render.preset_name(game, name, s.lang))}")
        n = await self._number(t(s.lang, "console.pick_preset"), 0, len(names), s.lang)
        s.preset = names[n - 1] if n else None

    async def _options(self, game: Game, s: Setup) -> None:
        lang = s.lang
        current = options_of(game, s)
        for name, field in game.Options.model_fields.items():
            key = f"{game.key}.option.{name}"
            helptext = t(lang, f"{key}.help") if has(f"{key}.help") else (field.description or "")
            label = t(lang, key) if has(key) else name
            value = render.option_value(current.get(name, field.default), lang)
            self.say(f"  {name} = {value} — {label}" + (f": {helptext}" if helptext else ""))
        while text := await self._ask(t(lang, "console.option_prompt")):
            name, sep, value = (part.strip() for part in text.partition("="))
            try:
                if not sep:
                    raise GameError("unknown_option", name=text)
                current = options_of(game, s, {name: value})
            except GameError as e:
                self.say("⚠ " + self.error_text(e, lang))
                continue
            s.options[name] = value
            self.say(f"  {name} = {render.option_value(current.get(name, value), lang)}")

    async def _opponents(self, game: Game, s: Setup) -> None:
        low, high = max(1, game.min_players - 1), game.max_players - 1
        s.opponents = await self._number(t(s.lang, "console.opponents"), low, high, s.lang)

    async def _level(self, game: Game, s: Setup) -> None:
        for i, name in enumerate(game.bot_levels, 1):
            self.say(f"{i}. {render.typed_with_name(name, render.level_name(name, s.lang))}")
        n = await self._number(t(s.lang, "console.pick_level"), 1, len(game.bot_levels), s.lang)
        s.level = level_of(game, str(n))

    async def _language(self, game: Game, s: Setup) -> None:
        codes = list(LANGUAGE_NAMES)
        for i, code in enumerate(codes, 1):
            self.say(f"{i}. {LANGUAGE_NAMES[code]}")
        s.lang = codes[await self._number(t(s.lang, "console.pick_language"), 1, len(codes), s.lang) - 1]
