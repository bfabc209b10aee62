"""The console front end in-process: whole games, every event once, one line per bad answer, the rules
of the game at hand, AI moves paced by the console alone, picks, and the menu."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from fakeredis import FakeAsyncRedis

import games
from bot.console import ConsoleApp, Menu, ScriptedKeyboard, Setup
from bot.console.setup import level_of
from bot.core import render
from bot.core.config import Settings
from bot.core.host import Host
from bot.core.i18n import t
from bot.core.table import LogLine, Table
from storage import Store


class Person:
    """A keyboard with a person behind it: scripted lines first, then a random shown button at each prompt.

    A wait with a time limit (the AI is about to move) gets no answer unless `during_ai` says otherwise;
    every wait is recorded with the output length at that moment and the buttons shown.
    """

    def __init__(self, seed: int = 1, lines: tuple[str, ...] = (), limit: int = 5000) -> None:
        self.rng = random.Random(seed)
        self.lines = list(lines)
        self.limit = limit
        self.app: ConsoleApp | None = None
        self.out: list[str] = []
        self.waits: list[tuple[float | None, int, int]] = []  # (timeout, output length, buttons shown)
        self.during_ai: Callable[[ConsoleApp], str | None] = lambda _app: None

    def write(self, text: str) -> None:
        self.out.append(text)

    @property
    def text(self) -> str:
        return "".join(self.out)

    async def line(self, timeout: float | None = None) -> str | None:
        typed = await self._line(timeout)
        if typed is not None:
            self.out.append(typed + "\n")  # the terminal's echo
        return typed

    async def _line(self, timeout: float | None) -> str | None:
        assert self.app is not None
        buttons = self.app._buttons()
        self.waits.append((timeout, len(self.text), len(buttons)))
        if len(self.waits) > self.limit:
            raise EOFError
        if timeout is not None:
            return self.during_ai(self.app)
        if self.lines:
            return self.lines.pop(0)
        return str(self.rng.randint(1, len(buttons))) if buttons else ""


class Recording(Store):
    """A store that keeps every table JSON it wrote, in order: the oracle of what was logged."""

    def __init__(self) -> None:
        super().__init__(FakeAsyncRedis(decode_responses=True))
        self.written: list[Table] = []

    async def create(self, table_id: str, data: str, **kw) -> int:  # type: ignore[override]
        version = await super().create(table_id, data, **kw)
        self.written.append(Table.model_validate_json(data))
        return version

    async def commit(self, table_id: str, expected: int, data: str, **kw) -> int:  # type: ignore[override]
        version = await super().commit(table_id, expected, data, **kw)
        self.written.append(Table.model_validate_json(data))
        return version


def console(person: Person, *, lang: str = "en", pace: float = 0.0) -> ConsoleApp:
    host = Host(Recording(), Settings(ai_delay=0, search_budget=0.02))
    app = ConsoleApp(host, person, write=person.write, lang=lang, name="Ann", pace=pace)
    person.app = app
    return app


def noted(app: ConsoleApp) -> list[LogLine]:
    """Every log line the tables written noted, in order; no write noted more lines than a table keeps."""
    assert isinstance(app.host.store, Recording)
    lines: list[LogLine] = []
    before = 0
    for table in app.host.store.written:
        fresh = table.logged - before
        assert 0 <= fresh <= len(table.log), "a change noted more lines than the table keeps"
        lines += table.log[len(table.log) - fresh :]
        before = table.logged
    return lines


async def moves(app: ConsoleApp) -> list[tuple[int, str]]:
    """The moves of the table's history (its last two deals), in order."""
    assert app.table_id is not None
    return [(m.seat, m.action) for deal in await app.host.history(app.table_id) for m in deal.moves]


async def table_of(app: ConsoleApp) -> Table:
    return await app._load()


def printed_events(text: str) -> list[str]:
    return [ln.removeprefix("\r\x1b[K") for ln in text.splitlines() if ln.lstrip("\r\x1b[K").startswith("· ")]


ONE_GAME = {"most": "short"}  # a match of Most goes to 500 over several games: one game is enough here
# bridge logs the table's own events and claims (its calls and cards are the auction and the tricks on the
# screen): a person who never claims leaves just the five opening lines
FEWEST_EVENTS = {"bridge": 5}


@pytest.mark.parametrize("game", [g.key for g in games.all_games()])
async def test_every_game_is_played_to_the_end_and_every_event_is_printed_once(game: str) -> None:
    person = Person(seed=7)
    app = console(person)
    code = await app.play(Setup(game=game, preset=ONE_GAME.get(game)))
    assert code == 0
    text = person.text
    assert "🏁" in text and t("en", "console.nothing_to_do") not in text
    table = await table_of(app)
    logged = ["· " + render.line(table, line, "en") for line in noted(app)]
    # all of them, in order, repeats included
    assert len(logged) >= FEWEST_EVENTS.get(game, 9) and printed_events(text) == logged


async def test_bad_answers_get_one_line_and_the_table_is_not_printed_again() -> None:
    person = Person(lines=("oops", "play:QH", "99", "", "1", "q"))
    app = console(person)
    assert await app.play(Setup(game="durak")) == 0
    prompts = [at for timeout, at, _n in person.waits if timeout is None]
    text = person.text

    def answer_to(i: int) -> list[str]:
        lines = text[prompts[i] : prompts[i + 1]].splitlines()[1:]  # after the echo of the answer
        return [ln for ln in lines if ln.strip() and ln != "> "]

    oops, play, ninety_nine, empty = (answer_to(i) for i in range(4))
    assert len(oops) == 1 and oops[0].startswith("⚠ ")
    assert len(play) == 1 and play[0].startswith("⚠ ") and "play:Q♥" in play[0]  # the colon is kept
    assert ninety_nine == [t("en", "console.bad_number", n=99, max=person.waits[2][2])]
    assert any(ln.startswith("🃏 Durak") for ln in empty) and not any("⚠" in ln for ln in empty)


async def test_a_number_typed_with_no_buttons_up_says_it_is_not_your_turn() -> None:
    person = Person(lines=("q",))
    app = console(person)
    await app.play(Setup(game="durak"))
    await app._answer("1", [])
    assert person.text.endswith(t("en", "console.not_your_turn") + "\n")
    assert t("en", "console.bad_number", n=1, max=0) not in person.text


class AtTheEnd(Person):
    """A person who answers the question after a game's end from `answers` (then Enter: quit)."""

    def __init__(self, *answers: str) -> None:
        super().__init__(seed=4)
        self.answers = list(answers)
        self.ends = 0

    async def _line(self, timeout: float | None) -> str | None:
        if timeout is None and self.text.endswith(t("en", "console.after_end") + "\n> "):
            self.ends += 1
            return self.answers.pop(0) if self.answers else ""
        return await super()._line(timeout)


async def test_after_the_end_a_rematch_is_played_or_a_new_game_asked_for() -> None:
    person = AtTheEnd("1")
    app = console(person)
    assert await app.play(Setup(game="durak", preset="short")) == 0
    first = person.text.index("🏁")
    assert person.ends == 2 and "🏁" in person.text[first + 1 :]  # a second game played to its end
    assert person.text.count(t("en", "host.log.started")) == 2 and not app.new_game
    person = AtTheEnd("2")
    app = console(person)
    assert not await app._rematch() and app.new_game  # run_console shows the menu again


async def test_question_mark_shows_the_rules_of_the_game_at_hand() -> None:
    person = Person(lines=("?", "q"))
    app = console(person)
    await app.play(Setup(game="durak", options={"deck": "24"}))
    prompts = [at for timeout, at, _n in person.waits if timeout is None]
    shown = person.text[prompts[0] : prompts[1]]
    assert t("en", "durak.summary")[:60] in shown
    assert "Rozpysnyi" not in shown and "/new" not in shown
    assert "variant=perevodnoy" in shown and "schedule=" not in shown  # durak's own example, not poker's
    assert "python -m bot console durak" in shown
    assert t("en", "console.this_table", options="")[:10] in shown and "24" in shown


async def test_a_local_game_names_no_time_limit() -> None:
    person = Person(lines=("1", "q"))
    app = console(person)
    await app.play(Setup(game="durak"))
    assert "⏳ Waiting for" in person.text
    assert "per move" not in person.text and "hours" not in person.text


async def test_the_console_alone_moves_the_ai_each_after_a_wait_for_the_person() -> None:
    """Every AI move comes after the console waited `pace` for the person (no sweep races it), and at
    durak some of those waits have the person's buttons up: a window to throw in."""
    person = Person(seed=3)
    app = console(person, pace=0.5)
    await app.play(Setup(game="durak"))
    table = await table_of(app)
    ai_moves = [a for seat, a in await moves(app) if table.seats[seat].user is None]
    timed = [w for w in person.waits if w[0] == 0.5]
    assert ai_moves and len(ai_moves) <= len(timed)
    assert any(n for _timeout, _at, n in timed)  # the person could act while the AI was about to


async def test_a_line_typed_while_the_ai_is_about_to_move_is_taken_first() -> None:
    person = Person(seed=5)
    app = console(person, pace=0.5)
    seen: list[str] = []

    def quick(app: ConsoleApp) -> str | None:
        if app._buttons() and "typed" not in seen:
            seen.append("typed")
            return "1"
        return None

    run_due, command = app.host.run_due, app._command

    async def ai_move(*args, **kwargs) -> int:
        seen.append("ai")
        return await run_due(*args, **kwargs)

    async def person_move(cmd):
        seen.append(type(cmd).__name__)
        return await command(cmd)

    app.host.run_due, app._command = ai_move, person_move  # type: ignore[method-assign]
    person.during_ai = quick
    await app.play(Setup(game="durak"))
    assert "typed" in seen, "the person never had a chance to act while the AI was to move"
    i = seen.index("typed")
    assert seen[i + 1] == "Press"  # taken at once: the AI, about to move, had to wait for it


async def test_ctrl_d_quits_at_once() -> None:
    app = console(Person())
    app.keyboard = ScriptedKeyboard([])
    assert await app.play(Setup(game="durak")) == 0


async def test_a_bad_setup_is_one_line_and_exit_code_2() -> None:
    person = Person()
    app = console(person)
    assert await app.play(Setup(game="durak", preset="nosuch")) == 2
    assert person.text.strip().startswith("⚠ ") and len(person.text.strip().splitlines()) == 1


async def test_a_pbn_board_set_from_boards_file_and_a_malformed_one_refused(tmp_path) -> None:
    deal = "N:AKQ2.K32.A54.Q32 T98.QJT9.KJ2.J54 J76.A8.Q987.AK76 543.7654.T63.T98"
    path = tmp_path / "club.pbn"
    path.write_text(f'[Board "5"]\n[Deal "{deal}"]\n')
    from bot.__main__ import parser

    args = parser().parse_args(["console", "bridge", "--boards", str(path)])
    assert args.boards == str(path)
    person = Person(lines=("q",))
    app = console(person)
    await app.play(Setup(game="bridge", boards=path.read_text()))
    state = games.get("bridge").load((await table_of(app)).state)
    assert (state.board, state.dealer, state.options.boards) == (5, 0, 1)  # board 5: North deals
    person = Person()
    assert await console(person).play(Setup(game="bridge", boards="not a PBN file")) == 2
    assert person.text.strip() == "⚠ This file is not PBN, so no board set was started."


def test_ai_levels_by_number_count_from_the_weakest() -> None:
    durak, tricks = games.get("durak"), games.get("tricks")
    assert level_of(durak, "1") == "random" and level_of(durak, "3") == "search"
    assert level_of(tricks, "3") == tricks.bot_levels[-1]  # past the strongest: the strongest
    assert level_of(durak, None) == durak.default_bot and level_of(durak, "heuristic") == "heuristic"


def test_the_level_flag_is_named_level_and_the_old_ai_still_works() -> None:
    from bot.__main__ import parser

    assert parser().parse_args(["console", "--level", "2"]).ai == "2"
    assert parser().parse_args(["console", "--ai", "search"]).ai == "search"
    console_help = next(a for a in parser()._actions if a.choices and "console" in a.choices)  # subparsers
    assert "--level LEVEL, --ai LEVEL" in console_help.choices["console"].format_help()  # was --level AI


async def test_the_menu_sets_game_preset_options_opponents_level_and_language() -> None:
    out: list[str] = []
    answers = ["9", "2", "1", "2", "2", "deck=25", "deck=24", "", "3", "2", "4", "3", "5", "2", ""]
    menu = Menu(ScriptedKeyboard(answers), out.append, lambda e, lang: f"error {e.code}")
    setup = await menu.run(Setup())
    assert setup == Setup(
        game="durak", preset="perevodnoy", options={"deck": "24"}, opponents=2, level="search", lang="ru"
    )
    text = "".join(out)
    assert t("en", "console.bad_choice") in text and "error bad_option_value" in text
    assert "Язык: Русский" in text  # the menu speaks the language just chosen


async def test_the_menu_can_be_left() -> None:
    menu = Menu(ScriptedKeyboard(["2", "q"]), lambda _s: None, lambda e, lang: "")
    assert await menu.run(Setup()) is None
    assert await Menu(ScriptedKeyboard([]), lambda _s: None, lambda e, lang: "").run(Setup()) is None


async def test_picks_work_in_the_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose hand offers items to pick (toggle buttons) before the action built from them."""
    from tests.core.test_picks import PutGame

    games.all_games()
    monkeypatch.setitem(games._registry, "putdemo", PutGame())
    monkeypatch.setitem(games._by_name, "putdemo", games._registry["putdemo"])
    person = Person(seed=2)
    app = console(person)
    assert await app.play(Setup(game="putdemo")) == 0
    assert "🏁" in person.text
    assert "✓ " in person.text  # a picked item is shown as picked
    table = await table_of(app)
    mine = [a for seat, a in await moves(app) if table.seats[seat].user]
    assert mine and all(a.startswith("put:") for a in mine)


async def test_the_record_commands_print_stats_history_a_replay_and_save_the_sheet(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(tmp_path))
    person = Person(seed=3, lines=("/sheet", "/top"))
    app = console(person)
    assert await app.play(Setup(game="rozpysnyi", options={"schedule": "1"})) == 0
    text = person.text
    assert "📋 Score sheet picture:" in text and "Stats · Ann" in text and "1 game" in text
    sheets = list(tmp_path.glob("kozyr-*.png"))
    assert len(sheets) == 1 and sheets[0].read_bytes().startswith(b"\x89PNG")
    await app._scores("/history")
    assert "Last games" in person.text
    game_id = next(w for w in person.text.split() if w.startswith(f"{app.table_id}-")).rstrip(":")
    await app._scores(f"/replay {game_id} 1")
    assert "move 1 of" in person.text
