"""Play at a local table against the AI: buttons become numbered choices.

The console is a front end like Telegram or Discord: it sends the host commands (`NewTable`, `AddBot`,
`Start`, `Press`, `Act`) and shows the screens it gets back. It is also the one owner of the AI's moves
at its table — no background sweep runs in console mode — so nothing can move behind its back: between
a person's answers it plays the AI's moves itself, one at a time and `pace` seconds apart, and a line
typed meanwhile (a card thrown in at durak while the AI considers its defence) is taken at once.

Every event is printed once, in order, from the table's event stream (the table message shows only the
last few); the table and the hand are shown again only when they changed; a bad answer gets one line.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import games
from bot.console.keyboard import Keyboard
from bot.console.setup import Setup
from bot.core import render
from bot.core.api import (
    Act,
    AddBot,
    ChatRef,
    Command,
    NewTable,
    Press,
    Rematch,
    SetOption,
    ShowHistory,
    ShowRecord,
    ShowReplay,
    ShowRules,
    ShowSheet,
    ShowStats,
    ShowTop,
    Start,
    UserRef,
)
from bot.core.host import Host
from bot.core.i18n import has, t
from bot.core.outcome import Button, ChatTarget, Delivery, HandTarget, Outcome, Screen, TableTarget
from bot.core.table import Table

Write = Callable[[str], Any]
QUIT = {"q", "quit", "exit", "й"}  # й: the q key on a Russian or Ukrainian layout
RULES = {"?", "rules", "r"}
HELP = {"help", "h"}
SCORES = {"/stats", "/top", "/history", "/replay", "/record", "/sheet"}
CLEAR_LINE = "\r\x1b[K"


def _stdout(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


class ConsoleApp:
    platform = "console"

    def __init__(
        self,
        host: Host,
        keyboard: Keyboard,
        *,
        write: Write = _stdout,
        lang: str = "en",
        name: str = "Player",
        pace: float = 1.0,
        tty: bool = False,
    ) -> None:
        self.host = host
        self.keyboard = keyboard
        self.write = write
        self.lang = lang
        self.pace = pace
        self.tty = tty
        # A name, not "You": the table's lines are written in the third person ("Ann attacks").
        self.user = UserRef(platform="console", id="me", name=name, lang=lang)
        self.chat = ChatRef(platform="console", id="local", title="Console")
        self.table_id: str | None = None
        self.table: Screen | None = None
        self.hand: Screen | None = None
        self.final: Screen | None = None
        self.shown: object = None  # what the table and hand looked like when last shown
        self.after = 0  # the table's log lines printed so far (`Table.logged`)
        self.prompting = False
        self.new_game = False  # after the end the person asked for a new game (the menu again)
        host.attach(self)

    # -- Frontend -------------------------------------------------------------------------------
    async def deliver(self, deliveries: Sequence[Delivery]) -> None:
        for d in deliveries:
            if isinstance(d.target, TableTarget):
                self.table = d.screen
            elif isinstance(d.target, HandTarget) and d.target.user.key == self.user.key:
                self.hand = d.screen
            elif isinstance(d.target, ChatTarget):
                self.final = d.screen

    # -- output ---------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """A line (or lines); a prompt on screen is cleared first, and shown again when input is due."""
        if self.prompting:
            self.write(CLEAR_LINE if self.tty else "\n")
            self.prompting = False
        self.write(text + "\n")

    def prompt(self) -> None:
        if not self.prompting:
            self.write("> ")
            self.prompting = True

    # -- the game -------------------------------------------------------------------------------
    async def play(self, setup: Setup) -> int:
        """Open the table, seat the AI, start, and play to the end; then rematches as long as the person
        asks. The exit code: 0, or 2 for a bad setup; `new_game` when the person asked for another game."""
        game = games.get(setup.game or "")
        me, here = self.user, self.chat
        created = await self._command(
            NewTable(user=me, chat=here, game=game.key, preset=setup.preset, boards=setup.boards)
        )
        if created is None or created.table is None:
            return 2
        self.table_id = created.table
        for name, value in setup.options.items():  # as typed: the host reads them as ⚙ Settings does
            if await self._command(SetOption(user=me, chat=here, name=name, value=value)) is None:
                return 2
        for _ in range(setup.opponents_for(game)):
            if await self._command(AddBot(user=me, chat=here, level=setup.level_for(game))) is None:
                return 2
        if await self._command(Start(user=self.user, chat=self.chat)) is None:
            return 2
        self.say(t(self.lang, "console.help") + "\n" + t(self.lang, "console.help_scores"))
        while (code := await self._turns()) is None and await self._rematch():
            pass
        return code or 0

    async def _rematch(self) -> bool:
        """After the end, as in a chat: 1 a rematch (True: it has started), 2 a new game, Enter or q quit."""
        self.hand = None  # the finished game's buttons are gone
        while True:
            self.say(t(self.lang, "console.after_end"))
            self.prompt()
            try:
                text = await self.keyboard.line(None)
            except EOFError:
                self.say("")
                return False
            self.prompting = False
            word = (text or "").strip().casefold()
            if word in ("", *QUIT):
                return False
            if word == "2":
                self.new_game = True
                return False
            if word == "1":
                done = await self._command(Rematch(user=self.user, table=self.table_id, chat=self.chat))
                if done is not None and done.table is not None:
                    self.table_id, self.after, self.shown = done.table, 0, None
                    self.table = self.final = None
                    return True
            else:
                self.say(t(self.lang, "console.bad_choice"))

    async def _turns(self) -> int | None:
        """Play the table to its end (None), or the exit code when the person quits."""
        ai_idle = False  # the AI was asked for a move and had none: wait for the person
        while True:
            table = await self._load()
            await self._news(table)
            if table.status != "playing":
                self._end()
                self._save_record(table)
                await self._scores("/stats")
                return None
            buttons = self._buttons()
            ai_next = table.ai_due is not None and not ai_idle
            if buttons:
                self._show(table, buttons)
                self.prompt()
            elif not ai_next:  # cannot happen while the console alone moves the AI; said, not hidden
                self.say(t(self.lang, "console.nothing_to_do"))
                return 1
            try:
                text = await self.keyboard.line(self.pace if ai_next else None)
            except EOFError:
                self.say("")
                return 0
            if text is None:  # nobody typed anything in time: the AI's move
                ai_idle = not await self.host.run_due(ai_only=True)
                continue
            self.prompting = False  # the Enter that ended the line moved to a new line
            ai_idle = False
            if await self._answer(text.strip(), buttons):
                return 0

    async def _answer(self, text: str, buttons: list[Button]) -> bool:
        """Act on one typed line; True to quit."""
        word = text.casefold()
        if not text:
            self.shown = None  # an empty line shows the table again
        elif word in QUIT:
            return True
        elif word in RULES:
            await self._rules()
        elif word in HELP:
            self.say(t(self.lang, "console.help") + "\n" + t(self.lang, "console.help_scores"))
        elif word.split(" ")[0] in SCORES:
            await self._scores(text)
        elif text.isdigit() and not buttons:
            self.say(t(self.lang, "console.not_your_turn"))
        elif text.isdigit():
            n = int(text)
            if 1 <= n <= len(buttons):
                await self._command(Press(user=self.user, token=buttons[n - 1].token or "", chat=self.chat))
            else:
                self.say(t(self.lang, "console.bad_number", n=n, max=len(buttons)))
        else:  # a typed action in its canonical text (`play:QH`)
            await self._command(Act(user=self.user, chat=self.chat, action=text))
        return False

    async def _command(self, command: Command) -> Outcome | None:
        """Send a command; its reply in one line. None when it was refused."""
        outcome = await self.host.handle(command)  # type: ignore[arg-type]
        if outcome.reply is not None and (outcome.reply.alert or isinstance(command, Press | Act)):
            self.say(("⚠ " if outcome.reply.alert else "") + outcome.reply.text)
        return None if outcome.reply is not None and outcome.reply.alert else outcome

    async def _scores(self, text: str) -> None:
        """`/stats`, `/top`, `/history`, `/replay <id> [move]`, `/sheet`: printed (a picture saved)."""
        await self.host.flush()  # a game that just ended is counted
        word, *args = text.split()
        base = {"user": self.user}
        command: Command
        if word == "/stats":
            command = ShowStats(chat=self.chat, game=args[0] if args else None, **base)
        elif word == "/top":
            command = ShowTop(chat=self.chat, game=args[0] if args else None, **base)
        elif word == "/history":
            command = ShowHistory(chat=self.chat, **base)
        elif word == "/replay" and args:
            step = int(args[1]) if len(args) > 1 and args[1].isdigit() else None
            command = ShowReplay(game_id=args[0], step=step, **base)
        elif word == "/replay":
            self.say(t(self.lang, "stats.replay_how"))
            return
        elif word == "/record" and args:
            command = ShowRecord(game_id=args[0], **base)
        else:
            command = ShowSheet(chat=self.chat, table=self.table_id, **base)
        outcome = await self.host.handle(command)  # type: ignore[arg-type]
        reply = outcome.reply
        if reply is None:
            return
        if reply.alert or reply.screen is None:
            self.say(("⚠ " if reply.alert else "") + reply.text)
            return
        self.say("\n" + reply.screen.text())
        if reply.screen.image is not None:
            self.say(t(self.lang, "console.sheet_saved", path=self._save(reply.screen.image)))
        if reply.screen.document is not None:
            path = self._save(reply.screen.document, reply.screen.document_name)
            self.say(t(self.lang, "console.record_saved", path=path))
        self.shown = None

    def _save(self, data: bytes, name: str = "") -> str:
        """The score sheet (PNG) or a game's record, under its name, in the temporary directory; its path."""
        path = Path(tempfile.gettempdir()) / (name or f"kozyr-{self.table_id or 'sheet'}.png")
        path.write_bytes(data)
        return str(path)

    def _save_record(self, table: Table) -> None:
        """A finished game whose record is a file (bridge: its boards as PBN) is saved beside the sheet."""
        game = games.get(table.game)
        if not game.records_file or table.state is None or table.status != "over":
            return
        names = [render.seat_name(table, i, self.lang) for i in range(len(table.seats))]
        name, data = game.record_file(game.load(table.state), names, f"Kozyr {table.id}")
        self.say(t(self.lang, "console.record_saved", path=self._save(data, name)))

    async def _rules(self) -> None:
        table = await self._load()
        game = games.get(table.game)
        outcome = await self.host.handle(ShowRules(user=self.user, game=game.key))
        if outcome.reply is not None:
            self.say(outcome.reply.text)
        opts = game.options(table.options)
        values = [
            f"{_option_label(game, name, lang)}: {render.option_value(getattr(opts, name), lang, game, name)}"
            for name in type(opts).model_fields
            for lang in [self.lang]
        ]
        if values:
            self.say(t(self.lang, "console.this_table", options=" · ".join(values)))
        self.shown = None

    # -- what is printed --------------------------------------------------------------------------
    async def _load(self) -> Table:
        assert self.table_id is not None
        found = await self.host.store.load(self.table_id)
        assert found is not None, "the console's table vanished"
        table = Table.model_validate_json(found[0])
        table.version = found[1]
        return table

    async def _news(self, table: Table) -> None:
        """Every log line noted since the last call, once, in order (repeats included).

        The console reads the table after every change (it alone moves the AI), and no change notes more
        lines than the table keeps (`LOG_SIZE`); were some lost anyway, "…" says so.
        """
        fresh = table.logged - self.after
        self.after = table.logged
        if fresh > len(table.log):
            self.say("· …")
        for line in table.log[-fresh:] if fresh > 0 else []:
            self.say("· " + render.line(table, line, table.lang))

    def _buttons(self) -> list[Button]:
        return [b for row in (self.hand.buttons if self.hand else []) for b in row if b.token]

    def _show(self, table: Table, buttons: list[Button]) -> None:
        """The table (without its log: the events are printed as they happen), the hand, the buttons."""
        local = self._untimed(table)
        table_lines = [
            local(ln) for ln in (self.table.lines if self.table else []) if not ln.startswith("· ")
        ]
        hand_lines = [local(ln) for ln in (self.hand.lines if self.hand else [])]
        hand_lines = [ln for ln in hand_lines if ln not in table_lines]
        labels = [f"[{i}] {b.label}" for i, b in enumerate(buttons, 1)]
        key = (table_lines, hand_lines, labels)
        if key == self.shown:
            return
        self.shown = key
        title = [self.table.title] if self.table and self.table.title else []
        body = "\n".join([*title, *table_lines]).strip("\n")
        self.say("\n" + body + "\n" + "\n".join([*hand_lines, *_wrap(labels)]))

    def _untimed(self, table: Table) -> Callable[[str], str]:
        """The host's "waiting for Ann (up to 12 hours per move)" without the limit: nobody times out here."""
        game = games.get(table.game)
        public = game.view(game.load(table.state), None).to_act  # whose turn as the table shows it
        names = ", ".join(render.seat_name(table, i, table.lang) for i in public)
        timed = t(
            table.lang,
            "host.waiting_for",
            names=names,
            time=render.duration(table.host.turn_timeout, table.lang),
        )
        local = t(table.lang, "console.waiting_for", names=names)
        return lambda line: local if line == timed else line

    def _end(self) -> None:
        if self.final is not None:
            self.say("\n" + self.final.text())
            if self.final.image is not None:
                self.say(t(self.lang, "console.sheet_saved", path=self._save(self.final.image)))
        elif self.table is not None:
            self.say("\n" + self.table.text())


def _wrap(items: list[str]) -> list[str]:
    """Buttons side by side, as many as fit the terminal's width."""
    width = max(40, shutil.get_terminal_size((100, 24)).columns - 1)
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 2 + len(item) <= width:
            lines[-1] += "  " + item
        else:
            lines.append(item)
    return lines


def _option_label(game: games.Game, name: str, lang: str) -> str:
    key = f"{game.key}.option.{name}"
    return t(lang, key) if has(key) else name
