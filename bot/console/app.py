"""Play at a local table against the AI: buttons become numbered choices.

The console is a front end like Telegram or Discord: it sends the host commands (`NewTable`, `AddBot`,
`Start`, `Press`) and shows the deliveries it gets back. Input and output are injectable so a test can
play a whole game through it.
"""

from __future__ import annotations

import asyncio
import getpass
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import games
from bot.core.api import (
    Act,
    AddBot,
    Button,
    ChatRef,
    ChatTarget,
    Delivery,
    HandTarget,
    NewTable,
    Press,
    Screen,
    ShowRules,
    Start,
    TableTarget,
    UserRef,
)
from bot.core.host import Host
from bot.core.i18n import t
from bot.core.render import game_name

Ask = Callable[[str], Awaitable[str]]
Say = Callable[[str], None]


async def _stdin(prompt: str) -> str:
    return await asyncio.to_thread(input, prompt)


class ConsoleApp:
    platform = "console"

    def __init__(
        self,
        host: Host,
        *,
        ask: Ask = _stdin,
        say: Say = print,
        lang: str = "en",
        name: str | None = None,
    ) -> None:
        self.host = host
        self.ask = ask
        self.say = say
        self.lang = lang
        # A name, not "You": the table's lines are written in the third person ("Ann attacks").
        name = name or _login_name() or t(lang, "console.player")
        self.user = UserRef(platform="console", id="me", name=name, lang=lang)
        self.chat = ChatRef(platform="console", id="local", title="Console")
        self.table: Screen | None = None
        self.hand: Screen | None = None
        self.shown_log: list[str] = []
        self.finished = False
        host.attach(self)

    # -- Frontend -------------------------------------------------------------------------------
    async def deliver(self, deliveries: Sequence[Delivery]) -> None:
        for d in deliveries:
            if isinstance(d.target, TableTarget):
                self._table(d.screen)
            elif isinstance(d.target, HandTarget) and d.target.user.key == self.user.key:
                self.hand = d.screen
            elif isinstance(d.target, ChatTarget):
                self.say("\n" + d.screen.text())
                self.finished = True

    def _table(self, screen: Screen) -> None:
        """Print only the lines that are new since the last table view: a running commentary."""
        new = [ln for ln in screen.lines if ln.startswith("· ") and ln not in self.shown_log]
        for ln in new:
            self.say(ln)
        self.shown_log = [ln for ln in screen.lines if ln.startswith("· ")]
        self.table = screen

    # -- the session ----------------------------------------------------------------------------
    async def run(
        self,
        game_key: str | None = None,
        opponents: int | None = None,
        preset: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        game = games.get(game_key) if game_key else await self._pick_game()
        if opponents is None:
            opponents = await self._pick_number(
                t(self.lang, "console.opponents", min=game.min_players - 1, max=game.max_players - 1),
                game.min_players - 1,
                game.max_players - 1,
            )
        await self._command(
            NewTable(user=self.user, chat=self.chat, game=game.key, preset=preset, options=options or {})
        )
        for _ in range(opponents):
            await self._command(AddBot(user=self.user, chat=self.chat))
        await self._command(Start(user=self.user, chat=self.chat))
        await self._loop()

    async def _pick_game(self) -> games.Game:
        choices = games.all_games()
        for i, g in enumerate(choices, 1):
            self.say(f"{i}. {game_name(g, self.lang)}")
        n = await self._pick_number(t(self.lang, "console.pick_game"), 1, len(choices))
        return choices[n - 1]

    async def _pick_number(self, prompt: str, low: int, high: int) -> int:
        while True:
            text = (await self.ask(f"{prompt} [{low}–{high}]: ")).strip()
            if text.isdigit() and low <= int(text) <= high:
                return int(text)
            self.say(t(self.lang, "console.bad_choice"))

    async def _command(self, command: object) -> None:
        outcome = await self.host.handle(command)  # type: ignore[arg-type]
        if outcome.reply and outcome.reply.alert:
            self.say("⚠ " + outcome.reply.text)

    async def _loop(self) -> None:
        while not self.finished:
            await self.host.settle()
            if self.finished:
                return
            buttons = [b for row in (self.hand.buttons if self.hand else []) for b in row if b.token]
            if not buttons:
                self.say(t(self.lang, "console.nothing_to_do"))
                return
            self._show(buttons)
            answer = (await self.ask("> ")).strip()
            if answer in {"q", "quit", "exit"}:
                return
            if answer in {"?", "rules"}:
                outcome = await self.host.handle(ShowRules(user=self.user))
                self.say(outcome.reply.text if outcome.reply else "")
            elif answer.isdigit() and 1 <= int(answer) <= len(buttons):
                await self._command(
                    Press(user=self.user, token=buttons[int(answer) - 1].token or "", chat=self.chat)
                )
            else:  # a typed action in its canonical text (`play:QH`)
                await self._command(Act(user=self.user, chat=self.chat, action=answer))

    def _show(self, buttons: list[Button]) -> None:
        """The table without the log already printed, then what only the hand adds."""
        table_lines = self.table.lines if self.table else []
        if self.table:
            head = [self.table.title] if self.table.title else []
            body = [ln for ln in table_lines if not ln.startswith("· ")]
            self.say("\n" + "\n".join([*head, *body]).rstrip())
        if self.hand:
            self.say("\n".join(ln for ln in self.hand.lines if ln not in table_lines))
        self.say("  ".join(f"[{i}] {b.label}" for i, b in enumerate(buttons, 1)))
        self.say(t(self.lang, "console.help"))


def _login_name() -> str | None:
    try:
        return getpass.getuser().capitalize() or None
    except (OSError, KeyError):  # no login name in a bare container
        return None


async def run_console(host: Host, lang: str = "en") -> None:
    app = ConsoleApp(host, lang=lang)
    await app.run()
