"""The console front end plays a whole game through the host, with typed answers."""

from __future__ import annotations

from fakeredis import FakeAsyncRedis

from bot.console import ConsoleApp
from bot.core.config import Settings
from bot.core.host import Host
from storage import Store


async def test_a_console_game_runs_to_the_end() -> None:
    host = Host(Store(FakeAsyncRedis(decode_responses=True)), Settings(ai_delay=0))
    said: list[str] = []
    answers = iter(["oops", "1"] + ["1"] * 400)

    async def ask(prompt: str) -> str:
        said.append(prompt)
        return next(answers)

    app = ConsoleApp(host, ask=ask, say=said.append, name="Ann")
    await app.run("tricks", opponents=3, options={"target": 2})
    assert app.finished
    text = "\n".join(said)
    assert "Winner" in text
    assert "⚠ You do not hold oops." in text  # "oops" was refused, the game went on
    assert any("Waiting for Ann" in s for s in said)


async def test_the_console_prints_each_line_once_per_turn() -> None:
    """The log is a running commentary; the table and hand shown before a move do not repeat it."""
    host = Host(Store(FakeAsyncRedis(decode_responses=True)), Settings(ai_delay=0))
    said: list[str] = []
    answers = iter(["1", "q"])

    async def ask(prompt: str) -> str:
        said.append(prompt)
        return next(answers)

    app = ConsoleApp(host, ask=ask, say=said.append, name="Ann")
    await app.run("durak", opponents=1)
    before_first_move = "\n".join(said[: said.index("> ")]).splitlines()
    shown = [ln for ln in before_first_move if ln.strip()]
    assert len(shown) == len(set(shown)), shown
    assert any(ln.startswith("▶ Ann") or ln.startswith("   Ann") for ln in shown)  # named, not "You"


async def test_the_console_asks_for_the_game_and_opponents() -> None:
    host = Host(Store(FakeAsyncRedis(decode_responses=True)), Settings(ai_delay=0))
    said: list[str] = []
    answers = iter(["9", "1", "3", "q"])

    async def ask(prompt: str) -> str:
        said.append(prompt)
        return next(answers)

    app = ConsoleApp(host, ask=ask, say=said.append)
    await app.run()
    assert any("Which game?" in s for s in said)
    assert any("Please type one of the numbers shown." in s for s in said)
