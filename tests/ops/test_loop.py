"""The worker's event loop (`bot/ops/loop.py`): uvloop's where it is installed, asyncio's where it is not."""

from __future__ import annotations

import asyncio
import sys

import pytest

from bot.ops import loop


async def running_loop() -> str:
    await asyncio.sleep(0)
    return type(asyncio.get_running_loop()).__module__


def test_a_worker_runs_on_uvloop() -> None:
    assert loop.run(running_loop()).startswith("uvloop")


def test_without_uvloop_a_worker_runs_on_asyncios_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # `import uvloop` raises ImportError
    assert loop.run(running_loop()).startswith("asyncio")
