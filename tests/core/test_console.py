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

    app = ConsoleApp(host, ask=ask, say=said.append)
    await app.run("tricks", opponents=3, options={"target": 2})
    assert app.finished
    text = "\n".join(said)
    assert "Winner" in text
    assert "⚠ You do not hold oops." in text  # "oops" was refused, the game went on


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
